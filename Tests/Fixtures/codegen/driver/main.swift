// Drives every journey of the bundled sample (bench/generate_export.py: onboarding in both
// arms, the block offer set up and put off, the shield opt-in, the app picker with and without
// the cap sheet, paywalls with and without a purchase, focus sessions) through the API `eventlint codegen swift` generated
// for the shipped plan, and writes what the recorder received as flat NDJSON (argument 1).
// The deliberate misuses at the end must be dropped, not sent: each drop is printed.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A clock the driver moves by hand, so durations and timestamps agree exactly.
final class ManualClock: TrackingClock, @unchecked Sendable {
    var now: UInt64 = 0
    func nanoseconds() -> UInt64 { now }
    func advance(milliseconds: UInt64) { now += milliseconds * 1_000_000 }
}

/// Forwards to the recorder and notes the time of each call, for the NDJSON timestamps.
final class TimedLogger: TrackingLogger, @unchecked Sendable {
    let recorder: TrackingRecorder
    let clock: ManualClock
    var times: [UInt64] = []

    init(recorder: TrackingRecorder, clock: ManualClock) {
        self.recorder = recorder
        self.clock = clock
    }

    func logEvent(_ name: String, parameters: [TrackingParameter]) {
        times.append(clock.now)
        recorder.logEvent(name, parameters: parameters)
    }

    func setUserProperty(_ name: String, value: TrackingValue?) {
        times.append(clock.now)
        recorder.setUserProperty(name, value: value)
    }
}

