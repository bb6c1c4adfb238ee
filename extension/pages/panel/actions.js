/** The panel's buttons (refresh, retry, downloads, focus file, details) and its expand toggle. */
import "../../shared/messages.js"; // every prlens:* message, declared once
import { settings, view } from "./state.js";
import { postToPage } from "./page-link.js";
import { saveExpanded } from "./storage.js";
import { update } from "./fetching.js";

const { T } = globalThis.prlensMessages;

const { DIFF_ANCHOR } = globalThis.prlensNames;

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

export function onAction(action, payload) {
  const pull = view.pull;
  const stem = pull ? `prlens-${pull.owner}-${pull.repo}-${pull.number}` : "prlens";
  switch (action) {
    case "refresh":
    case "retry":
      view.shown = action === "refresh" && view.shown;
      update("refresh");
      break;
    case "download-bundle":
      // The bundle is built in Rust from API bodies and page facts only; it never holds the token.
      if (view.analysis) download(`${stem}.bundle.json`, view.analysis.bundleJson());
      break;
    case "download-signal":
      if (view.analysis) download(`${stem}.signal.json`, view.analysis.signalJson());
      break;
    case "focus-file": {
      const anchor = payload?.anchor;
      if (typeof anchor !== "string" || !DIFF_ANCHOR.test(anchor)) break;
      postToPage({ type: view.tab === "files" ? T.SCROLL_TO : T.OPEN_FILES, anchor });
      break;
    }
    case "open-details":
      postToPage({ type: T.OPEN_SHEET });
      break;
    default:
      // copy-markdown and expand are handled inside renderPanel.
      break;
  }
}

export function onToggle(expanded) {
  settings.prefs = { ...settings.prefs, expanded: Boolean(expanded) };
  saveExpanded(Boolean(expanded)).catch(() => {});
}
