/**
 * A cold view of the project's 45-file PR, whose page names the head SHA and the author, shows
 * its first complete panel after one sequential API round trip (issue 21's budget): wave 1
 * holds everything that can affect risk (pull, files, commits, reviews, timeline, checks, the
 * author's profile, history and events). Wave 2 — familiarity, the issue the PR closes (with
 * its timeline) and the base branch's PR template — arrives after that first panel, which says
 * so; the panel then re-renders, and the bundle behind the final panel holds them all.
 *
 * How the waves are seen: the fake GitHub answers every API request after a fixed latency, so
 * requests sent together arrive together and the next wave arrives at least one latency later;
 * grouping the server's log by arrival time gives the rounds. The panel's own mark
 * (`prlens:api-round-trips-N`, set from the fetcher's count) must agree.
 *
 * Needs ./build.sh (dist/chrome).
 */
import test from "node:test";
import assert from "node:assert/strict";

import { bundleOf, makeBundles, panelFrame, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";

const extensionDir = process.env.PRLENS_E2E_EXTENSION_DIR || undefined;
const LATENCY_MS = 400;
const fixture = makeBundles(["owner-45-files"]);

/** API requests grouped into rounds: a gap of more than half the latency starts a new one. */
function rounds(requests) {
  const grouped = [];
  let last = -Infinity;
  for (const request of [...requests].sort((a, b) => a.receivedAt - b.receivedAt)) {
    if (request.receivedAt - last > LATENCY_MS / 2) grouped.push([]);
    grouped.at(-1).push(request.path);
    last = request.receivedAt;
  }
  return grouped;
}

test("a cold view shows its first panel after one round trip, and timeline, events, linked issue and PR template within two", { timeout: 90_000 }, async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, server: { apiLatencyMs: LATENCY_MS }, extensionDir });
  t.after(() => browser.close());
  const bundle = bundleOf(fixture, "owner-45-files");
  const repo = bundle.pull.base.repo;
  // The panel's first ready/partial render, seen from inside its frame (a poll from here could
  // miss it: the final render follows one latency later).
  await browser.context.addInitScript(() => {
    if (!location.pathname.endsWith("/panel.html")) return;
    const seen = (globalThis.__firstPanel = { value: null });
    const check = () => {
      const root = document.getElementById("prlens-panel");
      const state = root?.getAttribute("data-prlens-state");
      if (seen.value || (state !== "ready" && state !== "partial")) return;
      seen.value = { state, fetch: root.getAttribute("data-prlens-fetch"), notice: root.querySelector("[data-prlens-notice]")?.textContent ?? "" };
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-prlens-state", "data-prlens-fetch"] });
  });
  const page = await browser.newPage();
  await page.goto(`https://github.com/${repo.owner.login}/${repo.name}/pull/${bundle.pull.number}`);
  assert.equal(await waitForPanelState(page, ["ready"], { timeout: 40_000 }), "ready");
  const first = await (await panelFrame(page)).evaluate(() => globalThis.__firstPanel?.value);
  assert.equal(first?.state, "ready", "the first panel is complete, not partial");
  assert.equal(first.fetch, "refining", "the first panel came before wave 2 was answered");
  assert.match(first.notice, /familiarity, linked issues, the PR template and your view arrive after the first view/);
  const frame = await waitForFetchComplete(page, { timeout: 40_000 });

  const sent = browser.server.apiRequests();
  const waves = rounds(sent);
  assert.equal(waves.length, 2, `two rounds of API requests:\n${waves.map((wave) => wave.join("\n")).join("\n--\n")}`);
  const full = `/repos/${repo.owner.login}/${repo.name}`;
  const defense = [
    [`${full}/issues/${bundle.pull.number}/timeline?per_page=100`, 0],
    // Round 1 when the page shows the head and the author (the first wave from page facts).
    [`/users/${bundle.pull.user.login}/events/public?per_page=100`, null],
    [`${full}/issues/198`, 1],
    [`${full}/issues/198/timeline?per_page=100`, 1],
    [`${full}/contents/.github/pull_request_template.md?ref=${bundle.pull.base.ref}`, 1],
  ];
  for (const [path, wave] of defense) {
    const where = waves.findIndex((round) => round.includes(path));
    assert.ok(wave === null ? where >= 0 : where === wave, `${path} in round ${wave === null ? "1 or 2" : wave + 1}, not ${where + 1}`);
    assert.equal(sent.find((request) => request.path === path)?.status, 200, path);
  }

  const timed = await frame.evaluate(() => performance.getEntriesByType("mark").map((mark) => ({ name: mark.name, at: mark.startTime })));
  const marks = timed.map((mark) => mark.name);
  assert.ok(marks.includes("prlens:api-round-trips-2"), `the fetch took two round trips: ${marks.join(", ")}`);
  assert.ok(marks.includes("prlens:first-render-round-trips-1"), `the first panel waited for one: ${marks.join(", ")}`);
  const at = (name) => timed.find((mark) => mark.name === name)?.at;
  assert.ok(at("prlens:first-rendered") < at("prlens:fetched"), "the first panel showed before the fetch ended");
  assert.ok(marks.includes("prlens:first-wave-page-facts"), `wave 1 was built from the page's facts: ${marks.join(", ")}`);

  // The downloaded bundle, the final one, holds GitHub's raw answers.
  const [download] = await Promise.all([page.waitForEvent("download"), frame.locator('[data-prlens-action="download-bundle"]').first().click()]);
  const behind = JSON.parse(await (await import("node:fs")).promises.readFile(await download.path(), "utf8"));
  assert.deepEqual(behind.timeline, bundle.timeline);
  assert.deepEqual(behind.events, bundle.events);
  assert.deepEqual(behind.linked_issues, bundle.linked_issues);
  assert.deepEqual(behind.pr_template, bundle.pr_template);
  // Familiarity is asked for the focus files only, after the first panel.
  assert.ok(Object.keys(behind.familiarity?.[bundle.pull.user.login] ?? {}).length > 0, "the author's familiarity is in the final bundle");
  assert.ok(!(behind.fetch_notes ?? []).some((note) => /after the first view/.test(note)), "the final bundle has nothing still coming");
  assert.deepEqual(browser.consoleErrors, []);
});

