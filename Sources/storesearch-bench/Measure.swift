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

    /// Runs `executable` with `arguments` to its end and reads the figures it printed, a line
    /// each as "name value" ("mapped-ms 183.1"); `output` is all it printed, for a failure.
    static func childFigures(_ executable: URL, arguments: [String]) throws -> (
        figures: [String: Double], output: String
    ) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var figures: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let value = Double(parts[1]) { figures[String(parts[0])] = value }
        }
        return (figures, output)
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
