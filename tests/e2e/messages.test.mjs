/**
 * Messages between the page, the content script and the panel iframe are accepted only from
 * the expected window, origin and nonce, and only in the expected shape; owner/repo/number are
 * matched by strict patterns before any URL is built.
 *
 * What it proves:
 *  - unit level (the content scripts run in a VM, as the url-detection test does): no frame of
 *    ours posts to `window.parent`; the channel hands a frame its port only on the background's
 *    `frame-ready` note for that kind and nonce (never on a note from a tab or another
 *    extension), posts that port only to the frame's window at the extension's origin (never
 *    "*"), keeps messages until a frame document is connected, and ignores everything once
 *    closed; a frame message of an unknown type or with a hostile anchor/height is dropped;
 *    nonces are 128-bit and fresh; hostile PR URLs (encoded slashes, look-alike hosts,
 *    out-of-range numbers, overlong names) never yield a pull reference, so no URL is built;
 *  - wasm level (dist/chrome/pkg in node, `fetch` replaced by a recorder): `fetchBundle` rejects
 *    hostile owner/repo/number (traversal, query/fragment characters, encoded slashes, 0,
 *    2^31+1, strings, overlong names) with a clear error and makes no request at all;
 *  - browser level (when the harness and dist exist): forged `prlens:*` messages posted by page
 *    script to the page window and to every frame (including the panel, which page script can
 *    reach through `window.frames`) change nothing: the panel keeps showing the right PR, the
 *    page does not scroll or navigate, and the iframe keeps its height.
 * Why: page scripts can post messages to any window; an unchecked message could make the panel
 * fetch another repository with the user's token or navigate the page.
 */
import test from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The extension API the content scripts see: runtime messages can be delivered by the test. */
const runtimeListeners = [];
const EXTENSION_ID = "abcdefghijklmnopabcdefghijklmnop";
const fakeChrome = { runtime: { id: EXTENSION_ID, onMessage: { addListener: (listener) => runtimeListeners.push(listener) } } };
/** Delivers a runtime message to the content scripts as `sender` (the background by default). */
const deliverRuntime = (message, sender = { id: EXTENSION_ID }) => runtimeListeners.forEach((listener) => listener(message, sender, () => {}));

/** Loads content scripts into one VM context, as the browser's isolated world would. */
function loadContent(files) {
  const sandbox = { URL, crypto: globalThis.crypto, AbortController, MessageChannel, console, chrome: fakeChrome };
  sandbox.globalThis = sandbox;
  vm.createContext(sandbox);
  vm.runInContext(fs.readFileSync(path.join(repoRoot, "extension/content/state.js"), "utf8"), sandbox, { filename: "state.js" }); // the shared object, as the manifest loads it first
  vm.runInContext(fs.readFileSync(path.join(repoRoot, "extension/shared/github-names.js"), "utf8"), sandbox, { filename: "github-names.js" });
  vm.runInContext(fs.readFileSync(path.join(repoRoot, "extension/shared/messages.js"), "utf8"), sandbox, { filename: "messages.js" });
  for (const file of files) {
    vm.runInContext(fs.readFileSync(path.join(repoRoot, "extension/content", file), "utf8"), sandbox, { filename: file });
  }
  return { ...sandbox.prlensContent, names: sandbox.prlensNames };
}

const { messaging, url, names } = loadContent(["url.js", "messaging.js"]);
const NONCE = "0123456789abcdef0123456789abcdef";
/** Objects made in the VM have its prototypes; compare their JSON shape. */
const plain = (value) => (value === null || value === undefined ? value : JSON.parse(JSON.stringify(value)));
const ANCHOR = `diff-${"ab".repeat(32)}`;

