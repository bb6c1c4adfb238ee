#!/usr/bin/env bash
# prlens build and test driver.
#
#   ./build.sh          set up missing tools, then build everything into dist/
#   ./build.sh test     build, then run every check (fmt, clippy, cargo test, wasm test in
#                       headless Chromium, web-ext lint, browser end-to-end tests); prints a summary
#   ./build.sh serve    serve dist/www on http://127.0.0.1:8080 (builds first if needed)
#   ./build.sh bench    run tests/bench/run.mjs (benchmarks; see docs/performance.md)
#   ./build.sh package  only the wasm and the two zips (what an add-on reviewer runs: store/AMO_SOURCE.md)
#   ./build.sh verify-reproducible   two clean builds of HEAD must give byte-identical zips
#
# Why this shape (docs/sources.md, "Build toolchain"): wasm must be optimised with npm
# binaryen >= 132 (Debian's binaryen 108 silently corrupts the module), the wasm-bindgen CLI
# must equal the crate version in Cargo.lock, and nothing is downloaded except through apt,
# cargo and npm. Setup steps are idempotent and skip quickly when satisfied.
# The recorded GitHub fixtures (../shared/fixtures) are optional: `test` runs the tests that
# need them only when that folder exists, and otherwise reports them as skipped.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"
ROOT=$PWD
CRATE=prlens
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
WASM_TARGET=wasm32-unknown-unknown
WASM_OPT=$ROOT/node_modules/.bin/wasm-opt # npm binaryen 132, never /usr/bin/wasm-opt
DIST=${PRLENS_DIST:-$ROOT/dist} # PRLENS_DIST: tests/ship/reproducible.test.mjs assembles elsewhere
WEB_PKG=$TARGET_DIR/prlens-web/pkg # wasm-bindgen + wasm-opt output, copied into dist/*/pkg
RECORDED_FIXTURES=$ROOT/../shared/fixtures # optional, beside the checkout (CI has it)
export PATH="$HOME/.cargo/bin:$PATH"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarning:\033[0m %s\n' "$*" >&2; }
die() {
  printf '\033[1;31merror:\033[0m %s\n' "$*" >&2
  exit 1
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    die "need root to run: $*"
  fi
}

# ---------------------------------------------------------------------------------------------
# Setup (idempotent)
# ---------------------------------------------------------------------------------------------

wasm_bindgen_version_locked() {
  grep -A1 '^name = "wasm-bindgen"$' Cargo.lock | sed -n 's/^version = "\(.*\)"$/\1/p'
}

setup_rust_target() {
  command -v cargo >/dev/null || die "cargo not found: install Rust with rustup (https://rustup.rs), then rerun"
  if ! rustup target list --installed 2>/dev/null | grep -qx "$WASM_TARGET"; then
    log "rustup target add $WASM_TARGET"
    rustup target add "$WASM_TARGET"
  fi
}

# setup_apt_packages [package]: with "package", only what building the zips needs (no browsers).
setup_apt_packages() {
  local missing=()
  if [ "${1:-}" != package ]; then
    command -v chromium >/dev/null || [ -x /usr/lib/chromium/chromium ] || missing+=(chromium)
    command -v chromedriver >/dev/null || missing+=(chromium-driver)
    command -v firefox-esr >/dev/null || missing+=(firefox-esr) # Firefox e2e (driven by npm puppeteer-core)
  fi
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
  command -v openssl >/dev/null || missing+=(openssl)
  command -v zip >/dev/null || missing+=(zip)
  command -v unzip >/dev/null || missing+=(unzip) # web-ext lint reads the shipped zip
  if [ "${1:-}" != package ]; then
    # tests/ship: zizmor and check-jsonschema run from a venv (setup_python_tools)
    python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
  fi
  if [ ${#missing[@]} -gt 0 ]; then
    log "apt-get install ${missing[*]}"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
  fi
}

setup_wasm_bindgen() {
  local want have
  want=$(wasm_bindgen_version_locked)
  [ -n "$want" ] || die "cannot read the wasm-bindgen version from Cargo.lock"
  have=$(wasm-bindgen --version 2>/dev/null | cut -d' ' -f2 || true)
  if [ "$have" != "$want" ]; then
    # --locked: the CLI's dependencies are the ones its own Cargo.lock pins (it writes the shipped
    # pkg/prlens.js). A registry mirror that lacks one of those exact versions makes --locked
    # fail at resolution; only then resolve against what the registry has, and say so.
    log "cargo install --locked wasm-bindgen-cli --version $want (found: ${have:-none}; takes ~3 min once)"
    if ! cargo install --locked wasm-bindgen-cli --version "$want"; then
      warn "the registry lacks a crate version wasm-bindgen-cli $want pins; installing without --locked"
      cargo install wasm-bindgen-cli --version "$want"
    fi
  fi
}

setup_npm() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "npm ci (JS build/test tools from package-lock.json)"
    npm ci --no-audit --no-fund
    touch node_modules/.package-lock.json
  fi
  [ -x "$WASM_OPT" ] || die "$WASM_OPT missing after npm ci"
}

setup() {
  setup_rust_target
  setup_apt_packages
  setup_wasm_bindgen
  setup_npm
}

# ---------------------------------------------------------------------------------------------
# Build
# ---------------------------------------------------------------------------------------------

# Rust puts the source path of a panic's location into the binary; for dependencies that is under
# CARGO_HOME (/root/.cargo/registry/src/…), which differs between machines. Remapped to /cargo, the
# wasm is the same wherever it is built (rustc --remap-path-prefix; store/AMO_SOURCE.md). The
# crate's own paths are already relative, and the standard library's are /rustc/<commit>/….
CARGO_HOME_DIR=${CARGO_HOME:-$HOME/.cargo}
WASM_RUSTFLAGS="target.$WASM_TARGET.rustflags=[\"--remap-path-prefix=$CARGO_HOME_DIR=/cargo\"]"

build_wasm() {
  log "cargo build --release --lib --target $WASM_TARGET"
  cargo build --release --lib --target "$WASM_TARGET" --config "$WASM_RUSTFLAGS"
  local raw=$TARGET_DIR/$WASM_TARGET/release/$CRATE.wasm
  local bindgen_dir=$TARGET_DIR/prlens-web/bindgen
  rm -rf "$bindgen_dir" && mkdir -p "$bindgen_dir" "$WEB_PKG"
  wasm-bindgen --target web --no-typescript --out-dir "$bindgen_dir" "$raw"

  # wasm-opt takes ~10 s; reuse the previous result when the un-optimised module is identical.
  local digest
  digest=$(sha256sum "$bindgen_dir/${CRATE}_bg.wasm" | cut -d' ' -f1)
  if [ -f "$WEB_PKG/.source-sha256" ] && [ "$(cat "$WEB_PKG/.source-sha256")" = "$digest" ] &&
    cmp -s "$bindgen_dir/$CRATE.js" "$WEB_PKG/$CRATE.js"; then
    log "wasm-opt: module unchanged, reusing $WEB_PKG"
  else
    log "wasm-opt -Oz (npm binaryen $("$WASM_OPT" --version | awk '{print $3}'))"
    "$WASM_OPT" -Oz --strip-debug --strip-producers "$bindgen_dir/${CRATE}_bg.wasm" -o "$WEB_PKG/${CRATE}_bg.wasm"
    cp "$bindgen_dir/$CRATE.js" "$WEB_PKG/$CRATE.js"
    echo "$digest" >"$WEB_PKG/.source-sha256"
  fi
  smoke_test_wasm
}

# Instantiates the optimised module in node and calls two exports: catches a broken optimiser
# (binaryen 108's table corruption, docs/sources.md "Build toolchain") and a broken export
# surface before anything is packaged.
smoke_test_wasm() {
  log "node smoke test of the optimised wasm"
  PKG="$WEB_PKG" node --input-type=module -e '
    import fs from "node:fs";
    const pkg = process.env.PKG;
    const { initSync, engineVersion, analyzeBundle } = await import(pkg + "/prlens.js");
    initSync({ module: fs.readFileSync(pkg + "/prlens_bg.wasm") });
    const version = engineVersion();
    if (typeof version !== "string" || version.length === 0) throw new Error("engineVersion() returned " + version);
    const bundle = {
      format: "prlens.bundle.v1",
      fetched_at: "2024-01-02T03:04:05Z",
      pull: { number: 7, title: "Fix typo in README", state: "open", user: { login: "octocat", type: "User" },
              additions: 3, deletions: 1, changed_files: 1,
              html_url: "https://github.com/octo/demo/pull/7",
              base: { ref: "main", repo: { name: "demo", owner: { login: "octo" } } }, head: { ref: "typo", sha: "a".repeat(40) } },
      files: [{ filename: "README.md", status: "modified", additions: 3, deletions: 1, patch: "@@ -1 +1,3 @@\n-old\n+new\n+more\n+lines" }],
    };
    const signal = JSON.parse(analyzeBundle(JSON.stringify(bundle), ""));
    const problems = [];
    if (signal.version !== "prlens.signal.v1") problems.push("version " + signal.version);
    if (signal.pr?.number !== 7 || signal.pr?.title !== "Fix typo in README") problems.push("pr " + JSON.stringify(signal.pr));
    if (signal.pr?.additions !== 3 || signal.pr?.deletions !== 1) problems.push("+/- " + signal.pr?.additions + "/" + signal.pr?.deletions);
    if (signal.meta?.engine_version !== version) problems.push("meta.engine_version " + signal.meta?.engine_version);
    let rejected = false;
    try { analyzeBundle("{\"format\":\"prlens.bundle.v1\"}", ""); } catch (error) { rejected = /pull/.test(String(error.message)); }
    if (!rejected) problems.push("a bundle without pull was not rejected with a message naming it");
    if (problems.length) { console.error("smoke test FAILED: " + problems.join("; ")); process.exit(1); }
    console.log("smoke OK: engine " + version + ", risk " + signal.risk?.level + " " + signal.risk?.score);
  '
}

build_cli() {
  log "cargo build --release --bin $CRATE (native CLI)"
  cargo build --release --bin "$CRATE"
}

# Primer functional tokens (GitHub's own CSS variables), so the panel, popup and playground look
# like GitHub in every theme. Selectors use data-color-mode / data-light-theme / data-dark-theme.
PRIMER=$ROOT/node_modules/@primer/primitives/dist/css/functional
PRIMER_FILES=(
  "themes/light.css:light.css"
  "themes/light-high-contrast.css:light_high_contrast.css"
  "themes/dark.css:dark.css"
  "themes/dark-dimmed.css:dark_dimmed.css"
  "themes/dark-high-contrast.css:dark_high_contrast.css"
  "themes/light-colorblind.css:light_colorblind.css"
  "themes/light-tritanopia.css:light_tritanopia.css"
  "themes/dark-colorblind.css:dark_colorblind.css"
  "themes/dark-tritanopia.css:dark_tritanopia.css"
  "size/size.css:size.css"
  "size/border.css:border.css"
  "size/radius.css:radius.css"
  "typography/typography.css:typography.css"
)

copy_primer() {
  local dest=$1/primer
  mkdir -p "$dest"
  local pair
  for pair in "${PRIMER_FILES[@]}"; do
    cp "$PRIMER/${pair%%:*}" "$dest/${pair##*:}"
  done
  # The size, border, radius and typography tokens every page needs, as one file: each page
  # links primer/base.css once instead of repeating the four.
  cat "$dest/size.css" "$dest/border.css" "$dest/radius.css" "$dest/typography.css" >"$dest/base.css"
  # Each theme keeps only the properties our stylesheets use (~10 of its ~120 KB): the panel
  # waits for its theme before the first render (scripts/primer-subset.mjs).
  local stylesheets
  mapfile -t stylesheets < <(find "$ROOT/extension" -name '*.css' | LC_ALL=C sort)
  node "$ROOT/scripts/primer-subset.mjs" "$dest" "${stylesheets[@]}" "$ROOT/www/style.css" "$dest/base.css"
  # Primer is MIT: each copied file names its origin and licence (full text: THIRD_PARTY_NOTICES).
  local version file
  version=$(node -p 'require(process.argv[1]).version' "$ROOT/node_modules/@primer/primitives/package.json")
  for file in "$dest"/*.css; do
    { printf '/*! @primer/primitives %s | MIT License | Copyright (c) 2018 GitHub Inc. | full licence text: THIRD_PARTY_NOTICES */\n' "$version" && cat "$file"; } >"$file.tmp"
    mv "$file.tmp" "$file"
  done
}

# copy_files DEST SRC FILE... : copies SRC/FILE to DEST/FILE; a missing file fails the build.
copy_files() {
  local dest=$1 src=$2
  shift 2
  local file
  for file in "$@"; do
    [ -f "$src/$file" ] || die "$src/$file is missing"
    mkdir -p "$dest/$(dirname "$file")"
    cp "$src/$file" "$dest/$file"
  done
}

# extension/ is in folders by role (docs/architecture.md "Layout"): background/, content/ (the
# content scripts), pages/ (our framed and toolbar pages), shared/ (what several of them load).
# Each folder ships whole; beside them only the manifest and the icons' PNGs (icons/generate.mjs
# makes them). check_manifest_files then proves every file the package names is in it.
EXTENSION_FOLDERS=(background content pages shared)

assemble_extension() {
  local dest=$1
  rm -rf "$dest" && mkdir -p "$dest"
  local files
  mapfile -t files < <(cd extension && { echo manifest.json; find "${EXTENSION_FOLDERS[@]}" -type f | LC_ALL=C sort; ls icons/*.png; })
  copy_files "$dest" extension "${files[@]}"
  mkdir -p "$dest/pkg"
  cp "$WEB_PKG/$CRATE.js" "$WEB_PKG/${CRATE}_bg.wasm" "$dest/pkg/"
  copy_primer "$dest"
  # The licence of prlens and of everything it ships, in every package (docs: PRIVACY.md, store/).
  copy_files "$dest" . LICENSE THIRD_PARTY_NOTICES
  manifest_homepage "$dest"
  check_manifest_files "$dest"
}

# The project's repository URL lives in Cargo.toml only (`repository`, src/report_issue.rs);
# the packaged manifest's homepage_url is written from it.
repository_url() { sed -n 's/^repository = "\(https:\/\/github\.com\/[^"]*\)"$/\1/p' Cargo.toml | head -1; }

manifest_homepage() {
  local url
  url=$(repository_url)
  [ -n "$url" ] || die "Cargo.toml has no repository = \"https://github.com/…\""
  MANIFEST="$1/manifest.json" URL="$url" node --input-type=module -e '
    import fs from "node:fs";
    const file = process.env.MANIFEST;
    const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
    manifest.homepage_url = process.env.URL;
    fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + "\n");'
}

# Every file the manifest names, and every file a shipped page or module loads (<script src>,
# <link href>, static `import … from "./x.js"`), must be in the package: a missing one fails silently
# in the browser.
check_manifest_files() {
  DEST="$1" node --input-type=module -e '
    import fs from "node:fs"; import path from "node:path";
    const dest = process.env.DEST;
    const m = JSON.parse(fs.readFileSync(dest + "/manifest.json", "utf8"));
    const named = [m.background.service_worker, ...m.background.scripts, m.action.default_popup,
      ...m.content_scripts.flatMap((c) => [...(c.js || []), ...(c.css || [])]),
      ...Object.values(m.icons || {}), ...Object.values(m.action.default_icon || {}),
      ...m.web_accessible_resources.flatMap((w) => w.resources)];
    const missing = new Set([...new Set(named)].filter((f) => !fs.existsSync(path.join(dest, f))).map((f) => "manifest → " + f));
    const walk = (dir) => fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]);
    for (const file of walk(dest)) {
      const text = /\.(html|js)$/.test(file) ? fs.readFileSync(file, "utf8") : "";
      const refs = file.endsWith(".html")
        ? [...text.matchAll(/(?:src|href)="([^"#?:]+)"/g)].map((r) => r[1])
        : [...text.matchAll(/(?:from|import)\s*["\x27](\.{1,2}\/[^"\x27]+)["\x27]/g)].map((r) => r[1]);
      for (const ref of refs) if (!fs.existsSync(path.resolve(path.dirname(file), ref))) missing.add(path.relative(dest, file) + " → " + ref);
    }
    if (missing.size) {
      console.error("files referenced but missing from " + dest + ": " + [...missing].join(", "));
      process.exit(1);
    }'
}

# …except that Firefox runs background.scripts as an event page and warns that
# background.service_worker is ignored (web-ext lint BACKGROUND_SERVICE_WORKER_IGNORED), so its
# package leaves that key out.
firefox_manifest() {
  MANIFEST="$1/manifest.json" node --input-type=module -e '
    import fs from "node:fs";
    const file = process.env.MANIFEST;
    const manifest = JSON.parse(fs.readFileSync(file, "utf8"));
    delete manifest.background.service_worker;
    fs.writeFileSync(file, JSON.stringify(manifest, null, 2) + "\n");'
}

# Every file in a package gets this modification time, so two builds of the same source give
# byte-identical zips (https://reproducible-builds.org/docs/source-date-epoch/); a caller may set
# SOURCE_DATE_EPOCH. The default is a constant (2026-01-01T00:00:00Z), not the commit's date: the
# source an add-on reviewer rebuilds from has no git history.
PACKAGE_EPOCH=${SOURCE_DATE_EPOCH:-1767225600}

zip_dir() {
  local dir=$1 out=$2
  rm -f "$out"
  # Byte-identical archives: the same mtime and mode for every file (whatever the umask or the
  # time of the build), names in C-locale order, no directory entries (-D), no uid/gid or extra
  # time fields (-X), times read in UTC.
  find "$dir" -type f -exec chmod 0644 {} + -exec touch -h -d "@$PACKAGE_EPOCH" {} +
  (cd "$dir" && find . -type f ! -name '.*' | sed 's|^\./||' | LC_ALL=C sort | TZ=UTC zip -q -X -D "$out" -@)
}

assemble_www() {
  local dest=$DIST/www
  rm -rf "$dest" && mkdir -p "$dest"
  [ -n "$(ls -A www 2>/dev/null)" ] || die "www/ is empty"
  cp -R www/. "$dest/"
  # The playground reuses the popup's settings form and the panel's stylesheet, so it shows
  # exactly what the extension shows; they keep their extension/ paths, so their own imports hold.
  copy_files "$dest" extension pages/options/settings-form.js pages/panel/panel.css shared/prefs.js shared/sections.js shared/github-names.js shared/engine-session.js
  mkdir -p "$dest/pkg"
  cp "$WEB_PKG/$CRATE.js" "$WEB_PKG/${CRATE}_bg.wasm" "$dest/pkg/"
  copy_primer "$dest"
  copy_files "$dest" . LICENSE THIRD_PARTY_NOTICES
}

assemble_packages() {
  log "assembling dist/"
  mkdir -p "$DIST"
  assemble_extension "$DIST/chrome"
  assemble_extension "$DIST/firefox" # one manifest serves both browsers…
  firefox_manifest "$DIST/firefox"
  zip_dir "$DIST/chrome" "$DIST/prlens-chrome.zip"
  zip_dir "$DIST/firefox" "$DIST/prlens-firefox.zip"
}

build() {
  local started=$SECONDS
  setup
  build_wasm
  build_cli
  assemble_packages
  assemble_www
  log "built in $((SECONDS - started)) s"
  cat <<EOF

  prlens is built.
  - Playground with the embedded sample PR:  ./build.sh serve   then open http://127.0.0.1:8080/
  - Chrome/Chromium: chrome://extensions → Developer mode → "Load unpacked" → $DIST/chrome
  - Firefox: about:debugging#/runtime/this-firefox → "Load Temporary Add-on" → $DIST/firefox/manifest.json
  - CLI: $TARGET_DIR/release/$CRATE --help
  - Packages: $DIST/prlens-chrome.zip, $DIST/prlens-firefox.zip

EOF
}

# ---------------------------------------------------------------------------------------------
# Test
# ---------------------------------------------------------------------------------------------

STEP_NAMES=()
STEP_RESULTS=()
STEP_SECONDS=()

# step NAME COMMAND...: runs a check, records pass/fail and duration, never aborts the run.
step() {
  local name=$1
  shift
  local started=$SECONDS status=0
  printf '\n\033[1;34m==> [test] %s\033[0m\n' "$name"
  "$@" || status=$?
  STEP_NAMES+=("$name")
  STEP_SECONDS+=($((SECONDS - started)))
  if [ "$status" = 0 ]; then STEP_RESULTS+=(PASS); else STEP_RESULTS+=("FAIL (exit $status)"); fi
}

# The native signal the wasm test (tests/web.rs) compares against, for the project's 45-file PR
# bundle; written under target/ because include_str! needs a compile-time path.
GOLDEN_DIR=$ROOT/target/web-golden
GOLDEN_BUNDLE=$ROOT/tests/bundles/owner-45-files.json

write_web_golden() {
  mkdir -p "$GOLDEN_DIR"
  cargo build --release --bin "$CRATE" # no-op unless the engine changed since the build step
  "$TARGET_DIR/release/$CRATE" analyze "$GOLDEN_BUNDLE" >"$GOLDEN_DIR/signal.json"
}

wasm_browser_test() {
  write_web_golden || return 1
  CHROMEDRIVER=${CHROMEDRIVER:-$(command -v chromedriver)} WASM_BINDGEN_TEST_TIMEOUT=120 \
    cargo test --target "$WASM_TARGET" --no-default-features --test web --test web_panic
}

# Lints what is shipped: the contents of dist/prlens-firefox.zip. Warnings fail too.
web_ext_lint() {
  local report errors unpacked
  unpacked=$(mktemp -d)
  unzip -q "$DIST/prlens-firefox.zip" -d "$unpacked"
  report=$(npx --no-install web-ext lint --source-dir "$unpacked" --output json --no-input 2>/dev/null || true)
  rm -rf "$unpacked"
  errors=$(printf '%s' "$report" | node -e '
    let text = ""; process.stdin.on("data", (c) => (text += c)).on("end", () => {
      const r = JSON.parse(text);
      for (const e of r.errors) console.error("  error " + e.code + ": " + e.message + " (" + (e.file || "") + ")");
      for (const w of r.warnings) console.error("  warning " + w.code + ": " + w.message);
      console.log(r.errors.length + r.warnings.length);
    });') || {
    echo "web-ext lint output was not JSON"
    return 1
  }
  echo "web-ext lint: $errors error(s) and warning(s)"
  [ "$errors" = 0 ]
}

# Node tests: the fake GitHub's own tests, then every browser e2e file, one at a time (each
# starts its own Chromium; two at once would starve a 2-core machine).
NODE_TEST_LOG=$TARGET_DIR/node-tests.log
node_tests() {
  local files
  mapfile -t files < <(ls tests/fake-github/*.test.mjs tests/e2e/*.test.mjs 2>/dev/null)
  mkdir -p "$(dirname "$NODE_TEST_LOG")"
  PRLENS_CLI="$TARGET_DIR/release/$CRATE" node --test --test-concurrency=1 --test-reporter=spec "${files[@]}" |
    tee "$NODE_TEST_LOG"
}

# zizmor (GitHub Actions static analysis) and check-jsonschema (the workflows', action.yml's and
# issue forms' schemas, and the SARIF schema) from PyPI, every package pinned
# (scripts/python-tools.txt), in a venv under target/; reinstalled when that list changes.
PY_TOOLS=$TARGET_DIR/py-tools
setup_python_tools() {
  local want
  want=$(sha256sum scripts/python-tools.txt | cut -d' ' -f1)
  if [ -x "$PY_TOOLS/bin/zizmor" ] && [ "$(cat "$PY_TOOLS/.requirements-sha256" 2>/dev/null)" = "$want" ]; then
    return
  fi
  log "python3 -m venv target/py-tools && pip install -r scripts/python-tools.txt (zizmor, check-jsonschema)"
  rm -rf "$PY_TOOLS"
  python3 -m venv "$PY_TOOLS"
  # --no-deps: the list pins every package, so nothing unpinned comes in.
  "$PY_TOOLS/bin/pip" install --quiet --disable-pip-version-check --no-deps -r scripts/python-tools.txt
  echo "$want" >"$PY_TOOLS/.requirements-sha256"
}

# The SARIF 2.1.0 JSON schema, from the npm registry at test time and never committed: Microsoft's
# @microsoft/jest-sarif ships the SARIF TC's schema (sarif-2.1.0-rtm.5.json). The tarball is
# checked against the integrity pinned here before the file is taken out of it.
SARIF_SCHEMA_PACKAGE=@microsoft/jest-sarif@1.0.0-beta.0
SARIF_SCHEMA_INTEGRITY=sha512-A1fOhPd6Ic5iDk4F9YPw1qNB4XF+7+IviR7xl8r2F6QzQkx5cpY9LsGk2rExiFIEcBbjpVnSmwWGBukASkiQ9A==
SARIF_SCHEMA=$TARGET_DIR/sarif-schema/sarif-2.1.0-rtm.5.json
setup_sarif_schema() {
  [ -s "$SARIF_SCHEMA" ] && return
  local dir=$TARGET_DIR/sarif-schema integrity
  log "npm pack $SARIF_SCHEMA_PACKAGE (the SARIF 2.1.0 schema)"
  rm -rf "$dir" && mkdir -p "$dir"
  integrity=$(cd "$dir" && npm pack "$SARIF_SCHEMA_PACKAGE" --json --silent | node -e '
    let t = ""; process.stdin.on("data", (c) => (t += c)).on("end", () => console.log(JSON.parse(t)[0].integrity));')
  if [ "$integrity" != "$SARIF_SCHEMA_INTEGRITY" ]; then
    warn "$SARIF_SCHEMA_PACKAGE has integrity $integrity, expected $SARIF_SCHEMA_INTEGRITY"
    return 1
  fi
  tar -xzf "$dir"/*.tgz -C "$dir" --strip-components=3 package/lib/schemas/sarif-2.1.0-rtm.5.json
  rm -f "$dir"/*.tgz
  [ -s "$SARIF_SCHEMA" ] || {
    warn "no SARIF schema in $SARIF_SCHEMA_PACKAGE"
    return 1
  }
}

# What a release ships and how (tests/ship): licence files in both zips, THIRD_PARTY_NOTICES current,
# one repository URL, the SARIF output against the SARIF schema, the workflows and action.yml
# (zizmor, schemas, pins), the Action's steps on a local release and the fake GitHub, and zips
# that come out byte-identical when assembled again elsewhere.
ship_tests() {
  setup_python_tools || return 1
  setup_sarif_schema || return 1
  PRLENS_CLI="$TARGET_DIR/release/$CRATE" PRLENS_PY_TOOLS="$PY_TOOLS/bin" PRLENS_SARIF_SCHEMA="$SARIF_SCHEMA" \
    node --test --test-concurrency=1 --test-reporter=spec tests/ship/*.test.mjs
}

# The recorded layer: tests that read the recorded GitHub responses in ../shared/fixtures (the
# Rust target `recorded`, built with --features recorded-fixtures, and node tests that skip
# themselves with the reason "recorded fixtures not found"). Enabled only where the folder exists.
RECORDED_SKIP_REASON="recorded fixtures not found"
recorded_fixtures_present() { [ -d "$RECORDED_FIXTURES" ]; }
cargo_test_features() { if recorded_fixtures_present; then echo "--features=recorded-fixtures"; fi; }

# One summary row for the recorded layer. When it was skipped, the number of tests skipped is
# counted: the #[test] functions of tests/recorded/ and the node tests that reported the reason.
recorded_fixtures_row() {
  if recorded_fixtures_present; then
    printf '%-48s %-16s %s\n' "recorded fixtures" "ENABLED" "($RECORDED_FIXTURES found; run with the checks above)"
    return
  fi
  local rust node
  rust=$(cat tests/recorded/*.rs | grep -c '^ *#\[test\]' || true)
  node=$(grep -c "# $RECORDED_SKIP_REASON" "$NODE_TEST_LOG" 2>/dev/null || true)
  printf '%-48s %-16s %s\n' "recorded fixtures" "SKIPPED" \
    "$((rust + ${node:-0})) tests ($rust Rust, ${node:-0} node) (../shared/fixtures not found)"
}

# The Firefox suite (tests/e2e/firefox: firefox-esr + puppeteer-core); FIREFOX_TESTS gets its
# test count for the summary row.
FIREFOX_TESTS="?"
firefox_e2e() {
  local tap=$TARGET_DIR/e2e/firefox-tests.tap status=0
  mkdir -p "$(dirname "$tap")"
  PRLENS_CLI="$TARGET_DIR/release/$CRATE" node --test --test-concurrency=1 \
    --test-reporter=spec --test-reporter-destination=stdout --test-reporter=tap --test-reporter-destination="$tap" \
    tests/e2e/firefox/*.test.mjs || status=$?
  FIREFOX_TESTS=$(sed -n 's/^# tests \([0-9]*\)$/\1/p' "$tap" | tail -1)
  return "$status"
}

run_tests() {
  local started=$SECONDS
  build
  # rustfmt does not follow `mod` lines a macro writes (the section table declares the panel's
  # section files), so they are named here.
  step "cargo fmt --check" cargo fmt --check -- src/web/render/*.rs
  # shellcheck disable=SC2046 # the feature flag is one word or nothing
  step "clippy (native, all targets)" cargo clippy --all-targets $(cargo_test_features) -- -D warnings
  step "clippy (wasm32 lib)" cargo clippy --lib --target "$WASM_TARGET" -- -D warnings
  # shellcheck disable=SC2046
  step "cargo test (native)" cargo test $(cargo_test_features)
  step "wasm-bindgen-test (headless Chromium)" wasm_browser_test
  step "web-ext lint dist/prlens-firefox.zip" web_ext_lint
  step "release checks (tests/ship)" ship_tests
  step "fake GitHub + browser e2e (node --test)" node_tests
  step "Firefox e2e" firefox_e2e
  STEP_NAMES[${#STEP_NAMES[@]} - 1]="Firefox e2e (${FIREFOX_TESTS:-?} tests)"

  local failed=0 i
  printf '\n\033[1m%-48s %-16s %s\033[0m\n' "prlens test summary" "result" "time"
  for i in "${!STEP_NAMES[@]}"; do
    printf '%-48s %-16s %4ss\n' "${STEP_NAMES[$i]}" "${STEP_RESULTS[$i]}" "${STEP_SECONDS[$i]}"
    [ "${STEP_RESULTS[$i]}" = PASS ] || failed=$((failed + 1))
  done
  recorded_fixtures_row
  printf 'total %ss: ' "$((SECONDS - started))"
  if [ "$failed" = 0 ]; then
    printf '\033[1;32mall %s checks passed\033[0m\n' "${#STEP_NAMES[@]}"
  else
    printf '\033[1;31m%s of %s checks FAILED\033[0m\n' "$failed" "${#STEP_NAMES[@]}"
    exit 1
  fi
}

# ---------------------------------------------------------------------------------------------
# Packages only, and the reproducibility check
# ---------------------------------------------------------------------------------------------

# ./build.sh package: the wasm and the two zips, nothing else (no CLI, no browsers): what an
# add-on reviewer runs (store/AMO_SOURCE.md).
package() {
  local started=$SECONDS
  setup_rust_target
  setup_apt_packages package
  setup_wasm_bindgen
  setup_npm
  build_wasm
  assemble_packages
  log "packages built in $((SECONDS - started)) s"
  sha256sum "$DIST/prlens-chrome.zip" "$DIST/prlens-firefox.zip"
}

# ./build.sh verify-reproducible: builds the packages twice from clean clones of HEAD, in two
# folders with their own target dirs, the second also with its own CARGO_HOME (crates downloaded
# again to another path), another umask, time zone and locale, and fails unless both zips are
# byte-identical. Takes two wasm builds from scratch (~10 min on 2 busy cores); release.yml runs it.
verify_reproducible() {
  local work side head
  work=$(mktemp -d "${TMPDIR:-/tmp}/prlens-repro.XXXXXX")
  # shellcheck disable=SC2064 # expanded now: $work is local, the trap runs at exit
  trap "rm -rf '$work'" EXIT
  head=$(git rev-parse --short HEAD)
  if [ -n "$(git status --porcelain)" ]; then
    warn "uncommitted changes are left out: the check builds HEAD ($head)"
  fi
  for side in a b; do
    git clone -q --no-local "$ROOT" "$work/$side/prlens"
    git -C "$work/$side/prlens" checkout -q "$head"
  done
  log "clean build 1 of 2 in $work/a"
  (cd "$work/a/prlens" && env -u SOURCE_DATE_EPOCH CARGO_TARGET_DIR="$work/a/prlens/target" ./build.sh package)
  log "clean build 2 of 2 in $work/b (own CARGO_HOME, umask 077, TZ=Pacific/Kiritimati, LC_ALL=C)"
  mkdir -p "$work/b/cargo-home"
  (umask 077 && cd "$work/b/prlens" && env -u SOURCE_DATE_EPOCH CARGO_HOME="$work/b/cargo-home" TZ=Pacific/Kiritimati LC_ALL=C \
    CARGO_TARGET_DIR="$work/b/prlens/target" ./build.sh package)
  local zip differs=0
  for zip in prlens-chrome.zip prlens-firefox.zip; do
    local a=$work/a/prlens/dist/$zip b=$work/b/prlens/dist/$zip
    if cmp -s "$a" "$b"; then
      log "identical: $zip $(sha256sum "$a" | cut -d' ' -f1)"
    else
      differs=1
      warn "$zip differs between the two builds; members that differ:"
      diff <(cd "$work/a/prlens/dist" && unzip -Z -v "$zip" | grep -E '^(Central directory entry|  file last modified|  32-bit CRC|  compressed size|  unix file attributes)' ) \
        <(cd "$work/b/prlens/dist" && unzip -Z -v "$zip" | grep -E '^(Central directory entry|  file last modified|  32-bit CRC|  compressed size|  unix file attributes)') | head -40 >&2 || true
    fi
  done
  [ "$differs" = 0 ] || die "the packages are not reproducible"
  log "both packages are byte-identical across two clean builds of $head"
}

# ---------------------------------------------------------------------------------------------
# Serve and bench
# ---------------------------------------------------------------------------------------------

serve() {
  [ -f "$DIST/www/pkg/$CRATE.js" ] || build
  log "serving $DIST/www on http://127.0.0.1:8080/ (Ctrl-C to stop)"
  ROOT_DIR="$DIST/www" node --input-type=module -e '
    import http from "node:http"; import fs from "node:fs"; import path from "node:path";
    const root = path.resolve(process.env.ROOT_DIR);
    const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
      ".css": "text/css; charset=utf-8", ".json": "application/json", ".wasm": "application/wasm", ".svg": "image/svg+xml",
      ".png": "image/png", ".ico": "image/x-icon", ".txt": "text/plain; charset=utf-8", ".md": "text/markdown; charset=utf-8" };
    http.createServer((req, res) => {
      let rel = decodeURIComponent(new URL(req.url, "http://x").pathname);
      if (rel.endsWith("/")) rel += "index.html";
      const file = path.resolve(root, "." + rel);
      if (!file.startsWith(root + path.sep)) { res.writeHead(403).end(); return; }
      fs.readFile(file, (error, body) => {
        if (error) { res.writeHead(404, { "content-type": "text/plain" }).end("not found"); return; }
        // frame-ancestors works only as a header (a <meta> CSP ignores it): no framing, no clickjacking.
        res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream", "cache-control": "no-store",
          "content-security-policy": "frame-ancestors '"'"'none'"'"'", "x-frame-options": "DENY" }).end(body);
      });
    }).listen(8080, "127.0.0.1");'
}

bench() {
  if [ -f tests/bench/run.mjs ]; then
    [ -f "$DIST/www/pkg/$CRATE.js" ] || build
    node tests/bench/run.mjs "$@"
  else
    die "tests/bench/run.mjs does not exist yet; benchmarks are not written"
  fi
}

case "${1:-build}" in
build) build ;;
test) run_tests ;;
serve) serve ;;
bench)
  shift
  bench "$@"
  ;;
setup) setup ;;
package) package ;;
assemble) assemble_packages ;; # the zips again from the built wasm (tests/ship/reproducible.test.mjs)
verify-reproducible) verify_reproducible ;;
-h | --help | help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' ;;
*) die "unknown command '$1' (use: build, test, serve, bench, package, verify-reproducible)" ;;
esac
