import Foundation

extension URL {
    /// The file's path as the user is told of it (a notice naming a kept or exported file): the
    /// home folder written `~`.
    public var pathShownToUser: String {
        let home = FileManager.default.homeDirectoryForCurrentUser.path
        return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }
}
