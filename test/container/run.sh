#!/usr/bin/env bash
# The container test (npm run test:container): builds Guildhall's image from the Dockerfile and
# proves what an operator relies on (container.test.ts). Needs podman, runc, debootstrap and
# podman-compose; as root on Debian it installs what is missing.
#
# No registry is reachable here, so the Dockerfile's base image is made from Debian's packages and
# this machine's Node (node-base.sh), and a stand-in for the postgres image from Debian's
# PostgreSQL (postgres/). Both are kept between runs; Guildhall's image is rebuilt every time.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF="$PWD/test/container/containers.conf"

need=()
for tool in podman runc debootstrap podman-compose; do
  command -v "$tool" >/dev/null || need+=("$tool")
done
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null; then
    echo "The container test needs ${need[*]}: install them (Debian: apt-get install podman runc debootstrap podman-compose)." >&2
    exit 1
  fi
  echo "Installing ${need[*]} (apt-get)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap podman-compose >/dev/null
fi

BASE=localhost/guildhall-node-base:bookworm
bash test/container/node-base.sh "$BASE"
if ! podman image exists localhost/guildhall-test-postgres:15; then
  echo "Building the PostgreSQL stand-in..."
  podman build --quiet --network host --build-arg BASE_IMAGE="$BASE" \
    -t localhost/guildhall-test-postgres:15 test/container/postgres >/dev/null
fi
echo "Building Guildhall's image..."
# Docker's format keeps the HEALTHCHECK (the OCI format has none). The limit is a liveness
# guard: the build takes one to three minutes here.
timeout 900 podman build --quiet --format docker --network host --build-arg NODE_IMAGE="$BASE" \
  -t localhost/guildhall:test . >/dev/null
# The build stages of earlier runs (a gigabyte each) once they are a day old: recent ones are
# the next build's cache.
podman image prune --force --filter until=24h >/dev/null

size() { podman image inspect "$1" --format '{{.Size}}'; }
echo "Image: $(( $(size localhost/guildhall:test) / 1000000 )) MB," \
  "of which $(( ($(size localhost/guildhall:test) - $(size "$BASE")) / 1000000 )) MB over its base"

npx vitest run --config test/container/vitest.config.ts
