#!/bin/bash
# Translations of the `storesearch` gettext domain.
#   scripts/l10n.sh update           rewrite po/storesearch.pot from the sources, merge it into po/*.po
#   scripts/l10n.sh check            fail when the template is out of date, a translation is incomplete,
#                                    or a user-visible text is not marked for translation
#   scripts/l10n.sh compile DIR      DIR/locale/<lang>/LC_MESSAGES/storesearch.mo, the translated
#                                    .desktop and metainfo files in DIR/desktop/, and the help's
#                                    translated pages in DIR/help/<lang>/
# The help (Mallard pages in help/C/) is translated the GNOME way, with itstool: its template is
# help/help.pot, the translations help/<lang>/<lang>.po for the languages in help/LINGUAS.
# Swift has no xgettext parser. Messages are marked localized("…") / localizedPlural("…", "…", n)
# with single-line literals (the functions take StaticString, so no interpolation), which
# xgettext's C lexer reads exactly; `check` also greps every marked literal and fails on any
# the template lacks, so a literal the lexer misread cannot slip through.
set -euo pipefail
cd "$(dirname "$0")/.."

DOMAIN=storesearch
POT=po/$DOMAIN.pot
LINGUAS=$(grep -v '^#' po/LINGUAS)
DESKTOP_IN=Resources/io.github.storesearch.StoreSearch.desktop.in
METAINFO_IN=Resources/io.github.storesearch.StoreSearch.metainfo.xml.in
SCHEMA=Resources/io.github.storesearch.StoreSearch.gschema.xml
MARK='localized(Plural)?\("'
HELP_POT=help/help.pot
HELP_LINGUAS=$(grep -v '^#' help/LINGUAS)

swift_sources() { grep -rlE --include='*.swift' "$MARK" Sources | LC_ALL=C sort; }
ui_sources() { find Resources -name '*.ui' | LC_ALL=C sort; }

# The template, without its creation date (so an unchanged template compares equal).
template() {
    local out=$1
    local common=(--package-name=StoreSearch --msgid-bugs-address=https://github.com/storesearch/StoreSearch/issues
                  --from-code=UTF-8 --add-comments=Translators: --add-location=file --sort-by-file)
    xgettext "${common[@]}" -o "$out" $(ui_sources) "$DESKTOP_IN" "$METAINFO_IN" "$SCHEMA"
    xgettext "${common[@]}" -j -L C --keyword= --keyword=localized --keyword=localizedPlural:1,2 \
        -o "$out" $(swift_sources)
    sed -i '/^"POT-Creation-Date:/d' "$out"
}

help_pages() { find help/C -name '*.page' | LC_ALL=C sort; }

# The help's template (itstool), without its creation date.
help_template() {
    itstool -o "$1" $(help_pages)
    sed -i '/^"POT-Creation-Date:/d' "$1"
}

# Lines that show an unmarked text: literals handed to labels, titles, banners, dialogs and
# accessible names in Swift, and text properties without translatable="yes" in .ui files.
unmarked() {
    grep -rnE --include='*.swift' \
        -e '(Label|Button)\((label: )?"[^"]*[A-Za-z]' \
        -e '\.(text|title|label|tooltip|placeholderText|subtitle) = "[^"]*[A-Za-z]' \
        -e '(setAccessibleLabel|setAccessibleDescription|showBanner|showToast|addButton|addToast)\("[^"]*[A-Za-z]' \
        -e '(title|detail|message|heading|body|button): "[^"]*[A-Za-z]' \
        -e '\?\? "[A-Z][a-z]' \
        Sources --exclude-dir=storesearch-bench --exclude-dir=ui-outlets | grep -vE '^[^:]+:[0-9]+:\s*//' || true
    grep -rnE --include='*.ui' \
        -e '<property name="(label|title|tooltip-text|placeholder-text|text|description|subtitle)">[^<]*[A-Za-z]' \
        -e '<attribute name="(label|title)">' -e '<item>[^<]*[A-Za-z]' \
        Resources || true
}

case ${1:-} in
unmarked)
    unmarked ;;
update)
    template "$POT"
    for lang in $LINGUAS; do
        msgmerge --quiet --update --backup=none --add-location=file --sort-by-file "po/$lang.po" "$POT"
    done
    help_template "$HELP_POT"
    for lang in $HELP_LINGUAS; do
        msgmerge --quiet --update --backup=none "help/$lang/$lang.po" "$HELP_POT"
    done
    echo "Updated $POT and po/{$(echo $LINGUAS | tr ' ' ',')}.po, $HELP_POT and help/{$(echo $HELP_LINGUAS | tr ' ' ',')}/*.po;" \
        "translate what msgattrib --untranslated and --only-fuzzy list."
    ;;
