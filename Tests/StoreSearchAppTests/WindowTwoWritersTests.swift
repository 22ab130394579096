import Foundation
import Gtk
import HTTP
import HTTPTesting
import StoreSearchCore
import TestSupport
import XCTest
@testable import StoreSearchApp

/// Issue #46: another program writes items.plist while the window is open (a sync tool by
/// rename, a script in place): its records and fields are merged in, the user's are kept, and
/// nothing either side wrote is lost. The second writer is Python's plistlib in another process.
final class WindowTwoWritersTests: XCTestCase {
    static let kuzuKuzu = "track:1440857788", steady = "track:284882215"

    /// Reads the file with plistlib, sets notes (`notes`: id → text, adding a record for an
    /// unknown id) and writes it back by rename (`rename`), over the same file (`in-place`), or
    /// removes it (`remove`).
    private static let secondWriter = """
        import json, os, plistlib, sys
        path, mode, notes = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
        if mode == "remove":
            os.remove(path)
            sys.exit()
        with open(path, "rb") as f:
            top = plistlib.load(f)
        items = {record["id"]: record for record in top["items"]}
        for id, text in notes.items():
            items.setdefault(id, {"id": id}).setdefault("edits", {})["notes"] = text
        top["items"] = list(items.values())
        data = plistlib.dumps(top)
        if mode == "rename":
            with open(path + ".sync-tmp", "wb") as f:
                f.write(data)
            os.rename(path + ".sync-tmp", path)
        else:
            with open(path, "r+b") as f:
                f.write(data)
                f.truncate()
        """

