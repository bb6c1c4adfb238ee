/**
 * The fake github.com pages: a PR's Conversation, Commits and Files tabs, a repository home,
 * a pull-request list and a 404, sent with GitHub's strict CSP (no 'wasm-unsafe-eval'; scripts
 * only from github.githubassets.com plus one nonce'd inline script that imitates GitHub's
 * navigation). PR pages come in markup variants selectable per test (`MARKUPS`: the legacy Rails
 * page, the React page of 2025 and of 2026; pages-legacy.mjs, pages-react.mjs) and navigation
 * modes (`NAVIGATIONS`, page-script.js). Everything taken from a bundle is HTML-escaped.
 *
 * Why: the extension's content scripts must hold on the markup GitHub really serves, not on a
 * picture of it drawn from our own selectors (tests/fake-github/README.md cites each source).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { legacyPullPage } from "./pages-legacy.mjs";
import { reactPullPage } from "./pages-react.mjs";
import { escapeHtml } from "./pages-shared.mjs";
import { pullListBody } from "./pages-list.mjs";
import { comparePageBody } from "./compare.mjs";
import { themeTokensCss } from "./themes.mjs";

export { diffAnchor, escapeHtml } from "./pages-shared.mjs";

const PAGE_SCRIPT = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "page-script.js"), "utf8");

/** Markup variants of the PR pages. */
export const MARKUPS = ["legacy", "react2025", "react2026"];
/**
 * The head commit the PR pages show: the pull's (`current`), one from before a push the page has
 * not caught up with (`stale`), or none at all (`none`).
 */
export const HEAD_SHAS = ["current", "stale", "none"];
/** Navigation modes: Turbo (with snapshot restore on back), React soft-nav (no Turbo events), or both event sets (the default). */
export const NAVIGATIONS = ["turbo", "react", "both"];

/**
 * Page options with their defaults; each variant's own defaults (2026: a sidebar 600 ms late,
 * the diff list in batches of 3) apply unless a test overrides them.
 */
export function pageOptions({ markup = "react2025", navigation = "both", lateSidebarMs, renderBatch, fileTree = true, embeddedData = true, headSha = "current", tailDelayMs = 0, tailAt = "end" } = {}) {
  if (!MARKUPS.includes(markup)) throw new Error(`markup must be one of ${MARKUPS.join(", ")}, not ${markup}`);
  if (!HEAD_SHAS.includes(headSha)) throw new Error(`headSha must be one of ${HEAD_SHAS.join(", ")}, not ${headSha}`);
  if (!NAVIGATIONS.includes(navigation)) throw new Error(`navigation must be one of ${NAVIGATIONS.join(", ")}, not ${navigation}`);
  if (!TAIL_AT.includes(tailAt)) throw new Error(`tailAt must be one of ${TAIL_AT.join(", ")}, not ${tailAt}`);
  const is2026 = markup === "react2026";
  return {
    markup,
    navigation,
    lateSidebarMs: lateSidebarMs ?? (is2026 ? 600 : 0),
    renderBatch: renderBatch ?? (is2026 ? 3 : 0),
    fileTree,
    embeddedData,
    headSha,
    tailDelayMs: Number(tailDelayMs) || 0,
    tailAt,
  };
}

/**
 * Where `tailDelayMs` pauses a page: "end" (after the whole body, at PAGE_TAIL_MARK) or
 * "embedded-data" (halfway through the last embedded-data script's JSON, so the page holds a
 * script whose text is still arriving).
 */
const TAIL_AT = ["end", "embedded-data"];
const EMBEDDED_DATA_OPEN = 'data-target="react-app.embeddedData">';

/** Where the part of `html` sent at once ends, for `pageOptions().tailAt`; -1: no pause. */
export function tailSplit(html, tailAt) {
  if (tailAt === "embedded-data") {
    const open = html.lastIndexOf(EMBEDDED_DATA_OPEN);
    if (open < 0) return -1;
    const start = open + EMBEDDED_DATA_OPEN.length;
    return start + Math.floor((html.indexOf("</script>", start) - start) / 2);
  }
  const tail = html.indexOf(PAGE_TAIL_MARK);
  return tail < 0 ? -1 : tail + PAGE_TAIL_MARK.length;
}

/**
 * Where a page's tail starts when `tailDelayMs` holds it back (server.mjs sends the page up to
 * here, waits, then sends the rest): after the whole body, so the document is still loading
 * while everything prlens reads from it has been parsed, as on github.com, where hundreds of KB
 * of HTML follow the embedded data. An element, not text, so the parser has moved past the last
 * script before the pause.
 */
