/**
 * prlens panel: runs inside the extension-origin iframe (`panel.html`) that the content script
 * mounts in a closed shadow root on a GitHub pull request page.
 *
 * What it does: receives the PR and page facts from the content script (over its port),
 * fetches the PR's bundle from the GitHub API and scores it in wasm, in one call
 * (`fetchAndAnalyze`: cached, token-aware, rate-limit-aware), which leaves the bundle and its
 * signal in wasm as a `PanelView`; renders it from there (`view.renderPanel`), and keeps it
 * live: a cheap conditional poll re-scores when the head SHA or the checks change. This file wires the parts in `panel/` together:
 * state.js (what is shared), page-link.js (messages with the page), theme.js (styles),
 * storage.js (settings, remembered panels), show.js (rendering), scoring.js (re-scoring),
 * fetching.js (fetch + score), actions.js (buttons), live.js (poll and size).
 *
 * Why here: wasm cannot run in a content script on github.com (page CSP), and the token must
 * never reach the page; this iframe is extension-origin, so it may read `chrome.storage.local`
 * and call api.github.com while the page only ever receives resize/scroll messages.
 * Contracts: docs/CONTRACTS.md (messages, storage keys, exports, DOM hooks).
 * ES modules; no top-level await (same rule as the service worker, for uniformity).
 *
 * Speed (time to panel, docs/performance.md): everything that does not depend on the PR starts
 * when these modules are evaluated (wasm, settings and token), and the remembered panel read as
 * soon as the PR is known, all in parallel; `performance.mark("prlens:…")` marks the steps for
 * the bench (tests/bench/browser.mjs).
 */
import "../../shared/messages.js"; // every prlens:* message, declared once
import { api, engine, root, settings, view, wasm } from "./state.js";
import { heldTarget, hintedPull, isFocusDetails, nonce, onPageMessage, parseFacts, postToPage } from "./page-link.js";
import { documentStyles, loadTheme } from "./theme.js";
import { PREFS_KEY, TOKEN_KEY, TOKENS_KEY, readCachedPanel, settingsLoaded } from "./storage.js";
import { decorateRendersWith, handleControlsWith, render, showError, showHeld } from "./show.js";
import { rescore } from "./scoring.js";
import { forgetShown, freshnessSeconds, update } from "./fetching.js";
import { onAction, onToggle } from "./actions.js";
import { keepLive, schedulePoll } from "./live.js";
import { isTrap } from "../../shared/engine-session.js";
import { focusDetailsButton } from "./sheet-link.js";
import { createCompareMode } from "../compare/compare-mode.js";
import { tokenBoundStorage } from "../../shared/token-bound-storage.js";

const { T } = globalThis.prlensMessages;

performance.mark("prlens:module");

const { normalizePrefs } = globalThis.prlensPrefs;
const { samePull } = globalThis.prlensNames;

/** panel.html's stylesheets: this module is async, so it may run before they are in. */
const pageStyles = documentStyles();

/** The page's theme: its Primer file is loaded, and renders wait for it. */
function setLook(colorMode) {
  view.colorMode = colorMode;
  view.styles = Promise.all([pageStyles, loadTheme(colorMode)]);
}

/** A compare page's self-check (panel-compare.js). */
const compareMode = createCompareMode({
  wasm,
  ready: engine.ready,
  settingsLoaded,
  nonce,
  root,
  view,
  prefs: () => settings.prefs,
  token: () => settings.token,
  apiBase: () => settings.host?.apiBase,
  storage: (token) => tokenBoundStorage(api.storage.local, token, { host: settings.host?.name, owner: view.pull?.owner }),
  freshnessSeconds,
  setLook,
  render,
  showError: (error) => showError(isTrap(error) ? error : { kind: error?.kind ?? "malformed", message: error?.message ?? String(error) }),
});
decorateRendersWith(() => compareMode.decorate());

handleControlsWith({
  onAction: (action, payload) => {
    if ((action === "refresh" || action === "retry") && compareMode.active()) {
      view.shown = action === "refresh" && view.shown;
      compareMode.refresh();
      return;
    }
    onAction(action, payload);
  },
  onToggle,
});
// The system's theme now, for the boot text; the page's theme follows with its facts.
loadTheme(undefined);

/** The remembered panel of the hinted PR, read while the panel boots (see hintedPull). */
const hintedPanel = hintedPull ? readCachedPanel(hintedPull).catch(() => null) : null;

