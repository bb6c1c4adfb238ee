/**
 * The fault matrix: every way GitHub's API fails ends in a clear panel state, with bounded
 * retries and the GitHub page unharmed (part two, faults-shapes.test.mjs: a never-answering
 * API and awkward PR shapes).
 *
 * What it proves, on the fake github.com/api.github.com (tests/fake-github) with dist/chrome:
 *  - API faults (`--fault`): 401, 403 rate limit with reset, secondary limit with retry-after,
 *    404, 500, 502, connection reset, truncated and malformed JSON each end in the error state
 *    with the matching kind (`data-prlens-error-kind`) and a message that tells the user what
 *    happened; a fault on one optional section (check runs 403, reviews 500) ends in `partial`
 *    with a notice instead;
 *  - retries are bounded: the pull endpoint is requested at most twice per view (one retry for
 *    a 5xx, none for 4xx, no waiting out a 60 s retry-after) and no request storm follows the
 *    error;
 *  - the page keeps working: no uncaught error from the extension in the page console, the
 *    page's own soft navigation still works after the faults, exactly one panel.
 * Why: the API rate-limits and fails; a panel that hangs, loops or breaks GitHub's page costs
 * the reviewer more than no panel at all.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { screenshot, startBrowser } from "./harness.mjs";
import { OWNER, REPO, TOKEN, assertPageHealthy, variant, view } from "./faults-support.mjs";

const FAULTS = [
  { fault: "401", state: "error", kind: "bad_token", message: /token/i },
  { fault: "404", state: "error", kind: "not_found", message: /not found|no access|private|exist/i },
  { fault: "500", state: "error", kind: "server_error", message: /github|server|error/i },
  { fault: "502", state: "error", kind: "server_error", message: /github|server|error/i },
  { fault: "reset", state: "error", kind: /^(offline|server_error)$/, message: /connect|network|offline|reach/i },
  { fault: "truncated-json", state: "error", kind: "malformed", message: /unexpected|malformed|invalid|could not read/i },
  { fault: "malformed-json", state: "error", kind: "malformed", message: /unexpected|malformed|invalid|could not read/i },
  { fault: "checks-403", state: "partial", message: /check/i },
  { fault: "500:/reviews", state: "partial", message: /review/i },
  // Last: a rate limit is remembered until its reset, which is the point.
  { fault: "secondary-limit", state: "error", kind: "rate_limited", message: /rate limit|try again|wait/i },
  { fault: "403-rate-limit", state: "error", kind: "rate_limited", message: /rate limit/i },
];

test("API faults end in the right state and kind, with bounded retries", { timeout: 150_000 }, async (t) => {
  const numbers = FAULTS.map((_, i) => 5001 + i);
  const browser = await startBrowser({ bundles: numbers.map((n) => variant(n)), server: { absent: "empty" } });
  t.after(() => browser.close());
  await browser.setStorage("local", { "prlens.token": TOKEN });
  const page = await browser.newPage();
  for (const [i, expected] of FAULTS.entries()) {
    const number = numbers[i];
    await t.test(`${expected.fault} → ${expected.state}`, async () => {
      // A fresh extension state per case (the HTTP cache and a remembered rate limit live in
      // storage.local), so each fault is met as on a first visit. The previous panel goes first:
      // alive, it would refetch on the token change and refill the cache (same head SHA).
      await page.goto("about:blank");
      await browser.serviceWorker.evaluate(() => chrome.storage.local.clear());
      await browser.setStorage("local", { "prlens.token": TOKEN });
      browser.server.resetRateLimits();
      browser.server.setFault(expected.fault);
      try {
        // Wait for the expected state itself: the panel may pass through another one while
        // sections arrive (e.g. ready before the check runs fail); a timeout names the state seen.
        const result = await view(browser, page, number, [expected.state]);
        assert.equal(result.state, expected.state, `state; panel says: ${result.text.slice(0, 200)}`);
        if (expected.kind) {
          if (expected.kind instanceof RegExp) assert.match(result.kind ?? "", expected.kind);
          else assert.equal(result.kind, expected.kind, "error kind");
        }
        assert.match(result.text, expected.message, "the message says what happened");
        // At most one retry by the fetcher (a reset connection may also be retried once by the
        // browser's network stack); zero when an earlier request already reported the limit.
        const pullFetches = result.requests.filter((r) => r.pathname === `/repos/${OWNER}/${REPO}/pulls/${number}`);
        const bound = expected.fault === "reset" ? 3 : 2;
        assert.ok(result.requests.length >= 1, "the API was asked");
        assert.ok(pullFetches.length <= bound, `pull requested ${pullFetches.length}× (bounded retries)`);
        assert.ok(result.requests.length <= 60, `${result.requests.length} API requests for one view`);
        await screenshot(page, `faults-${expected.fault.replace(/[^a-z0-9-]/gi, "_")}`);
      } finally {
        browser.server.setFault(null);
      }
    });
  }
  await assertPageHealthy(browser, page);
});
