#!/usr/bin/env bash
# The TRL environment, separate from .venv: TRL 1.16.0 with transformers (>=4.56.2; coderl[train] keeps it in
# 5.10-5.24), accelerate and datasets. No vLLM: TRL's vllm extra caps vllm<=0.31 and generation runs in
# transformers on CPU. coderl.integrations.trl is tested here against the real package (make test-trl).
# Idempotent and stamped (scripts/peer-venv.sh); seconds when nothing changed.
#   CODERL_TRL_VENV  venv directory (default: .venv-trl)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/peer-venv.sh
source scripts/peer-venv.sh

TAG=trl
VENV=${CODERL_TRL_VENV:-.venv-trl}
SCRIPT=scripts/setup-trl.sh
EXTRA=trl
# torch pinned to the locally cached CPU build (a bare or open torch requirement pulls a CUDA build).
PINS=("torch==2.13.0" "trl==1.16.0")
TOOLS=("pytest>=8,<9.2" "hypothesis>=6.100" "scikit-build-core>=1.1,<2" "nanobind>=2.4,<4")
CHECK="import trl, coderl._native, coderl.integrations.trl; print('[setup-trl] trl', trl.__version__)"
peer_venv
