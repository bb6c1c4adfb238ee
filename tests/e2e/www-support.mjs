/**
 * The playground's test bench (tests/e2e/www-*.test.mjs): a static server on 127.0.0.1
 * (random port) for dist/www plus test bundles under /test-bundles/, closed after the tests
 * (and by a timer, should the run hang), a headless Chromium whose pages reach nothing but
 * that server, and the same wasm in node for expected values.
 * Needs: ./build.sh (dist/www and the native CLI), Debian chromium, npm playwright-core.
 */
import { before, after, afterEach } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { ARTIFACTS_DIR, CLOSED_NETWORK_ARGS, REPO_ROOT, chromiumPath, makeBundles } from "./harness.mjs";

export const repoRoot = REPO_ROOT;
export const wwwDir = process.env.PRLENS_WWW_DIR ?? path.join(repoRoot, "dist/www");
export const shotsDir = ARTIFACTS_DIR;
export const CHROMIUM = chromiumPath();
const FIXTURE_CASE = "owner-45-files";
const SERVER_LIFETIME_MS = 5 * 60 * 1000;
/** Contexts opened by the current test; closed after it even when an assertion failed. */
const openContexts = new Set();

/** Keeps `context` out of the per-test clean-up (afterEach also runs after subtests). */
export function keepOpen(context) {
  openContexts.delete(context);
}

let server;
let serverTimer;
let browser;

/**
 * What the tests of one file share, set by `usePlayground()`'s `before`: the page's address,
 * the test bundles' folder, and the same wasm the page runs, loaded in node for expected values.
 */
export const playground = { baseUrl: null, bundlesDir: null, engine: null };

const CONTENT_TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".md": "text/markdown; charset=utf-8",
};

/** Serves dist/www at / and the test bundles at /test-bundles/, on 127.0.0.1 only. */
function startServer() {
  const roots = [
    ["/test-bundles/", playground.bundlesDir],
    ["/", wwwDir],
  ];
  const instance = http.createServer((request, response) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url, "http://127.0.0.1").pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (pathname.endsWith("/")) pathname += "index.html";
    const [prefix, root] = roots.find(([p]) => pathname.startsWith(p));
    const file = path.resolve(root, "." + pathname.slice(prefix.length - 1));
    if (!file.startsWith(path.resolve(root) + path.sep)) {
      response.writeHead(403).end();
      return;
    }
    fs.readFile(file, (error, body) => {
      if (error) {
        response.writeHead(404, { "content-type": "text/plain" }).end("not found");
        return;
      }
      response
        .writeHead(200, {
          "content-type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
          "cache-control": "no-store",
        })
        .end(request.method === "HEAD" ? undefined : body);
    });
  });
  return new Promise((resolve) => {
    instance.listen(0, "127.0.0.1", () => resolve(instance));
  });
}

/** Registers the server, the browser and their clean-up for the calling test file. */
export function usePlayground() {
before(async () => {
  assert.ok(
    fs.existsSync(path.join(wwwDir, "index.html")) && fs.existsSync(path.join(wwwDir, "pkg/prlens.js")),
    `${wwwDir} has no index.html or pkg/prlens.js; run ./build.sh first`,
  );
  playground.bundlesDir = fs.mkdtempSync(path.join(os.tmpdir(), "prlens-www-bundles-"));
  // The engine's own fixture assembler (the CLI's bundle-fixture), as every e2e test uses.
  const [assembled] = makeBundles([FIXTURE_CASE]).files;
  fs.copyFileSync(assembled, path.join(playground.bundlesDir, "owner-45-files.json"));
  for (const name of ["force-pushed-after-approval", "dormant-account-returns"]) {
    fs.copyFileSync(path.join(repoRoot, `tests/bundles/${name}.json`), path.join(playground.bundlesDir, `${name}.json`));
  }
  fs.writeFileSync(path.join(playground.bundlesDir, "not-json.json"), "{ this is not json");
  fs.writeFileSync(path.join(playground.bundlesDir, "pull-is-a-string.json"), JSON.stringify({ format: "prlens.bundle.v1", pull: "oops" }));
  fs.writeFileSync(path.join(playground.bundlesDir, "array.json"), "[1, 2, 3]");
  const xssDir = path.join(repoRoot, "tests/xss/bundles");
  if (fs.existsSync(xssDir)) {
    fs.mkdirSync(path.join(playground.bundlesDir, "xss"));
    for (const name of fs.readdirSync(xssDir).filter((n) => n.endsWith(".json"))) {
      fs.copyFileSync(path.join(xssDir, name), path.join(playground.bundlesDir, "xss", name));
    }
  }

  server = await startServer();
  playground.baseUrl = `http://127.0.0.1:${server.address().port}/`;
  serverTimer = setTimeout(() => server.close(), SERVER_LIFETIME_MS);
  serverTimer.unref();

  const pkg = await import(pathToFileURL(path.join(wwwDir, "pkg/prlens.js")).href);
  pkg.initSync({ module: fs.readFileSync(path.join(wwwDir, "pkg/prlens_bg.wasm")) });
  playground.engine = pkg;

  const { chromium } = await import("playwright-core");
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CLOSED_NETWORK_ARGS,
  });
  fs.mkdirSync(shotsDir, { recursive: true });
});

after(async () => {
  await browser?.close();
  clearTimeout(serverTimer);
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
  if (playground.bundlesDir) fs.rmSync(playground.bundlesDir, { recursive: true, force: true });
});

afterEach(async () => {
  for (const context of openContexts) await context.close().catch(() => {});
  openContexts.clear();
});
}

/** The machine may be busy building (2 cores): waits for the engine are generous. */
export const PANEL_TIMEOUT_MS = 45_000;

/**
 * A fresh page that records uncaught errors, dialogs and every request it makes. Requests to
 * anything but the local server are answered by `routeApi` (or aborted), so no test touches
 * the real network.
 */
export async function openPage({ colorScheme = "light", routeApi } = {}) {
  const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  openContexts.add(context);
  context.setDefaultTimeout(PANEL_TIMEOUT_MS);
  const page = await context.newPage();
  const record = { errors: [], dialogs: [], requests: [] };
  page.on("pageerror", (error) => record.errors.push(String(error)));
  page.on("dialog", (dialog) => {
    record.dialogs.push(dialog.message());
    dialog.dismiss().catch(() => {});
  });
  page.on("request", (request) =>
    record.requests.push({ url: request.url(), headers: request.headers() }),
  );
  await context.route(/^(?!http:\/\/127\.0\.0\.1:)/, (route) =>
    routeApi ? routeApi(route) : route.abort("blockedbyclient"),
  );
  return { page, context, record };
}

export async function waitForPanel(page) {
  await page.waitForSelector('#prlens-panel[data-prlens-state="ready"], #prlens-panel[data-prlens-state="partial"]', {
    timeout: PANEL_TIMEOUT_MS,
  });
}
