/**
 * What the panel shows: a rendered signal, an error, or the crash state; and what the details
 * sheet is told after each render (panel-sheet.js).
 */
import { rehostLinks } from "../../shared/rehost-links.js";
import { api, engine, root, settings, view, wasm } from "./state.js";
import { confirmedTab, nonce } from "./page-link.js";
import { connectSheet } from "./sheet-link.js";

const MAX_TEXT = 1000;

/**
 * The panel's buttons (`onAction`) and its expand toggle (`onToggle`): actions.js, set by panel.js
 * so that showing does not depend on what the buttons do.
 */
const handlers = { onAction: () => {}, onToggle: () => {}, afterRender: () => {} };
export function handleControlsWith({ onAction, onToggle }) {
  handlers.onAction = onAction;
  handlers.onToggle = onToggle;
}

/** What a mode adds to every rendered panel (the compare page's note, panel-compare.js). */
export function decorateRendersWith(afterRender) {
  handlers.afterRender = afterRender;
}

/** The JSON text of what the panel shows: a PanelView's signal, or a remembered signal as stored. */
export function signalText(shown) {
  if (shown === null || shown === undefined) return null;
  return typeof shown === "string" ? shown : shown.signalJson();
}

/** What the details sheet shows: the panel's signal, theme and hidden sections. */
const sheet = connectSheet({
  api,
  nonce,
  tab: confirmedTab,
  snapshot: () => ({
    signal: signalText(view.shownSignal),
    colorMode: view.colorMode ?? null,
    hiddenSections: settings.prefs.hiddenSections,
    tab: view.tab,
  }),
});

/**
 * Renders what the panel shows: a PanelView (the bundle on screen, `view.analysis`; drawn from
 * the signal wasm holds, one call) or a remembered signal's JSON text. `fetch` says what it came
 * from, as `data-prlens-fetch` on the root: "refining" (a first view; familiarity, linked issues
 * and the PR template are still coming), "complete" (a finished fetch); undefined leaves the
 * attribute as it is (a re-score of the same bundle, or a remembered panel before any fetch
 * ended). The render sets `data-prlens-signal-digest` itself (what the e2e tests compare).
 */
export function render(shown, fetch) {
  const options = {
    expanded: settings.prefs.expanded,
    hiddenSections: settings.prefs.hiddenSections,
    hasBundle: Boolean(view.analysis),
    viewerTab: view.tab === "files" ? "files" : "conversation",
    colorMode: view.colorMode,
    details: "sheet", // the full view opens in the details sheet; the sidebar stays compact
    anonymousBudget: settings.token ? undefined : (view.anonymousBudget ?? undefined),
    onAction: (action, payload) => handlers.onAction(action, payload),
    onToggle: (expanded) => handlers.onToggle(expanded),
  };
  if (typeof shown === "string") wasm.renderPanel(root, shown, options);
  else shown.renderPanel(root, options);
  rehostLinks(root, settings.origin, view.pull ?? {}); // an Enterprise host's own links (issue #35)
  // When the data behind the panel was fetched (absent while a remembered panel is shown).
  const fetchedAt = view.analysis ? view.analysis.fetchedAt : null;
  if (typeof fetchedAt === "string") root.setAttribute("data-prlens-fetched-at", fetchedAt);
  else root.removeAttribute("data-prlens-fetched-at");
  if (fetch === "refining" || fetch === "complete") root.setAttribute("data-prlens-fetch", fetch);
  view.shown = true;
  view.shownSignal = shown;
  handlers.afterRender();
  sheet.publish();
}

/** The loading state, once styled, unless a panel or an error is on screen by then. */
export function showLoading(options, stillWanted) {
  view.styles.then(() => {
    if (stillWanted() && !view.shown && !engine.crashed) wasm.renderState(root, "loading", options);
  });
}

/**
 * Shows the crash as an error state built with plain DOM text (no wasm call: the instance is
 * dead). Retry reloads this iframe: a fresh document initialises a fresh wasm instance, and
 * the content script answers its hello with the page facts again.
 */
function showCrash(error) {
  engine.crashed = true;
  clearInterval(view.pollTimer);
  view.pollTimer = null;
  const detail = engine.lastPanic || (typeof error?.message === "string" && error.message) || "no details";
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
  for (const name of ["data-prlens-level", "data-prlens-signal-digest", "data-prlens-fetched-at", "data-prlens-fetch"]) {
    root.removeAttribute(name);
  }
  view.shown = false;
}

/**
 * The held state (docs/security.md, "What a page can still learn"): the page changed to this PR
 * without a click or key press of the user's, so nothing is fetched until the user clicks the
 * button here (a click in this frame: page scripts cannot fake it). `what` names the PR or the
 * comparison; `onLoad()` runs on the user's click. Built with plain DOM text.
 */
export function showHeld(what, onLoad) {
  const box = document.createElement("div");
  box.className = "prlens-state";
  const message = document.createElement("p");
  message.textContent = "The page opened this without a click or key press of yours, so prlens has not fetched it.";
  const load = document.createElement("button");
  load.type = "button";
  load.className = "prl-btn";
  load.textContent = `Load prlens for ${what.slice(0, 120)}`;
  load.setAttribute("data-prlens-action", "load-held");
  load.addEventListener("click", (event) => {
    if (event.isTrusted) onLoad();
  });
  box.append(message, load);
  root.replaceChildren(box);
  root.setAttribute("data-prlens-state", "held");
  root.removeAttribute("aria-busy");
  for (const name of ["data-prlens-level", "data-prlens-signal-digest", "data-prlens-fetched-at", "data-prlens-fetch"]) {
    root.removeAttribute(name);
  }
}

/** An error from fetching or scoring; a wasm trap (or any error after one) shows the crash. */
export function showError(error) {
  if (engine.crashed || engine.crashFrom(error)) {
    showCrash(error);
    return;
  }
  const kind = typeof error?.kind === "string" ? error.kind : "malformed";
  const message = typeof error?.message === "string" && error.message ? error.message : String(error);
  root.removeAttribute("data-prlens-signal-digest");
  root.removeAttribute("data-prlens-fetch");
  wasm.renderState(root, "error", { message, kind, retry: true, onAction: (action, payload) => handlers.onAction(action, payload) });
  view.shown = false;
}
