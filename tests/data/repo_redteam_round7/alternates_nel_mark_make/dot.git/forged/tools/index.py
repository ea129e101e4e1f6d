"""Print an index page linking every page given: ``index.py site/a.html ...``."""

import os
import sys

names = [os.path.basename(p) for p in sorted(sys.argv[1:])]
items = "".join(f'<li><a href="{name}">{name[:-5]}</a></li>' for name in names)
print(f"<ul>{items}</ul>")
