/**
 * Token store: keeps an optional GitHub token in this browser only.
 *
 * Default is `sessionStorage` (gone when the tab closes); ticking "Remember on this device"
 * moves it to `localStorage`. The token is never put in the page URL, a log, an export or a
 * request to anything but api.github.com (the page CSP's `connect-src` enforces the last).
 * Why: a playground is often opened on a shared machine; the safe default is the short-lived
 * store, and persistence is an explicit choice. Refined GitHub is criticised for keeping the
 * token in synced storage (house-style notes); we don't.
 * Source: docs/CONTRACTS.md (token rules); extension-platform notes §7.
 */

const KEY = "prlens.www.token";

function safely(storageName, action) {
  try {
    return action(window[storageName]);
  } catch {
    return null; // storage disabled (privacy mode): behave as if empty
  }
}

/** The stored token and where it lives: `{token, remembered}`; token is "" when none. */
export function loadToken() {
  const remembered = safely("localStorage", (s) => s.getItem(KEY));
  if (remembered) return { token: remembered, remembered: true };
  const session = safely("sessionStorage", (s) => s.getItem(KEY));
  return { token: session || "", remembered: false };
}

/** Stores the token in exactly one place (or clears it when empty). */
export function saveToken(token, remember) {
  const value = String(token ?? "").trim();
  forgetToken();
  if (value === "") return;
  safely(remember ? "localStorage" : "sessionStorage", (s) => s.setItem(KEY, value));
}

/** Removes the token from both stores. */
export function forgetToken() {
  safely("localStorage", (s) => s.removeItem(KEY));
  safely("sessionStorage", (s) => s.removeItem(KEY));
}

/** A quick shape check so an obvious paste mistake is caught before a request is spent. */
export function tokenLooksValid(token) {
  return /^(gh[pousr]_[A-Za-z0-9_]{20,255}|github_pat_[A-Za-z0-9_]{20,255}|[0-9a-f]{40})$/.test(token);
}
