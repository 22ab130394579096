import Foundation

/// The snapshot kept in the item file, with URLs and the price as plain strings.
extension SearchResult: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, name, artist, kind, genre, price, currency, releaseDate, storeURL, previewURL, artworkURL, largeArtworkURL, summary
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
