/**
 * The details sheet page (sheet.html): renders the panel's signal wide, with section
 * navigation, and handles the sheet's keyboard: Esc and the shortcut close it, Tab stays
 * inside it (a modal dialog; WAI-ARIA APG "Dialog (Modal)" pattern), and the last section the
 * reviewer read is remembered for the next opening.
 *
 * Data: the signal comes from the panel of the same mount over extension messaging
 * (panel-sheet.js), never through the page. Our content script (content/sheet.js) says "opened
 * at section X" / "hidden" over this frame's port (page-port.js, handed over only once the
 * background confirmed the nonce); this page tells it "close" and which file's diff to show,
 * over the same port.
 */
import init, * as wasm from "../../pkg/prlens.js";
import "../../shared/github-names.js";
import "../../shared/messages.js"; // every prlens:* message, declared once
import "../../shared/sections.js";
import "../../shared/prefs.js";
import { openEngineSession } from "../../shared/engine-session.js";
import { loadTheme } from "../panel/theme.js"; // the same theme rules as the panel beside it
import { connectToPage, nonceOfLocation } from "../../shared/page-port.js";
import { rehostLinks } from "../../shared/rehost-links.js";
import { tokenChanged } from "../../shared/token-change.js";

/** `{owner, repo}` of a signal's PR (JSON text), or {} when it cannot be read. */
function pullOfSignal(signalJson) {
  try {
    const { owner, repo } = JSON.parse(signalJson)?.pr ?? {};
    return { owner, repo };
  } catch {
    return {};
  }
}

const { T, read } = globalThis.prlensMessages;

const api = globalThis.browser ?? globalThis.chrome;
const { PREFS_KEY } = globalThis.prlensPrefs;
/** The section the reviewer last read (storage.local): the sheet reopens there. */
const LAST_SECTION_KEY = "prlens.sheet.section";
const SECTION_PATTERN = /^[a-z_]{1,20}$/;
const ANCHOR_PATTERN = globalThis.prlensNames.DIFF_ANCHOR;
const shortcuts = globalThis.prlensContent.shortcut;

const root = document.getElementById("prlens-sheet");
const nonce = /^#nonce=[0-9a-f]{32}$/.test(location.hash) ? nonceOfLocation(location.hash) : null;
const { ready } = openEngineSession(() => init({ module_or_path: api.runtime.getURL("pkg/prlens_bg.wasm") }).then(() => wasm));

const sheet = {
  snapshot: null, // {signal, colorMode, hiddenSections, tab} from the panel
  rendered: false,
  pendingOpen: null, // {section} asked for before the first render
  shortcut: shortcuts.DEFAULT_SHORTCUT,
  lastSection: null,
};

/** Messages from our content script (over the port): "opened at section X". */
function onPageMessage(data) {
  const message = read(data, [T.SHEET_OPEN]);
  if (message) opened(message.section);
}

const link = connectToPage({ api, nonce, onMessage: onPageMessage });
const postToPage = (message) => link.post(message);

const idOf = (key) => `prlens-${key.replace(/_/g, "-")}`;
const scroller = () => root.querySelector(".prl-sheet-main");

function onAction(action, payload) {
  if (action === "close-sheet") postToPage({ type: T.SHEET_CLOSE });
  else if (action === "focus-file" && ANCHOR_PATTERN.test(payload?.anchor ?? "")) {
    postToPage({ type: sheet.snapshot?.tab === "files" ? T.SCROLL_TO : T.OPEN_FILES, anchor: payload.anchor });
  }
}

/** What a render depends on: the same key means the sheet on screen is already right. */
const renderKey = (snapshot) => JSON.stringify([snapshot.signal, snapshot.colorMode, snapshot.hiddenSections]);

/** A selector for the focused control or section, to focus its twin after a re-render. */
function focusedSelector() {
  const active = document.activeElement;
  if (!active || !root.contains(active)) return null;
  if (active.id) return `#${CSS.escape(active.id)}`;
  for (const name of ["data-prlens-copy", "data-prlens-nav", "data-prlens-action"]) {
    const value = active.getAttribute(name);
    if (value) return `[${name}="${CSS.escape(value)}"]`;
  }
  return null;
}

async function show(snapshot) {
  if (!snapshot || typeof snapshot.signal !== "string") return;
  // Nothing is drawn in a frame whose nonce the background did not confirm in this tab.
  if ((await link.tab) === null) return;
  if (sheet.rendered && sheet.snapshot && renderKey(sheet.snapshot) === renderKey(snapshot)) {
    sheet.snapshot = snapshot; // only the tab may differ
    return;
  }
  sheet.snapshot = snapshot;
  const [, , origin] = await Promise.all([ready, loadTheme(snapshot.colorMode), link.origin]);
  if (sheet.snapshot !== snapshot) return; // a newer one arrived meanwhile
  const scrollTop = scroller()?.scrollTop ?? 0;
  const hadFocus = focusedSelector();
  wasm.renderSheet(root, snapshot.signal, {
    hiddenSections: Array.isArray(snapshot.hiddenSections) ? snapshot.hiddenSections : [],
    colorMode: snapshot.colorMode ?? "auto",
    onAction,
  });
  rehostLinks(root, origin, pullOfSignal(snapshot.signal)); // an Enterprise host's own links (issue #35)
  root.removeAttribute("aria-busy");
  watchSections();
  const main = scroller();
  if (sheet.rendered && main) main.scrollTop = scrollTop;
  if (hadFocus) root.querySelector(hadFocus)?.focus({ preventScroll: true });
  sheet.rendered = true;
  if (sheet.pendingOpen) {
    const { section } = sheet.pendingOpen;
    sheet.pendingOpen = null;
    opened(section);
  }
}

