/// Which of `lint`'s rule ids the generated SQL computes, and why the others are left out. The
/// differential test compares exactly the `computed` ids; `docs/sql.md` shows both lists.
public enum SQLCoverage {
    /// Rule ids the SQL computes with `lint`'s semantics on GA4 BigQuery export rows.
    public static let computed: [Rule] =
        [
            StreamRules.unknownEvent, StreamRules.unknownParam, StreamRules.unexpectedParam, StreamRules.duplicateParam,
            StreamRules.missingRequiredParam, StreamRules.wrongType, StreamRules.valueNotAllowed,
            StreamRules.bucketLabelUnknown, StreamRules.valueOutOfRange, StreamRules.valueLength,
            StreamRules.valueTooLong,
            StreamRules.tooManyParams, StreamRules.unknownUserProperty, StreamRules.userPropertyValueNotAllowed,
            StreamRules.userPropertyValueTooLong, StreamRules.userPropertyWrongType, StreamRules.firebaseError,
            StreamRules.missingUserID, StreamRules.invalidTimestamp,
        ] + PairRules.all + CrossEventRules.all
        + ExperimentRules.all
        + OnceRules.all + JourneyRules.all

    public static var computedIDs: [String] { computed.map(\.id) }

    /// `lint` rule ids about the stream that SQL over loaded tables cannot see, with the reason.
    public static let leftOut: [(id: String, reason: String)] = [
        (
            StreamRules.notAnEvent.id,
            "BigQuery tables hold only rows of the GA4 schema: a line of another shape never reaches them"
        )
    ]
}
