/**
 * The XSS corpus (tests/xss) in Firefox: nothing executes, nothing is injected, every link
 * points to github.com.
 *
 * What it proves, for every corpus bundle (one per payload class, the payload in every field a
 * PR author controls), served as a PR by the fake github.com: the panel reaches ready/partial
 * and shows the hostile title as text; with the panel expanded no dialog opened, no payload
 * global exists in the page or the panel, and the panel document holds nothing a payload could
 * have produced (tests/xss/audit.mjs, the same audit as the Chromium suite); exactly one
 * `#prlens-root`; no console or extension error. Screenshots target/e2e/firefox-xss-*.png.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

import { auditDocument } from "../../xss/audit.mjs";
import { DEFAULT_PREFS, PREFS_KEY, REPO_ROOT, countPanels, screenshot, sleep, startFirefox, waitForPanelState } from "./harness.mjs";

const XSS_DIR = path.join(REPO_ROOT, "tests/xss/bundles");
const GLOBALS = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "tests/xss/globals.json"), "utf8"));
const CORPUS = fs
  .readdirSync(XSS_DIR)
  .filter((name) => name.endsWith(".json"))
  .sort()
  .map((name) => ({ name: name.replace(/\.json$/, ""), bundle: JSON.parse(fs.readFileSync(path.join(XSS_DIR, name), "utf8")) }));
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u061C]/g;

test("no corpus bundle executes, injects or links anywhere but github.com", { timeout: 180_000 }, async (t) => {
  assert.ok(CORPUS.length >= 7, "the corpus is there");
  const firefox = await startFirefox({ bundles: XSS_DIR, server: { absent: "empty" } });
  t.after(() => firefox.close());
  await firefox.setStorage("sync", { [PREFS_KEY]: { ...DEFAULT_PREFS, expanded: true } });
  const page = await firefox.newPage();
  const dialogs = [];
  page.on("dialog", (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    dialog.dismiss().catch(() => {});
  });

  for (const { name, bundle } of CORPUS) {
    await t.test(name, async () => {
      const { owner, name: repo } = { owner: bundle.pull.base.repo.owner.login, name: bundle.pull.base.repo.name };
      await page.goto(`https://github.com/${owner}/${repo}/pull/${bundle.pull.number}`);
      const { frame } = await waitForPanelState(page, ["ready", "partial"]);
      const titleStart = bundle.pull.title.replace(INVISIBLE, "").slice(0, 12);
      // Invisible characters are shown as ⟪U+XXXX⟫ marks (text::show_invisibles); drop marks and raw ones alike.
      const panelText = (await frame.evaluate(() => document.getElementById("prlens-panel").textContent)).replace(/⟪U\+[0-9A-F]{4,6}⟫/g, "").replace(INVISIBLE, "");
      assert.ok(panelText.includes(titleStart), `panel shows the title as text (${JSON.stringify(titleStart)})`);
      await sleep(300); // let event-handler payloads fire if they could
      assert.deepEqual(await frame.evaluate(auditDocument, { globals: GLOBALS, allowedScriptSrc: ["panel.js", "wasm-boot.js"], rootSelector: null }), [], "panel document");
      const pageProblems = await page.evaluate(auditDocument, { globals: GLOBALS, allowedScriptSrc: [], rootSelector: null });
      // The page's own scripts and links are GitHub's; what matters there is that nothing ran.
      assert.deepEqual(pageProblems.filter((problem) => !/^(script element|link to)/.test(problem)), [], "page document");
      assert.equal(await countPanels(page), 1, "exactly one panel host");
      await screenshot(page, `xss-${name}`);
    });
  }
  assert.deepEqual(dialogs, [], "no alert/confirm/prompt");
  assert.deepEqual(firefox.errors(), []);
});
