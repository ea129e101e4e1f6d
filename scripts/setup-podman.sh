#!/usr/bin/env bash
# Host set-up for the sandbox: Podman and its helpers, the settings this kind of host needs
# (runc on hybrid cgroups, ulimits root may set), and an unprivileged user for rootless containers.
# Idempotent; needs root. See ../shared/HOST-NOTES.md in the project for why each setting exists.
set -euo pipefail

SANDBOX_USER="${CODERL_SANDBOX_USER:-coderl}"

if [[ $(id -u) -ne 0 ]]; then
  echo "setup-podman: run as root (or install podman, uidmap, slirp4netns, fuse-overlayfs, catatonit, debootstrap yourself)" >&2
  exit 1
fi

need=()
for bin in podman runc newuidmap slirp4netns fuse-overlayfs catatonit debootstrap; do
  command -v "$bin" >/dev/null 2>&1 || need+=("$bin")
done
if ((${#need[@]})); then
  echo "setup-podman: installing podman and helpers (missing: ${need[*]})"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q >/dev/null
  apt-get install -y -q podman runc uidmap slirp4netns fuse-overlayfs catatonit debootstrap >/dev/null
fi

# crun 1.8 refuses hybrid cgroup v1; podman's default nofile exceeds the hard limit root may set here.
nofile=$(ulimit -Hn)
[[ "$nofile" == unlimited || "$nofile" -gt 65536 ]] && nofile=65536
mkdir -p /etc/containers/containers.conf.d
cat > /etc/containers/containers.conf.d/50-coderl.conf <<CONF
# written by coderl scripts/setup-podman.sh
[containers]
default_ulimits = ["nofile=${nofile}:${nofile}", "nproc=32768:32768"]

[engine]
runtime = "runc"
CONF

# Rootful --userns=auto needs a range for the "containers" user.
grep -q '^containers:' /etc/subuid 2>/dev/null || echo 'containers:1000000:1000000000' >> /etc/subuid
grep -q '^containers:' /etc/subgid 2>/dev/null || echo 'containers:1000000:1000000000' >> /etc/subgid

# The unprivileged user that owns rootless containers.
if ! id "$SANDBOX_USER" >/dev/null 2>&1; then
  useradd --system --create-home --home-dir "/var/lib/$SANDBOX_USER" --shell /usr/sbin/nologin "$SANDBOX_USER"
fi
grep -q "^$SANDBOX_USER:" /etc/subuid || echo "$SANDBOX_USER:100000:65536" >> /etc/subuid
grep -q "^$SANDBOX_USER:" /etc/subgid || echo "$SANDBOX_USER:100000:65536" >> /etc/subgid
home=$(getent passwd "$SANDBOX_USER" | cut -d: -f6)
# Own only what this script writes: the home, .config, .config/containers and storage.conf. Never
# `chown -R` the home: it holds the user's container storage, where other runs create and remove
# overlay layers at the same time (chown fails on the vanishing files) and which podman keeps right.
mkdir -p "$home/.config/containers"
if [[ ! -f "$home/.config/containers/storage.conf" ]]; then
  cat > "$home/.config/containers/storage.conf" <<CONF
[storage]
driver = "overlay"

CONF
fi
chown "$SANDBOX_USER:" "$home" "$home/.config" "$home/.config/containers" "$home/.config/containers/storage.conf"
echo "setup-podman: ok (podman $(podman --version | awk '{print $3}'), rootless user $SANDBOX_USER)"
