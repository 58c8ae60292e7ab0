import EventLintTestSupport
import Foundation
import Testing

/// The shell blocks of docs/pre-merge.md run in a temporary app repository: the Admin API recipe
/// against a local server that plays the API, with a stand-in `gcloud`.
@Suite(.enabled(if: GitRepository.gitAvailable, "git is not installed"))
struct PreMergeDocToolTests {
    static let doc = Repository.root.appendingPathComponent("docs/pre-merge.md")

    /// The fenced blocks of the doc with the given info string, in order.
    static func blocks(_ language: String) throws -> [String] {
        MarkdownText.fencedBlocks(try String(contentsOf: doc, encoding: .utf8), language: language)
    }

    /// Plays the Admin API: checks the token, the property, `pageSize=200` and `pageToken`, and
    /// serves two pages of dimensions and an empty (`{}`) metrics list. Runs the recipe, then
    /// prints the requests it saw.
    static let server = #"""
        import http.server, json, os, subprocess, sys, threading, urllib.parse
        pages = {
            "customDimensions": [
                {"customDimensions": [{"parameterName": "screen", "scope": "EVENT", "displayName": "Screen"}],
                 "nextPageToken": "page/2+="},
                {"customDimensions": [{"parameterName": "plan_tier", "scope": "USER", "displayName": "Tier"}]},
            ],
            "customMetrics": [{}],
        }
        seen = []
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                url = urllib.parse.urlparse(self.path)
                query = urllib.parse.parse_qs(url.query)
                kind = url.path.rsplit("/", 1)[-1]
                seen.append(kind + " " + query.get("pageToken", [""])[0])
                if self.headers.get("Authorization") != "Bearer token-from-gcloud":
                    code, body = 401, {"error": {"code": 401, "status": "UNAUTHENTICATED"}}
                elif url.path != "/v1beta/properties/123456789/" + kind or query.get("pageSize") != ["200"] or kind not in pages:
                    code, body = 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": self.path}}
                else:
                    token = query.get("pageToken", [""])[0]
                    index = {"": 0, "page/2+=": 1}.get(token)
                    if index is None or index >= len(pages[kind]):
                        code, body = 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT"}}
                    else:
                        code, body = 200, pages[kind][index]
                data = json.dumps(body).encode()
                self.send_response(code)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            def log_message(self, *args):
                pass
        server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        env = dict(os.environ, GA4_ADMIN_API="http://127.0.0.1:%d" % server.server_port)
        status = subprocess.call(["bash", sys.argv[1]], env=env)
        print("requests: " + ", ".join(seen))
        sys.exit(status)
        """#

    /// A stand-in for `gcloud` that checks the scope asked for and prints a token.
    static let gcloud = """
        #!/usr/bin/env bash
        case "$*" in
          "auth application-default login --scopes="*analytics.readonly*) exit 0 ;;
          "auth application-default print-access-token") echo token-from-gcloud ;;
          *) echo "unexpected gcloud $*" >&2; exit 1 ;;
        esac

        """

    @Test func everyShellCommandRunsInAnAppRepository() throws {
        let blocks = try Self.blocks("sh")
        #expect(blocks.count == 3, "the token, the recipe and the local commands")
        guard blocks.count == 3 else { return }
        let binary = try #require(EventLintBinary.url)

        let upstream = try GitRepository()
        defer { upstream.remove() }
        try upstream.write("schema/params.json5", SmallPlan.params)
        try upstream.write("schema/events.json5", SmallPlan.events)
        try upstream.commit("plan")
        let app = try GitRepository(cloning: upstream)
        defer { app.remove() }
        try app.git("checkout", "-q", "-b", "pr")
        try app.write(
            "schema/params.json5", SmallPlan.params.replacingOccurrences(of: "'timer']", with: "'timer', 'settings']"))
        try app.commit("a new value")

        let tools = app.url.appendingPathComponent(".tools")
        try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
        try Self.gcloud.write(to: tools.appendingPathComponent("gcloud"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: tools.appendingPathComponent("gcloud").path)
        try FileManager.default.createSymbolicLink(
            at: tools.appendingPathComponent("eventlint"), withDestinationURL: binary)
        let path = tools.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")

        // The token block and the recipe run in one shell, as a person pastes them one after the other.
        try (blocks[0] + blocks[1]).write(
            to: app.url.appendingPathComponent(".recipe.sh"), atomically: true, encoding: .utf8)
        try Self.server.write(to: app.url.appendingPathComponent(".server.py"), atomically: true, encoding: .utf8)
        let (status, output) = try app.runWithStatus(
            ["python3", ".server.py", ".recipe.sh"], environment: ["PATH": path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("requests: customDimensions , customDimensions page/2+=, customMetrics "), "\(output)")
        for file in ["customDimensions-1.json", "customDimensions-2.json", "customMetrics-1.json"] {
            #expect(
                FileManager.default.fileExists(atPath: app.url.appendingPathComponent("ga4/" + file).path),
                "\(file): \(output)")
        }

        try blocks[2].write(to: app.url.appendingPathComponent(".local.sh"), atomically: true, encoding: .utf8)
        let (localStatus, local) = try app.runWithStatus(["bash", "-e", ".local.sh"], environment: ["PATH": path])
        #expect(localStatus == 0, "\(local)")
        #expect(local.contains("against origin/main: no breaking changes, 1 additive"), "\(local)")
        #expect(local.contains("plan_tier"), "the registered pages were read: \(local)")
        #expect(FileManager.default.fileExists(atPath: app.url.appendingPathComponent("eventlint.sarif").path))
        #expect(
            try String(contentsOf: app.url.appendingPathComponent("summary.md"), encoding: .utf8).contains(
                "## eventlint check"))
    }
}
