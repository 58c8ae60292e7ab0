import Glibc

/// The chi-squared goodness-of-fit test of the sample-ratio check: counts against the shares
/// they are meant to have, and the probability of a statistic at least as large by chance.
/// Computed once per experiment after every part of the run is merged, from integer counts, so
/// the result does not depend on how the work was split.
enum ChiSquared {
    /// Pearson's statistic of `counts` against `shares` (which sum to 1); 0 when no count.
    /// The statistic whose p-value is `p`: above it the p-value is below `p` (bisection; the
    /// p-value falls as the statistic grows). `sql` compares its χ² with it.
    static func criticalValue(p: Double, degreesOfFreedom: Int) -> Double {
        var (low, high) = (0.0, 1.0)
        while pValue(statistic: high, degreesOfFreedom: degreesOfFreedom) > p, high < 1e9 { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if pValue(statistic: middle, degreesOfFreedom: degreesOfFreedom) > p { low = middle } else { high = middle }
        }
        return high
    }

    static func statistic(counts: [Int], shares: [Double]) -> Double {
        let total = Double(counts.reduce(0, +))
        guard total > 0 else { return 0 }
        var sum = 0.0
        for (count, share) in zip(counts, shares) where share > 0 {
            let expected = total * share
            let difference = Double(count) - expected
            sum += difference * difference / expected
        }
        return sum
    }

    /// The probability that a chi-squared variable with `degreesOfFreedom` is at least
    /// `statistic`: the regularized upper incomplete gamma function Q(df/2, x/2).
    static func pValue(statistic: Double, degreesOfFreedom: Int) -> Double {
        guard degreesOfFreedom > 0, statistic.isFinite else { return statistic.isNaN ? 1 : 0 }
        guard statistic > 0 else { return 1 }
        return upperRegularizedGamma(Double(degreesOfFreedom) / 2, statistic / 2)
    }

    /// Q(a, x) = Γ(a, x) / Γ(a), for a > 0 and x ≥ 0: by its series below a + 1 (as 1 − P), by a
    /// continued fraction (modified Lentz) above, each to double precision (Numerical Recipes §6.2).
    static func upperRegularizedGamma(_ a: Double, _ x: Double) -> Double {
        guard x > 0 else { return 1 }
        let logPrefix = a * log(x) - x - lgamma(a)
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var denominator = a
            for _ in 0..<1000 {
                denominator += 1
                term *= x / denominator
                sum += term
                if abs(term) < abs(sum) * 1e-16 { break }
            }
            return max(0, min(1, 1 - sum * exp(logPrefix)))
        }
        let tiny = 1e-300
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var fraction = d
        for step in 1...1000 {
            let an = -Double(step) * (Double(step) - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            fraction *= delta
            if abs(delta - 1) < 1e-16 { break }
        }
        return max(0, min(1, exp(logPrefix) * fraction))
    }
}
