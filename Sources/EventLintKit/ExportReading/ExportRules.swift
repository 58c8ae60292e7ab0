/// The rules of the export reading stage, listed in `RuleCatalog`.
public enum ExportRules {
    public static let all: [Rule] = []
}
