import Foundation
import Gtk
import HTTP
import StoreSearchCore

/// Loads artwork for rows, tiles and the detail form: memory cache, then disk cache, then network.
///
/// - What is on screen first: each request carries its row's priority (see `ArtworkViewport`),
///   asked again whenever a slot frees or the view scrolls; deferred requests wait.
/// - Requests for one image share one download. A download whose requesters all went away runs
///   to its end into the caches, so a row that is unbound and bound again (GTK 4.8 does both at
///   once on `items-changed`) joins it and gets the image.
/// - At most `maxConcurrent` downloads, and `maxPerHost` to one host. A host that has not
///   answered and keeps a request waiting past `firstAnswerWait` may be dead: it gets 2 slots
///   until it answers, so it cannot starve the others. Every request may take up to 20 s of
///   silence, so a slow link (a congested CDN, a mobile network) still gets its images.
/// - Failures are remembered (`ArtworkFailures`): a broken URL is requested once; a timed-out
///   one again when its row is bound again, after a growing pause.
/// - Images are decoded off the main thread at the size they are shown, the pixel cap checked
///   on the header before any pixels are decoded.
@MainActor
public final class ArtworkLoader {
    nonisolated public static let maxImageBytes = 2 << 20
    nonisolated public static let maxImagePixels = 4096
    /// Rows show thumbnails this many points wide.
    public static let thumbnailPoints = 48
    /// The detail form's large image, in pixels.
    public static let detailPixels = 600

    public typealias Completion = @MainActor (Texture?) -> Void
    public typealias PriorityProvider = @MainActor () -> ArtworkPriority

    /// The image client's settings: connecting and each read may take 20 s, what a slow link
    /// needs; a dead host is kept from starving the others by scheduling, not by the timeout.
    public static func clientConfiguration(userAgent: String) -> HTTPClientConfiguration {
        HTTPClientConfiguration(
            maxConnections: 16, maxConnectionsPerHost: 6, timeoutSeconds: 20,
            maxBodyBytes: maxImageBytes, userAgent: userAgent)
    }

    struct Key: Hashable {
        let url: URL
        let pixels: Int
    }

    private final class Job {
        let key: Key
        var waiters: [Int: (priority: PriorityProvider, completion: Completion)] = [:]
        var isRunning = false
        init(key: Key) { self.key = key }
    }

    private enum Outcome {
        case image(Texture)
        case failed(ArtworkFailures.Kind, hostTimedOut: Bool)
    }

    private let client: HTTPClient
    private let disk: ArtworkDiskCache
    private let memory: TextureCache<Key>
    private let failures = ArtworkFailures()
    private let maxConcurrent: Int
    private let maxPerHost: Int
    private var jobs: [Key: Job] = [:]
    private var running = 0
    private var runningPerHost: [String: Int] = [:]
    /// Hosts that kept a request waiting past `firstAnswerWait` and have not answered since:
    /// possibly dead, so they get fewer slots.
    private var slowHosts: Set<String> = []
    /// Hosts that delivered an image: slow perhaps, but alive.
    private var answeredHosts: Set<String> = []
    /// How long a request to a host that never answered may wait before the host counts as slow.
    static let firstAnswerWait: Duration = .seconds(3)
    private var pumpTimer: Gtk.Timer?
    private var nextID = 0
    private var pixelSizes: Set<Int> = []
    private var fileOrigins: [String: @Sendable (URL) -> URL?] = [:]

    /// An image arrived (by its URL), in the caches now: for those that show it elsewhere.
    let imageArrived = Event<URL>()

    /// Downloads started (not served by a cache), for tests and benchmarks.
    /// For tests and the bench. How many images were downloaded (not found on disk or in memory).
    package private(set) var downloadCount = 0

    /// The decoded-texture budget: textures are decoded at their shown size (a 48 px thumbnail
    /// is 9 KB, a 600 px cover 1.4 MB), so 16 MB keeps about 1,700 thumbnails. The disk cache
    /// holds the rest; a larger budget only delays when memory stops growing.
    public static let memoryBudgetBytes = 16 << 20

    public init(
        client: HTTPClient, cacheDirectory: URL, memoryBudgetBytes: Int = ArtworkLoader.memoryBudgetBytes,
        maxConcurrent: Int = 12, maxPerHost: Int = 6
    ) {
        self.client = client
        disk = ArtworkDiskCache(directory: cacheDirectory)
        memory = TextureCache(budgetBytes: memoryBudgetBytes)
        self.maxConcurrent = maxConcurrent
        self.maxPerHost = maxPerHost
        Task.detached { [disk] in await disk.sweepOnce() }  // leftovers of a crash, before any download
    }

