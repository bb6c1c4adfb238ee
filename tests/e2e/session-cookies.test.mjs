/**
 * Which extension context may read github.com with the user's session (Chromium). A probe
 * extension (session-probe/) signs in on the fake github.com the way a browser does (the fake
 * answers `Set-Cookie` with GitHub's cookies and attributes, tests/fake-github/session.mjs), then
 * asks for a public PR's `.diff`, a private PR's `.diff` (served only with the session, through a
 * single-use token on patch-diff.githubusercontent.com) and a JSON route with GitHub's XHR
 * headers, from its content script, an extension frame inside the page (prlens's panel), a
 * top-level extension tab and the background, each with `credentials: "include"` and the
 * default. The fake logs the cookie names each request carried; the report is printed and its
 * findings are asserted, so a browser update that changes them fails here (docs/sources.md
 * "Session sources" has the table and what prlens does with it).
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { chromium } from "playwright-core";

import { chromiumPath, extensionOnFakeGitHubArgs, makeBundles, bundleOf } from "./harness.mjs";
import { startFakeGitHub } from "../fake-github/server.mjs";
import { SIGN_IN_PATH } from "../fake-github/session.mjs";
import { assertFindings, buildProbeExtension, CONTEXTS, probeReport, reportLines } from "./session-probe/probe.mjs";

const made = makeBundles(["owner-45-files"]);
const publicBundle = bundleOf(made, "owner-45-files");
const privateBundle = structuredClone(publicBundle);
privateBundle.pull.number = publicBundle.pull.number + 5000;
privateBundle.pull.base.repo = { ...privateBundle.pull.base.repo, private: true };
const { login: owner } = publicBundle.pull.base.repo.owner;
const repo = publicBundle.pull.base.repo.name;
const pullUrl = (bundle) => `https://github.com/${owner}/${repo}/pull/${bundle.pull.number}`;
const TARGETS = {
  "public-diff": { url: `${pullUrl(publicBundle)}.diff` },
  "private-diff": { url: `${pullUrl(privateBundle)}.diff` },
  "json-route": { url: `${pullUrl(publicBundle)}/commits`, headers: { Accept: "application/json", "X-Requested-With": "XMLHttpRequest" } },
};

/** Runs the probe in Chromium with or without the patch-diff host permission; returns the report rows. */
async function probe(patchDiff) {
  const server = await startFakeGitHub({ bundles: [publicBundle, privateBundle] });
  const extensionDir = buildProbeExtension({ browser: "chromium", patchDiff, targets: TARGETS });
  const profile = fs.mkdtempSync("/tmp/prlens-probe-chromium-");
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    ignoreHTTPSErrors: true,
    args: extensionOnFakeGitHubArgs({ extensionDir, port: server.port }),
  });
  try {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker", { timeout: 15000 }));
    const page = await context.newPage();
    // Signing in sets the cookies by the browser's own rules, then lands on the PR page.
    await page.goto(`https://github.com${SIGN_IN_PATH}?return_to=${encodeURIComponent(new URL(pullUrl(publicBundle)).pathname)}`);
    const tab = await context.newPage();
    await tab.goto(`chrome-extension://${new URL(worker.url()).host}/frame.html#tab`);
    const deadline = Date.now() + 20000;
    let results;
    for (;;) {
      results = await worker.evaluate(() => chrome.storage.local.get(null));
      if (CONTEXTS.every((name) => results[`probe:${name}`])) break;
      if (Date.now() > deadline) throw new Error(`probe contexts missing: ${CONTEXTS.filter((name) => !results[`probe:${name}`]).join(", ")}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return probeReport(server, results, TARGETS);
  } finally {
    await context.close().catch(() => {});
    await server.close();
    fs.rmSync(profile, { recursive: true, force: true });
    fs.rmSync(extensionDir, { recursive: true, force: true });
  }
}

test("Chromium: only the background sends github.com's session and, with the patch-diff host permission, reads a PR's diff; the panel frame sends no cookie", async () => {
  const without = await probe(false);
  const withPermission = await probe(true);
  console.log([...reportLines("Chromium, host permissions github.com + api.github.com", without), ...reportLines("Chromium, + patch-diff.githubusercontent.com", withPermission)].join("\n"));
  assertFindings(assert, without, withPermission);
});
