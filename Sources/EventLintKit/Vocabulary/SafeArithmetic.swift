/// Arithmetic and conversions on values that come from input (timestamps, sizes, numbers in
/// the plan or on the command line). Swift traps on overflow and on `Int64(x)` for a `Double`
/// out of range; input must never trap, so every such operation goes through these helpers,
/// which saturate at the type's bounds (and map NaN to zero) instead.
extension Int64 {
    /// `Int64(value)`, clamped to `Int64.min...Int64.max`; NaN gives 0.
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_775_807.0 {
            // 2^63 is the first Double above Int64.max, and Int64.max itself rounds to it.
            self = .max
        } else if value <= -9_223_372_036_854_775_808.0 {
            self = .min
        } else {
            self = Int64(value)
        }
    }

    /// `self + other`, clamped at the bounds.
    @inline(__always)
    public func addingSaturating(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }

    /// `self - other`, clamped at the bounds.
    @inline(__always)
    public func subtractingSaturating(_ other: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(other)
        guard overflow else { return difference }
        return other < 0 ? .max : .min
    }

    /// `self * other`, clamped at the bounds.
    @inline(__always)
    public func multipliedSaturating(by other: Int64) -> Int64 {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        guard overflow else { return product }
        return (self < 0) == (other < 0) ? .max : .min
    }
}

extension Int {
    /// `self + other`, clamped instead of wrapping or trapping (counts summed for reports).
    public func addingSaturating(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other < 0 ? .min : .max
    }

    /// `Int(value)`, clamped to `Int.min...Int.max`; NaN gives 0.
    public init(saturating value: Double) {
        self = Int(Int64(saturating: value))
    }
}

/// The one way eventlint writes a number that came from input or the plan: integral values
/// without a fraction (`30`, `-5`), others in Swift's shortest
/// round-tripping form (`0.5`, `1e+20`), non-finite values as `inf`, `-inf`, `nan`. It never
/// converts a value it cannot hold.
public enum NumberText {
    public static func format(_ number: Double) -> String {
        guard number.isFinite else { return number.isNaN ? "nan" : (number < 0 ? "-inf" : "inf") }
        if number == number.rounded(), abs(number) < 1e15 {
            // Exact in Int64 (|n| < 1e15 < 2^53), and `-0` prints as `0`.
            return String(Int64(number))
        }
        return String(number)
    }
}