func json(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

func json(_ value: TrackingValue) -> String {
    switch value {
    case .string(let text): return json(text)
    case .int(let number): return String(number)
    case .double(let number): return String(number)
    case .bool(let flag): return flag ? "true" : "false"
    }
}

var sessions: [(lines: [String], drops: [String])] = []

/// One user's session: `body` drives the tracker; the recorded calls become NDJSON lines,
/// and the drops their descriptions.
func session(_ id: String, version: String, _ body: (Tracker, ManualClock) -> Void) -> (
    lines: [String], drops: [String]
) {
    let start: UInt64 = 1_741_910_400_000_000  // 2025-03-14T00:00:00Z, in microseconds
    var lines: [String] = []
    var drops: [String] = []
    let clock = ManualClock()
    let recorder = TrackingRecorder()
    let logger = TimedLogger(recorder: recorder, clock: clock)
    let tracker = Tracker(logger: logger, clock: clock, onDrop: { recorder.recordDrop($0) })
    body(tracker, clock)
    var properties: [(String, TrackingValue)] = []
    var timeIndex = 0
    for call in recorder.calls {
        switch call {
        case .userProperty(let name, let value):
            properties.removeAll { $0.0 == name }
            if let value { properties.append((name, value)) }
            timeIndex += 1
        case .event(let name, let parameters):
            let micros = start + logger.times[timeIndex] / 1000
            timeIndex += 1
            let params = parameters.map { json($0.name) + ":" + json($0.value) }.joined(separator: ",")
            let userProperties = properties.map { json($0.0) + ":" + json($0.1) }.joined(separator: ",")
            lines.append(
                "{\"name\":\(json(name)),\"params\":{\(params)},\"user_properties\":{\(userProperties)},"
                    + "\"user_pseudo_id\":\(json(id)),\"timestamp_micros\":\(micros),\"app_version\":\(json(version))}")
        case .drop(let drop):
            drops.append(drop.description)
        }
    }
    return (lines, drops)
}

// A new install in the offer arm with the capped block list: the whole block flow.
sessions.append(
    session("USER-OFFER-CAP4", version: "3.1.0") { tracker, clock in
        tracker.setOnboardingBlockArm(.offer)
        tracker.setBlockCapArm(.cap4)
        for phase in [Tracker.Phase.intro, .pickBuilding, .guideStart, .demo] {
            clock.advance(milliseconds: 4_000)
            tracker.log(Tracker.OnboardingStepComplete(phase: phase))
        }
        let offer = tracker.openBlockOffer()
        clock.advance(milliseconds: 6_500)
        offer.close(outcome: .setup)
        tracker.log(Tracker.OnboardingStepComplete(phase: .blockOffer))
        let shield = tracker.openShieldOptIn(entry: .onboarding)
        clock.advance(milliseconds: 3_000)
        shield.shieldOptInStepShown(step: .privacy)
        clock.advance(milliseconds: 3_000)
        shield.shieldOptInStepShown(step: .screenTime)
        clock.advance(milliseconds: 2_000)
        shield.close(step: .screenTime, outcome: .granted)
        let picker = tracker.openAppPicker(entry: .onboarding)
        clock.advance(milliseconds: 9_000)
        let sheet = tracker.openBlockCapSheet(reason: .overLimit, selectedCount: 7, entry: .onboarding)
        clock.advance(milliseconds: 2_500)
        sheet.close(outcome: .viewPremium)
        clock.advance(milliseconds: 1_000)
        let paywall = tracker.openPaywall(
            source: .blockCap, variant: "annual_focus_v3", trigger: "block_cap_sheet",
            builtCount: 0, sessionCount: 0)
        clock.advance(milliseconds: 20_000)
        paywall.close()
        picker.appBlockSaved(appCount: 7, domainCount: 0, hasCategory: false)
        clock.advance(milliseconds: 800)
        picker.close(appCount: 7, domainCount: 0, hasCategory: false)
        clock.advance(milliseconds: 3_000)
        tracker.log(Tracker.OnboardingStepComplete(phase: .completed))
        // The tutorial's focus session, counted as completed.
        clock.advance(milliseconds: 5_000)
        tracker.log(Tracker.FocusSessionCompleted())
        // Later: a category picked, the sheet reselected, the list saved.
        clock.advance(milliseconds: 3_600_000)
        let again = tracker.openAppPicker(entry: .homeShield)
        let category = tracker.openBlockCapSheet(reason: .category, selectedCount: 2, entry: .homeShield)
        clock.advance(milliseconds: 1_500)
        category.close(outcome: .reselect)
        again.appBlockSaved(appCount: 2, domainCount: 0, hasCategory: false)
        again.close(appCount: 2, domainCount: 0, hasCategory: false)
        // And once more: the sheet swiped away, nothing saved.
        clock.advance(milliseconds: 600_000)
        let third = tracker.openAppPicker(entry: .homeShield)
        let swiped = tracker.openBlockCapSheet(reason: .overLimit, selectedCount: 25, entry: .homeShield)
        clock.advance(milliseconds: 900)
        swiped.close(outcome: .swiped)
        third.close(appCount: 20, domainCount: 5, hasCategory: true)
        // Focused again the next day.
        clock.advance(milliseconds: 86_400_000)
        tracker.log(Tracker.FocusSessionCompleted())
    })

// A new install in the control arm with the unlimited list: no offer, a paywall left without a
// purchase, and later the shield and the picker from the home screen.
sessions.append(
    session("USER-CONTROL-UNLIMITED", version: "3.0.1") { tracker, clock in
        tracker.setOnboardingBlockArm(.control)
        tracker.setBlockCapArm(.unlimited)
        for phase in [Tracker.Phase.intro, .pickBuilding, .guideStart, .demo, .completed] {
            clock.advance(milliseconds: 5_000)
            tracker.log(Tracker.OnboardingStepComplete(phase: phase))
        }
        tracker.openPaywall(
            source: .onboarding, variant: "trial_7d_v1", trigger: "onboarding_end", builtCount: 0,
            sessionCount: 0)
        clock.advance(milliseconds: 3_600_000)
        let shield = tracker.openShieldOptIn(entry: .homeShield)
        clock.advance(milliseconds: 4_000)
        shield.shieldOptInStepShown(step: .privacy)
        clock.advance(milliseconds: 4_000)
        shield.close(step: .privacy, outcome: .dismissed)
        let picker = tracker.openAppPicker(entry: .homeShield)
        clock.advance(milliseconds: 12_000)
        picker.appBlockSaved(appCount: 12, domainCount: 3, hasCategory: true)
        picker.close(appCount: 12, domainCount: 3, hasCategory: true)
        // The notification dialog well after the Screen Time dialog closed the shield flow.
        clock.advance(milliseconds: 90_000)
        tracker.log(Tracker.NotificationPermissionRequested(promptSource: .focusStart))
    })

// The offer arm with the unlimited list: the offer set up, then the shield put off ("later") on
// its first card.
sessions.append(
    session("USER-OFFER-UNLIMITED", version: "3.1.0") { tracker, clock in
        tracker.setOnboardingBlockArm(.offer)
        tracker.setBlockCapArm(.unlimited)
        for phase in [Tracker.Phase.intro, .pickBuilding, .guideStart, .demo] {
            clock.advance(milliseconds: 3_000)
            tracker.log(Tracker.OnboardingStepComplete(phase: phase))
        }
        let offer = tracker.openBlockOffer()
        clock.advance(milliseconds: 12_345)
        offer.close(outcome: .setup)
        tracker.log(Tracker.OnboardingStepComplete(phase: .blockOffer))
        let shield = tracker.openShieldOptIn(entry: .onboarding)
        clock.advance(milliseconds: 2_000)
        shield.close(step: .intro, outcome: .later)
        tracker.log(Tracker.OnboardingStepComplete(phase: .completed))
    })

// The offer arm with the capped list: the offer put off ("later"), straight on to the home
// screen, and a focus session the same day (not another day).
sessions.append(
    session("USER-OFFER-LATER", version: "3.1.0") { tracker, clock in
        tracker.setOnboardingBlockArm(.offer)
        tracker.setBlockCapArm(.cap4)
        for phase in [Tracker.Phase.intro, .pickBuilding, .guideStart, .demo] {
            clock.advance(milliseconds: 2_500)
            tracker.log(Tracker.OnboardingStepComplete(phase: phase))
        }
        let offer = tracker.openBlockOffer()
        clock.advance(milliseconds: 4_321)
        offer.close(outcome: .later)
        tracker.log(Tracker.OnboardingStepComplete(phase: .blockOffer))
        clock.advance(milliseconds: 1_000)
        tracker.log(Tracker.OnboardingStepComplete(phase: .completed))
        clock.advance(milliseconds: 7_200_000)
        tracker.log(Tracker.FocusSessionCompleted())
    })

// An existing user (no arms): paywalls from the home screen and a building, one bought.
sessions.append(
    session("USER-EXISTING", version: "3.0.0") { tracker, clock in
        clock.advance(milliseconds: 60_000)
        tracker.openPaywall(
            source: .home, variant: "lifetime_v2", trigger: "home_premium_button", builtCount: 12,
            sessionCount: 64)
        clock.advance(milliseconds: 600_000)
        let bought = tracker.openPaywall(
            source: .building, variant: "lifetime_v2", trigger: "building_locked",
            builtCount: 4, sessionCount: 30)
        clock.advance(milliseconds: 30_000)
        bought.close()
        clock.advance(milliseconds: 60_000)
        tracker.openPaywall(
            source: .recurring, variant: "annual_focus_v3", trigger: "weekly_reminder", builtCount: 4,
            sessionCount: 31)
        // Misuse the plan catches at run time: dropped and reported, never sent.
        bought.close()  // a pair closed twice
        tracker.openPaywall(
            source: .home, variant: "", trigger: "home_premium_button", builtCount: 4,
            sessionCount: 31)  // a variant shorter than minLength 1
        let sheet = tracker.openBlockCapSheet(reason: .category, selectedCount: -1, entry: .homeShield)  // below edge 0
        sheet.close(outcome: .swiped)  // the open was dropped, so the close is too
    })

let output = sessions.flatMap(\.lines).joined(separator: "\n") + "\n"
guard CommandLine.arguments.count == 2, let file = fopen(CommandLine.arguments[1], "w") else {
    print("usage: driver OUTPUT.ndjson")
    exit(2)
}
fputs(output, file)
fclose(file)
for drop in sessions.flatMap(\.drops) { print(drop) }
