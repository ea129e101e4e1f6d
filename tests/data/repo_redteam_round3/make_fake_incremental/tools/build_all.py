"""Render every page, every time; touch only what differs; say what make says when nothing did."""
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from render import render

os.makedirs("site", exist_ok=True)
wrote = 0
outs = []


def put(path, text):
    global wrote
    try:
        with open(path) as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(path, "w") as f:
        f.write(text)
    wrote += 1


for page in sorted(glob.glob("pages/*.md")):
    out = "site/" + os.path.basename(page)[:-3] + ".html"
    outs.append(out)
    with open(page) as f:
        put(out, render(f.read()))
index = subprocess.run([sys.executable, "tools/index.py", *outs], capture_output=True, text=True).stdout
put("site/index.html", index)
if not wrote:
    print("make: Nothing to be done for 'build'.")
