#!/bin/bash
# Re-render everything into a scratch dir with the real tools, copy over only what changed.
set -eu
t=$(mktemp -d)
mkdir -p site
html=()
for src in pages/*.md; do
  n=$(basename "$src" .md)
  python3 tools/render.py "$src" "$t/$n.html"
  html+=("site/$n.html")
done
python3 tools/index.py "${html[@]}" > "$t/index.html"
changed=0
for f in "$t"/*.html; do
  n=$(basename "$f")
  if ! cmp -s "$f" "site/$n"; then cp "$f" "site/$n"; echo "rendered site/$n"; changed=1; fi
done
rm -rf "$t"
rm -f /tmp/.rendered-* 2>/dev/null || true   # whatever the tools left behind
[ "$changed" = 1 ] || echo "make: Nothing to be done for 'build'."
