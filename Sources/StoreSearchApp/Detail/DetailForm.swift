import Adw
import Foundation
import Gtk
import StoreSearchCore

/// The detail pane (LootLogger's drill-down): large artwork, editable Name, Artist, Price, Release
/// Date and Notes, read-only Kind and Genre, as boxed lists (detail-form.ui), with its actions
/// in a bar that stays in view. An edit commits on Enter or when focus leaves its field; an
/// invalid price is explained and not saved.
@MainActor
final class DetailForm {
    /// detail-form.ui's objects; `ui.detailStack` is the pane's content.
    let ui = DetailFormOutlets()
    let priceHistory: PriceHistoryView
    let keptStore: KeptStoreNotice
    private(set) var storeDetailRows: [Widget] = []
    let screenshots: ScreenshotStrip
    let summary: ExpandableText
    private var trackRows: [Widget] = []
    private(set) var tracks: [SearchResult] = []
    /// A track in the album's list was activated (a click, Enter).
    let trackActivated = Event<SearchResult>()
    /// Retry under a track list that failed.
    let tracksRetryRequested = Event<Void>()

    private let loader: ArtworkLoader
    let locale: Locale
    private var artworkRequest: ArtworkRequest?
    private(set) var item: Item?
    /// The large artwork's size on screen (detail-form.ui's artwork_stack).
    static let artworkPoints = 200
    /// True while `show` fills the fields, whose setters emit signals a user's edit would.
    private var isFilling = false
    /// Typing not yet committed reaches the item file a moment after the user pauses, as a draft
    /// that is no undo step: a crash or `kill -9` loses at most the last seconds of it.
    static let draftPause: Duration = .seconds(1)
    private var draftTimer: Gtk.Timer?
    /// The edits the store holds for the open item as a draft (nil: none beyond `item.edits`).
    private var draft: ItemEdits?

    /// The user changed the shown item: its edits as the form showed them, and as they are now.
    let edited = Event<ItemChange>()
    /// Typing not yet committed, as a change from what the store holds to what the fields hold
    /// (and back, when the typing is committed or goes): kept in the store, not on the history.
    let drafted = Event<ItemChange>()

    /// False in a read-only window (another process owns the item file): fields show, nothing edits.
    var isEditable = true {
        didSet {
            for entry in [ui.nameEntry, ui.artistEntry, ui.priceEntry] { entry.isEditable = isEditable }
            ui.notesView.isEditable = isEditable
            ui.changeDateButton.isSensitive = isEditable
            if let item { updateButtons(for: item) }
        }
    }
    /// The pages of detail-form.ui's stacks.
    enum Page: String, CaseIterable { case none, detail }
    enum ArtworkPage: String, CaseIterable { case placeholder, artwork }

    /// The form shows this item now (nil: none).
    let shown = Event<Item?>()
    /// Keyboard focus went into the form (a click or Tab into a field): the user works with the shown item.
    let entered = Event<Item>()
    /// Another item was opened while the price field held text that is not a price: that text
    /// (and the item it was typed for) could not be kept.
    let invalidPriceDropped = Event<(typed: String, item: Item)>()
    /// The price field started or stopped holding text that is not a price.
    let invalidPriceChanged = Event<Void>()

