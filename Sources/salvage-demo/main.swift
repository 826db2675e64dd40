import Foundation
import SalvageDemoKit

// Everything happens in DemoCommand so the tests can run it; this file only prints and exits.
let outcome = DemoCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(outcome.standardOutput.utf8))
FileHandle.standardError.write(Data(outcome.standardError.utf8))
exit(outcome.status)
