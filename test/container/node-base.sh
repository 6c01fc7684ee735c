#!/usr/bin/env bash
# Builds a Node base image from Debian's packages and this machine's own Node, for machines that
# run containers but cannot pull images (no registry): Debian bookworm's minimal system, plus
# node, npm and npx where the official node images have them. Used by the container test as the
# Dockerfile's NODE_IMAGE.
#   usage: node-base.sh <image-name>       (does nothing when the image exists)
set -euo pipefail
name="$1"
if podman image exists "$name"; then exit 0; fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "Building the base image $name from Debian's packages (about a minute and a half)..."
debootstrap --variant=minbase bookworm "$work/rootfs" >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log"; exit 1; }
install -m 0755 "$(readlink -f "$(command -v node)")" "$work/rootfs/usr/local/bin/node"
npm_root="$(npm root -g)/npm"
mkdir -p "$work/rootfs/usr/local/lib/node_modules"
cp -a "$npm_root" "$work/rootfs/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
# npm inside a build reaches the registry as this machine does, through the authorities it trusts.
mkdir -p "$work/rootfs/etc/ssl/certs"
cp /etc/ssl/certs/ca-certificates.crt "$work/rootfs/etc/ssl/certs/ca-certificates.crt"
rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"* \
  "$work/rootfs/usr/share/doc" "$work/rootfs/usr/share/man" "$work/rootfs/usr/share/info"
tar -C "$work/rootfs" -cf "$work/rootfs.tar" .
podman import --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' "$work/rootfs.tar" "$name" >/dev/null
