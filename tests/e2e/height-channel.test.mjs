/**
 * What a page script learns by steering the URL and watching the panel's size (Chromium;
 * docs/security.md, "What a page can still learn").
 *
 * What it proves, on the fake github.com with a token and a PR in a repository the fake serves
 * only with a token (as a private one):
 *  - a page script's `history.pushState` to that PR (with the events GitHub's router fires)
 *    makes no request for it: the panel waits for the user's click ("held"), at the floor
 *    height; the user's click in the panel loads it; `history.back()`/`forward()` by page
 *    script then reach only PRs the user already let in, and a pushState to yet another PR is
 *    held again; a trusted click on a link loads the next PR without a prompt;
 *  - a pushState to that repository's pull-request list, with a row a page script adds, makes
 *    no list query;
 *  - every height the page can read from the panel's host is on one ladder, and a not-found
 *    PR, a PR the visitor cannot read and a small PR all stay at its floor from mount to the
 *    end: the page cannot tell them apart by size.
 * Why: GitHub's router is itself a page script, so a soft navigation cannot be told from a
 * forged one by its origin (issue #33 item 7).
 */
import test from "node:test";
import assert from "node:assert/strict";

import { bundleOf, makeBundles, panelFrame, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";
import { OTHER_REPO, otherRepoBundle } from "./list-support.mjs";

const TOKEN = "ghp_test_valid_height_channel";
const fixture = makeBundles(["owner-45-files", "docs-only"]);
const big = bundleOf(fixture, "owner-45-files");
const small = bundleOf(fixture, "docs-only");
const hidden = otherRepoBundle(small); // quietorg/private-repo#7, only with a token
const PRIVATE = `${OTHER_REPO.owner}/${OTHER_REPO.repo}`;
const prUrl = (bundle) => `https://github.com/${bundle.pull.base.repo.owner.login}/${bundle.pull.base.repo.name}/pull/${bundle.pull.number}`;

/** The heights the panel's iframe may take (extension/content/mount.js `observableHeight`). */
const LADDER = (() => {
  const steps = [400];
  while (steps.at(-1) < 5000) steps.push(Math.ceil(steps.at(-1) * 1.25));
  return steps;
})();

/** In the page: notes every height of #prlens-root the page can see, on every frame. */
function recordHostHeights() {
  window.__hostHeights = [];
  const note = () => {
    const host = document.getElementById("prlens-root");
    const height = host && host.style.display !== "none" ? Math.round(host.getBoundingClientRect().height) : null;
    if (height && window.__hostHeights.at(-1) !== height) window.__hostHeights.push(height);
    requestAnimationFrame(note);
  };
  requestAnimationFrame(note);
}

/** A page script's soft navigation: GitHub's router does exactly this, so prlens cannot tell it by origin. */
function pushRoute(path) {
  history.pushState({}, "", path);
  document.dispatchEvent(new Event("turbo:render"));
}

const privateRequests = (browser) => browser.server.apiRequests().filter((request) => request.path.includes(PRIVATE) || request.path === "/graphql");

test("a page script's pushState to a private PR fetches nothing until the user clicks; back and forward reach only what the user let in", { timeout: 150_000 }, async (t) => {
  const browser = await startBrowser({ bundles: [big, small, hidden], server: { absent: "empty", privateRepos: [PRIVATE] } });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": TOKEN });
  const page = await browser.newPage();
  await page.addInitScript(recordHostHeights);
  await page.goto(prUrl(big));
  await waitForPanelState(page, ["ready", "partial"]);
  await waitForFetchComplete(page);

  await page.evaluate(pushRoute, `/${PRIVATE}/pull/${OTHER_REPO.number}`);
  await page.locator(`#prlens-root[data-prlens-pr="${PRIVATE}#${OTHER_REPO.number}"]`).waitFor();
  assert.equal(await waitForPanelState(page, ["held"]), "held");
  await page.waitForTimeout(1500);
  assert.deepEqual(privateRequests(browser).map((request) => request.path), [], "no request for the PR the page script chose");
  assert.equal(await page.evaluate(() => document.getElementById("prlens-root").getBoundingClientRect().height), LADDER[0], "the held panel is at the floor");

  // The user's click in the panel lets it in.
  await (await panelFrame(page)).locator('[data-prlens-action="load-held"]').click();
  await waitForPanelState(page, ["ready", "partial"]);
  assert.ok(privateRequests(browser).length > 0, "the user's click fetched it");

  // History traversal by page script reaches only what the user let in.
  await page.evaluate(() => history.back());
  await page.locator(`#prlens-root[data-prlens-pr="tidewater/harbor-client#${big.pull.number}"]`).waitFor();
  await waitForPanelState(page, ["ready", "partial"]);
  await page.evaluate(() => history.forward());
  await page.locator(`#prlens-root[data-prlens-pr="${PRIVATE}#${OTHER_REPO.number}"]`).waitFor();
  await waitForPanelState(page, ["ready", "partial"]);
  const before = privateRequests(browser).length;
  await page.evaluate(pushRoute, `/${PRIVATE}/pull/${OTHER_REPO.number + 1}`);
  await page.locator(`#prlens-root[data-prlens-pr="${PRIVATE}#${OTHER_REPO.number + 1}"]`).waitFor();
  assert.equal(await waitForPanelState(page, ["held"]), "held", "another pushState is held again");
  await page.waitForTimeout(1000);
  assert.equal(privateRequests(browser).length, before, "and asks nothing");

  // A pushState to the private repository's list, with a row a page script adds: no list query.
  await page.evaluate(pushRoute, `/${PRIVATE}/pulls`);
  await page.evaluate(({ owner, repo, number }) => {
    const container = document.createElement("div");
    container.className = "js-navigation-container";
    const row = document.createElement("div");
    row.className = "js-issue-row";
    const link = document.createElement("a");
    link.className = "js-navigation-open";
    link.setAttribute("data-hovercard-type", "pull_request");
    link.href = `/${owner}/${repo}/pull/${number}`;
    row.append(link);
    container.append(row);
    document.body.append(container);
  }, OTHER_REPO);
  await page.locator("[data-prlens-list-badge]").first().waitFor({ state: "attached", timeout: 10_000 });
  await page.waitForTimeout(1500);
  assert.equal(privateRequests(browser).filter((request) => request.path === "/graphql").length, 0, "no list query for a list the page pushed");

  const heights = await page.evaluate(() => window.__hostHeights);
  assert.ok(heights.length > 0);
  assert.deepEqual(heights.filter((height) => !LADDER.includes(height)), [], `every height the page saw is on the ladder (${heights.join(", ")})`);
  // The derived private PR has no checks recorded: the fake answers those with 422.
  assert.deepEqual(browser.consoleErrors.filter((line) => !/Failed to load resource/.test(line)), []);
});

test("a trusted click on a link loads the next PR without a prompt", { timeout: 90_000 }, async (t) => {
  const browser = await startBrowser({ bundles: [big, small], server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(prUrl(big));
  await waitForPanelState(page, ["ready", "partial"]);
  await page.locator(`a.other-pr[href="/tidewater/harbor-client/pull/${small.pull.number}"]`).click();
  await page.locator(`#prlens-root[data-prlens-pr="tidewater/harbor-client#${small.pull.number}"]`).waitFor();
  assert.notEqual(await waitForPanelState(page, ["ready", "partial", "held"]), "held");
});

test("a not-found PR, a PR the visitor cannot read and a small PR look the same size to the page, from mount to the end", { timeout: 150_000 }, async (t) => {
  const browser = await startBrowser({ bundles: [big, small, hidden], server: { absent: "empty", privateRepos: [PRIVATE] } });
  t.after(() => browser.close());
  const seen = {};
  for (const [name, url, states] of [
    ["not found", "https://github.com/tidewater/harbor-client/pull/9999", ["error"]],
    ["no access", prUrl(hidden), ["error"]],
    ["small", prUrl(small), ["ready", "partial"]],
    ["large", prUrl(big), ["ready", "partial"]],
  ]) {
    const page = await browser.newPage();
    await page.addInitScript(recordHostHeights);
    await page.goto(url);
    await waitForPanelState(page, states);
    if (!states.includes("error")) await waitForFetchComplete(page);
    await page.waitForTimeout(800);
    seen[name] = await page.evaluate(() => window.__hostHeights);
    await page.close();
  }
  for (const name of ["not found", "no access", "small"]) assert.deepEqual(seen[name], [LADDER[0]], `${name}: ${JSON.stringify(seen)}`);
  assert.deepEqual(seen.large.filter((height) => !LADDER.includes(height)), [], `the large PR's heights are on the ladder: ${JSON.stringify(seen.large)}`);
});
