import Foundation

/// Format 1 records (read only): no `id`, a snapshot for every item.
extension ItemRecord: Decodable {
    private enum CodingKeys: String, CodingKey {
        case id, edits, visitedAt, hiddenAt, snapshot
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let hiddenAt = try container.decodeIfPresent(Date.self, forKey: .hiddenAt)
        let snapshot = try container.decodeIfPresent(SearchResult.self, forKey: .snapshot)
        guard let id = try container.decodeIfPresent(String.self, forKey: .id) ?? snapshot?.id else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: decoder.codingPath, debugDescription: "no id"))
        }
        self.init(id: id, edits: try container.decodeIfPresent(ItemEdits.self, forKey: .edits) ?? ItemEdits(),
                  visitedAt: try container.decodeIfPresent(Date.self, forKey: .visitedAt),
                  hiddenAt: hiddenAt, snapshot: snapshot)
    }
}
