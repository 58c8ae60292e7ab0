/// Builds a `JSONNode` tree — for plan files and tests — by driving `JSONCursor`, so the tree
/// and the export scanner accept exactly the same texts. Iterative: nesting lives in heap
/// stacks, never in call frames, so parsing cannot overflow the stack whatever `maxDepth` is.
///
/// One caveat lies outside the parser: Swift releases an indirect-enum tree recursively, so a
/// `JSONNode` nested tens of thousands of levels deep can exhaust a thread's stack when it is
/// freed. Keep `maxDepth` near its default for trees; the cursor alone (`skipValue`) has no
/// such limit.
public enum JSONParser {
    /// An open container while its members are being collected.
    private struct OpenContainer {
        var isObject: Bool
        var offset: Int
        /// Where this container's values start in the shared `values` stack.
        var firstValue: Int
        /// Where this container's keys start in the shared `keys` stack (objects only).
        var firstKey: Int
    }

    /// Parses one complete JSON text.
    /// - Parameters:
    ///   - allowLeadingBOM: skip a UTF-8 BOM at byte 0 (the caller reports it); when false, or
    ///     anywhere else, a BOM is a `misplacedBOM` error.
    /// - Throws: the first `JSONError`, with the byte offset of the problem.
    public static func parse(
        _ bytes: UnsafeRawBufferPointer, mode: JSONMode, maxDepth: Int = 512, allowLeadingBOM: Bool = true
    ) throws(JSONError) -> JSONNode {
        var cursor = JSONCursor(bytes: bytes, mode: mode, maxDepth: maxDepth, scratch: JSONScratch())
        if allowLeadingBOM { _ = cursor.skipLeadingBOM() }

        var stacks = Stacks()
        while true {
            guard let node = try stacks.readValue(&cursor, bytes: bytes) else { continue }
            if let root = try stacks.complete(node, cursor: &cursor, bytes: bytes) { return root }
        }
    }

    /// The open containers and the values and keys collected for them, shared by all levels.
    private struct Stacks {
        var open: [OpenContainer] = []
        var values: [JSONNode] = []
        var keys: [(key: String, offset: Int)] = []

        /// The first step of `parse`: reads one value, or opens a container (nil: await its first member).
        mutating func readValue(_ cursor: inout JSONCursor, bytes: UnsafeRawBufferPointer) throws(JSONError)
            -> JSONNode?
        {
            let kind = try cursor.peekKind()
            let start = cursor.offset
            switch kind {
            case .object:
                try cursor.enterObject()
                if let key = try cursor.nextKey() {
                    open.append(
                        OpenContainer(isObject: true, offset: start, firstValue: values.count, firstKey: keys.count))
                    keys.append((key.decodedString(in: bytes), key.sourceStart))
                    return nil
                }
                return JSONNode(.object([]), offset: start)
            case .array:
                try cursor.enterArray()
                if try cursor.nextElement() {
                    open.append(
                        OpenContainer(isObject: false, offset: start, firstValue: values.count, firstKey: keys.count))
                    return nil
                }
                return JSONNode(.array([]), offset: start)
            case .string:
                return JSONNode(.string(try cursor.readString().decodedString(in: bytes)), offset: start)
            case .number:
                let lexeme = try cursor.readNumber()
                let text = String(validating: UnsafeRawBufferPointer(rebasing: bytes[lexeme]), as: UTF8.self) ?? ""
                return JSONNode(.number(text), offset: start)
            case .bool:
                return JSONNode(.bool(try cursor.readBool()), offset: start)
            case .null:
                try cursor.readNull()
                return JSONNode(.null, offset: start)
            }
        }

        /// The second step of `parse`: gives a value to its container, closes those that end; the root at the end.
        mutating func complete(_ value: JSONNode, cursor: inout JSONCursor, bytes: UnsafeRawBufferPointer)
            throws(JSONError) -> JSONNode?
        {
            var node = value
            while true {
                guard let container = open.last else {
                    try cursor.expectEnd()
                    return node
                }
                values.append(node)
                if container.isObject {
                    if let key = try cursor.nextKey() {
                        keys.append((key.decodedString(in: bytes), key.sourceStart))
                        return nil
                    }
                    node = closeObject(container)
                } else {
                    if try cursor.nextElement() { return nil }
                    let elements = Array(values[container.firstValue...])
                    values.removeSubrange(container.firstValue...)
                    node = JSONNode(.array(elements), offset: container.offset)
                }
                open.removeLast()
            }
        }

        /// Part of the second step of `parse`: pairs a closed object's values with their keys.
        mutating func closeObject(_ container: OpenContainer) -> JSONNode {
            var members: [JSONMember] = []
            members.reserveCapacity(values.count - container.firstValue)
            for (index, value) in values[container.firstValue...].enumerated() {
                let key = keys[container.firstKey + index]
                members.append(JSONMember(key: key.key, keyOffset: key.offset, value: value))
            }
            values.removeSubrange(container.firstValue...)
            keys.removeSubrange(container.firstKey...)
            return JSONNode(.object(members), offset: container.offset)
        }
    }

    /// Convenience for an in-memory byte array.
    public static func parse(
        _ bytes: [UInt8], mode: JSONMode, maxDepth: Int = 512, allowLeadingBOM: Bool = true
    ) throws(JSONError) -> JSONNode {
        // `withUnsafeBytes` rethrows untyped errors, so carry the typed result out instead.
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONError) -> JSONNode in
                try parse(raw, mode: mode, maxDepth: maxDepth, allowLeadingBOM: allowLeadingBOM)
            }
        }
        return try result.get()
    }
}
