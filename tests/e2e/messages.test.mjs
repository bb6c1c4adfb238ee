/**
 * Messages between the page, the content script and the panel iframe are accepted only from
 * the expected window, origin and nonce, and only in the expected shape; owner/repo/number are
 * matched by strict patterns before any URL is built.
 *
 * What it proves:
 *  - unit level (the content scripts run in a VM, as the url-detection test does): a panel
 *    message with a wrong or missing nonce, from the wrong window or origin, of an unknown
 *    type or with a hostile anchor/height is dropped; the channel replies only to the panel's
 *    origin (never "*"); closing the channel removes its listener; nonces are 128-bit and fresh;
 *    hostile PR URLs (encoded slashes, look-alike hosts, out-of-range numbers, overlong names)
 *    never yield a pull reference, so no URL is built from them;
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
import { fileURLToPath } from "node:url";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Loads content scripts into one VM context, as the browser's isolated world would. */
function loadContent(files) {
  const sandbox = { URL, crypto: globalThis.crypto, AbortController, console };
  sandbox.globalThis = sandbox;
  vm.createContext(sandbox);
  for (const file of files) {
    vm.runInContext(fs.readFileSync(path.join(repoRoot, "extension/content", file), "utf8"), sandbox, { filename: file });
  }
  return sandbox.prlensContent;
}

const { messaging, url } = loadContent(["url.js", "messaging.js"]);
const NONCE = "0123456789abcdef0123456789abcdef";
/** Objects made in the VM have its prototypes; compare their JSON shape. */
const plain = (value) => (value === null || value === undefined ? value : JSON.parse(JSON.stringify(value)));
const ANCHOR = `diff-${"ab".repeat(32)}`;

test("panel messages with a wrong, missing or non-string nonce are dropped", () => {
  for (const nonce of [undefined, null, "", "0123456789abcdef0123456789abcdee", NONCE.toUpperCase(), 42, [NONCE], { toString: () => NONCE }]) {
    assert.equal(messaging.parsePanelMessage({ type: "prlens:hello", nonce }, NONCE), null, `nonce ${String(nonce)}`);
  }
  assert.deepEqual(plain(messaging.parsePanelMessage({ type: "prlens:hello", nonce: NONCE }, NONCE)), { type: "prlens:hello" });
});

test("panel messages of unknown type or shape are dropped", () => {
  for (const data of [null, undefined, "prlens:hello", 7, [], { nonce: NONCE }, { type: "prlens:facts", nonce: NONCE }, { type: "prlens:eval", nonce: NONCE, code: "alert(1)" }, { type: "PRLENS:HELLO", nonce: NONCE }]) {
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

/** A fake page window whose listeners can be driven with forged events. */
function fakeChannel() {
  const win = new EventTarget();
  const posted = [];
  const contentWindow = { postMessage: (data, origin) => posted.push({ data, origin }) };
  const iframe = { contentWindow };
  const calls = [];
  const handlers = {
    hello: () => calls.push("hello"),
    resize: (h) => calls.push(`resize:${h}`),
    scrollTo: (a) => calls.push(`scroll:${a}`),
    openFiles: (a) => calls.push(`open:${a}`),
  };
  const extensionOrigin = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
  const channel = messaging.openChannel({ win, iframe, nonce: NONCE, extensionOrigin, handlers });
  const dispatch = (data, { origin = extensionOrigin, source = contentWindow } = {}) => {
    const event = new Event("message");
    Object.defineProperties(event, { data: { value: data }, origin: { value: origin }, source: { value: source } });
    win.dispatchEvent(event);
  };
  return { channel, dispatch, calls, posted, extensionOrigin };
}

test("the channel ignores messages from the wrong window or origin, even with the right nonce", () => {
  const { dispatch, calls } = fakeChannel();
  const good = { type: "prlens:scroll-to", nonce: NONCE, anchor: ANCHOR };
  dispatch(good, { origin: "https://github.com" });
  dispatch(good, { origin: "https://evil.example" });
  dispatch(good, { origin: "null" });
  dispatch(good, { source: {} });
  dispatch(good, { source: null });
  assert.deepEqual(calls, []);
  dispatch(good);
  assert.deepEqual(calls, [`scroll:${ANCHOR}`]);
});

test("the channel posts only to the panel's origin, with the nonce, and stops listening when closed", () => {
  const { channel, dispatch, calls, posted, extensionOrigin } = fakeChannel();
  channel.send({ type: "prlens:facts", owner: "o", repo: "r", number: 1 });
  assert.equal(posted.length, 1);
  assert.equal(posted[0].origin, extensionOrigin, "never postMessage(..., '*')");
  assert.equal(posted[0].data.nonce, NONCE);
  channel.close();
  dispatch({ type: "prlens:hello", nonce: NONCE });
  assert.deepEqual(calls, [], "a closed channel must not react");
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
    assert.ok(url.OWNER_PATTERN.test(owner) && url.REPO_PATTERN.test(repo));
  }
  for (const owner of ["", "-a", "a_b", "a/b", "a b", "a".repeat(40), "<script>"]) assert.ok(!url.OWNER_PATTERN.test(owner), owner);
  for (const repo of ["", "a/b", "a b", "r".repeat(101), "<x>", "a?b", "a#b"]) assert.ok(!url.REPO_PATTERN.test(repo), repo);
});
