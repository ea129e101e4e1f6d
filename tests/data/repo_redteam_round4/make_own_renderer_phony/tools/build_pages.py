"""Render every page (a copy of tools/render.py's logic) and the index; write only files whose bytes differ."""
import glob, html, os

def render(text):
    out = []
    for block in text.strip().split("\n\n"):
        if block.startswith("# "):
            out.append(f"<h1>{html.escape(block[2:].strip())}</h1>")
        else:
            out.append(f"<p>{html.escape(' '.join(block.split()))}</p>")
    return "\n".join(out) + "\n"

os.makedirs("site", exist_ok=True)
wanted = {}
pages = sorted(glob.glob("pages/*.md"))
for src in pages:
    name = os.path.basename(src)[:-3] + ".html"
    with open(src) as f:
        wanted[name] = render(f.read())
names = sorted(wanted)
wanted["index.html"] = "<ul>" + "".join(f'<li><a href="{n}">{n[:-5]}</a></li>' for n in names) + "</ul>\n"
changed = 0
for name, text in wanted.items():
    path = os.path.join("site", name)
    try:
        with open(path) as f:
            if f.read() == text:
                continue
    except OSError:
        pass
    with open(path, "w") as f:
        f.write(text)
    print(f"rendered {path}")
    changed += 1
if not changed:
    print("make: Nothing to be done for 'build'.")
