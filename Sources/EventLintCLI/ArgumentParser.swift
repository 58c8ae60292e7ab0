import EventLintKit

/// A usage error: the message, and the command whose usage follows it. Exit status 2.
public struct UsageError: Error, Sendable, Equatable {
    public var message: String
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
}

/// Parsed arguments of one command.
struct ParsedArguments {
    var command: String
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// A whole number in decimal digits only (no `0x10`, `1e3` or `+5`), within `range`.
    func integer(_ name: String, range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let value = FlagNumber.integer(text), range.contains(value) else {
            throw UsageError(
                "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not \"\(text)\"",
                command: command)
        }
        return value
    }

    /// A size in bytes: a whole number with an optional `K`, `M` or `G` (powers of 1024), within `range`.
    func size(_ name: String, range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = value(name) else { return nil }
        guard let value = FlagNumber.size(text), range.contains(value) else {
            throw UsageError(
                "\(name) takes a size from \(FlagNumber.size(range.lowerBound)) to \(FlagNumber.size(range.upperBound)) (a number of bytes, or with K, M or G), not \"\(text)\"",
                command: command)
        }
        return value
    }

    /// A decimal number (`30`, `0.5`; no hex, exponent or `inf`), within `range`.
    func decimal(_ name: String, range: ClosedRange<Double>, unit: String) throws(UsageError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let value = FlagNumber.number(text), range.contains(value) else {
            throw UsageError(
                "\(name) takes \(unit) from \(FlagNumber.render(range.lowerBound)) to \(FlagNumber.render(range.upperBound)), not \"\(text)\"",
                command: command)
        }
        return value
    }
}

/// Strict decimal numbers for flag values: `Int("…")` and `Double("…")` accept forms (hex
/// floats, `inf`, `nan`, exponents) that no one means on a command line.
enum FlagNumber {
    static func integer(_ text: String) -> Int? {
        let digits = text.utf8
        guard !digits.isEmpty, digits.count <= 18,
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else {
            return nil
        }
        return Int(text)
    }

    /// `4096`, `64K`, `128M`, `2G` (case-insensitive, powers of 1024).
    static func size(_ text: String) -> Int? {
        guard let last = text.utf8.last else { return nil }
        let units: [UInt8: Int] = [
            UInt8(ascii: "K"): 10, UInt8(ascii: "k"): 10, UInt8(ascii: "M"): 20, UInt8(ascii: "m"): 20,
            UInt8(ascii: "G"): 30, UInt8(ascii: "g"): 30,
        ]
        guard let shift = units[last] else { return integer(text) }
        guard let number = integer(String(text.dropLast())), number <= Int.max >> shift else { return nil }
        return number << shift
    }

    /// A size as `size(_:)` reads it: `64K`, `1G`, else bytes.
    static func size(_ bytes: Int) -> String {
        for (shift, unit) in [(30, "G"), (20, "M"), (10, "K")] where bytes >= 1 << shift && bytes % (1 << shift) == 0 {
            return "\(bytes >> shift)\(unit)"
        }
        return String(bytes)
    }

    static func number(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, integer(String(whole)) != nil else { return nil }
        if parts.count == 2 {
            let fraction = parts[1].utf8
            guard !fraction.isEmpty, fraction.count <= 9,
                fraction.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return nil }
        }
        return Double(text)
    }

    static func render(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

/// A small, strict parser driven by a command's option table: `--name value`, `--name=value`,
/// boolean `--flag`, `--` ends options, `-` is a positional (stdin). Unknown, repeated or
/// value-less options are usage errors, and each names the option or argument it is about.
enum ArgumentParser {
    /// Whether the arguments ask for the command's usage: `--help` or `-h` where an option may
    /// stand, read as `parse` reads them. The value of an option is not one (`--base --help`
    /// compares with a ref named `--help`, as `parse` takes it), nor anything after `--`.
    static func asksForHelp(_ arguments: [String], for definition: CommandDefinition) -> Bool {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return false }
            if argument == "--help" || argument == "-h" { return true }
            if !argument.contains("="), definition.option(argument)?.value != nil { index += 1 }
        }
        return false
    }

    /// The option an argument names, as `parse` reads it (`--jobs` of `--jobs=4`), or `nil`
    /// for an argument that is not an option (`-` is standard input).
    static func optionName(_ argument: String) -> String? {
        guard argument.hasPrefix("-"), argument != "-" else { return nil }
        return String(argument.prefix { $0 != "=" })
    }

    static func parse(_ arguments: [String], for definition: CommandDefinition) throws(UsageError) -> ParsedArguments {
        let command = definition.name
        var parsed = ParsedArguments(command: command)
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
            guard let option = definition.option(name) else {
                throw UsageError("unknown option \(name)", command: command)
            }
            guard option.value != nil else {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value", command: command) }
                parsed.flags.insert(name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError("missing value for \(name)", command: command) }
                value = arguments[index]
                index += 1
            }
            if parsed.values[name] != nil, !option.repeatable {
                throw UsageError("\(name) is given twice", command: command)
            }
            parsed.values[name, default: []].append(value)
        }
        let positionals = definition.positionals
        if parsed.positionals.count < positionals.lowerBound {
            let missing = ["missing argument", definition.positionalName].compactMap(\.self)
            throw UsageError(missing.joined(separator: " "), command: command)
        }
        if parsed.positionals.count > positionals.upperBound {
            // The first argument past those the command takes is the one to name.
            let extra = parsed.positionals[positionals.upperBound]
            throw UsageError("unexpected argument \"\(extra)\"", command: command)
        }
        return parsed
    }
}
