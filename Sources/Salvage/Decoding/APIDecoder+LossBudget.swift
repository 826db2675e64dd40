/// Lossy arrays with a limit on how much may be lost.
extension APIDecoder {
    /// Decodes a required lossy array and fails it when more than `maxDropped` elements were dropped.
    ///
    /// ```swift
    /// let items = decoder["items"].decodeRequired([Item].self, maxDropped: 2)
    /// let rows  = decoder["rows"].decodeRequired([Row].self, maxDroppedFraction: 0.05)
    /// ```
    ///
    /// The dropped elements' own errors are recorded as usual; exceeding the budget adds a
    /// ``APIDecodeErrorReason/lossBudgetExceeded(dropped:total:allowed:)`` error and makes the value nil.
    public func decodeRequired<E: APIDecodable>(_ type: [E].Type, maxDropped: Int) -> [E]! {
        decode([E].self, required: true) { $0.withinBudget([E].self, maxDropped: maxDropped, maxDroppedFraction: nil) }
    }

    /// Decodes a required lossy array that fails when more than the fraction `maxDroppedFraction` (0…1)
    /// of its elements were dropped; see ``decodeRequired(_:maxDropped:)``.
    public func decodeRequired<E: APIDecodable>(_ type: [E].Type, maxDroppedFraction: Double) -> [E]! {
        decode([E].self, required: true) { $0.withinBudget([E].self, maxDropped: nil, maxDroppedFraction: maxDroppedFraction) }
    }

    /// Decodes an optional lossy array with a loss budget: absent or null gives nil silently; exceeding the
    /// budget gives nil and records an error without failing the model.
    public func decodeOptional<E: APIDecodable>(_ type: [E].Type, maxDropped: Int) -> [E]? {
        decode([E].self, required: false) { $0.withinBudget([E].self, maxDropped: maxDropped, maxDroppedFraction: nil) }
    }

    /// Decodes an optional lossy array with a fractional loss budget; see ``decodeRequired(_:maxDroppedFraction:)``.
    public func decodeOptional<E: APIDecodable>(_ type: [E].Type, maxDroppedFraction: Double) -> [E]? {
        decode([E].self, required: false) { $0.withinBudget([E].self, maxDropped: nil, maxDroppedFraction: maxDroppedFraction) }
    }

    private func withinBudget<E: APIDecodable>(_ type: [E].Type, maxDropped: Int?, maxDroppedFraction: Double?) -> [E]? {
        guard let elements = [E]._salvageDecode(at: self) else { return nil }
        let total = count ?? elements.count
        guard let reason = Self.lossBudgetExceeded(dropped: total - elements.count, total: total, maxDropped: maxDropped,
                                                   maxDroppedFraction: maxDroppedFraction) else { return elements }
        withContext { $0.record(reason, at: self, decoding: [E].self) }
        return nil
    }

    /// The `lossBudgetExceeded` reason when `dropped` of `total` elements is more than `maxDropped` or the
    /// fraction `maxDroppedFraction` of `total` allows, nil within the budget.
    ///
    /// The fraction is compared as `dropped / total`, not as `dropped > fraction * total`: the product is
    /// rounded (`0.29 * 100` is `28.999999999999996`), so 29 of 100 dropped failed a budget of 0.29 with the
    /// message "more than the 29% allowed". A negative or NaN budget allows nothing (NaN compared false with
    /// everything, so it allowed any loss; a negative one failed arrays that dropped nothing).
    static func lossBudgetExceeded(dropped: Int, total: Int, maxDropped: Int?, maxDroppedFraction: Double?) -> APIDecodeErrorReason? {
        var allowed: [String] = []
        var exceeded = false
        if let maxDropped {
            let limit = max(0, maxDropped)
            allowed.append("\(limit)")
            exceeded = exceeded || dropped > limit
        }
        if let maxDroppedFraction {
            let fraction = maxDroppedFraction.isNaN ? 0 : max(0, maxDroppedFraction)
            allowed.append(percentText(fraction))
            exceeded = exceeded || total > 0 && Double(dropped) / Double(total) > fraction
        }
        guard exceeded else { return nil }
        return .lossBudgetExceeded(dropped: dropped, total: total, allowed: allowed.joined(separator: " and "))
    }

    /// A fraction as a percentage for the budget's message, to two decimals without trailing zeros: `0.05` is
    /// `5%`, `0.001` is `0.1%` (not `0%`), `0.29` is `29%`.
    private static func percentText(_ fraction: Double) -> String {
        let percent = fraction * 100
        guard percent.isFinite, percent < 1e9 else { return "\(percent)%" }
        let hundredths = (percent * 100).rounded()
        guard hundredths.truncatingRemainder(dividingBy: 100) != 0 else { return "\(Int(hundredths / 100))%" }
        return "\(hundredths / 100)%"
    }
}

/// Arrays that keep their length: failed elements replaced instead of dropped.
extension APIDecoder {
    /// Decodes a required array in which every element that fails to decode is replaced by
    /// `replacement` (its errors are still recorded), so positions are kept.
    ///
    /// ```swift
    /// let cells = decoder["cells"].decodeRequired([Cell].self, replacingFailuresWith: .empty)
    /// ```
    public func decodeRequired<E: APIDecodable>(_ type: [E].Type, replacingFailuresWith replacement: E) -> [E]! {
        decode([E].self, required: true) { $0.replacingFailures([E].self, with: replacement) }
    }

    /// Decodes an optional array whose failed elements are replaced by `replacement`; absent or null
    /// gives nil silently.
    public func decodeOptional<E: APIDecodable>(_ type: [E].Type, replacingFailuresWith replacement: E) -> [E]? {
        decode([E].self, required: false) { $0.replacingFailures([E].self, with: replacement) }
    }

    private func replacingFailures<E: APIDecodable>(_ type: [E].Type, with replacement: E) -> [E]? {
        withFrame(for: [E].self) { array in
            guard array.expectContainer(.array) else { return nil }
            array.markLossy()
            var elements: [E] = []
            elements.reserveCapacity(array.count ?? 0)
            array.forEachElement { element in
                elements.append(element.decodeRequired(E.self) ?? replacement)
            }
            return elements
        }
    }
}
