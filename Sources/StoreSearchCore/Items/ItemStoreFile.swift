import Foundation

/// The user's items as a versioned XML property list, written atomically with a backup of the
/// previous good file. Encoding is cheap (main thread at window close); writing may run anywhere.
public struct ItemStoreFile: Sendable {
    /// 2 stores URLs, prices and kinds as plain strings; files of format 1 are still read.
    /// 3: every touched item keeps a snapshot; records say when they were kept and last changed.
    public static let formatVersion = 3
    /// The versions read as records of `ItemRecord`'s fields (1 is read through Codable).
    static let xmlFormats = 2...formatVersion

    public let url: URL
    public var backupURL: URL { url.appendingPathExtension("bak") }

    public init(url: URL) { self.url = url }

    /// `$XDG_DATA_HOME/storesearch/items.plist`.
    public init(paths: AppPaths) { self.init(url: paths.dataDirectory.appending(path: "items.plist")) }

    /// Format 1 files are read through Codable (they are rare and small); format 2 by hand.
    private struct LegacyContents: Decodable {
        var formatVersion: Int
        var items: [ItemRecord]
    }

    // MARK: Loading

    /// Loads the store. A missing file is an empty store. A corrupt file is moved aside to
    /// `items.plist.corrupt-<timestamp>` and the backup is used instead, with a notice.
    /// A file from a newer format is refused and left untouched. Temporary files left by a
    /// save that never finished are removed first.
    /// `repairing`: false in a read-only session, which moves and writes nothing.
    public func load(now: Date = Date(), repairing: Bool = true) throws(ItemStoreFileError) -> ItemStoreLoadResult {
        removeStrayTemporaries()
        guard let data = try readIfPresent(url) else {
            // The file is gone but its backup is not (a restore whose write failed, or a file
            // removed by hand): the backup may be the only copy of the user's items.
            if FileManager.default.fileExists(atPath: backupURL.path), let backup = try? Data(contentsOf: backupURL),
               case .success(let store) = decode(backup) {
                if repairing { writeRestored(store) }
                return ItemStoreLoadResult(store: store, notice: localized("Your saved items file was missing; your items were restored from the last backup."))
            }
            return ItemStoreLoadResult(store: ItemStore(), notice: nil)
        }
        switch decode(data) {
        case .success(let store): return ItemStoreLoadResult(store: store, notice: nil)
        case .failure(let error as ItemStoreFileError): throw error
        case .failure:
            if let salvage = ItemFileSalvage(data, decode: decode) {
                return recoverRecords(salvage, now: now, repairing: repairing)
            }
            return recoverFromBackup(movingAside: url, now: now, reason: localized("it was damaged"), repairing: repairing)
        }
    }

