import Foundation
import Gtk
import GtkTesting
import HTTP
import HTTPTesting
import XCTest
@testable import StoreSearchApp

final class ArtworkLoaderTests: XCTestCase {
    /// `/cover/N.jpg` answers cover N; `/slow/N.jpg` the same after 300 ms; `/broken.jpg` garbage;
    /// `/giant.png` a PNG header declaring 20000×20000 pixels; `/oversized.jpg` 3 MiB.
    private static func makeServer() throws -> CountingServer {
        let server = CountingServer()
        let covers = (0..<40).map { MainLoop.coverJPEG($0) }
        @Sendable func cover(_ path: String) -> Data {
            covers[Int(path.split(separator: "/").last!.dropLast(4))! % covers.count]
        }
        server.route("/cover/") { LocalServerResponse(contentType: "image/jpeg", body: cover($0.path)) }
        server.route("/slow/") {
            LocalServerResponse(contentType: "image/jpeg", body: cover($0.path), delay: .milliseconds(300))
        }
        server.route("/broken.jpg") { _ in
            LocalServerResponse(contentType: "image/jpeg", body: Data("not an image".utf8))
        }
        server.route("/giant.png") { _ in
            var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
            png.append(contentsOf: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0])
            return LocalServerResponse(contentType: "image/png", body: png)
        }
        server.route("/oversized.jpg") { _ in
            LocalServerResponse(
                contentType: "image/jpeg", body: MainLoop.coverJPEG(0, size: 600) + Data(count: 3 << 20))
        }
        try server.start()
        return server
    }

    /// A loader whose HTTP client allows more connections than the loader's own cap, so the
    /// loader's queue is what keeps requests at six.
    @MainActor
    private static func loader(cacheDirectory: URL) -> ArtworkLoader {
        let client = HTTPClient(configuration: HTTPClientConfiguration(maxConnections: 64, maxConnectionsPerHost: 64))
        return ArtworkLoader(client: client, cacheDirectory: cacheDirectory)
    }

    /// Loads every URL and waits for all completions; returns how many gave an image.
    @MainActor
    private static func loadAll(_ urls: [URL], with loader: ArtworkLoader) -> Int {
        MainLoopBridge.install()
        var finished = 0, images = 0
        for url in urls {
            loader.load(url) { texture in
                finished += 1
                if texture != nil { images += 1 }
            }
        }
        XCTAssertTrue(
            MainContext.spin(until: { finished == urls.count }, timeout: .seconds(30)),
            "\(finished) of \(urls.count) finished")
        return images
    }

    func testNeverMoreThanSixRequestsInFlight() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let loader = Self.loader(cacheDirectory: MainLoop.temporaryDirectory())
            let urls = (0..<30).map { server.baseURL!.appending(path: "slow/\($0).jpg") }
            XCTAssertEqual(Self.loadAll(urls, with: loader), 30)
            XCTAssertEqual(server.requestCount, 30)
            XCTAssertEqual(server.peakConcurrentRequests, 6, "six at a time, and the cap is reached")
        }
    }

    func testRequestsForOneURLShareOneDownload() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let loader = Self.loader(cacheDirectory: MainLoop.temporaryDirectory())
            let urls = (0..<200).map { server.baseURL!.appending(path: "cover/\($0 % 40).jpg") }
            XCTAssertEqual(Self.loadAll(urls, with: loader), 200)
            XCTAssertEqual(server.requestCount, 40)
            XCTAssertEqual(loader.downloadCount, 40)
            XCTAssertNotNil(loader.cachedTexture(for: urls[0]), "decoded images stay in memory")
        }
    }

    func testNewLoaderIsServedFromDiskWithoutRequests() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let cache = MainLoop.temporaryDirectory()
            let urls = (0..<10).map { server.baseURL!.appending(path: "cover/\($0).jpg") }
            XCTAssertEqual(Self.loadAll(urls, with: Self.loader(cacheDirectory: cache)), 10)
            XCTAssertEqual(server.requestCount, 10)
            let files = try? FileManager.default.contentsOfDirectory(atPath: cache.path)
            XCTAssertEqual(files?.count, 10, "one file per image and no leftover partial files")

            let restarted = Self.loader(cacheDirectory: cache)
            XCTAssertEqual(Self.loadAll(urls, with: restarted), 10)
            XCTAssertEqual(server.requestCount, 10, "no request after a restart")
            XCTAssertEqual(restarted.downloadCount, 0)
        }
    }

    func testBrokenOrOversizedImagesGiveNoTexture() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        MainActor.assumeIsolated {
            let cache = MainLoop.temporaryDirectory()
            let loader = Self.loader(cacheDirectory: cache)
            let bad = ["broken.jpg", "giant.png", "oversized.jpg"].map { server.baseURL!.appending(path: $0) }
            let notHTTP = [URL(string: "file:///etc/passwd")!, URL(string: "ftp://example.com/a.jpg")!]
            XCTAssertEqual(Self.loadAll(bad + notHTTP, with: loader), 0)
            XCTAssertEqual(server.requestCount, 3, "only http and https URLs are fetched")
            XCTAssertEqual(
                (try? FileManager.default.contentsOfDirectory(atPath: cache.path))?.count ?? 0, 0,
                "bad images are not cached")
        }
    }

    func testCancelledRequestIsNeverSent() throws {
        let server = try Self.makeServer()
        defer { server.stop() }
        MainActor.assumeIsolated {
            MainLoopBridge.install()
            let loader = Self.loader(cacheDirectory: MainLoop.temporaryDirectory())
            var finished = 0
            for index in 0..<6 {
                loader.load(server.baseURL!.appending(path: "slow/\(index).jpg")) { _ in finished += 1 }
            }
            // All six slots are busy, so this one waits in the queue, and its row goes away.
            var unboundCalled = false
            let unbound = loader.load(server.baseURL!.appending(path: "cover/7.jpg")) { _ in unboundCalled = true }
            unbound?.cancel()
            // Two rows want one image; one is unbound and the other still gets it.
            var kept: Gtk.Texture?
            let shared = server.baseURL!.appending(path: "cover/8.jpg")
            loader.load(shared) { _ in XCTFail("a cancelled request never completes") }?.cancel()
            loader.load(shared) { kept = $0 }

            XCTAssertTrue(MainContext.spin(until: { finished == 6 && kept != nil }, timeout: .seconds(10)))
            // time for a wrongly sent request to arrive
            MainContext.spin(until: { false }, timeout: .milliseconds(200))
            XCTAssertEqual(server.requestCount(path: "/cover/7.jpg"), 0, "the unbound row's request was never sent")
            XCTAssertEqual(server.requestCount(path: "/cover/8.jpg"), 1)
            XCTAssertFalse(unboundCalled)
        }
    }
}

