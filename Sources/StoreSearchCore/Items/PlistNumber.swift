/// `<integer>` and `<real>` as another tool's reader takes them, so a value plistlib (Python) or
/// CFPropertyList (Apple) reads is read here too: hexadecimal (`0x1F`), a sign, space around the
/// number, `_` between digits (`1_000`, Python's), `inf` and `nan` in any case. What is written
/// in no such form, or is an integer beyond 64 bits, is no number here: the caller keeps it as
/// written (`PlistValue.written`).
enum PlistNumber {
    /// What an `<integer>`'s text is.
    enum Integer: Equatable {
        case value(Int)
        /// A number the other readers read that has more than 64 bits.
        case tooLarge
        case none
    }

    /// As plistlib's `int(raw, 16)` after a leading `0x` (the text as written, not trimmed), else `int(raw)`.
    static func integer(_ text: String) -> Integer {
        let bytes = Array(text.utf8)
        if bytes.count >= 2, bytes[0] == UInt8(ascii: "0"), bytes[1] | 0x20 == UInt8(ascii: "x") {
            let digits = trimmed(bytes[2...])
            // Python takes a `_` right after the prefix as well as between digits.
            guard
                let clean = underscoresRemoved(
                    digits.first == UInt8(ascii: "_") ? digits.dropFirst() : digits, isDigit: isHexDigit)
            else { return .none }
            return UInt64(String(decoding: clean, as: UTF8.self), radix: 16).map {
                $0 <= UInt64(Int.max) ? .value(Int($0)) : .tooLarge
            } ?? .tooLarge
        }
        var rest = trimmed(bytes[...])
        let negative = rest.first == UInt8(ascii: "-")
        if negative || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        guard let clean = underscoresRemoved(rest, isDigit: isDigit) else { return .none }
        guard let value = Int((negative ? "-" : "") + String(decoding: clean, as: UTF8.self)) else { return .tooLarge }
        return .value(value)
    }

    /// As Python's `float(raw)`: nil for any other form (C's hexadecimal `0x1p3`, `1e`, `.`).
    static func real(_ text: String) -> Double? {
        var rest = trimmed(Array(text.utf8)[...])
        let negative = rest.first == UInt8(ascii: "-")
        if negative || rest.first == UInt8(ascii: "+") { rest = rest.dropFirst() }
        let sign: Double = negative ? -1 : 1
        switch String(decoding: rest, as: UTF8.self).lowercased() {
        case "inf", "infinity": return sign * .infinity
        case "nan": return .nan
        default: break
        }
        // digits [. [digits]] [e [sign] digits], or . digits [e …]
        var mantissa = rest, exponent: ArraySlice<UInt8> = []
        if let e = rest.firstIndex(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
            mantissa = rest[..<e]
            exponent = rest[(e + 1)...]
            if exponent.first == UInt8(ascii: "-") || exponent.first == UInt8(ascii: "+") {
                exponent = exponent.dropFirst()
            }
            guard underscoresRemoved(exponent, isDigit: isDigit) != nil else { return nil }
        }
        let point = mantissa.firstIndex(of: UInt8(ascii: "."))
        let whole = point.map { mantissa[..<$0] } ?? mantissa
        let fraction = point.map { mantissa[($0 + 1)...] } ?? []
        guard whole.isEmpty || underscoresRemoved(whole, isDigit: isDigit) != nil,
            fraction.isEmpty || underscoresRemoved(fraction, isDigit: isDigit) != nil,
            !(whole.isEmpty && fraction.isEmpty)
        else { return nil }
        let clean = rest.filter { $0 != UInt8(ascii: "_") }
        return Double(String(decoding: clean, as: UTF8.self)).map { sign * $0 }
    }

    /// Digits with single `_` between them, without the `_`; nil when empty or anything else.
    private static func underscoresRemoved(_ bytes: ArraySlice<UInt8>, isDigit: (UInt8) -> Bool) -> [UInt8]? {
        var clean: [UInt8] = []
        clean.reserveCapacity(bytes.count)
        var afterDigit = false
        for byte in bytes {
            if byte == UInt8(ascii: "_") {
                guard afterDigit else { return nil }
                afterDigit = false
            } else {
                guard isDigit(byte) else { return nil }
                clean.append(byte)
                afterDigit = true
            }
        }
        return afterDigit ? clean : nil
    }

    /// Without the white space Python's `strip()` takes away around a number (ASCII's).
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) || (0x1C...0x1F).contains(byte) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return [] }
        return bytes[first...last]
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
