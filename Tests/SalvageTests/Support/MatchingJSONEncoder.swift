import Foundation
import Salvage

/// Foundation's `JSONEncoder` set to the output formatting that matches `options` (`.javaScriptSafe` has no
/// counterpart and is ignored): the reference the writing and encoder tests compare bytes with.
func matchingJSONEncoder(_ options: JSONWritingOptions) -> JSONEncoder {
    let encoder = JSONEncoder()
    var formatting: JSONEncoder.OutputFormatting = []
    if options.contains(.sortedKeys) { formatting.insert(.sortedKeys) }
    if options.contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
    if options.contains(.withoutEscapingSlashes) { formatting.insert(.withoutEscapingSlashes) }
    encoder.outputFormatting = formatting
    return encoder
}
