/// Markdown read as text, for the tests of the docs.
public enum MarkdownText {
    /// The fenced blocks of `text` whose info string is `language`, in order, each with a final
    /// newline.
    public static func fencedBlocks(_ text: String, language: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```" + language {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
