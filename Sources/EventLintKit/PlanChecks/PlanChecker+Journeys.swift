/// `journeys`: each step names a plan event whose `where` can hold, and `whenUser` reads declared
/// user properties with values they allow.
extension PlanCheckRun {
    mutating func checkJourneys() {
        for journey in plan.journeys {
            for step in journey.steps { checkMatcher(step) }
            for condition in journey.whenUser { checkUserCondition(condition) }
        }
    }
}
