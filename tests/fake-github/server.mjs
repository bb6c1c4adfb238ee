#!/usr/bin/env node
/**
 * Fake GitHub for tests: one local HTTPS server answering as github.com (PR pages with GitHub's
 * CSP and soft navigation) and api.github.com (the REST endpoints prlens calls, with ETag/304,
 * rate-limit headers, CORS and injectable faults), from the PR bundles in a directory.
 * See tests/fake-github/README.md.
 *
 *   node tests/fake-github/server.mjs --bundles DIR [--port 8443] [--latency-ms N]
 *        [--api-latency-ms N] [--fault KIND[:PATH_REGEX]] [--log FILE] [--viewer LOGIN] [--max-lifetime-s 900]
 *        [--cert-out FILE]
 *
 * or `import { startFakeGitHub } from "./server.mjs"`.
 *
 * It speaks HTTP/2 (with HTTP/1.1 for clients that do not offer h2), as github.com and
 * api.github.com do: over HTTP/1.1 a browser opens at most 6 connections per host, so a wave of
 * 10 API requests would take two round trips here and one on GitHub.
 *
 * Safety: binds 127.0.0.1 only, needs no network, and stops by itself when its parent goes
 * away (stdin closes, the parent pid disappears, SIGTERM/SIGINT) or after a maximum lifetime.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http2 from "node:http2";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { routeApi } from "./api.mjs";
import { answerGraphql } from "./graphql.mjs";
import { makeSelfSignedCert } from "./cert.mjs";
import { faultApplies, faultResponse, mangleBody, parseFault, FAULT_KINDS } from "./faults.mjs";
import { renderPage, githubCsp, pageOptions, tailSplit } from "./pages.mjs";
import { RateLimiter } from "./ratelimit.mjs";
import { diffRoutes, DIFF_FAULTS, PATCH_DIFF_HOST } from "./diffs.mjs";
import { answerSignIn, cookieNames, newSession, SIGN_IN_PATH } from "./session.mjs";
import { ROUTE_FAULTS, webRoutes } from "./web-routes.mjs";
import { BundleStore } from "./store.mjs";

const API_HOST = "api.github.com";
/** Hosts a direct API client reaches the fake by (`prlens --api-url https://127.0.0.1:PORT`): answered as the API. */
const DIRECT_API_HOSTS = new Set(["127.0.0.1", "localhost"]);
/** 12 hex digits of a token's SHA-256: what the request log keeps of it. */
export const tokenDigest = (token) => crypto.createHash("sha256").update(token).digest("hex").slice(0, 12);
const isApiHost = (host) => host === API_HOST || DIRECT_API_HOSTS.has(host);
/**
 * A GitHub Enterprise Server host (issue #35): its pages as github.com's, its REST API under
 * `/api/v3/…` and GraphQL at `/api/graphql` on the same host, as GHES serves them
 * (https://docs.github.com/en/enterprise-server@3.14/rest/quickstart, read 2026-12-06).
 */
export const ENTERPRISE_HOST = "ghe.prlens.test";
const PAGE_HOSTS = new Set(["github.com", "www.github.com", ENTERPRISE_HOST]);
const DEFAULT_MAX_LIFETIME_MS = 15 * 60 * 1000;

/** Tokens the fake accepts: `ghp_test_valid…` (classic) and `github_pat_test_valid…` (fine-grained), plus any configured. */
const isValidToken = (token, extra) => extra.has(token) || /^(?:ghp|github_pat)_test_valid\w*$/.test(token);

const CORS_EXPOSED = "ETag, Link, Location, Retry-After, X-GitHub-OTP, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes, X-Poll-Interval, X-GitHub-Media-Type, X-GitHub-SSO, X-GitHub-Request-Id, Deprecation, Sunset";
const CORS_ALLOWED_HEADERS = "Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since, Accept-Encoding, X-GitHub-OTP, X-Requested-With, User-Agent, GraphQL-Features, X-Github-Next-Global-ID, X-GitHub-Api-Version";

function identityOf(req, extraTokens) {
  const header = req.headers.authorization;
  if (!header) return { kind: "anonymous" };
  const match = /^(?:token|bearer)\s+(\S+)$/i.exec(header.trim());
  if (!match || !isValidToken(match[1], extraTokens)) return { kind: "invalid" };
  return { kind: "token", token: match[1], fineGrained: match[1].startsWith("github_pat_") };
}

