import Foundation
import Testing

/// Rules on the library's own sources that a reviewer would otherwise check by hand: no force unwraps,
/// `try!` or `as!` anywhere input can reach, and raw memory only in the few types that own it. The suite
/// reads `Sources/Salvage` and fails, naming file and line, on a violation.
@Suite("Source hygiene")
struct SourceHygieneTests {
    /// The only files that may use pointers, raw memory or `unsafe` APIs, and why.
    static let unsafeAllowed: [String: String] = [
        "Parsing/ByteReader.swift": "the one reader of input bytes (parser, lazy strings and numbers, dates, locations)",
        "Parsing/InputBytes.swift": "borrows the caller's Data or [UInt8] in place and hands out a ByteReader",
        "Parsing/GrowableBuffer.swift": "the one growable buffer: the parser's tape and open containers, a decode's frames; frees its memory in deinit",
        "Runtime/DecodeLedger.swift": "keeps a decode's frames, errors and absent keys behind one pointer (no exclusivity checks)",
        "Decoding/RecordFileReading.swift": "reads a streamed file's chunk with read(2) straight into the window's next array (FileHandle reads 4 KiB a system call and copies the chunk twice)",
        "Decoding/RecordStreamBatchOrder.swift": "reverses a stream's batch of records through the buffer's pointer, which moves them (Array.reverse() copies and destroys)",
        "Parsing/ByteMasks.swift": "classifies sixteen input bytes into a bit mask: SSE2's pmovmskb from CSalvageRuntime on x86-64, the compare's lanes gathered through unsafeBitCast elsewhere",
        "Parsing/LineFeedCounting.swift": "reads 16-byte SIMD compare masks as lanes and words (unsafeBitCast) to count the line feeds before an error",
        "Document/ShortKeyComparing.swift": "compares a member key under eight bytes with two overlapping loads from each side",
        "Document/StringReading.swift": "makes Strings from UTF-8 the parser validated without validating it again (UTF8Span(unchecked:)), unescaping into a scratch buffer",
        "Shared/StringRepresentation.swift": "reads a String's two words (unsafeBitCast) to see whether two keys of a path table are the same representation",
        "Document/SmallStrings.swift": "builds Strings of up to 15 UTF-8 bytes in place (two words, moved out of memory as a String) after checking the standard library's layout once",
        "Codable/CheckedReinterpretation.swift": "returns a value as the generic type it was just checked to be",
        "Codable/KeyedContainerPool.swift": "hands a keyed container out again once only the pool holds its box (a reference count check through the box's one stored reference)",
        "Runtime/ContextSlot.swift": "decoders reach their context through never-freed slots, without retaining it; the one user of the CSalvageRuntime atomics",
        "Runtime/ElementWalk.swift": "an array's elements walked with the context checked once, as forEachElement borrows it (debug builds: no closure per element)",
        "Codable/EncodedKeySignature.swift": "fingerprints an object key from its UTF-8 storage (two 8-byte loads) to spot repeated keys cheaply",
        "Writing/JSONTextBuffer.swift": "the encoder's output: one malloc'd block written through reserved room, handed to Data without a copy; frees its memory in deinit",
        "Writing/JSONStringEscaping.swift": "escapes strings straight from their UTF-8 storage, eight bytes at a time, copying plain runs with one memcpy",
        "Writing/JSONTextWriter+FloatingPoint.swift": "copies the standard library's formatted digits of a Double from its stack buffer into room reserved in the text",
        "Codable/JSONStreamEncoder.swift": "keeps an encode's state behind one pointer (no exclusivity checks on every write)",
        "Runtime/StackGuard.swift": "reads the thread's stack bounds (and the frame address, from CSalvageRuntime) and runs a deep level on a helper thread's fresh stack",
    ]

    /// Words that mean pointers, raw memory or an opt-out of safety checks (the C atomics of
    /// `CSalvageRuntime` work on raw slot memory too).
    static let unsafeWords = ["Unsafe", "unsafe", "pointee", "baseAddress", "memcmp", "memcpy", ".allocate(", "Unmanaged",
                              "CSalvageRuntime", "salvage_slot_"]

