#!/usr/bin/env bash
# The verl environment, separate from .venv: verl 0.9.1 caps transformers below 5.11 and brings Ray,
# hydra, tensordict and the rest of its stack. The adapters in coderl.integrations.verl are tested here
# against the real package (make test-verl). See ../shared/HOST-NOTES.md: verl's agent-loop and trainer
# modules also need cachetools, uvicorn and fastapi, which it does not declare.
# Idempotent; about 4 minutes the first time on a warm pip cache (2.5 for the stack, 1.5 to build coderl),
# seconds when nothing changed.
#   CODERL_VERL_VENV  venv directory (default: .venv-verl)
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${CODERL_VERL_VENV:-.venv-verl}
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check)
# torch pinned to the locally cached CPU build (a bare or open torch requirement pulls a CUDA build);
# transformers in the window both verl 0.9.1 (<5.11) and coderl[train] (>=5.10) accept.
PINS=("torch==2.13.0" "transformers>=5.10,<5.11" "verl==0.9.1")
# verl's undeclared imports, the test tools, and the build tools of the editable install.
TOOLS=("cachetools" "uvicorn" "fastapi" "pytest>=8,<9.2" "hypothesis>=6.100" "pytest-benchmark>=5.1,<5.3"
  "scikit-build-core>=1.1,<2" "nanobind>=2.4,<4")

# What a reinstall depends on is stamped in the venv (as in setup-vllm.sh): the C++ side, the build
# config with its dependency lists, and this script. When the stamp matches, nothing is installed.
digest=$(find pyproject.toml CMakeLists.txt csrc scripts/setup-verl.sh -type f ! -name '*.pyc' -print0 \
  | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
stamp="$VENV/.coderl-install"
want="verl==0.9.1 sources=$digest"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
  && "$VENV/bin/python" -I -c "import coderl._native, verl" 2>/dev/null; then
  echo "[setup-verl] $VENV is up to date (nothing to install or rebuild)"
  exit 0
fi
rm -f "$stamp"

if [ ! -x "$VENV/bin/python" ]; then
  echo "[setup-verl] creating $VENV"
  "$PYTHON" -m venv "$VENV"
  "${PIP[@]}" install -q --upgrade pip
fi
constraints="$VENV/coderl-constraints.txt"
printf '%s\n' "${PINS[@]}" > "$constraints"
echo "[setup-verl] installing torch 2.13.0 (CPU), verl 0.9.1 and its stack"
"${PIP[@]}" install -q -c "$constraints" "${PINS[@]}" "${TOOLS[@]}"
echo "[setup-verl] installing coderl[verl] into $VENV (editable; dependencies from pyproject.toml)"
# Its own build directory: .venv's (build/{wheel_tag}) is configured for another interpreter.
"${PIP[@]}" install -q -c "$constraints" --no-build-isolation -C build-dir="build/verl-{wheel_tag}" -e ".[verl]"
"$VENV/bin/python" -I -c "import verl, coderl._native, coderl.integrations.verl; print('[setup-verl] verl', verl.__version__)"
echo "$want" > "$stamp"
