/**
 * The maintainer-defense requests cost no extra wait: on a cold view of the project's 45-file
 * PR, the panel asks for the PR's timeline, the author's public events, the issue the PR closes
 * (with its timeline) and the base branch's PR template, and still shows its first complete
 * panel after two sequential API round trips — the defense requests ride in the waves the view
 * already waits for.
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

import { bundleOf, makeBundles, panelFrame, startBrowser, waitForPanelState } from "./harness.mjs";

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

test("a cold view fetches timeline, events, linked issue and PR template within its two round trips", { timeout: 90_000 }, async (t) => {
  const browser = await startBrowser({ bundles: fixture.dir, server: { apiLatencyMs: LATENCY_MS }, extensionDir });
  t.after(() => browser.close());
  const bundle = bundleOf(fixture, "owner-45-files");
  const repo = bundle.pull.base.repo;
  const page = await browser.newPage();
  await page.goto(`https://github.com/${repo.owner.login}/${repo.name}/pull/${bundle.pull.number}`);
  assert.equal(await waitForPanelState(page, ["ready"], { timeout: 40_000 }), "ready");

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

  const frame = await panelFrame(page);
  const marks = await frame.evaluate(() => performance.getEntriesByType("mark").map((mark) => mark.name));
  assert.ok(marks.includes("prlens:api-round-trips-2"), `the panel marks the round trips it waited for: ${marks.join(", ")}`);
  assert.ok(marks.some((mark) => /^prlens:first-wave-(pull-only|page-facts)$/.test(mark)), `the panel marks what wave 1 was built from: ${marks.join(", ")}`);

  // The downloaded bundle holds GitHub's raw answers.
  const [download] = await Promise.all([page.waitForEvent("download"), frame.locator('[data-prlens-action="download-bundle"]').first().click()]);
  const behind = JSON.parse(await (await import("node:fs")).promises.readFile(await download.path(), "utf8"));
  assert.deepEqual(behind.timeline, bundle.timeline);
  assert.deepEqual(behind.events, bundle.events);
  assert.deepEqual(behind.linked_issues, bundle.linked_issues);
  assert.deepEqual(behind.pr_template, bundle.pr_template);
  assert.deepEqual(browser.consoleErrors, []);
});
