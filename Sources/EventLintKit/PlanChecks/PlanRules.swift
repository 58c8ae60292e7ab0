/// The rules of the plan checks stage, listed in `RuleCatalog`.
public enum PlanRules {
    public static let all: [Rule] = []
}
