import Foundation

/// Timing helpers: medians of repeated runs, printed in milliseconds.
enum Measure {
    /// The median duration of `runs` calls of `body`, after one warm-up call.
    static func median(runs: Int, _ body: () throws -> Void) rethrows -> Duration {
        try body()
        var durations: [Duration] = []
        for _ in 0..<runs {
            let start = ContinuousClock.now
            try body()
            durations.append(ContinuousClock.now - start)
        }
        return durations.sorted()[runs / 2]
    }

    static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.2f ms", Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000)
    }

    static func ratio(_ measured: Duration, _ baseline: Duration) -> String {
        String(format: "%.2f×", measured / baseline)
    }

    static func report(_ name: String, _ measured: Duration, baseline: Duration, baselineName: String) {
        print("  \(name): \(milliseconds(measured))  (\(baselineName): \(milliseconds(baseline)); ratio \(ratio(measured, baseline)))")
    }
}
