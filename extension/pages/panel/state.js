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

const { normalizePrefs } = globalThis.prlensPrefs;

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

/** Prefs (prefs.js) and the token; replaced as storage changes (panel.js). */
export const settings = { prefs: normalizePrefs(undefined), token: null };

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
  shown: false, // a panel (cached or fresh) is on screen
  styles: Promise.resolve(), // the page's and the current theme's CSS; awaited before anything is rendered
  generation: 0, // bumps on each new PR, so late answers for an old one are dropped
  busy: false,
  queued: null, // a user refresh that arrived while a fetch was running
  pollTimer: null,
};

/** The engine settings as the wasm calls take them. */
export const engineSettings = () => JSON.stringify(settings.prefs.engine ?? {});
