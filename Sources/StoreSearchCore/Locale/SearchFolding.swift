import Foundation

extension String {
    /// The text as searches compare it: case, accents and width do not count; nor does the dot of
    /// Turkish i (ı is no accented letter to Unicode), so "yilmaz" and "YILMAZ" find "Yılmaz" as
    /// the store finds it.
    public var foldedForSearch: String {
        folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "ı", with: "i")
    }
}
