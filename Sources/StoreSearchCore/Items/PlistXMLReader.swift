internal import CGLib
import Foundation

/// Reads an XML property list with GLib's streaming parser (GMarkup), so any list another tool
/// writes reads as it means: other indentation and key order, comments, CDATA, character and
/// entity references. The top-level dictionary is never built whole: each record of its `items`
/// array is decoded straight from the parser's events (`ItemRecordDecoder`) and handed on as soon
/// as it is complete, and reading stops once `formatVersion` is read when that is all the caller
/// wants, or when it is too new. The file as StoreSearch writes it is read faster by
/// `ItemFileScanner`; this reader reads every other file, and that one whenever it surprises the scanner.
final class PlistXMLReader {
    /// The top-level `formatVersion`, when written as a plain number (`0x10` or `2.0` is none).
    private(set) var version: Int?
    private let stopAt: (Int) -> Bool
    private let item: (ItemRecord, [(key: String, text: String)]) throws -> Void
    private let other: (String, PlistValue) -> Void
    /// A top-level `items` array begins: one written before it no longer counts (a key written
    /// twice: the last one counts, as Foundation's and Python's readers take it).
    private let itemsBegan: () -> Void
    private var failure: (any Error)?
    /// Nesting an item file never needs (the binary reader's bound too): a deeper array or
    /// dictionary is left out whole, so no value the reader builds, nor the writer writes, is deeper.
    static let maximumDepth = 64
    /// How many values were left out for being deeper than that.
    private(set) var tooDeep = 0
    /// The elements still open inside a value being left out.
    private var skipping = 0

    /// A dictionary or array being read, changed in place (by index) so a long one is not copied
    /// at each value. A record and its `edits` and `snapshot` (`place`) go to `record` instead.
    private struct Open {
        let isArray: Bool
        var isItems = false
        var place: ItemRecordDecoder.Place?
        var fields: [String: PlistValue] = [:]
        var values: [PlistValue] = []
        var key: String?
    }
    private var open: [Open] = []
    private var record: ItemRecordDecoder?
    private var reading: ItemFileFields.Reading
    private var sawDictionary = false
    private var text: String?  // the characters of the key or value being read

    private init(
        stopAt: @escaping (Int) -> Bool, locale: Locale = Locale(identifier: "en_US_POSIX"),
        item: @escaping (ItemRecord, [(key: String, text: String)]) throws -> Void = { _, _ in },
        other: @escaping (String, PlistValue) -> Void = { _, _ in }, itemsBegan: @escaping () -> Void = {}
    ) {
        self.stopAt = stopAt
        self.item = item
        self.other = other
        self.itemsBegan = itemsBegan
        reading = ItemFileFields.Reading(locale: locale)
    }

    /// Reads the list that `blocks` feeds (`feed` returns false once reading has stopped), handing
    /// on each record with the keys of the values it could not read, and each other top-level key
    /// (another tool's), and returns its version. Throws `Damaged` when the list is not
    /// well-formed or its top is not a dictionary, and what `blocks` or `item` throws.
    /// `tooDeep` counts the values left out for nesting deeper than `maximumDepth`.
    static func read(
        _ blocks: (_ feed: (Data) -> Bool) throws -> Void, stoppingAbove supported: Int, locale: Locale,
        tooDeep: inout Int,
        item: @escaping (ItemRecord, [(key: String, text: String)]) throws -> Void,
        other: @escaping (String, PlistValue) -> Void, itemsBegan: @escaping () -> Void = {}
    ) throws -> Int? {
        let reader = PlistXMLReader(
            stopAt: { $0 > supported }, locale: locale, item: item, other: other, itemsBegan: itemsBegan)
        defer { tooDeep += reader.tooDeep }
        return try reader.run(blocks)
    }

    /// The version of the list in `data`, read up to the version only; nil when there is none.
    static func version(of data: Data) -> Int? {
        try? PlistXMLReader(stopAt: { _ in true }).run { feed in _ = feed(data) }
    }

