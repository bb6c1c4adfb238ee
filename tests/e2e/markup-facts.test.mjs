/**
 * What the content scripts read from GitHub's real page shapes (tests/fake-github/README.md):
 *  - a sidebar that arrives after the header: the panel starts under the header, never in the
 *    sticky copy, and ends in the sidebar;
 *  - a merged PR: the summary's first link is the merger, so it is never taken as the author;
 *  - U+200E/U+200F-wrapped and shortened file names with 2 of 5 files Viewed: the scored
 *    bundle's `page.viewed_files` is exactly those 2 paths, whether the page names them (file
 *    tree, embedded JSON) or only their `diff-<sha256>` anchors (resolved by the panel);
 *  - diff text that says "generated" marks nothing; only GitHub's own notice does;
 *  - Turbo's back button restores a cloned snapshot: exactly one live panel afterwards.
 */
import test from "node:test";
import assert from "node:assert/strict";

import { countPanels, panelFrame, screenshot, waitForPanelState } from "./harness.mjs";
import { OWNER, REPO, SAMPLE, currentFacts, follow, livePanelFrames, prPath, samplePull, scoredBundle, shownSignal, startVariant, waitForFacts, waitUntil, withRename } from "./markup-support.mjs";

const STICKY = 'div[class*="stickyHeader"]';
const anchorKind = (page) => page.locator("#prlens-root").getAttribute("data-prlens-anchor");

test("a sidebar that arrives late: the panel starts under the header (not the sticky copy) and ends in the sidebar", async (t) => {
  const browser = await startVariant([SAMPLE], { markup: "react2026", navigation: "react", lateSidebarMs: 2500 });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(`https://github.com${prPath(SAMPLE.pull.number)}`);
  await page.locator("#prlens-root").waitFor({ state: "attached" });
  assert.equal(await page.locator("#partial-discussion-sidebar").count(), 0, "the sidebar is not there yet");
  assert.equal(await anchorKind(page), "header");
  assert.equal(await page.locator(`${STICKY} #prlens-root`).count(), 0, "not inside the sticky header copy");
  await page.locator("#partial-discussion-sidebar").waitFor({ state: "attached", timeout: 10_000 });
  await page.locator("#partial-discussion-sidebar > #prlens-root").waitFor({ state: "attached", timeout: 10_000 });
  assert.equal(await anchorKind(page), "sidebar");
  assert.equal(await countPanels(page), 1);
  await waitForPanelState(page, ["ready", "partial"]);
  await waitUntil(() => livePanelFrames(page) === 1, "one live panel iframe");
  await screenshot(page, "markup-late-sidebar");
});

test("a merged PR: the page never takes the summary's merger as the author, on any markup", async (t) => {
  const merged = samplePull({ pull: { state: "closed", merged: true, merged_at: "2026-02-07T10:00:00Z", merged_by: { login: "octo-merger", type: "User" } } });
  const author = merged.pull.user.login;
  const browser = await startVariant([merged], { markup: "legacy", navigation: "react" });
  t.after(() => browser.close());
  const page = await browser.newPage();
  for (const markup of ["legacy", "react2025", "react2026"]) {
    browser.server.setPage({ markup, navigation: "react" });
    await page.goto(`https://github.com${prPath(merged.pull.number)}`);
    await waitForPanelState(page, ["ready", "partial"]);
    assert.ok(await page.getByText("octo-merger").first().count(), `${markup}: the page's summary names the merger`);
    const conversation = await waitForFacts(page, (message) => message.facts.state === "merged", "the merged state");
    assert.equal(conversation.facts.author, author, `${markup}: the Conversation timeline names the opener`);
    await page.goto(`https://github.com${prPath(merged.pull.number, markup === "react2026" ? "/changes" : "/files")}`);
    await waitForPanelState(page, ["ready", "partial"]);
    const files = await waitForFacts(page, (message) => message.facts.state === "merged", "the merged state");
    assert.equal(files.facts.author, null, `${markup}: no timeline on the Files tab, and the summary's link is the merger`);
    assert.equal((await shownSignal(page)).pr.author, author, `${markup}: the panel's author is the API's`);
  }
});

