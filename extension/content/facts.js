/**
 * Page facts: what the PR page itself says (title, state, author, branches, head commit,
 * signed-in viewer, files ticked "Viewed", files GitHub collapsed as generated) and the colour theme.
 *
 * Why: the page is free (no API budget) and knows things the API does not (the viewer's Viewed
 * ticks). It is never evidence about risk, and everything read here is hostile text: it is only
 * ever sent to the panel as data and rendered with textContent there. Selectors come from
 * selectors.js (documented in docs/architecture.md "GitHub markup we rely on").
 *
 * Files (Viewed, generated) are read by files.js, incrementally; the head commit comes from the
 * embedded data (embedded.js) or the legacy forms, and like the author it only orders requests:
 * the fetcher checks both against the API.
 *
 * Loaded as a classic content script; exposes `globalThis.prlensContent.facts`.
 */
(function defineFacts(root) {
  "use strict";

  const S = root.prlensContent.selectors;
  const { embeddedHeadSha, COMMIT_SHA } = root.prlensContent.embedded;
  const { FileTracker } = root.prlensContent.files;
  const MAX_TEXT = 500; // page text is untrusted; keep every fact short

  const clean = (text) => (typeof text === "string" ? text.replace(/\s+/g, " ").trim().slice(0, MAX_TEXT) : "");
  const { firstOutsideSticky } = S;

  function readTitle(doc) {
    const text = clean(firstOutsideSticky(doc, S.title)?.textContent);
    if (text) return text;
    // "Title by author · Pull Request #31 · owner/repo · GitHub" → "Title".
    const match = /^(.*?)(?: by [^·]+)? · Pull Request #\d+ · /.exec(doc.title || "");
    return match ? clean(match[1]) || null : null;
  }

  const STATUS_STATES = { pullOpened: "open", pullMerged: "merged", pullClosed: "closed", draft: "draft", pullQueued: "open" };
  const STATES = ["draft", "open", "merged", "closed"];

  function readState(doc) {
    const label = firstOutsideSticky(doc, S.stateLabel);
    if (!label) return null;
    const status = label.getAttribute("data-status");
    if (status && Object.hasOwn(STATUS_STATES, status)) return STATUS_STATES[status];
    const lowered = clean(label.textContent).toLowerCase();
    return STATES.find((state) => lowered.includes(state)) ?? null;
  }

  const { LOGIN } = root.prlensNames;
  const loginOf = (link) => {
    const login = clean(link?.textContent);
    return LOGIN.test(login) ? login : null;
  };

  /**
   * The author as the page shows it, only a stand-in while the API has not answered. The
   * summary's first user link is the merger once merged, so a merged (or unknown-state) PR
   * takes the opener from the timeline or nothing.
   */
  function readAuthor(doc, state) {
    if (state === "open" || state === "draft" || state === "closed") {
      const summary = firstOutsideSticky(doc, S.summary);
      const link = summary ? S.first(summary, S.summaryUserLink) : null;
      if (loginOf(link)) return loginOf(link);
    }
    return loginOf(firstOutsideSticky(doc, S.openerLink));
  }

  /** "owner/repo:branch" or "owner:branch" → "branch" (git forbids ":" in ref names). */
  const branchOf = (label) => {
    const text = clean(label);
    const colon = text.indexOf(":");
    return colon >= 0 ? text.slice(colon + 1) : text;
  };
  const FULL_REF = /^[^\s/:]+\/[^\s:]+:\S+$/;

  /** A branch link's full ref: its `title`, else the next sibling's "owner/repo:branch", else its text. */
  function refOf(element) {
    if (!element) return null;
    const title = element.getAttribute("title");
    if (title && title.includes(":")) return branchOf(title) || null;
    const sibling = clean(element.nextElementSibling?.textContent);
    if (FULL_REF.test(sibling)) return branchOf(sibling) || null;
    return branchOf(title || element.textContent) || null;
  }

  /** `[base, head]` branch names. */
  function readBranches(doc) {
    const summary = firstOutsideSticky(doc, S.summary);
    if (summary) {
      for (const selector of S.branchName) {
        const links = summary.querySelectorAll(selector);
        if (links.length >= 2) return [refOf(links[0]), refOf(links[1])];
      }
    }
    return [refOf(firstOutsideSticky(doc, S.legacyBaseRef)), refOf(firstOutsideSticky(doc, S.legacyHeadRef))];
  }

  function readViewer(doc) {
    return clean(S.first(doc, S.viewer)?.getAttribute("content")) || null;
  }

  /**
   * The head commit the page shows (embedded data first, then the legacy forms' hidden input).
   * Only a hint for ordering requests: the fetcher checks it against the pull response.
   */
  function readHeadSha(doc, number) {
    const embedded = embeddedHeadSha(doc, number);
    if (embedded) return embedded;
    const value = firstOutsideSticky(doc, S.headShaInput)?.getAttribute("value")?.trim() ?? "";
    return COMMIT_SHA.test(value) ? value : null;
  }

  /** The facts the header and page-wide markup show (everything but the files). */
  function readHeader(doc, number) {
    const state = readState(doc);
    const [baseRef, headRef] = readBranches(doc);
    return {
      title: readTitle(doc),
      state,
      author: readAuthor(doc, state),
      base_ref: baseRef,
      head_ref: headRef,
      head_sha: readHeadSha(doc, number),
      viewer: readViewer(doc),
    };
  }

  /**
   * The head commit and the author, for the background's early requests (it only orders them:
   * the fetcher checks both against the pull). A cheap read of the header, not the files.
   */
  function readRequestHint(doc, number) {
    return { head_sha: readHeadSha(doc, number), author: readAuthor(doc, readState(doc)) };
  }

  /**
   * PageFacts (docs/CONTRACTS.md) of PR `number` (null: any): the bundle's `page` section, plus
   * anchors the panel resolves. The header facts are read again only when something outside the
   * file containers changed (each read scans a page that may hold 3,000 diffs).
   */
  async function readPageFacts(doc, tracker = new FileTracker(), number = null) {
    const startedAt = root.performance.now();
    if (tracker.takeOutsideChanged() || !tracker.header || tracker.headerFor !== number) {
      tracker.header = readHeader(doc, number);
      tracker.headerFor = number;
    }
    const files = [...(await tracker.read(doc, startedAt)).values()];
    const paths = (flag) => files.filter((file) => file[flag] && file.path).map((file) => file.path);
    const anchors = (flag) => files.filter((file) => file[flag] && !file.path && file.anchor).map((file) => file.anchor);
    return {
      ...tracker.header,
      viewed_files: paths("viewed"),
      generated_files: paths("generated"),
      viewed_anchors: anchors("viewed"),
      generated_anchors: anchors("generated"),
    };
  }

  /** "changes" or "files": the Files-tab segment the page's own tab link uses for this PR, or null. */
  function filesTabSegment(doc, pull) {
    const origin = root.prlensContent.url.pageOrigin(); // github.com or the Enterprise host (url.js)
    const link = firstOutsideSticky(doc, S.filesTab);
    if (!link) return null;
    let url;
    try {
      url = new URL(link.getAttribute("href") ?? "", `${origin}/`);
    } catch {
      return null;
    }
    const match = /^\/([^/]+)\/([^/]+)\/pull\/(\d+)\/(files|changes)\/?$/.exec(url.pathname);
    if (url.origin !== origin || !match) return null;
    const samePull = match[1].toLowerCase() === pull.owner.toLowerCase() && match[2].toLowerCase() === pull.repo.toLowerCase() && Number(match[3]) === pull.number;
    return samePull ? match[4] : null;
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

  root.prlensContent.facts = Object.freeze({ readPageFacts, readRequestHint, readColorMode, filesTabSegment, FileTracker });
})(globalThis);
