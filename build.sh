#!/usr/bin/env bash
# prlens build and test driver.
#
#   ./build.sh          set up missing tools, then build everything into dist/
#   ./build.sh test     build, then run every check (fmt, clippy, cargo test, wasm test in
#                       headless Chromium, web-ext lint, browser end-to-end tests); prints a summary
#   ./build.sh serve    serve dist/www on http://127.0.0.1:8080 (builds first if needed)
#   ./build.sh bench    run tests/bench/run.mjs (benchmarks; built by its own owner)
#
# Why this shape: the measured recipe in ../shared/notes/toolchain.md. wasm must be optimised
# with npm binaryen >= 132 (Debian's binaryen 108 silently corrupts the module), the
# wasm-bindgen CLI must equal the crate version in Cargo.lock, and nothing is downloaded except
# through apt, cargo and npm. Setup steps are idempotent and skip quickly when satisfied.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")"
ROOT=$PWD
CRATE=prlens
TARGET_DIR=${CARGO_TARGET_DIR:-$ROOT/target}
WASM_TARGET=wasm32-unknown-unknown
WASM_OPT=$ROOT/node_modules/.bin/wasm-opt # npm binaryen 132, never /usr/bin/wasm-opt
DIST=$ROOT/dist
WEB_PKG=$TARGET_DIR/prlens-web/pkg # wasm-bindgen + wasm-opt output, copied into dist/*/pkg
SHARED_FIXTURES=$ROOT/../shared/fixtures
export PATH="$HOME/.cargo/bin:$PATH"

# Every listed file must exist: a missing one fails the build. (While the parts were being written
# in parallel, ALLOW_MISSING_FOREIGN=1 let files owned by others be skipped with a warning.)
ALLOW_MISSING_FOREIGN=${ALLOW_MISSING_FOREIGN:-0}

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

setup_apt_packages() {
  local missing=()
  command -v chromium >/dev/null || [ -x /usr/lib/chromium/chromium ] || missing+=(chromium)
  command -v chromedriver >/dev/null || missing+=(chromium-driver)
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
  command -v openssl >/dev/null || missing+=(openssl)
  command -v zip >/dev/null || missing+=(zip)
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
    # No --locked: the registry mirror lacks a crate the CLI's lockfile pins (toolchain notes §6).
    log "cargo install wasm-bindgen-cli --version $want (found: ${have:-none}; takes ~3 min once)"
    cargo install wasm-bindgen-cli --version "$want"
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

build_wasm() {
  log "cargo build --release --lib --target $WASM_TARGET"
  cargo build --release --lib --target "$WASM_TARGET"
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
# (toolchain notes §7) and a broken export surface before anything is packaged.
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
}

WARNED_MISSING=""

# copy_listed DEST OWNER FILE... : copies extension/FILE to DEST/FILE. A file owned by skeleton
# must exist; another owner's file may still be in progress (see ALLOW_MISSING_FOREIGN).
copy_listed() {
  local dest=$1 owner=$2 src=$3
  shift 3
  local file
  for file in "$@"; do
    if [ -f "$src/$file" ]; then
      mkdir -p "$dest/$(dirname "$file")"
      cp "$src/$file" "$dest/$file"
    elif [ "$owner" != skeleton ] && [ "$ALLOW_MISSING_FOREIGN" = 1 ]; then
      case " $WARNED_MISSING " in *" $src/$file "*) ;; *)
        warn "$src/$file ($owner) not written yet; skipped"
        WARNED_MISSING="$WARNED_MISSING $src/$file"
        ;;
      esac
    else
      die "$src/$file is missing"
    fi
  done
}

EXTENSION_OWN=(manifest.json background.js panel.html)
# The details sheet (issue 22): its page, module and styles, next to the panel's.
EXTENSION_SHEET=(sheet.html sheet.js sheet.css panel-sheet.js)
EXTENSION_FOREIGN_LIVE=(panel.js)
EXTENSION_FOREIGN_UI=(panel.css popup.html popup.js popup.css settings-form.js)

