import Foundation

/// Mends what makes JSONSerialization refuse a whole body although only one record is bad:
/// invalid UTF-8 (replaced by U+FFFD), numbers too large for a Double such as `1e99999`
/// (replaced by `null`, so that field reads as missing), unpaired UTF-16 surrogate escapes
/// (replaced by `\ufffd`) and raw control characters inside strings (replaced by spaces).
/// One linear pass; used only after a first parse failed, so good bodies pay nothing.
enum JSONRepair {
    static func repaired(_ body: Data) -> Data {
        // String(decoding:) replaces every invalid sequence with U+FFFD.
        let text = String(decoding: body, as: UTF8.self)
        var input = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var index = 0
        var inString = false
        while index < input.count {
            let byte = input[index]
            if inString {
                switch byte {
                case UInt8(ascii: "\""):
                    inString = false
                    output.append(byte)
                    index += 1
                case UInt8(ascii: "\\"):
                    index = copyEscape(input, at: index, into: &output)
                case 0..<0x20:
                    output.append(UInt8(ascii: " "))
                    index += 1
                default:
                    output.append(byte)
                    index += 1
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                output.append(byte)
                index += 1
            } else if byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                var end = index + 1
                while end < input.count, isNumberByte(input[end]) { end += 1 }
                let token = input[index..<end]
                if let value = Double(String(decoding: token, as: UTF8.self)), !value.isFinite {
                    output.append(contentsOf: "null".utf8)
                } else {
                    output.append(contentsOf: token)
                }
                index = end
            } else {
                output.append(byte)
                index += 1
            }
        }
        input = []
        return Data(output)
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    /// Copies the escape at `start` (a backslash), mending unpaired surrogates; returns the next index.
    private static func copyEscape(_ input: [UInt8], at start: Int, into output: inout [UInt8]) -> Int {
        guard start + 1 < input.count else {
            output.append(contentsOf: "\\\\".utf8)  // a lone backslash at the very end
            return start + 1
        }
        guard input[start + 1] == UInt8(ascii: "u") else {
            output.append(contentsOf: input[start...(start + 1)])
            return start + 2
        }
        guard let unit = hexUnit(input, at: start + 2) else {
            output.append(contentsOf: "\\ufffd".utf8)  // "\u" without four hex digits
            return start + 2
        }
        switch unit {
        case 0xD800...0xDBFF:
            if start + 11 < input.count, input[start + 6] == UInt8(ascii: "\\"), input[start + 7] == UInt8(ascii: "u"),
                let low = hexUnit(input, at: start + 8), (0xDC00...0xDFFF).contains(low)
            {
                output.append(contentsOf: input[start..<(start + 12)])
                return start + 12
            }
            output.append(contentsOf: "\\ufffd".utf8)
        case 0xDC00...0xDFFF:
            output.append(contentsOf: "\\ufffd".utf8)
        default:
            output.append(contentsOf: input[start..<(start + 6)])
        }
        return start + 6
    }

    private static func hexUnit(_ input: [UInt8], at start: Int) -> UInt16? {
        guard start + 4 <= input.count else { return nil }
        var value: UInt16 = 0
        for byte in input[start..<(start + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}
