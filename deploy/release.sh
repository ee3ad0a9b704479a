#!/bin/sh
# Installs or upgrades the site on a plain machine (docs/operations.md, "On a plain machine"), run as the
# service's user from its clone of the repository:
#   sudo -H -u mictlan /srv/valentina-y-taquito/repo/deploy/release.sh [version]
# It pulls (or, given a tag or commit, fetches that version), then builds it in a directory of its
# own, releases/<commit>, beside the one running: the running instance's packages and build are
# never touched, so it serves until it is restarted. Only once the new build is ready does
# `current` point at it; `sudo systemctl restart valentina-y-taquito` then starts it. A version
# already built is only switched to (a roll back takes seconds). The three newest releases stay.
set -eu

main() {
  repo=$(cd "$(dirname "$0")/.." && pwd)
  home=${SITE_HOME:-$(dirname "$repo")}
  if [ $# -eq 0 ]; then
    git -C "$repo" pull --ff-only --quiet
    rev=$(git -C "$repo" rev-parse HEAD)
  else
    git -C "$repo" fetch --quiet --tags origin
    rev=$(git -C "$repo" rev-parse --verify "$1^{commit}")
  fi
  dest="$home/releases/$rev"
  mkdir -p "$home/releases"
  if [ ! -e "$dest/build/server/index.js" ]; then
    rm -rf "$dest.partial"
    git clone --quiet --no-checkout "$repo" "$dest.partial"
    git -C "$dest.partial" checkout --quiet "$rev"
    # One data directory and one assets archive for every release: ./data and ./build-archive,
    # where the server (and `npm run admin`, `npm run backup` run in current/) look by default.
    mkdir -p "$home/build-archive" && (umask 077 && mkdir -p "$home/data")
    ln -s "$home/data" "$dest.partial/data"
    ln -s "$home/build-archive" "$dest.partial/build-archive"
    # The packages: the running release's, as hard links, when the lockfile is the same (nothing
    # writes into installed packages, and it spares a download and ~400 MB); else a production
    # install. Everything the build needs is a dependency (package.json), so it then builds.
    running="$home/current"
    if [ -d "$running/node_modules" ] && cmp -s "$running/package-lock.json" "$dest.partial/package-lock.json"; then
      cp -al "$running/node_modules" "$dest.partial/node_modules"
    else
      (cd "$dest.partial" && npm ci --omit=dev --no-audit --no-fund)
    fi
    (cd "$dest.partial" && npm run build)
    rm -rf "$dest"
    mv "$dest.partial" "$dest"
  fi
  # Atomic: `current` names either the old release or the new one, never neither.
  ln -sfn "releases/$rev" "$home/current.next"
  mv -T "$home/current.next" "$home/current"
  # Older releases go, except the three newest (the previous one may still be running).
  ls -1t "$home/releases" | grep -v '\.partial$' | tail -n +4 | while read -r old; do
    [ "$old" = "$rev" ] || rm -rf "${home:?}/releases/$old"
  done
  echo "release $rev built and current; start it: sudo systemctl restart valentina-y-taquito"
}

main "$@"