async function onFacts(message) {
  const same = samePull(view.pull, message.pull);
  const factsChanged = JSON.stringify([message.facts, message.anchors]) !== JSON.stringify([view.facts, view.anchors]);
  const looksChanged = message.tab !== view.tab || message.colorMode !== view.colorMode;
  view.tab = message.tab;
  view.colorMode = message.colorMode;
  view.facts = message.facts;
  view.anchors = message.anchors;
  const themeLoaded = loadTheme(message.colorMode);
  view.styles = Promise.all([pageStyles, themeLoaded]);
  if (same) {
    if (view.analysis && !view.busy && factsChanged) rescore();
    else if (view.analysis && !view.busy && looksChanged) themeLoaded.then(rescore);
    return;
  }
  view.generation += 1;
  view.pull = message.pull;
  view.analysis = null;
  view.digests = null;
  view.shown = false;
  view.busy = false;
  view.queued = null;
  root.removeAttribute("data-prlens-fetch"); // a new PR: nothing of its fetch has ended yet
  const generation = view.generation;
  performance.mark("prlens:facts");
  // Everything runs at once: wasm instantiation, prefs + token, the remembered panel, styles.
  const hinted = hintedPanel && samePull(hintedPull, message.pull);
  // The hinted read is github.com's; an Enterprise host's PRs are remembered under its name, and
  // a host the user no longer lists has nothing shown (settings.host is null then).
  const cachedPanel = settingsLoaded.then(() => {
    const host = settings.host;
    if (!host) return null;
    return hinted && !host.enterprise ? hintedPanel : readCachedPanel(message.pull, host).catch(() => null);
  });
  try {
    // The styles are not waited for here: the fetch needs none, and renders await them.
    const [, , cached] = await Promise.all([engine.ready, settingsLoaded, cachedPanel]);
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

/** The target the user let in with the held state's button (its `heldTarget` key), if any. */
let released = null;

// Messages from our content script, over the port it handed this frame once the background
// confirmed the nonce (page-link.js): page scripts can neither read nor send them.
onPageMessage((data) => {
  if (engine.crashed) return;
  if (isFocusDetails(data)) focusDetailsButton(root);
  // The page changed to this target without the user's gesture (content/gesture.js): nothing is
  // fetched, not even the remembered panel shown, until the user clicks the held state's button.
  const held = heldTarget(data);
  if (held && held.key !== released) {
    loadTheme(typeof data.colorMode === "string" ? data.colorMode : undefined);
    pageStyles.then(() => {
      if (released === held.key) return;
      showHeld(held.label, () => {
        released = held.key;
        postToPage({ type: T.ALLOW });
        onPageMessage.dispatch({ ...data, held: false });
      });
    });
    return;
  }
  if (compareMode.accepts(data)) {
    compareMode.onFacts(data);
    return;
  }
  const message = parseFacts(data);
  if (message) onFacts(message);
});

api.storage.onChanged.addListener((changes, area) => {
  if (area === "sync" && changes[PREFS_KEY]) {
    const before = settings.prefs;
    settings.prefs = normalizePrefs(changes[PREFS_KEY].newValue);
    const differs = (key) => JSON.stringify(before[key]) !== JSON.stringify(settings.prefs[key]);
    if (differs("engine") || differs("hiddenSections") || differs("expanded")) rescore();
    // No bundle on screen (the last view failed, e.g. on settings the engine rejected): new
    // scoring settings are worth another try.
    if (differs("engine") && view.pull && !view.analysis && !view.busy && !engine.crashed && !compareMode.active()) update("load");
    if (differs("pollSeconds")) schedulePoll();
  }
  if (area === "local" && (changes[TOKEN_KEY] || changes[TOKENS_KEY])) {
    const before = settings.token;
    const tokens = { ...settings.tokens };
    for (const key of [TOKEN_KEY, TOKENS_KEY]) if (changes[key]) tokens[key] = changes[key].newValue;
    settings.tokens = tokens;
    // Another host's or another owner's token changed: this panel's requests are not affected.
    if (settings.token === before) return;
    // What is on screen was fetched with the old token: it goes now, answers still on their way
    // are dropped, and the PR is fetched again (without the background's early answers).
    if (!view.pull && !compareMode.active()) return;
    forgetShown();
    if (compareMode.active()) compareMode.refresh();
    else update("refresh");
  }
});

keepLive();
