/**
 * Whether the user, not a page script, brought this page to what prlens would fetch with the
 * token: a pull request, a comparison, a repository's pull-request list.
 *
 * Why (docs/security.md, "What a page can still learn"): GitHub's router is itself a page script,
 * so a soft navigation cannot be told from a page script's `history.pushState` by its origin. A
 * page script that pushes `/some-org/private-repo/pull/7` would otherwise make the panel fetch that
 * PR with the token and could read the panel's size (the host element, the sidebar's layout) or a
 * list badge's level: whether a private PR exists, and roughly how big it is. So a target is
 * fetched on its own only when
 *  - it is the one the document was loaded for (read here at document_start, before any page
 *    script runs: a full navigation is the browser's, not a page script's), or
 *  - the user's own click or key press (`isTrusted`, which page scripts cannot fake) came less
 *    than `GESTURE_MS` before, and that gesture has not already let another target in (one
 *    gesture, one new target: a page script waiting for any click gets one PR per click), or
 *  - it was let in before in this document (back and forward go to targets the user saw; a page
 *    script's `history.back()` can only reach those too).
 * Anything else waits for the user's click in the panel (or on a badge).
 *
 * Loaded as a classic content script at document_start; exposes `globalThis.prlensContent.gesture`.
 */
(function defineGesture(root) {
  "use strict";

  const content = root.prlensContent;
  if (!content || content.gesture) return;
  const { url } = content;
  /** How long after the user's click or key press a new target may still load on its own. */
  const GESTURE_MS = 10_000;

  /** The key of what `href` would make prlens fetch, or null (nothing). */
  function targetKey(href) {
    const pull = url.parsePullRequest(href);
    if (pull) return `pull:${pull.owner}/${pull.repo}#${pull.number}`.toLowerCase();
    const comparison = url.parseCompare(href);
    if (comparison) return `compare:${comparison.owner}/${comparison.repo}:${comparison.base ?? ""}...${comparison.head}`.toLowerCase();
    if (url.isRepoPRList(href)) {
      const repo = url.getRepo(href);
      return repo ? `list:${repo.owner}/${repo.name}`.toLowerCase() : null;
    }
    return null;
  }

  const allowed = new Set();
  const first = targetKey(root.location.href);
  if (first) allowed.add(first);
  let gestureAt = -Infinity; // performance.now() of the last trusted click or key press not yet used

  const onInput = (event) => {
    if (event.isTrusted) gestureAt = root.performance.now();
  };
  for (const type of ["pointerdown", "keydown", "click"]) root.addEventListener(type, onInput, { capture: true, passive: true });

  /**
   * Whether prlens may fetch what `href` shows on its own (see above); a recent gesture is used
   * up by the first new target it lets in.
   */
  function allows(href) {
    const key = targetKey(href);
    if (!key || allowed.has(key)) return true;
    if (root.performance.now() - gestureAt > GESTURE_MS) return false;
    gestureAt = -Infinity;
    allowed.add(key);
    return true;
  }

  /** The user let `href`'s target in by hand (the panel's own trusted click). */
  function allow(href) {
    const key = targetKey(href);
    if (key) allowed.add(key);
  }

  content.gesture = Object.freeze({ allows, allow, targetKey, GESTURE_MS });
})(globalThis);
