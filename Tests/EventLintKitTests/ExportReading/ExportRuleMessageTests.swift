import EventLintTestSupport
import Foundation
import Testing

@testable import EventLintKit

/// The findings of the export reading stage carry the messages of their rules' factories: the
/// shape problems the scanner names, and a few rules of `ExportRules`.
@Suite struct ExportRuleMessageTests {
    static let shapes: [(String, ShapeProblem)] = [
        (#"{"event_name":"offer_shown","event_params":{}}"#, .notAnArray("event_params")),
        (
            #"{"event_name":"offer_shown","event_params":[{"key":"limit_arm","value":"capped"}]}"#,
            .elementValueNotAnObject("event_params", found: .string)
        ),
        (#"{"event_name":7,"event_params":[]}"#, .nameNotAString(key: "event_name")),
        (#"{"page":"home"}"#, .noEventName),
        (#"{"client_id":"1.2","events":[]}"#, .requestWithoutEvents),
        ("17", .lineNotAnObject),
        (#"["offer_shown"]"#, .arrayElementNotAnObject),
    ]

    @Test(arguments: shapes)
    func aShapeProblemIsReportedInTheWordsOfItsFactory(line: String, problem: ShapeProblem) throws {
        let result = try Lint.run([line])
        let found = result.findings(StreamRules.notAnEvent.id)
        #expect(found.map(\.message) == [StreamRules.notAnEventMessage(problem)], "\(result.findings)")
    }

    @Test func theShapeFactoryNamesTheFieldAndTheKind() {
        #expect(StreamRules.notAnEventMessage(.elementNotAnObject("items")) == "an element of items is not an object")
        #expect(
            StreamRules.notAnEventMessage(.elementValueNotAnObject("user_properties", found: .number))
                == #"the value of an element of user_properties must be an object ({"string_value": …} or "#
                + #""int_value", "float_value", "double_value"), not a number"#)
    }

    @Test func aLineOfAnotherFormatIsReportedByItsFactory() throws {
        let line = Export.flat("offer_shown", at: 1, params: [("limit_arm", .string("capped"))])
        let result = try Lint.run([line]) { $0.settings.inputFormat = .bigQuery }
        let found = result.findings(ExportRules.formatMismatch.id)
        let expected = ExportRules.formatMismatch(.flat, forced: .bigQuery, at: SourceLocation(file: "", line: 1))
        #expect(found.map(\.message) == [expected.message])
        #expect(
            expected.message == "the line is a flat debug log line, not a GA4 BigQuery export row (--input-format bq)")
    }

    @Test func aCaptureEntryCutShortIsReportedByItsFactory() throws {
        let capture = try #require(ExportRules.captureEntryTruncated.examples?.failing)
        let result = try LintRuleExampleTests.lint(capture, options: [])
        let found = result.findings(ExportRules.captureEntryTruncated.id)
        let expected = ExportRules.captureEntryTruncated(event: "page_viewed", at: SourceLocation(file: "", line: 1))
        #expect(found.map(\.message) == [expected.message])
        #expect(found.map(\.event) == [expected.event])
    }

    @Test func anUnreadableEntryNamesWhatItLogs() {
        let place = SourceLocation(file: "capture.log", line: 3)
        let event = ExportRules.captureEntryUnreadable(.event, name: "page_viewed", at: place)
        #expect(
            event.message
                == #"this line logs an event "page_viewed" that cannot be read (its name or its params are not in "#
                + "the SDK's form); it is not checked")
        #expect(event.event == "page_viewed")
        let property = ExportRules.captureEntryUnreadable(.userProperty, name: "", at: place)
        #expect(property.message.hasPrefix("this line logs an user property that cannot be read"))
        #expect(property.event == nil)
    }

    @Test func theFindingsOfTheFrontEndComeFromTheirFactories() throws {
        let missing = "/nonexistent-eventlint/export.ndjson"
        let result = LintRunner.run(plan: Lint.enginePlan, request: LintRequest(inputs: [missing]))
        let unread = ExportRules.cannotRead(try #require(result.inputErrors.first))
        #expect(unread.ruleID == ExportRules.cannotRead.id)
        #expect(unread.message == "cannot open '\(missing)': no such file")
        #expect(unread.location.file == missing)
        let unwritten = ExportRules.cannotWrite(path: "/nonexistent-eventlint/rejects", reason: "no such directory")
        #expect(unwritten.message == "cannot write /nonexistent-eventlint/rejects: no such directory")
        let spill = SpillError(action: "create a temporary file in", directory: "/nonexistent-eventlint", errno: ENOENT)
        #expect(ExportRules.cannotSpill(spill).message == spill.description)
        #expect(spill.description.hasPrefix("cannot create a temporary file in /nonexistent-eventlint: "))
    }
}
