#!/usr/bin/env bash
# The container test (npm run test:container): builds Guildhall's image from the Dockerfile and
# proves what an operator relies on (container.test.ts). Needs podman, runc, debootstrap and
# podman-compose; as root on Debian it installs what is missing.
#
# No registry is reachable here, so the Dockerfile's base image is made from Debian's packages and
# this machine's Node (node-base.sh), and a stand-in for the postgres image from Debian's
# PostgreSQL (postgres/). Both are kept between runs; Guildhall's image is rebuilt when what it
# is made of changed (below).
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

# Guildhall's image is built again only when what goes into it changed: the digest of the files
# its build reads (the build context as git sees it, tracked or new, tests aside since no test is
# in the image), of the Dockerfile and of the base image's id is the image's label. A change to
# any of them gives another digest, hence a build; CONTAINER_REBUILD=1 builds whatever the label.
inputs_digest() {
  podman image inspect "$BASE" --format '{{.Id}}'
  git ls-files --cached --others --exclude-standard -z -- \
    Dockerfile .dockerignore package.json package-lock.json .npmrc tsconfig.base.json \
    packages/contract apps/server apps/web \
    ':!apps/server/test' ':!apps/web/e2e' ':!apps/web/src/test' ':!*.test.ts' ':!*.test.tsx' |
    sort -z | xargs -0 sha256sum
}
if git rev-parse --git-dir >/dev/null 2>&1; then
  DIGEST=$(inputs_digest | sha256sum | cut -c1-32)
else
  DIGEST="unknown-$(date +%s)" # not a git checkout: nothing says what changed, so build
fi
BUILT=$(podman image inspect localhost/guildhall:test \
  --format '{{index .Labels "guildhall.inputs"}}' 2>/dev/null || true)
if [ "$BUILT" = "$DIGEST" ] && [ "${CONTAINER_REBUILD:-0}" != "1" ]; then
  echo "Guildhall's image is up to date (inputs $DIGEST): not built again."
else
  echo "Building Guildhall's image (inputs $DIGEST)..."
  # Docker's format keeps the HEALTHCHECK (the OCI format has none). The limit is a liveness
  # guard: the build takes one to three minutes here.
  timeout 900 podman build --quiet --format docker --network host --build-arg NODE_IMAGE="$BASE" \
    --label guildhall.inputs="$DIGEST" -t localhost/guildhall:test . >/dev/null
fi
# The build stages of earlier runs (a gigabyte each) once they are a day old: recent ones are
# the next build's cache.
podman image prune --force --filter until=24h >/dev/null

size() { podman image inspect "$1" --format '{{.Size}}'; }
echo "Image: $(( $(size localhost/guildhall:test) / 1000000 )) MB," \
  "of which $(( ($(size localhost/guildhall:test) - $(size "$BASE")) / 1000000 )) MB over its base"

npx vitest run --config test/container/vitest.config.ts
