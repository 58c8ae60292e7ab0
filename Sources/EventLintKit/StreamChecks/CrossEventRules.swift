/// The rules of the cross-event rules stage, listed in `RuleCatalog`.
public enum CrossEventRules {
    public static let all: [Rule] = []
}
