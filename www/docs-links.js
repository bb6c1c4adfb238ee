/**
 * Docs links: turns the documentation list into links where the build published the files
 * next to the page, and leaves them as repository paths otherwise.
 *
 * Why: the page is served from `dist/www/`; whether `docs/` is copied there is the build's
 * choice. A dead link on the public face of the project costs more trust than a plain path,
 * so entries are probed (same-origin HEAD requests) before they become links. The marked
 * entry (`data-doc-probe`) is probed first and decides whether the docs are published at
 * all, so a build without them costs one failed request, not one per entry.
 * Why: every section of the panel links to the doc that explains it.
 */

async function published(path) {
  if (!/^[A-Za-z0-9_./-]+$/.test(path) || path.includes("..")) return false;
  try {
    const response = await fetch(path, { method: "HEAD", cache: "no-cache" });
    return response.ok;
  } catch {
    return false;
  }
}

function linkify(entry, path) {
  const link = document.createElement("a");
  link.href = path;
  link.textContent = entry.textContent;
  entry.replaceChildren(link);
}

/** Probes the `[data-doc-probe]` entry first; only if it is published are the others probed. */
export async function linkDocs() {
  const entries = [...document.querySelectorAll("[data-doc-path]")];
  const marker = entries.find((entry) => entry.hasAttribute("data-doc-probe")) ?? entries[0];
  if (!marker || !(await published(marker.getAttribute("data-doc-path")))) return;
  linkify(marker, marker.getAttribute("data-doc-path"));
  await Promise.all(
    entries
      .filter((entry) => entry !== marker)
      .map(async (entry) => {
        const path = entry.getAttribute("data-doc-path");
        if (await published(path)) linkify(entry, path);
      }),
  );
}