check)
    tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
    template "$tmp/fresh.pot"
    if ! diff -u "$POT" "$tmp/fresh.pot" > "$tmp/diff"; then
        cat "$tmp/diff" >&2
        echo "po/$DOMAIN.pot is out of date: run 'make po' and translate the new messages." >&2
        exit 1
    fi
    # Every marked Swift literal must be in the template (guards against the C lexer misreading Swift).
    missing=0
    msgcat --no-wrap "$POT" > "$tmp/flat.pot"
    while IFS= read -r literal; do
        grep -qxF "msgid \"$literal\"" "$tmp/flat.pot" || grep -qxF "msgid_plural \"$literal\"" "$tmp/flat.pot" || {
            echo "not in the template: \"$literal\"" >&2; missing=1; }
    done < <(swift_sources | xargs grep -hvE '^\s*//' \
                | grep -oE "localized(Plural)?\(\"([^\"\\\\]|\\\\.)*\"(, *\"([^\"\\\\]|\\\\.)*\")?" \
                | sed -E 's/^localized(Plural)?\("//; s/"$//; s/", *"/\n/')
    [ $missing = 0 ] || exit 1
    found=$(unmarked)
    if [ -n "$found" ]; then
        echo "$found" >&2
        echo "These texts are not marked for translation: localized(\"…\") in Swift, translatable=\"yes\" in .ui." >&2
        exit 1
    fi
    for lang in $LINGUAS; do
        # msgcmp fails on any msgid of the template that is missing, untranslated or fuzzy in the .po.
        msgcmp "po/$lang.po" "$POT" || { echo "po/$lang.po is incomplete: run 'make po' and translate it." >&2; exit 1; }
        if [ -n "$(msgattrib --only-fuzzy --no-obsolete "po/$lang.po")" ]; then
            echo "po/$lang.po has fuzzy translations" >&2; exit 1
        fi
        msgfmt --check --output-file=/dev/null "po/$lang.po"
    done
    help_template "$tmp/help.pot"
    if ! diff -u "$HELP_POT" "$tmp/help.pot" > "$tmp/help.diff"; then
        cat "$tmp/help.diff" >&2
        echo "$HELP_POT is out of date: run 'make po' and translate the help's new messages." >&2
        exit 1
    fi
    for lang in $HELP_LINGUAS; do
        msgcmp "help/$lang/$lang.po" "$HELP_POT" || { echo "help/$lang/$lang.po is incomplete: run 'make po' and translate it." >&2; exit 1; }
        if [ -n "$(msgattrib --only-fuzzy --no-obsolete "help/$lang/$lang.po")" ]; then
            echo "help/$lang/$lang.po has fuzzy translations" >&2; exit 1
        fi
        msgfmt --check --output-file=/dev/null "help/$lang/$lang.po"
    done
    echo "Translations: template current; $(echo $LINGUAS) complete; help: $(echo $HELP_LINGUAS) complete."
    ;;
compile)
    out=${2:?compile needs an output folder}
    for lang in $LINGUAS; do
        mkdir -p "$out/locale/$lang/LC_MESSAGES"
        msgfmt --check -o "$out/locale/$lang/LC_MESSAGES/$DOMAIN.mo" "po/$lang.po"
    done
    mkdir -p "$out/desktop"
    msgfmt --desktop --template="$DESKTOP_IN" -d po -o "$out/desktop/io.github.storesearch.StoreSearch.desktop"
    msgfmt --xml --template="$METAINFO_IN" -d po -o "$out/desktop/io.github.storesearch.StoreSearch.metainfo.xml"
    # The help's pages in each language (its figures are the C ones: scripts/install.sh copies them).
    for lang in $HELP_LINGUAS; do
        rm -rf "$out/help/$lang" && mkdir -p "$out/help/$lang"
        msgfmt --check -o "$out/help/$lang.mo" "help/$lang/$lang.po"
        itstool -m "$out/help/$lang.mo" -l "$lang" -o "$out/help/$lang/" $(help_pages)
        rm "$out/help/$lang.mo"
    done
    ;;
*)
    echo "usage: $0 update | check | unmarked | compile DIR" >&2; exit 2 ;;
esac
