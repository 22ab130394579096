import Foundation
import XCTest
@testable import StoreSearchCore

/// Browsing from an item: the lookups that fill an artist's page and an album's tracks, and how
/// their answers (fixtures in the store's shape) become the pages.
final class BrowseTests: XCTestCase {
    private func decode(_ name: String) throws -> [SearchResult] {
        try SearchResponseDecoder.decode(Fixture.data(name))
    }

    func testLookupQueryWithEntityAsksForAllTheStoreGives() throws {
        let query = try XCTUnwrap(LookupQuery(ids: ["909253"], country: "DE", entity: "album"))
        XCTAssertEqual(
            query.url(base: URL(string: "https://itunes.apple.com/")!).absoluteString,
            "https://itunes.apple.com/lookup?id=909253&country=DE&entity=album&limit=200")
        let plain = try XCTUnwrap(LookupQuery(ids: ["909253"], country: "DE"))
        XCTAssertFalse(plain.url(base: URL(string: "https://itunes.apple.com")!).absoluteString.contains("entity"))
        XCTAssertNil(
            LookupQuery(ids: ["1"], country: "US", entity: "song&x=1")?.entity,
            "an entity is a word, never more parameters")
        XCTAssertNotEqual(plain, query, "the cache tells them apart")
    }

    func testArtistsAlbumsFixtureMakesThePage() throws {
        let answer = try decode("artist-albums.json")
        XCTAssertEqual(answer.first?.kind, .artist, "the store lists the artist first")
        XCTAssertEqual(answer.first?.artistType, "Artist")
        let artistRow = try XCTUnwrap(answer.first)
        let target = try XCTUnwrap(BrowseTarget.artist(of: artistRow))
        XCTAssertEqual(target, .artist(id: "1800000", name: "Jack Johnsen", entity: "album"))
        let page = BrowsePage(target: target, answer: answer)
        XCTAssertEqual(page.record?.id, "artist:1800000")
        XCTAssertEqual(
            page.items.map(\.name), ["Album 0", "Album 1", "Album 2"],
            "the albums, in the store's order, without the artist")
        XCTAssertEqual(page.items.map(\.collectionID), ["1900000", "1900001", "1900002"])
        XCTAssertTrue(page.items.allSatisfy { $0.artistID == "1800000" && $0.kind == .album })
        XCTAssertEqual(page.title, "Jack Johnsen")
        // "More by" from one of the albums leads to the same page.
        XCTAssertEqual(BrowseTarget.artist(of: page.items[1]), target)
        XCTAssertEqual(BrowseTarget.album(of: page.items[1]), .album(id: "1900001", name: "Album 1"))
    }

    func testAlbumTracksFixtureListsTracksInOrder() throws {
        let answer = try decode("album-tracks.json")
        XCTAssertEqual(answer.first?.kind, .album, "the store lists the album first")
        let album = try XCTUnwrap(answer.first)
        let target = try XCTUnwrap(BrowseTarget.album(of: album))
        XCTAssertEqual(target, .album(id: "1900000", name: "Album 0"))
        XCTAssertEqual(target.entity, "song")
        // The store's order shuffled: the page still lists disc 1 before disc 2, by number.
        let page = BrowsePage(target: target, answer: [album] + answer.dropFirst().reversed())
        XCTAssertEqual(
            page.items.map(\.name), ["Opening", "Second Wind", "Album Only Interlude", "Closing Time", "Bonus One"])
        XCTAssertEqual(page.items.map { $0.details?.trackNumber }, [1, 2, 3, 4, 1])
        XCTAssertEqual(page.items.map { $0.details?.discNumber }, [1, 1, 1, 1, 2])
        XCTAssertEqual(page.items[2].price, nil, "sold only with the album")
        XCTAssertEqual(page.items[2].offers?.restriction, .albumOnly)
        XCTAssertEqual(
            page.items[4].details.map { StoreDetails.duration(milliseconds: $0.durationMilliseconds ?? 0) }, "1:02:05")
        XCTAssertTrue(page.items.allSatisfy { $0.previewURL != nil && $0.collectionID == "1900000" })
        // A song leads to its album's tracks through its collectionId; the song's artist to the artist.
        XCTAssertEqual(BrowseTarget.album(of: page.items[3]), target)
        XCTAssertEqual(
            BrowseTarget.artist(of: page.items[3]), .artist(id: "1800000", name: "Jack Johnsen", entity: "album"))
    }

    func testArtistLinkNamesTheArtistsRecord() throws {
        let link = try StoreLink.parse("https://music.apple.com/us/artist/jack-johnsen/1800000").get()
        let record = try XCTUnwrap(link.item(in: try decode("artist.json")))
        XCTAssertEqual(record.kind, .artist)
        XCTAssertEqual(BrowseTarget.artist(of: record)?.id, "1800000")
    }

