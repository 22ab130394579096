import Foundation
import Gtk
import HTTP
import StoreSearchCore

/// Loads artwork for rows and the detail form: memory cache, then disk cache, then network.
/// Concurrent requests for one URL share one download, at most `maxConcurrent` downloads run at
/// once (newest request first, as those rows are on screen), and an image whose every requester
/// went away is never fetched. Decoding happens off the main thread.
@MainActor
public final class ArtworkLoader {
    nonisolated public static let maxImageBytes = 2 << 20
    nonisolated public static let maxImagePixels = 4096

    public typealias Completion = @MainActor (Texture?) -> Void

    private final class Job {
        var waiters: [Int: Completion] = [:]
        var task: Task<Void, Never>?
    }

    private let client: HTTPClient
    private let disk: ArtworkDiskCache
    private let memory: TextureCache
    private let maxConcurrent: Int
    private var jobs: [URL: Job] = [:]
    private var queue: [URL] = []
    private var running = 0
    private var nextID = 0

    /// Downloads started (not served by a cache), for tests and benchmarks.
    public private(set) var downloadCount = 0

    public init(client: HTTPClient, cacheDirectory: URL, memoryBudgetBytes: Int = 96 << 20, maxConcurrent: Int = 6) {
        self.client = client
        disk = ArtworkDiskCache(directory: cacheDirectory)
        memory = TextureCache(budgetBytes: memoryBudgetBytes)
        self.maxConcurrent = maxConcurrent
    }

    /// The texture for `url` if it is already decoded in memory.
    public func cachedTexture(for url: URL) -> Texture? { memory[url] }

    /// Calls `completion` with the image, or nil for a missing, broken or oversized one (show a
    /// placeholder). A memory hit completes at once.
    @discardableResult
    public func load(_ url: URL, completion: @escaping Completion) -> ArtworkRequest? {
        if let texture = memory[url] {
            completion(texture)
            return nil
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            completion(nil)
            return nil
        }
        nextID += 1
        let job = jobs[url] ?? {
            let job = Job()
            jobs[url] = job
            queue.append(url)
            return job
        }()
        job.waiters[nextID] = completion
        let request = ArtworkRequest(url: url, id: nextID, loader: self)
        startQueuedJobs()
        return request
    }

    func cancel(_ request: ArtworkRequest) {
        guard let job = jobs[request.url] else { return }
        job.waiters[request.id] = nil
        guard job.waiters.isEmpty else { return }
        if let task = job.task {
            task.cancel()  // the running download stops; `finish` cleans up
        } else {
            jobs[request.url] = nil
            queue.removeAll { $0 == request.url }
        }
    }

    private func startQueuedJobs() {
        while running < maxConcurrent, let url = queue.popLast() {
            guard let job = jobs[url] else { continue }
            running += 1
            job.task = Task { [weak self] in
                let texture = await self?.fetch(url)
                self?.finish(url, texture)
            }
        }
    }

    private func finish(_ url: URL, _ texture: Texture?) {
        running -= 1
        if let texture { memory.insert(texture, for: url) }
        let waiters = jobs.removeValue(forKey: url)?.waiters ?? [:]
        for completion in waiters.values { completion(texture) }
        startQueuedJobs()
    }

    private func fetch(_ url: URL) async -> Texture? {
        if let data = await disk.data(for: url), let texture = await Self.decode(data) {
            return texture
        }
        guard !Task.isCancelled else { return nil }
        downloadCount += 1
        guard let response = try? await client.get(url, maxBodyBytes: Self.maxImageBytes),
              let texture = await Self.decode(response.body) else { return nil }
        await disk.store(response.body, for: url)
        return texture
    }

    /// Checks the size the header declares, then decodes; runs off the main thread.
    nonisolated static func decode(_ data: Data) async -> Texture? {
        guard data.count <= maxImageBytes, let size = ImageDimensions.of(data),
              size.width > 0, size.height > 0, size.width <= maxImagePixels, size.height <= maxImagePixels
        else { return nil }
        return Texture(data: data)
    }
}
