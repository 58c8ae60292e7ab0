import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintCLI
@testable import EventLintKit

/// The built executable's `check` on copies of the shipped plan with a name made invalid.
@Suite struct ShippedPlanToolTests {
    @Test func eventRenamedToFortyFiveCharactersFails() throws {
        let long = "onboarding_step_complete_in_the_new_flow_v300"
        #expect(long.count == 45)
        let copy = try PlanCopy(of: Repository.schema)
        defer { copy.remove() }
        // The declaration, the rule's `on` and the primary metric's `from`.
        #expect(try copy.replace("onboarding_step_complete", with: long) == 3)
        let output = try #require(try EventLintBinary.run(["check", "--schema", copy.url.path]))
        #expect(output.status == 1)
        #expect(output.stdout.contains("error[ga4/event-name-too-long]: event name \"\(long)\" is 45 characters"))
        #expect(output.stdout.contains("onboarding.json5:4:5"))
        #expect(output.stderr.isEmpty)
    }

    @Test func eventRenamedToAReservedNameFails() throws {
        let copy = try PlanCopy(of: Repository.schema)
        defer { copy.remove() }
        // `app_install` is reserved and GA4 never logs it: only a custom event can be meant.
        // The declaration, the pair's open and a step of each journey.
        #expect(try copy.replace("app_picker_shown", with: "app_install") == 4)
        let output = try #require(try EventLintBinary.run(["check", "--schema", copy.url.path]))
        #expect(output.status == 1)
        #expect(output.stdout.contains("error[ga4/reserved-event-name]: event name \"app_install\" is reserved"))
        #expect(output.stdout.contains("block_flow.json5:33:5"))
    }

    @Test func paramRenamedWithAReservedPrefixFails() throws {
        let copy = try PlanCopy(of: Repository.schema)
        defer { copy.remove() }
        // `phase:` is the declaration, the event's use and the rule's condition.
        #expect(try copy.replace("phase:", with: "firebase_x:") == 3)
        let output = try #require(try EventLintBinary.run(["check", "--schema", copy.url.path, "--format", "json"]))
        #expect(output.status == 1)
        let root = try JSONParser.parse(Array(output.stdout.utf8), mode: .strict)
        let findings = try #require(root.member("findings")?.arrayValue)
        let rules = findings.compactMap { $0.member("rule")?.stringValue }
        // Declaration and uses agree, so the reserved prefix is the only thing wrong.
        #expect(rules == ["ga4/reserved-prefix"])
        #expect(findings.first?.member("param")?.stringValue == "firebase_x")
        #expect(findings.first?.member("message")?.stringValue?.contains("\"firebase_\"") == true)
    }
}
