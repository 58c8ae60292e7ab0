/// Where a piece of a capture is: 1-based line and byte column, 0-based absolute byte offset.
public struct CapturePosition: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var byteOffset: Int64

    public init(line: Int, column: Int, byteOffset: Int64) {
        self.line = line
        self.column = column
        self.byteOffset = byteOffset
    }
}

/// A value as the debug console printed it.
public struct CaptureValue: Sendable {
    /// What the console lets us tell about the value's type.
    public enum Kind: Sendable, Equatable {
        /// Bare text such as `4200`, `4200.0` or `later`: the console prints a string and a number
        /// the same way, so the text's shape decides (see docs/input.md, "Value types").
        case printed
        /// Certainly a string: quoted (`"a b"` on iOS) or wrapped (`String(…)` on Android).
        case string
        /// Certainly an integer or a double: wrapped (`Long(…)`, `Double(…)`).
        case int, double
        /// `null`, or a nested dictionary the checks do not read.
        case null, compound
        /// A list (`items`): its elements are in `items`.
        case list
    }

    public var kind: Kind
    /// The value's text, unquoted and unescaped.
    public var text: [UInt8]
    /// The elements of a list of dictionaries or bundles (`items`).
    public var items: [[CaptureField]] = []
    public var position: CapturePosition

    public init(kind: Kind, text: [UInt8], position: CapturePosition) {
        self.kind = kind
        self.text = text
        self.position = position
    }
}

/// One `name = value` of a params block or a bundle.
public struct CaptureField: Sendable {
    /// The name as printed (long form), and its short form if printed.
    public var printedName: String
    public var shortName: String?
    public var value: CaptureValue
    public var position: CapturePosition
}

/// One analytics entry of a capture: an event, a confirmation of one, or a user property change.
public struct CaptureEntry: Sendable {
    public enum Kind: Sendable, Equatable {
        /// An event the app logged.
        case event
        /// The SDK's second report of an event already logged (`Event logged.`, the Android service's
        /// `Logging event: origin=…`, `Debug mode is enabled. Marking event …`): not a new event.
        case confirmation
        /// A user property set (`value`) or removed (`value == nil`).
        case userProperty
        /// `Resetting analytics data`: a new app instance, so a new user from here on.
        case deviceReset
    }

    public var kind: Kind
    public var format: InputFormat
    /// Event or user property name as printed, and its short form.
    public var printedName = ""
    public var shortName: String?
    /// `app`, `auto`, `fcm`…, where the console prints it.
    public var origin: String?
    public var params: [CaptureField] = []
    /// The user property's value; nil when it was removed.
    public var value: CaptureValue?
    /// Start of the entry's first line, and of its name.
    public var start: CapturePosition
    public var namePosition: CapturePosition
    /// Microseconds since the epoch (year-less forms: within an assumed year, ordered in the file).
    public var timestamp: Int64?
    /// Lines the entry spans.
    public var lineCount = 1
    /// The entry ends before its params block or bundle does (cut, or the file ended).
    public var truncated = false
    /// The SDK line names an entry that cannot be read (no name, a block that does not parse).
    public var unreadable = false
    /// The line's time cannot be held (a year-less time past the last year a timestamp holds).
    public var timeOutOfRange = false
    /// Where the line stands among the SDK's lines of one event, in the order it prints them.
    /// iOS: 0 `Logging event`, 1 the debug-mode notice (`Debug mode is enabled. Marking event
    /// …`), 2 `Event logged.`, 3 the real-time marking printed when the event is uploaded
    /// (`Event is not subject to real-time … Marking an event as real-time.`). Android: 0 the copy passed to a registered event handler (Tag Manager),
    /// which logs the event again, 1 `Logging event (FE)`, 2 the service's `Logging event:
    /// origin=…`, 3 its `Event recorded:`.
    var reportStage = 0
    /// The platform's last report of an event (the real-time marking, `Event recorded:`):
    /// nothing follows it.
    var lastReport = false
    /// A notice (iOS: debug mode, real-time marking): an event may print more than one at the
    /// same stage.
    var notice = false
    /// A user property set that reports the request just before it with the same name and
    /// value (iOS `User property set.` after `Setting user property.`, Android's service line
    /// after the `(FE)` one): the same change, checked once, at the request.
    var reportsRequest = false
    /// A second copy of an SDK line the console printed already: an old Xcode console echoes each
    /// message through ASL, with a shorter prefix (`App[pid] <Debug> `) a few milliseconds later.
    /// Read, so that its lines are the entry's, and never counted again.
    var isEcho = false

    public init(kind: Kind, format: InputFormat, start: CapturePosition) {
        self.kind = kind
        self.format = format
        self.start = start
        namePosition = start
    }
}
