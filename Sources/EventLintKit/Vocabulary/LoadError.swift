/// Why a file a command depends on cannot be used at all — a plan file, a base plan, a
/// registered-definitions response: unreadable, not valid JSON or JSON5, or not the expected
/// shape. The front end maps it to exit status 2; `location` and `ruleID` are set when the
/// problem has a position (a JSON syntax error, a wrong shape).
public struct LoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var location: SourceLocation?
    /// The JSON rule id when the file did not parse.
    public var ruleID: String?
    /// A hint for what to do next (`point at the plan with --schema DIR`), shown after the message.
    public var hint: String?

    public init(message: String, location: SourceLocation? = nil, ruleID: String? = nil, hint: String? = nil) {
        self.message = message
        self.location = location
        self.ruleID = ruleID
        self.hint = hint
    }

    public var description: String {
        guard let location else { return message }
        return "\(location.description): \(message)"
    }
}
