#!/usr/bin/env bash
# Shared by setup-skyrl.sh and setup-trl.sh: one peer stack's venv, idempotent and stamped (the shape of
# setup-verl.sh). Source it, set the variables below, then call `peer_venv`.
#   TAG      log prefix and stamp name (skyrl, trl)
#   VENV     the venv directory
#   PINS     array: what is pinned (torch==2.13.0, the CPU build on local disk, and the peer package)
#   TOOLS    array: test and build tools installed beside them
#   EXTRA    coderl's extra for the editable install (skyrl, trl)
#   CHECK    Python the venv must import for the stamp to count
#   SCRIPT   the calling script (its content is part of the stamp)
#   NODEPS   optional array: packages installed without their dependencies after the rest (a peer whose
#            declared dependencies cannot install on this machine, e.g. OpenRLHF's flash-attn)
# The stamp covers what a reinstall depends on: the C++ side, the build config with its dependency lists, this
# file and the calling script. When it matches and CHECK imports, nothing is installed or rebuilt.

peer_venv() {
  local python=${PYTHON:-python3}
  local pip=("$VENV/bin/python" -m pip --disable-pip-version-check)
  local digest stamp want constraints
  digest=$(find pyproject.toml CMakeLists.txt csrc scripts/peer-venv.sh "$SCRIPT" -type f ! -name '*.pyc' -print0 \
    | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
  stamp="$VENV/.coderl-install"
  want="${PINS[*]} ${NODEPS[*]:-} sources=$digest"
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && "$VENV/bin/python" -I -c "$CHECK" 2>/dev/null; then
    echo "[setup-$TAG] $VENV is up to date (nothing to install or rebuild)"
    return 0
  fi
  rm -f "$stamp"
  if [ ! -x "$VENV/bin/python" ]; then
    echo "[setup-$TAG] creating $VENV"
    "$python" -m venv "$VENV"
    "${pip[@]}" install -q --upgrade pip
  fi
  constraints="$VENV/coderl-constraints.txt"
  printf '%s\n' "${PINS[@]}" > "$constraints"
  echo "[setup-$TAG] installing ${PINS[*]}"
  "${pip[@]}" install -q -c "$constraints" "${PINS[@]}" "${TOOLS[@]}"
  if [ -n "${NODEPS+x}" ] && [ "${#NODEPS[@]}" -gt 0 ]; then
    echo "[setup-$TAG] installing ${NODEPS[*]} without its declared dependencies"
    "${pip[@]}" install -q --no-deps "${NODEPS[@]}"
  fi
  echo "[setup-$TAG] installing coderl[$EXTRA] into $VENV (editable; dependencies from pyproject.toml)"
  # Its own build directory: .venv's (build/{wheel_tag}) is configured for another interpreter.
  "${pip[@]}" install -q -c "$constraints" --no-build-isolation -C build-dir="build/$TAG-{wheel_tag}" -e ".[$EXTRA]"
  "$VENV/bin/python" -I -c "$CHECK"
  echo "$want" > "$stamp"
}
