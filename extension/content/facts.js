/**
 * Page facts: what the PR page itself says (title, state, author, branches, signed-in viewer,
 * files ticked "Viewed", files GitHub collapsed as generated) and the colour theme.
 *
 * Why: the page is free (no API budget) and knows things the API does not (the viewer's Viewed
 * ticks). It is never evidence about risk, and everything read here is hostile text: it is only
 * ever sent to the panel as data and rendered with textContent there. Selectors come from
 * selectors.js (documented in docs/architecture.md "GitHub markup we rely on").
 *
 * File paths must be exact or they match no API filename: React builds wrap names in U+200E/
 * U+200F marks, shorten long paths and add screen-reader rename text, and render files
 * progressively. So a path is only reported when sha256(candidate) equals the container's
 * `diff-<sha256(path)>` id; candidates come from structured data first (legacy path attributes,
 * the embedded JSON, file-tree row ids), header text last. A container no candidate matches is
 * reported by its anchor alone, and the panel resolves it against the API's file list. Files
 * that left the DOM (virtualised) keep the state they were last seen in (`FileMemory`).
 *
 * Loaded as a classic content script; exposes `globalThis.prlensContent.facts`.
 */
(function defineFacts(root) {
  "use strict";

  const S = root.prlensContent.selectors;
  const MAX_TEXT = 500; // page text is untrusted; keep every fact short
  const MAX_FILES = 3000; // GitHub lists at most 3,000 files per PR
  const MAX_CANDIDATES = 4 * MAX_FILES;
  const ANCHOR = /^diff-([0-9a-f]{64})$/;
  const DIRECTION_MARKS = /[\u200E\u200F]/g; // GitHub's own wrapping; other bidi characters are kept (they may be in the path)

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

  // ------------------------------------------------------------------------------------------
  // Files: exact paths by hash
  // ------------------------------------------------------------------------------------------

  const hashCache = new Map(); // candidate path → sha256 hex
  async function sha256Hex(text) {
    let hex = hashCache.get(text);
    if (hex) return hex;
    const digest = await root.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
    hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    if (hashCache.size > MAX_CANDIDATES * 2) hashCache.clear();
    hashCache.set(text, hex);
    return hex;
  }

  const PATH_KEYS = new Set(["path", "filePath", "filename", "fileName", "newPath", "oldPath"]);
  const embeddedCache = new WeakMap(); // script element → its path strings

  /** Path-like strings under path-ish keys of the embedded JSON (bounded walk; each is verified by hash). */
  function embeddedPaths(doc) {
    const found = [];
    for (const script of doc.querySelectorAll(S.any(S.embeddedData))) {
      if (!embeddedCache.has(script)) {
        const paths = [];
        try {
          const walk = (value, depth) => {
            if (paths.length >= MAX_CANDIDATES || depth > 16 || !value || typeof value !== "object") return;
            for (const [key, item] of Object.entries(value)) {
              if (typeof item === "string" && PATH_KEYS.has(key) && item.length <= 4096) paths.push(item);
              else walk(item, depth + 1);
            }
          };
          walk(JSON.parse(script.textContent || "null"), 0);
        } catch {
          // not JSON: no candidates from it
        }
        embeddedCache.set(script, paths);
      }
      found.push(...embeddedCache.get(script));
    }
    return found;
  }

  /** The displayed file name of a container: the new name of a rename, marks stripped. */
  function headerPath(container) {
    const name = S.first(container, S.fileName);
    if (!name) return null;
    const renamed = S.first(name, S.renamedText)?.textContent ?? "";
    const renamedTo = renamed.split(" renamed to ", 2)[1];
    let text = renamedTo;
    if (text === undefined) {
      const copy = name.cloneNode(true);
      for (const extra of copy.querySelectorAll(S.any(S.renamedText))) extra.remove();
      text = copy.textContent;
    }
    return text.replace(DIRECTION_MARKS, "").trim() || null;
  }

  /** A legacy container's path from its header's `data-path` (structured, not display text). */
  function attributePath(container) {
    return S.first(container, S.filePathElement)?.getAttribute("data-path") || null;
  }

  /** The Viewed state of a container's toggle: the icon says it; aria-pressed / checked otherwise. */
  function isViewed(container) {
    const toggle = S.first(container, S.viewedToggle);
    if (!toggle) return false;
    if (toggle.tagName === "INPUT") return toggle.checked;
    if (S.first(toggle, S.viewedIcon)) return true;
    if (S.first(toggle, S.unviewedIcon)) return false;
    return toggle.getAttribute("aria-pressed") === "true";
  }

  /** True only for GitHub's own collapsed-generated notice (its docs link), never diff text. */
  function isGenerated(container) {
    const content = S.any(S.diffContent);
    for (const link of container.querySelectorAll(S.any(S.generatedNoticeLink))) {
      const inside = link.closest(content);
      if (inside && container.contains(inside)) continue; // inside rendered PR content
      if (/generated/i.test(link.parentElement?.textContent ?? "")) return true;
    }
    return false;
  }

  function fileContainers(doc) {
    const found = [];
    const seen = new Set();
    for (const selector of S.fileContainer) {
      for (const element of doc.querySelectorAll(selector)) {
        if (seen.has(element) || found.length >= MAX_FILES) continue;
        seen.add(element);
        found.push(element);
      }
    }
    return found;
  }

  /**
   * What the page says about each file, remembered across reads for files that leave the DOM:
   * `Map<key, {anchor: hex|null, path: string|null, viewed, generated}>` (key = anchor, or the
   * path for legacy containers without a hash id).
   */
  class FileMemory {
    constructor() {
      this.files = new Map();
    }
  }

  async function readFiles(doc, memory) {
    const containers = fileContainers(doc);
    const candidates = new Set();
    const add = (path) => {
      if (typeof path === "string" && path && candidates.size < MAX_CANDIDATES) candidates.add(path);
    };
    const rows = containers.map((element) => {
      const anchor = ANCHOR.exec(element.id)?.[1] ?? null; // GitHub's diff-<sha256(path)>
      const attribute = attributePath(element);
      const header = headerPath(element);
      add(attribute);
      add(header);
      return { element, anchor, attribute, header };
    });
    if (rows.some((row) => row.anchor)) {
      for (const path of embeddedPaths(doc)) add(path);
      for (const row of doc.querySelectorAll(S.any(S.fileTreeRow))) add(row.id);
    }
    const byHash = new Map();
    if (rows.some((row) => row.anchor)) {
      for (const path of candidates) byHash.set(await sha256Hex(path), path);
    }
    for (const row of rows) {
      const path = row.anchor ? (byHash.get(row.anchor) ?? null) : row.attribute;
      const key = row.anchor ?? (path ? `path:${path}` : null);
      if (!key) continue;
      memory.files.set(key, { anchor: row.anchor, path, viewed: isViewed(row.element), generated: isGenerated(row.element) });
    }
    return memory.files;
  }

  /** PageFacts (docs/CONTRACTS.md): the bundle's `page` section, plus anchors the panel resolves. */
  async function readPageFacts(doc, memory = new FileMemory()) {
    const state = readState(doc);
    const [baseRef, headRef] = readBranches(doc);
    const files = [...(await readFiles(doc, memory)).values()];
    const paths = (flag) => files.filter((file) => file[flag] && file.path).map((file) => file.path);
    const anchors = (flag) => files.filter((file) => file[flag] && !file.path && file.anchor).map((file) => file.anchor);
    return {
      title: readTitle(doc),
      state,
      author: readAuthor(doc, state),
      base_ref: baseRef,
      head_ref: headRef,
      viewer: readViewer(doc),
      viewed_files: paths("viewed"),
      generated_files: paths("generated"),
      viewed_anchors: anchors("viewed"),
      generated_anchors: anchors("generated"),
    };
  }

  /** "changes" or "files": the Files-tab segment the page's own tab link uses for this PR, or null. */
  function filesTabSegment(doc, pull) {
    const link = firstOutsideSticky(doc, S.filesTab);
    if (!link) return null;
    let url;
    try {
      url = new URL(link.getAttribute("href") ?? "", "https://github.com/");
    } catch {
      return null;
    }
    const match = /^\/([^/]+)\/([^/]+)\/pull\/(\d+)\/(files|changes)\/?$/.exec(url.pathname);
    if (url.origin !== "https://github.com" || !match) return null;
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

  root.prlensContent.facts = Object.freeze({ readPageFacts, readColorMode, fileContainers, filesTabSegment, FileMemory });
})(globalThis);
