/**
 * Page facts: what the PR page itself says (title, state, author, branches, signed-in viewer,
 * files ticked "Viewed", generated files) and the colour theme, read with several fallback
 * selectors per fact.
 *
 * Why: the page is free (no API budget) and knows things the API does not (the viewer's Viewed
 * ticks). GitHub's class names are CSS-module hashes that churn, so each fact tries today's React
 * markup first (Refined GitHub's selectors; docs/sources.md, "GitHub platform facts"), then older Rails markup,
 * then the document title. Everything read here is hostile text: it is only ever sent to the
 * panel as data and rendered with textContent there.
 *
 * Loaded as a classic content script; exposes `globalThis.prlensContent.facts`.
 */
(function defineFacts(root) {
  "use strict";

  const MAX_TEXT = 500; // page text is untrusted; keep every fact short
  const MAX_FILES = 3000; // GitHub lists at most 3,000 files per PR

  const clean = (text) => (typeof text === "string" ? text.replace(/\s+/g, " ").trim().slice(0, MAX_TEXT) : "");

  function firstText(doc, selectors) {
    for (const selector of selectors) {
      const element = doc.querySelector(selector);
      const text = clean(element?.textContent);
      if (text) return text;
    }
    return null;
  }

  const TITLE_SELECTORS = [
    'h1[class^="prc-PageHeader-Title"] .markdown-title',
    '[class*="PageHeader-Title"] .markdown-title',
    '[data-component="PH_Title"] .markdown-title',
    ".gh-header-title .js-issue-title",
    "bdi.js-issue-title",
  ];

  /** "Title by author · Pull Request #31 · owner/repo · GitHub" → "Title". */
  function titleFromDocumentTitle(doc) {
    const match = /^(.*?)(?: by [^·]+)? · Pull Request #\d+ · /.exec(doc.title || "");
    return match ? clean(match[1]) : null;
  }

  const STATE_SELECTORS = [
    'span[class*="StateLabel"]',
    '[class^="prc-StateLabel-StateLabel"]',
    '[data-testid="header-state"]',
    "#partial-discussion-header .State",
    ".gh-header-meta .State",
  ];
  const STATES = ["draft", "open", "merged", "closed"];

  function readState(doc) {
    const text = firstText(doc, STATE_SELECTORS);
    if (!text) return null;
    const lowered = text.toLowerCase();
    return STATES.find((state) => lowered.includes(state)) ?? null;
  }

  const SUMMARY = '[class*="PullRequestHeaderSummary"]';

  function readAuthor(doc) {
    const summaryLink = doc.querySelector(`${SUMMARY} a:not([class^="PullRequestBranchName"])`);
    const candidates = [summaryLink, doc.querySelector(".gh-header-meta a.author"), doc.querySelector(".timeline-comment-header a.author")];
    for (const link of candidates) {
      const login = clean(link?.textContent);
      if (login && /^[A-Za-z0-9-]+(?:\[bot\])?$/.test(login)) return login;
    }
    return null;
  }

  /**
   * `[base, head]` branch names. The full ref is in `title` when the text is truncated, as a
   * label "owner[/repo]:branch"; git forbids ":" in ref names, so the branch is after the first ":".
   */
  function readBranches(doc) {
    const refOf = (element) => {
      const text = clean(element?.getAttribute("title") || element?.textContent);
      const colon = text.indexOf(":");
      return colon >= 0 ? text.slice(colon + 1) : text;
    };
    const react = doc.querySelectorAll(`${SUMMARY} a[class^="PullRequestBranchName"], ${SUMMARY} [class*="BranchName"]`);
    if (react.length >= 2) return [refOf(react[0]) || null, refOf(react[1]) || null];
    const base = doc.querySelector(".gh-header-meta .base-ref, .base-ref");
    const head = doc.querySelector(".gh-header-meta .head-ref, .head-ref");
    return [refOf(base) || null, refOf(head) || null];
  }

  function readViewer(doc) {
    const login = clean(doc.querySelector('meta[name="user-login"]')?.getAttribute("content"));
    return login || null;
  }

  /** Per-file containers of the Files tab with their path, in page order. */
  function fileContainers(doc) {
    const found = [];
    const seen = new Set();
    const add = (element, path) => {
      const name = clean(path);
      if (!name || seen.has(element) || found.length >= MAX_FILES) return;
      seen.add(element);
      found.push({ element, path: name });
    };
    for (const element of doc.querySelectorAll('[id^="diff-"][class*="Diff-module"], [id^="diff-"][data-file-path]')) {
      const nameElement = element.querySelector('[class*="DiffFileHeader-module__file-name"], [class*="file-name"]');
      add(element, element.getAttribute("data-file-path") || nameElement?.textContent);
    }
    for (const element of doc.querySelectorAll(".file[data-tagsearch-path]")) {
      add(element, element.getAttribute("data-tagsearch-path"));
    }
    return found;
  }

  function isViewed(container) {
    const toggle = container.querySelector(
      'button[aria-pressed="true"][class*="MarkAsViewed"], button[aria-pressed="true"][aria-label*="Viewed"], input[type="checkbox"][name="viewed"]:checked, input.js-reviewed-checkbox:checked',
    );
    return Boolean(toggle);
  }

  const GENERATED_TEXT = /generated files? (?:is|are) not rendered by default|this file was generated/i;

  function isGenerated(container) {
    if (container.getAttribute("data-file-generated") === "true") return true;
    return GENERATED_TEXT.test(container.textContent || "");
  }

  /** PageFacts (docs/CONTRACTS.md): the bundle's `page` section. */
  function readPageFacts(doc) {
    const [baseRef, headRef] = readBranches(doc);
    const files = fileContainers(doc);
    return {
      title: firstText(doc, TITLE_SELECTORS) ?? titleFromDocumentTitle(doc),
      state: readState(doc),
      author: readAuthor(doc),
      base_ref: baseRef,
      head_ref: headRef,
      viewer: readViewer(doc),
      viewed_files: files.filter((file) => isViewed(file.element)).map((file) => file.path),
      generated_files: files.filter((file) => isGenerated(file.element)).map((file) => file.path),
    };
  }

  const THEMES = new Set(["light", "light_high_contrast", "light_colorblind", "light_tritanopia", "dark", "dark_dimmed", "dark_high_contrast", "dark_colorblind", "dark_tritanopia"]);

  /**
   * The Primer theme the page shows, resolved ("auto" follows the OS): e.g. "light", "dark_dimmed".
   * GitHub keeps the choice on <html data-color-mode data-light-theme data-dark-theme>.
   */
  function readColorMode(doc, prefersDark) {
    const html = doc.documentElement;
    const mode = html.getAttribute("data-color-mode") || "auto";
    const dark = mode === "dark" || (mode === "auto" && prefersDark);
    const theme = html.getAttribute(dark ? "data-dark-theme" : "data-light-theme") || (dark ? "dark" : "light");
    return THEMES.has(theme) ? theme : dark ? "dark" : "light";
  }

  root.prlensContent = root.prlensContent || {};
  root.prlensContent.facts = Object.freeze({ readPageFacts, readColorMode, fileContainers });
})(globalThis);
