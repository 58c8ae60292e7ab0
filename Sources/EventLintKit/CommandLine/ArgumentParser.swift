/// A usage error: the message, and the usage text of the command it concerns. Exit status 2.
public struct UsageError: Error, Sendable, Equatable {
    public var message: String
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
}

/// What one command accepts: options that take a value, boolean flags, and whether it takes
/// positional arguments.
struct OptionSpec {
    var valued: Set<String>
    var flags: Set<String>
    /// Options that may be given more than once (`--registered a.json --registered b.json`).
    var repeatable: Set<String> = []
    var positionals: ClosedRange<Int> = 0...0
}

/// Parsed arguments of one command.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

/// A small, strict parser: `--name value`, `--name=value`, boolean `--flag`, `--` ends options,
/// `-` is a positional (stdin). Unknown, repeated or value-less options are usage errors.
enum ArgumentParser {
    static func parse(_ arguments: [String], spec: OptionSpec, command: String) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value", command: command) }
                parsed.flags.insert(name)
            } else if spec.valued.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw UsageError("\(name) needs a value", command: command) }
                    value = arguments[index]
                    index += 1
                }
                if parsed.values[name] != nil, !spec.repeatable.contains(name) {
                    throw UsageError("\(name) is given twice", command: command)
                }
                parsed.values[name, default: []].append(value)
            } else {
                throw UsageError("unknown option \(name)", command: command)
            }
        }
        if !spec.positionals.contains(parsed.positionals.count) {
            if spec.positionals.upperBound == 0 {
                throw UsageError("unexpected argument \"\(parsed.positionals[0])\"", command: command)
            }
            if parsed.positionals.count < spec.positionals.lowerBound {
                throw UsageError("missing argument", command: command)
            }
            throw UsageError("too many arguments", command: command)
        }
        return parsed
    }
}
