import Foundation

/// Reads an image's pixel size from its header (PNG, JPEG, GIF) without decoding it, so
/// oversized images from the network can be refused before they cost memory.
public enum ImageDimensions {
    /// The formats the header reader knows; the raw value is gdk-pixbuf's loader name.
    public enum Format: String, Sendable {
        case png, jpeg, gif
    }

    /// The format of `data` from its signature, if it is one the app decodes.
    public static func format(of data: Data) -> Format? {
        let bytes = [UInt8](data.prefix(4))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return .png }
        if bytes.starts(with: Array("GIF".utf8)) { return .gif }
        if bytes.starts(with: [0xFF, 0xD8]) { return .jpeg }
        return nil
    }

    public static func of(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(64 * 1024))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]), bytes.count >= 24 {
            return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        }
        if bytes.starts(with: Array("GIF".utf8)), bytes.count >= 10 {
            return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
        return nil
    }

    /// Walks JPEG segments to the first start-of-frame marker.
    private static func jpeg(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            let length = bigEndian(bytes, index + 2, 2)
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                return (bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2))
            }
            index += 2 + length
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }
}
