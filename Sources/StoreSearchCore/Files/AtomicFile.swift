import Foundation

/// A file that is never seen half-written: the new contents go to a temporary file beside the
/// file (beside a symbolic link's target, so the link stays a link), are fsynced, and are renamed
/// over it. Used by the item file and by exports.
struct AtomicFile {
    struct Failure: Error {
        let path: String
        let reason: String

        init(path: String, errno code: Int32 = errno) {
            self.path = path
            reason = String(cString: strerror(code))
        }

        init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }
    }

    let url: URL

    /// The file a chain of symbolic links at `url` ends in (`url` itself when it is no link);
    /// the link's target need not exist yet.
    var target: URL {
        var path = url.path
        for _ in 0..<40 {  // the kernel's own limit on a chain of links
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(path, &buffer, buffer.count - 1)
            guard length > 0 else { break }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path =
                destination.hasPrefix("/")
                ? destination
                : URL(fileURLWithPath: path).deletingLastPathComponent().appending(path: destination).path
        }
        return URL(fileURLWithPath: path).standardizedFileURL
    }

    /// The file's bytes; nil when there is none. A file that is there but cannot be read
    /// (permission, a folder in its place, an I/O error) is a failure, never an empty file.
    func read() throws(Failure) -> Data? {
        var data = Data()
        return try read(blockSize: 256 * 1024) {
            data.append($0); return true
        } ? data : nil
    }

    /// Hands the file to `body` a block at a time, until it returns false or the file ends; false
    /// when there is no file. Fails as `read()` does.
    func read(blockSize: Int = 1 << 20, _ body: (Data) -> Bool) throws(Failure) -> Bool {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return false }
            throw Failure(path: url.path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Failure(path: url.path) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw Failure(path: url.path, reason: localized("it is not a file"))
        }
        var buffer = [UInt8](repeating: 0, count: blockSize)
        while true {
            let count = Glibc.read(fd, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw Failure(path: url.path) }
            if count == 0 || !body(Data(buffer[0..<count])) { return true }
        }
    }

    /// Writes the new contents through `body` (which gets a descriptor and a way to write bytes
    /// to it) into `.<name>.tmp-<pid>` beside the target and fsyncs it; `beforeReplacing` runs
    /// just before the rename (to keep a backup). `creatingFolder`: a missing folder is made.
    /// Returns which file the new contents are in.
    @discardableResult
    func replace(
        permissions: mode_t = 0o600, creatingFolder: Bool = true,
        writing body: (_ write: ([UInt8]) throws(Failure) -> Void) throws(Failure) -> Void,
        beforeReplacing: (URL) throws(Failure) -> Void = { _ in }
    ) throws(Failure) -> FileIdentity? {
        let target = self.target
        let folder = target.deletingLastPathComponent()
        do {
            if creatingFolder { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        } catch {
            throw Failure(path: folder.path, reason: Self.reason(error))
        }
        // A file the user made read-only (no write permission for anyone) is not replaced; one
        // whose permissions the user changed otherwise keeps them.
        var existing = stat()
        let exists = stat(target.path, &existing) == 0
        if exists, existing.st_mode & 0o222 == 0 { throw Failure(path: target.path, errno: EACCES) }
        let temporary = folder.appending(path: ".\(target.lastPathComponent).tmp-\(getpid())")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw Failure(path: target.path) }
        if exists { fchmod(fd, existing.st_mode & 0o7777) }
        var written: FileIdentity?
        do throws(Failure) {
            defer { close(fd) }
            try body { bytes throws(Failure) in
                var offset = 0
                while offset < bytes.count {
                    let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
                    if count < 0, errno == EINTR { continue }
                    guard count >= 0 else { throw Failure(path: target.path) }
                    offset += count
                }
            }
            guard fsync(fd) == 0 else { throw Failure(path: target.path) }
            written = FileIdentity(fd: fd)
            try beforeReplacing(target)
            guard rename(temporary.path, target.path) == 0 else { throw Failure(path: target.path) }
        } catch {
            unlink(temporary.path)
            throw error
        }
        let folderFD = open(folder.path, O_RDONLY | O_DIRECTORY)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
        return written
    }

    /// Removes temporary files of saves that never finished: those of processes that are gone,
    /// beside the file and beside its link's target.
    func removeStrayTemporaries() {
        for file in Set([url, target]) {
            let folder = file.deletingLastPathComponent()
            let prefix = ".\(file.lastPathComponent).tmp-"
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names where name.hasPrefix(prefix) {
                if let pid = pid_t(name.dropFirst(prefix.count)), pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH
                {
                    continue  // a save of this or another running process
                }
                if unlink(folder.appending(path: name).path) != 0 {
                    CoreLog.warning("Files", "could not remove the stray \(name): \(String(cString: strerror(errno)))")
                }
            }
        }
    }

    /// What went wrong, in the system's words.
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
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
