@testable import EventLintKit

extension JSONNode {
    /// The value of an object member, for reading a report the executable printed.
    func member(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    var arrayValue: [JSONNode]? {
        if case .array(let items) = value { return items }
        return nil
    }

    var stringValue: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    var intValue: Int? {
        if case .number(let lexeme) = value { return Int(lexeme) }
        return nil
    }
}
