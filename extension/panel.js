/**
 * prlens panel orchestrator: runs inside the extension-origin iframe (`panel.html`) that the
 * content script mounts in a closed shadow root on a GitHub pull request page.
 *
 * What it does: receives the PR and page facts from the content script (nonce-checked),
 * fetches the PR's bundle from the GitHub API in wasm (`fetchBundle`: cached, token-aware,
 * rate-limit-aware), scores it (`analyzeBundle`; a view does both in one `fetchAndAnalyze`
 * call), renders it (`renderPanel`), and keeps it
 * live: a cheap conditional poll re-scores when the head SHA or the checks change.
 *
 * Why here: wasm cannot run in a content script on github.com (page CSP), and the token must
 * never reach the page; this iframe is extension-origin, so it may read `chrome.storage.local`
 * and call api.github.com while the page only ever receives resize/scroll messages.
 * Contracts: docs/CONTRACTS.md (messages, storage keys, exports, DOM hooks).
 * ES module; no top-level await (same rule as the service worker, for uniformity).
 *
 * Speed (time to panel, docs/performance.md): everything that does not depend on the PR starts
 * when this module is evaluated — wasm instantiation, the settings and token reads — and the
 * cached panel read starts as soon as the PR is known, all in parallel; a remembered panel is
 * shown the moment wasm and that read are in, and the fetch starts right after. Progress
 * re-renders are coalesced to one per animation frame. `performance.mark("prlens:…")` marks
 * the steps for the bench (tests/bench/browser.mjs).
 */
import init, * as wasm from "./pkg/prlens.js";
import { fileDigests, hasAnchors, parseAnchors, withAnchors } from "./diff-anchors.js";
import "./prefs.js";
import { connectSheet, focusDetailsButton } from "./panel-sheet.js";
import { createCompareMode } from "./panel-compare.js";

performance.mark("prlens:module");

const api = globalThis.browser ?? globalThis.chrome;
const PAGE_ORIGIN = "https://github.com";
const { TOKEN_KEY, PREFS_KEY, OWNER: OWNER_PATTERN, REPO: REPO_PATTERN, normalizePrefs } = globalThis.prlensPrefs;
/** Last rendered signal per PR, so a revisit shows the previous panel at once. */
const PANEL_CACHE_PREFIX = "prlens.cache.panel.";
const PANEL_CACHE_INDEX = "prlens.cache.panels";
const PANEL_CACHE_MAX = 20;
const DEFAULT_POLL_SECONDS = 60;

const NONCE_PATTERN = /^[0-9a-f]{32}$/;
const ANCHOR_PATTERN = /^diff-[0-9a-f]{64}$/;
const TABS = new Set(["conversation", "files", "commits", "other"]);
const MAX_TEXT = 1000;
const MAX_PATHS = 3000;

/** Primer theme files shipped in primer/ (build.sh PRIMER_FILES); other themes use panel.css fallbacks. */
const THEME_FILES = new Set(["light", "light_high_contrast", "dark", "dark_dimmed", "dark_high_contrast"]);

const root = document.getElementById("prlens-panel");
const hash = /^#nonce=([0-9a-f]{32})(?:&pr=([^/&]+)\/([^/&]+)\/([0-9]{1,10}))?$/.exec(location.hash);
const nonce = hash && NONCE_PATTERN.test(hash[1]) ? hash[1] : null;
/**
 * The PR the content script mounted this panel for (`#…&pr=owner/repo/number`), or null. A
 * hint only: it starts the read of the remembered panel early; nothing is fetched or shown
 * for it until a nonce-checked facts message names the same PR.
 */
const hintedPull = (() => {
  if (!nonce || !hash[2]) return null;
  const decode = (part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return "";
    }
  };
  const [owner, repo, number] = [decode(hash[2]), decode(hash[3]), Number(hash[4])];
  const valid = OWNER_PATTERN.test(owner) && REPO_PATTERN.test(repo) && repo !== "." && repo !== ".." && Number.isInteger(number) && number >= 1 && number <= 2 ** 31;
  return valid ? { owner, repo, number } : null;
})();
/** The last Rust panic message (the hook runs before the trap; see src/web/panic.rs). */
let lastPanic = "";
/** True once the wasm instance has trapped: with panic = "abort" it must not be called again. */
let crashed = false;
performance.mark("prlens:wasm-start"); // → wasm-ready: compile + instantiate (bench row)
const ready = init({ module_or_path: api.runtime.getURL("pkg/prlens_bg.wasm") }).then(() => {
  performance.mark("prlens:wasm-ready");
  wasm.installPanicHook?.((message) => {
    lastPanic = String(message ?? "");
  });
});

