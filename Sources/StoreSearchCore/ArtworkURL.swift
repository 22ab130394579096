import Foundation

/// iTunes artwork URLs end in "100x100bb.jpg"; the same path with another size gives that size.
public enum ArtworkURL {
    public static func resized(_ url: URL, to pixels: Int) -> URL {
        let text = url.absoluteString
        guard let range = text.range(of: #"\d+x\d+bb"#, options: [.regularExpression, .backwards]) else { return url }
        return URL(string: text.replacingCharacters(in: range, with: "\(pixels)x\(pixels)bb")) ?? url
    }
}
