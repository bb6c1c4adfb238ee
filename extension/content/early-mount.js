/**
 * Starts the panel of a pull-request page at document_start, while GitHub's HTML is still
 * arriving: the panel iframe's own navigation and boot (~60–150 ms before its first script
 * runs, docs/performance.md) then overlap the page's parsing instead of following it.
 *
 * The host is parked hidden on the root element (mount.js, anchor "parked") with the panel
 * document loading in it; main.js, at document_end, adopts it for the same PR (`takeEarly`),
 * moves it to its anchor with `moveBefore` (the panel is not reloaded) and shows it only once
 * the preferences say prlens is on for the repository, exactly as a panel it mounts itself.
 * Browsers without `moveBefore` skip this: placing a parked panel would reload it.
 *
 * The panel's channel is open from now on (messaging.js `openChannel`): the panel may connect
 * before main.js runs, and main.js takes the channel over with its own handlers.
 *
 * Loaded as a classic content script at document_start; exposes
 * `globalThis.prlensContent.early.takeEarly`.
 */
(function earlyMount(root) {
  "use strict";

  const { T } = root.prlensMessages; // messages.js: every prlens:* message, declared once

  const content = root.prlensContent;
  if (!content || content.early) return;
  const { url, messaging, mount } = content;
  const ext = root.browser ?? root.chrome;

  let early = null; // {pull, nonce, mounted, channel}

  function start() {
    const pull = url.parsePullRequest(root.location.href);
    if (!pull || !mount.canMoveKeepingPanel(document) || !ext?.runtime?.id) return;
    // The early requests are early-pull.js's: it names the PR once the page names its head
    // commit and author (without them wave 1 splits in two, docs/performance.md "Early mount").
    const nonce = messaging.createNonce();
    ext.runtime.sendMessage({ type: T.REGISTER_NONCE, nonce }).catch(() => {});
    const mounted = mount.mountPanel({ doc: document, pull, panelUrl: ext.runtime.getURL("pages/panel/panel.html"), nonce, hidden: true });
    const channel = messaging.openChannel({
      iframe: mounted.iframe,
      nonce,
      kind: "panel",
      extensionOrigin: new URL(ext.runtime.getURL("")).origin,
      parse: messaging.parsePanelMessage,
      handlers: { [T.RESIZE]: ({ height }) => mounted.setHeight(height) },
    });
    early = { pull, nonce, mounted, channel };
    placeWhenTheSidebarArrives(mounted);
  }

  /**
   * Moves the parked host into the Conversation sidebar as soon as the parser has made the
   * sidebar element, before its items are laid out under it: the panel's room is then taken
   * before the first paint of Reviewers and Labels, so nothing moves when it shows (no layout
   * shift, issue #35; tests/e2e/layout-shift.test.mjs). Hidden until main.js has read the
   * preferences, it keeps its room invisibly (mount.js `styleHost`). Stops at
   * DOMContentLoaded: main.js places it from then on.
   */
  function placeWhenTheSidebarArrives(mounted) {
    const place = () => {
      if (!mount.hasSidebar(document)) return false;
      mounted.ensureAttached();
      return true;
    };
    if (place()) return;
    const observer = new MutationObserver(() => {
      if (place()) observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => observer.disconnect(), { once: true });
  }

  /**
   * Hands the early panel to main.js if it shows `pull` (same owner, repo and number) and is
   * still in the page; once. Anything else (another page, `null`: prlens is off here) is
   * removed, and main.js mounts its own if it needs one.
   */
  function takeEarly(pull) {
    const taken = early;
    early = null;
    if (!taken) return null;
    const same = Boolean(pull) && !pull.compare && taken.pull.owner === pull.owner && taken.pull.repo === pull.repo && taken.pull.number === pull.number;
    if (same && taken.mounted.host.isConnected) return taken;
    taken.channel.close();
    taken.mounted.remove();
    return null;
  }

  try {
    start();
  } catch {
    early = null; // main.js mounts the panel at document_end as before
  }
  content.early = Object.freeze({ takeEarly });
})(globalThis);