/** The sample as a 2026 PR whose two long paths are shown shortened and both are Viewed. */
const VIEWED_PR = withRename(samplePull());
const LONG = VIEWED_PR.files.filter((file) => file.filename.length > 40).map((file) => file.filename);

for (const [name, variant] of [
  ["the file tree and embedded JSON name the paths", { fileTree: true, embeddedData: true }],
  ["only the diff anchors are on the page (resolved by the panel)", { fileTree: false, embeddedData: false }],
]) {
  test(`U+200E-wrapped, shortened names, 2 of 5 files Viewed → page.viewed_files is exactly those 2: ${name}`, async (t) => {
    assert.equal(LONG.length, 2, "the sample has two paths long enough to be shortened");
    const browser = await startVariant([VIEWED_PR], { markup: "react2026", navigation: "react", renderBatch: 2, ...variant }, { viewed: LONG });
    t.after(() => browser.close());
    const page = await browser.newPage();
    await page.goto(`https://github.com${prPath(VIEWED_PR.pull.number, "/changes")}`);
    const shown = await page.locator('[class*="file-name"] code').first().textContent();
    assert.match(shown, /^\u200E…\/.*\u200F$/, "the page shows the name wrapped in marks and shortened");
    await waitForPanelState(page, ["ready", "partial"]);
    await waitUntil(async () => JSON.stringify((await scoredBundle(page)).page?.viewed_files?.slice().sort()) === JSON.stringify(LONG.slice().sort()), "the scored bundle lists the 2 Viewed files");
    const bundle = await scoredBundle(page);
    assert.deepEqual(bundle.page.viewed_files.slice().sort(), LONG.slice().sort());
    assert.deepEqual(bundle.page.generated_files, []);
    const sent = (await currentFacts(page)).facts;
    if (variant.fileTree) {
      assert.deepEqual([sent.viewed_files.slice().sort(), sent.viewed_anchors], [LONG.slice().sort(), []], "the page named both paths exactly");
    } else {
      assert.deepEqual([sent.viewed_files, sent.viewed_anchors.length], [[], 2], "the page could only give their anchors");
    }

    // The rest of the diff list renders as it is scrolled to; still exactly those 2.
    await waitUntil(async () => {
      await page.locator("[data-fake-diff-sentinel]").evaluate((sentinel) => sentinel.scrollIntoView()).catch(() => {});
      return (await page.locator('[id^="diff-"]').count()) === 5;
    }, "every file rendered after scrolling");
    await page.waitForTimeout(1500); // the content script re-reads after mutations (1 s debounce)
    assert.deepEqual((await scoredBundle(page)).page.viewed_files.slice().sort(), LONG.slice().sort());

    // Ticking the renamed file (screen-reader text "old renamed to new") adds its new path.
    const renamed = VIEWED_PR.files[3].filename;
    await follow(page, `[id="diff-${await sha256(page, renamed)}"] [data-viewed-toggle]`);
    await waitUntil(async () => (await scoredBundle(page)).page.viewed_files.includes(renamed), "the renamed file's new path is Viewed");
    assert.equal((await scoredBundle(page)).page.viewed_files.length, 3);
  });
}

