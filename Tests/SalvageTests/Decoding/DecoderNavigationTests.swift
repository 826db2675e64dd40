import Foundation
import Salvage
import Testing

// Where a decoder points after each kind of subscript (keys, indexes, coding keys; absent, null and
// scalar parents): presence, element, count, keys, location and paths. Subscripting records nothing.

extension DecoderNavigationTests {
    /// What a decoder says about one position.
    struct Observation: Equatable, Sendable, CustomStringConvertible {
        var isPresent: Bool
        var isJSONNull: Bool
        var element: JSONElement
        var count: Int?
        var keys: [String]
        var location: Salvage.SourceLocation?
        var jsonPath: String
        var taggedPath: String

        init(_ decoder: APIDecoder) {
            isPresent = decoder.isPresent
            isJSONNull = decoder.isJSONNull
            element = decoder.jsonElement
            count = decoder.count
            keys = decoder.keys
            location = decoder.location
            jsonPath = decoder.path.jsonPath
            taggedPath = decoder.path.taggedJSONPath
        }

        init(isPresent: Bool, isJSONNull: Bool = false, element: JSONElement, count: Int? = nil, keys: [String] = [],
             location: Salvage.SourceLocation?, jsonPath: String, taggedPath: String) {
            self.isPresent = isPresent
            self.isJSONNull = isJSONNull
            self.element = element
            self.count = count
            self.keys = keys
            self.location = location
            self.jsonPath = jsonPath
            self.taggedPath = taggedPath
        }

        var description: String { "\(jsonPath) \(element) present=\(isPresent) null=\(isJSONNull) count=\(count.map(String.init) ?? "nil") keys=\(keys) at \(location.map { "\($0)" } ?? "nil")" }
    }

    private enum ProbeKey: String, CodingKey {
        case object, array
    }

    /// Subscripts its decoder in many ways and keeps what it saw; decodes nothing.
    struct Probe: APIDecodable {
        let observations: [String: Observation]
        let succeeded: Bool

        init?(from decoder: APIDecoder) {
            var seen: [String: Observation] = [:]
            seen["root"] = Observation(decoder)
            seen["object"] = Observation(decoder["object"])
            seen["object.a"] = Observation(decoder["object"]["a"])
            seen["object.b"] = Observation(decoder["object"]["b"])
            seen["object.b[1]"] = Observation(decoder["object"]["b"][1])
            seen["object.b[5]"] = Observation(decoder["object"]["b"][5])
            seen["codingKey array"] = Observation(decoder[ProbeKey.array])
            seen["codingKey array[1]"] = Observation(decoder[ProbeKey.array][APICodingKey(arrayIndex: 1)])
            seen["array[2]"] = Observation(decoder["array"][2])
            seen["null"] = Observation(decoder["null"])
            seen["text"] = Observation(decoder["text"])
            seen["n"] = Observation(decoder["n"])
            seen["missing.deep[0]"] = Observation(decoder["missing"]["deep"][0])
            seen["text.sub"] = Observation(decoder["text"]["sub"])
            seen["object[0]"] = Observation(decoder["object"][0])
            seen["array.object"] = Observation(decoder["array"][ProbeKey.object])
            observations = seen
            succeeded = decoder.succeeded
        }
    }
}

/// Line 5 has a two-byte character before `"n"`, so its column (in scalars) and byte offset differ.
private let probeJSON = """
{
  "object": {"a": 1, "b": [true, null]},
  "array": [10, "x", 30],
  "null": null,
  "text": "héllo", "n": 5
}
"""

@Suite struct DecoderNavigationTests {
    @Test func subscriptsNeverRecordAnything() throws {
        let result = decodeJSON(probeJSON, as: Probe.self)
        #expect(result.errors.isEmpty)
        #expect(result.isClean)
        let probe = try #require(result.value)
        #expect(probe.succeeded)
        #expect(probe.observations.count == 16)
    }

