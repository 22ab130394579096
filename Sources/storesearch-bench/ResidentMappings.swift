import Foundation

/// This process's resident memory per mapping, from /proc/self/smaps: what a change in RSS is made
/// of (libraries mapped and relocated, or heap, stacks and buffers).
struct ResidentMappings {
    /// Resident kilobytes per mapped file path, or per kind of anonymous memory ("[heap]", "[anon]").
    let kilobytes: [String: Int]

    static func now() -> ResidentMappings {
        // Foundation's String(contentsOfFile:) reads procfs files short: read to the end by hand.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else {
            return ResidentMappings(kilobytes: [:])
        }
        var kilobytes: [String: Int] = [:], current = "[anon]"
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ")
            // a mapping's header: range, mode, offset, device, inode, path
            if fields.count >= 5, fields[0].contains("-") {
                current = fields.count >= 6 ? String(fields[5]) : "[anon]"
            } else if fields.first == "Rss:", fields.count >= 2 {
                kilobytes[current, default: 0] += Int(fields[1]) ?? 0
            }
        }
        return ResidentMappings(kilobytes: kilobytes)
    }

    /// What grew since `before`: in mapped files (libraries), and in the rest; the files that grew most.
    func growth(since before: ResidentMappings) -> (files: Int, other: Int, largest: [(name: String, kilobytes: Int)]) {
        var files = 0, other = 0, grown: [(name: String, kilobytes: Int)] = []
        for (name, size) in kilobytes {
            let delta = size - (before.kilobytes[name] ?? 0)
            if name.hasPrefix("/") && !name.hasPrefix("/SYSV") {
                files += delta
                grown.append(((name as NSString).lastPathComponent, delta))
            } else {
                other += delta
            }
        }
        return (files * 1024, other * 1024, Array(grown.sorted { $0.kilobytes > $1.kilobytes }.prefix(4)))
    }
}