test("diff text that says the file is generated marks nothing; GitHub's own collapsed notice does, on every markup", async (t) => {
  const hostile = samplePull({
    files: (files) => {
      const [first] = files;
      first.patch = [
        "@@ -0,0 +1,3 @@",
        "+# this file was generated by a tool",
        "+Some generated files are not rendered by default. Learn more about how customized files appear on GitHub.",
        '+<a href="https://docs.github.com/repositories/working-with-files/managing-files/customizing-how-changed-files-appear-on-github">generated</a>',
      ].join("\n");
      const lock = { ...files[4], filename: "package-lock.json", status: "modified", patch: "@@ -1 +1 @@\n-{}\n+{ }" };
      return [...files, lock];
    },
  });
  const browser = await startVariant([hostile], { markup: "legacy", navigation: "react" });
  t.after(() => browser.close());
  const page = await browser.newPage();
  for (const markup of ["legacy", "react2025", "react2026"]) {
    browser.server.setPage({ markup, navigation: "react", renderBatch: 10 });
    await page.goto(`https://github.com${prPath(hostile.pull.number, markup === "react2026" ? "/changes" : "/files")}`);
    await page.getByText("this file was generated by a tool").first().waitFor({ state: "attached" });
    await waitForPanelState(page, ["ready", "partial"]);
    const message = await waitForFacts(page, (facts) => facts.facts.generated_files.length + facts.facts.generated_anchors.length > 0, "GitHub's notice on package-lock.json");
    assert.deepEqual(message.facts.generated_files, ["package-lock.json"], `${markup}: only the file with GitHub's notice`);
    assert.deepEqual(message.facts.generated_anchors, []);
  }
});

test("Turbo back restores a cloned snapshot: exactly one live panel for the restored PR", async (t) => {
  const other = samplePull({ number: SAMPLE.pull.number + 1, title: "Second PR for the Turbo snapshot" });
  const browser = await startVariant([SAMPLE, other], { markup: "react2025", navigation: "turbo" });
  t.after(() => browser.close());
  const page = await browser.newPage();
  await page.goto(`https://github.com${prPath(SAMPLE.pull.number)}`);
  await waitForPanelState(page, ["ready", "partial"]);
  // A mark only the snapshot can carry back: the server's HTML never has it.
  await page.evaluate(() => document.querySelector(".TimelineItem").setAttribute("data-before-leaving", "yes"));
  await follow(page, `a.other-pr[href="${prPath(other.pull.number)}"]`);
  await page.locator(`#prlens-root[data-prlens-pr="${OWNER}/${REPO}#${other.pull.number}"]`).waitFor();
  await waitForPanelState(page, ["ready", "partial"]);

  await page.goBack();
  await page.locator('[data-before-leaving="yes"]').waitFor({ state: "attached", timeout: 10_000 }); // the snapshot, not a fetch
  await page.waitForFunction((expected) => {
    const hosts = document.querySelectorAll("#prlens-root");
    return hosts.length === 1 && hosts[0].getAttribute("data-prlens-pr") === expected;
  }, `${OWNER}/${REPO}#${SAMPLE.pull.number}`, { timeout: 15_000, polling: 50 });
  await waitForPanelState(page, ["ready", "partial"]);
  await page.waitForTimeout(1200); // longer than the content script's URL check and facts debounce
  assert.equal(await countPanels(page), 1, "one #prlens-root");
  assert.equal(livePanelFrames(page), 1, "one live panel iframe");
  const frame = await panelFrame(page);
  assert.ok((await frame.locator("#prlens-panel").innerText()).includes(SAMPLE.pull.title));
  const facts = await currentFacts(page);
  assert.equal(facts.number, SAMPLE.pull.number, "the live panel is the restored PR's");

  // The same PR's Files tab and back: the restored snapshot holds an empty clone of the live host.
  await follow(page, 'a[data-fake-tab="files"]');
  await page.waitForURL((url) => url.pathname === prPath(SAMPLE.pull.number, "/files"));
  await page.locator('#prlens-root[data-prlens-anchor="header"]').waitFor({ state: "attached" });
  await page.goBack();
  await page.locator('[data-before-leaving="yes"]').waitFor({ state: "attached", timeout: 10_000 });
  await page.locator('#partial-discussion-sidebar > #prlens-root').waitFor({ state: "attached", timeout: 10_000 });
  await waitForPanelState(page, ["ready", "partial"]);
  await page.waitForTimeout(1200);
  assert.equal(await countPanels(page), 1, "one #prlens-root after a same-PR restore");
  assert.equal(livePanelFrames(page), 1, "one live panel iframe after a same-PR restore");
  assert.equal((await currentFacts(page)).number, SAMPLE.pull.number);
});

function sha256(page, text) {
  return page.evaluate(async (value) => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
  }, text);
}
