/**
 * The options page's tokens: one per host (github.com's, and each Enterprise host's), and on
 * github.com optionally one per owner (fine-grained tokens are issued per owner), chosen by the
 * PR's host and owner (prefs.js `tokenFor`). Each is checked against its own host's API
 * (`GET /user`, `GET /rate_limit`) before it is saved, is sent nowhere else, and is never shown
 * back: only its kind.
 *
 * Storage (`chrome.storage.local`): github.com's token under `prlens.token`, the others in
 * `prlens.tokens` as `{<slot>: token}` (prefs.js `tokenSlot`). Every write or removal purges
 * what was fetched with any token first (token-change.js), as the background does again.
 */
import "../../shared/github-names.js";
import "../../shared/sections.js";
import "../../shared/prefs.js";
import { describeToken } from "./settings-form.js";
import { purgeTokenData } from "../../shared/token-change.js";

const { TOKEN_KEY, TOKENS_KEY, tokenFrom, tokenSlot } = globalThis.prlensPrefs;
const names = globalThis.prlensNames;
const api = globalThis.browser ?? globalThis.chrome;

/** The stored token of a slot (`host`, and `owner` on github.com), or "". */
export async function storedToken(host, owner = null) {
  const local = await api.storage.local.get([TOKEN_KEY, TOKENS_KEY]);
  const slot = tokenSlot(host, owner);
  if (slot === null) return tokenFrom(local[TOKEN_KEY]) ?? "";
  return tokenFrom(local[TOKENS_KEY]?.[slot]) ?? "";
}

/** Writes (or, with "", removes) a slot's token, after purging everything fetched with tokens. */
export async function writeToken(host, owner, token) {
  await purgeTokenData(api.storage.local); // responses and badges fetched under the old identity
  const slot = tokenSlot(host, owner);
  if (slot === null) {
    if (token) await api.storage.local.set({ [TOKEN_KEY]: token });
    else await api.storage.local.remove(TOKEN_KEY);
    return;
  }
  const tokens = { ...((await api.storage.local.get(TOKENS_KEY))[TOKENS_KEY] ?? {}) };
  if (token) tokens[slot] = token;
  else delete tokens[slot];
  await api.storage.local.set({ [TOKENS_KEY]: tokens });
}

/** The owners with a token of their own on github.com. */
export async function ownersWithTokens() {
  const tokens = (await api.storage.local.get(TOKENS_KEY))[TOKENS_KEY] ?? {};
  const prefix = `${names.GITHUB_HOST}/`;
  return Object.keys(tokens).filter((slot) => slot.startsWith(prefix)).map((slot) => slot.slice(prefix.length)).sort();
}

export function tokenKind(token) {
  if (token.startsWith("github_pat_")) return "fine-grained token (github_pat_…)";
  if (token.startsWith("ghp_")) return "classic token (ghp_…)";
  return "token";
}

