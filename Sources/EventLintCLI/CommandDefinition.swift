import EventLintKit

/// One option of a command: its name, the placeholder of its value (`nil` for a flag), and the
/// line of help `--help` prints. The parser and the usage text both read these tables, so what
/// `--help` lists is exactly what is accepted.
struct OptionDefinition: Sendable {
    var name: String
    /// `DIR`, `FORMAT`, …; `nil` for a boolean flag.
    var value: String?
    var help: String
    /// May be given more than once (`--registered a.json --registered b.json`).
    var repeatable = false
    /// Shown without brackets in the synopsis (the command checks that it is given).
    var required = false
    /// Shown in the synopsis as `[--name VALUE]`; options of lesser interest are only listed.
    var inSynopsis = true

    static func valued(
        _ name: String, _ value: String, _ help: String, repeatable: Bool = false,
        required: Bool = false, inSynopsis: Bool = true
    ) -> OptionDefinition {
        OptionDefinition(
            name: name, value: value, help: help, repeatable: repeatable, required: required,
            inSynopsis: inSynopsis)
    }

    static func flag(_ name: String, _ help: String) -> OptionDefinition {
        OptionDefinition(name: name, value: nil, help: help)
    }

    /// How the command's synopsis writes the option: `[--jobs N]`, `--table TABLE`,
    /// `--registered FILE...`.
    var synopsis: String {
        let text = value.map { "\(name) \($0)" + (repeatable ? "..." : "") } ?? name
        return required ? text : "[\(text)]"
    }
}

/// A command: its options, its positional arguments and the text of its `--help`.
struct CommandDefinition: Sendable {
    var name: String
    /// One line for the command list of `eventlint --help`.
    var summary: String
    /// The positional arguments as the synopsis writes them (`FILE...`, `[RULE]`), if any.
    var positionalSynopsis: String?
    var positionals: ClosedRange<Int> = 0...0
    var description: String
    var options: [OptionDefinition]
    /// Text after the option list (exit status notes).
    var footer: String?

    func option(_ name: String) -> OptionDefinition? { options.first { $0.name == name } }

    /// The command line in one line, for a usage error: the options it cannot do without, the
    /// others as `[OPTIONS]`, then the positional arguments (`eventlint lint [OPTIONS] FILE...`).
    /// `--help` lists the rest.
    var synopsis: String {
        var pieces = ["eventlint", name]
        if options.contains(where: { !$0.required }) { pieces.append("[OPTIONS]") }
        pieces += options.filter(\.required).map(\.synopsis)
        if let positionalSynopsis { pieces.append(positionalSynopsis) }
        return pieces.joined(separator: " ")
    }

    /// The positional argument a usage error names when it is missing: `FILE` of `FILE...`.
    var positionalName: String? {
        guard var name = positionalSynopsis else { return nil }
        name.removeAll { $0 == "[" || $0 == "]" }
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// The `--help` text: synopsis wrapped at 100 columns, description, options, footer.
    var usage: String {
        let head = "USAGE: eventlint \(name)"
        var pieces: [String] = options.filter(\.inSynopsis).map(\.synopsis)
        if let positionalSynopsis { pieces.append(positionalSynopsis) }
        var lines: [String] = []
        var line = head
        let indent = String(repeating: " ", count: head.count + 1)
        for piece in pieces {
            if line.count + 1 + piece.count > 100, line != head, line != indent {
                lines.append(line)
                line = indent + piece
            } else {
                line += (line == indent ? "" : " ") + piece
            }
        }
        lines.append(line)
        var text = lines.joined(separator: "\n") + "\n\n" + description + "\n"
        if !options.isEmpty {
            text += "\nOPTIONS:\n"
            let labels = options.map { option in option.value.map { "\(option.name) \($0)" } ?? option.name }
            let width = (labels.map(\.count).max() ?? 0) + 2
            for (option, label) in zip(options, labels) {
                let helpLines = option.help.split(separator: "\n", omittingEmptySubsequences: false)
                let first = label.count + 2 > width ? label + "  " : label.padding(width)
                text += "  " + first + helpLines[0] + "\n"
                let continuation = String(repeating: " ", count: 2 + max(width, label.count + 2))
                for more in helpLines.dropFirst() { text += continuation + more + "\n" }
            }
        }
        if let footer { text += "\n" + footer + "\n" }
        return text + "\n"
    }
}

extension String {
    /// The string padded with spaces to at least `width` characters.
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
