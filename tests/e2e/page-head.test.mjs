/**
 * The head commit in the page facts (extension/content/facts.js, embedded.js): on every markup
 * variant the fake github.com serves (legacy merge/review forms, React 2025, React 2026 embedded
 * data) and on both tabs, the facts message carries the page's head SHA; a page that shows none
 * sends null, and a page rendered before a push sends its stale SHA (the fetcher, not the page,
 * decides what the head is: the scored bundle's pull keeps the API's head).
 */
import test from "node:test";
import assert from "node:assert/strict";

import { waitForPanelState } from "./harness.mjs";
import { SAMPLE, prPath, scoredBundle, startVariant, waitForFacts } from "./markup-support.mjs";

const HEAD = SAMPLE.pull.head.sha;

test("the facts carry the page's head SHA on every markup variant and tab", async (t) => {
  assert.match(HEAD, /^[0-9a-f]{40}$/, "the sample has a full head SHA");
  const browser = await startVariant([SAMPLE], { markup: "legacy", navigation: "react" });
  t.after(() => browser.close());
  const page = await browser.newPage();
  for (const markup of ["legacy", "react2025", "react2026"]) {
    browser.server.setPage({ markup, navigation: "react" });
    for (const tab of ["", markup === "react2026" ? "/changes" : "/files"]) {
      await page.goto(`https://github.com${prPath(SAMPLE.pull.number, tab)}`);
      await waitForPanelState(page, ["ready", "partial"]);
      const message = await waitForFacts(page, (facts) => facts.facts.head_sha !== undefined, "a head_sha field");
      assert.equal(message.facts.head_sha, HEAD, `${markup} ${tab || "conversation"}`);
    }
  }
  const bundle = await scoredBundle(page);
  assert.equal(bundle.page.head_sha, HEAD, "the scored bundle's page section keeps it");
});

test("a page without a head SHA sends null; a stale one is sent as the page shows it, and the API's head is scored", async (t) => {
  const browser = await startVariant([SAMPLE], { markup: "react2026", navigation: "react", headSha: "none" });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(`https://github.com${prPath(SAMPLE.pull.number)}`);
  await waitForPanelState(page, ["ready", "partial"]);
  assert.equal((await waitForFacts(page, (message) => message.facts.head_sha !== undefined, "a head_sha field")).facts.head_sha, null);
  for (const markup of ["legacy", "react2026"]) {
    browser.server.setPage({ markup, navigation: "react", headSha: "stale" });
    await page.goto(`https://github.com${prPath(SAMPLE.pull.number)}`);
    await waitForPanelState(page, ["ready", "partial"]);
    const stale = (await waitForFacts(page, (message) => typeof message.facts.head_sha === "string", "a head SHA")).facts.head_sha;
    assert.match(stale, /^[0-9a-f]{40}$/);
    assert.notEqual(stale, HEAD, `${markup}: the page shows an older head`);
    const bundle = await scoredBundle(page);
    assert.equal(bundle.pull.head.sha, HEAD, `${markup}: the scored pull is the API's`);
  }
});