/** The page showed the sheet: scroll to the asked-for (or last read) section, focus inside. */
function opened(section) {
  if (!sheet.rendered) {
    sheet.pendingOpen = { section };
    return;
  }
  const key = section ?? sheet.lastSection;
  const target = key ? document.getElementById(idOf(key)) : null;
  if (target) target.scrollIntoView({ block: "start" });
  else if (scroller()) scroller().scrollTop = 0;
  // The close button first (the dialog's first control); a deep link puts focus on its section.
  if (section && target) target.focus({ preventScroll: true });
  else root.querySelector('[data-prlens-action="close-sheet"]')?.focus();
}

function remember(key) {
  if (!SECTION_PATTERN.test(key) || key === sheet.lastSection) return;
  sheet.lastSection = key;
  api.storage.local.set({ [LAST_SECTION_KEY]: key }).catch(() => {});
}

/** Marks the navigation link of `key` as the current one (aria-current, styled in sheet.css). */
function markCurrent(key) {
  for (const link of root.querySelectorAll("[data-prlens-nav]")) {
    if (link.getAttribute("data-prlens-nav") === key) link.setAttribute("aria-current", "location");
    else link.removeAttribute("aria-current");
  }
}

let observer = null;
/** Marks the navigation link of the section at the top of the view (aria-current) and remembers it. */
function watchSections() {
  observer?.disconnect();
  const main = scroller();
  if (!main) return;
  const sections = [...main.querySelectorAll("[data-prlens-section]")];
  const visible = new Map();
  observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) visible.set(entry.target, entry.isIntersecting);
      const first = sections.find((section) => visible.get(section));
      if (!first) return;
      const key = first.getAttribute("data-prlens-section");
      markCurrent(key);
      if (sheet.rendered) remember(key);
    },
    // The top 40% of the view, less the gap above a section scrolled to (so the one above
    // it, ending in that gap, no longer counts).
    { root: main, rootMargin: "-16px 0px -60% 0px" },
  );
  for (const section of sections) observer.observe(section);
}

// Section links scroll inside the sheet and move focus to the section (keyboard users land there).
root.addEventListener("click", (event) => {
  const link = event.target.closest?.("[data-prlens-nav]");
  if (!link) return;
  event.preventDefault();
  const key = link.getAttribute("data-prlens-nav");
  const target = document.getElementById(idOf(key));
  if (!target) return;
  target.scrollIntoView({ block: "start" });
  target.focus({ preventScroll: true });
  markCurrent(key);
  remember(key);
});

/** Tab and Shift+Tab wrap around inside the sheet (modal dialog). */
function trapTab(event) {
  const focusable = [...root.querySelectorAll("a[href], button:not([disabled]), textarea, [tabindex='0']")].filter(
    (element) => element.offsetParent !== null,
  );
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !root.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

document.addEventListener("keydown", (event) => {
  if (!event.isTrusted) return;
  if (event.key === "Escape") {
    event.preventDefault();
    postToPage({ type: T.SHEET_CLOSE });
  } else if (event.key === "Tab") {
    trapTab(event);
  } else if (sheet.shortcut && shortcuts.fromEvent(event) === sheet.shortcut) {
    event.preventDefault();
    postToPage({ type: T.SHEET_CLOSE });
  }
});

// A signal counts only from our panel in this sheet's own tab (where its nonce was confirmed):
// a copy of sheet.html framed in another tab with a replayed nonce draws nothing.
api.runtime.onMessage.addListener((data, sender) => {
  const message = sender.id === api.runtime.id ? read(data, [T.SHEET_SIGNAL]) : null;
  if (message && message.nonce === nonce) {
    link.tab.then((tab) => {
      if (tab !== null && sender.tab?.id === tab) show(message);
    });
  }
  return false;
});

api.storage.sync.get(PREFS_KEY).then((stored) => (sheet.shortcut = shortcuts.fromPrefs(stored[PREFS_KEY]))).catch(() => {});
/**
 * The token changed: the signal on screen was computed from what the old token fetched, so it
 * goes (the panel fetches again and sends its next render here).
 */
function forgetShown() {
  sheet.snapshot = null;
  sheet.rendered = false;
  observer?.disconnect();
  const boot = document.createElement("p");
  boot.className = "prlens-boot";
  boot.setAttribute("role", "status");
  boot.textContent = "The token changed: prlens is fetching the pull request again…";
  root.replaceChildren(boot);
  root.setAttribute("data-prlens-state", "loading");
  root.removeAttribute("data-prlens-level");
  root.setAttribute("aria-busy", "true");
}

api.storage.onChanged.addListener((changes, area) => {
  if (area === "sync" && changes[PREFS_KEY]) sheet.shortcut = shortcuts.fromPrefs(changes[PREFS_KEY].newValue);
  if (area === "local" && tokenChanged(changes)) forgetShown(); // the token, or a host's or owner's
});
api.storage.local.get(LAST_SECTION_KEY).then((stored) => {
  const key = stored[LAST_SECTION_KEY];
  if (typeof key === "string" && SECTION_PATTERN.test(key) && sheet.lastSection === null) sheet.lastSection = key;
}).catch(() => {});

// Asked only once the background confirmed this sheet's nonce in its tab (the panel answers
// only a sheet there).
link.confirmed.then((ok) => {
  if (!ok) return;
  Promise.resolve(api.runtime.sendMessage({ type: T.SHEET_HELLO, nonce }))
    .then(show)
    .catch(() => {}); // the panel has nothing yet: its next render is sent here
});
