/**
 * What every part of the panel shares: the extension API, the panel's root element, the PR on
 * screen (`view`), the user's settings and the one engine instance.
 */
import init, * as wasm from "../../pkg/prlens.js";
import "../../shared/github-names.js";
import "../../shared/sections.js";
import "../../shared/prefs.js";
import { openEngineSession } from "../../shared/engine-session.js";

export const api = globalThis.browser ?? globalThis.chrome;
export const root = document.getElementById("prlens-panel");
export { wasm };

const { normalizePrefs, tokenFor } = globalThis.prlensPrefs;
const names = globalThis.prlensNames;

/**
 * The wasm instance of this document; after a trap the iframe reloads (show.js, Retry). The
 * module is compiling since panel.html's <head> (wasm-boot.js); instantiating it is left.
 */
performance.mark("prlens:wasm-instantiate"); // → wasm-ready (bench row, with wasm-boot.js's marks)
export const engine = openEngineSession(() =>
  init({ module_or_path: globalThis.prlensWasmModule ?? new URL("../../pkg/prlens_bg.wasm", import.meta.url) }).then(() => {
    performance.mark("prlens:wasm-ready");
    return wasm;
  }),
);

/**
 * Prefs (prefs.js) and the stored tokens, replaced as storage changes (panel.js), and the page
 * origin our content script registered this panel's nonce on (page-link.js: github.com until
 * the background says otherwise). `host`: that origin's host model (github-names.js), null when
 * it is an Enterprise host the user no longer lists; `token`: the one token this panel's
 * requests may carry, the host's own (and on github.com the PR owner's, else github.com's).
 */
export const settings = {
  prefs: normalizePrefs(undefined),
  tokens: {}, // chrome.storage.local's token keys, as stored (prefs.js TOKEN_KEY, TOKENS_KEY)
  origin: names.GITHUB_ORIGIN,
  get host() {
    return names.hostOfOrigin(this.origin, this.prefs.hosts);
  },
  get token() {
    const host = this.host;
    return host ? tokenFor(this.tokens, host.name, view.pull?.owner ?? null) : null;
  },
};

/** Everything about the PR on screen. */
export const view = {
  pull: null, // {owner, repo, number}
  tab: "conversation",
  colorMode: undefined,
  facts: null,
  anchors: null, // files the page named by diff anchor only (diff-anchors.js)
  digests: null, // sha256(filename) → filename of the bundle's files, once known
  analysis: null, // the PanelView of the bundle on screen (wasm: read once, with its signal); null until a fetch ends
  shownSignal: null, // what the panel shows, for the sheet: that PanelView, or a remembered signal's JSON text
  anonymousBudget: null, // without a token: the API's {remaining, limit, reset} after the last fetch
  shown: false, // a panel (cached or fresh) is on screen
  styles: Promise.resolve(), // the page's and the current theme's CSS; awaited before anything is rendered
  generation: 0, // bumps on each new PR, so late answers for an old one are dropped
  busy: false,
  queued: null, // a user refresh that arrived while a fetch was running
  pollTimer: null,
};

/** The engine settings as the wasm calls take them. */
export const engineSettings = () => JSON.stringify(settings.prefs.engine ?? {});
