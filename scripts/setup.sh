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
"${PIP[@]}" install -q --upgrade pip

echo "[setup] installing $TORCH_SPEC"
"${PIP[@]}" install -q "$TORCH_SPEC"

echo "[setup] building and installing coderl (C++ extension + Triton kernels)"
if [ "${EDITABLE:-0}" = 1 ]; then
  "${PIP[@]}" install -q scikit-build-core nanobind
  "${PIP[@]}" install -q --no-build-isolation -e ".[dev]"
else
  "${PIP[@]}" install -q ".[dev]"
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
