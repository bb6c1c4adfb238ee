/**
 * The pull-request list every list-badge check uses (Chromium and Firefox tests, the bench):
 * 30 PRs derived from the project's own bundles (tests/bundles), each bundle three times under
 * new numbers and head commits, so the list's first page (25 rows) is full; and the native
 * CLI's queue (`prlens queue --format json`: the same GraphQL query, mapping and review-first
 * rule as the badges) against a fake GitHub, as the expected levels and order.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import crypto from "node:crypto";

import { bundleText, findCli } from "../fake-github/make-bundles.mjs";

export const LIST_NAMES = ["owner-45-files", "bot-dependabot-bump", "ghost-author", "first-time-contributor-held-ci", "contributor-failing-checks", "reviews-on-older-commit", "docs-only", "draft", "renamed-and-binary-files", "empty"];
const COPIES = 3;
const FIRST_NUMBER = 301;
export const LIST_TOKEN = "ghp_test_valid_list_badges";
export const LIST_URL = "https://github.com/tidewater/harbor-client/pulls?q=is%3Apr+is%3Aopen";
export const LIST_PAGE_SIZE = 25;

/** `bundle` as PR `number`: its URLs, number and head commit renamed (reviews and checks follow the head). */
export function variant(bundle, number) {
  const old = bundle.pull.number;
  const oldSha = bundle.pull.head?.sha;
  const newSha = crypto.createHash("sha1").update(`prlens-list-${number}`).digest("hex");
  let text = JSON.stringify(bundle).replaceAll(`/pull/${old}`, `/pull/${number}`).replaceAll(`/pulls/${old}`, `/pulls/${number}`);
  if (oldSha) text = text.replaceAll(oldSha, newSha);
  const copy = JSON.parse(text);
  copy.pull.number = number;
  return copy;
}

/** The 30 derived bundles. */
export function listBundles() {
  const made = LIST_NAMES.map((name) => JSON.parse(bundleText(name)));
  const bundles = [];
  for (let copy = 0; copy < COPIES; copy++) made.forEach((bundle, index) => bundles.push(variant(bundle, FIRST_NUMBER + copy * LIST_NAMES.length + index)));
  return bundles;
}

/** The numbers on the list's first page (GitHub lists newest first). */
export const visibleNumbers = (bundles) => bundles.map((bundle) => bundle.pull.number).sort((a, b) => b - a).slice(0, LIST_PAGE_SIZE);

/** `prlens queue` (native) against the fake at `port` (its certificate in `cert`): the pulls, review-first. */
export async function cliQueue(port, cert) {
  // Asynchronous: the fake GitHub answers from this process's event loop.
  const { stdout } = await promisify(execFile)(findCli(), ["queue", "tidewater/harbor-client", "--format", "json", "--limit", "50", "--api-url", `https://127.0.0.1:${port}`, "--ca-cert", cert], { env: { ...process.env, GITHUB_TOKEN: LIST_TOKEN }, encoding: "utf8" });
  return JSON.parse(stdout).pulls;
}

/** Reads every badge on a list page (runs in the page; works with Playwright and Puppeteer). */
export function readBadges() {
  return [...document.querySelectorAll("[data-prlens-list-badge]")].map((element) => ({
    number: Number(/\/pull\/(\d+)/.exec(element.closest(".js-issue-row").querySelector("a.js-navigation-open").href)[1]),
    level: element.getAttribute("data-prlens-list-level"),
    state: element.getAttribute("data-prlens-list-state"),
    estimate: element.getAttribute("data-prlens-list-estimate"),
    title: element.title,
  }));
}

/** A repository of another owner, where a page script would like to know what is going on. */
export const OTHER_REPO = { owner: "quietorg", repo: "private-repo", number: 7 };

/** `bundle` moved to `OTHER_REPO` as its PR #7 (URLs, base repository and number renamed). */
export function otherRepoBundle(bundle) {
  const text = JSON.stringify(variant(bundle, OTHER_REPO.number)).replaceAll("tidewater/harbor-client", `${OTHER_REPO.owner}/${OTHER_REPO.repo}`);
  const copy = JSON.parse(text);
  copy.pull.base.repo.owner.login = OTHER_REPO.owner;
  copy.pull.base.repo.name = OTHER_REPO.repo;
  return copy;
}

/**
 * The file paths of `bundles` that could not appear on a page by chance (with a folder), less
 * those the PR's own title or description names: GitHub shows those itself (the seed sample's
 * description names its test file), so only a path the PR's text does not hold says prlens leaked it.
 */
export const filePaths = (bundles) => {
  const own = bundles.map((bundle) => `${bundle.pull?.title ?? ""}\n${bundle.pull?.body ?? ""}`).join("\n");
  const names = bundles.flatMap((bundle) => (bundle.files ?? []).map((file) => file.filename));
  return [...new Set(names.filter((name) => typeof name === "string" && name.includes("/") && name.length > 8 && !own.includes(name)))];
};

/**
 * In the page (an init script): records every `message` event the page window sees, as
 * `window.__seen = [{origin, data}]`, and adds a row for `OTHER_REPO`'s PR to the list once the
 * page is parsed (and again whenever GitHub's list is re-rendered without it), as a page script
 * could.
 */
export function spyAndInjectRow({ owner, repo, number }) {
  window.__seen = [];
  window.addEventListener("message", (event) => {
    let data;
    try {
      data = JSON.stringify(event.data);
    } catch {
      data = String(event.data);
    }
    window.__seen.push({ origin: event.origin, data });
  });
  const inject = () => {
    const container = document.querySelector(".js-navigation-container");
    if (!container || document.getElementById(`issue_${number}`)) return;
    const row = document.createElement("div");
    row.id = `issue_${number}`;
    row.className = "Box-row js-navigation-item js-issue-row";
    const link = document.createElement("a");
    link.id = `issue_${number}_link`;
    link.className = "Link--primary js-navigation-open markdown-title";
    link.setAttribute("data-hovercard-type", "pull_request");
    link.href = `/${owner}/${repo}/pull/${number}`;
    link.textContent = "Harmless-looking title";
    row.append(link);
    container.prepend(row);
  };
  document.addEventListener("DOMContentLoaded", () => {
    inject();
    new MutationObserver(inject).observe(document.body, { childList: true, subtree: true });
  });
}

/** What the page can read that came from prlens: every message it saw and every badge's text and title. */
export function pageVisible() {
  const badges = [...document.querySelectorAll("[data-prlens-list-badge]")].map((element) => `${element.textContent}\n${element.title}`);
  return { seen: window.__seen ?? [], badges, html: document.documentElement.outerHTML };
}
