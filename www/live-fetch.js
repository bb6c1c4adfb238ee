/**
 * Live fetch: asks the engine's `fetchBundle` (wasm, gloo-net) to assemble a bundle for a PR
 * straight from api.github.com in this browser, and turns its failures into advice.
 *
 * Why: the engine's error message says what happened; the visitor also needs to know what
 * to do about it (add a token, wait for the rate-limit reset, check the URL). The `kind`
 * of the error decides the advice, so the wording never depends on parsing messages.
 * The HTTP cache lives in memory for this page only: a shared or persistent cache of other
 * people's PR data in a playground would be surprising.
 * Source: docs/CONTRACTS.md (`fetchBundle` request/options/error kinds); GitHub REST rate
 * limits (60 requests/hour unauthenticated, 5,000 with a token).
 */

const ADVICE = {
  bad_token:
    "GitHub rejected the token. Check that it was pasted whole and has not expired, or clear it to try without one.",
  no_access:
    "This repository is private or the token cannot read it. Public pull requests need no token; for a private one, use a token with read access to that repository.",
  not_found:
    "GitHub has no such pull request. Check the owner, repository and number (private repositories also answer 'not found' without a token).",
  rate_limited:
    "GitHub's rate limit was reached: 60 requests per hour without a token. Add a token (5,000 requests per hour) or wait for the reset.",
  server_error: "GitHub answered with a server error. Try again in a minute.",
  timeout: "GitHub took too long to answer. Try again; large pull requests need more requests.",
  offline: "The browser could not reach api.github.com. Check the connection (or an extension blocking it) and retry.",
  malformed: "GitHub's answer could not be read as a pull request. Try again; if it persists, please report it.",
};

/** A fetch failure with the engine's message, its kind and our advice. */
export class LiveFetchError extends Error {
  constructor(message, kind, advice) {
    super(message);
    this.name = "LiveFetchError";
    this.kind = kind;
    this.advice = advice;
  }
}

/** `chrome.storage.local`-like store kept in memory for this page (the engine's ETag cache). */
export function memoryStorage() {
  const map = new Map();
  return {
    async get(keys) {
      const list = keys == null ? [...map.keys()] : Array.isArray(keys) ? keys : [keys];
      const out = {};
      for (const key of list) if (map.has(key)) out[key] = map.get(key);
      return out;
    },
    async set(items) {
      for (const [key, value] of Object.entries(items)) map.set(key, value);
    },
    async remove(keys) {
      for (const key of Array.isArray(keys) ? keys : [keys]) map.delete(key);
    },
  };
}

function kindOf(error) {
  const candidates = [error?.kind, error?.name];
  return candidates.find((value) => typeof value === "string" && value in ADVICE) || "";
}

/**
 * Fetches a bundle for `reference` ({owner, repo, number}). Resolves with bundle JSON text;
 * rejects with a `LiveFetchError`. `onProgress({phase, done, total, message})` reports steps.
 */
export async function fetchLiveBundle(engine, reference, { token, storage, onProgress }) {
  if (typeof engine.fetchBundle !== "function") {
    throw new LiveFetchError(
      "This build of the engine cannot fetch from GitHub (fetchBundle is missing).",
      "offline",
      "Rebuild with ./build.sh, or drop a bundle file instead.",
    );
  }
  const options = { apiBase: "https://api.github.com", storage, onProgress };
  if (token) options.token = token;
  try {
    return await engine.fetchBundle(
      { owner: reference.owner, repo: reference.repo, number: reference.number },
      options,
    );
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) throw error; // a crash, not a fetch failure
    const kind = kindOf(error);
    const message = String(error?.message || error || "Unknown error");
    throw new LiveFetchError(message, kind, ADVICE[kind] || "");
  }
}