    /// The only `@unchecked Sendable` types, and why each is safe to share.
    static let uncheckedSendableAllowed: [String: String] = [
        "Shared/APICodingKey.swift": "its one unchecked member is an immutable metatype",
        "Conversions/DateConversion.swift": "DateFormatterCache touches its formatters only under its lock",
        "Options/LockedDateFormatter.swift": "LockedDateFormatter touches its private copy of a formatter only under its lock",
        "Shared/PathTable.swift": "a PathTable is written only by the decode that fills it, and sealed before its errors leave that decode",
    ]

    /// The code of a line: without `//` comments and string literals' contents.
    static func code(of line: Substring) -> String {
        var result = ""
        var inString = false
        var previous: Character = " "
        for character in line {
            if !inString && character == "/" && previous == "/" {
                result.removeLast()
                break
            }
            if character == "\"" && previous != "\\" { inString.toggle(); result.append(character) }
            else if !inString { result.append(character) }
            previous = character
        }
        return result
    }

    /// Force unwraps (`x!`, `f()!`, `a[i]!`), `try!` and `as!` in `code`; implicitly unwrapped return
    /// types (`-> T!`, LastMile's operator results) are declarations, not unwraps.
    static func forcedOperations(in code: String) -> [String] {
        var found: [String] = []
        if code.contains("try!") { found.append("try!") }
        if code.contains("as!") { found.append("as!") }
        let characters = Array(code)
        for index in characters.indices where characters[index] == "!" && index > 0 {
            let before = characters[index - 1]
            let after = index + 1 < characters.count ? characters[index + 1] : " "
            guard before.isLetter || before.isNumber || before == "_" || before == ")" || before == "]" || before == "?" else { continue }
            if after == "=" { continue }
            if code.contains("try!") || code.contains("as!") { continue }
            let prefix = String(characters[..<index])
            if let arrow = prefix.range(of: "->", options: .backwards), !prefix[arrow.upperBound...].contains("{") { continue }
            found.append("postfix !")
        }
        return found
    }

    static func swiftFiles() throws -> [(path: String, lines: [Substring])] {
        let directory = packageRoot.appendingPathComponent("Sources/Salvage")
        return try FileManager.default.subpathsOfDirectory(atPath: directory.path).sorted().filter { $0.hasSuffix(".swift") }.map { file in
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            return (file, text.split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    @Test func noForceUnwrapsTryOrCastsInTheLibrary() throws {
        var violations: [String] = []
        let files = try Self.swiftFiles()
        #expect(files.count > 50, "found only \(files.count) files; are the sources where this test looks?")
        for (file, lines) in files {
            for (index, line) in lines.enumerated() {
                for operation in Self.forcedOperations(in: Self.code(of: line)) {
                    violations.append("Sources/Salvage/\(file):\(index + 1): \(operation): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(violations == [])
    }

    @Test func rawMemoryOnlyInTheTypesThatOwnIt() throws {
        var violations: [String] = []
        var usesPerAllowedFile: [String: Int] = [:]
        for (file, lines) in try Self.swiftFiles() {
            for (index, line) in lines.enumerated() {
                let code = Self.code(of: line)
                guard let word = Self.unsafeWords.first(where: { code.contains($0) }) else { continue }
                if Self.unsafeAllowed[file] != nil {
                    usesPerAllowedFile[file, default: 0] += 1
                } else {
                    violations.append("Sources/Salvage/\(file):\(index + 1): \(word): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(violations == [])
        // Every allowed file still needs its exemption; drop it from the list when it no longer does.
        #expect(Set(usesPerAllowedFile.keys) == Set(Self.unsafeAllowed.keys))
    }

    @Test func uncheckedSendableOnlyWhereReviewed() throws {
        var found: Set<String> = []
        for (file, lines) in try Self.swiftFiles() where lines.contains(where: { Self.code(of: $0).contains("@unchecked") }) {
            found.insert(file)
        }
        #expect(found == Set(Self.uncheckedSendableAllowed.keys))
    }

    @Test(arguments: [
        ("let x = value!", ["postfix !"]),
        ("let x = try! f()", ["try!"]),
        ("let x = y as! Int", ["as!"]),
        ("return items[0]!.name", ["postfix !"]),
        ("if a != b && !c { }", []),
        ("public func decodeRequired<E>(_ type: [E].Type) -> [E]! {", []),
        ("let text = \"Hello!\" // wow!", []),
    ])
    func theCheckSeesForcedOperations(line: String, expected: [String]) {
        #expect(Self.forcedOperations(in: Self.code(of: line[...])) == expected)
    }
}