    /// The file's bytes; nil when there is no file. A file that is there but cannot be read
    /// (permission, a folder, an I/O error) is `cannotRead`, never taken for a damaged one.
    private func readIfPresent(_ file: URL) throws(ItemStoreFileError) -> Data? {
        let fd = open(file.path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }  // no file (saving tells what is wrong with the folder)
            throw .cannotRead(path: file.path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotRead(path: file.path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .cannotRead(path: file.path, reason: localized("it is not a file")) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: file.path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }

    /// Parses once, reading the version from the parsed document before anything else. A file
    /// in the shape StoreSearch writes is read straight into records; any other goes through
    /// PropertyListSerialization.
    private func decode(_ data: Data) -> Result<ItemStore, any Error> {
        if data.starts(with: Array("bplist".utf8)) {
            // A binary file is read by our own bounded reader and handed on as XML: Foundation's
            // binary parser crashes on some damaged files.
            do {
                let tree = try BinaryPlistReader.read(data)
                return decode(try PropertyListSerialization.data(fromPropertyList: tree, format: .xml, options: 0))
            } catch {
                return .failure(error)
            }
        }
        if let contents = ItemStoreXMLReader.read(data), let records = contents.records {
            return .success(ItemStore(records: records))
        }
        do {
            // The version as the file spells it: Foundation reads `<integer>0x10</integer>` as 16.
            guard let list = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                  let version = list["formatVersion"] as? Int, version == PlistVersionScanner.formatVersion(of: data) else {
                throw ItemStorePlistReader.Damaged(reason: "no format version written as a plain number")
            }
            if version > Self.formatVersion {
                return .failure(ItemStoreFileError.newerVersion(found: version, supported: Self.formatVersion))
            }
            if version < 2 {
                let contents = try PropertyListDecoder().decode(LegacyContents.self, from: data)
                let records = Dictionary(contents.items.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
                return .success(ItemStore(records: records))
            }
            guard let items = list["items"] as? [Any] else { throw ItemStorePlistReader.Damaged(reason: "no items") }
            return .success(ItemStore(records: try ItemStorePlistReader.records(from: items)))
        } catch {
            return .failure(error)
        }
    }

    /// Keeps every record of a damaged file that could be read; records it lost come from the
    /// backup where it has them (a record read from the file is newer than the backup's copy).
    /// The damaged file is set aside and what was recovered is written back.
    private func recoverRecords(_ salvage: ItemFileSalvage, now: Date, repairing: Bool) -> ItemStoreLoadResult {
        var records = salvage.records
        var fromBackup = 0
        if let backup = try? Data(contentsOf: backupURL), case .success(let store) = decode(backup) {
            for (id, record) in store.records where records[id] == nil {
                records[id] = record
                fromBackup += 1
            }
        }
        let restored = ItemStore(records: records)
        let aside = setAside(url, now: now, repairing: repairing)
        if repairing, aside != nil { writeRestored(restored) }
        let notice = String(format: localized("Your saved items file was damaged and was kept as %1$@. Items recovered from it: %2$ld; unreadable: %3$ld; taken from the last backup: %4$ld."),
                            (aside ?? url).lastPathComponent, salvage.records.count, salvage.lost, fromBackup)
        return ItemStoreLoadResult(store: restored, notice: notice)
    }

    /// Moves `damaged` to `items.plist.corrupt-<time>`; nil when it was not moved.
    private func setAside(_ damaged: URL, now: Date, repairing: Bool) -> URL? {
        guard repairing else { return nil }
        let stamp = ISO8601DateFormatter().string(from: now).replacingOccurrences(of: ":", with: "-")
        let aside = url.deletingLastPathComponent().appending(path: "\(url.lastPathComponent).corrupt-\(stamp)")
        do {
            try FileManager.default.moveItem(at: damaged, to: aside)
            return aside
        } catch {
            ItemStoreFile.log("could not move the damaged \(damaged.path) aside: \(error)")
            return nil
        }
    }

    /// Sets a damaged file aside and restores the backup, writing it straight back as the item
    /// file: otherwise a close without changes left no item file, and the next saves rotated the
    /// backup (then the only copy of the restored items) away.
    private func recoverFromBackup(movingAside damaged: URL, now: Date, reason: String, repairing: Bool) -> ItemStoreLoadResult {
        let stamp = ISO8601DateFormatter().string(from: now).replacingOccurrences(of: ":", with: "-")
        let aside = url.deletingLastPathComponent().appending(path: "\(url.lastPathComponent).corrupt-\(stamp)")
        let movedAside = setAside(damaged, now: now, repairing: repairing) != nil
        if let backup = try? Data(contentsOf: backupURL) {
            switch decode(backup) {
            case .success(let store):
                if movedAside { writeRestored(store) }  // else the save would make the damaged file the backup
                let notice = localized("Your saved items file could not be used because %1$@. It was kept as %2$@; your items were restored from the last backup.")
                return ItemStoreLoadResult(store: store, notice: String(format: notice, reason, aside.lastPathComponent))
            case .failure(ItemStoreFileError.newerVersion(let found, _)):
                let notice = localized("Your saved items file could not be used because %1$@. It was kept as %2$@; the backup, %3$@, was written by a newer version of StoreSearch (format %4$ld) and is left untouched. StoreSearch starts with no saved items.")
                return ItemStoreLoadResult(store: ItemStore(), notice: String(format: notice, reason, aside.lastPathComponent, backupURL.lastPathComponent, found))
            case .failure:
                break
            }
        }
        let notice = localized("Your saved items file could not be used because %1$@. It was kept as %2$@; StoreSearch starts with no saved items.")
        return ItemStoreLoadResult(store: ItemStore(), notice: String(format: notice, reason, aside.lastPathComponent))
    }

    private func writeRestored(_ store: ItemStore) {
        do {
            try save(store)
        } catch {
            ItemStoreFile.log("could not write the restored items to \(url.path): \(error.message)")
        }
    }

    // MARK: Saving

    /// The XML plist for `store`, items in a stable order (what `save` streams to disk).
    public func encode(_ store: ItemStore) throws(ItemStoreFileError) -> Data {
        var data = Data()
        do {
            var writer = ItemStoreXMLWriter { data.append(contentsOf: $0) }
            try writer.writeDocument(formatVersion: Self.formatVersion, records: Self.sortedRecords(store))
        } catch {
            throw .cannotEncode(String(describing: error))
        }
        return data
    }

    private static func sortedRecords(_ store: ItemStore) -> [ItemRecord] {
        store.records.values.sorted { $0.id < $1.id }
    }

    /// Encodes `store` straight into a temporary file, then replaces the item file with it:
    /// temp file, fsync, keep the current file as the backup, rename. Memory stays at one
    /// buffer whatever the store's size. Refuses to replace a file from a newer format, and
    /// never replaces a backup from a newer format. Through a symbolic link, the link's target
    /// is replaced (the temporary file goes in the target's folder) and the link stays.
    public func save(_ store: ItemStore) throws(ItemStoreFileError) {
        let records = Self.sortedRecords(store)
        try replace { fd throws(ItemStoreFileError) in
            do {
                var writer = ItemStoreXMLWriter { bytes in
                    let data = bytes.withUnsafeBytes { Data($0) }
                    try Self.writeAll(data, to: fd, path: url.path)
                }
                try writer.writeDocument(formatVersion: Self.formatVersion, records: records)
            } catch let error as ItemStoreFileError {
                throw error
            } catch {
                throw .cannotEncode(String(describing: error))
            }
        }
    }

    private func replace(writing body: (Int32) throws(ItemStoreFileError) -> Void) throws(ItemStoreFileError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: directory.path, reason: Self.reason(error))
        }
        let target = Self.resolvingLinks(url)
        if let version = PlistVersionScanner.formatVersion(ofFileAt: target.path), version > Self.formatVersion {
            throw .newerVersion(found: version, supported: Self.formatVersion)
        }
        let temporary = try writeTemporary(in: target, body)
        if FileManager.default.fileExists(atPath: target.path) {
            if let version = PlistVersionScanner.formatVersion(ofFileAt: backupURL.path), version > Self.formatVersion {
                // A backup from a newer format is worth more than a backup of this file.
                ItemStoreFile.log("left \(backupURL.path) alone: it is format \(version)")
            } else {
                // A hard link keeps the previous good file as the backup without copying it.
                unlink(backupURL.path)
                if link(target.path, backupURL.path) != 0 {
                    do {
                        try FileManager.default.copyItem(at: target, to: backupURL)
                    } catch {
                        ItemStoreFile.log("could not keep a backup at \(backupURL.path): \(error)")
                    }
                }
            }
        }
        guard rename(temporary.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .cannotWrite(path: target.path, reason: reason)
        }
        Self.syncDirectory(target.deletingLastPathComponent())
    }

    /// `text` as a format version: plain decimal digits only (no `0x10`, no `1e1`, no `2.0`).
    static func plainVersion(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// The format version in the file at `url`, parsed from its structure; nil when it has none.
    public static func formatVersion(ofFileAt url: URL) -> Int? {
        PlistVersionScanner.formatVersion(ofFileAt: url.path)
    }

    /// The file a chain of symbolic links at `url` ends in (`url` itself when it is no link);
    /// the link's target need not exist yet.
    static func resolvingLinks(_ url: URL) -> URL {
        var path = url.path
        for _ in 0..<40 {  // the kernel's own limit on a chain of links
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(path, &buffer, buffer.count - 1)
            guard length > 0 else { break }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = destination.hasPrefix("/") ? destination
                : URL(fileURLWithPath: path).deletingLastPathComponent().appending(path: destination).path
        }
        return URL(fileURLWithPath: path).standardizedFileURL
    }

    /// Writes and fsyncs a temporary file next to the target; the target is not touched.
    func writeTemporary(_ data: Data) throws(ItemStoreFileError) -> URL {
        try writeTemporary(in: Self.resolvingLinks(url)) { fd throws(ItemStoreFileError) in try Self.writeAll(data, to: fd, path: url.path) }
    }

    private func writeTemporary(in target: URL, _ body: (Int32) throws(ItemStoreFileError) -> Void) throws(ItemStoreFileError) -> URL {
        let temporary = Self.temporaryURL(for: target)
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw .cannotWrite(path: target.path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        do throws(ItemStoreFileError) {
            try body(fd)
        } catch {
            unlink(temporary.path)
            throw error
        }
        guard fsync(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .cannotWrite(path: target.path, reason: reason)
        }
        return temporary
    }

    private static func temporaryURL(for target: URL) -> URL {
        target.deletingLastPathComponent().appending(path: ".\(target.lastPathComponent).tmp-\(getpid())")
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws(ItemStoreFileError) {
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 { if errno == EINTR { continue } else { return false } }
                offset += count
            }
            return true
        }
        guard written else { throw .cannotWrite(path: path, reason: String(cString: strerror(errno))) }
    }

    /// Removes `.items.plist.tmp-<pid>` files of saves that never finished: those of processes
    /// that are gone, beside the file and beside its link's target.
    func removeStrayTemporaries() {
        let target = Self.resolvingLinks(url)
        for file in Set([url, target]) {
            let directory = file.deletingLastPathComponent()
            let prefix = ".\(file.lastPathComponent).tmp-"
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for name in names where name.hasPrefix(prefix) {
                if let pid = pid_t(name.dropFirst(prefix.count)), pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH {
                    continue  // a save of this or another running StoreSearch
                }
                if unlink(directory.appending(path: name).path) != 0 {
                    ItemStoreFile.log("could not remove the stray \(name): \(String(cString: strerror(errno)))")
                }
            }
        }
    }

    static func log(_ message: String) {
        CoreLog.warning("Items", message)
    }

    private static func syncDirectory(_ directory: URL) {
        let fd = open(directory.path, O_RDONLY | O_DIRECTORY)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        switch nsError.code {
        case NSFileWriteNoPermissionError: return localized("permission denied")
        case NSFileWriteFileExistsError: return localized("a file of that name is in the way of the folder")
        case NSFileWriteOutOfSpaceError: return localized("the disk is full")
        default: return nsError.localizedDescription
        }
    }
}