test("a cold view runs the engine once on its built-in PR while wave 1 is on the network; a revisit under the remembered panel does not", { timeout: 90_000 }, async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, server: { apiLatencyMs: LATENCY_MS }, extensionDir });
  t.after(() => browser.close());
  const bundle = bundleOf(fixture, "owner-45-files");
  const repo = bundle.pull.base.repo;
  const marksOf = (frame) => frame.evaluate(() => performance.getEntriesByType("mark").map((mark) => ({ name: mark.name, at: mark.startTime })));
  const page = await browser.newPage();
  await page.goto(`https://github.com/${repo.owner.login}/${repo.name}/pull/${bundle.pull.number}`);
  const cold = await marksOf(await waitForFetchComplete(page, { timeout: 40_000 }));
  const at = (marks, name) => marks.filter((mark) => mark.name === name).map((mark) => mark.at);
  const names = cold.map((mark) => mark.name).join(", ");
  assert.equal(at(cold, "prlens:warm-up-start").length, 1, `one warm-up on the cold view: ${names}`);
  const [start] = at(cold, "prlens:warm-up-start");
  const [end] = at(cold, "prlens:warm-up-end");
  assert.ok(start >= at(cold, "prlens:fetch-start")[0], "the warm-up starts after the fetch sent its requests");
  // Wave 1 takes 400 ms here: the warm-up is long done before any answer could be scored.
  assert.ok(end < at(cold, "prlens:first-rendered")[0], `the warm-up ended before the first panel: ${names}`);
  assert.equal(await (await panelFrame(page)).locator("#prlens-panel").getAttribute("data-prlens-state"), "ready");

  await page.reload();
  const warm = await marksOf(await waitForFetchComplete(page, { timeout: 40_000 }));
  assert.equal(at(warm, "prlens:cached-rendered").length, 1, "the revisit showed the remembered panel");
  assert.equal(at(warm, "prlens:warm-up-start").length, 0, `no warm-up under a remembered panel: ${warm.map((mark) => mark.name).join(", ")}`);
  assert.deepEqual(browser.consoleErrors, []);
});