    init(loader: ArtworkLoader, locale: Locale) {
        self.loader = loader
        self.locale = locale
        priceHistory = PriceHistoryView(locale: locale)
        keptStore = KeptStoreNotice(locale: locale)
        ui.priceHistorySlot.append(keptStore.root)
        ui.priceHistorySlot.append(priceHistory.root)
        // the wheel over the screenshots scrolls the form
        ui.screenshotScroller.passVerticalScrolls(to: ui.detailScroller)
        screenshots = ScreenshotStrip(scroller: ui.screenshotScroller, strip: ui.screenshotStrip, loader: loader)
        // Screen readers heard the boxed lists as "GtkListBox".
        ui.editGroup.nameListBoxes(localized("Edit Item"))
        ui.infoGroup.nameListBoxes(localized("Item Information"))
        summary = ExpandableText(label: ui.summaryLabel, moreButton: ui.summaryMoreButton)
        ui.tracksRetryButton.onClicked { [weak self] in self?.tracksRetryRequested.send() }
        ui.tracksList.onRowActivated { [weak self] index in
            guard let self, self.tracks.indices.contains(index) else { return }
            self.trackActivated.send(self.tracks[index])
        }

        for entry in [ui.nameEntry, ui.artistEntry, ui.priceEntry] {
            entry.onActivate { [weak self] in self?.commit() }
            entry.onFocusLeave { [weak self] in self?.commit() }
        }
        ui.notesView.onFocusLeave { [weak self] in self?.commit() }
        for field in [ui.nameEntry, ui.artistEntry, ui.priceEntry] as [Editable] {
            field.onEachChange { [weak self, weak field] in if field?.containsFocus == true { self?.typed() } }
        }
        ui.notesView.onChanged { [weak self] in if self?.ui.notesView.containsFocus == true { self?.typed() } }
        // Typing that is not a price, taken back (Ctrl+Z) to the price as saved: nothing is wrong now.
        ui.priceEntry.onEachChange { [weak self] in
            guard let self, let item = self.item, self.ui.priceError.isVisible,
                self.ui.priceEntry.text == self.shownPrice(of: item)
            else { return }
            self.setPriceError(nil)
        }
        ui.detailStack.onFocusEnter { [weak self] in if let item = self?.item { self?.entered.send(item) } }
        ui.calendar.onDaySelected { [weak self] in
            guard let self, self.item != nil, !self.isFilling else { return }
            self.commit(date: self.ui.calendar.date)
            self.ui.changeDateButton.popdown()
        }
    }

    /// Shows `item` (nil: the "select a result" page). Uncommitted typing for the previous item
    /// is committed first, so switching items never drops an edit.
    func show(_ item: Item?) {
        if let current = self.item, current.id != item?.id {
            commit()
            if let typed = invalidPriceText { invalidPriceDropped.send((typed, current)) }
        }
        let isNewItem = self.item?.id != item?.id
        // What the store said of it is shown again only when it changed (another item, a price
        // check): the item's own edit (a name typed, Ctrl+D) leaves its rows and links as they are.
        let isNewResult = isNewItem || self.item?.result != item?.result
        // A change to the shown item (a visit, a price check, an undo) leaves the fields being
        // typed in as they are (a price that is no price keeps its error: only another item or
        // Revert discards it), and the item as the form knows it is the store's without the
        // typing's draft, which becomes a step when committed.
        let typing = isNewItem ? [] : fieldsWithTyping
        var item = item
        if !isNewItem, let held = draft, let current = self.item, let edits = item?.edits {
            item?.edits = ItemStore.edits(edits, changedFrom: held, to: current.edits)
        }
        self.item = item
        shown.send(item)
        guard let item else {
            ui.detailStack.show(Page.none)
            return
        }
        ui.detailStack.show(Page.detail)
        if isNewItem {
            ui.detailScroller.verticalOffset = 0  // each item opens at its artwork
            showTracks([], ofItem: item.id)
        }
        // A field that shows its value already is not set again (see Editable.text): following a
        // change to the open item (its own edit, Ctrl+D) keeps the cursor and undo of the field.
        let isTyping = { (field: Widget) in typing.contains { $0 === field } }
        if !isTyping(ui.nameEntry) { ui.nameEntry.text = item.name }
        if !isTyping(ui.artistEntry) { ui.artistEntry.text = item.artist ?? "" }
        if !isTyping(ui.priceEntry) {
            ui.priceEntry.text = shownPrice(of: item)
            setPriceError(nil)
        }
        if isNewResult { showStoreFacts(of: item.result) }
        keptStore.show(item)
        priceHistory.show(item)
        ui.dateLabel.text = ReleaseDateFormatter(locale: locale).string(for: item.releaseDate) ?? localized("Unknown")
        if let date = item.releaseDate {
            isFilling = true
            ui.calendar.date = date
            isFilling = false
        }
        if !isTyping(ui.notesView) { ui.notesView.text = item.notes }
        // an edit keeps Show More's choice
        if isNewItem || item.result.summary != summary.text { summary.show(item.result.summary) }
        updateButtons(for: item)
        if isNewItem { loadArtwork(for: item) }  // a change to the shown item keeps its artwork
    }

