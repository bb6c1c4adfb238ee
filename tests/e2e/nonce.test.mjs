/**
 * The panel's nonce never reaches the page, and a panel.html the page frames itself does nothing.
 *
 * What it proves, in Chromium with dist/chrome on the fake github.com:
 *  - a page script that listens to every `message` event on the page window from before the
 *    panel mounts never sees a message from an extension origin at all (the panel talks to our
 *    content script over its MessagePort: its resizes reach the host while the page sees none),
 *    and never the panel's nonce, nor any 32-hex string, in any message;
 *  - a page script that frames panel.html itself, at the extension's URL with a nonce and a PR
 *    of its choice, and posts facts to it with that nonce, gets no API request for that PR and
 *    a panel that shows nothing (it is never confirmed by the background, nonce-registry.js);
 *  - the nonce that the real panel was mounted with, replayed by a page-framed panel.html
 *    (the worst case: a page that somehow learned it), unlocks nothing in another tab;
 *  - nor does it make the real panel hand its signal to a sheet.html framed in another tab,
 *    even while the panel renders again (static extension URLs, as in Firefox).
 * Why: page scripts on github.com receive everything posted to `window.parent`; with the nonce
 * they could drive the panel (another PR with the user's token, the rate limit, the cache).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { bundleOf, extensionWithStaticUrls, makeBundles, panelFrame, startBrowser, waitForPanelState } from "./harness.mjs";

const CASE = "owner-45-files";
const FORGED_NUMBER = 987654;

async function openPanel(t, { extensionDir } = {}) {
  const fixture = makeBundles([CASE]);
  const pull = bundleOf(fixture, CASE).pull;
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty" }, ...(extensionDir ? { extensionDir } : {}) });
  t.after(() => browser.close());
  const owner = pull.base.repo.owner.login;
  const repo = pull.base.repo.name;
  const prUrl = `https://github.com/${owner}/${repo}/pull/${pull.number}`;
  return { browser, owner, repo, prUrl };
}

test("a page script listening to message events never sees a message of the panel, nor its nonce", { timeout: 90_000 }, async (t) => {
  const { browser, prUrl } = await openPanel(t);
  const page = await browser.newPage();
  // In the page's own world, before any script of the page or the extension runs.
  await page.addInitScript(() => {
    window.__seen = [];
    window.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.stringify(event.data);
      } catch {
        data = String(event.data);
      }
      window.__seen.push({ origin: event.origin, data });
    });
  });
  await page.goto(prUrl);
  await waitForPanelState(page, ["ready", "partial"]);
  const frame = await panelFrame(page);
  const nonce = await frame.evaluate(() => /nonce=([0-9a-f]{32})/.exec(location.hash)?.[1]);
  assert.match(nonce ?? "", /^[0-9a-f]{32}$/, "the panel was mounted with a nonce");
  // Make the panel talk: a resize (viewport change).
  await page.setViewportSize({ width: 900, height: 800 });
  await page.waitForTimeout(1_000);
  await page.evaluate(() => window.postMessage({ type: "control" }, "*")); // the listener works (the test can fail)
  await page.waitForTimeout(100);
  const seen = await page.evaluate(() => window.__seen);
  assert.ok(seen.some((message) => message.data.includes('"control"')), "the listener sees messages posted to the page");
  const height = await page.evaluate(() => document.getElementById("prlens-root").getBoundingClientRect().height);
  assert.ok(height > 120, `the panel told our content script its height (${height} px, mounted at 120 px)`);
  assert.deepEqual(seen.filter((message) => !message.origin.startsWith("https://github.com")), [], "no message from an extension origin reaches the page");
  assert.deepEqual(seen.filter((message) => message.data.includes(nonce)), [], "no message holds the nonce");
  assert.deepEqual(seen.filter((message) => /[0-9a-f]{32}/.test(message.data)), [], "no message holds anything nonce-shaped");
});

test("a panel.html framed by the page, with a nonce of its choice, makes no API request and shows nothing", { timeout: 90_000 }, async (t) => {
  const { browser, owner, repo, prUrl } = await openPanel(t);
  const page = await browser.newPage();
  await page.goto(prUrl);
  await waitForPanelState(page, ["ready", "partial"]);
  const realFrame = await panelFrame(page);
  const realNonce = await realFrame.evaluate(() => /nonce=([0-9a-f]{32})/.exec(location.hash)?.[1]);
  const before = browser.server.requests.length;

  // The page learns the extension's URL (the test hands it over) and frames panel.html twice:
  // with a nonce of its choice, and (in a second tab) replaying the real one.
  const frameForged = async (target, nonce) =>
    target.evaluate(
      ({ origin, nonce, owner, repo, number }) => {
        const iframe = document.createElement("iframe");
        iframe.id = "forged-panel";
        iframe.src = `${origin}/pages/panel/panel.html#nonce=${nonce}&pr=${owner}/${repo}/${number}`;
        iframe.style.height = "400px";
        document.body.append(iframe);
        const facts = { type: "prlens:facts", nonce, owner, repo, number, tab: "conversation", facts: { title: "forged" } };
        iframe.addEventListener("load", () => {
          for (let i = 0; i < 10; i += 1) setTimeout(() => iframe.contentWindow.postMessage(facts, origin), i * 200);
        });
      },
      { origin: browser.extensionOrigin, nonce, owner, repo, number: FORGED_NUMBER },
    );
  await frameForged(page, "0123456789abcdef0123456789abcdef");
  const otherTab = await browser.newPage();
  await otherTab.goto(`https://github.com/${owner}/${repo}`);
  await frameForged(otherTab, realNonce);
  await page.waitForTimeout(4_000); // past the background's wait for a late registration

  const forgedRequests = browser.server.requests.slice(before).filter((request) => request.path.includes(`/pulls/${FORGED_NUMBER}`) || request.path.includes(`/${FORGED_NUMBER}`));
  assert.deepEqual(forgedRequests.map((request) => request.path), [], "no request for the PR the page chose");
  for (const tab of [page, otherTab]) {
    const forged = tab.frames().find((frame) => frame !== realFrame && frame.url().includes("/panel.html") && frame.url().includes(String(FORGED_NUMBER)));
    if (!forged) continue; // the browser refused to load it at all (use_dynamic_url): nothing shown either
    const shown = await forged.evaluate(() => ({
      state: document.getElementById("prlens-panel")?.dataset.prlensState ?? null,
      text: document.getElementById("prlens-panel")?.innerText ?? "",
    }));
    assert.notEqual(shown.state, "ready", `a page-framed panel never reaches ready (${tab.url()})`);
    assert.doesNotMatch(shown.text, /risk|forged|#987654/i, "and shows nothing about any PR");
  }
});

test("a sheet.html framed in another tab with the panel's real nonce is never handed the signal", { timeout: 90_000 }, async (t) => {
  const extensionDir = extensionWithStaticUrls();
  t.after(() => fs.rmSync(extensionDir, { recursive: true, force: true }));
  const { browser, owner, repo, prUrl } = await openPanel(t, { extensionDir });
  const page = await browser.newPage();
  await page.goto(prUrl);
  await waitForPanelState(page, ["ready", "partial"]);
  const realFrame = await panelFrame(page);
  const realNonce = await realFrame.evaluate(() => /nonce=([0-9a-f]{32})/.exec(location.hash)?.[1]);

  const otherTab = await browser.newPage();
  await otherTab.goto(`https://github.com/${owner}/${repo}`);
  await otherTab.evaluate(
    ({ origin, nonce }) => {
      const iframe = document.createElement("iframe");
      iframe.src = `${origin}/pages/sheet/sheet.html#nonce=${nonce}`;
      iframe.style.height = "600px";
      document.body.append(iframe);
    },
    { origin: browser.extensionOrigin, nonce: realNonce },
  );
  const forged = await (async () => {
    for (let waited = 0; waited < 10_000; waited += 100) {
      const frame = otherTab.frames().find((candidate) => candidate.url().includes("/pages/sheet/sheet.html"));
      if (frame) return frame;
      await otherTab.waitForTimeout(100);
    }
    return null;
  })();
  assert.ok(forged, "the copy with static URLs lets the page frame sheet.html (the worst case)");
  await otherTab.waitForTimeout(3_000); // past the background's wait for a late registration
  // The real panel renders again and publishes to its sheet (which is not open: nobody of ours listens).
  await realFrame.locator('[data-prlens-action="refresh"]').click();
  await waitForPanelState(page, ["ready", "partial"]);
  await otherTab.waitForTimeout(1_500);
  const drawn = await forged.evaluate(() => ({
    sections: document.querySelectorAll("[data-prlens-section]").length,
    text: document.getElementById("prlens-sheet")?.innerText ?? "",
  }));
  assert.equal(drawn.sections, 0, "the forged sheet draws no section");
  assert.doesNotMatch(drawn.text, new RegExp(`risk|${repo}`, "i"), "and shows nothing of the PR");
});