export const PAGE_TAIL_MARK = "<div hidden data-fake-page-tail></div>";

/**
 * An un-nonced inline script on every page: GitHub's CSP must block it, so a page title that
 * says it ran proves the CSP was off. Chromium logs the block as a console error that names
 * this script's sha256 (tests/e2e/harness.mjs ignores exactly that one).
 */
export const CSP_PROBE_SCRIPT = 'document.title = "inline script ran: the CSP is not active";';

/** github.com's Content-Security-Policy (2025/2026 shape) plus the nonce of our one inline script. */
export function githubCsp(nonce) {
  return [
    "default-src 'none'",
    "base-uri 'self'",
    "child-src github.githubassets.com github.com/assets-cdn/worker/ gist.github.com/assets-cdn/worker/",
    "connect-src 'self' uploads.github.com www.githubstatus.com collector.github.com raw.githubusercontent.com api.github.com github-cloud.s3.amazonaws.com github-production-repository-file-5c1aeb.s3.amazonaws.com github-production-upload-manifest-file-7fdce7.s3.amazonaws.com github-production-user-asset-6210df.s3.amazonaws.com *.rel.tunnels.api.visualstudio.com wss://*.rel.tunnels.api.visualstudio.com objects-origin.githubusercontent.com copilot-proxy.githubusercontent.com proxy.individual.githubcopilot.com proxy.business.githubcopilot.com proxy.enterprise.githubcopilot.com *.actions.githubusercontent.com wss://*.actions.githubusercontent.com productionresultssa0.blob.core.windows.net/ wss://alive.github.com",
    "font-src github.githubassets.com",
    "form-action 'self' github.com gist.github.com copilot-workspace.githubnext.com objects-origin.githubusercontent.com",
    "frame-ancestors 'none'",
    "frame-src viewscreen.githubusercontent.com notebooks.githubusercontent.com",
    "img-src 'self' data: blob: github.githubassets.com media.githubusercontent.com camo.githubusercontent.com identicons.github.com avatars.githubusercontent.com private-avatars.githubusercontent.com github-cloud.s3.amazonaws.com objects.githubusercontent.com secured-user-images.githubusercontent.com/ user-images.githubusercontent.com/ private-user-images.githubusercontent.com opengraph.githubassets.com",
    "manifest-src 'self'",
    "media-src github.com user-images.githubusercontent.com/ secured-user-images.githubusercontent.com/ private-user-images.githubusercontent.com github-production-user-asset-6210df.s3.amazonaws.com gist.github.com",
    `script-src github.githubassets.com 'nonce-${nonce}'`,
    "style-src 'unsafe-inline' github.githubassets.com",
    "upgrade-insecure-requests",
    "worker-src github.githubassets.com github.com/assets-cdn/worker/ gist.github.com/assets-cdn/worker/",
  ].join("; ");
}

