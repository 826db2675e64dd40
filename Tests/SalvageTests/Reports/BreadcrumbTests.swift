import Foundation
import Salvage
import Testing

// Breadcrumb paths: type tags, record ids, and their JSON-path and tagged renderings.

/// A coding key, to compare `APICodingKey(codingKey:)` with a string key.
private enum ProbeKey: String, CodingKey {
    case object, array
}

private struct Employee: APIDecodable, Equatable {
    static var idKey: String? { "emp_id" }
    let name: String
    let salary: Int
    init(name: String, salary: Int) {
        self.name = name
        self.salary = salary
    }
    init?(from decoder: APIDecoder) {
        let name = decoder["name"] --> String.self
        let salary = decoder["salary"] --> Int.self
        guard decoder.succeeded, let name, let salary else { return nil }
        self.init(name: name, salary: salary)
    }
}

private struct Department: APIDecodable, Equatable {
    static var idKey: String? { "code" }
    let employees: [Employee]
    init(employees: [Employee]) { self.employees = employees }
    init?(from decoder: APIDecoder) {
        guard let employees = decoder["employees"] --> [Employee].self else { return nil }
        self.init(employees: employees)
    }
}

private struct Company: APIDecodable, Equatable {
    static var idKey: String? { "company_id" }
    let departments: [Department]
    let staffByName: [String: Employee]?
    init(departments: [Department], staffByName: [String: Employee]?) {
        self.departments = departments
        self.staffByName = staffByName
    }
    init?(from decoder: APIDecoder) {
        let departments = decoder["departments"] --> [Department].self
        let staff = decoder["staff"] --> [String: Employee]?.self
        guard decoder.succeeded, let departments else { return nil }
        self.init(departments: departments, staffByName: staff)
    }
}

private let companyJSON = """
{"company_id": "ACME", "departments": [
  {"code": "R&D", "employees": [{"emp_id": 1, "name": "Ann", "salary": 100}]},
  {"code": 42, "employees": [
    {"emp_id": 7, "name": "Bob", "salary": 200},
    {"emp_id": 1.50, "name": "Cy", "salary": "lots"}
  ]}
], "staff": {"bob": {"emp_id": -3e2, "name": "Bob", "salary": null}, "dee": {"name": "Dee", "salary": 1}}}
"""

