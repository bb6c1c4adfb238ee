/**
 * Which extension context may read github.com with the user's session (Firefox ESR), the twin of
 * tests/e2e/session-cookies.test.mjs: the same probe extension (tests/e2e/session-probe/), signed
 * in on the fake github.com by the browser itself, asks for a public and a private PR's `.diff`
 * and a JSON route from its content script, an extension frame in the page, an extension tab and
 * the background (an event page here), with and without the patch-diff host permission. The
 * report is printed and its findings asserted (docs/sources.md "Session sources").
 *
 * The probe add-on is not prlens, so Firefox is started here as harness.mjs starts it (same
 * prefs: every host resolves to the fake; the add-on's uuid fixed), without prlens's own checks.
 */
import test from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import puppeteer from "puppeteer-core";

import { makeBundles, bundleOf } from "../harness.mjs";
import { startFakeGitHub } from "../../fake-github/server.mjs";
import { SIGN_IN_PATH } from "../../fake-github/session.mjs";
import { assertFindings, buildProbeExtension, CONTEXTS, probeReport, reportLines } from "../session-probe/probe.mjs";

const FIREFOX = [process.env.FIREFOX_PATH, "/usr/bin/firefox-esr"].filter(Boolean).find((candidate) => fs.existsSync(candidate));
const PROBE_ID = "prlens-session-probe@prlens.dev";
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

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

async function probe(patchDiff) {
  const server = await startFakeGitHub({ bundles: [publicBundle, privateBundle] });
  const extensionDir = buildProbeExtension({ browser: "firefox", patchDiff, targets: TARGETS });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-probe-firefox-"));
  const uuid = crypto.randomUUID();
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: true,
    acceptInsecureCerts: true,
    userDataDir: profile,
    args: ["--remote-allow-system-access"],
    extraPrefsFirefox: {
      "network.dns.localDomains": "github.com,api.github.com,patch-diff.githubusercontent.com",
      "network.dns.forceResolve": "127.0.0.1",
      "network.socket.forcePort": `443=${server.port}`,
      "extensions.originControls.grantByDefault": true,
      "extensions.webextensions.uuids": JSON.stringify({ [PROBE_ID]: uuid }),
    },
  });
  try {
    await browser.installExtension(extensionDir);
    const page = await browser.newPage();
    await page.goto(`https://github.com${SIGN_IN_PATH}?return_to=${encodeURIComponent(new URL(pullUrl(publicBundle)).pathname)}`);
    const tab = await browser.newPage();
    const tabUrl = `moz-extension://${uuid}/frame.html#tab`;
    tab.goto(tabUrl).catch(() => {}); // an extension page's goto never settles in Firefox (harness.mjs)
    const deadline = Date.now() + 30000;
    let results = {};
    for (;;) {
      results = (await tab.evaluate(() => (location.href.startsWith("moz-extension:") ? browser.storage.local.get(null) : null)).catch(() => null)) ?? {};
      if (CONTEXTS.every((name) => results[`probe:${name}`])) break;
      if (Date.now() > deadline) throw new Error(`probe contexts missing: ${CONTEXTS.filter((name) => !results[`probe:${name}`]).join(", ")}`);
      await sleep(200);
    }
    return probeReport(server, results, TARGETS);
  } finally {
    await browser.close().catch(() => {});
    await server.close();
    fs.rmSync(profile, { recursive: true, force: true });
    fs.rmSync(extensionDir, { recursive: true, force: true });
  }
}

test("Firefox: only the background sends github.com's session and, with the patch-diff host permission, reads a PR's diff; the panel frame sends no cookie", { skip: !FIREFOX && "firefox-esr not installed" }, async () => {
  const without = await probe(false);
  const withPermission = await probe(true);
  console.log([...reportLines("Firefox, host permissions github.com + api.github.com", without), ...reportLines("Firefox, + patch-diff.githubusercontent.com", withPermission)].join("\n"));
  assertFindings(assert, without, withPermission);
});
