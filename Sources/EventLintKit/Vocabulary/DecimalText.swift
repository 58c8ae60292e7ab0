/// The one way eventlint writes a measured quantity with a fixed number of decimals (shares,
/// durations, rates): `17.3`, `2` (a zero tenth dropped unless `keepingZero`), `420` with no
/// decimals. Values too large for exact tenths, or not finite, are written in Swift's shortest
/// form instead of being converted, so no input can make it trap.
public enum DecimalText {
    public static func format(_ value: Double, places: Int, keepingZero: Bool = false) -> String {
        let scale = places > 0 ? 10.0 : 1.0
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return String(describing: value) }
        let units = Int64(scaled)
        guard places > 0 else { return String(units) }
        let sign = units < 0 ? "-" : ""
        let (whole, tenth) = units.magnitude.quotientAndRemainder(dividingBy: 10)
        return tenth == 0 && !keepingZero ? "\(sign)\(whole)" : "\(sign)\(whole).\(tenth)"
    }
}
