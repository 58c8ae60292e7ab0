import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The built executable's usage errors and help text, for every command.
@Suite struct UsageErrorCLIToolTests {
    @Test func aMistypedOptionIsTheErrorTheUsageLineAndTheHint() throws {
        let output = try #require(try EventLintBinary.run(["lint", "--jbos", "4", "x.ndjson"]))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(
            output.stderr
                == """
                error: unknown option --jbos
                usage: eventlint lint [OPTIONS] FILE...
                  See 'eventlint help lint' for more information.

                """)
        for piece in ["USAGE:", "OPTIONS:", "--max-findings", "Lints NDJSON exports"] {
            #expect(!output.stderr.contains(piece), "the whole help is not repeated: \(output.stderr)")
        }
    }

    /// Every command's usage line comes from its definition, on one line, with what it cannot
    /// do without: the required options and the positional arguments its help shows too.
    @Test(arguments: Commands.all.map(\.name))
    func everyCommandsUsageErrorHasItsOneLineUsage(command: String) throws {
        let definition = try #require(Commands.definition(command))
        let output = try #require(try EventLintBinary.run([command, "--no-such-option"]))
        #expect(output.status == 2)
        #expect(output.stderr == Self.expected("unknown option --no-such-option", command: command))
        #expect(definition.synopsis.hasPrefix("eventlint \(command)"))
        #expect(!definition.synopsis.contains("\n"))
        let help = definition.usage
        for required in definition.options.filter(\.required) {
            #expect(definition.synopsis.contains(" \(required.name) "), "\(command): \(definition.synopsis)")
            #expect(help.contains(required.synopsis))
        }
        if let positionals = definition.positionalSynopsis {
            #expect(definition.synopsis.hasSuffix(" " + positionals))
        }
    }

    @Test(arguments: [
        (["lint", "--jobs"], "lint", "missing value for --jobs"),
        (["lint", "x.ndjson", "--max-findings"], "lint", "missing value for --max-findings"),
        (["check", "--schema"], "check", "missing value for --schema"),
        (["budget", "--registered"], "budget", "missing value for --registered"),
        (["sql", "--table"], "sql", "missing value for --table"),
        (["watch", "--pair-timeout"], "watch", "missing value for --pair-timeout"),
    ])
    func aMissingValueNamesTheFlag(arguments: [String], command: String, message: String) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == 2)
        #expect(output.stderr == Self.expected(message, command: command))
    }

    @Test(arguments: [
        (["lint"], "lint", "missing argument FILE"),
        (["lint", "--jobs", "2"], "lint", "missing argument FILE"),
        (["codegen"], "codegen", "missing argument swift"),
        (["explain", "a", "b"], "explain", "unexpected argument \"b\""),
        (["init", "a", "b"], "init", "unexpected argument \"b\""),
    ])
    func aMissingOrExtraArgumentIsNamed(arguments: [String], command: String, message: String) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == 2)
        #expect(output.stderr == Self.expected(message, command: command))
    }

    /// A dash argument is an option wherever it stands: before a command (eventlint itself takes
    /// only `--help` and `--version`), after one, and as `help`'s argument.
    @Test(arguments: [
        (["-x"], nil, "unknown option -x"),
        (["-x", "lint", "x.ndjson"], nil, "unknown option -x"),
        (["--jobs=4", "lint", "x.ndjson"], nil, "unknown option --jobs"),
        (["help", "-x"], nil, "unknown option -x"),
        (["lint", "-x", "x.ndjson"], "lint", "unknown option -x"),
        (["check", "-x"], "check", "unknown option -x"),
        (["explain", "-x"], "explain", "unknown option -x"),
        (["frobnicate"], nil, "unknown command \"frobnicate\""),
    ])
    func aDashArgumentIsCalledAnOption(arguments: [String], command: String?, message: String) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == Self.expected(message, command: command))
    }

    /// `help COMMAND` and `COMMAND --help` print the whole help, the same text, on standard
    /// output with exit status 0.
    @Test(arguments: Commands.all.map(\.name))
    func helpOfACommandIsTheWholeHelp(command: String) throws {
        let help = try #require(try EventLintBinary.run(["help", command]))
        #expect(help.status == 0)
        #expect(help.stderr.isEmpty)
        #expect(help.stdout.hasPrefix("USAGE: eventlint \(command)"))
        #expect(help.stdout == Commands.definition(command)?.usage)
        let flag = try #require(try EventLintBinary.run([command, "--help"]))
        #expect(flag.status == 0)
        #expect(flag.stdout == help.stdout)
    }

    @Test(arguments: [["help"], ["help", "-h"], ["help", "--help"], ["--help"]])
    func helpOfEventlintIsTheWholeHelp(arguments: [String]) throws {
        let output = try #require(try EventLintBinary.run(arguments))
        #expect(output.status == 0)
        #expect(output.stdout == Commands.mainUsage)
    }

    /// The three lines a usage error about `command` (`nil`: eventlint itself) prints.
    static func expected(_ message: String, command: String?) -> String {
        guard let command, let definition = Commands.definition(command) else {
            return
                "error: \(message)\nusage: eventlint COMMAND [OPTIONS]\n  See 'eventlint help' for more information.\n"
        }
        return
            "error: \(message)\nusage: \(definition.synopsis)\n  See 'eventlint help \(command)' for more information.\n"
    }
}
