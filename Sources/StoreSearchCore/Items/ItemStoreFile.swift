import Foundation

/// The user's items as a versioned XML property list, read and written through one table of
/// keys (`ItemFileFields`), replaced atomically (`AtomicFile`) with a backup of the previous
/// good file. Encoding is cheap (main thread at window close); writing may run anywhere.
public struct ItemStoreFile: Sendable {
    /// 1 was Foundation's Codable layout; 2 stores URLs, prices and kinds as plain strings;
    /// 3: every touched item keeps a snapshot; records say when they were kept and last changed;
    /// 4: kept items have a price history (`priceHistory`). A format-3 file reads as it is (it has
    /// no history yet) and is written as 4.
    public static let formatVersion = 4

    public let url: URL
    public var backupURL: URL { url.appendingPathExtension("bak") }
    /// Prices another tool wrote in the user's way ("12,50" in de_DE) are read in this locale.
    public let locale: Locale
    /// Where the last save put each record, so the next encodes only what changed.
    private let previousSave = PreviousSave()
    /// False: every file is read by the full reader (tests compare the two ways).
    var readsFast = true

    public init(url: URL, locale: Locale = UserLocale.current.monetary) {
        self.url = url
        self.locale = locale
    }

    /// What loading found: the store, and a notice for the user when the file had to be repaired
    /// (where it was moved and what was recovered; `isDamaged`) or when values in a sound file
    /// were left out or kept unread (`hasUnreadValues`).
    public typealias Loaded = (store: ItemStore, notice: String?, isDamaged: Bool, hasUnreadValues: Bool)
    private typealias Recovered = (store: ItemStore, notice: String)

    /// `$XDG_DATA_HOME/storesearch/items.plist`.
    public init(paths: AppPaths) { self.init(url: paths.dataDirectory.appending(path: "items.plist")) }

    // MARK: Loading

    /// Loads the store. A missing file is an empty store. A damaged file is moved aside to
    /// `items.plist.corrupt-<timestamp>`; what can be read of it is kept and the rest comes from
    /// the backup, with a notice. A file from a newer format is refused and left untouched, and so
    /// is one that cannot be read. Temporary files of saves that never finished are removed first.
    /// `repairing`: false in a read-only session, which moves and writes nothing.
    public func load(now: Date = Date(), repairing: Bool = true) throws(ItemStoreFileError) -> Loaded {
        let file = AtomicFile(url: url)
        file.removeStrayTemporaries()
        var problems = ItemFileProblems()
        let decoded: Result<ItemStore, any Error>?
        do {
            decoded = try stream(file, problems: &problems)
        } catch {
            throw .cannotRead(path: error.path, reason: error.reason)
        }
        guard let decoded else {
            // The file is gone but its backup is not (a restore whose write failed, or a file
            // removed by hand): the backup may be the only copy of the user's items.
            guard case .success(let store)? = backup() else {
                return (store: ItemStore(), notice: nil, isDamaged: false, hasUnreadValues: false)
            }
            if repairing { writeRestored(store) }
            return (
                store: store,
                notice: localized("Your saved items file was missing; your items were restored from the last backup."),
                isDamaged: false,
                hasUnreadValues: false
            )
        }
        let loaded: (store: ItemStore, notice: String?)
        switch decoded {
        case .success(let store): loaded = (store: store, notice: nil)
        case .failure(let error as ItemStoreFileError): throw error
        case .failure(let error):
            ItemStoreFile.log("\(url.path) is damaged: \(error)")
            problems = ItemFileProblems()  // what the salvage finds is said again
            let data: Data
            do { data = try file.read() ?? Data() } catch { throw .cannotRead(path: error.path, reason: error.reason) }
            if let salvage = ItemFileSalvage(
                (try? PlistEncoding.utf8(data)) ?? data, decode: { decode($0, problems: &problems) })
            {
                loaded = recoverRecords(salvage, now: now, repairing: repairing)
            } else {
                loaded = recoverFromBackup(now: now, repairing: repairing)
            }
        }
        let notices = [loaded.notice, problems.notice].compactMap { $0 }
        return (
            store: loaded.store, notice: notices.isEmpty ? nil : notices.joined(separator: " "),
            isDamaged: loaded.notice != nil,
            hasUnreadValues: problems.notice != nil
        )
    }

