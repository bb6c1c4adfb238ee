/**
 * Links on an Enterprise host's page (issue #35): the renderer builds links only from validated
 * `https://github.com/` URLs (src/links.rs), so on a GitHub Enterprise Server page the links to
 * the PR's own repository (the PR, its files, commits, compare view) would open github.com.
 * Those, and only those, are pointed at the page's own host: same path, the host's origin.
 * Every other link stays as the renderer built it (a link to another repository may well be a
 * real github.com one).
 *
 * `origin`: the page origin the background confirmed for this frame (page-port.js: github.com or
 * an Enterprise host our content script runs on, never a value the page chose); nothing changes
 * on github.com. ES module.
 */
import "./github-names.js";

const { GITHUB_ORIGIN } = globalThis.prlensNames;

/** Points `root`'s links into `owner/repo` on github.com at `origin` instead (an Enterprise host's). */
export function rehostLinks(root, origin, { owner, repo } = {}) {
  if (!origin || origin === GITHUB_ORIGIN || !/^https:\/\/[a-z0-9.-]+(?::\d{1,5})?$/.test(origin) || !owner || !repo) return;
  const own = `${GITHUB_ORIGIN}/${owner}/${repo}`.toLowerCase();
  for (const link of root.querySelectorAll(`a[href^="${GITHUB_ORIGIN}/"]`)) {
    const href = link.getAttribute("href");
    const lower = href.toLowerCase();
    if (lower === own || lower.startsWith(`${own}/`) || lower.startsWith(`${own}#`) || lower.startsWith(`${own}?`)) {
      link.setAttribute("href", `${origin}${href.slice(GITHUB_ORIGIN.length)}`);
    }
  }
}
