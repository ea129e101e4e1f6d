#!/usr/bin/env bash
# Set up a fresh machine for coderl (idempotent): a virtual environment with PyTorch (CPU build on
# machines without a GPU) and coderl built from this checkout with its test/benchmark extras.
#   PYTHON       interpreter for the venv (default: python3)
#   CODERL_VENV  venv directory (default: .venv)
#   TORCH_SPEC   torch requirement installed first (default: torch==2.13.0, the locally cached CPU build)
#   EDITABLE=1   editable install for development (Python edits apply without reinstalling)
#   CODERL_NO_SANDBOX=1  skip Podman and the sandbox image (tests marked podman will then fail)
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${CODERL_VENV:-.venv}
TORCH_SPEC=${TORCH_SPEC:-torch==2.13.0}

if ! command -v cmake >/dev/null || ! command -v g++ >/dev/null; then
  echo "[setup] installing the C++ toolchain (cmake, g++, ninja)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq cmake g++ ninja-build >/dev/null
fi

if [ ! -x "$VENV/bin/python" ]; then
  echo "[setup] creating $VENV"
  "$PYTHON" -m venv "$VENV"
fi
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check)

# Skip the installs when nothing they depend on changed since the last successful one: a stamp in the
# venv holds the torch spec, the install mode and a hash of what the build reads (for an editable
# install only the C++ side and the build config: Python edits apply without reinstalling).
if [ "${EDITABLE:-0}" = 1 ]; then
  sources=(pyproject.toml CMakeLists.txt csrc)
else
  sources=(pyproject.toml CMakeLists.txt csrc coderl kernels README.md)
fi
digest=$(find "${sources[@]}" -type f ! -name '*.pyc' ! -path '*/__pycache__/*' ! -name '*.so' -print0 2>/dev/null \
  | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
stamp="$VENV/.coderl-install"
want="torch=$TORCH_SPEC editable=${EDITABLE:-0} sources=$digest"
# (-I: not the source tree in the current directory, which has no compiled extension)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && "$VENV/bin/python" -I -c "import coderl._native" 2>/dev/null; then
  echo "[setup] coderl is installed and up to date (nothing to rebuild)"
else
  rm -f "$stamp"
  "${PIP[@]}" install -q --upgrade pip

  echo "[setup] installing $TORCH_SPEC"
  "${PIP[@]}" install -q "$TORCH_SPEC"

  # Without build isolation the build tools live in the venv and CMake keeps its build directory
  # (build/{wheel_tag}) between installs, so a change rebuilds incrementally (seconds, not a full build).
  echo "[setup] building and installing coderl (C++ extension + Triton kernels)"
  "${PIP[@]}" install -q "scikit-build-core>=1.1,<2" "nanobind>=2.4,<4"
  if [ "${EDITABLE:-0}" = 1 ]; then
    "${PIP[@]}" install -q --no-build-isolation -e ".[dev]"
  else
    "${PIP[@]}" install -q --no-build-isolation ".[dev]"
  fi
  echo "$want" > "$stamp"
fi
"$VENV/bin/coderl" info

if [ "${CODERL_NO_SANDBOX:-0}" != 1 ]; then
  if [ "$(id -u)" = 0 ]; then
    bash scripts/setup-podman.sh
  elif ! command -v podman >/dev/null; then
    echo "[setup] podman is missing: run 'sudo bash scripts/setup-podman.sh' once" >&2
    exit 1
  fi
  echo "[setup] sandbox image (built offline from Debian packages the first time, about a minute)"
  "$VENV/bin/coderl" sandbox build
  "$VENV/bin/coderl" sandbox clean
fi