// ------------------------------------------------------------------------------------------
// Styles: panel.html's own sheets, and the one Primer theme in use
// ------------------------------------------------------------------------------------------

/** Resolves once `link` has loaded (or failed: panel.css then falls back to its own colours). */
function sheetLoaded(link) {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener("load", resolve, { once: true });
    link.addEventListener("error", resolve, { once: true });
  });
}

/** panel.html's stylesheets: this module is async, so it may run before they are in. */
const pageStyles = Promise.all([...document.querySelectorAll('link[rel="stylesheet"]')].map(sheetLoaded));

const themeLoads = new Map();

/** The Primer theme file a colorMode needs ("auto": the system's light or dark), or null. */
function themeFile(colorMode) {
  if (colorMode === undefined || colorMode === "auto") {
    return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  return THEME_FILES.has(colorMode) ? colorMode : null;
}

/** Adds `primer/<theme>.css` once; resolves when it applies. */
function loadTheme(colorMode) {
  const theme = themeFile(colorMode);
  if (!theme) return Promise.resolve();
  if (!themeLoads.has(theme)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `primer/${theme}.css`;
    const loaded = sheetLoaded(link);
    document.head.append(link);
    themeLoads.set(theme, loaded);
  }
  return themeLoads.get(theme);
}
// The system's theme now, for the boot text; the page's theme follows with its facts.
loadTheme(undefined);

/** Everything about the PR on screen. */
const view = {
  pull: null, // {owner, repo, number}
  tab: "conversation",
  colorMode: undefined,
  facts: null,
  anchors: null, // files the page named by diff anchor only (diff-anchors.js)
  digests: null, // sha256(filename) → filename of the bundle's files, once known
  bundleJson: null,
  fetchedAt: null, // the bundle's fetched_at when fetchAndAnalyze said it (else read from bundleJson)
  signalJson: null,
  shown: false, // a panel (cached or fresh) is on screen
  styles: Promise.resolve(), // the page's and the current theme's CSS; awaited before anything is rendered
  generation: 0, // bumps on each new PR, so late answers for an old one are dropped
  busy: false,
  queued: null, // a user refresh that arrived while a fetch was running
  pollTimer: null,
};
let prefs = normalizePrefs(undefined);
let token = null;

// ------------------------------------------------------------------------------------------
// Messages with the page
// ------------------------------------------------------------------------------------------

/**
 * Posts to the GitHub page. Page scripts there see these messages too, so they never carry the
 * nonce or anything else secret: the content script knows them by their source window.
 */
function postToPage(message) {
  if (!nonce || window.parent === window) return;
  window.parent.postMessage(message, PAGE_ORIGIN);
}

/**
 * Whether the background confirms that our content script registered this panel's nonce
 * (nonce-registry.js). A page that frames panel.html itself, with a nonce of its choice, gets
 * false: no facts are acted on, so nothing is fetched or shown.
 */
const nonceConfirmed = nonce
  ? api.runtime.sendMessage({ type: "prlens:confirm-nonce", nonce }).then(
      (answer) => answer?.ok === true,
      () => false,
    )
  : Promise.resolve(false);

function text(value) {
  return typeof value === "string" ? value.slice(0, MAX_TEXT) : undefined;
}

function paths(value) {
  if (!Array.isArray(value)) return [];
  return value.filter((item) => typeof item === "string" && item.length <= MAX_TEXT).slice(0, MAX_PATHS);
}

/** The `page` section of the bundle from untrusted facts: known fields, bounded sizes. */
function pageFacts(facts) {
  if (!facts || typeof facts !== "object" || Array.isArray(facts)) return null;
  const page = {};
  for (const key of ["title", "state", "author", "base_ref", "head_ref", "head_sha", "viewer"]) {
    const value = text(facts[key]);
    if (value !== undefined) page[key] = value;
  }
  page.viewed_files = paths(facts.viewed_files);
  page.generated_files = paths(facts.generated_files);
  return page;
}

/** A validated `prlens:facts` message, or null. */
function parseFacts(data) {
  if (!data || typeof data !== "object" || data.type !== "prlens:facts" || data.nonce !== nonce) return null;
  const { owner, repo, number } = data;
  if (typeof owner !== "string" || !OWNER_PATTERN.test(owner)) return null;
  if (typeof repo !== "string" || !REPO_PATTERN.test(repo) || repo === "." || repo === "..") return null;
  if (!Number.isInteger(number) || number < 1 || number > 2 ** 31) return null;
  return {
    pull: { owner, repo, number },
    tab: TABS.has(data.tab) ? data.tab : "other",
    colorMode: typeof data.colorMode === "string" && /^[a-z_-]{1,40}$/.test(data.colorMode) ? data.colorMode : undefined,
    facts: pageFacts(data.facts),
    anchors: parseAnchors(data.facts),
  };
}

window.addEventListener("message", (event) => {
  if (!nonce || event.source !== window.parent || event.origin !== PAGE_ORIGIN) return;
  if (event.data?.type === "prlens:focus-details" && event.data.nonce === nonce) focusDetailsButton(root);
  if (compareMode.accepts(event.data)) {
    nonceConfirmed.then((confirmed) => {
      if (confirmed && !crashed) compareMode.onFacts(event.data);
    });
    return;
  }
  const message = parseFacts(event.data);
  if (!message) return;
  nonceConfirmed.then((confirmed) => {
    if (confirmed && !crashed) onFacts(message);
  });
});

// ------------------------------------------------------------------------------------------
// Storage
// ------------------------------------------------------------------------------------------

async function loadSettings() {
  const [sync, local] = await Promise.all([api.storage.sync.get(PREFS_KEY), api.storage.local.get(TOKEN_KEY)]);
  prefs = normalizePrefs(sync[PREFS_KEY]);
  const stored = local[TOKEN_KEY];
  token = typeof stored === "string" && stored.trim() ? stored.trim() : null;
  performance.mark("prlens:settings");
}
/** The read of prefs and token, started at once; a view awaits it (later changes: onChanged). */
const settingsLoaded = loadSettings();
// A failed first read is reported by the view that awaits it; never an unhandled rejection.
settingsLoaded.catch(() => {});

function panelKey(pull) {
  return `${PANEL_CACHE_PREFIX}${pull.owner}/${pull.repo}/${pull.number}`;
}

/** The remembered panel of the hinted PR, read while the panel boots (see hintedPull). */
const hintedPanel = hintedPull ? readCachedPanel(hintedPull).catch(() => null) : null;

async function readCachedPanel(pull) {
  const key = panelKey(pull);
  const stored = (await api.storage.local.get(key))[key];
  return stored && typeof stored.signal === "string" ? stored : null;
}

/** Remembers the last signal of a PR; keeps only the most recent PANEL_CACHE_MAX PRs. */
async function writeCachedPanel(pull, signalJson) {
  const key = panelKey(pull);
  const index = (await api.storage.local.get(PANEL_CACHE_INDEX))[PANEL_CACHE_INDEX];
  const keys = (Array.isArray(index) ? index : []).filter((k) => typeof k === "string" && k !== key);
  keys.unshift(key);
  const dropped = keys.splice(PANEL_CACHE_MAX);
  await api.storage.local.set({ [key]: { signal: signalJson, saved_at: Date.now() }, [PANEL_CACHE_INDEX]: keys });
  if (dropped.length) await api.storage.local.remove(dropped);
}

// ------------------------------------------------------------------------------------------
// Rendering
// ------------------------------------------------------------------------------------------

/** level, score, drivers and action: what the e2e tests compare with `prlens analyze`. */
function digest(signal) {
  return JSON.stringify({
    level: signal.risk?.level,
    score: signal.risk?.score,
    drivers: (signal.risk?.drivers ?? []).map((driver) => driver.id),
    action: signal.review?.action,
  });
}

function render(signalJson) {
  wasm.renderPanel(root, signalJson, {
    expanded: prefs.expanded,
    hiddenSections: prefs.hiddenSections,
    bundleJson: view.bundleJson ?? undefined,
    viewerTab: view.tab === "files" ? "files" : "conversation",
    colorMode: view.colorMode,
    details: "sheet", // the full view opens in the details sheet; the sidebar stays compact
    onAction,
    onToggle,
  });
  try {
    root.setAttribute("data-prlens-signal-digest", digest(JSON.parse(signalJson)));
  } catch {
    root.removeAttribute("data-prlens-signal-digest");
  }
  // When the data behind the panel was fetched (absent while a remembered panel is shown).
  const fetchedAt = view.bundleJson ? (view.fetchedAt ?? JSON.parse(view.bundleJson).fetched_at) : null;
  if (typeof fetchedAt === "string") root.setAttribute("data-prlens-fetched-at", fetchedAt);
  else root.removeAttribute("data-prlens-fetched-at");
  view.shown = true;
  view.shownSignal = signalJson;
  compareMode.decorate();
  sheet.publish();
}

/** The page's theme: its Primer file is loaded, and renders wait for it. */
function setLook(colorMode) {
  view.colorMode = colorMode;
  view.styles = Promise.all([pageStyles, loadTheme(colorMode)]);
}

/** A compare page's self-check (panel-compare.js). */
const compareMode = createCompareMode({
  wasm,
  ready,
  settingsLoaded,
  nonce,
  root,
  view,
  prefs: () => prefs,
  token: () => token,
  storage: api.storage.local,
  freshnessSeconds: (force) => freshnessSeconds(force),
  setLook,
  render: (signalJson) => render(signalJson),
  showError: (error) => showError(isTrap(error) ? error : { kind: error?.kind ?? "malformed", message: error?.message ?? String(error) }),
});

/** What the details sheet shows: the panel's signal, theme and hidden sections (panel-sheet.js). */
const sheet = connectSheet({
  api,
  nonce,
  snapshot: () => ({
    signal: view.shownSignal ?? null,
    colorMode: view.colorMode ?? null,
    hiddenSections: prefs.hiddenSections,
    tab: view.tab,
  }),
});

/** A wasm trap: the Rust side panicked (release builds abort) and this instance is dead. */
function isTrap(error) {
  return error instanceof WebAssembly.RuntimeError;
}

/**
 * Shows the crash as an error state built with plain DOM text (no wasm call: the instance is
 * dead). Retry reloads this iframe: a fresh document initialises a fresh wasm instance, and
 * the content script answers its hello with the page facts again.
 */
function showCrash(error) {
  crashed = true;
  clearInterval(view.pollTimer);
  view.pollTimer = null;
  const detail = lastPanic || (typeof error?.message === "string" && error.message) || "no details";
  const box = document.createElement("div");
  box.className = "prlens-state prlens-state--error";
  box.setAttribute("role", "alert");
  const heading = document.createElement("strong");
  heading.textContent = "prlens stopped unexpectedly on this pull request.";
  const message = document.createElement("p");
  message.textContent = `Engine error: ${detail.slice(0, MAX_TEXT)}`;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "btn btn-sm";
  retry.textContent = "Retry";
  retry.setAttribute("data-prlens-action", "retry");
  retry.addEventListener("click", () => location.reload());
  box.append(heading, message, retry);
  root.replaceChildren(box);
  root.setAttribute("data-prlens-state", "error");
  for (const name of ["data-prlens-level", "data-prlens-signal-digest", "data-prlens-fetched-at"]) {
    root.removeAttribute(name);
  }
  view.shown = false;
}

function showError(error) {
  if (crashed || isTrap(error)) {
    showCrash(error);
    return;
  }
  const kind = typeof error?.kind === "string" ? error.kind : "malformed";
  const message = typeof error?.message === "string" && error.message ? error.message : String(error);
  root.removeAttribute("data-prlens-signal-digest");
  wasm.renderState(root, "error", { message, kind, retry: true, onAction });
  view.shown = false;
}

/** The bundle with the latest page facts (they change as the viewer ticks "Viewed"). */
function bundleWithFacts() {
  if (!view.bundleJson) return null;
  if (!view.facts) return view.bundleJson;
  const bundle = JSON.parse(view.bundleJson);
  bundle.page = pageWithAnchors();
  return JSON.stringify(bundle);
}

/** The page facts with the files the page named by anchor resolved against the bundle's files. */
function pageWithAnchors() {
  return withAnchors(view.facts, view.anchors, view.digests);
}

/** Learns the bundle's file digests once per PR, then re-scores if the page named files by anchor. */
function learnDigests(bundleJson) {
  if (view.digests) return;
  const generation = view.generation;
  fileDigests(bundleJson)
    .then((digests) => {
      if (generation !== view.generation || view.digests) return;
      view.digests = digests;
      if (hasAnchors(view.anchors) && !view.busy) rescore();
    })
    .catch(() => {}); // no digests: anchors stay unresolved, as if the page had not named them
}

/** Re-scores the bundle on screen (new prefs or page facts) without fetching. */
function rescore() {
  if (crashed) return;
  const bundleJson = bundleWithFacts();
  if (!bundleJson) return;
  view.bundleJson = bundleJson;
  try {
    view.signalJson = wasm.analyzeBundle(bundleJson, JSON.stringify(prefs.engine ?? {}));
    render(view.signalJson);
  } catch (error) {
    showError(isTrap(error) ? error : { kind: "malformed", message: error.message });
  }
}

// ------------------------------------------------------------------------------------------
// Fetching
// ------------------------------------------------------------------------------------------

function freshnessSeconds(force) {
  if (force) return 0;
  const value = Number(prefs.freshnessSeconds);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Bundle JSON without `fetched_at`: equal strings mean nothing GitHub says has changed. */
function content(bundleJson) {
  const { fetched_at: _ignored, ...rest } = JSON.parse(bundleJson);
  return JSON.stringify(rest);
}

/** The latest progress report not yet on screen, and its animation-frame request. */
const progressRender = { latest: null, frame: 0 };

/**
 * Shows fetch progress at most once per animation frame: a wave of requests finishes in a
 * burst, and re-rendering the loading state for each answer only delays the next wave.
 */
function showProgress(progress) {
  progressRender.latest = progress;
  if (progressRender.frame) return;
  progressRender.frame = requestAnimationFrame(() => {
    progressRender.frame = 0;
    const latest = progressRender.latest;
    progressRender.latest = null;
    if (latest && !view.shown && !crashed) {
      // Only while a fetch is still running: it may have failed (error shown) before the styles came.
      view.styles.then(() => {
        if (view.busy && !view.shown && !crashed) wasm.renderState(root, "loading", { message: latest.message, progress: latest });
      });
    }
  });
}

/** Drops a progress render still waiting for its frame (the fetch ended or failed). */
function cancelProgress() {
  if (progressRender.frame) cancelAnimationFrame(progressRender.frame);
  progressRender.frame = 0;
  progressRender.latest = null;
}

/**
 * Fetches, scores and renders the current PR. `mode`: "load" (first view; errors replace the
 * panel), "refresh" (user asked; revalidates everything), "poll" (background; errors keep the
 * panel on screen, and an unchanged bundle is not re-rendered).
 */
async function update(mode) {
  const pull = view.pull;
  if (!pull || crashed) return;
  if (view.busy) {
    // A refresh asked for during a poll runs right after it; a second poll is pointless.
    if (mode !== "poll") view.queued = mode;
    return;
  }
  const generation = view.generation;
  const factsUsed = JSON.stringify(pageWithAnchors());
  view.busy = true;
  try {
    if (mode !== "poll" && !view.shown) {
      // Once styled, and without holding the fetch back: the boot text shows meanwhile.
      // Only if this fetch is still running: a fast failure may already show its error.
      view.styles.then(() => {
        if (generation === view.generation && view.busy && !view.shown && !crashed) {
          wasm.renderState(root, "loading", { message: "Fetching the pull request from GitHub…" });
        }
      });
    }
    performance.mark("prlens:fetch-start");
    const request = { ...pull, page: pageWithAnchors() ?? undefined };
    const options = {
      token: token ?? undefined,
      storage: api.storage.local,
      freshnessSeconds: freshnessSeconds(mode !== "load"),
      now: Date.now(),
      onProgress(progress) {
        if (generation === view.generation && !view.shown) showProgress(progress);
      },
    };
    // A view waits for the signal: fetch and analyse in one wasm call, so the bundle does not
    // cross into JS and back. A poll analyses only when the bundle changed.
    const engineUsed = JSON.stringify(prefs.engine ?? {});
    let bundleJson;
    let signalJson = null;
    let fetchedAt = null;
    if (mode !== "poll" && typeof wasm.fetchAndAnalyze === "function") {
      let roundTrips, firstWave;
      ({ bundle: bundleJson, signal: signalJson, fetchedAt = null, roundTrips, firstWave } = await wasm.fetchAndAnalyze(request, options, engineUsed));
      // The bench reads which plan a view took (docs/performance.md, "What is measured").
      if (Number.isInteger(roundTrips)) performance.mark(`prlens:api-round-trips-${roundTrips}`);
      if (typeof firstWave === "string") performance.mark(`prlens:first-wave-${firstWave}`);
    } else {
      bundleJson = await wasm.fetchBundle(request, options);
    }
    cancelProgress();
    performance.mark("prlens:fetched");
    if (generation !== view.generation) return;
    const changed = !view.bundleJson || content(bundleJson) !== content(view.bundleJson);
    if (mode === "poll" && !changed) return;
    if (changed) view.digests = null; // the file list may have changed
    view.bundleJson = bundleJson;
    view.fetchedAt = typeof fetchedAt === "string" ? fetchedAt : null;
    const engine = JSON.stringify(prefs.engine ?? {});
    // Settings changed while fetching: analyse again with the new ones.
    view.signalJson = signalJson !== null && engine === engineUsed ? signalJson : wasm.analyzeBundle(bundleJson, engine);
    performance.mark("prlens:analyzed");
    await view.styles;
    if (generation !== view.generation) return;
    render(view.signalJson);
    performance.mark("prlens:rendered");
    writeCachedPanel(pull, view.signalJson).catch(() => {});
    // Page facts that arrived while fetching (e.g. a file ticked "Viewed") count too.
    if (JSON.stringify(pageWithAnchors()) !== factsUsed) rescore();
    learnDigests(bundleJson);
  } catch (error) {
    cancelProgress();
    if (generation !== view.generation) return;
    if (mode !== "poll" || isTrap(error)) showError(error);
  } finally {
    if (generation === view.generation) {
      view.busy = false;
      const queued = view.queued;
      view.queued = null;
      if (queued) update(queued);
    }
  }
}

async function onFacts(message) {
  const same =
    view.pull &&
    view.pull.owner === message.pull.owner &&
    view.pull.repo === message.pull.repo &&
    view.pull.number === message.pull.number;
  const factsChanged = JSON.stringify([message.facts, message.anchors]) !== JSON.stringify([view.facts, view.anchors]);
  const looksChanged = message.tab !== view.tab || message.colorMode !== view.colorMode;
  view.tab = message.tab;
  view.colorMode = message.colorMode;
  view.facts = message.facts;
  view.anchors = message.anchors;
  const themeLoaded = loadTheme(message.colorMode);
  view.styles = Promise.all([pageStyles, themeLoaded]);
  if (same) {
    if (view.bundleJson && !view.busy && factsChanged) rescore();
    else if (view.bundleJson && !view.busy && looksChanged) themeLoaded.then(rescore);
    return;
  }
  view.generation += 1;
  view.pull = message.pull;
  view.bundleJson = null;
  view.digests = null;
  view.fetchedAt = null;
  view.signalJson = null;
  view.shown = false;
  view.busy = false;
  view.queued = null;
  const generation = view.generation;
  performance.mark("prlens:facts");
  // Everything runs at once: wasm instantiation, prefs + token, the remembered panel, styles.
  const hinted = hintedPanel && panelKey(hintedPull) === panelKey(message.pull);
  const cachedPanel = hinted ? hintedPanel : readCachedPanel(message.pull).catch(() => null);
  try {
    // The styles are not waited for here: the fetch needs none, and renders await them.
    const [, , cached] = await Promise.all([ready, settingsLoaded, cachedPanel]);
    if (cached) await view.styles;
    if (cached && generation === view.generation && !view.shown) {
      render(cached.signal);
      performance.mark("prlens:cached-rendered");
    }
  } catch (error) {
    if (generation === view.generation) {
      showError(isTrap(error) ? error : { kind: "malformed", message: error.message });
    }
    return;
  }
  if (generation !== view.generation) return;
  await update("load");
  schedulePoll();
}

// ------------------------------------------------------------------------------------------
// Panel actions
// ------------------------------------------------------------------------------------------

function download(name, json) {
  const url = URL.createObjectURL(new Blob([json], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function onAction(action, payload) {
  const pull = view.pull;
  const stem = pull ? `prlens-${pull.owner}-${pull.repo}-${pull.number}` : "prlens";
  switch (action) {
    case "refresh":
    case "retry":
      if (compareMode.active()) {
        view.shown = action === "refresh" && view.shown;
        compareMode.refresh();
        break;
      }
      view.shown = action === "refresh" && view.shown;
      update("refresh");
      break;
    case "download-bundle":
      // The bundle is built in Rust from API bodies and page facts only; it never holds the token.
      if (view.bundleJson) download(`${stem}.bundle.json`, view.bundleJson);
      break;
    case "download-signal":
      if (view.signalJson) download(`${stem}.signal.json`, view.signalJson);
      break;
    case "focus-file": {
      const anchor = payload?.anchor;
      if (typeof anchor !== "string" || !ANCHOR_PATTERN.test(anchor)) break;
      postToPage({ type: view.tab === "files" ? "prlens:scroll-to" : "prlens:open-files", anchor });
      break;
    }
    case "open-details":
      postToPage({ type: "prlens:open-sheet" });
      break;
    default:
      // copy-markdown and expand are handled inside renderPanel.
      break;
  }
}

function onToggle(expanded) {
  prefs = { ...prefs, expanded: Boolean(expanded) };
  api.storage.sync.get(PREFS_KEY).then((stored) => {
    const current = normalizePrefs(stored[PREFS_KEY]);
    return api.storage.sync.set({ [PREFS_KEY]: { ...current, expanded: Boolean(expanded) } });
  }).catch(() => {});
}

api.storage.onChanged.addListener((changes, area) => {
  if (area === "sync" && changes[PREFS_KEY]) {
    const before = prefs;
    prefs = normalizePrefs(changes[PREFS_KEY].newValue);
    const differs = (key) => JSON.stringify(before[key]) !== JSON.stringify(prefs[key]);
    if (differs("engine") || differs("hiddenSections") || differs("expanded")) rescore();
    if (differs("pollSeconds")) schedulePoll();
  }
  if (area === "local" && changes[TOKEN_KEY]) {
    const stored = changes[TOKEN_KEY].newValue;
    token = typeof stored === "string" && stored.trim() ? stored.trim() : null;
    if (view.pull) update("refresh");
  }
});

// ------------------------------------------------------------------------------------------
// Live re-score and size
// ------------------------------------------------------------------------------------------

function pollSeconds() {
  const value = Number(prefs.pollSeconds);
  return Number.isFinite(value) && value >= 1 ? value : DEFAULT_POLL_SECONDS;
}

function schedulePoll() {
  clearInterval(view.pollTimer);
  view.pollTimer = null;
  if (!view.pull || document.visibilityState !== "visible") return;
  view.pollTimer = setInterval(() => {
    if (document.visibilityState === "visible") update("poll");
  }, pollSeconds() * 1000);
}

document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") {
    schedulePoll();
    update("poll");
  } else {
    clearInterval(view.pollTimer);
    view.pollTimer = null;
  }
});
window.addEventListener("pagehide", () => {
  clearInterval(view.pollTimer);
  view.pollTimer = null;
  // This document is going (reload, or the iframe moved): the page holds messages until the next hello.
  postToPage({ type: "prlens:goodbye" });
});

/** The panel's own height (not the iframe's: that would never let the frame shrink). */
function contentHeight() {
  const style = getComputedStyle(document.body);
  const margins = (parseFloat(style.marginTop) || 0) + (parseFloat(style.marginBottom) || 0);
  return Math.ceil(root.getBoundingClientRect().height + root.offsetTop + margins);
}

const resizeObserver = new ResizeObserver(() => postToPage({ type: "prlens:resize", height: contentHeight() }));
resizeObserver.observe(root);

postToPage({ type: "prlens:hello" });
