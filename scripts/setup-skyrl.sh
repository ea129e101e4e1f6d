#!/usr/bin/env bash
# The SkyRL environment, separate from .venv: skyrl-gym 0.4.0 (the environment API SkyRL's generator drives),
# with coderl's core and no transformers. skyrl-train 0.3.1 and skyrl 0.4.0 (the trainer, with its advantage
# registry) need Python 3.12 exactly and are not installed here (this host has 3.11). coderl.integrations.skyrl
# is tested here against the real package (make test-skyrl).
# Idempotent and stamped (scripts/peer-venv.sh); seconds when nothing changed.
#   CODERL_SKYRL_VENV  venv directory (default: .venv-skyrl)
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/peer-venv.sh
source scripts/peer-venv.sh

TAG=skyrl
VENV=${CODERL_SKYRL_VENV:-.venv-skyrl}
SCRIPT=scripts/setup-skyrl.sh
EXTRA=skyrl
# torch pinned to the locally cached CPU build (a bare or open torch requirement pulls a CUDA build).
PINS=("torch==2.13.0" "skyrl-gym==0.4.0")
TOOLS=("pytest>=8,<9.2" "hypothesis>=6.100" "scikit-build-core>=1.1,<2" "nanobind>=2.4,<4")
CHECK="import skyrl_gym, coderl._native, coderl.integrations.skyrl; print('[setup-skyrl] skyrl-gym ok')"
peer_venv
