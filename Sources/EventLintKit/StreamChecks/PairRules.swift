/// The rules of the pair checks stage, listed in `RuleCatalog`.
public enum PairRules {
    public static let all: [Rule] = []
}
