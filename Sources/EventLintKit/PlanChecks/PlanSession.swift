/// The one way to get a plan, for every command and every test: the plan's sources, the loaded
/// plan, the findings `check` makes about it, and — for `--base` — the base plan and what the
/// change breaks. Reading the sources (a directory, a git ref) is the front end's job; a session
/// is built from bytes alone.
public struct PlanSession: Sendable {
    /// Which plan a load failure concerns.
    public enum Part: String, Sendable {
        case plan = "the plan"
        case basePlan = "the base plan"
    }

    /// Why a session cannot serve a command.
    public enum Failure: Error, Sendable {
        /// A plan file is unreadable or not valid JSON5.
        case cannotLoad(LoadError, part: Part)
        /// The plan loads, but `check` finds errors in it (all of them, in report order): no
        /// export is judged against it.
        case hasErrors([Finding])
    }

    public let sources: [PlanSource]
    public let loaded: LoadedPlan
    public let baseSources: [PlanSource]
    /// The plan before the change, when a base was given.
    public let base: Plan?
    /// What the loader and `check` say about the plan itself (severity overrides and
    /// suppressions applied, in report order).
    public let planFindings: [Finding]
    /// With a base: every difference, classified as breaking or additive.
    public let diffFindings: [Finding]
    /// With a base: the breaking changes the plan's suppressions let through (an intended
    /// change, reviewed), which the verdict names.
    public let suppressedBreaking: Int

    public var plan: Plan { loaded.plan }

    /// Everything `check` reports: the plan's own findings and the diff, in report order.
    public var findings: [Finding] { (planFindings + diffFindings).sortedForReport() }

    /// Every source read, for excerpts in the text report.
    public var allSources: [PlanSource] { sources + baseSources }

    public init(sources: [PlanSource], baseSources: [PlanSource]? = nil) throws(Failure) {
        self.sources = sources
        do throws(LoadError) {
            loaded = try PlanLoader.load(sources: sources)
        } catch {
            throw .cannotLoad(error, part: .plan)
        }
        planFindings = loaded.plan.adjust(loaded.findings + PlanChecker.check(loaded.plan)).sortedForReport()
        self.baseSources = baseSources ?? []
        if let baseSources {
            let basePlan: Plan
            do throws(LoadError) {
                basePlan = try PlanLoader.load(sources: baseSources).plan
            } catch {
                throw .cannotLoad(error, part: .basePlan)
            }
            base = basePlan
            let diff = PlanDiff.compare(base: basePlan, current: loaded.plan)
            diffFindings = loaded.plan.adjust(diff + DiffRules.landedSuppressions(loaded.plan, diff: diff))
                .sortedForReport()
            let plan = loaded.plan
            suppressedBreaking = diff.filter { $0.severity > .info && plan.adjust($0) == nil }.count
        } else {
            base = nil
            diffFindings = []
            suppressedBreaking = 0
        }
    }

    /// The plan, for a command that runs on it (`lint`, `sql`, `budget`): it throws when `check`
    /// finds errors in the plan itself, so nothing is judged against a broken plan.
    public func validPlan() throws(Failure) -> Plan {
        let errors = planFindings.filter { $0.severity == .error }
        if !errors.isEmpty { throw .hasErrors(errors) }
        return loaded.plan
    }
}
