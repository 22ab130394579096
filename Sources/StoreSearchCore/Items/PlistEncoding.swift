internal import CGLib
import Foundation

/// GMarkup reads UTF-8 only, but other tools write property lists with a byte-order mark, in
/// UTF-16, or declare another encoding (`<?xml … encoding="ISO-8859-1"?>`). Such text is turned
/// into UTF-8 before parsing, through GLib's `g_convert` (every encoding iconv knows); a byte that
/// is invalid in the encoding makes the file damaged rather than being replaced.
enum PlistEncoding {
    /// `data` as UTF-8 with no byte-order mark: the same bytes when they are UTF-8 already.
    static func utf8(_ data: Data) throws(ItemFileFields.Damaged) -> Data {
        guard let encoding = declared(data) else { return data }
        if encoding == "UTF-8" { return Data(data.dropFirst(3)) }  // only its byte-order mark
        return try convert(data, from: encoding)
    }

    /// True when `prefix` (the first bytes of a file) is not plain UTF-8 as GMarkup reads it.
    static func needsConversion(_ prefix: Data) -> Bool { declared(prefix) != nil }

    /// The encoding `data` is in when that is not plain UTF-8 (`UTF-8` itself means a byte-order
    /// mark to drop), from its byte-order mark, the way `<?xml` is spelled, or its declaration.
    private static func declared(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(256))
        switch bytes.prefix(4) {
        case [0xFF, 0xFE, 0x00, 0x00], [0x3C, 0x00, 0x00, 0x00]: return "UTF-32LE"
        case [0x00, 0x00, 0xFE, 0xFF], [0x00, 0x00, 0x00, 0x3C]: return "UTF-32BE"
        default: break
        }
        switch bytes.prefix(2) {
        case [0xFF, 0xFE], [0x3C, 0x00]: return "UTF-16LE"
        case [0xFE, 0xFF], [0x00, 0x3C]: return "UTF-16BE"
        default: break
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return "UTF-8" }
        // `<?xml version="1.0" encoding="NAME"?>`: ASCII in every encoding this branch reaches.
        guard bytes.starts(with: Array("<?xml".utf8)), let end = bytes.firstIndex(of: 0x3E) else { return nil }
        let declaration = String(decoding: bytes[..<end], as: UTF8.self)
        guard let key = declaration.range(of: "encoding") else { return nil }
        let rest = declaration[key.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        let name = rest.dropFirst().prefix { $0 != quote }.uppercased()
        // A wide encoding declared in bytes that spell `<?xml` in ASCII is a wrong declaration.
        let isUTF8 =
            name.isEmpty || name == "UTF-8" || name == "UTF8" || name.hasPrefix("UTF-16") || name.hasPrefix("UTF-32")
        return isUTF8 ? nil : name
    }

    private static func convert(_ data: Data, from encoding: String) throws(ItemFileFields.Damaged) -> Data {
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        var written: gsize = 0
        let converted = data.withUnsafeBytes { bytes in
            g_convert(
                bytes.baseAddress?.assumingMemoryBound(to: CChar.self), gssize(bytes.count), "UTF-8", encoding, nil,
                &written, &error)
        }
        guard let converted else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown"
            throw ItemFileFields.Damaged(description: "not readable as \(encoding): \(reason)")
        }
        defer { g_free(converted) }
        let utf8 = Data(bytes: converted, count: Int(written))
        // a UTF-16 byte-order mark comes through as U+FEFF
        return utf8.starts(with: [0xEF, 0xBB, 0xBF]) ? Data(utf8.dropFirst(3)) : utf8
    }
}
