import EventLintTestSupport
import Foundation
import Testing

/// `eventlint watch` through real pipes, signals and child processes: a writer that sleeps
/// between lines and waits to see a finding before it goes on (so the finding came while the
/// stream was open), SIGINT in the middle of a stream, stand-in `adb`, `xcrun` and
/// `idevicesyslog` scripts on PATH that print recorded capture lines, and `--save` read back by
/// `lint`. Each script prints what it saw; the assertions are on that and on watch's output.
@Suite struct WatchCLITests {
    static let android = "samples/exports/focusity-events.android.log"
    static let ios = "samples/exports/focusity-events.ios.log"

    /// The findings of a JSON report or of watch's JSON lines, as `rule line:column`, sorted.
    static func findings(lintJSON text: String) throws -> [String] {
        let report = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let findings = report["findings"] as? [[String: Any]] ?? []
        return findings.map(Self.place).sorted()
    }

    static func findings(watchJSON text: String) throws -> [String] {
        try lines(watchJSON: text).filter { $0["rule"] != nil }.map(Self.place).sorted()
    }

    static func lines(watchJSON text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    static func place(_ finding: [String: Any]) -> String {
        "\(finding["rule"] as? String ?? "?") \(finding["line"] as? Int ?? 0):\(finding["column"] as? Int ?? 0)"
    }

    @Test func aBadValueIsReportedWhileTheStreamIsStillOpen() throws {
        // The writer sends the first 20 lines (line 17 logs an event with an unknown param) one
        // by one, then waits for a finding in watch's output before it sends the rest.
        let output = try EventLintBinary.shell(
            #"""
            dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
            {
              head -n 20 "$1" | while IFS= read -r line; do printf '%s\n' "$line"; sleep 0.05; done
              for i in $(seq 1 300); do
                if grep -q '"rule"' "$dir/out" 2>/dev/null; then echo seen > "$dir/order"; break; fi
                sleep 0.1
              done
              [ -f "$dir/order" ] || echo "not seen" > "$dir/order"
              tail -n +21 "$1"
            } | "$0" watch --schema schema --format json > "$dir/out"
            echo "status $?"
            echo "order $(cat "$dir/order")"
            cat "$dir/out"
            """#, [Self.android])
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "status 1", "\(output.stderr)")
        #expect(lines.dropFirst().first == "order seen", "no finding before the writer finished")
        let json = try Self.lines(watchJSON: lines.dropFirst(2).joined(separator: "\n"))
        #expect(json.first?["rule"] as? String == "stream/unknown-param")
        #expect(json.first?["line"] as? Int == 17)
        #expect(json.last?["summary"] != nil && json.last?["counts"] != nil)
    }

    @Test func anOpenPairTimesOutWhileTheStreamGoesOn() throws {
        // Line 24 opens the block offer pair; its close (line 26) is held back until the timeout
        // is reported, by the clock, while the writer is still there.
        let output = try EventLintBinary.shell(
            #"""
            dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
            {
              head -n 24 "$1"
              for i in $(seq 1 300); do
                if grep -q 'still not closed after 1s' "$dir/out" 2>/dev/null; then echo seen > "$dir/order"; break; fi
                sleep 0.1
              done
              [ -f "$dir/order" ] || echo "not seen" > "$dir/order"
              tail -n +25 "$1"
            } | "$0" watch --schema schema --pair-timeout 1s > "$dir/out"
            echo "order $(cat "$dir/order")"
            cat "$dir/out"
            """#, [Self.android])
        #expect(output.stdout.hasPrefix("order seen\n"), "\(output.stdout.prefix(2000))")
        #expect(
            output.stdout.contains(
                #"pair "block_offer": "onboarding_block_offer_shown" is still not closed after 1s for user"#))
        // The late close still closes the pair: no orphan close at line 26 (the sample's planted
        // arm flip puts a journey finding there).
        let atLine26 = output.stdout.components(separatedBy: "\n\n").filter {
            $0.contains("focusity-events.android.log:26:") || $0.contains("<stdin>:26:")
        }
        #expect(
            !atLine26.isEmpty && atLine26.allSatisfy { $0.hasPrefix("error[journey/unexpected-step]") }, "\(atLine26)")
    }

    @Test func sigintPrintsTheSummaryAndTheSessionStatus() throws {
        let output = try EventLintBinary.shell(
            #"""
            dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
            mkfifo "$dir/in"
            { head -n 40 "$1"; sleep 60; } > "$dir/in" &
            writer=$!
            "$0" watch --schema schema < "$dir/in" > "$dir/out" &
            watcher=$!
            for i in $(seq 1 300); do grep -q '^error\[' "$dir/out" 2>/dev/null && break; sleep 0.1; done
            kill -INT $watcher
            wait $watcher
            echo "status $?"
            kill $writer 2>/dev/null
            cat "$dir/out"
            """#, [Self.android])
        #expect(output.stdout.hasPrefix("status 1\n"), "\(output.stdout.prefix(500)) \(output.stderr)")
        #expect(output.stdout.contains("never seen in this session: "))
        #expect(output.stdout.contains("lines read: 40 "))
        let last = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" errors") || last.contains(" errors, "), "\(last)")
    }

    @Test func aTerminalShowsAStatusLineAtTheBottom() throws {
        // watch in a tmux pane: the writer sends 24 lines (the last opens the block offer pair),
        // then waits while the screen is read.
        let output = try EventLintBinary.shell(
            #"""
            command -v tmux >/dev/null || { echo "no tmux"; exit 0; }
            dir=$(mktemp -d); session="eventlint-watch-$$"
            trap 'tmux kill-session -t "$session" 2>/dev/null; rm -rf "$dir"' EXIT
            printf '%s\n' '#!/bin/sh' "{ head -n 24 '$PWD/$1'; sleep 20; } | '$0' watch --schema '$PWD/schema'" > "$dir/run"
            chmod +x "$dir/run"
            tmux -f /dev/null new-session -d -s "$session" -x 160 -y 40 "$dir/run"
            for i in $(seq 1 100); do
              screen=$(tmux capture-pane -p -t "$session")
              case "$screen" in *"watching: "*) break ;; esac
              sleep 0.1
            done
            tmux capture-pane -p -t "$session"
            """#, [Self.android])
        if output.stdout.hasPrefix("no tmux") { return }
        let lines = output.stdout.split(separator: "\n").map(String.init)
        let status = try #require(lines.last { $0.hasPrefix("watching: ") }, "\(output.stdout)")
        #expect(status.hasPrefix("watching: 8 events · 1 pair open"), "\(status)")
        #expect(status.hasSuffix(" · 5 errors"), "\(status)")
        // The findings scroll above it, each once; the event whose arm disagrees with the
        // user's is also the user's arm flip.
        #expect(lines.filter { $0.hasPrefix("error[rule/param-equals-user-property]") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("error[experiment/arm-flip]") }.count == 1)
        #expect(lines.last { !$0.isEmpty } == status)
    }

    @Test func theSavedCaptureLintsToTheSameFindings() throws {
        // A capture in time order with a timeout no pair reaches: watch's findings are lint's.
        for capture in [Self.android, Self.ios] {
            let output = try EventLintBinary.shell(
                #"""
                dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
                "$0" watch --schema schema --format json --pair-timeout 7d --save "$dir/saved.log" < "$1" > "$dir/watch"
                cmp -s "$1" "$dir/saved.log" && echo "saved as read" || echo "saved differs"
                "$0" lint --schema schema --format json "$dir/saved.log" > "$dir/lint"
                cat "$dir/watch"; echo "=====";  cat "$dir/lint"
                """#, [capture])
            let parts = output.stdout.components(separatedBy: "=====\n")
            try #require(parts.count == 2, "\(output.stderr)")
            let head = parts[0].split(separator: "\n", maxSplits: 1).map(String.init)
            #expect(head.first == "saved as read")
            let watched = try Self.findings(watchJSON: head.count > 1 ? head[1] : "")
            let linted = try Self.findings(lintJSON: parts[1])
            #expect(!linted.isEmpty)
            #expect(watched == linted, "\(capture)")
        }
    }

    /// A directory with stand-in tools that log their arguments and print recorded lines.
    static func standInScript(tool: String, recording: String) -> String {
        #"""
        dir=$(mktemp -d); trap 'rm -rf "$dir" ${tmp:+"$tmp"}' EXIT
        mkdir "$dir/bin"
        cat > "$dir/bin/\#(tool)" <<EOF
        #!/bin/sh
        echo "\#(tool) \$*" >> "$dir/calls"
        case "\$*" in *setprop*) exit 0 ;; esac
        cat "$PWD/\#(recording)"
        EOF
        chmod +x "$dir/bin/\#(tool)"

        """#
    }

    @Test func fromAndroidRunsAdbLogcatWithTheFirebaseTags() throws {
        let output = try EventLintBinary.shell(
            Self.standInScript(tool: "adb", recording: Self.android) + #"""
                PATH="$dir/bin:/usr/bin:/bin" "$0" watch --schema schema --from android --device emulator-5554 --format json > "$dir/out"
                echo "status $?"
                cat "$dir/calls"
                cat "$dir/out"
                """#)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "status 1", "\(output.stderr)")
        #expect(lines.contains("adb -s emulator-5554 shell setprop log.tag.FA VERBOSE"))
        #expect(lines.contains("adb -s emulator-5554 shell setprop log.tag.FA-SVC VERBOSE"))
        #expect(lines.contains("adb -s emulator-5554 logcat -v threadtime -s FA FA-SVC"))
        #expect(output.stdout.contains(#""file":"<android>","line":17,"#))
    }

    @Test func fromIOSSimulatorRunsLogStreamOnTheBootedSimulator() throws {
        // `log stream`'s default style, made from the recorded console lines.
        let output = try EventLintBinary.shell(
            #"""
            tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
            sed -E 's/^([0-9-]+ [0-9:.]+[+-][0-9]+) ([A-Za-z]+)\[([0-9]+):([0-9]+)\] /\1 0x18a2c    Debug       0x0                  \3   0    \2: (FirebaseAnalytics) [com.google.firebase.analytics:FirebaseAnalytics] /' \#(Self.ios) > "$tmp"

            """#
                + Self.standInScript(tool: "xcrun", recording: "$tmp").replacingOccurrences(
                    of: "$PWD/$tmp", with: "$tmp")
                    + #"""
                    PATH="$dir/bin:/usr/bin:/bin" "$0" watch --schema schema --from ios-simulator > "$dir/out"
                    echo "status $?"
                    cat "$dir/calls"
                    cat "$dir/out"
                    """#)
        #expect(output.stdout.hasPrefix("status 1\n"), "\(output.stderr)")
        #expect(output.stdout.contains("xcrun simctl spawn booted log stream --level debug"))
        #expect(output.stdout.contains("subsystem BEGINSWITH \"com.google.firebase\""))
        #expect(output.stdout.contains("events checked: 279 "))
    }

    @Test func fromIOSDeviceRunsIdevicesyslog() throws {
        // idevicesyslog's lines, made from the real console capture of samples/real.
        let output = try EventLintBinary.shell(
            #"""
            tmp=$(mktemp); trap 'rm -f "$tmp"' EXIT
            sed -E 's/^2024-05-21 ([0-9:]+)\.[0-9]+\+[0-9]+ ([A-Za-z]+)\[([0-9]+):[0-9]+\] /May 21 \1 iPhone \2(FirebaseAnalytics)[\3] <Notice>: /' samples/real/ios-console.new-tag.auto-screen_view.log > "$tmp"

            """#
                + Self.standInScript(tool: "idevicesyslog", recording: "$tmp").replacingOccurrences(
                    of: "$PWD/$tmp", with: "$tmp")
                    + #"""
                    PATH="$dir/bin:/usr/bin:/bin" "$0" watch --schema schema --from ios-device --device 00008030-001A > "$dir/out"
                    echo "status $?"
                    cat "$dir/calls"
                    cat "$dir/out"
                    """#)
        #expect(output.stdout.contains("idevicesyslog -u 00008030-001A"), "\(output.stdout) \(output.stderr)")
        #expect(output.stdout.contains("events checked: 1 "), "\(output.stdout)")
        #expect(output.stdout.contains("formats: ios-console 1"))
    }

    @Test(arguments: ["android", "ios-simulator", "ios-device"])
    func aMissingToolIsAClearError(_ platform: String) throws {
        let output = try EventLintBinary.shell(
            #"""
            dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
            PATH="$dir" "$0" watch --schema schema --from "$1"
            """#, [platform])
        let tool = ["android": "adb", "ios-simulator": "xcrun", "ios-device": "idevicesyslog"][platform] ?? "?"
        #expect(output.status == 2)
        #expect(output.stderr.hasPrefix("error: cannot run \(tool): it is not on PATH; install "), "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }

    /// A compressed file is one clear error, not a finding for every line of binary noise.
    @Test func aCompressedFileIsAClearError() throws {
        let output = try EventLintBinary.shell(
            #"""
            dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
            gzip -c samples/exports/focusity-clean.ndjson > "$dir/export.ndjson"
            "$0" watch --schema schema "$dir/export.ndjson"
            """#)
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.hasPrefix("error: "), "\(output.stderr)")
        #expect(output.stderr.contains("export.ndjson' is gzip-compressed"), "\(output.stderr)")
        #expect(output.stdout.isEmpty, "\(output.stdout)")
    }

    @Test func usageErrorsNameTheOption() throws {
        let timeout = try #require(try EventLintBinary.run(["watch", "--pair-timeout", "soon"]))
        #expect(timeout.status == 2)
        #expect(timeout.stderr.contains("--pair-timeout takes a duration such as 60s"))
        let from = try #require(try EventLintBinary.run(["watch", "--from", "windows"]))
        #expect(from.status == 2)
        #expect(from.stderr.contains("--from takes android, ios-simulator or ios-device"))
        let format = try #require(try EventLintBinary.run(["watch", "--format", "sarif"]))
        #expect(format.status == 2)
    }
}

/// `lint -` reads a capture as `lint FILE` does, whatever its first lines are (logcat's
/// `--------- beginning of main`, a version prefix, lines of other SDKs): the same report
/// through a pipe as from the file.
@Suite struct StandardInputCaptureTests {
    static let captures: [String] = {
        let manager = FileManager.default
        var paths: [String] = []
        for directory in ["samples/exports", "samples/real"] {
            let names =
                (try? manager.contentsOfDirectory(atPath: Repository.root.appendingPathComponent(directory).path)) ?? []
            paths += names.filter { $0.hasSuffix(".log") }.sorted().map { directory + "/" + $0 }
        }
        return paths
    }()

    @Test func thereAreCapturesToRead() { #expect(Self.captures.count >= 20) }

    @Test(arguments: captures)
    func aPipedCaptureReadsAsTheFile(_ path: String) throws {
        let file = try #require(try EventLintBinary.run(["lint", "--schema", "schema", "--format", "json", path]))
        let piped = try EventLintBinary.shell(#"cat "$1" | "$0" lint --schema schema --format json -"#, [path])
        // The file's name is in locations and in a capture's device user (`device of FILE`).
        #expect(piped.stdout.replacingOccurrences(of: "<stdin>", with: path) == file.stdout)
    }
}
