import Foundation

/// The snapshot kept in the item file, with URLs and the price as plain strings.
extension SearchResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, name, artist, kind, genre, price, currency, releaseDate, storeURL, previewURL, artworkURL, largeArtworkURL, summary
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(artist, forKey: .artist)
        try container.encode(kind, forKey: .kind)
        try container.encodeIfPresent(genre, forKey: .genre)
        try container.encodePlain(price, forKey: .price)
        try container.encodeIfPresent(currency, forKey: .currency)
        try container.encodeIfPresent(releaseDate, forKey: .releaseDate)
        try container.encodePlain(storeURL, forKey: .storeURL)
        try container.encodePlain(previewURL, forKey: .previewURL)
        try container.encodePlain(artworkURL, forKey: .artworkURL)
        try container.encodePlain(largeArtworkURL, forKey: .largeArtworkURL)
        try container.encodeIfPresent(summary, forKey: .summary)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(String.self, forKey: .id),
                  name: try container.decode(String.self, forKey: .name),
                  artist: try container.decodeIfPresent(String.self, forKey: .artist),
                  kind: try container.decode(ResultKind.self, forKey: .kind),
                  genre: try container.decodeIfPresent(String.self, forKey: .genre),
                  price: try container.decodePlainDecimal(forKey: .price),
                  currency: try container.decodeIfPresent(String.self, forKey: .currency),
                  releaseDate: try container.decodeIfPresent(Date.self, forKey: .releaseDate),
                  storeURL: try container.decodePlainURL(forKey: .storeURL),
                  previewURL: try container.decodePlainURL(forKey: .previewURL),
                  artworkURL: try container.decodePlainURL(forKey: .artworkURL),
                  largeArtworkURL: try container.decodePlainURL(forKey: .largeArtworkURL),
                  summary: try container.decodeIfPresent(String.self, forKey: .summary))
    }
}
