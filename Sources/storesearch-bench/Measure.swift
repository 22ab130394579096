import Foundation

/// Timing helpers: medians of repeated runs, printed in milliseconds.
enum Measure {
    /// Runs `measured` and `baseline` alternately (so machine noise hits both alike) and
    /// prints their medians and ratio.
    static func compare(
        _ name: String, runs: Int = 20, _ measured: () throws -> Void,
        against baselineName: String, _ baseline: () throws -> Void
    ) rethrows {
        try measured()
        try baseline()  // warm-up
        var measuredTimes: [Duration] = [], baselineTimes: [Duration] = []
        for _ in 0..<runs {
            measuredTimes.append(try time(measured))
            baselineTimes.append(try time(baseline))
        }
        let median = measuredTimes.sorted()[runs / 2], baselineMedian = baselineTimes.sorted()[runs / 2]
        print(
            "  \(name): \(milliseconds(median))  (\(baselineName): \(milliseconds(baselineMedian)); "
                + "ratio \(ratio(median, baselineMedian)))")
    }

    static func time(_ body: () throws -> Void) rethrows -> Duration {
        let start = ContinuousClock.now
        try body()
        return ContinuousClock.now - start
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(
            format: "%.2f ms",
            Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
    }

    static func ratio(_ measured: Duration, _ baseline: Duration) -> String {
        String(format: "%.2f×", measured / baseline)
    }
}