    func testWorksAreGroupedByKindInTheStoresOrder() {
        let works = [
            SearchResult(id: "collection:1", name: "A1", kind: .album),
            SearchResult(id: "track:2", name: "S1", kind: .song),
            SearchResult(id: "collection:3", name: "A2", kind: .album),
            SearchResult(id: "track:4", name: "App", kind: .app),
            SearchResult(id: "track:5", name: "S2", kind: .song),
        ]
        let page = BrowsePage(target: .artist(id: "9", name: "X", entity: "album"), answer: works)
        XCTAssertNil(page.record, "the offline catalog has no artist records")
        XCTAssertEqual(page.items.map(\.name), ["A1", "A2", "S1", "S2", "App"])
        XCTAssertEqual(page.title, "X")
    }

    func testWhatAnArtistsPageAsksFor() {
        func entity(_ kind: ResultKind, _ type: String? = nil) -> String? {
            BrowseTarget.artist(
                of: SearchResult(id: "artist:5", name: "N", artist: "N", kind: kind, artistID: "5", artistType: type))?
                .entity
        }
        XCTAssertEqual(entity(.song), "album")
        XCTAssertEqual(entity(.app), "software")
        XCTAssertEqual(entity(.ebook), "ebook")
        XCTAssertEqual(entity(.artist, "Software Artist"), "software")
        XCTAssertEqual(entity(.artist, "Author"), "ebook")
        XCTAssertEqual(entity(.artist, "Artist"), "album")
        XCTAssertNil(
            BrowseTarget.artist(of: SearchResult(id: "track:1", name: "N", artist: "A", kind: .song)),
            "no artistId, no page")
        XCTAssertNil(
            BrowseTarget.album(of: SearchResult(id: "track:1", name: "N", kind: .app, collectionID: "3")),
            "apps have no tracks")
    }

    /// Offline, the catalog answers an artist's or album's lookup with what it has of them.
    func testCatalogAnswersLookupsWithEntity() throws {
        let catalog =
            #"{"results":[{"wrapperType":"track","kind":"song","trackId":11,"artistId":7,"collectionId":70,"trackName":"One","artistName":"Seven"},"#
            + #"{"wrapperType":"track","kind":"song","trackId":12,"artistId":7,"collectionId":71,"trackName":"Two"},"#
            + #"{"wrapperType":"software","kind":"software","trackId":13,"artistId":7,"trackName":"App"},"#
            + #"{"wrapperType":"track","kind":"song","trackId":14,"artistId":8,"collectionId":70,"trackName":"Guest"}]}"#
        let index = try CatalogIndex(catalog: Data(catalog.utf8))
        func names(_ id: String, _ entity: String) throws -> [String] {
            try SearchResponseDecoder.decode(index.lookupBody(ids: [id], entity: entity)).map(\.name)
        }
        XCTAssertEqual(try names("7", "album"), ["One", "Two", "App"])
        XCTAssertEqual(try names("70", "song"), ["One", "Guest"])
        XCTAssertEqual(try names("404", "album"), [])
        // An artist's link offline: the catalog makes the artist's record from their items.
        let artist = try XCTUnwrap(try SearchResponseDecoder.decode(index.lookupBody(ids: ["7"])).first)
        XCTAssertEqual(artist.kind, .artist)
        XCTAssertEqual(BrowseTarget.artist(of: artist)?.id, "7")
        XCTAssertTrue(try SearchResponseDecoder.decode(index.lookupBody(ids: ["404"])).isEmpty)
    }

    /// My Items keeps the artist's and album's ids in the snapshot, so More by works from there too;
    /// a file without them (older versions) reads as before.
    func testSnapshotKeepsArtistAndCollectionIDs() throws {
        let result = try XCTUnwrap(try decode("album-tracks.json").last)
        XCTAssertEqual(result.snapshot.artistID, "1800000")
        var store = ItemStore()
        store.setEdits(ItemEdits(notes: "n"), for: result)
        let directory = FileManager.default.temporaryDirectory.appending(
            path: "storesearch-browse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = ItemStoreFile(url: directory.appending(path: "items.plist"))
        let text = String(decoding: file.encode(store), as: UTF8.self)
        XCTAssertTrue(text.contains("<key>artistId</key>") && text.contains("<string>1800000</string>"), text)
        try file.save(store)
        let read = try file.load().store
        XCTAssertEqual(read.records[result.id]?.snapshot?.collectionID, "1900000")
        XCTAssertEqual(read.records[result.id]?.snapshot?.artistID, "1800000")
        // Written as an integer by another tool: read; as a word: not read, kept as written.
        let other = text.replacingOccurrences(of: "<string>1800000</string>", with: "<integer>1800000</integer>")
            .replacingOccurrences(of: "<string>1900000</string>", with: "<string>an album</string>")
        try Data(other.utf8).write(to: file.url)
        let otherRead = try file.load().store
        XCTAssertEqual(otherRead.records[result.id]?.snapshot?.artistID, "1800000")
        XCTAssertNil(otherRead.records[result.id]?.snapshot?.collectionID)
    }
}