/**
 * Starts the server. Options: `bundles` (a directory or an array of bundle objects), `port`
 * (0 = any free port), `latencyMs` (delay before every response, pages and API alike),
 * `apiLatencyMs` (delay before api.github.com responses only, replacing `latencyMs` for them: the
 * time-to-panel budget is about API latency, while GitHub serves its own page however it does), `fault` ("KIND" or "KIND:REGEX"), `log` (file of JSON lines),
 * `viewer` (login in `meta[name=user-login]`, null for logged out), `certOut` (a file to write the
 * server's certificate to, PEM, for clients that verify it: `prlens --ca-cert FILE`), `colorMode`
 * ([mode, lightTheme, darkTheme]), `viewed` (file names ticked Viewed), `tokens` (extra valid
 * tokens), `privateRepos` (["owner/repo"]: without a valid token their REST routes answer 404, as
 * GitHub does for a private repository), `maxLifetimeMs`, `absent` ("error": sections a bundle lacks answer 404/422, the
 * default; "empty": they answer as GitHub does for a PR that has none), `page` (the PR pages' markup
 * variant and navigation mode: pages.mjs pageOptions, e.g. `{markup: "react2026", navigation: "turbo"}`;
 * `tailDelayMs` holds back the end of each page, from `tailAt`, and its log entry gets `tailSentAt`).
 * Returns `{port, requests, setFault, setLatency, setApiLatency, setColorMode, updateBundle, resetRateLimits, close}`.
 */