@Suite struct BreadcrumbTests {
    @Test func errorThreeLevelsDeepShowsEveryEnclosingId() throws {
        let result = decodeJSON(companyJSON, as: Company.self)
        let company = try #require(result.value)
        #expect(company == Company(departments: [
            Department(employees: [Employee(name: "Ann", salary: 100)]),
            Department(employees: [Employee(name: "Bob", salary: 200)]),
        ], staffByName: ["dee": Employee(name: "Dee", salary: 1)]))
        try #require(result.errors.count == 2)

        let deep = result.errors[0]
        #expect(deep.description == #"root(Company company_id=ACME) > "departments"(Array<Department>) > [1](Department code=42) > "employees"(Array<Employee>) > [1](Employee emp_id=1.50) > "salary"(Int) : Unexpectedly found a string"#)
        #expect(deep.path.jsonPath == #"root["departments"][1]["employees"][1]["salary"]"#)
        #expect(deep.path.jsonPointer == "/departments/1/employees/1/salary")
        #expect(deep.reason == .unexpectedJSONType(actual: .string))
        #expect(deep.location == Salvage.SourceLocation(offset: 243, line: 5, column: 46))
        #expect(sourceText(companyJSON, at: deep.location, length: 6) == "\"lots\"")

        let inDictionary = result.errors[1]
        #expect(inDictionary.description == #"root(Company company_id=ACME) > "staff"(Dictionary<String, Employee>) > "bob"(Employee emp_id=-3e2) > "salary"(Int) : Unexpectedly found null"#)
        #expect(inDictionary.path.jsonPath == #"root["staff"]["bob"]["salary"]"#)
        #expect(sourceText(companyJSON, at: inDictionary.location, length: 4) == "null")
        #expect(inDictionary.location?.line == 7)
    }

    @Test func tagsCarryTheSwiftTypeOfEachStep() throws {
        let error = try #require(decodeJSON(companyJSON, as: Company.self).errors.first)
        let types = error.path.map { $0.swiftType.map { "\($0)" } }
        #expect(types == ["Company", "Array<Department>", "Department", "Array<Employee>", "Employee", "Int"])
        #expect(error.path.map(\.idKey) == ["company_id", nil, "code", nil, "emp_id", nil])
        #expect(error.path.map(\.id) == ["ACME", nil, "42", nil, "1.50", nil])
        #expect(error.path.map(\.stringValue) == ["root", "departments", "1", "employees", "1", "salary"])
        #expect(error.path.map(\.intValue) == [nil, nil, 1, nil, 1, nil])
        #expect(error.codingPath.map(\.stringValue) == ["departments", "1", "employees", "1", "salary"])
        #expect(error.codingKey.stringValue == "salary")
    }

    struct IdCase: Sendable, CustomTestStringConvertible {
        let idJSON: String
        let tag: String
        var testDescription: String { idJSON }
    }

    static let idCases: [IdCase] = [
        IdCase(idJSON: #""emp-9""#, tag: "(Employee emp_id=emp-9)"),
        IdCase(idJSON: #""with space""#, tag: "(Employee emp_id=with space)"),
        IdCase(idJSON: #""q\"x\u00e9""#, tag: #"(Employee emp_id=q"xé)"#),
        IdCase(idJSON: "12", tag: "(Employee emp_id=12)"),
        IdCase(idJSON: "1.0e3", tag: "(Employee emp_id=1.0e3)"),
        IdCase(idJSON: "true", tag: "(Employee emp_id=true)"),
        IdCase(idJSON: "null", tag: "(Employee emp_id=null)"),
        IdCase(idJSON: "[1]", tag: "(Employee)"),
        IdCase(idJSON: "{}", tag: "(Employee)"),
    ]

    @Test(arguments: idCases)
    func idRendering(_ testCase: IdCase) {
        let result = decodeJSON(#"{"emp_id": \#(testCase.idJSON), "name": "X"}"#, as: Employee.self)
        #expect(result.errors.map(\.description) == [#"root\#(testCase.tag) > "salary"(Int) : No value is present"#])
    }

    @Test func absentIdShowsTypeOnly() {
        let result = decodeJSON(#"{"name": "X"}"#, as: Employee.self)
        #expect(result.errors.map(\.description) == [#"root(Employee) > "salary"(Int) : No value is present"#])
    }

    @Test func idComesFromTheRecordEvenWhenTheIdFieldItselfIsWrong() {
        let result = decodeJSON(#"{"person_id": "abc", "first_name": "A", "last_name": "B"}"#, as: Person.self)
        #expect(result.value == nil)
        #expect(result.errors.map(\.description) == [#"root(Person person_id=abc) > "person_id"(Int) : Unexpectedly found a string"#])
    }

    @Test func passThroughStepsHaveNoTag() throws {
        let json = #"{"person_id": 8675309, "first_name": "Mary", "last_name": "Smith", "contact_info": {"phone_number": 5551212}}"#
        let result = decodeJSON(json, as: Person.self)
        #expect(result.value?.phoneNumber == nil)
        let error = try #require(result.errors.first)
        #expect(result.errors.count == 1)
        #expect(error.description == #"root(Person person_id=8675309) > "contact_info" > "phone_number"(String) : Unexpectedly found an integer"#)
        #expect(error.path.jsonPath == #"root["contact_info"]["phone_number"]"#)
        #expect(error.path.jsonPointer == "/contact_info/phone_number")
        #expect(error.path[1].swiftType == nil)
        #expect(error.path[2].swiftType.map { "\($0)" } == "String")
    }

    @Test func specialCharactersInKeys() throws {
        struct OddKeys: APIDecodable {
            init?(from decoder: APIDecoder) {
                _ = decoder["a/b~c"]["x y"][0] --> Int?.self
                _ = decoder["say \"hi\""]["back\\slash"] --> Int?.self
                _ = decoder[""]["~"] --> Int?.self
            }
        }
        let json = #"{"a/b~c": {"x y": ["z"]}, "say \"hi\"": {"back\\slash": "q"}, "": {"~": false}}"#
        let result = decodeJSON(json, as: OddKeys.self)
        try #require(result.errors.count == 3)
        #expect(result.errors.map(\.path.jsonPointer) == ["/a~1b~0c/x y/0", "/say \"hi\"/back\\slash", "//~0"])
        #expect(result.errors.map(\.path.jsonPath) == [#"root["a/b~c"]["x y"][0]"#, #"root["say \"hi\""]["back\\slash"]"#, #"root[""]["~"]"#])
        #expect(result.errors.map(\.description) == [
            #"root(OddKeys) > "a/b~c" > "x y" > [0](Int) : Unexpectedly found a string"#,
            #"root(OddKeys) > "say \"hi\"" > "back\\slash"(Int) : Unexpectedly found a string"#,
            #"root(OddKeys) > "" > "~"(Int) : Unexpectedly found a boolean"#,
        ])
    }

    @Test func handBuiltPathRenderings() {
        let path: [APICodingKey] = ["root", "items", 2, "a/b~c"]
        #expect(path.jsonPath == #"root["items"][2]["a/b~c"]"#)
        #expect(path.taggedJSONPath == #"root > "items" > [2] > "a/b~c""#)
        #expect(path.jsonPointer == "/items/2/a~1b~0c")
        let rootOnly: [APICodingKey] = ["root"]
        #expect(rootOnly.jsonPath == "root")
        #expect(rootOnly.jsonPointer == "")
        let empty: [APICodingKey] = []
        #expect(empty.jsonPath == "")
        #expect(empty.taggedJSONPath == "")
        var tagged = APICodingKey(hashKey: "user", swiftType: Int.self)
        #expect([APICodingKey("root"), tagged].taggedJSONPath == #"root > "user"(Int)"#)
        tagged.idKey = "uid"
        tagged.id = "u1"
        #expect([APICodingKey("root"), tagged].taggedJSONPath == #"root > "user"(Int uid=u1)"#)
        #expect(APICodingKey(arrayIndex: 4).description == "[4]")
        #expect(APICodingKey(hashKey: "k\"").description == #"["k\""]"#)
    }

    @Test func codingKeysCompareWithoutTags() {
        var tagged = APICodingKey(hashKey: "a", swiftType: Int.self)
        tagged.idKey = "id"
        tagged.id = "1"
        #expect(tagged == APICodingKey("a"))
        #expect(Set([tagged, APICodingKey("a")]).count == 1)
        #expect(APICodingKey("1") != APICodingKey(1))
        #expect(APICodingKey(codingKey: ProbeKey.array) == APICodingKey("array"))
        #expect(APICodingKey(codingKey: APICodingKey(arrayIndex: 3)) == APICodingKey(3))
        #expect(APICodingKey(stringValue: "x") == APICodingKey("x"))
        #expect(APICodingKey(intValue: 7) == APICodingKey(7))
    }
}
