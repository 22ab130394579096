import Foundation

/// The user's edits in the item file, with the price as a plain string.
extension ItemEdits: Codable {
    private enum CodingKeys: String, CodingKey {
        case name, artist, price, releaseDate, notes
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(artist, forKey: .artist)
        try container.encodePlain(price, forKey: .price)
        try container.encodeIfPresent(releaseDate, forKey: .releaseDate)
        try container.encodeIfPresent(notes, forKey: .notes)
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