    /// The texture for `url` if it is decoded in memory (at `pixelSize`, or any size).
    public func cachedTexture(for url: URL, pixelSize: Int? = nil) -> Texture? {
        if let pixelSize { return memory[Key(url: url, pixels: pixelSize)] }
        return pixelSizes.sorted().lazy.compactMap { self.memory[Key(url: url, pixels: $0)] }.first
    }

    /// Calls `completion` with the image scaled to fit `pixelSize` (device pixels), or nil for a
    /// missing, broken or oversized one (show a placeholder). A memory hit or a known failure
    /// completes at once. `priority` is asked whenever the loader picks what to fetch next.
    @discardableResult
    public func load(
        _ url: URL, pixelSize: Int = detailPixels, priority: @escaping PriorityProvider = { .visible },
        completion: @escaping Completion
    ) -> ArtworkRequest? {
        let key = Key(url: url, pixels: pixelSize)
        pixelSizes.insert(pixelSize)
        if let texture = memory[key] {
            completion(texture)
            return nil
        }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", !failures.isRefused(url)
        else {
            completion(nil)
            return nil
        }
        nextID += 1
        let job =
            jobs[key]
            ?? {
                let job = Job(key: key)
                jobs[key] = job
                return job
            }()
        job.waiters[nextID] = (priority, completion)
        schedulePump()
        return ArtworkRequest(key: key, id: nextID, loader: self)
    }

    /// A local file with the image of the first of `urls` (best first) that the app has: the
    /// bundled file or the disk cache's copy of any of them, else one decoded in memory written
    /// into the cache as PNG (off the main thread); nil when none has arrived yet (see
    /// `imageArrived`). Nothing is downloaded for it.
    func localFile(for urls: [URL]) async -> URL? {
        for url in urls {
            if let resolve = fileOrigins[Self.origin(of: url)] {
                if let file = resolve(url), await Self.isFile(file) { return file }
            } else if let file = await disk.existingFile(for: url) {
                return file
            }
        }
        for url in urls {
            for pixels in pixelSizes.sorted(by: >) {
                guard let texture = memory[Key(url: url, pixels: pixels)] else { continue }
                if let file = await disk.file(copying: texture, of: url, pixels: pixels) { return file }
            }
        }
        return nil
    }

    @concurrent
    nonisolated private static func isFile(_ file: URL) async -> Bool {
        FileManager.default.fileExists(atPath: file.path)
    }

    /// Images at `origin` are read from local files, `resolve` giving each URL's file (the
    /// bundled catalog's art: no server, no copy in the cache, the same URL on every launch).
    public func serveFiles(for origin: URL, resolve: @escaping @Sendable (URL) -> URL?) {
        fileOrigins[Self.origin(of: origin)] = resolve
    }

    /// The view scrolled or changed: pick again what to fetch next.
    public func prioritiesChanged() {
        if jobs.count > running { schedulePump() }
    }

    func cancel(_ request: ArtworkRequest) {
        guard let job = jobs[request.key] else { return }
        job.waiters[request.id] = nil
        // A running download finishes into the caches; a queued one nobody wants is dropped.
        if job.waiters.isEmpty && !job.isRunning { jobs[request.key] = nil }
    }

    // MARK: Scheduling

    /// Picks after the current main-loop dispatch, so that every row bound in one layout (and
    /// the scroll position set by it) is known before choosing.
    private func schedulePump() {
        guard pumpTimer == nil else { return }
        pumpTimer = MainContext.after(.zero) { [weak self] in
            self?.pumpTimer = nil
            self?.pump()
        }
    }

    private func pump() {
        guard running < maxConcurrent else { return }
        let candidates = jobs.values.lazy.filter { !$0.isRunning }.compactMap { job -> (Job, ArtworkPriority)? in
            guard let priority = job.waiters.values.lazy.map({ $0.priority() }).min(), !priority.isDeferred else {
                return nil
            }
            return (job, priority)
        }.sorted { $0.1 < $1.1 }
        for (job, _) in candidates where running < maxConcurrent {
            let host = Self.origin(of: job.key.url)
            guard runningPerHost[host, default: 0] < (slowHosts.contains(host) ? 2 : maxPerHost) else { continue }
            start(job, host: host)
        }
    }

