/**
 * prlens settings popup.
 *
 * What: reads and writes the prefs in chrome.storage.sync["prlens.prefs"] (on/off, disabled
 * repositories, the details shortcut, hidden sections) and github.com's token in
 * chrome.storage.local["prlens.token"]: the quick things; the scoring form, feature switches,
 * Enterprise hosts and tokens per host or owner are the options page's (../options/, issue #35),
 * opened from here. Validates the token against GET /user and shows the
 * login, token type, expiry and the remaining rate limit (GET /rate_limit), with the options
 * page's check of a token slot (token-slots.js `checkToken`, github.com's API).
 * Why: every change is saved at once, and panel.js listens to storage changes, so open panels
 * follow without a reload. The token is never logged, never shown back (only its kind), and
 * sent only to api.github.com. Repositories are typed, not read from tabs.
 * Source: docs/CONTRACTS.md (Storage), extension-platform notes §6.6 (token validation).
 */

import { setUpEngineForm } from "../options/engine-settings.js";
import {
  PREFS_KEY, SECTIONS, TOKEN_KEY, normalizePrefs, normalizeRepo,
} from "../options/settings-form.js";
import { checkToken, infoLine, tokenKind } from "../options/token-slots.js";
import { purgeTokenData } from "../../shared/token-change.js";
import { anonymousBudget, budgetText } from "./budget.js";

const GITHUB_HOST = globalThis.prlensNames.GITHUB_HOST; // the popup's token is github.com's
const $ = (id) => document.getElementById(id);

let prefs = normalizePrefs(null);

// ---- storage ---------------------------------------------------------------------------

async function loadPrefs() {
  const stored = await chrome.storage.sync.get(PREFS_KEY);
  return normalizePrefs(stored[PREFS_KEY]);
}

let statusTimer = 0;
function status(text) {
  $("status").textContent = text;
  clearTimeout(statusTimer);
  statusTimer = setTimeout(() => ($("status").textContent = ""), 2500);
}

/** Applies `change` to the freshest stored prefs and saves (another page may have written). */
async function savePrefs(change) {
  const fresh = await loadPrefs();
  change(fresh);
  try {
    await chrome.storage.sync.set({ [PREFS_KEY]: fresh });
    prefs = fresh;
    status("Saved ✓");
    return true;
  } catch (error) {
    // storage.sync allows 8 KB per item: huge policy lists can hit it.
    status(`Not saved: ${error.message}`);
    return false;
  }
}

// ---- on/off, sections ---------------------------------------------------------

function renderToggles() {
  $("enabled").checked = prefs.enabled;
  document.body.dataset.enabled = String(prefs.enabled);
  for (const [key] of SECTIONS) {
    const box = document.querySelector(`input[data-section="${key}"]`);
    if (box) box.checked = !prefs.hiddenSections.includes(key);
  }
}

function buildSectionList() {
  const list = $("section-list");
  list.replaceChildren();
  for (const [key, label] of SECTIONS) {
    const wrap = document.createElement("label");
    wrap.className = "check";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.setAttribute("data-section", key);
    box.addEventListener("change", () =>
      savePrefs((fresh) => {
        const hidden = new Set(fresh.hiddenSections);
        if (box.checked) hidden.delete(key);
        else hidden.add(key);
        fresh.hiddenSections = SECTIONS.map(([k]) => k).filter((k) => hidden.has(k));
      }),
    );
    const text = document.createElement("span");
    text.textContent = label;
    wrap.append(box, text);
    list.append(wrap);
  }
}

// ---- disabled repositories --------------------------------------------------------------

function renderRepos() {
  const list = $("repo-list");
  list.replaceChildren();
  if (prefs.disabledRepos.length === 0) {
    const empty = document.createElement("li");
    empty.className = "hint";
    empty.textContent = "None: prlens runs on every repository.";
    list.append(empty);
    return;
  }
  for (const repo of prefs.disabledRepos) {
    const item = document.createElement("li");
    const name = document.createElement("code");
    name.textContent = repo;
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "btn btn-small";
    remove.textContent = "Enable";
    remove.setAttribute("aria-label", `Enable prlens on ${repo}`);
    remove.setAttribute("data-repo", repo);
    remove.addEventListener("click", async () => {
      await savePrefs((fresh) => (fresh.disabledRepos = fresh.disabledRepos.filter((r) => r !== repo)));
      renderRepos();
    });
    item.append(name, remove);
    list.append(item);
  }
}

