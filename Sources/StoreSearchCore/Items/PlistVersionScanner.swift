import Foundation

/// Reads `formatVersion` from a property-list file by parsing its structure as a stream: the
/// entry of the top-level dictionary, wherever it stands among the other keys (a byte window
/// at the start missed it behind a long first key, and a newer file was overwritten). Runs
/// before every save, so it streams through the file in buffers, at memchr speed outside tags,
/// instead of building the whole document.
struct PlistVersionScanner {
    /// The largest `formatVersion` in the top-level dictionary of the file at `path`; nil when
    /// there is none (no file, or not a property list StoreSearch can read).
    static func formatVersion(ofFileAt path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var scanner = PlistVersionScanner()
        var first = true
        while true {
            let chunk: Data
            do {
                guard let read = try handle.read(upToCount: 256 * 1024), !read.isEmpty else { break }
                chunk = read
            } catch {
                return nil
            }
            if first {
                first = false
                // Binary or UTF-16 lists are not what StoreSearch writes; let Foundation read those whole.
                if chunk.starts(with: Array("bplist".utf8)) || chunk.starts(with: [0xFE, 0xFF]) || chunk.starts(with: [0xFF, 0xFE]) {
                    return FileManager.default.contents(atPath: path).flatMap(foundationVersion)
                }
            }
            chunk.withUnsafeBytes { scanner.feed($0) }
        }
        return scanner.version
    }

