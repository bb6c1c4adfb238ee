/**
 * Mounts the panel: exactly one `<div id="prlens-root">` host holding a CLOSED shadow root with
 * the extension-origin iframe `panel.html#nonce=…`, placed at the best anchor the page offers and
 * put back if GitHub's re-rendering drops it.
 *
 * Why: the shadow root isolates the panel from GitHub's CSS and keeps page scripts from reaching
 * the iframe (and its nonce); the iframe is where wasm may run (docs/architecture.md). Anchors
 * (selectors.js, docs/architecture.md): top of the Conversation sidebar, else after the PR header
 * summary (every tab), else a floating card. Styles go through CSSOM (`element.style`), which
 * GitHub's page CSP does not restrict.
 *
 * Loaded as a classic content script; exposes `globalThis.prlensContent.mount`.
 */
(function defineMount(root) {
  "use strict";

  const ROOT_ID = "prlens-root";
  const INITIAL_HEIGHT = 120;

  const S = root.prlensContent.selectors;

  function sidebarAnchor(doc) {
    const sidebar = S.firstOutsideSticky(doc, S.sidebar);
    return sidebar ? { kind: "sidebar", place: (host) => sidebar.prepend(host) } : null;
  }

  /** Where the host goes: `{kind, place(host)}` for the first anchor present. */
  function findAnchor(doc) {
    const sidebar = sidebarAnchor(doc);
    if (sidebar) return sidebar;
    const summary = S.firstOutsideSticky(doc, S.summary);
    if (summary) return { kind: "header", place: (host) => summary.after(host) };
    return { kind: "floating", place: (host) => doc.body.append(host) };
  }

  const RANK = { floating: 0, header: 1, sidebar: 2 };

  function styleHost(host, kind, hidden) {
    const style = host.style;
    style.cssText = "";
    style.display = hidden ? "none" : "block";
    style.boxSizing = "border-box";
    if (kind === "floating") {
      style.position = "fixed";
      style.right = "16px";
      style.bottom = "16px";
      style.width = "min(380px, calc(100vw - 32px))";
      style.maxHeight = "80vh";
      style.overflow = "auto";
      style.zIndex = "100";
      style.boxShadow = "0 8px 24px rgba(140, 149, 159, 0.3)";
      style.borderRadius = "6px";
    } else if (kind === "sidebar") {
      style.width = "100%";
      style.marginBottom = "16px";
    } else {
      style.width = "100%";
      style.maxWidth = "1280px";
      style.margin = "8px 0 16px";
    }
  }

  /**
   * Creates and inserts the panel for `pull` (`{owner, repo, number, tab}`). `hidden`: the host
   * is inserted with `display: none` (the panel document loads all the same) until `show()`.
   * Returns `{host, iframe, nonce, anchorKind, hidden, setHeight(px), show(), ensureAttached(), remove(), addLayer(node)}`.
   */
  function mountPanel({ doc, pull, panelUrl, nonce, hidden = false }) {
    for (const stale of doc.querySelectorAll(`#${ROOT_ID}`)) stale.remove(); // never two panels
    const host = doc.createElement("div");
    host.id = ROOT_ID;
    // A comparison has no number yet: no hint, and the frame is named for what it shows.
    const named = pull.compare ? `${pull.owner}/${pull.repo}:${pull.base ?? ""}...${pull.head}` : `${pull.owner}/${pull.repo}#${pull.number}`;
    host.setAttribute("data-prlens-pr", named);
    const shadow = host.attachShadow({ mode: "closed" });
    const iframe = doc.createElement("iframe");
    // The PR rides along as a hint: the panel starts reading its remembered copy while it
    // boots, but acts only on the nonce-checked facts message (a page can frame panel.html too).
    const hint = pull.compare ? "" : `&pr=${encodeURIComponent(pull.owner)}/${encodeURIComponent(pull.repo)}/${pull.number}`;
    iframe.src = `${panelUrl}#nonce=${nonce}${hint}`;
    iframe.title = pull.compare ? "prlens self-check of this comparison" : `prlens risk panel for pull request #${pull.number}`;
    iframe.setAttribute("referrerpolicy", "no-referrer");
    const frameStyle = iframe.style;
    frameStyle.display = "block";
    frameStyle.width = "100%";
    frameStyle.height = `${INITIAL_HEIGHT}px`;
    frameStyle.border = "0";
    frameStyle.colorScheme = "normal";
    frameStyle.background = "transparent";
    shadow.append(iframe);

    const mounted = {
      host,
      iframe,
      nonce,
      anchorKind: null,
      hidden,
      setHeight(height) {
        frameStyle.height = `${height}px`;
      },
      show() {
        if (!mounted.hidden) return;
        mounted.hidden = false;
        host.style.display = "block";
      },
      /**
       * Re-inserts the host if GitHub dropped it (a restored Turbo snapshot holds only an empty
       * clone of it: a closed shadow root is not cloned, so clones are removed), and moves it
       * to a better anchor that appeared later (floating → header → the late sidebar).
       */
      ensureAttached() {
        for (const stale of doc.querySelectorAll(`#${ROOT_ID}`)) if (stale !== host) stale.remove();
        // Called per mutation batch: a connected host under the header can only move up to the
        // sidebar, an id lookup; the full search (attribute selectors over a page of 3,000
        // diffs) runs only when the host was dropped or floats.
        const anchor = host.isConnected && mounted.anchorKind === "header" ? sidebarAnchor(doc) : findAnchor(doc);
        if (!anchor || (host.isConnected && RANK[anchor.kind] <= RANK[mounted.anchorKind])) return false;
        // Moving an iframe reloads it; start the new document small so it reports its own height.
        frameStyle.height = `${INITIAL_HEIGHT}px`;
        // Styled before it is placed: changes to a detached host cost the page no style work.
        if (host.isConnected) host.remove();
        host.setAttribute("data-prlens-anchor", anchor.kind);
        styleHost(host, anchor.kind, mounted.hidden);
        anchor.place(host);
        mounted.anchorKind = anchor.kind;
        return true;
      },
      remove() {
        host.remove();
      },
      /** Adds an overlay of ours (the details sheet, content/sheet.js) to the same closed shadow root. */
      addLayer(node) {
        shadow.append(node);
      },
    };
    mounted.ensureAttached();
    return mounted;
  }

  root.prlensContent = root.prlensContent || {};
  root.prlensContent.mount = Object.freeze({ mountPanel, findAnchor, ROOT_ID });
})(globalThis);