    static func write(_ file: URL, _ mode: String, notes: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        let json = String(decoding: try JSONSerialization.data(withJSONObject: notes), as: UTF8.self)
        process.arguments = ["-c", secondWriter, file.path, mode, json]
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "the second writer failed")
    }

    /// The window over the kept items of `WindowPriceWatchTests` once their first check is done
    /// and saved; both go afterwards.
    static func withWindow(_ body: @MainActor (WindowHarness, AppPaths) throws -> Void) throws {
        try WindowPriceWatchTests.withKeptItems(answering: { _ in WindowPriceWatchTests.lookupAnswer(kuzuKuzu: "0.99") }
        ) { server, paths in
            try MainActor.assumeIsolated {
                let harness = WindowHarness(apiBase: server.baseURL!, paths: paths)
                defer { harness.dispose() }
                let keeper = harness.environment.items.keeper, main = harness.main
                XCTAssertTrue(MainContext.spin(until: { !main.priceWatch.isChecking && !keeper.hasUnsavedChanges }))
                try body(harness, paths)
            }
        }
    }

    func testAnotherWritersChangesAreMergedAndTheUsersKept() throws {
        try Self.withWindow { harness, paths in
            let keeper = harness.environment.items.keeper, main = harness.main, file = harness.itemsFile
            @MainActor func notes(_ id: String) -> String? { keeper.store.records[id]?.edits.notes }
            @MainActor func setNotes(_ id: String, _ text: String) {
                let record = keeper.store.records[id]!
                main.items.record(
                    ItemChange(
                        result: record.snapshot!,
                        kind: .edits(before: record.edits, after: ItemEdits(notes: text))))
            }
            func savedNotes(_ id: String) throws -> String? {
                try ItemStoreFile(paths: paths).load().store.records[id]?.edits.notes
            }

            // A change of the user's waits to be saved; a sync tool renames its copy over the
            // file with a record added and another's notes changed.
            setNotes(Self.steady, "mine")
            try Self.write(file, "rename", notes: [Self.kuzuKuzu: "from the laptop", "track:777": "added there"])
            XCTAssertTrue(
                MainContext.spin(until: { notes("track:777") == "added there" }), "the other record is merged in")
            XCTAssertEqual(notes(Self.kuzuKuzu), "from the laptop")
            XCTAssertEqual(notes(Self.steady), "mine")
            XCTAssertEqual(main.notices.text, "2 items changed in another copy")
            XCTAssertTrue(MainContext.spin(until: { !keeper.hasUnsavedChanges }))
            XCTAssertEqual(try savedNotes("track:777"), "added there", "and saved with the user's")
            XCTAssertEqual(try savedNotes(Self.kuzuKuzu), "from the laptop")
            XCTAssertEqual(try savedNotes(Self.steady), "mine")

            // A script rewrites it in place, twice in a row, while the user's next change waits.
            setNotes(Self.steady, "mine again")
            try Self.write(file, "in-place", notes: ["track:777": "first"])
            try Self.write(file, "in-place", notes: ["track:888": "second"])
            XCTAssertTrue(
                MainContext.spin(until: { notes("track:888") == "second" && notes("track:777") == "first" }))
            XCTAssertTrue(MainContext.spin(until: { !keeper.hasUnsavedChanges }))
            XCTAssertEqual(try savedNotes(Self.steady), "mine again")
            XCTAssertEqual(try savedNotes("track:888"), "second")

            // Both sides change the same field: the user's value stays, theirs is offered.
            setNotes(Self.kuzuKuzu, "the user's")
            try Self.write(file, "rename", notes: [Self.kuzuKuzu: "theirs"])
            XCTAssertTrue(
                MainContext.spin(until: { main.notices.text?.contains("also changed in another copy") == true }),
                "\(main.notices.text ?? "no notice")")
            XCTAssertEqual(notes(Self.kuzuKuzu), "the user's")
            XCTAssertEqual(main.notices.text, "“Kuzu Kuzu”: the notes also changed in another copy.")
            main.notices.clickButton()  // Use Theirs
            XCTAssertEqual(notes(Self.kuzuKuzu), "theirs")
            XCTAssertTrue(main.window.activateAction(WindowAction.undo.detailedName))
            XCTAssertEqual(notes(Self.kuzuKuzu), "the user's", "Use Theirs is undone as any edit")

            // Another program removes the file: it is written again.
            XCTAssertTrue(MainContext.spin(until: { !keeper.hasUnsavedChanges }))
            main.notices.dismiss()  // Undo's notice
            try Self.write(file, "remove")
            XCTAssertTrue(
                MainContext.spin(until: { FileManager.default.fileExists(atPath: file.path) }), "written again")
            XCTAssertEqual(
                main.notices.text, "Your items file was removed by another program. StoreSearch wrote it again.")
            XCTAssertTrue(MainContext.spin(until: { !keeper.hasUnsavedChanges }))
            XCTAssertEqual(try ItemStoreFile(paths: paths).load().store, keeper.store)
        }
    }

    /// A sync tool's conflict copy beside the file is offered for merging, then moved aside.
    /// The issue's "Undo takes the merge back": the notice's Undo, or Ctrl+Z, takes back every
    /// record the merge changed, as one step (and Ctrl+Shift+Z makes it again); the file follows.
    func testUndoTakesTheWholeMergeBack() throws {
        try Self.withWindow { harness, paths in
            let keeper = harness.environment.items.keeper, main = harness.main, file = harness.itemsFile
            @MainActor func notes(_ id: String) -> String? { keeper.store.records[id]?.edits.notes }
            func saved() throws -> ItemStore { try ItemStoreFile(paths: paths).load().store }
            let before = keeper.store.records[Self.kuzuKuzu]
            try Self.write(file, "rename", notes: [Self.kuzuKuzu: "from the laptop", "track:777": "added there"])
            XCTAssertTrue(MainContext.spin(until: { notes("track:777") == "added there" }))
            XCTAssertEqual(main.notices.text, "2 items changed in another copy")
            main.notices.clickButton()  // Undo
            XCTAssertNil(keeper.store.records["track:777"], "the added record is taken back")
            XCTAssertEqual(keeper.store.records[Self.kuzuKuzu], before, "and the changed one")
            XCTAssertTrue(MainContext.spin(until: { !keeper.hasUnsavedChanges }))
            XCTAssertNil(try saved().records["track:777"], "the file follows")
            XCTAssertEqual(try saved().records[Self.kuzuKuzu]?.edits.notes, before?.edits.notes)

            XCTAssertTrue(main.window.activateAction(WindowAction.redo.detailedName))
            XCTAssertEqual(notes("track:777"), "added there")
            XCTAssertEqual(notes(Self.kuzuKuzu), "from the laptop")
            XCTAssertEqual(main.notices.text, "Redone: Changes to 2 items")

            // A merge with a conflict: Ctrl+Z takes back what it took, the user's value stays.
            main.items.record(
                ItemChange(
                    result: keeper.store.records[Self.steady]!.snapshot!,
                    kind: .edits(before: keeper.store.records[Self.steady]!.edits, after: ItemEdits(notes: "mine"))))
            try Self.write(file, "rename", notes: [Self.steady: "theirs", "track:999": "new there"])
            XCTAssertTrue(MainContext.spin(until: { notes("track:999") == "new there" }))
            XCTAssertTrue(main.notices.text?.contains("also changed in another copy") == true, main.notices.text ?? "")
            XCTAssertTrue(main.window.activateAction(WindowAction.undo.detailedName))
            XCTAssertNil(keeper.store.records["track:999"])
            XCTAssertEqual(notes(Self.steady), "mine")
            XCTAssertEqual(notes("track:777"), "added there", "only the last merge is taken back")
            XCTAssertTrue(MainContext.spin(until: { !keeper.hasUnsavedChanges }))
            XCTAssertNil(try saved().records["track:999"])
        }
    }

    func testASyncToolsConflictCopyIsOfferedMergedAndMovedAside() throws {
        try Self.withWindow { harness, paths in
            let keeper = harness.environment.items.keeper, main = harness.main
            var other = keeper.store
            let song = SearchResult(id: "track:999", name: "From the Laptop", kind: .song)
            other.keep(song)
            let copy = paths.dataDirectory.appending(path: "items.sync-conflict-20261127-101500-ABCDEFG.plist")
            try ItemStoreFile(url: copy).save(other)
            XCTAssertTrue(
                MainContext.spin(until: { main.notices.text?.hasPrefix("Another copy of your items") == true }),
                "\(main.notices.text ?? "no notice")")
            XCTAssertEqual(
                main.notices.text,
                "Another copy of your items was found (items.sync-conflict-20261127-101500-ABCDEFG.plist).")
            main.notices.clickButton()  // Merge
            XCTAssertTrue(MainContext.spin(until: { keeper.store.isKept("track:999") }))
            XCTAssertFalse(FileManager.default.fileExists(atPath: copy.path))
            XCTAssertTrue(FileManager.default.fileExists(atPath: copy.path + ".merged"), "moved aside, not lost")
            XCTAssertTrue(MainContext.spin(until: { !keeper.hasUnsavedChanges }))
            XCTAssertTrue(try ItemStoreFile(paths: paths).load().store.isKept("track:999"))
        }
    }

    /// A process that runs on with no window (the background watch): a window opened again takes
    /// the data folder's lock and watch back if the last one let them go, follows what another
    /// writer did meanwhile, and is offered a conflict copy that came while no window was open
    /// (it was offered to no one, once, and never again).
    func testAWindowOpenedAgainInTheSameProcessWatchesAndIsOfferedWhatCameMeanwhile() throws {
        try Self.withWindow { harness, paths in
            let keeper = harness.environment.items.keeper, file = harness.itemsFile
            @MainActor func notes(_ id: String) -> String? { keeper.store.records[id]?.edits.notes }
            func isLockedElsewhere() -> Bool {
                let probe = DataFolderLock(directory: paths.dataDirectory)
                defer { probe.release() }
                return probe.acquire() == .heldElsewhere
            }
            @MainActor func reopen() -> MainWindow {
                let window = MainWindow(
                    application: WindowHarness.application, environment: harness.environment,
                    settings: harness.settings)
                window.present()
                return window
            }
            // The window closes with nothing to outlive it: the folder is let go.
            XCTAssertTrue(isLockedElsewhere())
            XCTAssertTrue(harness.close())
            XCTAssertFalse(isLockedElsewhere(), "let go with the window")
            try Self.write(file, "rename", notes: ["track:777": "while no window was open"])
            let second = reopen()
            defer { second.window.destroy() }
            XCTAssertTrue(isLockedElsewhere(), "taken again by the new window")
            XCTAssertTrue(MainContext.spin(until: { notes("track:777") == "while no window was open" }))
            try Self.write(file, "rename", notes: ["track:888": "watched again"])
            XCTAssertTrue(MainContext.spin(until: { notes("track:888") == "watched again" }), "the folder is watched")

            // It closes while the background watch runs on: a conflict copy comes with no window.
            second.prices.outlivesWindow = true
            second.window.close()
            XCTAssertTrue(MainContext.spin(until: { !second.window.isVisible }))
            XCTAssertTrue(isLockedElsewhere(), "kept for the background watch")
            var other = keeper.store
            other.keep(SearchResult(id: "track:999", name: "From the Laptop", kind: .song))
            let copy = paths.dataDirectory.appending(path: "items (conflicted copy 2026-11-27).plist")
            try ItemStoreFile(url: copy).save(other)
            XCTAssertTrue(MainContext.spin(until: { keeper.offeredCopies.contains(copy) }), "offered to no one")
            let third = reopen()
            defer { third.window.destroy() }
            XCTAssertTrue(
                MainContext.spin(until: { third.notices.text?.hasPrefix("Another copy of your items") == true }),
                "offered to the new window: \(third.notices.text ?? "no notice")")
            third.notices.clickButton()  // Merge
            XCTAssertTrue(MainContext.spin(until: { keeper.store.isKept("track:999") }))
            XCTAssertTrue(MainContext.spin(until: { !keeper.hasUnsavedChanges }))
            XCTAssertTrue(try ItemStoreFile(paths: paths).load().store.isKept("track:999"))
        }
    }

    /// 200 changes, the user's (notes) and another writer's (names, new records; read, changed and
    /// renamed over the file at once, as a sync tool does) in a random order with a fixed seed, at
    /// random moments of the session's own saves: at the end the window and the file hold every
    /// last value of both.
    func testTwoHundredAlternatingChangesLoseNothing() throws {
        try Self.withWindow { harness, paths in
            let keeper = harness.environment.items.keeper, main = harness.main, file = harness.itemsFile
            let ids = Array(keeper.store.records.keys).sorted()
            var random = SeededGenerator(seed: 46)
            var notes: [String: String] = [:], names: [String: String] = [:]
            for step in 0..<200 {
                if Bool.random(using: &random) {
                    let id = ids.randomElement(using: &random)!, record = keeper.store.records[id]!
                    var after = record.edits
                    after.notes = "user \(step)"
                    main.items.record(
                        ItemChange(result: record.snapshot!, kind: .edits(before: record.edits, after: after)))
                    notes[id] = after.notes
                } else {
                    let id = step % 10 == 0 ? "track:\(900 + step)" : ids.randomElement(using: &random)!
                    var theirs = try ItemStoreFile(url: file).load(repairing: false).store
                    let song = SearchResult(id: id, name: "Song", kind: .song)
                    var edits = theirs.records[id]?.edits ?? ItemEdits()
                    edits.name = "other \(step)"
                    theirs.setEdits(edits, for: song)
                    let copy = ItemStoreFile(url: file.deletingLastPathComponent().appending(path: "copy.plist"))
                    try copy.save(theirs)
                    XCTAssertEqual(rename(copy.url.path, file.path), 0)
                    names[id] = edits.name
                }
                var turns = Int.random(in: 0..<20, using: &random)
                MainContext.spin(until: {
                    turns -= 1
                    return turns < 0
                })
            }
            // Everything settled: merged, saved, nothing left to follow.
            XCTAssertTrue(
                MainContext.spin(
                    until: {
                        !keeper.hasUnsavedChanges && !keeper.isMerging && !keeper.writer.isChangedElsewhere
                            && notes.allSatisfy { keeper.store.records[$0.key]?.edits.notes == $0.value }
                            && names.allSatisfy { keeper.store.records[$0.key]?.edits.name == $0.value }
                    }, timeout: .seconds(20)))
            let saved = try ItemStoreFile(paths: paths).load().store
            for (id, text) in notes { XCTAssertEqual(saved.records[id]?.edits.notes, text, id) }
            for (id, text) in names { XCTAssertEqual(saved.records[id]?.edits.name, text, id) }
            XCTAssertEqual(saved, keeper.store)
        }
    }
}
