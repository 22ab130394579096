import Foundation
import XCTest
@testable import StoreSearchCore

/// Issue #46: another writer's copy of the item file merged in three ways, against the version
/// this session last read or wrote, record by record and field by field.
final class ItemMergeTests: XCTestCase {
    private let day1 = Date(timeIntervalSince1970: 1_790_000_000)
    private var day2: Date { day1.addingTimeInterval(86_400) }

    private func record(_ id: String, notes: String? = nil, name: String? = nil, kept: Bool = false) -> ItemRecord {
        var record = ItemRecord(id: id, edits: ItemEdits(name: name, notes: notes), changedAt: day1)
        if kept { record.keptAt = day1 }
        return record
    }

    private func store(_ records: ItemRecord...) -> ItemStore {
        ItemStore(records: Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0) }))
    }

    private func merge(mine: ItemStore, base: ItemStore, theirs: ItemStore) -> ItemMerge.Outcome {
        ItemMerge.merge(
            mine: mine, theirs: theirs, base: { base.records[$0] }, baseOtherFields: base.otherFields)
    }

    func testAChangeOnOneSideOnlyIsTakenAsItIs() {
        let base = store(record("a", notes: "old"), record("b", notes: "b"), record("gone"))
        let mine = store(record("a", notes: "old"), record("b", notes: "mine"), record("gone"))
        let theirs = store(record("a", notes: "theirs"), record("b", notes: "b"), record("new", notes: "added"))
        let outcome = merge(mine: mine, base: base, theirs: theirs)
        var merged = mine
        merged.take(outcome)
        XCTAssertEqual(merged.records["a"]?.edits.notes, "theirs", "changed there only")
        XCTAssertEqual(merged.records["b"]?.edits.notes, "mine", "changed here only")
        XCTAssertEqual(merged.records["new"]?.edits.notes, "added", "added there")
        XCTAssertNil(merged.records["gone"], "removed there")
        XCTAssertEqual(Set(outcome.changed.keys), ["a", "new", "gone"])
        XCTAssertEqual(outcome.conflicts, [])
        XCTAssertTrue(outcome.differsFromTheirs, "b is to be written")
    }

    func testTheSameFieldChangedOnBothSidesKeepsTheUsersValueAndOffersTheOther() {
        let base = store(record("a", notes: "old", name: "Name"))
        let mine = store(record("a", notes: "mine", name: "Name"))
        let theirs = store(record("a", notes: "theirs", name: "Their Name"))
        let outcome = merge(mine: mine, base: base, theirs: theirs)
        var merged = mine
        merged.take(outcome)
        XCTAssertEqual(merged.records["a"]?.edits.notes, "mine")
        XCTAssertEqual(merged.records["a"]?.edits.name, "Their Name", "the other field merges")
        XCTAssertEqual(outcome.conflicts.map(\.field), [.notes])
        XCTAssertEqual(outcome.conflicts.first?.theirs.notes, "theirs")
        let taken = ItemMerge.EditField.notes.take(from: outcome.conflicts[0].theirs, into: merged.records["a"]!.edits)
        XCTAssertEqual(taken.notes, "theirs")
        XCTAssertEqual(taken.name, "Their Name")
    }

    func testARecordRemovedOnOneSideAndEditedOnTheOtherIsKeptEdited() {
        let base = store(record("a", notes: "old"), record("b", notes: "old"))
        let mine = store(record("a", notes: "mine"))  // b removed here
        let theirs = store(record("b", notes: "theirs"))  // a removed there
        var merged = mine
        merged.take(merge(mine: mine, base: base, theirs: theirs))
        XCTAssertEqual(merged.records["a"]?.edits.notes, "mine")
        XCTAssertEqual(merged.records["b"]?.edits.notes, "theirs")
    }

    func testPriceHistoriesMergeByDateAndOtherToolsKeysKeyByKey() {
        var base = record("a", kept: true)
        base.otherFields = ["tool": .string("1"), "mine": .string("x")]
        var mine = base, theirs = base
        mine.priceHistory = [PricePoint(date: day1, price: 0.99, currency: "USD")]
        theirs.priceHistory = [
            PricePoint(date: day1, price: 0.99, currency: "USD"), PricePoint(date: day2, price: 0.49, currency: "USD"),
        ]
        mine.otherFields["mine"] = .string("y")
        theirs.otherFields["tool"] = .string("2")
        theirs.otherFields["added"] = .string("z")
        var merged = store(mine)
        merged.take(merge(mine: store(mine), base: store(base), theirs: store(theirs)))
        XCTAssertEqual(merged.records["a"]?.priceHistory.map(\.price), [0.99, 0.49])
        XCTAssertEqual(
            merged.records["a"]?.otherFields, ["tool": .string("2"), "mine": .string("y"), "added": .string("z")])
    }

    func testTheBaseKeepsOnlyTheRecordsChangedSince() {
        var store = store(record("a", notes: "old"), record("b"))
        var base = ItemStoreBase()
        base.willChange(store, ids: ["a"])
        store.restore(record("a", notes: "new"))
        base.willChange(store, ids: ["a"])
        store.restore(record("a", notes: "newer"))
        XCTAssertEqual(base.record("a", in: store)?.edits.notes, "old", "the value when the file was read")
        XCTAssertEqual(base.record("b", in: store), store.records["b"])
        let whole = ItemStoreBase(file: self.store(record("c")))
        XCTAssertNil(whole.record("a", in: store))
        XCTAssertNotNil(whole.record("c", in: store))
    }

    func testSyncToolsConflictCopiesAreRecognized() {
        for name in [
            "items.sync-conflict-20261127-101500-ABCDEFG.plist", "items (conflicted copy 2026-11-27 101500).plist",
            "items (Ana's conflicted copy 2026-11-27).plist",
        ] {
            XCTAssertTrue(ConflictCopies.isConflictCopy(name, of: "items.plist"), name)
        }
        for name in ["items.plist", "items.plist.bak", "items.plist.corrupt-2026", "other.plist", "items (1).plist"] {
            XCTAssertFalse(ConflictCopies.isConflictCopy(name, of: "items.plist"), name)
        }
    }
}