assemble_extension() {
  local dest=$1
  rm -rf "$dest" && mkdir -p "$dest"
  copy_listed "$dest" skeleton extension "${EXTENSION_OWN[@]}"
  copy_listed "$dest" skeleton extension "${EXTENSION_SHEET[@]}"
  local content_scripts
  mapfile -t content_scripts < <(cd extension && ls content/*.js)
  copy_listed "$dest" skeleton extension "${content_scripts[@]}"
  local icons
  mapfile -t icons < <(cd extension && ls icons/*.png)
  copy_listed "$dest" skeleton extension "${icons[@]}"
  copy_listed "$dest" live-data extension "${EXTENSION_FOREIGN_LIVE[@]}"
  copy_listed "$dest" panel-ui extension "${EXTENSION_FOREIGN_UI[@]}"
  mkdir -p "$dest/pkg"
  cp "$WEB_PKG/$CRATE.js" "$WEB_PKG/${CRATE}_bg.wasm" "$dest/pkg/"
  copy_primer "$dest"
  check_manifest_files "$dest"
}

# Every file the manifest names, and every file a shipped page or module loads (<script src>,
# <link href>, static `import … from "./x.js"`), must be in the package: a missing one fails silently
# in the browser.
check_manifest_files() {
  DEST="$1" ALLOW_MISSING_FOREIGN="$ALLOW_MISSING_FOREIGN" node --input-type=module -e '
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
      const msg = "files referenced but missing from " + dest + ": " + [...missing].join(", ");
      if (process.env.ALLOW_MISSING_FOREIGN === "1") console.warn("warning: " + msg); else { console.error(msg); process.exit(1); }
    }'
}

zip_dir() {
  local dir=$1 out=$2
  rm -f "$out"
  # -X: no extra attributes; sorted names keep the archive reproducible.
  (cd "$dir" && find . -type f ! -name '.*' | sed 's|^\./||' | LC_ALL=C sort | TZ=UTC zip -q -X -D "$out" -@)
}

assemble_www() {
  local dest=$DIST/www
  rm -rf "$dest" && mkdir -p "$dest"
  if [ -n "$(ls -A www 2>/dev/null)" ]; then
    cp -R www/. "$dest/"
  elif [ "$ALLOW_MISSING_FOREIGN" = 1 ]; then
    warn "www/ (www) is empty; dist/www holds only the wasm package and Primer CSS"
  else
    die "www/ is empty"
  fi
  # The playground reuses the popup's settings form and the panel's stylesheet (panel-ui),
  # so it shows exactly what the extension shows.
  copy_listed "$dest" panel-ui extension settings-form.js panel.css
  mkdir -p "$dest/pkg"
  cp "$WEB_PKG/$CRATE.js" "$WEB_PKG/${CRATE}_bg.wasm" "$dest/pkg/"
  copy_primer "$dest"
}

build() {
  local started=$SECONDS
  setup
  build_wasm
  build_cli
  log "assembling dist/"
  mkdir -p "$DIST"
  assemble_extension "$DIST/chrome"
  assemble_extension "$DIST/firefox" # one manifest serves both browsers
  zip_dir "$DIST/chrome" "$DIST/prlens-chrome.zip"
  zip_dir "$DIST/firefox" "$DIST/prlens-firefox.zip"
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

# The golden bundle and native signal the wasm test (tests/web.rs) compares against; written to a
# fixed path under the repository's target/ because include_str! needs a compile-time path.
GOLDEN_DIR=$ROOT/target/web-golden
GOLDEN_CASE=${PRLENS_GOLDEN_CASE:-PyGithub-PyGithub-31-large}

write_web_golden() {
  mkdir -p "$GOLDEN_DIR"
  cargo build --release --bin "$CRATE" # no-op unless the engine changed since the build step
  node tests/fake-github/make-bundles.mjs --out "$GOLDEN_DIR/bundles" --cli "$TARGET_DIR/release/$CRATE" "$GOLDEN_CASE" >/dev/null
  cp "$GOLDEN_DIR/bundles/$GOLDEN_CASE.json" "$GOLDEN_DIR/bundle.json"
  "$TARGET_DIR/release/$CRATE" analyze "$GOLDEN_DIR/bundle.json" >"$GOLDEN_DIR/signal.json"
}

wasm_browser_test() {
  write_web_golden || return 1
  CHROMEDRIVER=${CHROMEDRIVER:-$(command -v chromedriver)} WASM_BINDGEN_TEST_TIMEOUT=120 \
    cargo test --target "$WASM_TARGET" --no-default-features --test web --test web_panic
}

web_ext_lint() {
  local report errors
  report=$(npx --no-install web-ext lint --source-dir "$DIST/firefox" --output json --no-input 2>/dev/null || true)
  errors=$(printf '%s' "$report" | node -e '
    let text = ""; process.stdin.on("data", (c) => (text += c)).on("end", () => {
      const r = JSON.parse(text);
      for (const e of r.errors) console.error("  error " + e.code + ": " + e.message + " (" + (e.file || "") + ")");
      for (const w of r.warnings) console.error("  warning " + w.code + ": " + w.message);
      console.log(r.errors.length);
    });') || {
    echo "web-ext lint output was not JSON"
    return 1
  }
  echo "web-ext lint: $errors error(s)"
  [ "$errors" = 0 ]
}

# Node tests: the fake GitHub's own tests, then every browser e2e file, one at a time (each
# starts its own Chromium; two at once would starve a 2-core machine).
node_tests() {
  local files
  mapfile -t files < <(ls tests/fake-github/*.test.mjs tests/e2e/*.test.mjs 2>/dev/null)
  PRLENS_CLI="$TARGET_DIR/release/$CRATE" node --test --test-concurrency=1 --test-reporter=spec "${files[@]}"
}

run_tests() {
  local started=$SECONDS
  build
  step "cargo fmt --check" cargo fmt --check
  step "clippy (native, all targets)" cargo clippy --all-targets -- -D warnings
  step "clippy (wasm32 lib)" cargo clippy --lib --target "$WASM_TARGET" -- -D warnings
  step "cargo test (native)" cargo test
  step "wasm-bindgen-test (headless Chromium)" wasm_browser_test
  step "web-ext lint dist/firefox" web_ext_lint
  step "fake GitHub + browser e2e (node --test)" node_tests

  local failed=0 i
  printf '\n\033[1m%-48s %-16s %s\033[0m\n' "prlens test summary" "result" "time"
  for i in "${!STEP_NAMES[@]}"; do
    printf '%-48s %-16s %4ss\n' "${STEP_NAMES[$i]}" "${STEP_RESULTS[$i]}" "${STEP_SECONDS[$i]}"
    [ "${STEP_RESULTS[$i]}" = PASS ] || failed=$((failed + 1))
  done
  printf 'total %ss: ' "$((SECONDS - started))"
  if [ "$failed" = 0 ]; then
    printf '\033[1;32mall %s checks passed\033[0m\n' "${#STEP_NAMES[@]}"
  else
    printf '\033[1;31m%s of %s checks FAILED\033[0m\n' "$failed" "${#STEP_NAMES[@]}"
    exit 1
  fi
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
        res.writeHead(200, { "content-type": types[path.extname(file)] || "application/octet-stream", "cache-control": "no-store" }).end(body);
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
-h | --help | help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//' ;;
*) die "unknown command '$1' (use: build, test, serve, bench)" ;;
esac
