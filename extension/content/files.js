/**
 * The Files tab as the page shows it: which changed files the viewer ticked "Viewed" and which
 * GitHub collapsed as generated, read incrementally.
 *
 * Why incremental: a Files tab can hold 3,000 rendered diffs, and GitHub mutates it constantly
 * (progressive rendering, lazy diff loads, Viewed toggles). Re-reading every container per
 * mutation burst would cost the page tens of milliseconds each time, so the tracker is told what
 * changed (`noteMutations` from main.js's observer, `noteChange` for checkbox clicks, which are
 * no mutation) and reads only those containers; a full scan happens once per page. Reading is
 * time-sliced (`SLICE_MS`) so even that scan never blocks the page in one long task.
 * docs/performance.md has the measurements.
 *
 * File paths must be exact or they match no API filename: React builds wrap names in U+200E/
 * U+200F marks, shorten long paths and add screen-reader rename text, and render files
 * progressively. So a path is only reported when sha256(candidate) equals the container's
 * `diff-<sha256(path)>` id; candidates come from structured data first (legacy path attributes,
 * the embedded JSON, file-tree row ids), header text last. A container no candidate matches is
 * reported by its anchor alone, and the panel resolves it against the API's file list. Files
 * that left the DOM (virtualised) keep the state they were last seen in.
 *
 * Loaded as a classic content script after embedded.js; exposes `globalThis.prlensContent.files`.
 */