    /// Reads `file` a block at a time straight into the fast reader, else into the parser, so
    /// loading never holds the whole file; a binary list or one in another encoding than UTF-8
    /// (rare) is read whole. Nil when there is no file.
    private func stream(_ file: AtomicFile, problems: inout ItemFileProblems) throws(AtomicFile.Failure) -> Result<
        ItemStore, any Error
    >? {
        var prefix = Data()
        guard
            try file.read(
                blockSize: 256,
                {
                    prefix = $0; return false
                })
        else { return nil }
        if prefix.starts(with: Array("bplist".utf8)) || PlistEncoding.needsConversion(prefix) {
            return try file.read().map { decode($0, problems: &problems) }
        }
        if readsFast, let store = try scan(file) { return .success(store) }
        var failure: AtomicFile.Failure?
        let decoded = decodeXML(
            { feed in
                do throws(AtomicFile.Failure) { _ = try file.read(feed) } catch { failure = error }
            }, problems: &problems)
        if let failure { throw failure }  // the file could not be read to its end: not damaged
        return decoded
    }

    /// The file read the fast way (`ItemFileScanner`), a block at a time; nil when it is not as
    /// StoreSearch writes it (another tool's, damaged, or with a value this version keeps unread),
    /// found at any point of the file: the full reader then reads it from the start.
    func scan(_ file: AtomicFile) throws(AtomicFile.Failure) -> ItemStore? {
        var records: [String: ItemRecord] = [:]
        // the last of an id wins
        let scanner = ItemFileScanner(supported: Self.formatVersion, locale: locale) { records[$0.id] = $0 }
        guard try file.read(scanner.feed), scanner.finish() else { return nil }
        return ItemStore(records: records)
    }

    /// The whole list in `data`: binary, or XML in any encoding.
    private func decode(_ data: Data, problems: inout ItemFileProblems) -> Result<ItemStore, any Error> {
        guard data.starts(with: Array("bplist".utf8)) else {
            return Result { () throws(ItemFileFields.Damaged) in try PlistEncoding.utf8(data) }
                .flatMap { utf8 in decodeXML({ feed in _ = feed(utf8) }, problems: &problems) }
        }
        return Result { () throws in
            let list = try BinaryPlist.read(data, tooDeep: &problems.tooDeep)
            guard case .integer(let version)? = list["formatVersion"] else {
                throw ItemFileFields.Damaged(description: "no format version")
            }
            guard version <= Self.formatVersion else {
                throw ItemStoreFileError.newerVersion(found: version, supported: Self.formatVersion)
            }
            var records: [String: ItemRecord] = [:]
            var reading = ItemFileFields.Reading(locale: locale)
            if case .array(let items)? = list["items"] {
                for item in items {
                    let record = try ItemFileFields.record(item, reading: &reading)
                    problems.add(reading.refused, of: record)
                    reading.refused.removeAll()
                    records[record.id] = record  // a repeated id: the last one wins
                }
            }
            guard case .dictionary(let top) = list else {
                throw ItemFileFields.Damaged(description: "no dictionary at the top")
            }
            return ItemStore(
                records: records, otherFields: top.filter { $0.key != "formatVersion" && $0.key != "items" })
        }
    }

    /// Parses XML once, as `blocks` feeds it: each record is decoded as soon as the parser has it,
    /// and a file from a newer format is refused as soon as its version is read. `problems`
    /// gathers what was left out or kept unread.
    private func decodeXML(_ blocks: (_ feed: (Data) -> Bool) throws -> Void, problems: inout ItemFileProblems)
        -> Result<ItemStore, any Error>
    {
        var records: [String: ItemRecord] = [:]
        var otherFields: [String: PlistValue] = [:]
        var tooDeep = 0, found = ItemFileProblems()
        defer { problems.tooDeep += tooDeep; problems.unreadable += found.unreadable }
        return Result { () throws in
            let version = try PlistXMLReader.read(
                blocks, stoppingAbove: Self.formatVersion, locale: locale, tooDeep: &tooDeep,
                item: { record, refused in
                    found.add(refused, of: record)
                    records[record.id] = record  // a repeated id: the last one wins
                }, other: { otherFields[$0] = $1 }, itemsBegan: { records = [:] })
            guard let version else {
                throw ItemFileFields.Damaged(description: "no format version written as a plain number")
            }
            guard version <= Self.formatVersion else {
                throw ItemStoreFileError.newerVersion(found: version, supported: Self.formatVersion)
            }
            return ItemStore(records: records, otherFields: otherFields)
        }
    }

