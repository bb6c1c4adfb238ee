/**
 * The playground's live fetch: a mistyped PR reference is answered with a message and no
 * request; live fetches go only to api.github.com, the token never appears in a URL, and a rate
 * limit becomes advice; a `?pr=` link makes no authenticated request before the visitor
 * clicks Analyze; a pasted PR URL is fetched from a stand-in for api.github.com
 * (tests/fake-github) and rendered.
 * Why: a token sent on a stranger's say-so, or in a URL, leaks the visitor's access.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { CLOSED_NETWORK_ARGS } from "./harness.mjs";
import { CHROMIUM, PANEL_TIMEOUT_MS, openPage, playground, usePlayground, waitForPanel } from "./www-support.mjs";

usePlayground();

/** Answers api.github.com like GitHub does when the anonymous rate limit is used up. */
function rateLimitedApi(route) {
  const url = route.request().url();
  if (!url.startsWith("https://api.github.com/")) return route.abort("blockedbyclient");
  return route.fulfill({
    status: 403,
    headers: {
      "content-type": "application/json",
      "access-control-allow-origin": "*",
      "access-control-expose-headers": "x-ratelimit-remaining, x-ratelimit-reset, x-ratelimit-limit",
      "x-ratelimit-limit": "60",
      "x-ratelimit-remaining": "0",
      "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 1800),
    },
    body: JSON.stringify({
      message: "API rate limit exceeded for 203.0.113.7.",
      documentation_url: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting",
    }),
  });
}

test("a mistyped PR reference gets a clear message and makes no request", async () => {
  const { page, context, record } = await openPage();
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  const requestsBefore = record.requests.length;
  await page.fill("#pr-input", "https://github.com/octo/demo/issues/7");
  await page.click("#analyze-button");
  await page.waitForSelector('#status[data-tone="error"]');
  assert.match(await page.textContent("#status"), /issue, not a pull request/);
  assert.equal(await page.getAttribute("#pr-input", "aria-invalid"), "true");
  assert.equal(record.requests.length, requestsBefore);
  assert.match(await page.getAttribute("#prlens-panel", "data-prlens-state"), /^(ready|partial)$/, "the sample stays");
  await context.close();
});

