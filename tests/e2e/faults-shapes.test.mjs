/**
 * Fault tests, part two (part one: faults.test.mjs): a request that never answers, and awkward
 * PR shapes.
 *
 * What it proves: an API that accepts the connection and never answers ends in the timeout
 * error within the fetcher's 15 s limit (no endless spinner, bounded retries); 3,000+ files
 * without patches, 250+ commits, an empty PR, a deleted ("ghost") author (real recording), a
 * bot author (real Dependabot recording) and renamed/binary files each end ready or partial,
 * fetched within GitHub's pagination caps (30 pages of files, 3 of commits), with the author's
 * kind named in the contributors section; the page's own soft navigation still works afterwards.
 * Why: these are the PRs real reviewers open every day; none may hang or break the page.
 */
import test, { after, before } from "node:test";
import assert from "node:assert/strict";

import { bundleOf, countPanels, panelFrame, screenshot, startBrowser, waitForPanelState } from "./harness.mjs";
import { openDetails } from "./sheet-support.mjs";
import { BOT_CASE, GHOST_CASE, OWNER, REPO, TOKEN, assertPageHealthy, fixture, variant, view } from "./faults-support.mjs";

const SHAPES = [
  {
    name: "3,000+ files without patches",
    make: (n) =>
      variant(n, (bundle) => {
        bundle.files = Array.from({ length: 3_100 }, (_, i) => ({ sha: "0".repeat(40), filename: `src/generated/module_${i}.py`, status: "modified", additions: 2, deletions: 1, changes: 3 }));
        Object.assign(bundle.pull, { changed_files: 3_100, additions: 6_200, deletions: 3_100 });
        return bundle;
      }),
    check: (requests, n, text) => {
      // Later pages follow GitHub's Link header (`/repositories/{id}/pulls/{n}/files?page=…`).
      const pages = requests.filter((r) => r.path.includes(`/pulls/${n}/files`));
      assert.match(text, /3,?000/, "the panel says the file list stopped at GitHub's 3,000-file cap");
      assert.ok(pages.length >= 30 && pages.length <= 32, `files fetched in ≤ 30 pages of 100 (+ a retry), got ${pages.length}`);
    },
  },
  {
    name: "250+ commits",
    make: (n) =>
      variant(n, (bundle) => {
        const template = bundle.commits[0];
        bundle.commits = Array.from({ length: 300 }, (_, i) => ({ ...structuredClone(template), sha: i.toString(16).padStart(40, "0") }));
        bundle.pull.commits = 300;
        return bundle;
      }),
    check: (requests, n) => {
      const pages = requests.filter((r) => r.path.includes(`/pulls/${n}/commits`));
      assert.ok(pages.length >= 1 && pages.length <= 4, `commits fetched in ≤ 3 pages (+ a retry), got ${pages.length}`);
    },
  },
  {
    name: "empty PR",
    make: (n) =>
      variant(n, (bundle) => {
        bundle.files = [];
        bundle.commits = [];
        Object.assign(bundle.pull, { changed_files: 0, additions: 0, deletions: 0, commits: 0, body: null });
        return bundle;
      }),
  },
  {
    name: "renamed and binary files",
    make: (n) =>
      variant(n, (bundle) => {
        bundle.files = [
          ...bundle.files.slice(0, 3),
          { sha: "1".repeat(40), filename: "github/Renamed.py", previous_filename: "github/Original.py", status: "renamed", additions: 0, deletions: 0, changes: 0 },
          { sha: "2".repeat(40), filename: "doc/logo.png", status: "added", additions: 0, deletions: 0, changes: 0 },
          { sha: "3".repeat(40), filename: "bin/tool.exe", status: "modified", additions: 0, deletions: 0, changes: 0 },
        ];
        bundle.pull.changed_files = bundle.files.length;
        return bundle;
      }),
  },
];

const TIMEOUT_PR = 5101;
const SHAPE_NUMBERS = SHAPES.map((_, i) => 5201 + i);
const ghost = bundleOf(fixture, GHOST_CASE);
const bot = bundleOf(fixture, BOT_CASE);
let browser;
let timeoutView; // the never-answering PR, viewed in its own tab while the shapes run