const STYLE = `
  body { margin: 0; font: 14px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", "Noto Sans", Helvetica, Arial, sans-serif; color: var(--fgColor-default, #1f2328); background: var(--bgColor-default, #fff); }
  .AppHeader { background: var(--bgColor-muted, #f6f8fa); border-bottom: 1px solid var(--borderColor-default, #d1d9e0); padding: 12px 24px; }
  .AppHeader a { color: var(--fgColor-default, #1f2328); font-weight: 600; text-decoration: none; }
  .container { max-width: 1280px; margin: 0 auto; padding: 16px 24px; }
  h1[class^="prc-PageHeader-Title"] { font-size: 26px; font-weight: 400; margin: 0 0 8px; }
  h1 .number { color: var(--fgColor-muted, #59636e); }
  [class*="StateLabel"] { display: inline-block; padding: 4px 12px; border-radius: 2em; color: #fff; background: #1f883d; font-weight: 500; margin-right: 8px; }
  [class*="StateLabel"][data-status="pullMerged"] { background: #8250df; }
  [class*="StateLabel"][data-status="pullClosed"] { background: #cf222e; }
  [class*="StateLabel"][data-status="draft"] { background: #59636e; }
  [class*="PullRequestBranchName"] { font-family: ui-monospace, monospace; font-size: 12px; background: var(--bgColor-accent-muted, #ddf4ff); padding: 2px 6px; border-radius: 6px; color: var(--fgColor-accent, #0969da); text-decoration: none; }
  nav.tabs { display: flex; gap: 8px; border-bottom: 1px solid var(--borderColor-default, #d1d9e0); margin: 16px 0; }
  nav.tabs a { padding: 8px 16px; color: var(--fgColor-default, #1f2328); text-decoration: none; }
  nav.tabs a[aria-current="page"] { border-bottom: 2px solid #fd8c73; font-weight: 600; }
  [data-variant="secondary"] { background: #818b981f; border-radius: 2em; padding: 0 6px; font-size: 12px; }
  .Layout { display: grid; grid-template-columns: minmax(0, 1fr) 296px; gap: 24px; }
  .TimelineItem { border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 6px; padding: 16px; margin-bottom: 16px; white-space: pre-wrap; }
  .discussion-sidebar-item { border-bottom: 1px solid var(--borderColor-default, #d1d9e0); padding: 16px 0; color: var(--fgColor-muted, #59636e); font-size: 12px; }
  .discussion-sidebar-heading { font-size: 12px; margin: 0 0 8px; color: var(--fgColor-muted, #59636e); }
  .files { display: grid; grid-template-columns: 280px minmax(0, 1fr); gap: 16px; }
  ul[aria-label="File Tree"] { list-style: none; padding: 0; margin: 0; font-size: 13px; }
  ul[aria-label="File Tree"] li { padding: 2px 4px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  [class^="Diff-module"] { border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 6px; margin-bottom: 16px; }
  [class^="DiffFileHeader-module__diff-file-header"] { display: flex; justify-content: space-between; align-items: center; background: var(--bgColor-muted, #f6f8fa); padding: 8px 16px; border-bottom: 1px solid var(--borderColor-default, #d1d9e0); }
  [class^="DiffFileHeader-module__file-name"] { font: 12px ui-monospace, monospace; margin: 0; }
  pre.diff { margin: 0; padding: 8px 16px; font: 12px/20px ui-monospace, monospace; overflow-x: auto; }
  .diff .add { background: #dafbe1; display: block; } .diff .del { background: #ffebe9; display: block; }
  .note { padding: 16px; color: var(--fgColor-muted, #59636e); }
  .sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); border: 0; }
  [class*="stickyHeader"] { position: sticky; top: 0; z-index: 10; background: var(--bgColor-default, #fff); border-bottom: 1px solid var(--borderColor-default, #d1d9e0); padding: 4px 24px; font-size: 12px; }
  [data-component="BranchName"], .commit-ref { font-family: ui-monospace, monospace; font-size: 12px; background: var(--bgColor-accent-muted, #ddf4ff); padding: 2px 6px; border-radius: 6px; color: var(--fgColor-accent, #0969da); text-decoration: none; }
  .gh-header-title { font-size: 26px; font-weight: 400; margin: 0 0 8px; }
  .State { display: inline-block; padding: 4px 12px; border-radius: 2em; color: #fff; background: #1f883d; margin-right: 8px; }
  .tabnav-tabs { display: flex; gap: 8px; border-bottom: 1px solid var(--borderColor-default, #d1d9e0); margin: 16px 0; }
  .tabnav-tab { padding: 8px 16px; color: var(--fgColor-default, #1f2328); text-decoration: none; }
  .file { border: 1px solid var(--borderColor-default, #d1d9e0); border-radius: 6px; margin-bottom: 16px; }
  .file-header { display: flex; justify-content: space-between; background: var(--bgColor-muted, #f6f8fa); padding: 8px 16px; }
`;

function layout({ title, viewer, body, nonce, colorMode, page = pageOptions() }) {
  const [mode, light, dark] = colorMode ?? ["auto", "light", "dark"];
  return `<!DOCTYPE html>
<html lang="en" data-color-mode="${escapeHtml(mode)}" data-light-theme="${escapeHtml(light)}" data-dark-theme="${escapeHtml(dark)}" data-fake-navigation="${escapeHtml(page.navigation)}" data-fake-markup="${escapeHtml(page.markup)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
${viewer ? `<meta name="user-login" content="${escapeHtml(viewer)}">` : ""}
<meta name="fake-github" content="prlens test server">
<style>${themeTokensCss()}${STYLE}</style>
<script nonce="${nonce}">${PAGE_SCRIPT}</script>
<script>${CSP_PROBE_SCRIPT}</script>
</head>
<body>
<header class="AppHeader"><a href="/" data-full-load>GitHub</a></header>
${body}
${page.tailDelayMs > 0 ? PAGE_TAIL_MARK : ""}
</body>
</html>`;
}

