/**
 * Keeping the panel live and sized: a conditional poll while the tab is visible (re-scores only
 * when GitHub's answers changed), and the panel's height for the page's iframe.
 */
import "../../shared/messages.js"; // every prlens:* message, declared once
import { root, settings, view } from "./state.js";
import { postToPage } from "./page-link.js";
import { update } from "./fetching.js";

const { T } = globalThis.prlensMessages;

const DEFAULT_POLL_SECONDS = 60;

function pollSeconds() {
  const value = Number(settings.prefs.pollSeconds);
  return Number.isFinite(value) && value >= 1 ? value : DEFAULT_POLL_SECONDS;
}

function stopPoll() {
  clearInterval(view.pollTimer);
  view.pollTimer = null;
}

export function schedulePoll() {
  stopPoll();
  if (!view.pull || document.visibilityState !== "visible") return;
  view.pollTimer = setInterval(() => {
    if (document.visibilityState === "visible") update("poll");
  }, pollSeconds() * 1000);
}

/** The panel's own height (not the iframe's: that would never let the frame shrink). */
function contentHeight() {
  const style = getComputedStyle(document.body);
  const margins = (parseFloat(style.marginTop) || 0) + (parseFloat(style.marginBottom) || 0);
  return Math.ceil(root.getBoundingClientRect().height + root.offsetTop + margins);
}

/** Polls while visible and reports the panel's height (page-port.js says goodbye when this document goes). */
export function keepLive() {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      schedulePoll();
      update("poll");
    } else {
      stopPoll();
    }
  });
  window.addEventListener("pagehide", stopPoll);
  const resizeObserver = new ResizeObserver(() => postToPage({ type: T.RESIZE, height: contentHeight() }));
  resizeObserver.observe(root);
}