test("a live fetch talks only to api.github.com, keeps the token out of URLs, and explains a rate limit", async () => {
  const { page, context, record } = await openPage({ routeApi: rateLimitedApi });
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  const token = "ghp_" + "A1b2C3d4E5".repeat(4);
  await page.click("#token-details > summary");
  await page.fill("#token-input", token);
  await page.click("#token-save");
  assert.match(await page.textContent("#token-state"), /for this tab only/);
  assert.equal(await page.evaluate(() => window.localStorage.length), 0, "not remembered unless asked");
  await page.fill("#pr-input", "octo/demo#7");
  await page.click("#analyze-button");
  await page.waitForSelector('#error-region[data-prlens-state="error"]', { timeout: PANEL_TIMEOUT_MS });
  assert.equal(await page.getAttribute("#error-region", "data-kind"), "rate_limited");
  assert.match(await page.textContent("#error-region"), /rate limit/i);
  assert.equal(await page.getAttribute("#prlens-panel", "data-prlens-state"), "error");
  const external = record.requests.filter((r) => !r.url.startsWith(playground.baseUrl));
  assert.ok(external.length > 0, "the page asked GitHub");
  for (const request of external) {
    assert.ok(request.url.startsWith("https://api.github.com/repos/octo/demo/"), request.url);
    assert.ok(!request.url.includes(token), "token not in a URL");
  }
  assert.ok(external.some((r) => (r.headers.authorization ?? "").includes(token)), "token sent to api.github.com");
  for (const request of record.requests.filter((r) => r.url.startsWith(playground.baseUrl))) {
    assert.ok(!JSON.stringify(request).includes(token), `token not sent to the page's own server (${request.url})`);
  }
  assert.ok(!page.url().includes(token), "token not in the page address");
  // "Try again" runs the fetch again (the fetcher may answer from its rate-limit memory
  // without a request): the error box is rebuilt, still saying why.
  await page.evaluate(() => document.querySelector("#error-region strong").setAttribute("data-before-retry", ""));
  await page.click("#error-region button");
  await page.waitForSelector("#error-region strong:not([data-before-retry])");
  assert.equal(await page.getAttribute("#error-region", "data-kind"), "rate_limited");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("a ?pr= link makes no authenticated request before the visitor clicks Analyze", async () => {
  const seen = [];
  const { page, context, record } = await openPage({
    routeApi: (route) => {
      seen.push({ url: route.request().url(), authorization: route.request().headers().authorization ?? null });
      return rateLimitedApi(route);
    },
  });
  await page.goto(playground.baseUrl);
  await waitForPanel(page);
  const token = "ghp_" + "Z9y8X7w6V5".repeat(4);
  await page.evaluate((value) => window.localStorage.setItem("prlens.www.token", value), token);
  await page.goto(`${playground.baseUrl}?pr=${encodeURIComponent("secret-org/private#7")}`);
  await waitForPanel(page);
  await page.waitForTimeout(1_500);
  assert.deepEqual(seen.filter((request) => request.authorization), [], "nothing sent with the token on opening the link");
  assert.equal(await page.inputValue("#pr-input"), "secret-org/private#7", "the link still fills in the PR");
  assert.match(await page.textContent("#status"), /Press Analyze/);
  await page.click("#analyze-button");
  await page.waitForSelector('#error-region[data-prlens-state="error"]', { timeout: PANEL_TIMEOUT_MS });
  assert.ok(seen.some((request) => (request.authorization ?? "").includes(token)), "the click does send it (the test can fail)");
  assert.deepEqual(record.errors, []);
  await context.close();
});

test("pasting a PR URL fetches it live from (a stand-in for) api.github.com and renders it", async () => {
  // The fake GitHub answers from the same recorded bundle; Chromium resolves api.github.com to it.
  const { startFakeGitHub } = await import("../fake-github/server.mjs");
  const bundle = JSON.parse(fs.readFileSync(path.join(playground.bundlesDir, "owner-45-files.json"), "utf8"));
  const github = await startFakeGitHub({ bundles: [bundle], absent: "empty", maxLifetimeMs: 120_000 });
  const { chromium } = await import("playwright-core");
  const liveBrowser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      ...CLOSED_NETWORK_ARGS,
      `--host-resolver-rules=MAP api.github.com 127.0.0.1:${github.port}`,
      "--ignore-certificate-errors",
    ],
  });
  try {
    const context = await liveBrowser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    const hosts = new Set();
    page.on("pageerror", (error) => errors.push(String(error)));
    page.on("request", (request) => hosts.add(new URL(request.url()).host));
    await page.goto(playground.baseUrl);
    await waitForPanel(page);
    const token = "ghp_test_valid_playground_token";
    await page.click("#token-details > summary");
    await page.fill("#token-input", token);
    await page.click("#token-save");
    await page.fill("#pr-input", "https://github.com/tidewater/harbor-client/pull/212/files");
    await page.click("#analyze-button");
    await page.waitForFunction(() => document.getElementById("source-banner").dataset.kind === "live");
    await page.waitForFunction(
      () => /^(ready|partial)$/.test(document.getElementById("prlens-panel").dataset.prlensState ?? "") &&
        document.getElementById("source-detail").textContent.startsWith("Fetched"),
      null,
      { timeout: PANEL_TIMEOUT_MS },
    );
    assert.equal(await page.textContent("#source-text"), "Live: tidewater/harbor-client#212");
    assert.equal(await page.getAttribute("#source-link", "href"), "https://github.com/tidewater/harbor-client/pull/212");
    assert.match(await page.textContent("#source-detail"), /with your token/);
    assert.equal(await page.textContent("#live-pr-name"), "tidewater/harbor-client#212");
    assert.equal(new URL(page.url()).searchParams.get("pr"), "tidewater/harbor-client#212", "shareable address");
    assert.ok(!page.url().includes(token), "token not in the page address");
    // CORS preflights (OPTIONS) carry no credentials by design; the GETs are what count.
    const apiRequests = github.requests.filter((request) => request.method === "GET");
    assert.ok(apiRequests.some((request) => request.pathname === "/repos/tidewater/harbor-client/pulls/212"), "the pull was fetched");
    assert.ok(apiRequests.every((request) => request.host === "api.github.com"), "only api.github.com was asked");
    assert.ok(apiRequests.every((request) => request.authorization), "the token went with every API request");
    assert.deepEqual([...hosts].filter((host) => host !== new URL(playground.baseUrl).host && host !== "api.github.com"), [], "no other host contacted");
    assert.deepEqual(errors, []);
    await context.close();
  } finally {
    await liveBrowser.close();
    await github.close();
  }
});
