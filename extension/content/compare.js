/**
 * Compare-page facts: what the "Open a pull request" form says (title, description) and who
 * would open the PR (the signed-in viewer), for the panel's self-check.
 *
 * Why: before a PR exists its title and description live only in the form, and intent,
 * conventions and the low-effort checks read them; the panel re-scores as they are edited.
 * Typing changes an input's value, not the DOM, so a MutationObserver never sees it: the
 * form's `input` events are listened to instead, debounced. Everything read is hostile text,
 * sent to the panel as data only. Selectors come from selectors.js.
 *
 * Loaded as a classic content script; exposes `globalThis.prlensContent.compare`.
 */
(function defineCompare(root) {
  "use strict";

  const S = root.prlensContent.selectors;
  const MAX_TITLE = 500;
  const MAX_BODY = 65536; // GitHub's limit on a PR description

  const valueOf = (element, max) => (typeof element?.value === "string" ? element.value.slice(0, max) : null);

  /** `{title, body, viewer}`: null where the page has no such field. */
  function readCompareFacts(doc) {
    return {
      title: valueOf(S.first(doc, S.compareTitle), MAX_TITLE),
      body: valueOf(S.first(doc, S.compareBody), MAX_BODY),
      viewer: S.first(doc, S.viewer)?.getAttribute("content")?.trim().slice(0, 100) || null,
    };
  }

  /** Calls `onEdit` once typing in the title or description pauses for `delayMs`. */
  function watchForm({ doc, win, onEdit, signal, delayMs = 400 }) {
    const fields = S.any([...S.compareTitle, ...S.compareBody]);
    let timer = 0;
    const onInput = (event) => {
      if (!(event.target instanceof win.Element) || !event.target.matches(fields)) return;
      win.clearTimeout(timer);
      timer = win.setTimeout(onEdit, delayMs);
    };
    doc.addEventListener("input", onInput, { capture: true, signal });
    signal.addEventListener("abort", () => win.clearTimeout(timer));
  }

  root.prlensContent.compare = Object.freeze({ readCompareFacts, watchForm });
})(globalThis);
