import Foundation

/// The repository's release files as text: the changelog's versions, the licence, the scripts.
public enum ReleaseFiles {
    /// A file of the repository, by its path from the root.
    public static func text(_ path: String) throws -> String {
        try String(contentsOf: Repository.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The versions of the changelog's entries, newest first (`## [1.2.3] - 2026-12-04`).
    public static func changelogVersions() throws -> [String] {
        try text("CHANGELOG.md").split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("## ["), let close = line.firstIndex(of: "]") else { return nil }
            let name = String(line[line.index(line.startIndex, offsetBy: 4)..<close])
            return name == "Unreleased" ? nil : name
        }
    }
}