    static let expectedObservations: [(String, Observation)] = [
        ("root", Observation(isPresent: true, element: .object, count: 5, keys: ["object", "array", "null", "text", "n"],
                               location: Salvage.SourceLocation(offset: 0, line: 1, column: 1), jsonPath: "root", taggedPath: "root(Probe)")),
        ("object", Observation(isPresent: true, element: .object, count: 2, keys: ["a", "b"],
                                 location: Salvage.SourceLocation(offset: 14, line: 2, column: 13), jsonPath: #"root["object"]"#, taggedPath: #"root(Probe) > "object""#)),
        ("object.a", Observation(isPresent: true, element: .integer,
                                   location: Salvage.SourceLocation(offset: 20, line: 2, column: 19), jsonPath: #"root["object"]["a"]"#, taggedPath: #"root(Probe) > "object" > "a""#)),
        ("object.b", Observation(isPresent: true, element: .array, count: 2,
                                   location: Salvage.SourceLocation(offset: 28, line: 2, column: 27), jsonPath: #"root["object"]["b"]"#, taggedPath: #"root(Probe) > "object" > "b""#)),
        ("object.b[1]", Observation(isPresent: true, isJSONNull: true, element: .null,
                                      location: Salvage.SourceLocation(offset: 35, line: 2, column: 34), jsonPath: #"root["object"]["b"][1]"#, taggedPath: #"root(Probe) > "object" > "b" > [1]"#)),
        ("object.b[5]", Observation(isPresent: false, element: .absent,
                                      location: nil, jsonPath: #"root["object"]["b"][5]"#, taggedPath: #"root(Probe) > "object" > "b" > [5]"#)),
        ("codingKey array", Observation(isPresent: true, element: .array, count: 3,
                                          location: Salvage.SourceLocation(offset: 54, line: 3, column: 12), jsonPath: #"root["array"]"#, taggedPath: #"root(Probe) > "array""#)),
        ("codingKey array[1]", Observation(isPresent: true, element: .string,
                                             location: Salvage.SourceLocation(offset: 59, line: 3, column: 17), jsonPath: #"root["array"][1]"#, taggedPath: #"root(Probe) > "array" > [1]"#)),
        ("array[2]", Observation(isPresent: true, element: .integer,
                                   location: Salvage.SourceLocation(offset: 64, line: 3, column: 22), jsonPath: #"root["array"][2]"#, taggedPath: #"root(Probe) > "array" > [2]"#)),
        ("null", Observation(isPresent: true, isJSONNull: true, element: .null,
                               location: Salvage.SourceLocation(offset: 79, line: 4, column: 11), jsonPath: #"root["null"]"#, taggedPath: #"root(Probe) > "null""#)),
        ("text", Observation(isPresent: true, element: .string,
                               location: Salvage.SourceLocation(offset: 95, line: 5, column: 11), jsonPath: #"root["text"]"#, taggedPath: #"root(Probe) > "text""#)),
        ("n", Observation(isPresent: true, element: .integer,
                            location: Salvage.SourceLocation(offset: 110, line: 5, column: 25), jsonPath: #"root["n"]"#, taggedPath: #"root(Probe) > "n""#)),
        ("missing.deep[0]", Observation(isPresent: false, element: .absent,
                                          location: nil, jsonPath: #"root["missing"]["deep"][0]"#, taggedPath: #"root(Probe) > "missing" > "deep" > [0]"#)),
        ("text.sub", Observation(isPresent: false, element: .absent,
                                   location: nil, jsonPath: #"root["text"]["sub"]"#, taggedPath: #"root(Probe) > "text" > "sub""#)),
        ("object[0]", Observation(isPresent: false, element: .absent,
                                    location: nil, jsonPath: #"root["object"][0]"#, taggedPath: #"root(Probe) > "object" > [0]"#)),
        ("array.object", Observation(isPresent: false, element: .absent,
                                       location: nil, jsonPath: #"root["array"]["object"]"#, taggedPath: #"root(Probe) > "array" > "object""#)),
    ]

    @Test(arguments: expectedObservations)
    func observationAtPosition(name: String, expected: Observation) throws {
        let probe = try #require(decodeJSON(probeJSON, as: Probe.self).value)
        #expect(probe.observations[name] == expected)
    }

    @Test func locationsPointAtTheValueText() throws {
        let probe = try #require(decodeJSON(probeJSON, as: Probe.self).value)
        #expect(sourceText(probeJSON, at: probe.observations["text"]?.location, length: 8) == "\"héllo\"")
        #expect(sourceText(probeJSON, at: probe.observations["n"]?.location, length: 1) == "5")
        #expect(sourceText(probeJSON, at: probe.observations["object.b[1]"]?.location, length: 4) == "null")
    }

    @Test func codingPathIsThePathWithoutRoot() throws {
        struct CodingPathProbe: APIDecodable {
            let keys: [String]
            let ints: [Int?]
            init?(from decoder: APIDecoder) {
                let path = decoder["a"][3]["b"].codingPath
                keys = path.map(\.stringValue)
                ints = path.map(\.intValue)
            }
        }
        let probe = try #require(decodeJSON("{}", as: CodingPathProbe.self).value)
        #expect(probe.keys == ["a", "3", "b"])
        #expect(probe.ints == [nil, 3, nil])
    }
}
