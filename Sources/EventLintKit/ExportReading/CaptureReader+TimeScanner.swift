extension CaptureReader {
    /// Reads the time at the start of a capture line for `parseTime`, one form at a time. Each
    /// form returns nil when the line is not in that form, `.some(nil)` when it is but the time
    /// is invalid, and the time otherwise.
    struct TimeScanner {
        let line: [UInt8]
        var index: Int

        /// The form `YYYY-MM-DD HH:MM:SS(.f)(±HHMM)` (or with `T`).
        mutating func dateTime() -> ParsedTime?? {
            guard let year = digits(4), expect(0x2D), let month = digits(2), expect(0x2D), let day = digits(2),
                index < line.count, line[index] == 0x20 || line[index] == 0x54
            else { return nil }
            index += 1
            guard (1...12).contains(month), (1...31).contains(day), let clock = clock() else { return .some(nil) }
            let offset = zone()
            return ParsedTime(
                micros: CaptureReader.micros(year: year, month: month, day: day) + clock - offset, yearless: false,
                year: year, end: index)
        }

        /// The form `MM-DD HH:MM:SS.fff` (logcat).
        mutating func monthDayTime() -> ParsedTime?? {
            guard let month = digits(2), expect(0x2D), let day = digits(2), expect(0x20) else { return nil }
            guard (1...12).contains(month), (1...31).contains(day), let clock = clock() else { return .some(nil) }
            let offset = zone()
            return ParsedTime(
                micros: 0, yearless: true, month: month, day: day, microsOfDay: clock - offset, end: index)
        }

        /// The form `Mon DD HH:MM:SS` (syslog).
        mutating func syslogTime() -> ParsedTime?? {
            guard index + 4 <= line.count,
                let month = CaptureReader.monthNames.firstIndex(of: CaptureReader.string(line[index..<index + 3])),
                line[index + 3] == 0x20
            else { return nil }
            index += 4
            if expect(0x20) {}
            var day = 0
            while index < line.count, line[index] >= 0x30, line[index] <= 0x39, day < 100 {
                day = day * 10 + Int(line[index] - 0x30)
                index += 1
            }
            guard (1...31).contains(day), expect(0x20), let clock = clock() else { return .some(nil) }
            return ParsedTime(micros: 0, yearless: true, month: month + 1, day: day, microsOfDay: clock, end: index)
        }

        /// The form `SECONDS.fff` (`logcat -v epoch` / monotonic), the last one tried.
        mutating func epochTime() -> ParsedTime? {
            var seconds: Int64 = 0
            var count = 0
            while index < line.count, line[index] >= 0x30, line[index] <= 0x39, count < 12 {
                seconds = seconds * 10 + Int64(line[index] - 0x30)
                index += 1
                count += 1
            }
            guard count >= 1, index < line.count, line[index] == 0x2E else { return nil }
            index += 1
            var micros = seconds * 1_000_000
            var scale: Int64 = 100_000
            var fraction = 0
            while index < line.count, line[index] >= 0x30, line[index] <= 0x39 {
                micros += Int64(line[index] - 0x30) * scale
                scale /= 10
                index += 1
                fraction += 1
            }
            guard fraction >= 3, index < line.count, line[index] == 0x20 else { return nil }
            return ParsedTime(micros: micros, yearless: false, end: index)
        }

        /// `count` decimal digits as a number, or nil (the index may have moved).
        mutating func digits(_ count: Int) -> Int? {
            guard index + count <= line.count else { return nil }
            var value = 0
            for offset in 0..<count {
                let digit = Int(line[index + offset]) - 0x30
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            index += count
            return value
        }

        /// Steps over `byte` if it is next.
        mutating func expect(_ byte: UInt8) -> Bool {
            guard index < line.count, line[index] == byte else { return false }
            index += 1
            return true
        }

        /// `HH:MM:SS(.f)` as microseconds of the day.
        mutating func clock() -> Int64? {
            guard let hour = digits(2), expect(0x3A), let minute = digits(2), expect(0x3A), let second = digits(2),
                hour < 24, minute < 60, second < 61
            else { return nil }
            var micros = (Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)) * 1_000_000
            if index < line.count, line[index] == 0x2E || line[index] == 0x2C {
                index += 1
                var scale: Int64 = 100_000
                while index < line.count, let digit = Optional(Int64(line[index]) - 0x30), digit >= 0, digit <= 9 {
                    micros += digit * scale
                    scale /= 10
                    index += 1
                }
            }
            return micros
        }

        /// A zone offset in microseconds, or 0 (the index unmoved) when there is none.
        mutating func zone() -> Int64 {
            // `+0900`, `-05:00`, `Z`, right after the time or after one space (`logcat -v zone`).
            let save = index
            if index < line.count, line[index] == 0x5A {
                index += 1
                return 0
            }
            if index < line.count, line[index] == 0x20 { index += 1 }
            guard index < line.count, line[index] == 0x2B || line[index] == 0x2D else {
                index = save
                return 0
            }
            let sign: Int64 = line[index] == 0x2D ? -1 : 1
            index += 1
            guard let hours = digits(2) else {
                index = save
                return 0
            }
            _ = expect(0x3A)
            guard let minutes = digits(2) else {
                index = save
                return 0
            }
            return sign * (Int64(hours) * 3600 + Int64(minutes) * 60) * 1_000_000
        }
    }
}
