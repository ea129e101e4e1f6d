#!/usr/bin/env bash
# The OpenRLHF environment, separate from .venv: OpenRLHF 0.11.2 installed without its declared dependencies
# (they pin flash-attn 2.8.3 and deepspeed, which need CUDA to build), plus what its reward path imports on CPU
# (torch, transformers 5.15.0 as OpenRLHF pins it, sympy, pylatexenc, aiohttp; pyarrow for the export).
# coderl.integrations.openrlhf is tested here against OpenRLHF's own reward clients (make test-openrlhf).
# Idempotent and stamped.
#   CODERL_OPENRLHF_VENV  venv directory (default: .venv-openrlhf)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/peer-venv.sh
source scripts/peer-venv.sh

TAG=openrlhf
VENV=${CODERL_OPENRLHF_VENV:-.venv-openrlhf}
SCRIPT=scripts/setup-openrlhf.sh
EXTRA=train
PINS=("torch==2.13.0" "transformers==5.15.0" "sympy" "pylatexenc" "aiohttp>=3.9" "pyarrow")
NODEPS=("openrlhf==0.11.2")
TOOLS=("pytest>=8,<9.2" "hypothesis>=6.100" "scikit-build-core>=1.1,<2" "nanobind>=2.4,<4")
CHECK="import openrlhf.utils.agent, coderl._native, coderl.integrations.openrlhf; print('[setup-openrlhf] ok')"
peer_venv
