import Foundation

/// The user's edits in the item file, with the price as a plain string.
extension ItemEdits: Decodable {
    private enum CodingKeys: String, CodingKey {
        case name, artist, price, releaseDate, notes
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decodeIfPresent(String.self, forKey: .name),
                  artist: try container.decodeIfPresent(String.self, forKey: .artist),
                  price: try container.decodePlainDecimal(forKey: .price),
                  releaseDate: try container.decodeIfPresent(Date.self, forKey: .releaseDate),
                  notes: try container.decodeIfPresent(String.self, forKey: .notes))
    }
}