test("no frame of ours posts to the page: every frame message goes over its port", () => {
  // Whatever a frame posts to window.parent reaches every page script, with the frame's origin
  // (in Firefox a per-install moz-extension:// UUID).
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".js")) files.push(file);
    }
  };
  walk("extension");
  const offenders = files.filter((file) => /\bparent\.postMessage\(|\btop\.postMessage\(|opener\.postMessage\(/.test(fs.readFileSync(path.join(repoRoot, file), "utf8")));
  assert.ok(files.length > 20, "the extension's scripts were read");
  assert.deepEqual(offenders, []);
  assert.deepEqual(plain(messaging.parsePanelMessage({ type: "prlens:resize", height: 300 })), { type: "prlens:resize", height: 300 });
  assert.equal(messaging.parsePanelMessage({ type: "prlens:hello" }), null, "a frame connects through the background, not by a message");
});

test("panel messages of unknown type or shape are dropped", () => {
  for (const data of [null, undefined, "prlens:hello", 7, [], { nonce: NONCE }, { type: "prlens:facts", nonce: NONCE }, { type: "prlens:eval", nonce: NONCE, code: "alert(1)" }, { type: "PRLENS:GOODBYE", nonce: NONCE }]) {
    assert.equal(messaging.parsePanelMessage(data, NONCE), null, JSON.stringify(data));
  }
});

test("scroll-to and open-files accept only diff-<64 hex> anchors", () => {
  const hostile = [
    "diff-" + "a".repeat(63),
    "diff-" + "a".repeat(65),
    "diff-" + "A".repeat(64),
    "javascript:alert(1)",
    `${ANCHOR}#x`,
    ` ${ANCHOR}`,
    `${ANCHOR}\n`,
    "../../settings",
    { toString: () => ANCHOR },
  ];
  for (const type of ["prlens:scroll-to", "prlens:open-files"]) {
    for (const anchor of hostile) {
      assert.equal(messaging.parsePanelMessage({ type, nonce: NONCE, anchor }, NONCE), null, `${type} ${String(anchor)}`);
    }
    assert.deepEqual(plain(messaging.parsePanelMessage({ type, nonce: NONCE, anchor: ANCHOR }, NONCE)), { type, anchor: ANCHOR });
  }
  assert.equal(messaging.parsePanelMessage({ type: "prlens:scroll-to", nonce: NONCE }, NONCE), null, "scroll-to needs an anchor");
});

test("resize heights are numbers, clamped to a sane range", () => {
  for (const height of ["abc", NaN, Infinity, undefined, {}]) {
    assert.equal(messaging.parsePanelMessage({ type: "prlens:resize", nonce: NONCE, height }, NONCE), null, String(height));
  }
  const clamp = (height) => messaging.parsePanelMessage({ type: "prlens:resize", nonce: NONCE, height }, NONCE).height;
  assert.ok(clamp(1e9) <= 5000 && clamp(-5) >= 0 && clamp(300) === 300);
});

/** An open channel on a fake iframe; `posted` records every post into the iframe's windows. */
function fakeChannel(kind = "panel") {
  const posted = [];
  /** A browsing context in the iframe; moving the iframe replaces it (`iframe.contentWindow = newWindow(…)`). */
  const newWindow = (label) => ({ postMessage: (data, origin, transfer) => posted.push({ data, origin, to: label, port: transfer?.[0] }) });
  const iframe = { contentWindow: newWindow("first") };
  const calls = [];
  const handlers = {
    hello: () => calls.push("hello"),
    "prlens:resize": ({ height }) => calls.push(`resize:${height}`),
    "prlens:scroll-to": ({ anchor }) => calls.push(`scroll:${anchor}`),
  };
  const extensionOrigin = `chrome-extension://${EXTENSION_ID}`;
  const channel = messaging.openChannel({ iframe, nonce: NONCE, kind, extensionOrigin, parse: messaging.parsePanelMessage, handlers });
  const ready = (sender, message = {}) => deliverRuntime({ type: "prlens:frame-ready", nonce: NONCE, frame: kind, ...message }, sender);
  /** What the frame document connected by post `index` receives on its port. */
  const received = (index) => {
    const got = [];
    posted[index].port.onmessage = (event) => got.push(event.data);
    return got;
  };
  return { channel, ready, calls, posted, extensionOrigin, iframe, newWindow, received };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Waits (up to 2 s: port messages are delivered asynchronously) until `check()` holds. */
async function until(check) {
  for (let waited = 0; waited < 2000 && !check(); waited += 20) await tick();
}

/** Closes every port a test made: an open port with a listener keeps node's event loop alive. */
function closeAll(t, { channel, posted }) {
  t.after(() => {
    channel.close();
    for (const { port } of posted) port?.close();
  });
}

test("the channel hands a port only on the background's frame-ready for this kind and nonce, to the extension's origin", async (t) => {
  const fake = fakeChannel();
  closeAll(t, fake);
  const { channel, ready, calls, posted, extensionOrigin } = fake;
  ready({ id: EXTENSION_ID, tab: { id: 1 }, url: "https://github.com/o/r/pull/1" }); // from a content script or a framed page
  ready({ id: "another-extension-id" });
  ready(undefined, { nonce: "f".repeat(32) });
  ready(undefined, { frame: "list" });
  ready(undefined, { type: "prlens:connect" });
  assert.deepEqual(posted, [], "nothing but the background's note for this frame connects it");
  assert.deepEqual(calls, []);
  ready();
  assert.equal(posted.length, 1);
  assert.equal(posted[0].origin, extensionOrigin, "never postMessage(..., '*')");
  assert.deepEqual(plain(posted[0].data), { type: "prlens:connect", nonce: NONCE });
  assert.ok(posted[0].port, "the post transfers a port");
  assert.deepEqual(calls, ["hello"]);
  channel.close();
  ready();
  assert.equal(posted.length, 1, "a closed channel connects nothing");
});

test("messages wait for a connected frame document, then go over its port; the frame's port messages reach the handlers", async (t) => {
  const fake = fakeChannel();
  closeAll(t, fake);
  const { channel, ready, calls, posted, iframe, newWindow, received } = fake;
  const facts = (number) => ({ type: "prlens:facts", owner: "o", repo: "r", number });
  channel.send(facts(1));
  channel.send(facts(2));
  channel.send({ type: "prlens:focus-details" });
  assert.deepEqual(posted, [], "no post before the frame is up");
  ready();
  const first = received(0);
  await until(() => first.length >= 2);
  assert.deepEqual(first.map((message) => message.number ?? message.type), [2, "prlens:focus-details"], "the latest of each type, in order");
  channel.send(facts(3));
  await until(() => first.length >= 3);
  assert.deepEqual(first.map((message) => message.number ?? message.type), [2, "prlens:focus-details", 3], "after connecting, messages go at once");

  // The frame talks back over its port only; hostile shapes are dropped.
  const ANCHOR_OK = `diff-${"ab".repeat(32)}`;
  posted[0].port.postMessage({ type: "prlens:scroll-to", anchor: ANCHOR_OK });
  posted[0].port.postMessage({ type: "prlens:scroll-to", anchor: "javascript:alert(1)" });
  posted[0].port.postMessage({ type: "prlens:resize", height: 1e9 });
  await until(() => calls.length >= 3);
  assert.deepEqual(calls, ["hello", `scroll:${ANCHOR_OK}`, "resize:5000"]);

  // The document goes (a reload, a move that reloads it): messages are kept until the next one connects.
  posted[0].port.postMessage({ type: "prlens:goodbye" });
  await new Promise((resolve) => setTimeout(resolve, 300)); // delivered asynchronously
  iframe.contentWindow = newWindow("moved");
  channel.send(facts(4));
  await tick();
  assert.equal(posted.length, 1, "nothing is posted until the new document is up");
  ready();
  assert.equal(posted[1].to, "moved");
  const second = received(1);
  await until(() => second.length >= 1);
  assert.deepEqual(second.map((message) => message.number), [4]);
  assert.deepEqual(calls.filter((call) => call === "hello"), ["hello", "hello"]);
  channel.close();
});

test("nonces are 128-bit lowercase hex and fresh each time", () => {
  const seen = new Set();
  for (let i = 0; i < 200; i += 1) {
    const nonce = messaging.createNonce();
    assert.match(nonce, /^[0-9a-f]{32}$/);
    seen.add(nonce);
  }
  assert.equal(seen.size, 200);
});

test("hostile PR URLs never give a pull reference to build API URLs from", () => {
  const hostile = [
    "https://github.com/own%2Fer/repo/pull/1",
    "https://github.com/-owner/repo/pull/1",
    "https://github.com/owner_/repo/pull/1",
    `https://github.com/${"a".repeat(40)}/repo/pull/1`,
    `https://github.com/owner/${"r".repeat(101)}/pull/1`,
    "https://github.com/owner/re%20po/pull/1",
    "https://github.com/owner/repo/pull/0",
    "https://github.com/owner/repo/pull/2147483649",
    "https://github.com/owner/repo/pull/99999999999999999999",
    "https://github.com/owner/repo/pull/-1",
    "https://github.com.evil.example/owner/repo/pull/1",
    "https://evil.example/owner/repo/pull/1",
    "javascript:alert(1)//github.com/owner/repo/pull/1",
    "https://github.com/owner/repo/issues/1",
  ];
  const accepted = hostile.filter((input) => {
    try {
      return url.parsePullRequest(input) !== null;
    } catch {
      return false;
    }
  });
  assert.deepEqual(accepted, []);
  // Trailing junk after the digits is a different route, never a different number.
  assert.ok([null, 1].includes(url.parsePullRequest("https://github.com/owner/repo/pull/1e3")?.number ?? null));
  const good = url.parsePullRequest("https://github.com/octo-org/my.repo_x/pull/42/files");
  assert.deepEqual(plain(good), { owner: "octo-org", repo: "my.repo_x", number: 42, tab: "files" });
  for (const [owner, repo] of [["octo-org", "my.repo_x"], ["a", "b"]]) {
    assert.ok(names.OWNER.test(owner) && names.REPO.test(repo));
  }
  for (const owner of ["", "-a", "a_b", "a/b", "a b", "a".repeat(40), "<script>"]) assert.ok(!names.OWNER.test(owner), owner);
  for (const repo of ["", "a/b", "a b", "r".repeat(101), "<x>", "a?b", "a#b"]) assert.ok(!names.REPO.test(repo), repo);
});

// ------------------------------------------------------------------------------------------
// The wasm fetcher: validation before any URL is built
// ------------------------------------------------------------------------------------------

/** The extension's own wasm package, run in node with `fetch` replaced by a recorder. */
async function loadWasmWithRecordingFetch() {
  const pkgDir = path.join(repoRoot, "dist/chrome/pkg");
  assert.ok(fs.existsSync(path.join(pkgDir, "prlens_bg.wasm")), "dist/chrome/pkg is missing; run ./build.sh first");
  const pkg = await import(pathToFileURL(path.join(pkgDir, "prlens.js")).href);
  pkg.initSync({ module: fs.readFileSync(path.join(pkgDir, "prlens_bg.wasm")) });
  const calls = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    calls.push({ url: String(input?.url ?? input), authorization: new Headers(init?.headers ?? input?.headers).get("authorization") });
    throw new TypeError("no network in this test");
  };
  return { pkg, calls, restore: () => (globalThis.fetch = realFetch) };
}

test("fetchBundle rejects hostile owner/repo/number before building any URL", async (t) => {
  const { pkg, calls, restore } = await loadWasmWithRecordingFetch();
  t.after(restore);
  const hostile = [
    { owner: "../orgs", repo: "r", number: 1 },
    { owner: "-o", repo: "r", number: 1 },
    { owner: "o/x", repo: "r", number: 1 },
    { owner: "o", repo: "..", number: 1 },
    { owner: "o", repo: ".", number: 1 },
    { owner: "o", repo: "r?per_page=1", number: 1 },
    { owner: "o", repo: "r#x", number: 1 },
    { owner: "o", repo: "r/../../user", number: 1 },
    { owner: "o", repo: "r%2F..", number: 1 },
    { owner: "o", repo: "r", number: 0 },
    { owner: "o", repo: "r", number: -1 },
    { owner: "o", repo: "r", number: 1.5 },
    { owner: "o", repo: "r", number: 2 ** 31 + 1 },
    { owner: "o", repo: "r", number: "1" },
    { owner: "o".repeat(40), repo: "r", number: 1 },
    { owner: "o", repo: "r".repeat(101), number: 1 },
    { owner: "<script>", repo: "r", number: 1 },
    { owner: null, repo: "r", number: 1 },
  ];
  for (const request of hostile) {
    await assert.rejects(pkg.fetchBundle(request, { apiBase: "https://api.github.com" }), (error) => {
      assert.ok(error.message && !/panicked|unreachable/.test(error.message), `clear error for ${JSON.stringify(request)}: ${error.message}`);
      return true;
    });
  }
  assert.deepEqual(calls, [], "no request was made for any hostile reference");
  // The control: a valid reference does reach the network (here: the recorder).
  await assert.rejects(pkg.fetchBundle({ owner: "octo-org", repo: "my.repo_x", number: 42 }, { apiBase: "https://api.github.com" }));
  // Wave 1 asks for the pull and its issue timeline: both name exactly this repository and number.
  const valid = /^https:\/\/api\.github\.com\/repos\/octo-org\/my\.repo_x\/(pulls|issues)\/42([/?]|$)/;
  assert.ok(calls.length > 0 && calls.every((call) => valid.test(call.url)), JSON.stringify(calls.map((call) => call.url)));
});

// ------------------------------------------------------------------------------------------
// In the browser: forged messages from page script
// ------------------------------------------------------------------------------------------

test("forged prlens messages from page script change nothing", { timeout: 90_000 }, async (t) => {
  const { bundleOf, makeBundles, startBrowser, waitForFetchComplete, waitForPanelState } = await import("./harness.mjs");
  const CASE = "owner-45-files";
  const fixture = makeBundles([CASE]);
  const pull = bundleOf(fixture, CASE).pull;
  const browser = await startBrowser({ bundles: fixture.dir, server: { absent: "empty" } });
  t.after(() => browser.close());
  const page = await browser.newPage();
  const prUrl = `https://github.com/${pull.base.repo.owner.login}/${pull.base.repo.name}/pull/${pull.number}`;
  await page.goto(prUrl);
  await waitForPanelState(page, ["ready", "partial"]);
  // The first panel of a cold view can show while its second wave is on the network, and the
  // panel grows when that wave lands: the snapshot waits for the last render.
  const frame = await waitForFetchComplete(page);
  const before = {
    text: await frame.locator("#prlens-panel").innerText(),
    height: await page.evaluate(() => document.getElementById("prlens-root").getBoundingClientRect().height),
    scroll: await page.evaluate(() => window.scrollY),
    requests: browser.server.requests.length,
  };

  await page.evaluate(({ anchor }) => {
    const guesses = ["0".repeat(32), "f".repeat(32), "", undefined, null];
    const forged = [];
    for (const nonce of guesses) {
      forged.push({ type: "prlens:hello", nonce });
      forged.push({ type: "prlens:resize", nonce, height: 5 });
      forged.push({ type: "prlens:scroll-to", nonce, anchor });
      forged.push({ type: "prlens:open-files", nonce, anchor });
      forged.push({ type: "prlens:facts", nonce, owner: "evil-org", repo: "evil", number: 1, tab: "files", colorMode: "dark", facts: { title: "<img src=x onerror=alert(1)>" } });
      forged.push({ type: "prlens:facts", nonce, owner: "../../user", repo: "..", number: 0, tab: "files" });
    }
    // To the page window (where the content script listens) and to every frame, including the
    // panel, which page script can reach through window.frames even inside a closed shadow root.
    for (const message of forged) {
      window.postMessage(message, "*");
      for (let i = 0; i < window.frames.length; i += 1) window.frames[i].postMessage(message, "*");
    }
  }, { anchor: `diff-${"ab".repeat(32)}` });
  await page.waitForTimeout(1_500);

  assert.equal(page.url(), prUrl, "no navigation to the Files tab");
  assert.equal(await page.evaluate(() => window.scrollY), before.scroll, "no scroll");
  assert.equal(await page.evaluate(() => document.getElementById("prlens-root").getBoundingClientRect().height), before.height, "no resize");
  assert.equal(await frame.locator("#prlens-panel").innerText(), before.text, "the panel still shows the same PR");
  const later = browser.server.requests.slice(before.requests);
  assert.deepEqual(later.filter((request) => /evil|\.\./.test(request.path)).map((request) => request.path), [], "no request for a forged PR");
  assert.equal(await page.locator("#prlens-root").getAttribute("data-prlens-pr"), `${pull.base.repo.owner.login}/${pull.base.repo.name}#${pull.number}`);
});