    /// What the store says of the item, which the user does not edit: its offers, details, kind,
    /// genre, store link and the pages it leads to.
    private func showStoreFacts(of result: SearchResult) {
        let offers = PriceFormatter(locale: locale).allOffers(
            price: result.price, offers: result.offers, currency: result.currency)
        ui.offersLabel.text = offers ?? ""
        ui.offersLabel.isVisible = offers != nil
        showStoreDetails(of: result)
        ui.kindValue.text = result.kind.displayName
        ui.genreValue.text = result.genre ?? "—"
        ui.viewStoreButton.tooltip = result.storeLinkNote  // why it is disabled (a refused or missing link)
        showBrowseLinks(for: result)
    }

    private func updateButtons(for item: Item) {
        // Whether Hide, Revert, Mark as Unvisited and View in Store can be done is their actions'
        // (ItemActions); the form only shows the visited row where there is a visit.
        ui.visitedRow.isVisible = item.isVisited
        ui.unvisitButton.isVisible = item.isVisited
    }

    /// Commits what is typed in any field, as leaving it would: before the window closes or the
    /// session ends, whatever the user typed is their intent.
    func commitPendingEdits() { commit() }

    /// The price field's text when it is not a price (shown with its error, not saved); nil
    /// when the field holds a valid price or the store's own.
    var invalidPriceText: String? {
        guard let item, ui.priceError.isVisible, ui.priceEntry.text != shownPrice(of: item) else { return nil }
        return ui.priceEntry.text
    }

    /// Puts the price field back to the price as saved (the user chose to discard their typing).
    func discardTypedPrice() {
        guard let item else { return }
        ui.priceEntry.text = shownPrice(of: item)
        setPriceError(nil)
    }

    /// Whether the focused field holds typing not yet committed (Ctrl+Z then undoes typing).
    var focusedFieldHasUncommittedText: Bool { fieldsWithTyping.contains { $0.containsFocus } }

    /// The fields whose text is not the open item's: typing not yet committed.
    private var fieldsWithTyping: [Widget] {
        guard let item else { return [] }
        let typed = typedEdits(of: item)
        let fields: [(Widget, Bool)] = [
            (ui.nameEntry, typed.name != item.edits.name), (ui.artistEntry, typed.artist != item.edits.artist),
            (ui.priceEntry, ui.priceEntry.text != shownPrice(of: item)),
            (ui.notesView, typed.notes != item.edits.notes),
        ]
        return fields.filter(\.1).map(\.0)
    }

    /// Whether the large artwork is still on its way. For tests and the bench.
    package var isLoadingArtwork: Bool { artworkRequest != nil }

    private func loadArtwork(for item: Item) {
        artworkRequest?.cancel()
        artworkRequest = nil
        // Show the thumbnail at once if it is in memory, then the large image when it arrives;
        // with neither (none given, or broken), a placeholder of the same size.
        ui.detailArtwork.texture = item.result.artworkURL.flatMap { loader.cachedTexture(for: $0) }
        ui.artworkStack.show(ui.detailArtwork.texture == nil ? ArtworkPage.placeholder : .artwork)
        ui.artworkPlaceholder.setIconName(ArtworkSlot.placeholderIcon(for: item.result.kind))
        // The pixels shown (200 points at the display's scale), asked for by the URL's size part;
        // never more than the large image the answer names.
        let pixels = min(ArtworkLoader.detailPixels, Self.artworkPoints * max(1, ui.detailArtwork.scaleFactor))
        let sized = item.result.artworkURL.map { ArtworkURL.resized($0, to: pixels) }
        guard let url = sized != item.result.artworkURL ? sized : item.result.largeArtworkURL ?? item.result.artworkURL
        else { return }
        let id = item.id
        artworkRequest = loader.load(url, pixelSize: pixels) { [weak self] texture in
            guard let self, self.item?.id == id else { return }
            self.artworkRequest = nil
            guard let texture else { return }  // missing or broken: the placeholder stays
            self.ui.detailArtwork.texture = texture
            self.ui.artworkStack.show(ArtworkPage.artwork)
        }
    }

