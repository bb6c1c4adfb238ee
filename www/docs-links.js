/**
 * Docs links: turns the documentation list into links where the build published the files
 * next to the page, and leaves them as repository paths otherwise.
 *
 * Why: the page is served from `dist/www/`; whether `docs/` is copied there is the build's
 * choice. A dead link on the public face of the project costs more trust than a plain path,
 * so each entry is probed (a same-origin HEAD request) before it becomes a link.
 * Source: issue 6 ("links to docs").
 */

export async function linkDocs() {
  const entries = document.querySelectorAll("[data-doc-path]");
  await Promise.all(
    [...entries].map(async (entry) => {
      const path = entry.getAttribute("data-doc-path");
      if (!/^[A-Za-z0-9_./-]+$/.test(path) || path.includes("..")) return;
      try {
        const response = await fetch(path, { method: "HEAD", cache: "no-cache" });
        if (!response.ok) return;
      } catch {
        return;
      }
      const link = document.createElement("a");
      link.href = path;
      link.textContent = entry.textContent;
      entry.replaceChildren(link);
    }),
  );
}
