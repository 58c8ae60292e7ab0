/// The rules of the per-event stream checks stage, listed in `RuleCatalog`.
public enum StreamRules {
    public static let all: [Rule] = []
}
