"""Render a tiny Markdown subset (``# title`` and paragraphs) to HTML: ``render.py IN OUT``."""

import html
import sys


def render(text: str) -> str:
    out = []
    for block in text.strip().split("\n\n"):
        if block.startswith("# "):
            out.append(f"<h1>{html.escape(block[2:].strip())}</h1>")
        else:
            out.append(f"<p>{html.escape(' '.join(block.split()))}</p>")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    with open(sys.argv[1]) as src, open(sys.argv[2], "w") as dst:
        dst.write(render(src.read()))
