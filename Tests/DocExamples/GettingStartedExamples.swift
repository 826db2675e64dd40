// Every ```swift block of Docs/GettingStarted.md, in order, run with assertions on what it does.
// Fragments the guide writes "inside init?(from:)" run inside `decodeInModel`, whose closure is the
// body of a real model's `init?(from:)`; DocBlocksAreMirroredTests checks that the lines are the guide's.
import Foundation
import Testing
import Salvage

struct Repository {
    let id: Int
    let name: String
    let stars: Int?
}

extension Repository: APIDecodable {
    static var idKey: String? { "id" }           // shown in every error inside a repository

    init?(from decoder: APIDecoder) {
        guard let (id, name, stars) = decoder.all(
            decoder["id"] --> Int.self,                 // required
            decoder["name"] --> String.self,            // required
            .some(decoder["stars"] --> Int?.self)       // optional: absent or null binds as nil
        ) else { return nil }
        self.init(id: id, name: name, stars: stars)
    }
}

let result = APIDataDecoder().decode(data: responseData, to: Repository.self)

/// The response the guide's first example decodes: `stars` is not a number.
var responseData: Data { Data(#"{"id": 42, "name": "salvage", "stars": "many"}"#.utf8) }

/// The guide's examples, in its order (the suite is split where a block must be at file scope).
@Suite("GettingStarted.md") struct GettingStartedExamples {}

extension GettingStartedExamples {
    // MARK: 1. A model, 2. The result

    @Test func aModelAndItsResult() throws {
        // A bad optional value: nil and an error, but the model succeeds.
        let repository = try #require(result.value)
        #expect(repository.id == 42 && repository.name == "salvage" && repository.stars == nil)
        #expect(result.errors.map(\.description) == [#"root(Repository id=42) > "stars"(Int) : Unexpectedly found a string"#])
        #expect(result.errors.map(\.severity) == [.recovered])
        #expect(!result.isClean)
        #expect(try result.get().id == 42)

        // A missing required value: nil, an error, and the model fails; get() throws every error.
        let missing = APIDataDecoder().decode(string: #"{"id": 7, "stars": null}"#, to: Repository.self)
        #expect(missing.value == nil)
        #expect(missing.errors.map(\.description) == [#"root(Repository id=7) > "name"(String) : No value is present"#])
        #expect(throws: APIDecodeFailure(errors: missing.errors)) { try missing.get() }

        // Missing or null optionals are silent; a clean decode is clean.
        let clean = APIDataDecoder().decode(string: #"{"id": 1, "name": "a", "stars": null}"#, to: Repository.self)
        #expect(clean.isClean && clean.value?.stars == nil)

        // Subscripts never record anything; `-->` binds tighter than `??`.
        let subscripts = decodeInModel(#"{"stars": 5}"#) { (decoder: APIDecoder) -> Int in
            _ = decoder["nothing"]["here"][3]
            return decoder["stars"] --> Int?.self ?? 0
        }
        #expect(subscripts.value == 5 && subscripts.errors.isEmpty)
        let defaulted = decodeInModel(#"{}"#) { decoder in decoder["stars"] --> Int?.self ?? 0 }
        #expect(defaulted.value == 0 && defaulted.errors.isEmpty)
    }

    // MARK: 3. Nested models, arrays, dictionaries

    @Test func nestedModelsArraysAndDictionaries() throws {
        let fields: @Sendable (APIDecoder) -> (String, [String], [String: Int]?, String?, [String], String?)? = { decoder in
            struct Owner: APIDecodable {
                let login: String
                init?(from decoder: APIDecoder) {
                    guard let login = decoder["login"] --> String.self else { return nil }
                    self.login = login
                }
            }

            // inside Repository.init?(from:)
            let owner    = decoder["owner"] --> Owner.self            // a required nested model
            let topics   = decoder["topics"] --> [String].self        // an array
            let labels   = decoder["labels"] --> [String: Int]?.self  // an optional dictionary
            let city     = decoder["owner"]["address"]["city"] --> String?.self  // reach through objects
            let owners   = decoder["owners"] --> [Owner].self
            let backup   = decoder["backup"] --> Owner?.self
            guard decoder.succeeded else { return nil }
            return (owner!.login, topics!, labels, city, owners!.map(\.login), backup?.login)
        }
        let input = """
        {"owner": {"login": "ada", "address": {"city": "London"}},
         "topics": ["json", 7, "swift"],
         "labels": {"bug": 3, "help": "wanted"},
         "owners": [{"login": "a"}, {}, true, {"login": "d"}]}
        """
        let result = decodeInModel(input, fields)
        let value = try #require(result.value)
        #expect(value.0 == "ada")
        #expect(value.1 == ["json", "swift"])
        #expect(value.2 == ["bug": 3])
        #expect(value.3 == "London")
        #expect(value.4 == ["a", "d"])
        #expect(value.5 == nil)
        // Lossy collections: bad elements dropped and reported at their index or key; `true` where an
        // Owner was expected is reported once, at the element.
        #expect(result.errors.map(\.description) == [
            #"root(DocModel) > "topics"(Array<String>) > [1](String) : Unexpectedly found an integer"#,
            #"root(DocModel) > "labels"(Dictionary<String, Int>) > "help"(Int) : Unexpectedly found a string"#,
            #"root(DocModel) > "owners"(Array<Owner>) > [1](Owner) > "login"(String) : No value is present"#,
            #"root(DocModel) > "owners"(Array<Owner>) > [2](Owner) : Unexpectedly found a boolean"#,
        ])

        // A nested optional model that fails is nil and reported; the parent lives on.
        let optional = decodeInModel(#"{"owner": {"login": "ada"}, "topics": [], "owners": [], "backup": {}}"#, fields)
        #expect(optional.value?.0 == "ada" && optional.value?.5 == nil)
        #expect(optional.errors.map(\.description) == [#"root(DocModel) > "backup"(Owner) > "login"(String) : No value is present"#])
        // A nested required model that fails fails its parent too.
        let required = decodeInModel(#"{"owner": {"name": "ada"}, "topics": [], "owners": []}"#, fields)
        #expect(required.value == nil)
        #expect(required.errors.map(\.description) == [#"root(DocModel) > "owner"(Owner) > "login"(String) : No value is present"#])
    }

    @Test func countLimited() throws {
        let input = """
        {"corners": [{"x": 0, "y": 0}, {"x": 1, "y": 0}, {"x": 1}, {"x": 0, "y": 1}],
         "tags": ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]}
        """
        let result = decodeInModel(input) { (decoder: APIDecoder) -> ([[Int]], [String]?)? in
            struct Point: APIDecodable {
                let x: Int, y: Int
                init?(from decoder: APIDecoder) {
                    let x = decoder["x"] --> Int.self
                    let y = decoder["y"] --> Int.self
                    guard decoder.succeeded else { return nil }
                    self.x = x!
                    self.y = y!
                }
            }
            let corners = decoder["corners"] --> CountLimited<[Point]>(exactly: 4)
            let tags    = decoder["tags"] --> CountLimited<[String]?>(max: 10, isMandatory: true)
            guard decoder.succeeded else { return nil }
            return (corners!.map { [$0.x, $0.y] }, tags)
        }
        // Counted after the bad element is dropped; without isMandatory the violation keeps the value.
        let value = try #require(result.value)
        #expect(value.0 == [[0, 0], [1, 0], [0, 1]])
        #expect(value.1 == nil)
        #expect(result.errors.map(\.description) == [
            #"root(DocModel) > "corners"(Array<Point>) > [2](Point) > "y"(Int) : No value is present"#,
            #"root(DocModel) > "corners"(Array<Point>) : Count not exact: expected 4, actual 3"#,
            #"root(DocModel) > "tags"(Array<String>) : Count above max: max 10, actual 11"#,
        ])
    }

    @Test func lossBudgetsAndOptionalElements() throws {
        let lists: @Sendable (APIDecoder) -> ([String], Int?, [Int?])? = { decoder in
            struct Item: APIDecodable {
                let sku: String
                init?(from decoder: APIDecoder) {
                    guard let sku = decoder["sku"] --> String.self else { return nil }
                    self.sku = sku
                }
            }
            struct Row: APIDecodable {
                let n: Int
                init?(from decoder: APIDecoder) {
                    guard let n = decoder["n"] --> Int.self else { return nil }
                    self.n = n
                }
            }
            let items  = decoder["items"].decodeRequired([Item].self, maxDropped: 2)
            let rows   = decoder["rows"].decodeOptional([Row].self, maxDroppedFraction: 0.05)
            let scores = decoder["scores"] --> [Int?].self      // [1, null, 3] → [1, nil, 3]
            guard decoder.succeeded else { return nil }
            return (items!.map(\.sku), rows?.count, scores!)
        }
        func json(items good: Int, _ bad: Int, rows goodRows: Int, _ badRows: Int) -> String {
            let items = Array(repeating: #"{"sku": "A"}"#, count: good) + Array(repeating: #"{"sku": 1}"#, count: bad)
            let rows = Array(repeating: #"{"n": 1}"#, count: goodRows) + Array(repeating: #"{"n": "x"}"#, count: badRows)
            return #"{"items": [\#(items.joined(separator: ","))], "rows": [\#(rows.joined(separator: ","))], "scores": [1, null, 3]}"#
        }

        // Within budget: the bad elements are dropped and reported, [Int?] keeps nulls.
        let within = decodeInModel(json(items: 18, 2, rows: 19, 1), lists)
        let value = try #require(within.value)
        #expect(value.0.count == 18 && value.1 == 19)
        #expect(value.2 == [1, nil, 3])
        #expect(within.errors.map(\.code) == ["type_mismatch", "type_mismatch", "type_mismatch"])

        // Over budget: the required array is nil (the model fails), the optional one nil and reported.
        let over = decodeInModel(json(items: 13, 7, rows: 18, 2), lists)
        #expect(over.value == nil)
        let budgets = over.errors.filter { $0.code == "loss_budget" }.map(\.description)
        #expect(budgets == [
            #"root(DocModel) > "items"(Array<Item>) : Dropped 7 of 20 elements, more than the 2 allowed"#,
            #"root(DocModel) > "rows"(Array<Row>) : Dropped 2 of 20 elements, more than the 5% allowed"#,
        ])
        #expect(over.errors.count == 7 + 1 + 2 + 1)
    }

    @Test func replacingFailedElements() throws {
        let result = decodeInModel(#"{"cells": [{"text": "a"}, {"text": 2}, {"text": "c"}]}"#) { (decoder: APIDecoder) -> [String]? in
            struct Cell: APIDecodable, Equatable {
                static var empty: Cell { Cell(text: "") }
                let text: String
                init(text: String) { self.text = text }
                init?(from decoder: APIDecoder) {
                    guard let text = decoder["text"] --> String.self else { return nil }
                    self.text = text
                }
            }
            let cells = decoder["cells"].decodeRequired([Cell].self, replacingFailuresWith: .empty)
            return cells?.map(\.text)
        }
        #expect(result.value == ["a", "", "c"])
        #expect(result.errors.map(\.description) == [#"root(DocModel) > "cells"(Array<Cell>) > [1](Cell) > "text"(String) : Unexpectedly found an integer"#])
    }

    // MARK: 4. Paths, renamed fields and defaults

    @Test func paths() throws {
        let input = """
        {"contact_info": {"phone_number": "555-1212"}, "items": [{"name": "pen"}],
         "version.major": {"value": 6}, "version": {"major": {"value": 5}}}
        """
        let result = decodeInModel(input) { (decoder: APIDecoder) -> (String?, String, Int, Int?)? in
            let phone = decoder[path: "contact_info.phone_number"] --> String?.self
            let first = decoder[path: "items.0.name"] --> String.self
            let major = decoder[path: ["version.major", "value"]] --> Int.self    // the key "version.major"
            guard decoder.succeeded else { return nil }
            return (phone, first!, major!, decoder[path: "version.major.value"] --> Int.self)
        }
        let value = try #require(result.value)
        #expect(value.0 == "555-1212" && value.1 == "pen" && value.2 == 6 && value.3 == 5)
        #expect(result.errors.isEmpty)
        let escaped = decodeInModel(input) { decoder in decoder[path: #"version\.major.value"#] --> Int.self }
        #expect(escaped.value == 6)
    }

    @Test func everyMemberOfAnObject() throws {
        let result = decodeInModel(#"{"counts": {"a": "x", "wb": 2}}"#) { (decoder: APIDecoder) -> ([Int], Int?, [Int], [String], [String])? in
            let counts = decoder["counts"].allValues.compactMap { $0 --> Int?.self }   // bad values: nil + error
            let third  = decoder["counts"].allValues[2] --> Int?.self          // past the end: no value
            let wanted = decoder["counts"].values(where: { $0.hasPrefix("w") }).compactMap { $0 --> Int?.self }
            let keys   = decoder["counts"].keys(where: { $0.count == 1 })        // also: allKeys
            return (counts, third, wanted, keys, decoder["counts"].allKeys)
        }
        let value = try #require(result.value)
        #expect(value.0 == [2])
        #expect(value.1 == nil)
        #expect(value.2 == [2])
        #expect(value.3 == ["a"])
        #expect(value.4 == ["a", "wb"])
        // The bad value is reported at its concrete key; past the end of an optional: nothing.
        #expect(result.errors.map(\.description) == [#"root(DocModel) > "counts" > "a"(Int) : Unexpectedly found a string"#])

        // With `--> Int.self` one bad value fails the whole model.
        let strict = decodeInModel(#"{"counts": {"a": "x", "wb": 2}}"#) { (decoder: APIDecoder) -> [Int]? in
            let counts = decoder["counts"].allValues.compactMap { $0 --> Int.self }
            return decoder.succeeded ? counts : nil
        }
        #expect(strict.value == nil)
    }

    @Test func renamedFields() throws {
        let renamed: @Sendable (APIDecoder) -> String? = { decoder in
            let name = decoder[firstOf: "full_name", "name", "first_name"] --> String.self
            return name
        }
        let present = decodeInModel(#"{"name": "Ada", "first_name": "A"}"#, renamed)
        #expect(present.value == "Ada" && present.errors.isEmpty)
        let none = decodeInModel(#"{"nickname": "Ada"}"#, renamed)
        #expect(none.value == nil)
        #expect(none.errors.map(\.reason.description) == [#"No value is present under any of "full_name", "name", "first_name""#])
        let wrong = decodeInModel(#"{"name": 5, "first_name": "A"}"#, renamed)
        #expect(wrong.value == nil)
        #expect(wrong.errors.map(\.description) == [#"root(DocModel) > "name"(String) : Unexpectedly found an integer"#])
    }

    @Test func defaults() throws {
        let settings: @Sendable (APIDecoder) -> [Int]? = { decoder in
            let retries = decoder["retries"].decode(Int.self, default: 3)                   // missing or null
            let limit   = decoder["limit"].decode(Int.self, default: 100, when: .missingNullOrInvalid)    // also when invalid
            let page    = decoder["page"].decode(Int.self, default: 1, when: .missing)      // null is an error
            return decoder.succeeded ? [retries, limit, page] : nil
        }
        // Missing or null: silent; invalid with .missingNullOrInvalid: the default, and the error stays.
        let used = decodeInModel(#"{"retries": null, "limit": "ten"}"#, settings)
        #expect(used.value == [3, 100, 1])
        #expect(used.errors.map(\.description) == [#"root(DocModel) > "limit"(Int) : Unexpectedly found a string"#])
        #expect(used.errors.map(\.severity) == [.recovered])
        // A situation the policy does not name: the error is recorded and the model fails.
        let nullPage = decodeInModel(#"{"page": null}"#, settings)
        #expect(nullPage.value == nil)
        #expect(nullPage.errors.map(\.description) == [#"root(DocModel) > "page"(Int) : Unexpectedly found null (a default exists for missing values)"#])
        #expect(nullPage.errors.map(\.severity) == [.failure])
        let invalidRetries = decodeInModel(#"{"retries": "x"}"#, settings)
        #expect(invalidRetries.value == nil)
        // reportsUsedDefaults records a defaultUsed entry for each missing or null value it covered.
        var options = APIDecodeOptions()
        options.reportsUsedDefaults = true
        let reported = decodeInModel(#"{"retries": null}"#, using: APIDataDecoder(options: options), settings)
        #expect(reported.value == [3, 100, 1])
        #expect(reported.errors.map(\.description) == [
            #"root(DocModel) > "retries"(Int) : Unexpectedly found null; the default was used"#,
            #"root(DocModel) > "limit"(Int) : No value is present; the default was used"#,
            #"root(DocModel) > "page"(Int) : No value is present; the default was used"#,
        ])
        #expect(reported.errors.allSatisfy { $0.severity == .info && $0.code == "default_used" })
    }

    // MARK: 5. Transforms

    @Test func transforms() throws {
        let transformed: @Sendable (APIDecoder) -> (Int, UInt16?)? = { decoder in
            let id   = decoder["id"].decodeRequired(String.self) { Int($0) }          // "100" → 100
            let port = decoder["port"].decodeOptional(String.self) { UInt16($0) }
            guard decoder.succeeded else { return nil }
            return (id!, port)
        }
        let good = decodeInModel(#"{"id": "100", "port": "8080"}"#, transformed)
        #expect(good.value?.0 == 100 && good.value?.1 == 8080 && good.errors.isEmpty)
        let bad = decodeInModel(#"{"id": "1e2", "port": "99999"}"#, transformed)
        #expect(bad.value == nil)
        #expect(bad.errors.map(\.description) == [
            #"root(DocModel) > "id"(Int) : Cannot read "1e2" as Int: expected a value the transform accepts"#,
            #"root(DocModel) > "port"(UInt16) : Cannot read "99999" as UInt16: expected a value the transform accepts"#,
        ])
    }
}
