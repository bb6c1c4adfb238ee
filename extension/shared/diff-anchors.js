/**
 * Files the page reported by anchor alone, resolved against the API's file list.
 *
 * Why: GitHub names each file's diff container `diff-<sha256(path)>`. The content script reports
 * a path only when a candidate from the page hashes to that id; when the page shows no exact
 * path (a shortened name, a file-tree row not rendered, no embedded data after a soft navigation)
 * it sends the anchor, and only the panel, which has the API's filenames, can name the file.
 * Anchors that match no API filename are dropped: the page is never evidence about risk.
 */

const ANCHOR_HEX = /^[0-9a-f]{64}$/;
const MAX_ANCHORS = 3000;

const anchorList = (value) => (Array.isArray(value) ? value.filter((item) => typeof item === "string" && ANCHOR_HEX.test(item)).slice(0, MAX_ANCHORS) : []);

/** `{viewed, generated}` hex digests from an untrusted facts object (invalid entries dropped). */
export function parseAnchors(facts) {
  if (!facts || typeof facts !== "object") return { viewed: [], generated: [] };
  return { viewed: anchorList(facts.viewed_anchors), generated: anchorList(facts.generated_anchors) };
}

export const hasAnchors = (anchors) => Boolean(anchors && (anchors.viewed.length || anchors.generated.length));

/** The SHA-256 of `text` (UTF-8) in lower-case hex. */
export async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** `Map<sha256 hex, filename>` of a bundle's file names (its `files[].filename`: `PanelView.fileNames()`). */
export async function fileDigests(fileNames) {
  const digests = new Map();
  if (!Array.isArray(fileNames)) return digests;
  for (const filename of fileNames) {
    if (typeof filename === "string") digests.set(await sha256Hex(filename), filename);
  }
  return digests;
}

/** The page facts with each resolvable anchor added as its API filename (no duplicates). */
export function withAnchors(page, anchors, digests) {
  if (!page || !digests || !hasAnchors(anchors)) return page;
  const merge = (paths, hexes) => [...new Set([...paths, ...hexes.map((hex) => digests.get(hex)).filter(Boolean)])];
  return { ...page, viewed_files: merge(page.viewed_files, anchors.viewed), generated_files: merge(page.generated_files, anchors.generated) };
}
