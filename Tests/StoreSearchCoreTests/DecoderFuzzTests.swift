import Foundation
import TestSupport
import XCTest
@testable import StoreSearchCore

/// Mutated real-shaped answers, from a fixed seed so that any failure repeats: no body may
/// crash the decoder or take long. `make test` runs 2,000 bodies; `make fuzz` runs 100,000
/// (`STORESEARCH_FUZZ_BODIES`).
final class DecoderFuzzTests: XCTestCase {
    /// Text that has broken real decoders: huge numbers, bad escapes, bad UTF-8, deep nesting,
    /// tag soup, long runs, other types where strings belong.
    private static let nasty: [[UInt8]] =
        [
            "1e99999", "-1E+400000", "123456789012345678901234567890", "\\ud800", "\\udc00\\ud800", "\\u12", "\\",
            "null", "true", "[]", "{}", "\"", "\":\"", ",", "]", "}", String(repeating: "[", count: 600),
            String(repeating: "<", count: 5000),
            "&#xFFFFFFFF;", "&#0;", "&amp", "<p><br><li>", "file:///etc/passwd", "javascript:alert(1)", "\u{0}",
            "\u{1F}",
            String(repeating: "\u{301}", count: 2000), String(repeating: "A", count: 20_000), "\"trackId\":1e400,",
            "0.000000000000000000001e-400",
        ].map { Array($0.utf8) } + [
            [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xEF, 0xBB, 0xBF],
        ]

    private static var seeds: [[UInt8]] {
        [
            "song.json", "software.json", "ebook.json", "audiobook.json", "all-mixed.json", "unicode.json",
            "wrong-types.json", "movie.json",
            "podcast.json", "japan-jpy.json",
        ].map { Array(Fixture.data($0)) }
    }

    private static func mutate(_ body: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var body = body
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            guard !body.isEmpty else { body = nasty.randomElement(using: &random)!; continue }
            let at = Int.random(in: 0..<body.count, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0: body[at] = UInt8.random(in: 0...255, using: &random)
            case 1:  // inside a string, mostly
                let quote = body[at...].firstIndex(of: UInt8(ascii: "\"")).map { $0 + 1 } ?? at
                body.insert(contentsOf: nasty.randomElement(using: &random)!, at: quote)
            case 2: body.removeSubrange(at..<min(body.count, at + Int.random(in: 1...64, using: &random)))
            case 3:  // repeat a slice: long fields, many records
                let slice = body[at..<min(body.count, at + Int.random(in: 1...400, using: &random))]
                for _ in 0..<Int.random(in: 1...20, using: &random) { body.insert(contentsOf: slice, at: at) }
            case 4: body = Array(body.prefix(at))  // cut off
            case 5:  // a value replaced by something nasty
                if let colon = body[at...].firstIndex(of: UInt8(ascii: ":")),
                    let end = body[colon...].firstIndex(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "}") })
                {
                    body.replaceSubrange((colon + 1)..<end, with: nasty.randomElement(using: &random)!)
                }
            default: body[at] ^= 1 << UInt8.random(in: 0...7, using: &random)
            }
        }
        return body
    }

    func testMutatedBodiesNeverCrashOrTakeLong() {
        let count = Int(ProcessInfo.processInfo.environment["STORESEARCH_FUZZ_BODIES"] ?? "") ?? 2_000
        var random = SeededGenerator(seed: 20_261_123)
        let seeds = Self.seeds
        var slow: [(index: Int, milliseconds: Double, bytes: Int)] = []
        var decoded = 0, refused = 0
        var slowest = Duration.zero
        for index in 0..<count {
            let body = Data(Self.mutate(seeds.randomElement(using: &random)!, using: &random))
            let start = ContinuousClock.now
            do {
                let results = try SearchResponseDecoder.decode(body, limit: 200)
                decoded += 1
                for result in results {
                    XCTAssertLessThanOrEqual(result.name.unicodeScalars.count, TextBounds.name)
                    if let url = result.storeURL { XCTAssertNotNil(WebLink.web(url)) }
                }
            } catch {
                refused += 1
            }
            let elapsed = ContinuousClock.now - start
            slowest = max(slowest, elapsed)
            if elapsed > .milliseconds(100) {
                slow.append(
                    (
                        index,
                        Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000,
                        body.count
                    ))
            }
        }
        print(
            "DecoderFuzzTests: \(count) bodies, \(decoded) decoded, \(refused) refused; slowest \(slowest); "
                + "\(slow.count) over 100 ms (debug build): \(slow.prefix(10).map { "#\($0.index) \(Int($0.milliseconds)) ms, \($0.bytes) bytes" })"
        )
        // A body is small (a few KB to a few hundred KB); only non-linear work could take seconds.
        XCTAssertLessThan(slowest, .seconds(5), "no body takes seconds to decode")
    }
}
