/// The rules of the budget stage, listed in `RuleCatalog`.
public enum BudgetRules {
    public static let all: [Rule] = []
}