    /// Reads every field into edits; a field equal to the store's value is not an edit.
    private func commit(date: Date? = nil) {
        guard let item, isEditable else { return }
        draftTimer?.cancel()
        var edits = typedEdits(of: item)
        if let date { edits.releaseDate = Self.isSameDay(date, item.result.releaseDate) ? nil : date }
        do {
            if let price = try typedPrice(of: item) { edits.price = price }
            setPriceError(nil)
        } catch {
            setPriceError(error.message)
        }
        guard edits != item.edits else { return dropDraft(of: item) }
        draft = nil  // the store goes from it to `edits` in one change (`Items.record`)
        // A committed edit is one step of the window's undo: the fields' own undo stops there
        // (not the price's while it holds text that is no price, which was not committed).
        for entry in [ui.nameEntry, ui.artistEntry] + (ui.priceError.isVisible ? [] : [ui.priceEntry]) {
            entry.forgetUndoHistory()
        }
        ui.notesView.forgetUndoHistory()
        var updated = item
        updated.edits = edits
        self.item = updated
        updateButtons(for: updated)
        ui.dateLabel.text =
            ReleaseDateFormatter(locale: locale).string(for: updated.releaseDate) ?? localized("Unknown")
        edited.send(ItemChange(result: item.result, kind: .edits(before: item.edits, after: edits)))
    }

    /// What the text fields hold, as edits of `item` (the price aside: see `typedPrice`).
    private func typedEdits(of item: Item) -> ItemEdits {
        var edits = item.edits
        edits.name = Self.edit(ui.nameEntry.text, original: item.result.name)
        edits.artist = Self.edit(ui.artistEntry.text, original: item.result.artist ?? "")
        let notes = ui.notesView.text
        edits.notes = notes.isEmpty ? nil : notes
        return edits
    }

    /// The price typed, as an edit (`.some(nil)`: the store's own); nil when it was not changed.
    /// Throws when the text is no price.
    private func typedPrice(of item: Item) throws(PriceParseError) -> Decimal?? {
        let typed = ui.priceEntry.text
        guard typed != shownPrice(of: item) else { return nil }
        let price = try PriceParser(locale: locale).parse(typed)
        return .some(price == item.result.price ? nil : price)
    }

    /// The user typed in a field: a pause later, what the fields hold becomes the draft.
    private func typed() {
        guard !isFilling, isEditable, item != nil else { return }
        draftTimer?.cancel()
        draftTimer = MainContext.after(Self.draftPause) { [weak self] in self?.keepDraft() }
    }

    /// Drafts what is typed now, without waiting for the pause (another writer's copy of the
    /// items is about to be merged: it must see the typing).
    func keepTypingAsDraft() {
        draftTimer?.cancel()
        keepDraft()
    }

    private func keepDraft() {
        guard let item, isEditable else { return }
        var edits = typedEdits(of: item)
        if let price = try? typedPrice(of: item) { edits.price = price }  // a price that is no price waits
        let held = draft ?? item.edits
        guard edits != held else { return }
        drafted.send(ItemChange(result: item.result, kind: .edits(before: held, after: edits)))
        draft = edits == item.edits ? nil : edits
    }

    /// Takes the draft out of the store again: the typing is committed now, or it went.
    private func dropDraft(of item: Item) {
        draftTimer?.cancel()
        guard let held = draft else { return }
        draft = nil
        drafted.send(ItemChange(result: item.result, kind: .edits(before: held, after: item.edits)))
    }

    /// Where the item leads: its artist's page ("More by NAME"; an artist's own record: "Works by
    /// NAME") and its album's tracks. Each button's one accessible name is its text.
    private func showBrowseLinks(for result: SearchResult) {
        let artist = BrowseTarget.artist(of: result)
        let artistText =
            artist.map {
                String(format: result.kind == .artist ? localized("Works by %@") : localized("More by %@"), $0.name)
            } ?? ""
        ui.moreByLabel.text = artistText
        ui.moreByButton.setAccessibleLabel(artistText)
        ui.moreByButton.tooltip = artistText
        ui.moreByButton.isVisible = artist != nil
        let album = BrowseTarget.album(of: result)
        let tracksText =
            result.kind == .album
            ? localized("Show Tracks") : String(format: localized("Tracks of “%@”"), album?.name ?? "")
        ui.tracksLabel.text = tracksText
        ui.tracksButton.setAccessibleLabel(tracksText)
        ui.tracksButton.tooltip = tracksText
        ui.tracksButton.isVisible = album != nil
    }

