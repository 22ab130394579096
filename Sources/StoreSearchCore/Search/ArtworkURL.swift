import Foundation

/// iTunes artwork URLs end in "100x100bb.jpg"; the same path with another size gives that size.
public enum ArtworkURL {
    /// The size of the thumbnails search answers link to (`artworkUrl100`).
    public static let thumbnailPixels = 100

    /// Replaces the last "NxNbb" in the file name. A hand-written scan: a regular expression was
    /// compiled on every call and took a third of the time to decode a search.
    public static func resized(_ url: URL, to pixels: Int) -> URL {
        let text = url.absoluteString
        guard let suffix = text.range(of: "bb", options: .backwards),
            let size = sizeRange(in: text, endingAt: suffix.lowerBound)
        else { return url }
        return URL(string: text.replacingCharacters(in: size, with: "\(pixels)x\(pixels)")) ?? url
    }

    /// The range of "DIGITSxDIGITS" that ends at `end`, if there is one.
    private static func sizeRange(in text: String, endingAt end: String.Index) -> Range<String.Index>? {
        var start = end
        func digits() -> Bool {
            let last = start
            while start > text.startIndex, text[text.index(before: start)].isASCII,
                text[text.index(before: start)].isNumber
            {
                start = text.index(before: start)
            }
            return start < last
        }
        guard digits(), start > text.startIndex, text[text.index(before: start)] == "x" else { return nil }
        start = text.index(before: start)
        return digits() ? start..<end : nil
    }
}