(function defineFiles(root) {
  "use strict";

  const S = root.prlensContent.selectors;
  const { embeddedPaths } = root.prlensContent.embedded;
  const MAX_FILES = 3000; // GitHub lists at most 3,000 files per PR
  const MAX_CANDIDATES = 4 * MAX_FILES;
  const SLICE_MS = 8; // longest stretch of reading before yielding to the page
  const ANCHOR = /^diff-([0-9a-f]{64})$/;
  const DIRECTION_MARKS = /[\u200E\u200F]/g; // GitHub's own wrapping; other bidi characters are kept (they may be in the path)

  const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));
  const encoder = new TextEncoder();
  const HASH_BATCH = 200; // digests started per slice: thousands at once keep the page busy for 100+ ms

  async function sha256Hex(text) {
    const digest = new Uint8Array(await root.crypto.subtle.digest("SHA-256", encoder.encode(text)));
    let hex = "";
    for (const byte of digest) hex += HEX[byte];
    return hex;
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

  const yieldToPage = () => new Promise((resolve) => root.setTimeout(resolve, 0));

  /**
   * What the page says about each file, remembered across reads:
   * `files: Map<key, {anchor: hex|null, path: string|null, viewed, generated}>` (key = anchor,
   * or `path:<path>` for legacy containers without a hash id).
   */
  class FileTracker {
    constructor() {
      this.files = new Map();
      this.rows = new WeakMap(); // container → {anchor, attribute, header, key}
      this.dirty = new Set(); // containers to (re)read
      this.scanned = false; // the one full scan of this page is done
      this.candidatesStale = true; // new embedded data or file-tree rows may name unresolved anchors
      this.outsideChanged = true; // something outside the file containers changed (header facts may have)
      this.byHash = new Map(); // sha256 hex → candidate path
      this.hashed = new Set(); // candidates already in byHash
      this.unresolved = new Map(); // anchor no candidate matched yet → its latest row (re-rendered containers are new elements)
      this.containerSelector = S.any(S.fileContainer);
      this.toggleSelector = S.any(S.viewedToggle);
      this.candidateSelector = S.any([...S.embeddedData, ...S.fileTreeRow]);
    }

    /** Marks what a MutationObserver batch touched; cheap (no reading here). */
    noteMutations(records) {
      if (!this.scanned) {
        this.outsideChanged = true;
        return; // the full scan reads everything anyway
      }
      for (const record of records) {
        const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
        const around = target?.closest(this.containerSelector);
        if (around) this.dirty.add(around);
        else this.outsideChanged = true;
        if (record.type !== "childList") continue;
        for (const node of record.addedNodes) {
          if (node.nodeType !== 1) continue;
          if (node.matches(this.containerSelector)) this.dirty.add(node);
          else if (!around && node.firstElementChild) for (const inner of node.querySelectorAll(this.containerSelector)) this.dirty.add(inner);
          if (this.unresolved.size && (node.matches(this.candidateSelector) || node.querySelector(this.candidateSelector))) this.candidatesStale = true;
        }
      }
    }

    /** A Viewed checkbox changed (a property, not a mutation). */
    noteChange(target) {
      if (!this.scanned || target?.nodeType !== 1 || !target.matches(this.toggleSelector)) return;
      const around = target.closest(this.containerSelector);
      if (around) this.dirty.add(around);
    }

    /** Whether a read would find anything new. */
    get pending() {
      return !this.scanned || this.dirty.size > 0 || (this.candidatesStale && this.unresolved.size > 0);
    }

    /** The next read scans every container again (another tab or a restored page). */
    rescan() {
      this.scanned = false;
      this.outsideChanged = true;
    }

    /** True once after anything outside the file containers changed. */
    takeOutsideChanged() {
      const changed = this.outsideChanged;
      this.outsideChanged = false;
      return changed;
    }

    /**
     * Reads what changed since the last read; returns `files`. Reads run one at a time.
     * `startedAt`: when the caller's own reading of this page began (performance.now()).
     */
    read(doc, startedAt = root.performance.now()) {
      const next = (this.reading ?? Promise.resolve()).then(() => this.readChanged(doc, startedAt));
      this.reading = next.catch(() => {});
      return next;
    }

    async readChanged(doc, startedAt) {
      let containers;
      if (!this.scanned) {
        // After a long header read, the full scan gets a task of its own (on a small page the
        // facts go out at once: they are on the way to the first panel).
        if (root.performance.now() - startedAt > SLICE_MS) await yieldToPage();
        containers = fileContainers(doc);
        this.scanned = true;
      } else {
        containers = [...this.dirty].filter((element) => element.isConnected);
      }
      this.dirty.clear();
      let sliceStart = root.performance.now();
      const rows = [];
      for (const element of containers) {
        if (root.performance.now() - sliceStart > SLICE_MS) {
          await yieldToPage();
          sliceStart = root.performance.now();
        }
        let row = this.rows.get(element);
        if (!row) {
          row = { anchor: ANCHOR.exec(element.id)?.[1] ?? null, attribute: attributePath(element), header: headerPath(element), path: null };
          row.path = row.anchor ? (this.byHash.get(row.anchor) ?? null) : row.attribute;
          this.rows.set(element, row);
          if (row.anchor && !row.path) this.unresolved.set(row.anchor, row);
        }
        rows.push({ element, row, viewed: isViewed(element), generated: isGenerated(element) });
      }
      if (this.unresolved.size && (this.candidatesStale || rows.some(({ row }) => row.anchor && !row.path))) await this.resolve(doc, rows);
      for (const { row, viewed, generated } of rows) {
        if (row.anchor && !row.path) row.path = this.byHash.get(row.anchor) ?? null; // named through another row
        const key = row.anchor ?? (row.path ? `path:${row.path}` : null);
        if (key) this.files.set(key, { anchor: row.anchor, path: row.path, viewed, generated });
      }
      // After a long read, the facts message (thousands of paths to copy) goes in a task of its own.
      if (root.performance.now() - startedAt > SLICE_MS) await yieldToPage();
      return this.files;
    }

    /**
     * Names unresolved anchors by hashing candidates not hashed before: the containers' own
     * names first, the page-wide lists (embedded data, file tree) only for anchors still unnamed.
     */
    async resolve(doc, rows) {
      const fresh = [];
      const add = (path) => {
        if (typeof path === "string" && path && !this.hashed.has(path) && this.hashed.size < MAX_CANDIDATES) {
          this.hashed.add(path);
          fresh.push(path);
        }
      };
      for (const { row } of rows) {
        add(row.attribute);
        add(row.header);
      }
      await this.hashAll(fresh);
      if (this.unresolved.size && this.candidatesStale) {
        this.candidatesStale = false;
        fresh.length = 0;
        for (const path of embeddedPaths(doc)) add(path);
        await yieldToPage();
        for (const treeRow of doc.querySelectorAll(S.any(S.fileTreeRow))) add(treeRow.id);
        await yieldToPage(); // the query above scans the whole page
        await this.hashAll(fresh);
      }
    }

    /** Hashes `paths` in batches (yielding between them) and names the anchors they match. */
    async hashAll(paths) {
      for (let start = 0; start < paths.length; start += HASH_BATCH) {
        if (start > 0) await yieldToPage();
        const batch = paths.slice(start, start + HASH_BATCH);
        const digests = await Promise.all(batch.map(sha256Hex));
        batch.forEach((path, index) => this.byHash.set(digests[index], path));
      }
      for (const [anchor, row] of this.unresolved) {
        const path = this.byHash.get(anchor);
        if (!path) continue;
        row.path = path;
        this.unresolved.delete(anchor);
        const known = this.files.get(anchor);
        if (known) known.path = path; // a container that left the DOM before it was named
      }
    }
  }

  root.prlensContent.files = Object.freeze({ FileTracker, fileContainers });
})(globalThis);
