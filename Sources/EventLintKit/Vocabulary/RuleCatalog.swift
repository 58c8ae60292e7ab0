/// The one registry of every rule eventlint can report. `explain`, the docs and the tests read it;
/// each stage declares its rules next to the code that emits them and lists them here.
public enum RuleCatalog {
    public static let all: [Rule] =
        JSONRules.all + PlanRules.all + ExportRules.all + StreamRules.all + PairRules.all
        + CrossEventRules.all + ExperimentRules.all + OnceRules.all + JourneyRules.all + BudgetRules.all
        + DiffRules.all

    /// Looks a rule up by id.
    public static func rule(id: String) -> Rule? { all.first { $0.id == id } }
}
