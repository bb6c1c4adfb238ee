/**
 * Helpers for the markup-variant e2e tests: project-owned bundles (the seed-like 5-file sample
 * and variants the tests build from it), the page facts the content script sends, and the bundle
 * the panel scored.
 */
import fs from "node:fs";
import path from "node:path";

import { REPO_ROOT, panelFrame, startBrowser, waitForFetchComplete, waitForPanelState } from "./harness.mjs";

export const SAMPLE = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, "www/sample-bundle.json"), "utf8"));
export const OWNER = SAMPLE.pull.base.repo.owner.login;
export const REPO = SAMPLE.pull.base.repo.name;

/** A copy of the sample as another PR: `number`, `title`, and any `pull` fields to override. */
export function samplePull({ number = SAMPLE.pull.number, title = SAMPLE.pull.title, pull = {}, files } = {}) {
  const bundle = structuredClone(SAMPLE);
  Object.assign(bundle.pull, { number, title, html_url: `https://github.com/${OWNER}/${REPO}/pull/${number}`, url: `https://api.github.com/repos/${OWNER}/${REPO}/pulls/${number}`, ...pull });
  if (files) bundle.files = files(bundle.files);
  return bundle;
}

/** The sample with its 4th file renamed (the 2026 header then carries screen-reader rename text). */
export function withRename(bundle) {
  const file = bundle.files[3];
  file.status = "renamed";
  file.previous_filename = "src/transformers/old_training_args.py";
  return bundle;
}

export const prPath = (number, tab = "") => `/${OWNER}/${REPO}/pull/${number}${tab}`;

/** Starts the browser on the fake GitHub serving `bundles` with the page `variant` ({markup, navigation, …}). */
export function startVariant(bundles, variant, server = {}) {
  return startBrowser({ bundles, server: { absent: "empty", page: variant, ...server } });
}

/**
 * The page facts the content script sends now: the panel frame asks the background to confirm
 * its nonce again (as a reloaded panel does), our content script hands it a new port
 * (content/messaging.js) and sends its facts over it; the first `prlens:facts` on that port is
 * returned.
 */
export async function currentFacts(page) {
  const frame = await panelFrame(page);
  return frame.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const nonce = /#nonce=([0-9a-f]{32})/.exec(location.hash)[1];
        const timer = setTimeout(() => reject(new Error("no prlens:facts within 10 s")), 10_000);
        window.addEventListener("message", function onConnect(event) {
          if (event.data?.type !== "prlens:connect" || event.ports.length !== 1) return;
          window.removeEventListener("message", onConnect);
          const port = event.ports[0]; // the same port the panel adopts (page-port.js)
          port.addEventListener("message", function onFacts(message) {
            if (message.data?.type !== "prlens:facts") return;
            port.removeEventListener("message", onFacts);
            clearTimeout(timer);
            resolve(message.data);
          });
          port.start();
        });
        chrome.runtime.sendMessage({ type: "prlens:confirm-nonce", nonce });
      }),
  );
}

/** Polls `currentFacts` until `check(message)` holds; returns that message. */
export async function waitForFacts(page, check, what, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  let last = null;
  for (;;) {
    try {
      last = await currentFacts(page);
      if (check(last)) return last;
    } catch (error) {
      if (!/detached|Execution context|no prlens:facts|Target closed/.test(String(error.message))) throw error;
    }
    if (Date.now() > deadline) throw new Error(`facts never showed ${what}; last: ${JSON.stringify(last?.facts)}`);
    await page.waitForTimeout(250);
  }
}

/** What the panel's "Download bundle"/"Download signal" would save, read from the panel frame. */
async function saved(page, action) {
  await waitForPanelState(page, ["ready", "partial"]);
  const frame = await waitForFetchComplete(page); // a cold view's first panel may still be refining
  const text = await frame.evaluate(async (name) => {
    const original = URL.createObjectURL;
    let captured = null;
    URL.createObjectURL = (blob) => {
      captured = blob;
      return original.call(URL, blob);
    };
    try {
      document.querySelector(`button[data-prlens-action="${name}"]`).click();
      return captured ? await captured.text() : null;
    } finally {
      URL.createObjectURL = original;
    }
  }, action);
  if (!text) throw new Error(`the panel saved nothing for ${action}`);
  return JSON.parse(text);
}

/** The bundle the panel scored (page facts included). */
export const scoredBundle = (page) => saved(page, "download-bundle");
/** The signal on screen. */
export const shownSignal = (page) => saved(page, "download-signal");

/** Waits until `check()` is true (polling), or throws naming `what`. */
export async function waitUntil(check, what, timeout = 15_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Number of live panel iframes in the page's frame tree. */
export const livePanelFrames = (page) => page.frames().filter((frame) => !frame.isDetached() && /\/panel\.html/.test(frame.url())).length;

/**
 * Activates an element as a user does, without pointer movement races: focused, then Enter for a
 * link or Space for a button or checkbox (a trusted key press, without which prlens would not load
 * another PR on its own, content/gesture.js); the page's own script handles the click that follows.
 */
export async function follow(page, selector) {
  const element = page.locator(selector).first();
  await element.focus();
  await page.keyboard.press((await element.evaluate((node) => node.tagName)) === "A" ? "Enter" : " ");
}

/**
 * In the panel frame of `page`: asks the background to confirm the panel's nonce again (as a
 * reloaded panel does), so our content script hands the frame a new port (content/messaging.js),
 * which the panel adopts; the test keeps a hold of the same port as `window.__tappedPort`, and
 * every message our content script sends on it lands in `window.__fromContent` (newest last).
 * Returns the frame.
 */
export async function tapPanelPort(page) {
  const frame = await panelFrame(page);
  await frame.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const nonce = /#nonce=([0-9a-f]{32})/.exec(location.hash)[1];
        const timer = setTimeout(() => reject(new Error("no prlens:connect within 10 s")), 10_000);
        window.__fromContent = [];
        window.addEventListener("message", function onConnect(event) {
          if (event.data?.type !== "prlens:connect" || event.ports.length !== 1) return;
          window.removeEventListener("message", onConnect);
          clearTimeout(timer);
          const port = event.ports[0];
          window.__tappedPort = port;
          port.addEventListener("message", (message) => window.__fromContent.push(message.data));
          port.start();
          resolve();
        });
        chrome.runtime.sendMessage({ type: "prlens:confirm-nonce", nonce });
      }),
  );
  return frame;
}

/** Sends `message` to our content script as the panel would, on the port `tapPanelPort` took. */
export function sendAsPanel(frame, message) {
  return frame.evaluate((data) => window.__tappedPort.postMessage(data), message);
}
