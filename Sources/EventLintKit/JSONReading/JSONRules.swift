/// The rules of the JSON reader stage, listed in `RuleCatalog`.
public enum JSONRules {
    public static let all: [Rule] = []
}
