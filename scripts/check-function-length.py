#!/usr/bin/env python3
"""scripts/check-function-length.py LIMIT FOLDER...: lists every Swift function, initializer or
deinitializer under FOLDER that is longer than LIMIT lines (from its first line to its closing
brace), and fails when there is one. It reads the layout swift-format gives (`make lint` runs it
after `swift format lint`): a body ends at the first `}` as indented as the declaration."""
import pathlib
import re
import sys

DECLARATION = re.compile(r"^(\s*)(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|"
                         r"static|class|override|final|mutating|nonisolated|isolated|required|convenience)\s+)*"
                         r"(func\s+[^\s(<]+|init[?!]?|deinit)\b")


def long_functions(path, limit):
    lines = path.read_text(encoding="utf-8").split("\n")
    for start, line in enumerate(lines):
        match = DECLARATION.match(line)
        if not match:
            continue
        indent = match.group(1)
        opening = start
        while opening < len(lines) and not lines[opening].rstrip().endswith("{"):
            if lines[opening].rstrip().endswith("}"):  # a body on one line, or a protocol's requirement
                opening = len(lines)
                break
            opening += 1
        for end in range(opening + 1, len(lines)):
            if lines[end].startswith(indent + "}") and not lines[end][len(indent)].isspace():
                if end - start + 1 > limit:
                    yield start + 1, end - start + 1, match.group(2)
                break


def main():
    limit, folders = int(sys.argv[1]), sys.argv[2:]
    found = [(length, f"{path}:{line} {name}")
             for folder in folders for path in sorted(pathlib.Path(folder).rglob("*.swift"))
             for line, length, name in long_functions(path, limit)]
    for length, place in sorted(found, reverse=True):
        print(f"{place}: {length} lines (at most {limit})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
