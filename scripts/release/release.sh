#!/usr/bin/env bash
# The release's files, made the same way by .github/workflows/release.yml and by the tests
# (tests/ship/action.test.mjs builds a local release directory with it).
#
#   scripts/release/release.sh version                  the version in Cargo.toml
#   scripts/release/release.sh cli TARGET BINARY OUTDIR  OUTDIR/prlens-VERSION-TARGET.tar.gz: the
#                                                        binary (prlens or prlens.exe), LICENSE,
#                                                        THIRD_PARTY_NOTICES, README.md
#   scripts/release/release.sh sums OUTDIR               OUTDIR/SHA256SUMS over every other file
#   scripts/release/release.sh notes VERSION             the CHANGELOG.md section of VERSION
#                                                        (fails when there is none)
#
# Archives are reproducible: names sorted, one mtime (SOURCE_DATE_EPOCH, else the packages'
# constant, build.sh), owner 0, gzip without a name or time stamp. Needs GNU tar (the release
# job runs on Linux and packages every target's binary there).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
EPOCH=${SOURCE_DATE_EPOCH:-1767225600}
CHANGELOG=${CHANGELOG:-CHANGELOG.md} # the tests point it at a file of their own

die() {
  printf 'release.sh: %s\n' "$*" >&2
  exit 1
}

version() { sed -n 's/^version = "\([0-9][^"]*\)"$/\1/p' Cargo.toml | head -1; }

cli() {
  local target=$1 binary=$2 out=$3 version name stage
  version=$(version)
  [[ $target =~ ^[a-z0-9_]+-[a-z0-9_]+-[a-z0-9_]+(-[a-z0-9_]+)?$ ]] || die "not a target triple: $target"
  [ -f "$binary" ] || die "no binary at $binary"
  name=prlens
  [[ $target == *windows* ]] && name=prlens.exe
  stage=$(mktemp -d)
  trap 'rm -rf "$stage"' RETURN
  mkdir -p "$stage/prlens-$version-$target" "$out"
  cp "$binary" "$stage/prlens-$version-$target/$name"
  cp LICENSE THIRD_PARTY_NOTICES README.md "$stage/prlens-$version-$target/"
  chmod 0755 "$stage/prlens-$version-$target/$name"
  chmod 0644 "$stage/prlens-$version-$target/"{LICENSE,THIRD_PARTY_NOTICES,README.md}
  tar --sort=name --mtime="@$EPOCH" --owner=0 --group=0 --numeric-owner -C "$stage" -cf - "prlens-$version-$target" |
    gzip -9 -n >"$out/prlens-$version-$target.tar.gz"
  echo "$out/prlens-$version-$target.tar.gz"
}

sums() {
  local out=$1
  [ -d "$out" ] || die "no directory $out"
  (cd "$out" && find . -maxdepth 1 -type f ! -name SHA256SUMS -printf '%f\n' | LC_ALL=C sort | xargs -r sha256sum) >"$out/SHA256SUMS.tmp"
  mv "$out/SHA256SUMS.tmp" "$out/SHA256SUMS"
  cat "$out/SHA256SUMS"
}

# The lines after "## [VERSION]" up to the next "## [" heading, without leading/trailing blanks.
notes() {
  local version=$1
  [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] || die "not a version: $version"
  awk -v want="## [$version]" '
    index($0, "## [") == 1 { if (found) exit; if (index($0, want) == 1) { found = 1; next } }
    found && /^\[[^]]+\]: / { next }
    found { print }
    END { if (!found) exit 3 }
  ' "$CHANGELOG" | sed -e '/./,$!d' | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' || {
    die "CHANGELOG.md has no section ## [$version]: rename [Unreleased] to [$version] - DATE before tagging v$version"
  }
}

case "${1:-}" in
version) version ;;
cli) [ $# = 4 ] || die "usage: release.sh cli TARGET BINARY OUTDIR" && cli "$2" "$3" "$4" ;;
sums) [ $# = 2 ] || die "usage: release.sh sums OUTDIR" && sums "$2" ;;
notes) [ $# = 2 ] || die "usage: release.sh notes VERSION" && notes "$2" ;;
*) die "usage: release.sh version | cli TARGET BINARY OUTDIR | sums OUTDIR | notes VERSION" ;;
esac
