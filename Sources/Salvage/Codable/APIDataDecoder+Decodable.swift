import Foundation

// Decoding Swift `Decodable` types through Salvage's parser, with every error collected.
extension APIDataDecoder {
    /// Decodes a Swift `Decodable` from UTF-8 JSON `data` through Salvage's parser and Codable bridge, with
    /// the strategies in ``APIDecodeOptions/codable``: the value, or nil and the errors with full paths and
    /// locations — a way to adopt Salvage without rewriting `Codable` models.
    ///
    /// ```swift
    /// var options = APIDecodeOptions()
    /// options.codable.keys = .convertFromSnakeCase
    /// let result = APIDataDecoder(options: options).decode(data: data, toDecodable: User.self)
    /// ```
    ///
    /// `Codable` stops at the first thrown error, so there is at most one error besides invalid JSON.
    public func decode<T: Decodable>(data: Data?, toDecodable type: T.Type) -> APIDecodeResult<T> {
        DecodeDriver.decodeSwift(input: .data(data ?? Data()), to: T.self, options: options)
    }

    /// Decodes a Swift `Decodable` from a JSON string; see ``decode(data:toDecodable:)``.
    public func decode<T: Decodable>(string: String, toDecodable type: T.Type) -> APIDecodeResult<T> {
        DecodeDriver.decodeSwift(input: .array(Array(string.utf8)), to: T.self, options: options)
    }
}

extension DecodeDriver {
    /// Decodes a Swift `Decodable` root through the Codable bridge.
    static func decodeSwift<T: Decodable>(input: InputBytes, to type: T.Type, options: APIDecodeOptions) -> APIDecodeResult<T> {
        parse(input, options: options, ifInvalid: { invalidJSONError($0, for: T.self, options: options, value: $1) }) { document in
            withRoot(of: document, rootNode: 0, rawInput: input, reportsLocations: true, options: options) {
                $0.decodeRequiredRoot(swiftDecodable: T.self)
            }
        }
    }
}

// A loss budget for a root array of `Decodable` elements, as for `APIDecodable` ones.
extension APIDataDecoder {
    /// Decodes a root array of Swift `Decodable` elements with a loss budget: under
    /// ``CodableRecovery/salvage`` (the default) elements that fail are dropped and their errors recorded;
    /// when more than `maxDropped` were, the value is nil and one more error at the root says how many of how
    /// many were dropped (code `loss_budget`), as ``decode(data:to:maxDropped:)`` does for `APIDecodable`
    /// elements. Under `.strict` the first failing element fails the whole array anyway.
    ///
    /// ```swift
    /// let result = APIDataDecoder().decode(data: data, toDecodable: [User].self, maxDropped: 2)
    /// ```
    public func decode<E: Decodable>(data: Data?, toDecodable type: [E].Type, maxDropped: Int) -> APIDecodeResult<[E]> {
        DecodeDriver.decodeSwiftArray(input: .data(data ?? Data()), of: E.self, maxDropped: maxDropped, maxDroppedFraction: nil, options: options)
    }

    /// Decodes a root array of Swift `Decodable` elements that fails when more than the fraction
    /// `maxDroppedFraction` (0…1) of them were dropped; see ``decode(data:toDecodable:maxDropped:)``.
    ///
    /// ```swift
    /// let result = APIDataDecoder().decode(data: data, toDecodable: [User].self, maxDroppedFraction: 0.05)
    /// ```
    public func decode<E: Decodable>(data: Data?, toDecodable type: [E].Type, maxDroppedFraction: Double) -> APIDecodeResult<[E]> {
        DecodeDriver.decodeSwiftArray(input: .data(data ?? Data()), of: E.self, maxDropped: nil, maxDroppedFraction: maxDroppedFraction,
                                      options: options)
    }
}

extension DecodeDriver {
    /// Decodes a Swift `Decodable` root array, then checks its loss budget.
    static func decodeSwiftArray<E: Decodable>(input: InputBytes, of element: E.Type, maxDropped: Int?, maxDroppedFraction: Double?,
                                               options: APIDecodeOptions) -> APIDecodeResult<[E]> {
        parse(input, options: options, ifInvalid: { invalidJSONError($0, for: [E].self, options: options, value: $1) }) { document in
            withRoot(of: document, rootNode: 0, rawInput: input, reportsLocations: true, options: options) { root -> [E]? in
                guard let elements = root.decodeRequired(swiftDecodable: [E].self) else { return nil }
                let total = root.count ?? elements.count
                guard let reason = APIDecoder.lossBudgetExceeded(dropped: total - elements.count, total: total, maxDropped: maxDropped,
                                                                 maxDroppedFraction: maxDroppedFraction) else { return elements }
                root.withContext { $0.record(reason, at: root, decoding: [E].self, severity: .failure) }
                return nil
            }
        }
    }
}
