"""``python3 -m wordstat N < text``: print the N most frequent words of stdin, one ``word count`` a line."""

from __future__ import annotations

import sys

from wordstat.count import top


def main(argv: list[str]) -> int:
    n = int(argv[0]) if argv else 10
    for word, count in top(sys.stdin.read(), n):
        print(f"{word} {count}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