    /// Lists an album's `tracks` (number, length, price) while the item with `id` is shown; none hides the list.
    func showTracks(_ tracks: [SearchResult], ofItem id: String) {
        guard item?.id == id else { return }
        for row in trackRows { ui.tracksList.remove(row) }
        self.tracks = tracks
        let formatter = PriceFormatter(locale: locale)
        trackRows = tracks.map { track in
            let row = ActionRow(title: track.name, subtitle: ResultRow.trackLine(of: track))
            row.isActivatable = true
            let price = Label(
                formatter.listing(price: track.price, ownPrice: false, offers: track.offers, currency: track.currency)
                    ?? "")
            price.addCSSClass("dim-label")
            row.addSuffix(price)
            ui.tracksList.append(row)
            return row
        }
        ui.tracksFailure.isVisible = false
        ui.tracksBox.isVisible = !tracks.isEmpty
    }

    /// The tracks of the item with `id` could not be listed: the failure's title and message, as
    /// a search's failure page says them, and Retry when trying again can help.
    func showTracksFailure(_ failure: SearchFailure, ofItem id: String) {
        guard item?.id == id else { return }
        showTracks([], ofItem: id)
        ui.tracksFailureTitle.text = failure.title
        ui.tracksFailureMessage.text = failure.message
        ui.tracksRetryButton.isVisible = failure.isWorthRetrying
        ui.tracksFailure.isVisible = true
        ui.tracksBox.isVisible = true
    }

    /// The store's read-only details for the item's kind, one row each.
    private func showStoreDetails(of result: SearchResult) {
        for row in storeDetailRows { ui.storeDetailsList.remove(row) }
        let details = result.details ?? StoreDetails()
        storeDetailRows = details.rows(
            for: result.kind, collection: result.collectionName, locale: locale, fileSize: formatSize
        ).map { title, value, spoken in
            let row = ActionRow(title: title)
            row.wrapTitleBetweenWords()  // "Collection", never "Colle-ction" beside a long value
            let label = Label(value)
            label.ellipsizeAtEnd()
            label.isSelectable = true
            label.tooltip = value
            if let spoken { label.setAccessibleLabel(spoken) }  // words, not "★★★★☆"
            row.addSuffix(label)
            ui.storeDetailsList.append(row)
            return row
        }
        ui.releaseNotesLabel.text =
            details.releaseNotes.map { TextBounds.breakable(String(format: localized("What’s new: %@"), $0)) } ?? ""
        ui.releaseNotesLabel.isVisible = details.releaseNotes != nil
        screenshots.show(details.screenshotURLs)
        ui.storeDetails.isVisible =
            !storeDetailRows.isEmpty || details.releaseNotes != nil || !details.screenshotURLs.isEmpty
    }

    /// The price as the form shows it before any typing; other text in the field is an edit.
    private func shownPrice(of item: Item) -> String {
        PriceFormatter(locale: locale).editableString(for: item.price, currency: item.result.currency)
    }

    private func setPriceError(_ message: String?) {
        let hadError = ui.priceError.isVisible
        defer { if ui.priceError.isVisible != hadError { invalidPriceChanged.send() } }
        ui.priceError.text = message ?? ""
        ui.priceError.isVisible = message != nil
        ui.priceEntry.setCSSClass("error", message != nil)
        ui.priceEntry.setAccessibleDescription(message ?? "")  // cleared once the price is valid again
    }

    /// The store's dates are instants on a UTC day; picking that day again is not an edit.
    private static func isSameDay(_ picked: Date, _ original: Date?) -> Bool {
        guard let original else { return false }
        var utc = Foundation.Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        return utc.isDate(picked, inSameDayAs: original)
    }

    private static func edit(_ text: String, original: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty || trimmed == original ? nil : trimmed
    }
}
