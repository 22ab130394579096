import Foundation
import Synchronization

/// Where each record lies in the file the last save wrote, so that the next save copies the
/// records that did not change since from that file instead of encoding them again (encoding
/// 10,000 records cost twenty times the write) or keeping their bytes in memory (as much again as
/// the file). The file is trusted only while it is the one written (same device, inode, size and
/// modification time) and the store continues the saved store's change log; otherwise every
/// record is encoded. Another tool replacing the file, or writing into it a different size, is
/// always seen; a write into it of the same size within the same clock tick as the save is not
/// (kernels before 6.13 advance file times once a tick, ~4 ms). Shared by the copies of an
/// `ItemStoreFile`, whose saves must run one at a time (the app's `ItemFileWriter` sees to it).
final class PreviousSave: Sendable {
    struct Layout: Sendable {
        var file: FileIdentity
        var ranges: [String: Range<Int>]
        var changeLog: ItemStore.ChangeLog
    }

    private let layout = Mutex<Layout?>(nil)

    /// The last save's file at `target`, opened for the next save of `store`; nil when every
    /// record must be encoded.
    func source(for store: ItemStore, at target: URL) -> SavedFile? {
        guard let layout = layout.withLock({ $0 }), layout.changeLog.origin == store.changeLog.origin,
            layout.changeLog.ids.isSubset(of: store.changeLog.ids)
        else { return nil }
        let fd = open(target.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard FileIdentity(fd: fd) == layout.file else {
            close(fd)
            CoreLog.warning("Items", "\(target.path) changed since the last save: every item is written anew")
            return nil
        }
        return SavedFile(fd: fd, ranges: layout.ranges, changed: store.changeLog.ids)
    }

    /// What the save that just wrote `file` placed where; nil forgets it.
    func remember(_ layout: Layout?) { self.layout.withLock { $0 = layout } }
}

/// The file the last save wrote, open for reading the records that did not change since.
final class SavedFile {
    private let fd: Int32
    private let ranges: [String: Range<Int>]
    private let changed: Set<String>
    /// A read came short or failed: the file is not what was written, and the save starts over.
    private(set) var failed = false

    init(fd: Int32, ranges: [String: Range<Int>], changed: Set<String>) {
        self.fd = fd
        self.ranges = ranges
        self.changed = changed
    }

    deinit { close(fd) }

    /// Where record `id` lies in the file, when it can be copied from there.
    func range(of id: String) -> Range<Int>? { changed.contains(id) ? nil : ranges[id] }

    /// Appends the bytes at `range` to `buffer`; false (and `failed`) when they cannot be read.
    func read(_ range: Range<Int>, into buffer: inout [UInt8]) -> Bool {
        let start = buffer.count
        buffer += repeatElement(0, count: range.count)
        var done = 0
        while done < range.count {
            let count = buffer.withUnsafeMutableBytes {
                pread(fd, $0.baseAddress! + start + done, range.count - done, off_t(range.lowerBound + done))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                failed = true
                buffer.removeLast(range.count)
                return false
            }
            done += count
        }
        return true
    }
}

/// Which file a path names, and whether it was written since: device, inode, size and
/// modification time.
public struct FileIdentity: Hashable, Sendable {
    private let device: UInt64, inode: UInt64, size: Int64, modified: Int, modifiedNanoseconds: Int

    /// The file at `url` as it is now (nil: there is none).
    public init?(of url: URL) {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        self.init(fd: fd)
    }

    init?(fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim.tv_sec
        modifiedNanoseconds = info.st_mtim.tv_nsec
    }
}
