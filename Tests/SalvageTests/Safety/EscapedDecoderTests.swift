import Salvage
import Testing

/// A model that (wrongly) keeps its decoder after decoding.
private final class Keeper: APIDecodable {
    let name: String
    let kept: APIDecoder
    let keptMember: APIDecoder
    let keptMissing: APIDecoder
    init?(from decoder: APIDecoder) {
        guard let name = decoder["name"] --> String.self else { return nil }
        self.name = name
        kept = decoder
        keptMember = decoder["name"]
        keptMissing = decoder["missing"]["deeper"]
    }
}

/// Decoders are only valid during the decode; one kept afterwards sees no value, decodes nothing and
/// records nothing — it never reads the (no longer borrowed) input.
@Test func aDecoderKeptAfterTheDecodeIsInert() throws {
    let result = APIDataDecoder().decode(string: #"{"name": "Ada", "list": [1, 2], "n": 7}"#, to: Keeper.self)
    let keeper = try #require(result.value)
    #expect(keeper.name == "Ada")
    let kept = keeper.kept
    #expect(kept.isPresent == false)
    #expect(kept["name"].isPresent == false)
    #expect(kept["list"][0].jsonElement == .absent)
    #expect((kept["name"] --> String?.self) == nil)
    #expect((kept["n"] --> Int.self) == nil)
    #expect((kept["list"] --> [Int]?.self) == nil)
    #expect((kept --> JSONValue?.self) == nil)
    #expect(kept.decodeOptional(swiftDecodable: [Int].self) == nil)
    #expect(kept.path == [])
    #expect(kept.count == nil)
    #expect(kept.keys == [])
    kept["name"].recordError(message: "too late")
    // Decoders reached by a key, present or not, must not read the released input either.
    #expect(keeper.keptMember["x"].isPresent == false)
    #expect(keeper.keptMember[0].path == [])
    #expect(keeper.keptMissing["more"].path == [])
    #expect((keeper.keptMember --> String?.self) == nil)
    #expect(result.errors == [])
}

/// Keeps the decoder of its first decode; its second decode (which reuses the first one's context slot)
/// checks that the kept decoder sees nothing of the new document and records nothing into it.
private final class SlotReuser: APIDecodable {
    nonisolated(unsafe) static var kept: APIDecoder?
    let name: String
    let keptSawName: Bool
    let keptDecodedName: String?
    init?(from decoder: APIDecoder) {
        guard let name = decoder["name"] --> String.self else { return nil }
        self.name = name
        if let kept = SlotReuser.kept {
            keptSawName = kept["name"].isPresent
            keptDecodedName = kept["name"] --> String?.self
            kept["name"].recordError(message: "from a finished decode")
            _ = kept["missing"] --> Int.self
        } else {
            keptSawName = false
            keptDecodedName = nil
            SlotReuser.kept = decoder
        }
    }
}

@Test func aKeptDecoderIsInertWhileALaterDecodeRuns() throws {
    let decoder = APIDataDecoder()
    let first = decoder.decode(string: #"{"name": "first"}"#, to: SlotReuser.self)
    #expect(first.value?.name == "first")
    // Same thread, nothing decoding in between: the second decode takes the slot the first one gave back.
    let second = decoder.decode(string: #"{"name": "second"}"#, to: SlotReuser.self)
    let value = try #require(second.value)
    #expect(value.name == "second")
    #expect(value.keptSawName == false)
    #expect(value.keptDecodedName == nil)
    #expect(second.errors == [])
}

/// Decodes another document in the middle of its own decode, then goes on with its own decoder.
private struct NestedDecodes: APIDecodable {
    let inner: [Int]
    let outer: String
    let innerErrors: Int
    init?(from decoder: APIDecoder) {
        let before = decoder["first"] --> String.self
        let nested = APIDataDecoder().decode(string: #"[1, "x", 3]"#, to: [Int].self)
        guard let inner = nested.value, let after = decoder["second"] --> String.self, let before else { return nil }
        self.inner = inner
        self.outer = before + after
        self.innerErrors = nested.errors.count
    }
}

@Test func aDecodeInsideADecodeLeavesTheOuterDecodersWorking() throws {
    let result = APIDataDecoder().decode(string: #"{"first": "a", "second": "b", "third": true}"#, to: NestedDecodes.self)
    let value = try #require(result.value)
    #expect(value.inner == [1, 3])
    #expect(value.innerErrors == 1)
    #expect(value.outer == "ab")
    #expect(result.errors == [])
}

/// Keeps the decoder of its friends and, in the next person of the same decode, decodes through it again:
/// a (wrong) re-entrant decode of an earlier part of the document, inside a later model.
private struct ReentrantPerson: APIDecodable {
    nonisolated(unsafe) static var kept: APIDecoder?
    /// How many times `init?(from:)` ran: the work a decode did.
    nonisolated(unsafe) static var inits = 0
    let id: Int
    init?(from decoder: APIDecoder) {
        ReentrantPerson.inits += 1
        let id = decoder["id"] --> Int.self
        _ = decoder["name"] --> String.self
        _ = decoder["friends"] --> [ReentrantPerson]?.self
        if let kept = ReentrantPerson.kept {
            _ = kept --> [ReentrantPerson]?.self
        }
        ReentrantPerson.kept = decoder["friends"]
        guard decoder.succeeded, let id else { return nil }
        self.id = id
    }
}

/// Found by the fuzzer: such a model decodes itself again and again (the kept decoder points at an
/// enclosing array), which overflowed the stack; bounding the frames stopped the overflow, but every round
/// branched (each person decodes its friends and the kept array), so the 78-byte input took 20 seconds under
/// AddressSanitizer and one 1.5 KB long never ended. A decoder used after the model it was given to has
/// returned now decodes nothing more (one error says so), and a value already being decoded as the same
/// type is not decoded again inside itself.
@Suite(.serialized) struct ReentrantKeptDecoderTests {
    static let seed = #"{"id": 0, "name": "a", "friends": [{ "friends": [{"iid": 3}]}, 7, null, ""]}"#

    @Test func aKeptDecoderUsedAfterItsModelReturnedDecodesNothingMore() throws {
        ReentrantPerson.kept = nil
        ReentrantPerson.inits = 0
        let result = APIDataDecoder().decode(string: Self.seed, to: ReentrantPerson.self)
        #expect(result.value?.id == 0)
        // The kept decoder of the first friend's friends is used by the person around it after the friend's
        // model returned: it decodes nothing more, and one error says so.
        let person = #"root(ReentrantPerson) > "friends"(Array<ReentrantPerson>)"#
        // A typed constant: inside `#expect`, this array of interpolated strings took 130-150 ms to type-check.
        let expected: [String] = [
            #"\#(person) > [0](ReentrantPerson) > "id"(Int) : No value is present"#,
            #"\#(person) > [0](ReentrantPerson) > "name"(String) : No value is present"#,
            #"\#(person) > [0](ReentrantPerson) > "friends"(Array<ReentrantPerson>) > [0](ReentrantPerson) > "id"(Int) : No value is present"#,
            #"\#(person) > [0](ReentrantPerson) > "friends"(Array<ReentrantPerson>) > [0](ReentrantPerson) > "name"(String) : No value is present"#,
            #"\#(person) > [1](ReentrantPerson) : Unexpectedly found an integer"#,
            #"\#(person) > [0] > "friends"(Array<ReentrantPerson>) : Array<ReentrantPerson> was not decoded: its decoder was kept after the init(from:) it was given to had returned"#,
            #"\#(person) > [2](ReentrantPerson) : Unexpectedly found null"#,
            #"\#(person) > [3](ReentrantPerson) : Unexpectedly found a string"#,
        ]
        #expect(result.errors.map(\.description) == expected)
        #expect(ReentrantPerson.inits == 5)
        #expect(result.errors.allSatisfy { $0.path.first?.stringValue == "root" })
    }

    /// A person nested 100 levels deep through `friends`, then the seed: the work stays proportional to the
    /// document (it never ended before).
    @Test func deepNestingBeforeTheReentryStaysLinear() throws {
        ReentrantPerson.kept = nil
        ReentrantPerson.inits = 0
        let deep = String(repeating: #"{"id": 1, "name": "n", "friends": ["#, count: 100) + Self.seed + String(repeating: "]}", count: 100)
        let result = APIDataDecoder().decode(string: "[" + deep + "]", to: [ReentrantPerson].self)
        #expect(result.value?.count == 1)
        // 100 nested persons plus the seed's five inits: each person is decoded once.
        #expect(ReentrantPerson.inits == 105)
    }
}

/// A model that (wrongly) keeps its decoder, to use it later from other tasks.
private struct KeptForATask: APIDecodable {
    let id: Int
    let decoder: APIDecoder
    init?(from decoder: APIDecoder) {
        guard let id = decoder["id"] --> Int.self else { return nil }
        self.id = id
        self.decoder = decoder
    }
}

/// What the decodes running beside the kept decoders read: the members a live kept decoder would find.
private struct SlotTenant: APIDecodable {
    let id: Int
    let x: Int
    init?(from decoder: APIDecoder) {
        let id = decoder["id"] --> Int.self
        let x = decoder["x"] --> Int.self
        guard decoder.succeeded, let id, let x else { return nil }
        self.id = id
        self.x = x
    }
}

/// Swift 6 lets a model holding a decoder be sent to another task (the decode result is a disconnected
/// value), with no unsafe construct. The kept decoder then reads its context slot's generation on that
/// task while decodes on this one lease the same slot: it must stay inert, and the sanitizer run
/// (`swift test --sanitize=thread`, see Docs/Contributing.md) must find no data race between the two.
@Suite struct KeptDecoderAcrossTasksTests {
    static let taskCount = 4
    static let minimumRounds = 100
    static let maximumRounds = 1_000_000
    static let decodes = 1_000
    /// What one round of an inert kept decoder answers: no `x`, no required `x`, not present, no count.
    static let inert = "nil nil false nil"

    /// Says it started, then uses `kept` at least `minimumRounds` times and on until its task is cancelled
    /// (at most `maximumRounds`), yielding now and then so that a cooperative pool of two threads still runs
    /// the test. Answers the distinct outcomes of a round and how many rounds ran; records an error nowhere.
    static func useKept(_ kept: APIDecoder, started: AsyncStream<Void>.Continuation) async -> (answers: Set<String>, rounds: Int) {
        started.yield()
        var answers: Set<String> = []
        var rounds = 0
        while rounds < minimumRounds || (!Task.isCancelled && rounds < maximumRounds) {
            let x = kept["x"] --> Int?.self
            let required = kept["x"] --> Int.self
            let present = kept["id"].isPresent
            kept["x"].recordError(message: "from another task")
            answers.insert("\(x.map(String.init) ?? "nil") \(required.map(String.init) ?? "nil") \(present) \(kept.count.map(String.init) ?? "nil")")
            rounds += 1
            if rounds % 16 == 0 { await Task.yield() }
        }
        return (answers, rounds)
    }

    /// Many decodes on this task, each leasing a slot the kept decoders' decodes gave back (the pool hands
    /// out the slot freed last). Answers every decode whose value or errors are not exactly right.
    static func decodeTenants() -> [String] {
        let decoder = APIDataDecoder()
        var problems: [String] = []
        for index in 0 ..< decodes {
            let result = decoder.decode(string: #"{"id": \#(index), "x": \#(index * 2)}"#, to: SlotTenant.self)
            if result.value?.id != index || result.value?.x != index * 2 || !result.errors.isEmpty {
                problems.append("decode \(index): \(String(describing: result.value)) \(result.errors.map(\.description))")
            }
        }
        return problems
    }

    @Test func aKeptDecoderSentToADetachedTaskIsInertWhileDecodesReuseItsSlot() async throws {
        let result = APIDataDecoder().decode(string: #"{"id": 1, "x": 2}"#, to: KeptForATask.self)
        #expect(result.errors == [])
        guard let keeper = result.value else {
            Issue.record("no value")
            return
        }
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        let task = Task.detached { await Self.useKept(keeper.decoder, started: starting) }
        // Decode only once the kept decoder is in use on the other task, so that the two overlap.
        for await _ in started { break }
        let problems = Self.decodeTenants()
        task.cancel()
        let outcome = await task.value
        #expect(problems == [])
        #expect(outcome.answers == [Self.inert])
        #expect(outcome.rounds >= Self.minimumRounds)
    }

    @Test func keptDecodersOnSeveralTasksAreInertWhileDecodesReuseTheirSlots() async throws {
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        var tasks: [Task<(answers: Set<String>, rounds: Int), Never>] = []
        for index in 0 ..< Self.taskCount {
            let result = APIDataDecoder().decode(string: #"{"id": \#(index), "x": 2}"#, to: KeptForATask.self)
            #expect(result.value?.id == index)
            #expect(result.errors == [])
            guard let keeper = result.value else { continue }
            tasks.append(Task.detached { await Self.useKept(keeper.decoder, started: starting) })
        }
        var running = 0
        for await _ in started {
            running += 1
            if running == tasks.count { break }
        }
        let problems = Self.decodeTenants()
        for task in tasks { task.cancel() }
        var outcomes: [(answers: Set<String>, rounds: Int)] = []
        for task in tasks { outcomes.append(await task.value) }
        #expect(problems == [])
        #expect(outcomes.map(\.answers) == Array(repeating: [Self.inert], count: Self.taskCount))
        #expect(outcomes.allSatisfy { $0.rounds >= Self.minimumRounds })
    }
}
