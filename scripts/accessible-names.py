#!/usr/bin/python3
"""Walks the StoreSearch window on the AT-SPI bus, as Orca sees it, and prints every focusable
control whose name a person could not use: empty, a class name ("Gtk…", "Adw…"), or a name
said twice ("Name Name"). Exits 1 when there is any, or, with STORESEARCH_A11Y_FOCUS set, when
no control reports the focus (what a screen reader says after a key). Used by
scripts/test-accessibility.sh."""
import os
import sys
import pyatspi

def bad(name):
    if not name.strip():
        return "no name"
    if name.startswith(("Gtk", "Adw")):
        return "a class name"
    words = name.split()
    half = len(words) // 2
    if len(words) % 2 == 0 and half and words[:half] == words[half:]:
        return "said twice"
    return None

def walk(accessible, found, seen, focused):
    try:
        if accessible.getState().contains(pyatspi.STATE_FOCUSED):
            focused.append(f"{accessible.getRoleName()} {accessible.name!r}")
        if accessible.getState().contains(pyatspi.STATE_FOCUSABLE):
            seen.append(f"{accessible.getRoleName()} {accessible.name!r}")
            problem = bad(accessible.name)
            if problem:
                chain, node = [], accessible.parent
                while node is not None and len(chain) < 4:
                    chain.append(f"{node.getRoleName()} {node.name!r}")
                    node = node.parent
                text = accessible.queryText().getText(0, -1) if "Text" in pyatspi.listInterfaces(accessible) else ""
                found.append(f"{accessible.getRoleName()} {accessible.name!r} ({text[:40]!r}) in {' < '.join(chain)}: {problem}")
        for index in range(accessible.childCount):
            child = accessible.getChildAtIndex(index)
            if child is not None:
                walk(child, found, seen, focused)
    except Exception as error:  # a widget that went away while walking
        print(f"skipped a node: {error}", file=sys.stderr)

apps = [app for app in pyatspi.Registry.getDesktop(0) if app is not None and "storesearch" in (app.name or "").lower()]
if not apps:
    print("accessible-names: StoreSearch is not on the accessibility bus")
    sys.exit(1)
found, seen, focused = [], [], []
for app in apps:
    walk(app, found, seen, focused)
if os.environ.get("STORESEARCH_A11Y_FOCUS") and not focused:
    found.append("no control reports the focus")
for line in found:
    print(f"  {line}")
if os.environ.get("STORESEARCH_A11Y_LIST"):  # every focusable control, to see what changed
    print("\n".join(f"    {name}" for name in seen))
print(f"accessible-names ({sys.argv[1] if len(sys.argv) > 1 else 'window'}): {len(seen)} focusable controls, {len(found)} badly named")
sys.exit(1 if found or not seen else 0)
