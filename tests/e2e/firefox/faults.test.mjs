/**
 * A rate-limited API in Firefox: the panel says so, asks no more, and the page keeps working.
 *
 * What it proves, with the fake api.github.com answering 403 with `x-ratelimit-remaining: 0`
 * (GitHub's primary rate limit): the panel ends in the error state with kind `rate_limited`
 * and a message that names the rate limit; the pull endpoint is asked at most twice and no
 * request storm follows; exactly one panel; the page's own soft navigation still works; no
 * console or extension error. Screenshot: target/e2e/firefox-rate-limit.png.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { SAMPLE, SAMPLE_OWNER, SAMPLE_REPO, countPanels, prUrl, screenshot, sleep, startFirefox, waitForPanelState } from "./harness.mjs";

test("a rate-limited API ends in a clear rate-limit error with bounded requests", { timeout: 90_000 }, async (t) => {
  const firefox = await startFirefox({ bundles: [SAMPLE], server: { absent: "empty", fault: "403-rate-limit" } });
  t.after(() => firefox.close());
  const page = await firefox.newPage();
  await page.goto(prUrl(SAMPLE.pull.number));
  const { frame } = await waitForPanelState(page, ["error"]);
  const panel = await frame.evaluate(() => ({
    text: document.getElementById("prlens-panel").innerText,
    kind: document.querySelector("[data-prlens-error-kind]")?.getAttribute("data-prlens-error-kind") ?? null,
  }));
  assert.equal(panel.kind, "rate_limited", `error kind; the panel says: ${panel.text.slice(0, 200)}`);
  assert.match(panel.text, /rate limit/i, "the message says what happened");
  await sleep(1_000); // a window in which a retry storm would show
  const api = firefox.server.requests.filter((request) => request.host === "api.github.com");
  const pulls = api.filter((request) => request.pathname === `/repos/${SAMPLE_OWNER}/${SAMPLE_REPO}/pulls/${SAMPLE.pull.number}`);
  assert.ok(pulls.length >= 1 && pulls.length <= 2, `pull requested ${pulls.length}× (bounded retries)`);
  assert.ok(api.length <= 20, `${api.length} API requests for one rate-limited view`);
  await screenshot(page, "rate-limit");

  assert.equal(await countPanels(page), 1);
  await page.evaluate(() => {
    window.__pageMarker = 1;
    document.getElementById("prs-files-anchor-tab").click();
  });
  await page.waitForFunction(() => location.pathname.endsWith("/files"), { timeout: 10_000, polling: 50 });
  assert.equal(await page.evaluate(() => window.__pageMarker), 1, "the page's soft navigation still works");
  assert.deepEqual(firefox.errors(), []);
});
