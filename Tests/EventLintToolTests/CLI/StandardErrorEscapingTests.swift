import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// Standard error carries data too: the paths and arguments its messages quote. A GitHub runner
/// reads workflow commands (`::error …`) from every line a step prints, standard error
/// included, and a terminal obeys escape sequences: a file name with a newline, an escape or a
/// bidi control must reach standard error escaped, whichever message quotes it.
@Suite(.enabled(if: SystemFiles.kind("/bin/bash") == .regularFile, "bash is not there"))
struct StandardErrorEscapingTests {
    /// A name that would forge an annotation, clear the screen and reverse the text after it.
    static let hostile = #"x$'\e[2J\n::error file=q.swift::forged\u202e'"#

    /// Each script runs in a fresh directory, with `$0` the executable, `$1` the repository
    /// (its `schema/`) and `H` a hostile name; what it checks is the message that quotes `H`.
    static let scripts: [(String, String)] = [
        // A plan file that does not parse: the load error and its location.
        ("plan file", #"mkdir d && printf '{ broken ' > "d/$H.json5" && "$0" check --schema d --format github"#),
        // The plan directory itself.
        ("plan directory", #""$0" check --schema "$H""#),
        // An export that is a directory, found by a glob.
        ("export directory", #"mkdir -p "g/$H.ndjson" && "$0" lint --schema "$1/schema" --format github 'g/*.ndjson'"#),
        // An export that is not there.
        ("missing export", #""$0" lint --schema "$1/schema" "$H.ndjson""#),
        // A flag value echoed in a usage error.
        ("usage error", #""$0" lint --format "$H" x.ndjson"#),
        // An unknown option named in a usage error, after the command and before one (the name
        // ends at `=`, so the name is cut there).
        ("unknown option", #""$0" lint "--${H%%=*}forged" x.ndjson"#),
        ("unknown option before a command", #""$0" "-${H%%=*}forged""#),
        // An output path that cannot be written.
        (
            "output path",
            #"printf '{}\n' > e.ndjson && "$0" lint --schema "$1/schema" --output "json=nope/$H" e.ndjson"#
        ),
        // The file codegen --check compares.
        (
            "codegen check",
            #"printf 'old\n' > "$H.swift" && "$0" codegen swift --schema "$1/schema" --check "$H.swift""#
        ),
        // A registered-definitions file that is not there.
        ("registered", #""$0" budget --schema "$1/schema" --registered "$H.json""#),
    ]

    @Test(arguments: scripts)
    func noDataStartsALineOrReachesTheTerminalRaw(what: String, script: String) throws {
        let root = Repository.root.path
        let output = try EventLintBinary.shell(
            "d=$(mktemp -d) && cd \"$d\" && H=\(Self.hostile) && ( \(script) ); s=$?; rm -rf \"$d\"; exit $s",
            [root])
        #expect(output.status == 2 || output.status == 1, "\(what): \(output.stderr)")
        #expect(output.stderr.contains("forged"), "\(what): the message does not quote the name: \(output.stderr)")
        for line in output.stderr.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(!line.hasPrefix("::"), "\(what): a line of standard error starts with `::`: \(output.stderr)")
        }
        for scalar in ["\u{1B}", "\r", "\u{202E}"] {
            #expect(!output.stderr.contains(scalar), "\(what): \(output.stderr.debugDescription)")
        }
    }
}
