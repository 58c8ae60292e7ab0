/// A parsed JSON (or JSON5) value with the byte offset where it starts, so the plan loader can
/// point every finding at `file:line:column`.
public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    /// 0-based byte offset of the value's first byte in the parsed buffer.
    public var offset: Int

    public init(_ value: JSONValue, offset: Int) {
        self.value = value
        self.offset = offset
    }
}

/// One member of a JSON object, in source order.
public struct JSONMember: Sendable, Equatable {
    public var key: String
    /// 0-based byte offset of the key's first byte (its opening quote, or first letter if unquoted).
    public var keyOffset: Int
    public var value: JSONNode

    public init(key: String, keyOffset: Int, value: JSONNode) {
        self.key = key
        self.keyOffset = keyOffset
        self.value = value
    }
}

/// A JSON value. Numbers keep their source lexeme so nothing is rounded silently.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number exactly as written (`"1e400"`, `"12345678901234567890"`); JSON5 hex/`+`
    /// lexemes are kept as written too.
    case number(String)
    case string(String)
    case array([JSONNode])
    /// Members in source order; keys are unique (duplicates are a parse error).
    case object([JSONMember])
}
