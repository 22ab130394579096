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
    let stack: Stack
    let nameEntry: EntryRow
    let artistEntry: EntryRow
    let priceEntry: EntryRow
    let priceError: Label
    private let offersLabel: Label
    let priceHistory: PriceHistoryView
    private let storeDetails: Widget
    private let storeDetailsList: ListBox
    private var storeDetailRows: [Widget] = []
    private let releaseNotesLabel: Label
    let screenshots: ScreenshotStrip
    let dateLabel: Label
    let changeDateButton: MenuButton
    let calendar: Gtk.Calendar
    let kindValue: Label
    let genreValue: Label
    let notesView: TextView
    let summary: ExpandableText
    let artwork: Picture
    let artworkStack: Stack
    private let artworkPlaceholder: Image
    /// Where the preview's controls sit, under the artwork.
    let previewSlot: Box
    let scroller: ScrolledWindow
    let viewInStoreButton: Button
    let hideButton: Button
    let revertButton: Button
    let unvisitButton: Button
    private let visitedRow: Widget
    /// "More by NAME" (the artist’s page) and "Show Tracks" (BrowseController carries them out).
    let moreByButton: Button
    let tracksButton: Button
    let moreByLabel: Label
    let tracksLabel: Label
    /// An album's tracks, listed in its detail (BrowseController looks them up).
    let tracksList: ListBox
    private let tracksBox: Widget
    private let tracksFailure: Widget
    let tracksFailureTitle: Label
    let tracksFailureMessage: Label
    let tracksRetryButton: Button
    private var trackRows: [Widget] = []
    private(set) var tracks: [SearchResult] = []
    /// A track in the album's list was activated (a click, Enter).
    let trackActivated = Event<SearchResult>()
    /// Retry under a track list that failed.
    let tracksRetryRequested = Event<Void>()

    private let loader: ArtworkLoader
    private let locale: Locale
    private var artworkRequest: ArtworkRequest?
    private(set) var item: Item?
    /// The large artwork's size on screen (detail-form.ui's artwork_stack).
    static let artworkPoints = 200
    /// True while `show` fills the fields, whose setters emit signals a user's edit would.
    private var isFilling = false

    /// The user changed the shown item; the edits replace the item's previous ones.
    let edited = Event<(item: Item, edits: ItemEdits)>()

    /// False in a read-only window (another process owns the item file): fields show, nothing edits.
    var isEditable = true {
        didSet {
            for entry in [nameEntry, artistEntry, priceEntry] { entry.isEditable = isEditable }
            notesView.isEditable = isEditable
            changeDateButton.isSensitive = isEditable
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

    /// Loads detail-form.ui; `stack` is the pane's content.
    init(loader: ArtworkLoader, locale: Locale) {
        self.loader = loader
        self.locale = locale
        let builder = Builder.loading("detail-form.ui")
        stack = builder.object("detail_stack")
        artworkStack = builder.object("artwork_stack")
        artworkPlaceholder = builder.object("artwork_placeholder")
        previewSlot = builder.object("preview_slot")
        scroller = builder.object("detail_scroller")
        nameEntry = builder.object("name_entry")
        artistEntry = builder.object("artist_entry")
        priceEntry = builder.object("price_entry")
        priceError = builder.object("price_error")
        offersLabel = builder.object("offers_label")
        priceHistory = PriceHistoryView(locale: locale)
        builder.object("price_history_slot", as: Box.self).append(priceHistory.root)
        storeDetails = builder.object("store_details")
        storeDetailsList = builder.object("store_details_list")
        let screenshotScroller: ScrolledWindow = builder.object("screenshot_scroller")
        screenshotScroller.passVerticalScrolls(to: scroller)  // the wheel over the screenshots scrolls the form
        screenshots = ScreenshotStrip(scroller: screenshotScroller, strip: builder.object("screenshot_strip"), loader: loader)
        releaseNotesLabel = builder.object("release_notes_label")
        // Screen readers heard the boxed lists as "GtkListBox".
        builder.object("edit_group", as: Widget.self).nameListBoxes(localized("Edit Item"))
        builder.object("info_group", as: Widget.self).nameListBoxes(localized("Item Information"))
        dateLabel = builder.object("date_label")
        changeDateButton = builder.object("change_date_button")
        calendar = builder.object("calendar")
        kindValue = builder.object("kind_value")
        genreValue = builder.object("genre_value")
        notesView = builder.object("notes_view")
        summary = ExpandableText(label: builder.object("summary_label"), moreButton: builder.object("summary_more_button"))
        artwork = builder.object("detail_artwork")
        viewInStoreButton = builder.object("view_store_button")
        hideButton = builder.object("hide_button")
        revertButton = builder.object("revert_button")
        unvisitButton = builder.object("unvisit_button")
        visitedRow = builder.object("visited_row")
        moreByButton = builder.object("more_by_button")
        tracksButton = builder.object("tracks_button")
        moreByLabel = builder.object("more_by_label")
        tracksLabel = builder.object("tracks_label")
        tracksList = builder.object("tracks_list")
        tracksBox = builder.object("tracks_box")
        tracksFailure = builder.object("tracks_failure")
        tracksFailureTitle = builder.object("tracks_failure_title")
        tracksFailureMessage = builder.object("tracks_failure_message")
        tracksRetryButton = builder.object("tracks_retry_button")
        tracksRetryButton.onClicked { [weak self] in self?.tracksRetryRequested.send() }
        tracksList.onRowActivated { [weak self] index in
            guard let self, self.tracks.indices.contains(index) else { return }
            self.trackActivated.send(self.tracks[index])
        }

        for entry in [nameEntry, artistEntry, priceEntry] {
            entry.onActivate { [weak self] in self?.commit() }
            entry.onFocusLeave { [weak self] in self?.commit() }
        }
        notesView.onFocusLeave { [weak self] in self?.commit() }
        // Typing that is not a price, taken back (Ctrl+Z) to the price as saved: nothing is wrong now.
        priceEntry.onEachChange { [weak self] in
            guard let self, let item = self.item, self.priceError.isVisible, self.priceEntry.text == self.shownPrice(of: item) else { return }
            self.setPriceError(nil)
        }
        stack.onFocusEnter { [weak self] in if let item = self?.item { self?.entered.send(item) } }
        calendar.onDaySelected { [weak self] in
            guard let self, self.item != nil, !self.isFilling else { return }
            self.commit(date: self.calendar.date)
            self.changeDateButton.popdown()
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
        // A change to the shown item (Ctrl+D, an undo) keeps typing that is not a price, with its
        // error: it was never saved, and only another item or Revert discards it.
        let keepsTypedPrice = !isNewItem && invalidPriceText != nil
        self.item = item
        shown.send(item)
        guard let item else {
            stack.show(Page.none)
            return
        }
        stack.show(Page.detail)
        if isNewItem {
            scroller.verticalOffset = 0  // each item opens at its artwork
            showTracks([], ofItem: item.id)
        }
        nameEntry.text = item.name
        artistEntry.text = item.artist ?? ""
        if !keepsTypedPrice {
            priceEntry.text = shownPrice(of: item)
            setPriceError(nil)
        }
        let offers = PriceFormatter(locale: locale).allOffers(price: item.result.price, offers: item.result.offers, currency: item.result.currency)
        offersLabel.text = offers ?? ""
        offersLabel.isVisible = offers != nil
        priceHistory.show(item)
        showStoreDetails(of: item.result)
        dateLabel.text = ReleaseDateFormatter(locale: locale).string(for: item.releaseDate) ?? localized("Unknown")
        if let date = item.releaseDate {
            isFilling = true
            calendar.date = date
            isFilling = false
        }
        kindValue.text = item.result.kind.displayName
        genreValue.text = item.result.genre ?? "—"
        notesView.text = item.notes
        if isNewItem || item.result.summary != summary.text { summary.show(item.result.summary) }  // an edit keeps Show More's choice
        viewInStoreButton.tooltip = item.result.storeLinkNote  // why it is disabled (a refused or missing link)
        showBrowseLinks(for: item.result)
        updateButtons(for: item)
        if isNewItem { loadArtwork(for: item) }  // a change to the shown item keeps its artwork
    }

    private func updateButtons(for item: Item) {
        // Whether Hide, Revert, Mark as Unvisited and View in Store can be done is their actions'
        // (ItemActions); the form only shows the visited row where there is a visit.
        visitedRow.isVisible = item.isVisited
        unvisitButton.isVisible = item.isVisited
    }

    /// Commits what is typed in any field, as leaving it would: before the window closes or the
    /// session ends, whatever the user typed is their intent.
    func commitPendingEdits() { commit() }

    /// The price field's text when it is not a price (shown with its error, not saved); nil
    /// when the field holds a valid price or the store's own.
    var invalidPriceText: String? {
        guard let item, priceError.isVisible, priceEntry.text != shownPrice(of: item) else { return nil }
        return priceEntry.text
    }

    /// Puts the price field back to the price as saved (the user chose to discard their typing).
    func discardTypedPrice() {
        guard let item else { return }
        priceEntry.text = shownPrice(of: item)
        setPriceError(nil)
    }

    /// Whether the focused field holds typing not yet committed (Ctrl+Z then undoes typing).
    var focusedFieldHasUncommittedText: Bool {
        guard let item else { return false }
        let fields: [(Widget, Bool)] = [
            (nameEntry, Self.edit(nameEntry.text, original: item.result.name) != item.edits.name),
            (artistEntry, Self.edit(artistEntry.text, original: item.result.artist ?? "") != item.edits.artist),
            (priceEntry, priceEntry.text != shownPrice(of: item)),
            (notesView, notesView.text != item.notes),
        ]
        return fields.contains { field, changed in changed && field.containsFocus }
    }

    /// Whether the large artwork is still on its way (tests).
    var isLoadingArtwork: Bool { artworkRequest != nil }

    private func loadArtwork(for item: Item) {
        artworkRequest?.cancel()
        artworkRequest = nil
        // Show the thumbnail at once if it is in memory, then the large image when it arrives;
        // with neither (none given, or broken), a placeholder of the same size.
        artwork.texture = item.result.artworkURL.flatMap { loader.cachedTexture(for: $0) }
        artworkStack.show(artwork.texture == nil ? ArtworkPage.placeholder : .artwork)
        artworkPlaceholder.setIconName(ArtworkSlot.placeholderIcon(for: item.result.kind))
        // The pixels shown (200 points at the display's scale), asked for by the URL's size part;
        // never more than the large image the answer names.
        let pixels = min(ArtworkLoader.detailPixels, Self.artworkPoints * max(1, artwork.scaleFactor))
        let sized = item.result.artworkURL.map { ArtworkURL.resized($0, to: pixels) }
        guard let url = sized != item.result.artworkURL ? sized : item.result.largeArtworkURL ?? item.result.artworkURL else { return }
        let id = item.id
        artworkRequest = loader.load(url, pixelSize: pixels) { [weak self] texture in
            guard let self, self.item?.id == id else { return }
            self.artworkRequest = nil
            guard let texture else { return }  // missing or broken: the placeholder stays
            self.artwork.texture = texture
            self.artworkStack.show(ArtworkPage.artwork)
        }
    }

    /// Reads every field into edits; a field equal to the store's value is not an edit.
    private func commit(date: Date? = nil) {
        guard let item, isEditable else { return }
        var edits = item.edits
        let result = item.result
        edits.name = Self.edit(nameEntry.text, original: result.name)
        edits.artist = Self.edit(artistEntry.text, original: result.artist ?? "")
        let notes = notesView.text
        edits.notes = notes.isEmpty ? nil : notes
        if let date { edits.releaseDate = Self.isSameDay(date, result.releaseDate) ? nil : date }
        do {
            let typed = priceEntry.text
            if typed != shownPrice(of: item) {
                let price = try PriceParser(locale: locale).parse(typed)
                edits.price = price == result.price ? nil : price
            }
            setPriceError(nil)
        } catch {
            setPriceError(error.message)
        }
        guard edits != item.edits else { return }
        // A committed edit is one step of the window's undo: the fields' own undo stops there
        // (not the price's while it holds text that is no price, which was not committed).
        for entry in [nameEntry, artistEntry] + (priceError.isVisible ? [] : [priceEntry]) { entry.forgetUndoHistory() }
        notesView.forgetUndoHistory()
        var updated = item
        updated.edits = edits
        self.item = updated
        updateButtons(for: updated)
        dateLabel.text = ReleaseDateFormatter(locale: locale).string(for: updated.releaseDate) ?? localized("Unknown")
        edited.send((updated, edits))
    }

    /// Where the item leads: its artist's page ("More by NAME"; an artist's own record: "Works by
    /// NAME") and its album's tracks. Each button's one accessible name is its text.
    private func showBrowseLinks(for result: SearchResult) {
        let artist = BrowseTarget.artist(of: result)
        let artistText = artist.map { String(format: result.kind == .artist ? localized("Works by %@") : localized("More by %@"), $0.name) } ?? ""
        moreByLabel.text = artistText
        moreByButton.setAccessibleLabel(artistText)
        moreByButton.tooltip = artistText
        moreByButton.isVisible = artist != nil
        let album = BrowseTarget.album(of: result)
        let tracksText = result.kind == .album ? localized("Show Tracks") : String(format: localized("Tracks of “%@”"), album?.name ?? "")
        tracksLabel.text = tracksText
        tracksButton.setAccessibleLabel(tracksText)
        tracksButton.tooltip = tracksText
        tracksButton.isVisible = album != nil
    }

    /// Lists an album's `tracks` (number, length, price) while the item with `id` is shown; none hides the list.
    func showTracks(_ tracks: [SearchResult], ofItem id: String) {
        guard item?.id == id else { return }
        for row in trackRows { tracksList.remove(row) }
        self.tracks = tracks
        let formatter = PriceFormatter(locale: locale)
        trackRows = tracks.map { track in
            let row = ActionRow(title: track.name, subtitle: ResultRow.trackLine(of: track))
            row.isActivatable = true
            let price = Label(formatter.listing(price: track.price, ownPrice: false, offers: track.offers, currency: track.currency) ?? "")
            price.addCSSClass("dim-label")
            row.addSuffix(price)
            tracksList.append(row)
            return row
        }
        tracksFailure.isVisible = false
        tracksBox.isVisible = !tracks.isEmpty
    }

    /// The tracks of the item with `id` could not be listed: the failure's title and message, as
    /// a search's failure page says them, and Retry when trying again can help.
    func showTracksFailure(_ failure: SearchFailure, ofItem id: String) {
        guard item?.id == id else { return }
        showTracks([], ofItem: id)
        tracksFailureTitle.text = failure.title
        tracksFailureMessage.text = failure.message
        tracksRetryButton.isVisible = failure.isWorthRetrying
        tracksFailure.isVisible = true
        tracksBox.isVisible = true
    }

    /// The store's read-only details for the item's kind, one row each.
    private func showStoreDetails(of result: SearchResult) {
        for row in storeDetailRows { storeDetailsList.remove(row) }
        let details = result.details ?? StoreDetails()
        storeDetailRows = details.rows(for: result.kind, collection: result.collectionName, locale: locale, fileSize: formatSize).map { title, value, spoken in
            let row = ActionRow(title: title)
            let label = Label(value)
            label.ellipsizeAtEnd()
            label.isSelectable = true
            label.tooltip = value
            if let spoken { label.setAccessibleLabel(spoken) }  // words, not "★★★★☆"
            row.addSuffix(label)
            storeDetailsList.append(row)
            return row
        }
        releaseNotesLabel.text = details.releaseNotes.map { TextBounds.breakable(String(format: localized("What’s new: %@"), $0)) } ?? ""
        releaseNotesLabel.isVisible = details.releaseNotes != nil
        screenshots.show(details.screenshotURLs)
        storeDetails.isVisible = !storeDetailRows.isEmpty || details.releaseNotes != nil || !details.screenshotURLs.isEmpty
    }

    /// The price as the form shows it before any typing; other text in the field is an edit.
    private func shownPrice(of item: Item) -> String {
        PriceFormatter(locale: locale).editableString(for: item.price, currency: item.result.currency)
    }

    private func setPriceError(_ message: String?) {
        let hadError = priceError.isVisible
        defer { if priceError.isVisible != hadError { invalidPriceChanged.send() } }
        priceError.text = message ?? ""
        priceError.isVisible = message != nil
        priceEntry.setCSSClass("error", message != nil)
        priceEntry.setAccessibleDescription(message ?? "")  // cleared once the price is valid again
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