    private func start(_ job: Job, host: String) {
        job.isRunning = true
        running += 1
        runningPerHost[host, default: 0] += 1
        let watch =
            answeredHosts.contains(host)
            ? nil
            : MainContext.after(Self.firstAnswerWait) { [weak self, weak job] in
                guard let self, let job, job.isRunning, !self.answeredHosts.contains(host) else { return }
                self.slowHosts.insert(host)  // only for scheduling: the request itself goes on
            }
        Task { [weak self] in
            guard let self else { return }
            let outcome = await self.fetch(job.key)
            watch?.cancel()
            job.isRunning = false
            self.finish(job, host: host, outcome)
        }
    }

    private func finish(_ job: Job, host: String, _ outcome: Outcome) {
        running -= 1
        runningPerHost[host, default: 1] -= 1
        if runningPerHost[host] == 0 { runningPerHost[host] = nil }
        if jobs[job.key] === job { jobs[job.key] = nil }
        var texture: Texture?
        switch outcome {
        case .image(let image):
            texture = image
            memory.insert(image, for: job.key)
            failures.clear(job.key.url)
            slowHosts.remove(host)
            answeredHosts.insert(host)
        case .failed(let kind, let hostTimedOut):
            failures.record(job.key.url, kind)
            if hostTimedOut { slowHosts.insert(host) }
        }
        for waiter in job.waiters.values { waiter.completion(texture) }
        if texture != nil { imageArrived.send(job.key.url) }
        if !jobs.isEmpty { schedulePump() }
    }

    // MARK: Fetching

    private func fetch(_ key: Key) async -> Outcome {
        if let resolve = fileOrigins[Self.origin(of: key.url)] {
            guard let texture = await Self.decodeFile(resolve(key.url), pixelSize: key.pixels) else {
                Log.debug(LogDomain.artwork, "No bundled image for \(key.url)")
                return .failed(.permanent, hostTimedOut: false)
            }
            return .image(texture)
        }
        if let data = await disk.data(for: key.url) {
            if let texture = await Self.decode(data, pixelSize: key.pixels) { return .image(texture) }
            Log.debug(LogDomain.artwork, "Cached image for \(key.url) does not decode; fetching it again")
        }
        downloadCount += 1
        let response: HTTPResponse
        do throws(HTTPError) {
            response = try await client.get(key.url, maxBodyBytes: Self.maxImageBytes)
        } catch {
            Log.debug(LogDomain.artwork, "Image \(key.url): \(error)")
            return Self.outcome(for: error)
        }
        guard let texture = await Self.decode(response.body, pixelSize: key.pixels) else {
            Log.debug(LogDomain.artwork, "Image \(key.url) is broken, of an unknown format, or too large")
            return .failed(.permanent, hostTimedOut: false)
        }
        await disk.store(response.body, for: key.url)
        return .image(texture)
    }

    /// What the per-host limit counts: one server (host and port), as libsoup's connection limit does.
    private static func origin(of url: URL) -> String {
        "\(url.scheme ?? "")://\(url.host ?? ""):\(url.port ?? -1)"
    }

    private static func outcome(for error: HTTPError) -> Outcome {
        switch error {
        case .status(408), .status(429): .failed(.transient, hostTimedOut: false)
        case .status(let code) where code < 500: .failed(.permanent, hostTimedOut: false)
        case .invalidURL, .bodyTooLarge: .failed(.permanent, hostTimedOut: false)
        case .timedOut: .failed(.transient, hostTimedOut: true)
        default: .failed(.transient, hostTimedOut: false)
        }
    }

    /// Largest image (in source pixels) accepted for a use: a thumbnail needs far fewer than
    /// the detail image. Bounds each decode's transient memory (× 4 bytes × parallel decodes).
    nonisolated static func maxSourcePixels(for pixelSize: Int) -> Int {
        min(max(pixelSize * pixelSize * 64, 1 << 20), 1 << 22)
    }

    @concurrent
    nonisolated private static func decodeFile(_ file: URL?, pixelSize: Int) async -> Texture? {
        guard let file, let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return await decode(data, pixelSize: pixelSize)
    }

    /// Checks the header (format, size, pixel cap), then decodes scaled to fit `pixelSize`.
    /// Runs off the main thread.
    @concurrent
    nonisolated static func decode(_ data: Data, pixelSize: Int) async -> Texture? {
        let cap = maxSourcePixels(for: pixelSize)
        guard data.count <= maxImageBytes, let format = ImageDimensions.format(of: data),
            let size = ImageDimensions.of(data),
            size.width > 0, size.height > 0, size.width <= maxImagePixels, size.height <= maxImagePixels,
            size.width * size.height <= cap
        else { return nil }
        return Texture(data: data, format: format.rawValue, fittingIn: pixelSize, maxSourcePixels: cap)
    }
}
