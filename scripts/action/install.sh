#!/usr/bin/env bash
# Step 1 of the prlens GitHub Action (action.yml): download the prlens release binary for this
# runner, check it against the release's SHA256SUMS, unpack it into $RUNNER_TEMP and put it on
# the PATH of the later steps ($GITHUB_PATH).
#
# Inputs (environment; action.yml maps them from `inputs`, never into the script text):
#   PRLENS_VERSION      release version without "v" (empty: the version of this action's own
#                       checkout, Cargo.toml, so pinning the action pins the binary)
#   PRLENS_RELEASE_URL  where the release's files are (empty: the project's GitHub release,
#                       <repository>/releases/download/v<version>); any URL curl reads, a
#                       file:// directory in the tests
# Runner environment: RUNNER_OS (Linux, macOS, Windows), RUNNER_ARCH (X64, ARM64), RUNNER_TEMP,
# GITHUB_PATH, GITHUB_OUTPUT, GITHUB_ACTION_PATH (this repository's checkout).
#
# The checksum file comes from the same release as the archive, so it guards against a
# corrupted or truncated download and a wrong asset, not against a release replaced by someone
# with write access to the repository (see docs/cli.md, "What the Action trusts").
set -euo pipefail

fail() {
  printf '::error title=prlens install::%s\n' "$*"
  exit 1
}

ACTION_ROOT=${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: run this as a step of action.yml}
version=${PRLENS_VERSION:-}
if [ -z "$version" ]; then
  version=$(sed -n 's/^version = "\([0-9][^"]*\)"$/\1/p' "$ACTION_ROOT/Cargo.toml" | head -1)
fi
[[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$ ]] || fail "not a prlens version: '$version'"

base=${PRLENS_RELEASE_URL:-}
if [ -z "$base" ]; then
  repository=$(sed -n 's/^repository = "\(https:\/\/github\.com\/[^"]*\)"$/\1/p' "$ACTION_ROOT/Cargo.toml" | head -1)
  [ -n "$repository" ] || fail "no repository URL in $ACTION_ROOT/Cargo.toml"
  base="$repository/releases/download/v$version"
fi
base=${base%/}

case "${RUNNER_OS:-}/${RUNNER_ARCH:-}" in
Linux/X64) target=x86_64-unknown-linux-gnu ;;
Linux/ARM64) target=aarch64-unknown-linux-gnu ;;
macOS/ARM64) target=aarch64-apple-darwin ;;
macOS/X64) target=x86_64-apple-darwin ;;
Windows/X64) target=x86_64-pc-windows-msvc ;;
*) fail "no prlens release binary for runner ${RUNNER_OS:-?}/${RUNNER_ARCH:-?} (there are: Linux X64/ARM64, macOS ARM64/X64, Windows X64)" ;;
esac

# Git Bash on Windows runners: GNU tar takes "D:\…" for a remote host, so paths here are POSIX
# (cygpath -u); GITHUB_PATH wants the Windows form back (cygpath -w). Elsewhere both are as is.
posix() { if command -v cygpath >/dev/null; then cygpath -u "$1"; else printf '%s\n' "$1"; fi; }
native() { if command -v cygpath >/dev/null; then cygpath -w "$1"; else printf '%s\n' "$1"; fi; }

archive="prlens-$version-$target.tar.gz"
work="$(posix "${RUNNER_TEMP:?RUNNER_TEMP is not set}")/prlens-$version"
rm -rf "$work" && mkdir -p "$work"

fetch() { curl --fail --silent --show-error --location --retry 3 --proto '=https,file' --output "$2" "$1"; }
fetch "$base/SHA256SUMS" "$work/SHA256SUMS" || fail "cannot download $base/SHA256SUMS"
fetch "$base/$archive" "$work/$archive" || fail "cannot download $base/$archive"

expected=$(awk -v name="$archive" '$2 == name || $2 == "*" name { print $1 }' "$work/SHA256SUMS")
[[ $expected =~ ^[0-9a-f]{64}$ ]] || fail "SHA256SUMS of v$version lists no checksum for $archive"
if command -v sha256sum >/dev/null; then
  actual=$(sha256sum "$work/$archive" | cut -d' ' -f1)
else
  actual=$(shasum -a 256 "$work/$archive" | cut -d' ' -f1) # macOS
fi
[ "$actual" = "$expected" ] || fail "checksum mismatch for $archive: expected $expected, got $actual; not installing it"

tar -xzf "$work/$archive" -C "$work"
bin="$work/prlens-$version-$target"
[ -f "$bin/prlens" ] || [ -f "$bin/prlens.exe" ] || fail "$archive holds no prlens binary"
native "$bin" >>"${GITHUB_PATH:?GITHUB_PATH is not set}"
echo "version=$version" >>"${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}"
echo "prlens $version ($target) installed, SHA-256 $actual"