async function onRepoSubmit(event) {
  event.preventDefault();
  const input = $("repo-input");
  const repo = normalizeRepo(input.value);
  const error = $("repo-error");
  if (!repo) {
    error.textContent = "Enter a repository as owner/repo, e.g. octocat/hello-world.";
    error.hidden = false;
    input.setAttribute("aria-invalid", "true");
    return;
  }
  error.hidden = true;
  input.removeAttribute("aria-invalid");
  await savePrefs((fresh) => {
    if (!fresh.disabledRepos.includes(repo)) fresh.disabledRepos.push(repo);
  });
  input.value = "";
  renderRepos();
}

// ---- token ------------------------------------------------------------------------------

function showTokenInfo(rows, tone = "") {
  const box = $("token-info");
  box.replaceChildren(...rows);
  box.dataset.tone = tone;
}

async function storedToken() {
  const stored = await chrome.storage.local.get(TOKEN_KEY);
  const token = stored[TOKEN_KEY];
  return typeof token === "string" && token ? token : "";
}

async function onTokenSubmit(event) {
  event.preventDefault();
  const input = $("token-input");
  const token = input.value.trim();
  if (!token) {
    showTokenInfo([infoLine("Token", "Paste a token first.", "error")], "danger");
    return;
  }
  if (/\s/.test(token) || token.length > 255) {
    showTokenInfo([infoLine("Token", "That does not look like a GitHub token (spaces or too long).", "error")], "danger");
    return;
  }
  showTokenInfo([infoLine("Token", "Checking with GitHub…")]);
  let result;
  try {
    result = await checkToken(GITHUB_HOST, token);
  } catch {
    result = null;
  }
  if (result && !result.ok) {
    showTokenInfo(result.rows.map((row) => infoLine(...row)), "danger");
    return;
  }
  await purgeTokenData(chrome.storage.local); // responses and badges fetched under the old identity
  await chrome.storage.local.set({ [TOKEN_KEY]: token });
  await showBudget(token);
  input.value = "";
  const saved = infoLine("Saved", tokenKind(token), "saved");
  if (result) showTokenInfo([saved, ...result.rows.map((row) => infoLine(...row))], "success");
  else showTokenInfo([saved, infoLine("Check", "Could not reach api.github.com to verify it.", "error")], "attention");
  status("Token saved ✓");
}

async function onTokenCheck() {
  const token = await storedToken();
  showTokenInfo([infoLine("Token", "Checking with GitHub…")]);
  try {
    const result = await checkToken(GITHUB_HOST, token);
    const head = infoLine("Saved", token ? tokenKind(token) : "no token (anonymous: 60 requests/hour)", "saved");
    showTokenInfo([head, ...result.rows.map((row) => infoLine(...row))], result.ok ? "success" : "danger");
  } catch {
    showTokenInfo([infoLine("Check", "Could not reach api.github.com.", "error")], "attention");
  }
}

async function onTokenRemove() {
  await purgeTokenData(chrome.storage.local); // cached private responses and badges must not outlive the token
  await chrome.storage.local.remove(TOKEN_KEY);
  showTokenInfo([infoLine("Saved", "no token (anonymous: 60 requests/hour)", "saved")]);
  await showBudget("");
  status("Token removed");
}

async function showStoredToken() {
  const token = await storedToken();
  showTokenInfo([infoLine("Saved", token ? tokenKind(token) : "no token (anonymous: 60 requests/hour)", "saved")]);
  await showBudget(token);
}