/** Renders a page: `{status, html}` for a github.com path; `page`: pageOptions(). */
export function renderPage({ store, pathname, search = "", nonce, viewer, colorMode, viewedFiles, page = pageOptions() }) {
  const frame = { nonce, viewer, colorMode, page };
  const segments = pathname.split("/").filter(Boolean);
  if (segments.length >= 4 && segments[2] === "pull" && /^\d+$/.test(segments[3])) {
    const [owner, repo, , number, tabSegment] = segments;
    const entry = store.get(owner, repo, number);
    if (!entry) return notFoundPage(frame);
    const tab = tabSegment === undefined ? "conversation" : tabSegment === "files" || tabSegment === "changes" ? "files" : tabSegment === "commits" && segments.length === 5 ? "commits" : tabSegment === "commits" ? "files" : "other";
    const pull = entry.bundle.pull;
    const ctx = { ...page, store, viewedFiles: viewedFiles ?? new Set(), year: page.markup === "react2026" ? 2026 : 2025 };
    const { header, content } = page.markup === "legacy" ? legacyPullPage(entry, tab, ctx) : reactPullPage(entry, tab, ctx);
    // data-fake-pr / data-fake-tab-content: where the page script swaps a same-PR tab in React mode.
    const inner = `<div class="container" data-fake-pr="/${escapeHtml(entry.owner)}/${escapeHtml(entry.repo)}/pull/${entry.number}">${header}<div data-fake-tab-content>${content}</div></div>`;
    const app = page.markup === "legacy" ? `<div class="repository-content">${inner}</div>` : `<react-app app-name="pull-requests" initial-path="${escapeHtml(pathname)}">${inner}</react-app>`;
    const body = `
<div id="js-repo-pjax-container">
  <turbo-frame id="repo-content-turbo-frame" target="_top">
    ${app}
  </turbo-frame>
</div>`;
    return { status: 200, html: layout({ ...frame, title: `${pull.title} by ${pull.user?.login ?? "ghost"} · Pull Request #${entry.number} · ${entry.owner}/${entry.repo} · GitHub`, body }) };
  }
  if (segments.length >= 4 && segments[2] === "compare") {
    const body = comparePageBody({ store, segments, search });
    return body ? { status: 200, html: layout({ ...frame, title: `Comparing changes · ${segments[0]}/${segments[1]} · GitHub`, body }) } : notFoundPage(frame);
  }
  if (segments.length === 3 && segments[2] === "pulls") {
    const entries = store.inRepo(segments[0], segments[1]);
    if (!entries.length) return notFoundPage(frame);
    const name = `${entries[0].owner}/${entries[0].repo}`;
    return { status: 200, html: layout({ ...frame, title: `Pull requests · ${name}`, body: pullListBody(entries, { global: false, heading: name }) }) };
  }
  if (segments[0] === "pulls" && segments.length <= 2) {
    return { status: 200, html: layout({ ...frame, title: "Pull requests", body: pullListBody(store.all(), { global: true, heading: "Pull requests" }) }) };
  }
  if (segments.length === 2) {
    const [owner, repo] = segments;
    const entries = store.inRepo(owner, repo);
    if (!entries.length) return notFoundPage(frame);
    const list = entries
      .map((entry) => `<li class="TimelineItem"><a class="pr-link" href="/${entry.owner}/${entry.repo}/pull/${entry.number}">${escapeHtml(entry.bundle.pull.title)}</a> #${entry.number}</li>`)
      .join("");
    const body = `
<div id="js-repo-pjax-container">
  <turbo-frame id="repo-content-turbo-frame" target="_top">
    <div class="container"><h1 class="repo-title">${escapeHtml(`${entries[0].owner}/${entries[0].repo}`)}</h1>
    <h2>Pull requests</h2><ul class="pr-list">${list}</ul></div>
  </turbo-frame>
</div>`;
    return { status: 200, html: layout({ ...frame, title: `${entries[0].owner}/${entries[0].repo}`, body }) };
  }
  if (segments.length === 0) {
    const list = store
      .all()
      .map((entry) => `<li><a class="pr-link" href="/${entry.owner}/${entry.repo}/pull/${entry.number}">${escapeHtml(`${entry.owner}/${entry.repo}#${entry.number}`)} ${escapeHtml(entry.bundle.pull.title)}</a></li>`)
      .join("");
    return { status: 200, html: layout({ ...frame, title: "GitHub (fake)", body: `<div id="js-repo-pjax-container"><div class="container"><h1>Dashboard</h1><ul>${list}</ul></div></div>` }) };
  }
  return notFoundPage(frame);
}

function notFoundPage(frame) {
  return { status: 404, html: layout({ ...frame, title: "Page not found · GitHub", body: `<div id="js-repo-pjax-container"><div class="container"><h1>404 — This is not the web page you are looking for.</h1></div></div>` }) };
}
