import Foundation

/// Copies of the item file that sync tools leave beside it when two machines changed it at once:
/// Syncthing's `items.sync-conflict-20261127-101500-ABCDEFG.plist`, Nextcloud's and ownCloud's
/// `items (conflicted copy 2026-11-27 101500).plist`, Dropbox's `items (Ana's conflicted copy
/// 2026-11-27).plist`. Each is offered for merging, then moved aside (`.merged` added to its name).
public enum ConflictCopies {
    /// The conflict copies of the item file `file` in its folder, oldest name first.
    public static func find(besides file: URL) -> [URL] {
        let folder = file.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.filter { isConflictCopy($0, of: file.lastPathComponent) }.sorted().map {
            folder.appending(path: $0)
        }
    }

    /// Whether `name` is a sync tool's conflict copy of the file named `original` ("items.plist").
    public static func isConflictCopy(_ name: String, of original: String) -> Bool {
        let stem = (original as NSString).deletingPathExtension, suffix = "." + (original as NSString).pathExtension
        guard name != original, name.hasPrefix(stem), name.hasSuffix(suffix) else { return false }
        let middle = name.dropFirst(stem.count).dropLast(suffix.count).lowercased()
        return middle.hasPrefix(".sync-conflict-") || (middle.hasPrefix(" (") && middle.contains("conflicted copy"))
    }

    /// Where a merged copy is moved: beside it, no longer named like the item file.
    public static func asideURL(for copy: URL) -> URL { copy.appendingPathExtension("merged") }
}