    /// The same for the file at `path`, read a block at a time until the version is found (the
    /// whole file when it is in another encoding than UTF-8).
    static func version(ofFileAt path: String) -> Int? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        if let prefix = try? file.read(upToCount: 256), PlistEncoding.needsConversion(prefix) {
            return (try? Data(contentsOf: URL(fileURLWithPath: path))).flatMap { try? PlistEncoding.utf8($0) }.flatMap(
                version(of:))
        }
        try? file.seek(toOffset: 0)
        return try? PlistXMLReader(stopAt: { _ in true }).run { feed in
            while let block = try? file.read(upToCount: 64 * 1024), !block.isEmpty, feed(block) {}
        }
    }

    private static let parser: GMarkupParser = {
        var parser = GMarkupParser()
        parser.start_element = { _, name, _, _, reader, error in
            Unmanaged<PlistXMLReader>.fromOpaque(reader!).takeUnretainedValue().start(Element(name!), error)
        }
        parser.end_element = { _, name, reader, error in
            Unmanaged<PlistXMLReader>.fromOpaque(reader!).takeUnretainedValue().end(Element(name!), error)
        }
        parser.text = { _, text, length, reader, _ in
            let reader = Unmanaged<PlistXMLReader>.fromOpaque(reader!).takeUnretainedValue()
            guard reader.text != nil else { return }  // space between elements
            let chunk = String(decoding: UnsafeRawBufferPointer(start: text, count: Int(length)), as: UTF8.self)
            if reader.text!.isEmpty { reader.text = chunk } else { reader.text! += chunk }
        }
        return parser
    }()

    /// Runs the parser over what `body` feeds it; `feed` returns false once parsing has stopped.
    private func run(_ body: (_ feed: (Data) -> Bool) throws -> Void) throws -> Int? {
        var parser = Self.parser
        let context = g_markup_parse_context_new(
            &parser, G_MARKUP_TREAT_CDATA_AS_TEXT, Unmanaged.passUnretained(self).toOpaque(), nil)
        defer { g_markup_parse_context_free(context) }
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        var stopped = false, first = true
        try body { block in
            let parts = first ? Self.withoutDoctype(block) : [block]
            first = false
            stopped =
                stopped
                || !parts.allSatisfy { part in
                    part.withUnsafeBytes { g_markup_parse_context_parse(context, $0.baseAddress, $0.count, &error) }
                        != 0
                }
            return !stopped && version.map(stopAt) != true
        }
        if let failure { throw failure }
        if version.map(stopAt) == true { return version }
        if !stopped, g_markup_parse_context_end_parse(context, &error) != 0, sawDictionary { return version }
        throw ItemFileFields.Damaged(
            description: error.map { String(cString: $0.pointee.message) } ?? "no dictionary at the top")
    }

    /// GMarkup reads `<!DOCTYPE …>` only without an internal subset (`[ <!ENTITY x "a>b"> ]`), so the
    /// declaration, which says nothing a property list needs, is left out: the parser gets what
    /// precedes it and what follows it (slices, not copies).
    private static func withoutDoctype(_ data: Data) -> [Data] {
        // it precedes the root
        guard let start = data.prefix(4096).firstRange(of: Data("<!DOCTYPE".utf8))?.lowerBound else { return [data] }
        var index = start, depth = 0, quote: UInt8?
        while index < data.endIndex {
            let byte = data[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == 0x22 || byte == 0x27 {
                quote = byte
            }  // " or '
            else if byte == 0x5B {
                depth += 1
            } else if byte == 0x5D {
                depth -= 1
            }  // [ ]
            else if byte == 0x3E, depth <= 0 {
                return [data[..<start], data[(index + 1)...]]
            }  // >
            index += 1
        }
        return [data]
    }

    /// Stops the parser: the reason is `failure` (or, once the version is known, nothing is wrong).
    private func stop(_ reason: String?, _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) {
        if let reason, failure == nil { failure = ItemFileFields.Damaged(description: reason) }
        g_set_error_literal(error, g_quark_from_static_string("storesearch-plist"), 0, reason ?? "stopped")
    }

    /// The elements of a property list, told apart without making a string of each name.
    private enum Element {
        case plist, dict, array, key, string, integer, real, date, data, yes, no, other

        init(_ name: UnsafePointer<CChar>) {
            func named(_ text: StaticString) -> Bool {
                strcmp(name, UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
            }
            self =
                switch UInt8(bitPattern: name[0]) {
                case UInt8(ascii: "k") where named("key"): .key
                case UInt8(ascii: "s") where named("string"): .string
                case UInt8(ascii: "d") where named("dict"): .dict
                case UInt8(ascii: "d") where named("date"): .date
                case UInt8(ascii: "d") where named("data"): .data
                case UInt8(ascii: "i") where named("integer"): .integer
                case UInt8(ascii: "a") where named("array"): .array
                case UInt8(ascii: "r") where named("real"): .real
                case UInt8(ascii: "t") where named("true"): .yes
                case UInt8(ascii: "f") where named("false"): .no
                case UInt8(ascii: "p") where named("plist"): .plist
                default: .other
                }
        }
    }

    private func start(_ element: Element, _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) {
        if skipping > 0 || ((element == .dict || element == .array) && open.count >= Self.maximumDepth) {
            skipping += 1
            return
        }
        switch element {
        case .plist: break
        case .dict:
            sawDictionary = sawDictionary || open.isEmpty
            open.append(Open(isArray: false, place: beginRecordPart()))
        case .array:
            let isItems = open.count == 1 && open[0].key == "items"
            if isItems { itemsBegan() }
            open.append(Open(isArray: true, isItems: isItems))
        case .key, .string, .integer, .real, .date, .data, .yes, .no: text = ""
        case .other: stop("an unknown element", error)
        }
    }

    /// A dictionary starts: a record of `items`, or its `edits` or `snapshot`, is decoded key by key.
    private func beginRecordPart() -> ItemRecordDecoder.Place? {
        guard let top = open.indices.last else { return nil }
        if open[top].isItems {
            record = ItemRecordDecoder()
            return .record
        }
        guard open[top].place == .record, let key = open[top].key, let nested = ItemRecordDecoder.place(ofNested: key)
        else { return nil }
        open[top].key = nil  // its value is this dictionary, read into the record
        record?.begin(nested)
        return nested
    }

    private func end(_ element: Element, _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) {
        if skipping > 0 {
            skipping -= 1
            if skipping == 0 { leaveOutTooDeep() }
            return
        }
        let content = text ?? ""
        text = nil
        // Numbers and dates may have space around them (a hand edit); they have none inside.
        var trimmed: String { Self.trimmed(content) }
        let value: PlistValue?
        switch element {
        case .key:
            guard let last = open.last, !last.isArray, last.key == nil else { return stop("a misplaced key", error) }
            open[open.count - 1].key = content
            return
        case .dict, .array:
            guard let last = open.popLast() else { return }
            guard last.isArray || last.key == nil else { return stop("a key without a value", error) }
            if last.place == .record { return finishRecord(error) }
            if last.place != nil { return }  // `edits` or `snapshot`: already in the record
            value = last.isArray ? .array(last.values) : .dictionary(last.fields)
        case .string: value = .string(content)
        case .integer:
            switch PlistNumber.integer(content) {
            case .value(let number): value = .integer(number)
            case .tooLarge: value = .written(.integer, content)  // other readers read it: kept as written
            case .none: value = nil
            }
        // NaN equals nothing, not even itself: kept as written, so a record holding one equals its copy
        case .real: value = PlistNumber.real(content).map { $0.isNaN ? .written(.real, content) : .real($0) }
        case .date: value = ISO8601Date.parse(trimmed).map(PlistValue.date)
        case .data: value = Data(base64Encoded: content, options: .ignoreUnknownCharacters).map(PlistValue.data)
        case .yes, .no: value = .bool(element == .yes)
        case .plist, .other: return
        }
        // In a record, a value that cannot be read (a date that is none) is the field's to refuse
        // and keep as written, in its element; elsewhere it makes the file damaged.
        guard let value = value ?? (open.last?.place != nil ? Self.written(element, content) : nil) else {
            return stop("a value that cannot be read", error)
        }
        do {
            try add(value, error)
        } catch let thrown {
            failure = failure ?? thrown
            stop(nil, error)
        }
    }

    private func finishRecord(_ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?) {
        do {
            guard let decoded = try record.take()?.finish(reading: &reading) else { return }
            try item(decoded, reading.refused)
            reading.refused.removeAll(keepingCapacity: true)
        } catch let thrown {
            failure = failure ?? thrown
            stop(nil, error)
        }
    }

    /// A value nested too deep was skipped: the key it belonged to goes with it.
    private func leaveOutTooDeep() {
        tooDeep += 1
        if tooDeep == 1 {
            CoreLog.warning("Items", "left out a value nested more than \(Self.maximumDepth) levels deep")
        }
        if let top = open.indices.last, !open[top].isArray { open[top].key = nil }
    }

    private func add(_ value: PlistValue, _ error: UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?)
        throws
    {
        let top = open.count - 1
        guard top >= 0 else {
            if case .dictionary = value { return }
            return stop("no dictionary at the top", error)
        }
        if open[top].isArray {
            if open[top].isItems { throw ItemFileFields.Damaged(description: "an item is not a dictionary") }
            return open[top].values.append(value)
        }
        guard let key = open[top].key else { return stop("a value without a key", error) }
        open[top].key = nil
        if let place = open[top].place {
            record?.take(key, value, in: place, reading: &reading)
        } else if top > 0 {
            open[top].fields[key] = value
        } else if key == "formatVersion" {
            // as every reader reads an integer (`0x4`, `+4`), or plain digits as text; none is below 0
            switch value {
            case .integer(let number) where number >= 0: version = number
            case .string(let text):
                guard case let digits = Self.trimmed(text), digits.count <= 9,
                    digits.allSatisfy({ ("0"..."9").contains($0) }), let number = Int(digits)
                else { return }
                version = number
            default: return
            }
            guard let version else { return }
            if stopAt(version) { stop(nil, error) }
        } else if key != "items" {  // its records went on one by one
            other(key, value)
        }
    }

    /// A value of `element` no reader here takes, as written; a string's is always read.
    private static func written(_ element: Element, _ text: String) -> PlistValue? {
        switch element {
        case .integer: .written(.integer, text)
        case .real: .written(.real, text)
        case .date: .written(.date, text)
        default: nil
        }
    }

    private static func trimmed(_ text: String) -> String {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard text.utf8.first.map(isSpace) == true || text.utf8.last.map(isSpace) == true else { return text }
        return String(
            decoding: text.utf8.drop(while: isSpace).reversed().drop(while: isSpace).reversed(), as: UTF8.self)
    }
}
