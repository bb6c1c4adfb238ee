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
  /**
   * The heights the page may see (docs/security.md, "What a page can still learn"): the page
   * reads the host's size and the sidebar's layout, so the panel's own height would tell it
   * whether the PR exists (an error is shorter than any panel) and roughly how much there is to
   * say. The iframe takes only heights of a ladder: the floor holds the loading, held, error and
   * not-found states and a small panel from its first render on (measured with the project's
   * bundles: an error 183 px, a docs-only PR 241 px, 333 px while its cold view's first panel
   * says it is still refining), each step 25 % above the last. The cost: up to ~160 px of blank
   * under a small panel, and at most a fifth of the height under a larger one.
   */
  const HEIGHT_FLOOR = 400;
  const HEIGHT_RATIO = 1.25;
  const MAX_HEIGHT = 5000;

  /** The smallest height of the ladder that holds `height`. */
  function observableHeight(height) {
    let bucket = HEIGHT_FLOOR;
    while (bucket < Math.min(height, MAX_HEIGHT)) bucket = Math.ceil(bucket * HEIGHT_RATIO);
    return bucket;
  }
  const INITIAL_HEIGHT = HEIGHT_FLOOR;

  const S = root.prlensContent.selectors;

  function sidebarAnchor(doc) {
    const sidebar = S.firstOutsideSticky(doc, S.sidebar);
    return sidebar ? { kind: "sidebar", parent: sidebar, before: sidebar.firstChild } : null;
  }

  /**
   * Where the host goes: `{kind, parent, before}` for the first anchor present. Before the page
   * has a body (a panel mounted at document_start, early-mount.js) the host is parked, hidden,
   * on the root element until main.js places it.
   */
  function findAnchor(doc) {
    if (!doc.body) return { kind: "parked", parent: doc.documentElement, before: null };
    const sidebar = sidebarAnchor(doc);
    if (sidebar) return sidebar;
    const summary = S.firstOutsideSticky(doc, S.summary);
    if (summary?.parentNode) return { kind: "header", parent: summary.parentNode, before: summary.nextSibling };
    return { kind: "floating", parent: doc.body, before: null };
  }

  const RANK = { parked: -1, floating: 0, header: 1, sidebar: 2 };

  /**
   * Puts `host` at `anchor`. A connected host is moved with `moveBefore` (Chromium 133,
   * Firefox 144), which keeps the iframe's document; removing and inserting it reloads the
   * panel. Returns whether the panel document was kept.
   */
  function place(host, anchor) {
    if (host.isConnected && typeof anchor.parent.moveBefore === "function") {
      try {
        anchor.parent.moveBefore(host, anchor.before);
        return true;
      } catch {
        // not movable here (another document, an odd parent): insert it instead
      }
    }
    const wasConnected = host.isConnected;
    if (wasConnected) host.remove();
    anchor.parent.insertBefore(host, anchor.before);
    return !wasConnected;
  }

  /** Whether a connected host can later be moved without reloading its panel (see place). */
  const canMoveKeepingPanel = (doc) => typeof doc.documentElement?.moveBefore === "function";

  /**
   * A hidden host in the page's flow (sidebar, header) keeps its place, invisible
   * (`visibility: hidden`), so showing it moves nothing under it (no layout shift, issue #35);
   * parked or floating, it takes no room and is `display: none`.
   */
  function styleHost(host, kind, hidden) {
    const style = host.style;
    style.cssText = "";
    const inFlow = kind === "sidebar" || kind === "header";
    style.display = hidden && !inFlow ? "none" : "block";
    if (hidden && inFlow) style.visibility = "hidden";
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

    let shownMarked = false;
    /**
     * Marks the first moment the host is displayed at an anchor (`prlens:host-shown` in the
     * page's timeline): a panel that renders while still parked or hidden is not seen until
     * then, so the bench's time to panel counts from the later of this and the panel's render.
     */
    const markShown = () => {
      if (shownMarked || mounted.hidden || mounted.anchorKind === "parked" || !mounted.anchorKind) return;
      shownMarked = true;
      root.performance?.mark?.("prlens:host-shown");
    };
    const mounted = {
      host,
      iframe,
      nonce,
      anchorKind: null,
      hidden,
      /** Sets the iframe to the ladder height that holds the panel's `height` (see observableHeight). */
      setHeight(height) {
        const shown = `${observableHeight(height)}px`;
        if (frameStyle.height !== shown) frameStyle.height = shown;
      },
      show() {
        if (!mounted.hidden) return;
        mounted.hidden = false;
        if (mounted.anchorKind !== "parked") {
          host.style.display = "block";
          host.style.visibility = "";
        }
        markShown();
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
        host.setAttribute("data-prlens-anchor", anchor.kind);
        styleHost(host, anchor.kind, mounted.hidden || anchor.kind === "parked");
        // A reloaded panel starts small again, so that it reports its own height.
        if (!place(host, anchor)) frameStyle.height = `${INITIAL_HEIGHT}px`;
        mounted.anchorKind = anchor.kind;
        markShown();
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

  /** Whether the sidebar anchor is in the page yet (an id lookup: cheap enough per parse step). */
  const hasSidebar = (doc) => S.sidebar.some((selector) => selector.startsWith("#") ? doc.getElementById(selector.slice(1)) !== null : doc.querySelector(selector) !== null);

  root.prlensContent.mount = Object.freeze({ mountPanel, findAnchor, canMoveKeepingPanel, hasSidebar, observableHeight, ROOT_ID, HEIGHT_FLOOR });
})(globalThis);
