/**
 * A PR is named to the background for its early requests while its page is still arriving
 * (extension/content/early-pull.js), the moment the page names the head commit and the author.
 *
 * The fake github.com holds back the end of each page for 2 s (`tailDelayMs`), as github.com's
 * long tail of HTML after the embedded data would, so `document_end` comes 2 s after everything
 * prlens reads has been parsed. What it proves:
 *  - with the 2026 embedded data, the whole first wave (the pull's requests and those the head
 *    and author name: checks, the author's profile, history and events) reaches GitHub before
 *    the page's tail is even sent, each URL once, and the panel equals `prlens analyze`;
 *  - without the embedded data (no head commit until the API says it), nothing is asked before
 *    the page is parsed: a half wave would split wave 1 in two (docs/performance.md, "Early mount");
 *  - a page that pauses halfway through the embedded data that names the head: the script is not
 *    read (and remembered as naming nothing) while its JSON is still arriving, so the head is
 *    found once it is complete and wave 1 still leaves whole.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";

import { bundleOf, makeBundles, panelBesideCli, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";

const TAIL_DELAY_MS = 2000;
const TEMPLATE = JSON.parse(fs.readFileSync(new URL("../../extension/background/early-requests.json", import.meta.url), "utf8"));

/** The wave-1 paths (as the fake logs them) for a PR with the page's head and author. */
function waveOnePaths(bundle) {
  const repo = bundle.pull.base.repo;
  const fill = (template) =>
    template
      .replaceAll("{owner}", repo.owner.login)
      .replaceAll("{repo}", repo.name)
      .replaceAll("{number}", String(bundle.pull.number))
      .replaceAll("{head}", bundle.pull.head.sha)
      .replaceAll("{author}", bundle.pull.user.login);
  return [...TEMPLATE.pull, ...TEMPLATE.page_facts].map((url) => {
    const parsed = new URL(fill(url));
    return parsed.pathname + parsed.search;
  });
}

async function openSlowPage({ embeddedData = true, tailAt = "end", apiLatencyMs = 50 }) {
  const fixture = makeBundles(["owner-45-files"]);
  const browser = await startBrowser({ bundles: fixture.dir, server: { apiLatencyMs, page: { markup: "react2026", embeddedData, tailDelayMs: TAIL_DELAY_MS, tailAt } } });
  const bundle = bundleOf(fixture, "owner-45-files");
  const repo = bundle.pull.base.repo;
  const page = await browser.newPage();
  await page.goto(`https://github.com/${repo.owner.login}/${repo.name}/pull/${bundle.pull.number}`, { waitUntil: "commit" });
  await waitForPanelState(page, ["ready"], { timeout: 40_000 });
  const frame = await waitForFetchComplete(page, { timeout: 40_000 });
  const document = browser.server.requests.find((entry) => entry.host === "github.com" && entry.pathname.endsWith(`/pull/${bundle.pull.number}`));
  assert.ok(document?.tailSentAt, "the fake held the page's tail back");
  return { browser, bundle, page, frame, tailSentAt: document.tailSentAt };
}

test("with the embedded data, the whole first wave reaches GitHub before the page has finished arriving", { timeout: 90_000 }, async (t) => {
  const { browser, bundle, frame, tailSentAt } = await openSlowPage({ embeddedData: true });
  t.after(() => browser.close());
  const api = browser.server.requests.filter((entry) => entry.host === "api.github.com");
  const wave = waveOnePaths(bundle);
  for (const path of wave) {
    const sent = api.filter((entry) => entry.path === path);
    assert.equal(sent.length, 1, `${path} asked once (asked ${sent.length} times)`);
    assert.ok(sent[0].receivedAt < tailSentAt, `${path} reached GitHub ${sent[0].receivedAt - tailSentAt} ms after the page's tail was sent`);
  }
  const paths = api.map((entry) => entry.path);
  assert.deepEqual(paths.filter((path, index) => paths.indexOf(path) !== index), [], "no request twice");
  const { shown, expected } = await panelBesideCli(frame, bundle);
  assert.deepEqual(shown, expected);
  assert.deepEqual(browser.consoleErrors, []);
});

test("without a head commit on the page, nothing is asked before the page is parsed", { timeout: 90_000 }, async (t) => {
  const { browser, frame, tailSentAt } = await openSlowPage({ embeddedData: false });
  t.after(() => browser.close());
  const api = browser.server.requests.filter((entry) => entry.host === "api.github.com");
  assert.ok(api.length > 0, "the panel fetched");
  const early = api.filter((entry) => entry.receivedAt < tailSentAt).map((entry) => entry.path);
  assert.deepEqual(early, [], "no request left while the page was still arriving");
  await frame.locator("#prlens-panel[data-prlens-state=ready]").waitFor();
  assert.deepEqual(browser.consoleErrors, []);
});

test("an embedded-data script still arriving is read once complete: wave 1 still leaves whole", { timeout: 90_000 }, async (t) => {
  const { browser, bundle, tailSentAt } = await openSlowPage({ tailAt: "embedded-data", apiLatencyMs: 300 });
  t.after(() => browser.close());
  const api = browser.server.requests.filter((entry) => entry.host === "api.github.com");
  assert.deepEqual(api.filter((entry) => entry.receivedAt < tailSentAt).map((entry) => entry.path), [], "nothing is named from half a script");
  const wave = waveOnePaths(bundle).map((path) => api.filter((entry) => entry.path === path));
  for (const [index, sent] of wave.entries()) assert.equal(sent.length, 1, `${waveOnePaths(bundle)[index]} asked once`);
  const arrivals = wave.map(([entry]) => entry.receivedAt);
  assert.ok(Math.max(...arrivals) - Math.min(...arrivals) < 150, `wave 1 left in one go, not split by the 300 ms answers (spread ${Math.max(...arrivals) - Math.min(...arrivals)} ms)`);
  assert.deepEqual(browser.consoleErrors, []);
});
