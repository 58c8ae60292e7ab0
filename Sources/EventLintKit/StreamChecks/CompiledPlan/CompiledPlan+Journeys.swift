extension CompiledPlan {
    /// A journey as the cross-event pass runs it: its steps' matchers and its user conditions.
    func compileJourney(_ journey: JourneyDeclaration) -> CrossEventChecker.CompiledJourney {
        CrossEventChecker.CompiledJourney(
            declaration: journey, steps: journey.steps.compactMap(compileMatcher),
            whenUser: journey.whenUser.compactMap { compileCondition($0, userProperty: true) })
    }
}

extension CrossEventChecker {
    /// A journey compiled: a class for the reason `CompiledRule` is one.
    final class CompiledJourney: Sendable {
        let declaration: JourneyDeclaration
        let steps: [CompiledMatcher]
        let whenUser: [CompiledCondition]
        /// The window in microseconds; nil: no limit.
        let window: Int64?
        /// The plan events of the steps: only these move the journey.
        let events: Set<Int32>

        init(declaration: JourneyDeclaration, steps: [CompiledMatcher], whenUser: [CompiledCondition]) {
            self.declaration = declaration
            self.steps = steps
            self.whenUser = whenUser
            window = declaration.within?.value.microseconds
            events = Set(steps.map(\.event))
        }
    }
}