    private func backup() -> Result<ItemStore, any Error>? {
        guard let data = try? AtomicFile(url: backupURL).read() else { return nil }
        var problems = ItemFileProblems()  // the backup's are said when it is read as the item file
        return decode(data, problems: &problems)
    }

    /// Keeps every record of a damaged file that could be read; records it lost come from the
    /// backup where it has them (a record read from the file is newer than the backup's copy).
    private func recoverRecords(_ salvage: ItemFileSalvage, now: Date, repairing: Bool) -> Recovered {
        let older = if case .success(let store)? = backup() { store } else { ItemStore() }
        let fromBackup = older.records.filter { salvage.records[$0.key] == nil }
        let restored = ItemStore(
            records: salvage.records.merging(fromBackup) { read, _ in read }, otherFields: older.otherFields)
        let aside = setAside(now: now, repairing: repairing)
        if aside != nil { writeRestored(restored) }
        var notice = [
            localized("Your saved items file was damaged."),
            String(
                format: localizedPlural(
                    "%ld item was recovered from it.", "%ld items were recovered from it.", salvage.records.count),
                salvage.records.count),
        ]
        if salvage.lost > 0 {
            notice.append(
                String(
                    format: localizedPlural(
                        "%ld item could not be read.", "%ld items could not be read.", salvage.lost),
                    salvage.lost))
        }
        if !fromBackup.isEmpty {
            notice.append(
                String(
                    format: localizedPlural(
                        "%ld item was taken from the last backup.", "%ld items were taken from the last backup.",
                        fromBackup.count), fromBackup.count))
        }
        notice.append(String(format: localized("The damaged file was kept as %@."), (aside ?? url).pathShownToUser))
        return (store: restored, notice: notice.joined(separator: " "))
    }

    /// Restores the backup of a damaged file, writing it straight back as the item file:
    /// otherwise a close without changes left no item file, and the next saves rotated the
    /// backup (then the only copy of the restored items) away.
    private func recoverFromBackup(now: Date, repairing: Bool) -> Recovered {
        let reason = localized("it was damaged")
        let aside = setAside(now: now, repairing: repairing)
        let asideName = (aside ?? Self.asideURL(for: url, now: now)).pathShownToUser
        switch backup() {
        case .success(let store)?:
            if aside != nil { writeRestored(store) }  // else the save would make the damaged file the backup
            let notice = localized(
                "Your saved items file could not be used because %1$@. It was kept as %2$@; your items were restored from the last backup."
            )
            return (store: store, notice: String(format: notice, reason, asideName))
        case .failure(ItemStoreFileError.newerVersion(let found, _))?:
            let notice = localized(
                "Your saved items file could not be used because %1$@. It was kept as %2$@; the backup, %3$@, was written by a newer version of StoreSearch (format %4$ld) and is left untouched. StoreSearch starts with no saved items."
            )
            return (
                store: ItemStore(),
                notice: String(format: notice, reason, asideName, backupURL.pathShownToUser, found)
            )
        default:
            let notice = localized(
                "Your saved items file could not be used because %1$@. It was kept as %2$@; StoreSearch starts with no saved items."
            )
            return (store: ItemStore(), notice: String(format: notice, reason, asideName))
        }
    }

    private static func asideURL(for url: URL, now: Date) -> URL {
        let stamp = ISO8601DateFormatter().string(from: now).replacingOccurrences(of: ":", with: "-")
        return url.deletingLastPathComponent().appending(path: "\(url.lastPathComponent).corrupt-\(stamp)")
    }

    /// Moves the damaged file to `items.plist.corrupt-<time>`; nil when it was not moved.
    private func setAside(now: Date, repairing: Bool) -> URL? {
        guard repairing else { return nil }
        let aside = Self.asideURL(for: url, now: now)
        do {
            try FileManager.default.moveItem(at: url, to: aside)
            return aside
        } catch {
            ItemStoreFile.log("could not move the damaged \(url.path) aside: \(error)")
            return nil
        }
    }

    private func writeRestored(_ store: ItemStore) {
        do { try save(store) } catch {
            ItemStoreFile.log("could not write the restored items to \(url.path): \(error.message)")
        }
    }

    // MARK: Saving

