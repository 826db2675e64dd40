/// Lossy arrays with a limit on how much may be lost.
extension APIDecoder {
    /// Decodes a required lossy array and fails it when more elements were dropped than allowed: more
    /// than `maxDropped`, or more than the fraction `maxDroppedFraction` (0…1) of the JSON array.
    ///
    /// ```swift
    /// let items = decoder["items"].decodeRequired([Item].self, maxDropped: 2)
    /// let rows  = decoder["rows"].decodeRequired([Row].self, maxDroppedFraction: 0.05)
    /// ```
    ///
    /// The dropped elements' own errors are recorded as usual; exceeding the budget adds a
    /// ``APIDecodeErrorReason/lossBudgetExceeded(dropped:total:allowed:)`` error and makes the value nil.
    public func decodeRequired<E: APIDecodable>(_ type: [E].Type, maxDropped: Int? = nil, maxDroppedFraction: Double? = nil) -> [E]! {
        decode([E].self, required: true) { $0.withinBudget([E].self, maxDropped: maxDropped, maxDroppedFraction: maxDroppedFraction) }
    }

    /// Decodes an optional lossy array with a loss budget: absent or null gives nil silently; exceeding the
    /// budget gives nil and records an error without failing the model.
    public func decodeOptional<E: APIDecodable>(_ type: [E].Type, maxDropped: Int? = nil, maxDroppedFraction: Double? = nil) -> [E]? {
        decode([E].self, required: false) { $0.withinBudget([E].self, maxDropped: maxDropped, maxDroppedFraction: maxDroppedFraction) }
    }

    private func withinBudget<E: APIDecodable>(_ type: [E].Type, maxDropped: Int?, maxDroppedFraction: Double?) -> [E]? {
        guard let elements = [E]._salvageDecode(at: self) else { return nil }
        let total = count ?? elements.count
        let dropped = total - elements.count
        var allowed: [String] = []
        var exceeded = false
        if let maxDropped {
            allowed.append("\(maxDropped)")
            exceeded = exceeded || dropped > maxDropped
        }
        if let maxDroppedFraction {
            allowed.append("\(Int((maxDroppedFraction * 100).rounded()))%")
            exceeded = exceeded || Double(dropped) > maxDroppedFraction * Double(total)
        }
        guard exceeded else { return elements }
        context.record(.lossBudgetExceeded(dropped: dropped, total: total, allowed: allowed.joined(separator: " and ")), at: self, decoding: [E].self)
        return nil
    }
}
