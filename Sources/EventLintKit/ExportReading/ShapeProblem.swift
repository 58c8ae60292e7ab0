/// Why a line that is valid JSON is not an event eventlint reads: what the scanner found, with
/// the field it concerns. `StreamRules.notAnEventMessage` words it when the line is reported, so
/// the scanner keeps no text.
public enum ShapeProblem: Sendable {
    /// The line is a JSON value, but not an object.
    case lineNotAnObject
    /// An element of a top-level array (the console's "Save results → JSON") is not an object.
    case arrayElementNotAnObject
    /// Neither an event name nor a Measurement Protocol `events` array.
    case noEventName
    /// A row of the Firebase export before GA4 (`user_dim`, `event_dim`).
    case legacyFirebaseRow
    /// What the Measurement Protocol's validation server answers (`validationMessages`), saved
    /// in place of the request it answers.
    case validationResponse
    /// One param of an event as a row: a query result with `UNNEST(event_params)`.
    case unnestedParamRow
    /// The event name under `key` (`event_name`, `name`) is not a string.
    case nameNotAString(key: String)
    /// A field that must be an array (`event_params`, `items`, `events`, …) is not.
    case notAnArray(StaticString)
    /// A field that must be an object (`params`, `user_properties` of a flat line) is not.
    case notAnObject(StaticString)
    /// `user_properties` is neither the export's array nor a flat object.
    case userPropertiesNeitherArrayNorObject
    /// An element of the array `field` is not an object.
    case elementNotAnObject(StaticString)
    /// An element of the key-value array `field` has no string `key`.
    case elementWithoutKey(StaticString)
    /// The `value` of an element of the key-value array `field` is a JSON value of kind `found`,
    /// not the export's `{"string_value": …}` object.
    case elementValueNotAnObject(StaticString, found: JSONValueKind)
    /// A Measurement Protocol request whose `events` array is empty.
    case requestWithoutEvents
    /// An event of a request whose `name` is not a string.
    case requestEventNameNotAString
    /// An event of a request without a `name`.
    case requestEventWithoutName
}
