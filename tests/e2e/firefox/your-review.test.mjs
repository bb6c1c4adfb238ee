/**
 * The reviewer's own view (issue #38) in Firefox ESR's panel, on the fake github.com with the
 * project bundle `review-owner` (tests/bundles/README.md, "Your review"): a signed-in code owner
 * gets the "For you" group with the files CODEOWNERS gives them (read by the panel from the
 * base branch's `.github/CODEOWNERS` the fake serves); a signed-out visitor gets none and no
 * CODEOWNERS request. Screenshot target/e2e/firefox-your-review.png.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT, screenshot, sleep, startFirefox, waitForPanelState } from "./harness.mjs";

const OWNER = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "tests/bundles/review-owner.json"), "utf8"));
const URL = `https://github.com/tidewater/harbor-client/pull/${OWNER.pull.number}`;

/** The group's text once the fetch (wave 2 brings the viewer's view) has finished, or null. */
async function forYou(frame, { timeout = 20_000 } = {}) {
  const until = Date.now() + timeout;
  while (Date.now() < until) {
    const text = await frame.evaluate(() => document.querySelector("[data-prlens-for-you]")?.innerText ?? null);
    if (text) return text;
    await sleep(200);
  }
  return null;
}

test("a code owner sees For you in Firefox's panel", { timeout: 90_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [OWNER], server: { viewer: "mara-lindqvist" } });
  t.after(() => firefox.close());
  const page = await firefox.newPage();
  await page.goto(URL);
  const { frame } = await waitForPanelState(page, ["ready", "partial"]);
  const text = await forYou(frame);
  assert.ok(text, "the group is shown");
  assert.match(text, /For you \(@mara-lindqvist\)/);
  assert.match(text, /harbor\/auth\/session\.py\s*You own it \(CODEOWNERS line 4: \/harbor\/auth\/\)/);
  assert.ok(firefox.server.apiRequests(/\/contents\/\.github\/CODEOWNERS/).some((request) => request.status === 200));
  await screenshot(page, "your-review", { fullPage: true });
  assert.deepEqual(firefox.errors(), []);
});

test("a signed-out visitor gets no For you group in Firefox's panel", { timeout: 90_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [OWNER], server: { viewer: null } });
  t.after(() => firefox.close());
  const page = await firefox.newPage();
  await page.goto(URL);
  const { frame } = await waitForPanelState(page, ["ready", "partial"]);
  await sleep(1500); // wave 2 has landed by now on the local fake
  assert.equal(await frame.evaluate(() => document.querySelectorAll("[data-prlens-for-you]").length), 0);
  assert.deepEqual(firefox.server.apiRequests(/CODEOWNERS/), []);
  assert.deepEqual(firefox.errors(), []);
});