final class ArtworkDiskCacheTests: XCTestCase {
    func testCacheStaysWithinItsLimitAndKeepsTheRecentlyUsed() throws {
        let directory = MainLoop.temporaryDirectory()
        let cache = ArtworkDiskCache(directory: directory, limitBytes: 50_000)
        let urls = (0..<8).map { URL(string: "https://example.com/\($0)/100x100bb.jpg")! }
        let image = Data(repeating: 7, count: 10_000)
        try MainActor.assumeIsolated {
            _ = try MainLoop.run {
                for url in urls.prefix(4) { await cache.store(image, for: url) }
                // Mark the first image as used long after the others were stored.
                try FileManager.default.setAttributes(
                    [.modificationDate: Date() + 3600],
                    ofItemAtPath: directory.appending(path: Checksum.sha256(urls[0].absoluteString)).path)
                for url in urls.dropFirst(4) { await cache.store(image, for: url) }
            }
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            XCTAssertLessThanOrEqual(
                files.count * image.count, 50_000, "evicted down to the limit: \(files.count) files")
            let first = try MainLoop.run { await cache.data(for: urls[0]) }
            XCTAssertEqual(first, image, "the recently used image survives eviction")
            let second = try MainLoop.run { await cache.data(for: urls[1]) }
            XCTAssertNil(second, "the least recently used went first")
        }
    }
}
