/// Exports for the engine tests' plan (Fixtures/plans/engine), generated from a seed.
public enum EngineExport {
    /// The engine plan's pairs and rules over many users, out of time order, with ties broken by
    /// bundle and by position, events without a timestamp, several events on one line, param
    /// values that differ between open and close, and a second file.
    public static func make(seed: UInt64, users: Int, events: Int) -> (first: String, second: String) {
        var random = SeededGenerator(seed: seed)
        var lines: [String] = []
        for index in 0..<events {
            let user = "u\(Int.random(in: 0..<users, using: &random))"
            let seconds = Double(Int.random(in: 0..<400, using: &random))
            let bundle = Int.random(in: 0..<3, using: &random) == 0 ? Int.random(in: 1...4, using: &random) : nil
            let entry = ["onboarding", "home_button", "entry-\(index % 7)"].randomElement(using: &random) ?? "x"
            switch Int.random(in: 0..<10, using: &random) {
            case 0:
                lines.append(
                    Export.bq(
                        "picker_shown", at: seconds, user: user, params: [("entry", .string(entry))], bundle: bundle))
            case 1, 2:
                lines.append(
                    Export.bq(
                        "picker_closed", at: seconds, user: user, params: Events.picker(entry: entry), bundle: bundle))
            case 3:
                lines.append(Export.bq("picker_shown", at: seconds, user: user, params: [("entry", .string(entry))]))
            case 4:
                lines.append(Export.bq("offer_shown", at: seconds, user: user, params: Events.offerArm))
            case 5:
                lines.append(
                    Export.bq(
                        "offer_closed", at: seconds + 3, user: user,
                        params: Events.offerClosed(
                            duration: .int(Int64(index % 5) * 1000), arm: index % 4 == 0 ? "cap5" : "capped")))
            case 6:
                // Free-text values (not among the plan's texts) that the store pair compares.
                let source = ["limit", "onboarding", "home"].randomElement(using: &random) ?? "home"
                let variant = "v\(Int.random(in: 0..<5, using: &random))"
                let event = Bool.random(using: &random) ? "store_shown" : "order_completed"
                lines.append(
                    Export.bq(event, at: seconds, user: user, params: Events.store(source: source, variant: variant)))
            case 7:
                lines.append(
                    Export.bq("tour_step_complete", at: seconds, user: user, params: [("phase", .string(entry))]))
            case 8:
                // No timestamp: sorts before the user's timed events.
                lines.append(
                    #"{"event_name":"picker_closed","user_pseudo_id":"\#(user)","event_params":[{"key":"entry","value":{"string_value":"\#(entry)"}}]}"#
                )
            default:
                lines.append(
                    Export.mp(
                        at: seconds, user: user,
                        events: [
                            ("picker_shown", [("entry", .string(entry))], nil),
                            ("picker_closed", Events.picker(entry: entry), seconds + 1),
                        ]))
            }
        }
        let cut = lines.count * 2 / 3
        return (lines[..<cut].joined(separator: "\n") + "\n", lines[cut...].joined(separator: "\n") + "\n")
    }
}
