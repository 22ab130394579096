import Foundation
import HTTP
import HTTPTesting

/// A store that answers every search with movies sold and rented in Australian dollars, the
/// longest price a row shows ("Buy A$24.99 · Rent A$6.99", in German "Kaufen 24,99 AU$ ·
/// Leihen 6,99 AU$"), beside a song.
enum MovieStore {
    static let names = ["Lost Tide", "Bright River", "Neon Atlas", "Paper Summit"]

    static func start() throws -> CountingServer {
        let server = CountingServer()
        server.route("/search") { _ in
            let movies = names.enumerated().map { index, name in
                """
                {"wrapperType":"track","kind":"feature-movie","trackId":\(index + 1),"trackName":"\(name)","artistName":"Director \(index)",\
                "trackPrice":24.99,"trackRentalPrice":6.99,"trackHdPrice":29.99,"trackHdRentalPrice":7.99,"currency":"AUD",\
                "releaseDate":"2020-01-01T08:00:00Z","primaryGenreName":"Drama"}
                """
            }
            let song =
                #"{"wrapperType":"track","kind":"song","trackId":9,"trackName":"Song","artistName":"Singer","trackPrice":1.69,"currency":"AUD"}"#
            let body = #"{"resultCount":\#(movies.count + 1),"results":[\#((movies + [song]).joined(separator: ","))]}"#
            return LocalServerResponse(body: Data(body.utf8))
        }
        _ = try server.start()
        return server
    }
}