    /// The XML plist for `store`, items in a stable order (what `save` streams to disk).
    public func encode(_ store: ItemStore) -> Data {
        var data = Data()
        _ = PlistXMLWriter.write(
            formatVersion: Self.formatVersion, records: store.records, from: nil, otherFields: store.otherFields
        ) {
            data.append(contentsOf: $0)
        }
        return data
    }

    /// Encodes `store` straight into a temporary file that then replaces the item file, keeping
    /// the current file as the backup. Only records that changed since the last save are encoded;
    /// the others are copied from the file it wrote. Refuses to replace a file from a newer
    /// format, and never replaces a backup from a newer format.
    /// Returns the written file's identity (what tells it from another writer's later).
    /// `isStill(target)`, asked just before the file is replaced: false leaves it as it is, with
    /// `cannotWrite` for the reason `changedElsewhere` (another writer replaced it meanwhile).
    @discardableResult
    public func save(_ store: ItemStore, isStill: ((URL) -> Bool)? = nil) throws(ItemStoreFileError) -> FileIdentity? {
        let file = AtomicFile(url: url)
        if let version = Self.formatVersion(ofFileAt: file.target), version > Self.formatVersion {
            throw .newerVersion(found: version, supported: Self.formatVersion)
        }
        do {
            return try write(store, to: file, isStill: isStill)
        } catch {
            throw .cannotWrite(path: error.path, reason: error.reason)
        }
    }

    /// Why a save left the file: another writer replaced it while this one was being written.
    public static let changedElsewhere = "another program replaced it meanwhile"

    private func write(_ store: ItemStore, to file: AtomicFile, isStill: ((URL) -> Bool)?) throws(AtomicFile.Failure)
        -> FileIdentity?
    {
        let previous = previousSave.source(for: store, at: file.target)
        var ranges: [String: Range<Int>]?
        func replace(copyingFrom previous: SavedFile?) throws(AtomicFile.Failure) -> FileIdentity? {
            try file.replace(
                writing: { write throws(AtomicFile.Failure) in
                    ranges = try PlistXMLWriter.write(
                        formatVersion: Self.formatVersion, records: store.records, from: previous,
                        otherFields: store.otherFields, flush: write)
                    if ranges == nil {
                        throw AtomicFile.Failure(
                            path: file.target.path, reason: "the last save's file changed while it was read")
                    }
                },
                beforeReplacing: { target throws(AtomicFile.Failure) in
                    if let isStill, !isStill(target) {
                        throw AtomicFile.Failure(path: target.path, reason: Self.changedElsewhere)
                    }
                    keepBackup(of: target)
                })
        }
        var written: FileIdentity?
        do {
            written = try replace(copyingFrom: previous)
        } catch  where previous?.failed == true {
            Self.log("\(error.path): \(error.reason); every item is written anew")
            written = try replace(copyingFrom: nil)
        }
        previousSave.remember(
            written.flatMap { file in ranges.map { .init(file: file, ranges: $0, changeLog: store.changeLog) } })
        return written
    }

    /// A hard link keeps the file about to be replaced as the backup without copying it; a backup
    /// from a newer format is worth more than that, and stays.
    private func keepBackup(of target: URL) {
        guard FileManager.default.fileExists(atPath: target.path) else { return }
        if let version = Self.formatVersion(ofFileAt: backupURL), version > Self.formatVersion {
            return ItemStoreFile.log("left \(backupURL.path) alone: it is format \(version)")
        }
        unlink(backupURL.path)
        if link(target.path, backupURL.path) != 0 {
            do {
                try FileManager.default.copyItem(at: target, to: backupURL)
            } catch {
                ItemStoreFile.log("could not keep a backup at \(backupURL.path): \(error)")
            }
        }
    }

    /// The format version in the file at `url`, read up to the version only; nil when it has none.
    public static func formatVersion(ofFileAt url: URL) -> Int? {
        guard FileHandle(forReadingAtPath: url.path).flatMap({ try? $0.read(upToCount: 6) }) == Data("bplist".utf8)
        else {
            return PlistXMLReader.version(ofFileAt: url.path)
        }
        var tooDeep = 0
        guard
            case .integer(let version)? = (try? Data(contentsOf: url)).flatMap({
                try? BinaryPlist.read($0, tooDeep: &tooDeep)
            })?["formatVersion"]
        else { return nil }
        return version
    }

    static func log(_ message: String) { CoreLog.warning("Items", message) }
}