before(async () => {
  const bundles = [...SHAPES.map((shape, i) => shape.make(SHAPE_NUMBERS[i])), ghost, bot, variant(TIMEOUT_PR)];
  browser = await startBrowser({ bundles, server: { absent: "empty" } });
  await browser.setStorage("local", { "prlens.token": TOKEN });
  // Only this PR's endpoints hang, so its 15 s wait overlaps the other tests.
  browser.server.setFault("timeout", `/pulls/${TIMEOUT_PR}(?:/|\\?|$)`);
  const page = await browser.newPage();
  const started = Date.now();
  timeoutView = page
    .goto(`https://github.com/${OWNER}/${REPO}/pull/${TIMEOUT_PR}`)
    .then(() => waitForPanelState(page, ["ready", "partial", "error"], { timeout: 45_000 }))
    .then(async (state) => {
      const frame = await panelFrame(page);
      return {
        page,
        state,
        seconds: (Date.now() - started) / 1000,
        text: await frame.locator("#prlens-panel").innerText(),
        kind: await frame.locator("[data-prlens-error-kind]").first().getAttribute("data-prlens-error-kind", { timeout: 500 }).catch(() => null),
      };
    });
  timeoutView.catch(() => {}); // awaited (and reported) by its own test
});

after(() => browser?.close());

test("awkward PR shapes end ready or partial within GitHub's pagination caps", { timeout: 90_000 }, async (t) => {
  const page = await browser.newPage();
  for (const [i, shape] of SHAPES.entries()) {
    await t.test(shape.name, async () => {
      const result = await view(browser, page, SHAPE_NUMBERS[i], ["ready", "partial", "error"]);
      assert.match(result.state, /^(ready|partial)$/, `panel says: ${result.text.slice(0, 200)}`);
      shape.check?.(result.requests, SHAPE_NUMBERS[i], result.text);
      await screenshot(page, `faults-shape-${SHAPE_NUMBERS[i]}`);
    });
  }
  for (const [name, bundle, expectText] of [
    ["deleted (ghost) author", ghost, /ghost|deleted/i],
    ["bot author", bot, /\bbot\b/i],
  ]) {
    await t.test(name, async () => {
      const { owner, name: repo } = bundle.pull.base.repo;
      await page.goto(`https://github.com/${owner.login}/${repo}/pull/${bundle.pull.number}`);
      const state = await waitForPanelState(page, ["ready", "partial", "error"], { timeout: 30_000 });
      const frame = await panelFrame(page);
      assert.match(state, /^(ready|partial)$/, `panel says: ${(await frame.locator("#prlens-panel").innerText()).slice(0, 200)}`);
      const details = await openDetails(page, frame);
      const contributors = await details.locator('[data-prlens-section="contributors"]').innerText();
      await page.keyboard.press("Escape");
      assert.match(contributors, expectText, "the contributors section names the author's kind");
    });
  }
  await page.goto(`https://github.com/${OWNER}/${REPO}/pull/${SHAPE_NUMBERS[0]}`);
  await waitForPanelState(page, ["ready", "partial"]);
  await assertPageHealthy(browser, page);
});

test("a request that never answers ends in the timeout error, not a spinner", { timeout: 60_000 }, async () => {
  const result = await timeoutView;
  assert.equal(result.state, "error", `panel says: ${result.text.slice(0, 200)}`);
  assert.equal(result.kind, "timeout");
  assert.match(result.text, /too long|time|slow|answer/i);
  assert.ok(result.seconds < 45, `gave up after ${result.seconds} s, within the request time limit`);
  const pullFetches = browser.server.requests.filter((r) => r.host === "api.github.com" && r.pathname === `/repos/${OWNER}/${REPO}/pulls/${TIMEOUT_PR}`);
  assert.ok(pullFetches.length >= 1 && pullFetches.length <= 2, `pull requested ${pullFetches.length}×`);
  assert.equal(await countPanels(result.page), 1);
});