    /// The same for a file's contents already in memory.
    static func formatVersion(of data: Data) -> Int? {
        if data.starts(with: Array("bplist".utf8)) || data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) {
            return foundationVersion(data)
        }
        var scanner = PlistVersionScanner()
        data.withUnsafeBytes { scanner.feed($0) }
        return scanner.version
    }

    private static func foundationVersion(_ data: Data) -> Int? {
        let parsed: Any?
        if data.starts(with: Array("bplist".utf8)) {
            parsed = try? BinaryPlistReader.read(data)  // never Foundation's binary parser (it can crash)
        } else {
            parsed = try? PropertyListSerialization.propertyList(from: data, format: nil)
        }
        guard let list = parsed as? [String: Any] else { return nil }
        return list["formatVersion"] as? Int
    }

    private enum Mode { case text, tag, comment, cdata, instruction, declaration }

    private var mode = Mode.text
    private var tag: [UInt8] = []          // the tag being read, up to `tagLimit` bytes
    private var tagLength = 0
    private var lastByte: UInt8 = 0
    private var quote: UInt8 = 0           // the quote a tag's attribute is in, or 0
    private var bracketDepth = 0           // `[` … `]` inside <!DOCTYPE …>
    private var trail: (UInt8, UInt8) = (0, 0)
    private var depth = 0                  // open dict and array elements
    private var capture: [UInt8]?          // text of a top-level key or version value being read
    private var capturingValue = false
    private var lastTopKey: [UInt8]?
    private(set) var version: Int?

    private static let tagLimit = 16
    private static let captureLimit = 64
    private static let versionKey = Array("formatVersion".utf8)

    mutating func feed(_ bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        while index < count {
            if mode == .text {
                if capture == nil {
                    // Nothing to collect: jump to the next tag.
                    guard let found = memchr(bytes.baseAddress! + index, 0x3C, count - index) else { return }
                    index = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
                }
                let byte = bytes[index]
                index += 1
                if byte == 0x3C {
                    // The common case: a plain tag wholly in this buffer, read in place.
                    if let end = plainTagEnd(bytes, from: index) {
                        endTag(UnsafeRawBufferPointer(rebasing: bytes[index..<end]), selfClosing: bytes[end - 1] == 0x2F)
                        index = end + 1
                        continue
                    }
                    startTag()
                } else if capture != nil {
                    if capture!.count < Self.captureLimit { capture!.append(byte) } else { capture = [] ; capturingValue = false }
                }
                continue
            }
            let byte = bytes[index]
            index += 1
            switch mode {
            case .text: break
            case .tag: readTagByte(byte)
            case .comment:
                if byte == 0x3E && trail == (0x2D, 0x2D) { mode = .text }
            case .cdata:
                if byte == 0x3E && trail == (0x5D, 0x5D) { mode = .text }
            case .instruction:
                if byte == 0x3E && trail.1 == 0x3F { mode = .text }
            case .declaration:
                if byte == 0x5B { bracketDepth += 1 } else if byte == 0x5D { bracketDepth -= 1 } else if byte == 0x3E && bracketDepth <= 0 { mode = .text }
            }
            trail = (trail.1, byte)
        }
    }

    /// The index of the ">" ending a tag that starts at `start`, when the tag is in the buffer and
    /// plain (no quotes that could hide a ">", not a comment, CDATA, declaration or instruction).
    private func plainTagEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, bytes[start] != 0x21, bytes[start] != 0x3F,
              let found = memchr(bytes.baseAddress! + start, 0x3E, bytes.count - start) else { return nil }
        let end = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
        let length = end - start
        if memchr(bytes.baseAddress! + start, 0x22, length) != nil || memchr(bytes.baseAddress! + start, 0x27, length) != nil {
            return nil
        }
        return end
    }

    private mutating func startTag() {
        mode = .tag
        tag.removeAll(keepingCapacity: true)
        tagLength = 0
        quote = 0
        lastByte = 0
        trail = (0, 0)
    }

    private mutating func readTagByte(_ byte: UInt8) {
        if quote != 0 {
            if byte == quote { quote = 0 }
            return
        }
        if byte == 0x3E {  // ">"
            mode = .text
            let selfClosing = lastByte == 0x2F
            tag.withUnsafeBytes { endTag($0, selfClosing: selfClosing) }
            return
        }
        if byte == 0x22 || byte == 0x27 { quote = byte }
        if tag.count < Self.tagLimit { tag.append(byte) }
        tagLength += 1
        lastByte = byte
        // Comments, CDATA, <?…?> and <!DOCTYPE …> end differently from tags; decided byte by
        // byte without building anything (this runs for every tag of the file).
        guard tag[0] == 0x21 || tag[0] == 0x3F else { return }  // "!" or "?"
        switch tagLength {
        case 1:
            if byte == 0x3F { mode = .instruction }
        case 2:
            if byte != 0x2D && byte != 0x5B { mode = .declaration; bracketDepth = 0 }  // not "!-" or "!["
        case 3:
            if tag[1] == 0x2D {
                mode = byte == 0x2D ? .comment : .declaration
                trail = (0, 0)
            }
        case 8:
            mode = tag.elementsEqual(Self.cdataOpen) ? .cdata : .declaration
            trail = (0, 0)
            bracketDepth = 0
        default:
            break
        }
    }

    private static let cdataOpen: [UInt8] = Array("![CDATA[".utf8)

    /// Whether `bytes` spell `name` (ASCII), without making a String.
    private static func spells(_ bytes: UnsafeRawBufferPointer, _ name: StaticString) -> Bool {
        guard bytes.count == name.utf8CodeUnitCount else { return false }
        return memcmp(bytes.baseAddress!, name.utf8Start, bytes.count) == 0
    }

    /// Handles a tag whose content (between "<" and ">") begins with `content`.
    private mutating func endTag(_ content: UnsafeRawBufferPointer, selfClosing: Bool) {
        guard !content.isEmpty else { return }
        let closing = content[0] == 0x2F
        var nameEnd = closing ? 1 : 0
        while nameEnd < content.count, content[nameEnd] != 0x20, content[nameEnd] != 0x09, content[nameEnd] != 0x0A,
              content[nameEnd] != 0x0D, content[nameEnd] != 0x2F { nameEnd += 1 }
        let name = UnsafeRawBufferPointer(rebasing: content[(closing ? 1 : 0)..<nameEnd])
        let isContainer = !name.isEmpty && (Self.spells(name, "dict") || Self.spells(name, "array"))
        let isKey = !name.isEmpty && Self.spells(name, "key")
        if closing {
            if depth == 1 && capture != nil {
                if isKey {
                    lastTopKey = capture
                } else if capturingValue, let text = capture.map({ String(decoding: $0, as: UTF8.self) }) {
                    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
                    if let value = ItemStoreFile.plainVersion(trimmed) {
                        version = max(version ?? value, value)
                    }
                    lastTopKey = nil
                }
                capture = nil
                capturingValue = false
            }
            if isContainer { depth -= 1 }
            return
        }
        if depth == 1 {
            if isKey && !selfClosing {
                capture = []
                capturingValue = false
            } else if lastTopKey == Self.versionKey, !selfClosing, !isContainer {
                capture = []  // the value of formatVersion
                capturingValue = true
            } else if !isKey {
                lastTopKey = nil
            }
        }
        if isContainer && !selfClosing {
            if depth == 1 { lastTopKey = nil }
            depth += 1
        }
    }
}
