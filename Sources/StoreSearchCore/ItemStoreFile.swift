import Foundation

/// The user's items as a versioned XML property list, written atomically with a backup of the
/// previous good file. Encoding is cheap (main thread at window close); writing may run anywhere.
public struct ItemStoreFile: Sendable {
    /// 2 stores URLs, prices and kinds as plain strings; files of format 1 are still read.
    public static let formatVersion = 2

    public let url: URL
    public var backupURL: URL { url.appendingPathExtension("bak") }

    public init(url: URL) { self.url = url }

    /// `$XDG_DATA_HOME/storesearch/items.plist`.
    public init(paths: AppPaths) { self.init(url: paths.dataDirectory.appending(path: "items.plist")) }

    private struct Contents: Codable {
        var formatVersion: Int
        var items: [ItemRecord]
    }

    private struct VersionOnly: Decodable {
        var formatVersion: Int
    }

    // MARK: Loading

    /// Loads the store. A missing file is an empty store. A corrupt file is moved aside to
    /// `items.plist.corrupt-<timestamp>` and the backup is used instead, with a notice.
    /// A file from a newer format is refused and left untouched.
    public func load(now: Date = Date()) throws(ItemStoreFileError) -> ItemStoreLoadResult {
        guard let data = try? Data(contentsOf: url) else {
            if FileManager.default.fileExists(atPath: url.path) {
                return recoverFromBackup(movingAside: url, now: now, reason: localized("it could not be read"))
            }
            return ItemStoreLoadResult(store: ItemStore(), notice: nil)
        }
        switch decode(data) {
        case .success(let store): return ItemStoreLoadResult(store: store, notice: nil)
        case .failure(let error as ItemStoreFileError): throw error
        case .failure: return recoverFromBackup(movingAside: url, now: now, reason: localized("it was damaged"))
        }
    }

    /// Parses once; the version alone is read only when the items do not decode, to tell a
    /// newer format from a damaged file.
    private func decode(_ data: Data) -> Result<ItemStore, any Error> {
        do {
            let contents = try PropertyListDecoder().decode(Contents.self, from: data)
            if contents.formatVersion > Self.formatVersion {
                throw ItemStoreFileError.newerVersion(found: contents.formatVersion, supported: Self.formatVersion)
            }
            let records = Dictionary(contents.items.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
            return .success(ItemStore(records: records))
        } catch let error as ItemStoreFileError {
            return .failure(error)
        } catch {
            if let version = try? PropertyListDecoder().decode(VersionOnly.self, from: data).formatVersion,
               version > Self.formatVersion {
                return .failure(ItemStoreFileError.newerVersion(found: version, supported: Self.formatVersion))
            }
            return .failure(error)
        }
    }

    private func recoverFromBackup(movingAside damaged: URL, now: Date, reason: String) -> ItemStoreLoadResult {
        let stamp = ISO8601DateFormatter().string(from: now).replacingOccurrences(of: ":", with: "-")
        let aside = url.deletingLastPathComponent().appending(path: "\(url.lastPathComponent).corrupt-\(stamp)")
        try? FileManager.default.moveItem(at: damaged, to: aside)
        if let backup = try? Data(contentsOf: backupURL), case .success(let store) = decode(backup) {
            let notice = localized("Your saved items file could not be used because %1$@. It was kept as %2$@; your items were restored from the last backup.")
            return ItemStoreLoadResult(store: store, notice: String(format: notice, reason, aside.lastPathComponent))
        }
        let notice = localized("Your saved items file could not be used because %1$@. It was kept as %2$@; StoreSearch starts with no saved items.")
        return ItemStoreLoadResult(store: ItemStore(), notice: String(format: notice, reason, aside.lastPathComponent))
    }

    // MARK: Saving

    /// The XML plist for `store`, items in a stable order.
    public func encode(_ store: ItemStore) throws(ItemStoreFileError) -> Data {
        let items = store.records.values.sorted { $0.id < $1.id }
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        do {
            return try encoder.encode(Contents(formatVersion: Self.formatVersion, items: items))
        } catch {
            throw .cannotEncode(String(describing: error))
        }
    }

    /// Writes `data` atomically: temp file, fsync, keep the current file as the backup, rename.
    /// Refuses to replace a file from a newer format.
    public func write(_ data: Data) throws(ItemStoreFileError) {
        let directory = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: directory.path, reason: Self.reason(error))
        }
        if let version = existingVersion(), version > Self.formatVersion {
            throw .newerVersion(found: version, supported: Self.formatVersion)
        }
        let temporary = try writeTemporary(data)
        if FileManager.default.fileExists(atPath: url.path) {
            // A hard link keeps the previous good file as the backup without copying it.
            unlink(backupURL.path)
            if link(url.path, backupURL.path) != 0 {
                try? FileManager.default.copyItem(at: url, to: backupURL)
            }
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .cannotWrite(path: url.path, reason: reason)
        }
        Self.syncDirectory(directory)
    }

    /// The format version of the file on disk, read from its first kilobyte where the encoder
    /// puts it (a full parse of a large file would slow every save); nil if there is none.
    private func existingVersion() -> Int? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 1024) else { return nil }
        let text = String(decoding: head, as: UTF8.self)
        guard let key = text.range(of: "<key>formatVersion</key>"),
              let open = text.range(of: "<integer>", range: key.upperBound..<text.endIndex),
              let close = text.range(of: "</integer>", range: open.upperBound..<text.endIndex) else { return nil }
        return Int(text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces))
    }

    /// Writes and fsyncs a temporary file next to the target; the target is not touched.
    func writeTemporary(_ data: Data) throws(ItemStoreFileError) -> URL {
        let temporary = url.deletingLastPathComponent().appending(path: ".\(url.lastPathComponent).tmp-\(getpid())")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw .cannotWrite(path: url.path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 { if errno == EINTR { continue } else { return false } }
                offset += count
            }
            return true
        }
        guard written, fsync(fd) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary.path)
            throw .cannotWrite(path: url.path, reason: reason)
        }
        return temporary
    }

    /// Encodes and writes in one go.
    public func save(_ store: ItemStore) throws(ItemStoreFileError) {
        try write(try encode(store))
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