export async function startFakeGitHub(options = {}) {
  const {
    bundles,
    port = 0,
    latencyMs = 0,
    apiLatencyMs = null,
    fault = null,
    log = null,
    viewer = "prlens-tester",
    colorMode = ["auto", "light", "dark"],
    viewed = [],
    tokens = [],
    privateRepos = [],
    maxLifetimeMs = DEFAULT_MAX_LIFETIME_MS,
    absent = "error",
    page = {},
    certOut = null,
  } = options;
  if (!["error", "empty"].includes(absent)) throw new Error(`absent must be "error" or "empty", not ${absent}`);
  let store;
  if (typeof bundles === "string") {
    const loaded = BundleStore.fromDirectory(bundles);
    for (const reason of loaded.skipped) process.stderr.write(`fake-github: skipped ${reason}\n`);
    store = loaded.store;
  } else if (Array.isArray(bundles)) {
    store = BundleStore.fromBundles(bundles);
  } else {
    throw new Error("startFakeGitHub needs bundles: a directory or an array of bundle objects");
  }

  const state = {
    fault: parseFault(fault),
    latencyMs: Number(latencyMs) || 0,
    apiLatencyMs: apiLatencyMs === null || apiLatencyMs === undefined ? null : Number(apiLatencyMs) || 0,
    colorMode: [...colorMode],
    viewed: new Set(viewed),
    limiter: new RateLimiter(),
    page: pageOptions(page),
    diffFault: null, // diffs.mjs: "diff-unavailable" | "diff-html" | "diff-404"
    session: null, // the `user_session` cookie value of the signed-in viewer (signIn)
    routeFaults: {}, // web-routes.mjs: {commits|checks: "route-html" | "route-404" | "route-shape"}
  };
  const extraTokens = new Set(tokens);
  const privateRepoSet = new Set(privateRepos.map((name) => name.toLowerCase()));
  /** A private repository's pages, diffs and routes are served only to the signed-in session. */
  const isPrivate = (bundle) => bundle.pull?.base?.repo?.private === true || privateRepoSet.has(`${bundle.pull?.base?.repo?.owner?.login}/${bundle.pull?.base?.repo?.name}`.toLowerCase());
  const diffs = diffRoutes({ store, state, isPrivate });
  const routes = webRoutes({ store, state, isPrivate });
  const requests = [];
  const logStream = log ? fs.createWriteStream(log, { flags: "a" }) : null;
  const sockets = new Set();
  const hanging = new Set();

  function record(req, host, url) {
    const receivedAt = Date.now();
    const entry = {
      time: new Date(receivedAt).toISOString(),
      receivedAt,
      method: req.method,
      host,
      path: url.pathname + url.search,
      pathname: url.pathname,
      headers: {
        accept: req.headers.accept ?? null,
        "if-none-match": req.headers["if-none-match"] ?? null,
        origin: req.headers.origin ?? null,
        "user-agent": req.headers["user-agent"] ?? null,
      },
      authorization: req.headers.authorization ? (/^(\w+)\s/.exec(req.headers.authorization)?.[1] ?? "present") : null,
      cookies: cookieNames(req), // names only (session.mjs)
      // Which token came (tokenDigest: 12 hex of its SHA-256, never the token), so a test can
      // tell github.com's token from an Enterprise host's.
      tokenDigest: req.headers.authorization ? tokenDigest(req.headers.authorization.replace(/^\w+\s+/, "")) : null,
      status: null,
    };
    requests.push(entry);
    logStream?.write(`${JSON.stringify(entry)}\n`);
    return entry;
  }

  function sendJson(res, entry, { status, body, raw, contentType, headers = {} }, extraHeaders = {}) {
    const text = raw ?? JSON.stringify(body);
    entry.status = status;
    res.writeHead(status, { "content-type": contentType ?? "application/json; charset=utf-8", ...extraHeaders, ...headers });
    res.end(text);
  }

  function handleApi(req, res, url, entry, apiOrigin) {
    const cors = { "access-control-allow-origin": "*", "access-control-expose-headers": CORS_EXPOSED };
    if (req.method === "OPTIONS") {
      entry.status = 204;
      res.writeHead(204, {
        ...cors,
        "access-control-allow-methods": "GET, POST, PATCH, PUT, DELETE",
        "access-control-allow-headers": CORS_ALLOWED_HEADERS,
        "access-control-max-age": "86400",
        vary: "Accept-Encoding, Accept, X-Requested-With",
      });
      res.end();
      return;
    }
    const identity = identityOf(req, extraTokens);
    const resource = url.pathname.startsWith("/search/") ? "search" : "core";
    const base = {
      ...cors,
      "x-github-media-type": "github.v3; format=json",
      "x-github-api-version-selected": "2022-11-28",
      "x-github-request-id": crypto.randomBytes(8).toString("hex").toUpperCase(),
      vary: "Accept, Authorization, Cookie, X-GitHub-OTP, Accept-Encoding",
      "cache-control": identity.kind === "token" ? "private, max-age=60, s-maxage=60" : "public, max-age=60, s-maxage=60",
    };
    if (identity.kind === "token" && !identity.fineGrained) base["x-oauth-scopes"] = "public_repo";
    if (identity.kind === "invalid") {
      sendJson(res, entry, { status: 401, body: { message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" } }, base);
      return;
    }
    if (req.method === "POST" && url.pathname === "/graphql") {
      answerGraphql({ req, store, identity }).then((answer) => sendJson(res, entry, answer, base));
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      sendJson(res, entry, { status: 404, body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" } }, base);
      return;
    }

    const repoPath = /^\/repos\/([^/]+)\/([^/]+)(?:\/|$)/.exec(url.pathname);
    if (identity.kind !== "token" && repoPath && privateRepoSet.has(`${repoPath[1]}/${repoPath[2]}`.toLowerCase())) {
      sendJson(res, entry, { status: 404, body: { message: "Not Found", documentation_url: "https://docs.github.com/rest" } }, base);
      return;
    }
    const searched = /(?:^|\s)repo:(\S+)/.exec(url.searchParams.get("q") ?? "")?.[1]?.toLowerCase();
    if (identity.kind !== "token" && url.pathname.startsWith("/search/") && searched && privateRepoSet.has(searched)) {
      // What GitHub answers when a search names a repository the caller cannot see.
      const message = "The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.";
      sendJson(res, entry, { status: 422, body: { message: "Validation Failed", errors: [{ message, resource: "Search", field: "q", code: "invalid" }], documentation_url: "https://docs.github.com/v3/search/" } }, base);
      return;
    }
    const activeFault = faultApplies(state.fault, url.pathname + url.search) ? state.fault.kind : null;
    if (activeFault === "timeout") {
      entry.status = "timeout";
      hanging.add(res);
      return;
    }
    if (activeFault === "reset") {
      entry.status = "reset";
      // HTTP/2: reset this stream only (the connection carries other requests); HTTP/1.1: drop it.
      if (req.stream) req.stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR);
      else req.socket.destroy();
      return;
    }
    if (activeFault && !["truncated-json", "malformed-json"].includes(activeFault)) {
      const rateHeaders = activeFault === "403-rate-limit" ? state.limiter.exhausted(identity, resource) : state.limiter.take(identity, resource, false).headers;
      sendJson(res, entry, faultResponse(activeFault, { rateHeaders }), { ...base, ...rateHeaders });
      return;
    }

    const routed = routeApi({ store, pathname: url.pathname, query: url.searchParams, identity, absent, apiOrigin });
    if (routed.rateSummary) {
      const rateHeaders = state.limiter.take(identity, "core", false).headers;
      sendJson(res, entry, { status: 200, body: state.limiter.summary(identity) }, { ...base, ...rateHeaders });
      return;
    }
    const text = JSON.stringify(routed.body);
    const etag = `"${crypto.createHash("sha256").update(text).digest("hex")}"`;
    const conditional = req.headers["if-none-match"];
    if (routed.status === 200 && conditional && conditional.split(",").map((tag) => tag.trim().replace(/^W\//, "")).includes(etag)) {
      // 304s are free only with a token (ratelimit.mjs); an anonymous one counts.
      const { exhausted: spent, headers: rateHeaders } = state.limiter.take(identity, resource, identity.kind !== "token");
      if (spent) {
        sendJson(res, entry, faultResponse("403-rate-limit", { rateHeaders }), { ...base, ...rateHeaders });
        return;
      }
      entry.status = 304;
      res.writeHead(304, { ...base, ...rateHeaders, etag });
      res.end();
      return;
    }
    const { exhausted, headers: rateHeaders } = state.limiter.take(identity, resource, true);
    if (exhausted) {
      sendJson(res, entry, faultResponse("403-rate-limit", { rateHeaders }), { ...base, ...rateHeaders });
      return;
    }
    const headers = { ...base, ...rateHeaders, ...(routed.headers ?? {}) };
    if (routed.status === 200) {
      headers.etag = etag;
      headers["last-modified"] = new Date(store.all()[0] ? Date.parse(store.all()[0].bundle.fetched_at ?? "2024-01-01T00:00:00Z") || 0 : 0).toUTCString();
    }
    if (routed.link) headers.link = routed.link;
    sendJson(res, entry, { status: routed.status, raw: activeFault ? mangleBody(activeFault, text) : text }, headers);
  }

  function handlePage(req, res, url, entry) {
    const nonce = crypto.randomBytes(16).toString("base64");
    const page = renderPage({ store, pathname: url.pathname, search: url.search, nonce, viewer, colorMode: state.colorMode, viewedFiles: state.viewed, page: state.page });
    entry.status = page.status;
    res.writeHead(page.status, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": githubCsp(nonce),
      "strict-transport-security": "max-age=31536000; includeSubdomains; preload",
      "x-frame-options": "deny",
      "x-content-type-options": "nosniff",
      "referrer-policy": "origin-when-cross-origin, strict-origin-when-cross-origin",
      "cache-control": "max-age=0, private, must-revalidate",
    });
    const split = state.page.tailDelayMs > 0 ? tailSplit(page.html, state.page.tailAt) : -1;
    if (split < 0) {
      res.end(page.html);
      return;
    }
    res.write(page.html.slice(0, split));
    setTimeout(() => {
      entry.tailSentAt = Date.now();
      res.end(page.html.slice(split));
    }, state.page.tailDelayMs);
  }

  const certificate = makeSelfSignedCert(undefined, { verifiable: Boolean(certOut) });
  if (certOut) fs.writeFileSync(certOut, certificate.cert);
  const server = http2.createSecureServer({ ...certificate, allowHTTP1: true }, (req, res) => {
    const authority = (req.headers[":authority"] ?? req.headers.host ?? "").toLowerCase();
    const host = authority.replace(/:\d+$/, "");
    const url = new URL(req.url, `https://${host || "github.com"}`);
    const entry = record(req, host, url);
    const respond = () => {
      if (res.destroyed || res.stream?.destroyed) return;
      entry.answeredAt = Date.now();
      try {
        if (host === API_HOST) handleApi(req, res, url, entry, "https://api.github.com");
        else if (isApiHost(host)) {
          // Also GitHub Enterprise Server's layout (`--api-url https://127.0.0.1:PORT/api/v3`): REST under /api/v3, GraphQL at /api/graphql.
          const ghes = url.pathname.startsWith("/api/v3/") || url.pathname === "/api/graphql";
          if (ghes) url.pathname = url.pathname === "/api/graphql" ? "/graphql" : url.pathname.slice("/api/v3".length);
          handleApi(req, res, url, entry, `https://${authority}${ghes ? "/api/v3" : ""}`);
        }
        else if (host === ENTERPRISE_HOST && (url.pathname.startsWith("/api/v3/") || url.pathname === "/api/graphql")) {
          url.pathname = url.pathname === "/api/graphql" ? "/graphql" : url.pathname.slice("/api/v3".length);
          entry.enterpriseApi = true;
          handleApi(req, res, url, entry, `https://${ENTERPRISE_HOST}/api/v3`);
        }
        else if (PAGE_HOSTS.has(host) && url.pathname === SIGN_IN_PATH) {
          state.session = newSession();
          entry.status = answerSignIn(res, url, { session: state.session, login: viewer });
        } else if (PAGE_HOSTS.has(host) && diffs.matchPull(url.pathname)) entry.status = diffs.redirect(req, res, url);
        else if (PAGE_HOSTS.has(host) && routes.match(url.pathname) && (routes.wantsJson(req) || routes.match(url.pathname).route === "checks")) entry.status = routes.answer(req, res, url);
        else if (host === PATCH_DIFF_HOST) entry.status = diffs.serve(req, res, url);
        else if (PAGE_HOSTS.has(host)) handlePage(req, res, url, entry);
        else {
          entry.status = 421;
          res.writeHead(421, { "content-type": "text/plain" }).end(`fake-github serves only github.com and api.github.com, not ${host}\n`);
        }
      } catch (error) {
        entry.status = 500;
        process.stderr.write(`fake-github: ${req.method} ${host}${url.pathname}: ${error.stack}\n`);
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
        res.end("fake-github internal error\n");
      }
    };
    const delayMs = isApiHost(host) && state.apiLatencyMs !== null ? state.apiLatencyMs : state.latencyMs;
    if (delayMs > 0) setTimeout(respond, delayMs);
    else respond();
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  server.on("tlsClientError", () => {}); // clients that reject the self-signed cert

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });

  let closed = false;
  const lifetimeTimer = setTimeout(() => {
    process.stderr.write(`fake-github: maximum lifetime (${Math.round(maxLifetimeMs / 1000)} s) reached; stopping\n`);
    close();
  }, maxLifetimeMs);
  lifetimeTimer.unref();

  function close() {
    if (closed) return Promise.resolve();
    closed = true;
    clearTimeout(lifetimeTimer);
    for (const res of hanging) res.destroy();
    for (const socket of sockets) socket.destroy();
    logStream?.end();
    return new Promise((resolve) => server.close(() => resolve()));
  }

  return {
    port: server.address().port,
    requests,
    /** Sets or clears (null) the fault of the PR diffs only (diffs.mjs): "diff-unavailable", "diff-html", "diff-404". */
    setDiffFault(kind) {
      if (kind !== null && !DIFF_FAULTS.includes(kind)) throw new Error(`unknown diff fault "${kind}"; known: ${DIFF_FAULTS.join(", ")}`);
      state.diffFault = kind;
    },
    /** Sets or clears (null) the fault of one of github.com's JSON routes (web-routes.mjs): route "commits" | "checks". */
    setRouteFault(route, kind) {
      if (!["commits", "checks"].includes(route)) throw new Error(`unknown route "${route}"; known: commits, checks`);
      if (kind !== null && !ROUTE_FAULTS.includes(kind)) throw new Error(`unknown route fault "${kind}"; known: ${ROUTE_FAULTS.join(", ")}`);
      state.routeFaults = { ...state.routeFaults, [route]: kind };
    },
    /**
     * Signs the viewer in: returns the `user_session` cookie github.com set (diffs.mjs serves private
     * diffs only with it). A browser signs in itself by opening `https://github.com${SIGN_IN_PATH}`
     * (session.mjs), which sets GitHub's cookies with their attributes.
     */
    signIn() {
      state.session = newSession();
      return { name: "user_session", value: state.session, domain: "github.com", path: "/", secure: true, httpOnly: true, sameSite: "Lax" };
    },
    /** Sets or clears (null) the fault: `setFault("500")`, `setFault("checks-403")`, `setFault("404", "/files")`. */
    setFault(kind, pattern) {
      state.fault = parseFault(kind, pattern);
    },
    setLatency(ms) {
      state.latencyMs = Number(ms) || 0;
    },
    /** Delays api.github.com responses only (null: back to `latencyMs` for them too). */
    setApiLatency(ms) {
      state.apiLatencyMs = ms === null || ms === undefined ? null : Number(ms) || 0;
    },
    setColorMode(mode, lightTheme = "light", darkTheme = "dark") {
      state.colorMode = [mode, lightTheme, darkTheme];
    },
    setViewed(files) {
      state.viewed = new Set(files);
    },
    /** The PR pages' markup variant and navigation mode from now on (pages.mjs pageOptions). */
    setPage(options) {
      state.page = pageOptions(options);
    },
    /** Replaces a bundle (same owner/repo/number) or adds one; ETags of its responses change. */
    updateBundle(bundle) {
      return store.put(bundle);
    },
    resetRateLimits() {
      state.limiter = new RateLimiter();
    },
    /** Requests to api.github.com, optionally only those whose path matches `pattern`. */
    apiRequests(pattern) {
      return requests.filter((request) => isApiHost(request.host) && (!pattern || pattern.test(request.path)));
    },
    close,
  };
}

// ---------------------------------------------------------------------------------------------
// Command line
// ---------------------------------------------------------------------------------------------

function parseArgs(argv) {
  const options = { port: 8443 };
  const usage = `usage: server.mjs --bundles DIR [--port 8443] [--latency-ms N] [--api-latency-ms N] [--fault KIND[:PATH_REGEX]] [--log FILE] [--viewer LOGIN] [--max-lifetime-s N] [--absent error|empty] [--markup legacy|react2025|react2026] [--navigation turbo|react|both] [--cert-out FILE]\nfaults: ${FAULT_KINDS.join(", ")}`;
  for (let index = 0; index < argv.length; index++) {
    const flag = argv[index];
    const value = () => {
      if (index + 1 >= argv.length) throw new Error(`${flag} needs a value\n${usage}`);
      return argv[++index];
    };
    switch (flag) {
      case "--bundles": options.bundles = path.resolve(value()); break;
      case "--port": options.port = Number(value()); break;
      case "--latency-ms": options.latencyMs = Number(value()); break;
      case "--api-latency-ms": options.apiLatencyMs = Number(value()); break;
      case "--fault": options.fault = value(); break;
      case "--log": options.log = path.resolve(value()); break;
      case "--viewer": options.viewer = value(); break;
      case "--max-lifetime-s": options.maxLifetimeMs = Number(value()) * 1000; break;
      case "--absent": options.absent = value(); break;
      case "--markup": options.page = { ...options.page, markup: value() }; break;
      case "--navigation": options.page = { ...options.page, navigation: value() }; break;
      case "--cert-out": options.certOut = path.resolve(value()); break;
      case "-h": case "--help": console.log(usage); process.exit(0); break;
      default: throw new Error(`unknown argument ${flag}\n${usage}`);
    }
  }
  if (!options.bundles) throw new Error(`--bundles DIR is required\n${usage}`);
  if (!fs.existsSync(options.bundles)) throw new Error(`bundles directory ${options.bundles} does not exist`);
  return options;
}

async function main() {
  let options;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const server = await startFakeGitHub(options);
  const stop = async (why) => {
    process.stderr.write(`fake-github: stopping (${why})\n`);
    await server.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  // A parent that pipes our stdin and dies closes it; a terminal (TTY) stdin is left alone.
  if (!process.stdin.isTTY) {
    process.stdin.on("end", () => stop("stdin closed"));
    process.stdin.on("close", () => stop("stdin closed"));
    process.stdin.resume();
  }
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      stop(`parent ${parent} exited`);
    }
  }, 2000).unref();
  setTimeout(() => stop("maximum lifetime"), options.maxLifetimeMs ?? DEFAULT_MAX_LIFETIME_MS).unref();
  console.log(JSON.stringify({ ready: true, port: server.port, bundles: options.bundles }));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
