/// The version of eventlint, shared by every stage that names it (the SQL script's header, the
/// reports' tool block, `--version`).
public enum ToolVersion {
    public static let current = "0.1.0"
}