function formatReset(epochSeconds) {
  const date = new Date(Number(epochSeconds) * 1000);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/**
 * `GET /user` and `/rate_limit` on `host`'s own API with `token` (or anonymously): `{ok, rows:
 * [[label, value, attribute]]}` for the info box.
 */
export async function checkToken(host, token) {
  const apiBase = names.hostOf(host).apiBase;
  const headers = { Accept: "application/vnd.github+json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const rows = [];
  let ok = true;
  if (token) {
    const response = await fetch(`${apiBase}/user`, { headers, cache: "no-store", credentials: "omit" });
    if (response.status === 401) return { ok: false, rows: [["Token", "GitHub rejected this token (401 Bad credentials)", "error"]] };
    if (!response.ok) return { ok: false, rows: [["Token", `GitHub answered ${response.status} to GET /user`, "error"]] };
    const user = await response.json();
    const kind = describeToken(token, response.headers);
    rows.push(["Signed in as", String(user.login ?? "unknown"), "login"]);
    rows.push(["Token type", kind.type + (kind.scopes ? ` (scopes: ${kind.scopes || "none"})` : ""), "type"]);
    rows.push(["Expires", kind.expiry ?? "never (no expiry set)", "expiry"]);
    if (kind.type === "classic") rows.push(["Advice", "Prefer a fine-grained, read-only token with an expiry.", "advice"]);
  }
  const rate = await fetch(`${apiBase}/rate_limit`, { headers, cache: "no-store", credentials: "omit" });
  if (rate.ok) {
    const core = (await rate.json())?.resources?.core;
    if (core) rows.push(["Rate limit", `${core.remaining} of ${core.limit} left, resets ${formatReset(core.reset)}`, "rate"]);
  } else {
    ok = ok && rate.status !== 401;
  }
  return { ok, rows };
}

/** One row of a token's info box (the options page's slots and the popup's token). */
export function infoLine(label, value, attribute) {
  const row = document.createElement("div");
  row.className = "info-row";
  const term = document.createElement("span");
  term.className = "hint";
  term.textContent = label;
  const data = document.createElement("strong");
  data.textContent = value;
  if (attribute) data.setAttribute("data-token-info", attribute);
  row.append(term, data);
  return row;
}

const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/**
 * One token slot's box: its name, what is saved, a password field with Save, Check and Remove.
 * `host`: "github.com" or an Enterprise host; `owner`: an owner on github.com, or null.
 * `onRemoved`: called after Remove (an owner's slot disappears then).
 */
export function tokenSlotBox({ host, owner = null, title, onRemoved = () => {}, say = () => {} }) {
  const slot = tokenSlot(host, owner) ?? names.GITHUB_HOST;
  const box = el("div", "token-slot");
  box.setAttribute("data-token-slot", slot);
  const heading = el("h3", "token-slot-title", title);
  const info = el("div", "token-info");
  info.setAttribute("aria-live", "polite");
  const show = (rows, tone = "") => {
    info.replaceChildren(...rows.map((row) => infoLine(...row)));
    info.dataset.tone = tone;
  };
  const anonymous = host === names.GITHUB_HOST ? "no token (anonymous: 60 requests/hour)" : "no token";
  const form = el("form", "inline-form");
  const id = `token-input-${slot.replace(/[^a-z0-9]+/gi, "-")}`;
  const label = el("label", "sr-only", `Personal access token for ${slot}`);
  label.htmlFor = id;
  const input = el("input", "form-control");
  Object.assign(input, { id, type: "password", autocomplete: "off", spellcheck: false, placeholder: "github_pat_…" });
  input.setAttribute("data-token-input", slot);
  const save = el("button", "btn btn-primary", "Save");
  save.type = "submit";
  form.append(label, input, save);
  const check = el("button", "btn", "Check token and rate limit");
  check.type = "button";
  check.setAttribute("data-token-check", slot);
  const remove = el("button", "btn btn-danger", "Remove token");
  remove.type = "button";
  remove.setAttribute("data-token-remove", slot);
  const buttons = el("div", "button-row");
  buttons.append(check, remove);
  box.append(heading, form, info, buttons);

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const token = input.value.trim();
    if (!token) return show([["Token", "Paste a token first.", "error"]], "danger");
    if (/\s/.test(token) || token.length > 255) return show([["Token", "That does not look like a GitHub token (spaces or too long).", "error"]], "danger");
    show([["Token", `Checking with ${host}…`]]);
    let result = null;
    try {
      result = await checkToken(host, token);
    } catch {
      result = null;
    }
    if (result && !result.ok) return show(result.rows, "danger");
    await writeToken(host, owner, token);
    input.value = "";
    const saved = ["Saved", tokenKind(token), "saved"];
    if (result) show([saved, ...result.rows], "success");
    else show([saved, ["Check", `Could not reach ${names.hostOf(host).apiBase} to verify it.`, "error"]], "attention");
    say("Token saved ✓");
  });
  check.addEventListener("click", async () => {
    const token = await storedToken(host, owner);
    show([["Token", `Checking with ${host}…`]]);
    try {
      const result = await checkToken(host, token);
      show([["Saved", token ? tokenKind(token) : anonymous, "saved"], ...result.rows], result.ok ? "success" : "danger");
    } catch {
      show([["Check", `Could not reach ${names.hostOf(host).apiBase}.`, "error"]], "attention");
    }
  });
  remove.addEventListener("click", async () => {
    await writeToken(host, owner, "");
    show([["Saved", anonymous, "saved"]]);
    say("Token removed");
    onRemoved();
  });
  storedToken(host, owner).then((token) => show([["Saved", token ? tokenKind(token) : anonymous, "saved"]]));
  return box;
}
