/// Counts one worker keeps during the line pass; merged by addition, so the summary is the same
/// whatever the thread count.
public struct StreamCounters: Sendable {
    public var linesRead = 0
    public var validLines = 0
    public var invalidLines = 0
    public var blankLines = 0
    /// Lines of a debug console capture that are not analytics entries (the app's own logging),
    /// and Markdown code fences kept around an export.
    public var notAnalyticsLines = 0
    public var oversizeLines = 0
    public var bytes: Int64 = 0
    public var eventsChecked = 0
    public var notEvents = 0
    public var automaticEvents = 0
    public var unknownEvents = 0
    /// Events per plan event index.
    public var perEvent: [Int]
    /// Unknown event names and how often they came: the `unknownNameCap` names that sort first
    /// (the events themselves are all counted in `unknownEvents`). Keeping the first names in
    /// sort order, rather than the first seen, makes the list exact and the same whatever the
    /// job count: a name that sorts among the first `cap` of the whole input sorts among the
    /// first `cap` of every range it occurs in, so every range counted all of its occurrences.
    public internal(set) var unknownNames: [String: Int] = [:]
    /// The keys of `unknownNames`, sorted.
    var unknownNamesSorted: [String] = []
    /// Events per input format.
    public var formatCounts = FormatCounts()
    public var formats: [InputFormat: Int] {
        var result: [InputFormat: Int] = [:]
        for format in InputFormat.allCases where formatCounts[format] > 0 { result[format] = formatCounts[format] }
        return result
    }

    /// A counter per input format: plain stored integers, since an array of them checked its
    /// uniqueness and its bounds on every event.
    public struct FormatCounts: Sendable, Equatable {
        var bigQuery = 0
        var flat = 0
        var measurementProtocol = 0
        var iosConsole = 0
        var androidLogcat = 0

        public subscript(format: InputFormat) -> Int {
            @inline(__always) get {
                switch format {
                case .bigQuery: bigQuery
                case .flat: flat
                case .measurementProtocol: measurementProtocol
                case .iosConsole: iosConsole
                case .androidLogcat: androidLogcat
                }
            }
            @inline(__always) set {
                switch format {
                case .bigQuery: bigQuery = newValue
                case .flat: flat = newValue
                case .measurementProtocol: measurementProtocol = newValue
                case .iosConsole: iosConsole = newValue
                case .androidLogcat: androidLogcat = newValue
                }
            }
        }
    }

    @inline(__always)
    mutating func countUnknownName(_ name: String) {
        if let count = unknownNames[name] {
            unknownNames[name] = count + 1
            return
        }
        if unknownNames.count == Self.unknownNameCap {
            guard let largest = unknownNamesSorted.last, name < largest else { return }
            unknownNames[largest] = nil
            unknownNamesSorted.removeLast()
        }
        unknownNames[name] = 1
        let position = unknownNamesSorted.partitioningIndex { $0 >= name }
        unknownNamesSorted.insert(name, at: position)
    }

    @inline(__always)
    mutating func countFormat(_ format: InputFormat) { formatCounts[format] += 1 }
    /// `[event][param][wire kind]` for plan events and params: string, int, double, bool, other.
    public var wireKinds: [Int]
    /// `[event][param]`: events of this name missing a param the plan requires.
    public var missing: [Int]
    let paramCount: Int

    static let wireKindCount = 5
    static let unknownNameCap = 1000

    init(eventCount: Int, paramCount: Int) {
        self.paramCount = paramCount
        perEvent = Array(repeating: 0, count: eventCount)
        wireKinds = Array(repeating: 0, count: eventCount * paramCount * Self.wireKindCount)
        missing = Array(repeating: 0, count: eventCount * paramCount)
    }

    mutating func add(_ other: StreamCounters) {
        linesRead += other.linesRead
        validLines += other.validLines
        invalidLines += other.invalidLines
        blankLines += other.blankLines
        notAnalyticsLines += other.notAnalyticsLines
        oversizeLines += other.oversizeLines
        bytes += other.bytes
        eventsChecked += other.eventsChecked
        notEvents += other.notEvents
        automaticEvents += other.automaticEvents
        unknownEvents += other.unknownEvents
        for index in perEvent.indices { perEvent[index] += other.perEvent[index] }
        for index in wireKinds.indices { wireKinds[index] += other.wireKinds[index] }
        for index in missing.indices { missing[index] += other.missing[index] }
        for (name, count) in other.unknownNames { unknownNames[name, default: 0] += count }
        if unknownNames.count > Self.unknownNameCap {
            unknownNamesSorted = unknownNames.keys.sorted()
            for name in unknownNamesSorted[Self.unknownNameCap...] { unknownNames[name] = nil }
            unknownNamesSorted.removeLast(unknownNamesSorted.count - Self.unknownNameCap)
        } else if !other.unknownNames.isEmpty {
            unknownNamesSorted = unknownNames.keys.sorted()
        }
        for format in InputFormat.allCases { formatCounts[format] += other.formatCounts[format] }
    }
}

extension Array {
    /// The first index whose element satisfies `belongs` (which must be false, then true, along
    /// the array): a binary search.
    func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
