import Foundation

/// A loss budget for a list endpoint: a root array whose elements are dropped when they fail, with a limit
/// on how many may be lost before the response as a whole counts as broken.
extension APIDataDecoder {
    /// Decodes a root array of `E`, dropping elements that fail (their errors recorded as usual), and fails
    /// when more than `maxDropped` were dropped: the value is then nil and one more error, at the root,
    /// says how many of how many were dropped and what was allowed (code `loss_budget`, severity `failure`).
    /// Within the budget the result is what ``decode(data:to:options:)`` gives.
    ///
    /// ```swift
    /// let result = APIDataDecoder().decode(data: data, to: [Event].self, maxDropped: 2)
    /// // 3 of 30 events broken: value nil, the three events' errors, then
    /// // root(Array<Event>) : Dropped 3 of 30 elements, more than the 2 allowed
    /// ```
    ///
    /// An empty array is within any budget; `maxDropped: 0` (or a negative number) fails on the first dropped element. A root that
    /// is not an array, or input that is not JSON, fails as without a budget (with its own error only).
    public func decode<E: APIDecodable>(data: Data?, to type: [E].Type, maxDropped: Int) -> APIDecodeResult<[E]> {
        DecodeDriver.decode(input: .data(data ?? Data()), to: [E].self, options: options) { $0.decodeRequired([E].self, maxDropped: maxDropped) }
    }

    /// Decodes a root array that fails when more than the fraction `maxDroppedFraction` (0…1) of its elements
    /// were dropped: `0.05` allows 5 of 100. `0` allows none (so does a negative or NaN fraction), `1` any number; `0.29` allows 29 of 100; see ``decode(data:to:maxDropped:)``.
    ///
    /// ```swift
    /// let result = APIDataDecoder().decode(data: data, to: [Event].self, maxDroppedFraction: 0.05)
    /// ```
    public func decode<E: APIDecodable>(data: Data?, to type: [E].Type, maxDroppedFraction: Double) -> APIDecodeResult<[E]> {
        DecodeDriver.decode(input: .data(data ?? Data()), to: [E].self, options: options) {
            $0.decodeRequired([E].self, maxDroppedFraction: maxDroppedFraction)
        }
    }

    /// Decodes a root array from a JSON string with a loss budget; see ``decode(data:to:maxDropped:)``.
    ///
    /// ```swift
    /// let result = APIDataDecoder().decode(string: #"[{"id": 1}, {"id": "x"}]"#, to: [Event].self, maxDropped: 0)
    /// ```
    public func decode<E: APIDecodable>(string: String, to type: [E].Type, maxDropped: Int) -> APIDecodeResult<[E]> {
        DecodeDriver.decode(input: .array(Array(string.utf8)), to: [E].self, options: options) { $0.decodeRequired([E].self, maxDropped: maxDropped) }
    }

    /// Decodes a root array from a JSON string with a fractional loss budget; see ``decode(data:to:maxDroppedFraction:)``.
    ///
    /// ```swift
    /// let result = APIDataDecoder().decode(string: json, to: [Event].self, maxDroppedFraction: 0.1)
    /// ```
    public func decode<E: APIDecodable>(string: String, to type: [E].Type, maxDroppedFraction: Double) -> APIDecodeResult<[E]> {
        DecodeDriver.decode(input: .array(Array(string.utf8)), to: [E].self, options: options) {
            $0.decodeRequired([E].self, maxDroppedFraction: maxDroppedFraction)
        }
    }
}

extension DecodeDriver {
    /// One decode whose root is decoded by `body` (a loss-budgeted array) instead of `decodeRequired(T.self)`.
    static func decode<T: APIDecodable>(input: InputBytes, to type: T.Type, options: APIDecodeOptions,
                                        root body: (APIDecoder) -> T?) -> APIDecodeResult<T> {
        parse(input, options: options, ifInvalid: { invalidJSON($0, input: input, value: $1, to: T.self, options: options) }) { document in
            withRoot(of: document, rootNode: 0, rawInput: input, reportsLocations: true, options: options, body)
        }
    }
}
