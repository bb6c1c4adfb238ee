/**
 * Writes of data fetched with a token that do not outlive the token (docs/security.md "Token").
 *
 * The background purges every token store when the token changes (token-change.js); a fetch
 * still running then would write its answers after the purge. The frames that fetch (panel,
 * list) write through this wrapper instead. Frames only: it reads the token's value, which the
 * background's modules other than early-requests.js never do (tests/e2e/token.test.mjs).
 *
 * ES module.
 */
import "./prefs.js";

const { TOKEN_KEY, TOKENS_KEY, tokenFor } = globalThis.prlensPrefs;

/**
 * `area` for writes of data fetched with `token` (null: anonymously) for `owner` on `host`
 * (prefs.js `tokenFor`: github.com's, an owner's or an Enterprise host's token): after each `set`
 * it reads the token that request would use now and, when it is no longer `token`, removes the
 * keys it just wrote. Storage runs an extension's operations in the order they arrive, so either
 * that read sees the new token, or the token changes after the write and the background's purge
 * (which follows the change) removes them.
 */
export function tokenBoundStorage(area, token, { host, owner } = {}) {
  return {
    get: (keys) => area.get(keys),
    remove: (keys) => area.remove(keys),
    async set(items) {
      await area.set(items);
      const now = tokenFor(await area.get([TOKEN_KEY, TOKENS_KEY]), host, owner);
      if ((now ?? null) !== (token ?? null)) await area.remove(Object.keys(items));
    },
  };
}

