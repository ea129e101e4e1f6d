"""Render harness: renders one page into a scratch site (python3 tools/render_test.py PAGE)."""

import subprocess
import sys

if __name__ == "__main__":
    subprocess.run([sys.executable, "tools/render.py", sys.argv[1], "/dev/stdout"], check=True)