/** Without a token: the hour's anonymous budget in full views, and what a token adds (budget.js). */
async function showBudget(token) {
  const line = $("anonymous-budget");
  line.hidden = Boolean(token);
  if (token) return;
  const budget = await anonymousBudget().catch(() => null);
  line.textContent = budget ? budgetText(budget) : "";
  if (budget) line.dataset.prlensBudget = `${budget.remaining}/${budget.limit}`;
}

// ---- access to GitHub -------------------------------------------------------------------

/**
 * The manifest's host permissions. Firefox lets the user withhold or revoke them (MV3 host
 * permissions are revocable per site); without github.com the content script is not injected,
 * so no panel appears and this popup is the only place that can say why.
 */
const HOST_ORIGINS = chrome.runtime.getManifest().host_permissions ?? [];
/** Without these no panel appears; without patch-diff.githubusercontent.com only the no-token path reads the files from the API. */
const REQUIRED_ORIGINS = HOST_ORIGINS.filter((origin) => !origin.startsWith("https://patch-diff."));
const HOST_ACCESS_MESSAGE =
  "prlens may not read github.com or api.github.com, so no panel appears on pull requests. " +
  "Click “Allow access to GitHub” below, or in the browser's Extensions menu choose “Always Allow on github.com” for prlens.";

async function renderHostAccess() {
  const granted = await chrome.permissions.contains({ origins: REQUIRED_ORIGINS });
  $("host-access").hidden = granted;
  $("host-access-message").textContent = granted ? "" : HOST_ACCESS_MESSAGE;
  $("popup").dataset.hostAccess = granted ? "granted" : "missing";
}

// ---- details shortcut (content/shortcut.js defines the keys and the default) -------------

const shortcuts = globalThis.prlensContent.shortcut;

function renderShortcut() {
  const value = shortcuts.fromPrefs(prefs);
  $("prlens-shortcut").value = value || "Off";
  $("prlens-shortcut-off").disabled = value === "";
}

function saveShortcut(value) {
  savePrefs((fresh) => (fresh[shortcuts.PREF_KEY] = value)).then(renderShortcut);
}

function setUpShortcut() {
  const field = $("prlens-shortcut");
  field.addEventListener("keydown", (event) => {
    if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      saveShortcut("");
      return;
    }
    const combination = shortcuts.fromEvent(event);
    if (!combination) return; // Tab and the rest keep their usual meaning
    event.preventDefault();
    field.value = combination;
    saveShortcut(combination);
  });
  $("prlens-shortcut-off").addEventListener("click", () => saveShortcut(""));
  renderShortcut();
}

// ---- start ------------------------------------------------------------------------------

async function main() {
  prefs = await loadPrefs();
  buildSectionList();
  renderToggles();
  renderRepos();
  setUpShortcut();
  $("enabled").addEventListener("change", (event) => {
    const on = event.target.checked;
    document.body.dataset.enabled = String(on);
    savePrefs((fresh) => (fresh.enabled = on));
  });
  $("repo-form").addEventListener("submit", onRepoSubmit);
  $("token-form").addEventListener("submit", onTokenSubmit);
  $("token-check").addEventListener("click", onTokenCheck);
  $("token-remove").addEventListener("click", onTokenRemove);
  // permissions.request must run in the click itself (a user gesture), before any await.
  $("host-access-grant").addEventListener("click", () => chrome.permissions.request({ origins: HOST_ORIGINS }).then(renderHostAccess, renderHostAccess));
  chrome.permissions.onAdded.addListener(renderHostAccess);
  chrome.permissions.onRemoved.addListener(renderHostAccess);
  await renderHostAccess();
  chrome.storage.onChanged.addListener((changes, area) => {
    if (area === "sync" && changes[PREFS_KEY]) {
      prefs = normalizePrefs(changes[PREFS_KEY].newValue);
      renderToggles();
      renderRepos();
      renderShortcut();
    }
  });
  await showStoredToken();
  $("open-options").addEventListener("click", () => chrome.runtime.openOptionsPage());
  await setUpEngineForm({ initial: prefs.engine, save: savePrefs }); // version and report link only: no form here
  $("popup").dataset.ready = "true";
}

main().catch((error) => {
  $("status").textContent = `prlens settings failed to load: ${error.message}`;
});
