/**
 * The options page (issue #35): feature switches, GitHub Enterprise Server hosts, tokens per
 * host (and per owner on github.com), and the scoring form. Everything is saved through the one
 * prefs model (shared/prefs.js, prefs-store.js) and the token slots (token-slots.js); open
 * GitHub pages follow without a reload (they listen to storage changes).
 *
 * Adding a host: `permissions.request` for `https://HOST/*` runs in the click itself (browsers
 * ask only in a user gesture); the host is saved only once the user allowed it, and the
 * background then registers the content scripts there (background/hosts.js). Removing a host
 * removes its token and gives the permission back.
 */
import "../../shared/github-names.js";
import "../../shared/sections.js";
import "../../shared/prefs.js";
import { loadPrefs, savePrefs, statusLine } from "./prefs-store.js";
import { ownersWithTokens, tokenSlotBox, writeToken } from "./token-slots.js";
import { setUpEngineForm } from "./engine-settings.js";

const { FEATURES, PREFS_KEY, featureOn, normalizePrefs } = globalThis.prlensPrefs;
const names = globalThis.prlensNames;
const api = globalThis.browser ?? globalThis.chrome;
const $ = (id) => document.getElementById(id);
const say = statusLine($("status"));

let prefs = normalizePrefs(undefined);

const save = async (change) => {
  const saved = await savePrefs(change, say);
  if (saved) prefs = saved;
  return saved;
};

// ---- features ---------------------------------------------------------------------------

function buildFeatures() {
  const list = $("feature-list");
  list.replaceChildren();
  for (const [key, label] of FEATURES) {
    const wrap = document.createElement("label");
    wrap.className = "check";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.setAttribute("role", "switch");
    box.setAttribute("data-feature", key);
    box.checked = featureOn(prefs, key);
    box.addEventListener("change", () => save((fresh) => (fresh.features[key] = box.checked)));
    const text = document.createElement("span");
    text.textContent = label;
    wrap.append(box, text);
    list.append(wrap);
  }
}

// ---- Enterprise hosts -------------------------------------------------------------------

/** Whether the browser lets prlens read `host`'s pages now. */
const hostGranted = (host) => api.permissions.contains({ origins: [...names.hostOf(host).patterns] });

/** Draws the host list; built whole, then swapped in, so overlapping calls never mix. */
async function renderHosts() {
  const items = [];
  if (prefs.hosts.length === 0) {
    const empty = document.createElement("li");
    empty.className = "hint";
    empty.textContent = "None: prlens runs on github.com only.";
    items.push(empty);
  }
  for (const host of prefs.hosts) {
    const item = document.createElement("li");
    item.setAttribute("data-host", host);
    const name = document.createElement("code");
    name.textContent = host;
    const state = document.createElement("span");
    state.className = "hint";
    const granted = await hostGranted(host);
    state.textContent = granted ? `API ${names.hostOf(host).apiBase}` : "access not allowed in this browser";
    item.dataset.granted = String(granted);
    const buttons = document.createElement("span");
    if (!granted) {
      const allow = document.createElement("button");
      allow.type = "button";
      allow.className = "btn btn-small";
      allow.textContent = "Allow access";
      allow.setAttribute("aria-label", `Allow prlens on ${host}`);
      // In the click itself: browsers ask only in a user gesture.
      allow.addEventListener("click", () => api.permissions.request({ origins: [...names.hostOf(host).patterns] }).then(renderAll, renderAll));
      buttons.append(allow);
    }
    const remove = document.createElement("button");
    remove.type = "button";
    remove.className = "btn btn-small";
    remove.textContent = "Remove";
    remove.setAttribute("aria-label", `Remove ${host}`);
    remove.setAttribute("data-host-remove", host);
    remove.addEventListener("click", async () => {
      await save((fresh) => (fresh.hosts = fresh.hosts.filter((h) => h !== host)));
      await writeToken(host, null, "");
      await api.permissions.remove({ origins: [...names.hostOf(host).patterns] }).catch(() => false);
      renderAll();
    });
    buttons.append(remove);
    item.append(name, state, buttons);
    items.push(item);
  }
  $("host-list").replaceChildren(...items);
}

function hostError(text) {
  const box = $("host-error");
  box.textContent = text;
  box.hidden = text === "";
  $("host-input").setAttribute("aria-invalid", String(text !== ""));
}

/** "Add host": synchronous up to `permissions.request`, which must run in the user's gesture. */
function onHostSubmit(event) {
  event.preventDefault();
  const host = names.normalizeHost($("host-input").value);
  if (!host) {
    hostError("Type a host name such as github.example.com (https only; github.com needs no adding).");
    return;
  }
  hostError("");
  api.permissions.request({ origins: [...names.hostOf(host).patterns] }).then(
    async (granted) => {
      if (!granted) {
        hostError(`Not added: the browser did not allow prlens on ${host}.`);
        return;
      }
      await save((fresh) => (fresh.hosts = [...new Set([...fresh.hosts, host])]));
      $("host-input").value = "";
      renderAll();
    },
    (error) => hostError(`Not added: ${error.message}`),
  );
}

// ---- tokens -----------------------------------------------------------------------------

async function renderTokens() {
  const boxes = [tokenSlotBox({ host: names.GITHUB_HOST, title: "github.com", say })];
  for (const owner of await ownersWithTokens()) {
    boxes.push(tokenSlotBox({ host: names.GITHUB_HOST, owner, title: `github.com, owner ${owner}`, say, onRemoved: renderTokens }));
  }
  for (const host of prefs.hosts) boxes.push(tokenSlotBox({ host, title: host, say }));
  $("token-slots").replaceChildren(...boxes);
}

function onOwnerSubmit(event) {
  event.preventDefault();
  const owner = $("owner-token-input").value.trim();
  const error = $("owner-token-error");
  if (!names.isOwner(owner)) {
    error.textContent = "Type a GitHub owner (a user or organisation name).";
    error.hidden = false;
    return;
  }
  error.hidden = true;
  $("owner-token-input").value = "";
  // Shown at once; saved when its token is.
  const box = tokenSlotBox({ host: names.GITHUB_HOST, owner, title: `github.com, owner ${owner.toLowerCase()}`, say, onRemoved: renderTokens });
  $("token-slots").append(box);
  box.querySelector("input")?.focus();
}

async function renderAll() {
  buildFeatures();
  await renderHosts();
  await renderTokens();
}

async function main() {
  prefs = await loadPrefs();
  $("host-form").addEventListener("submit", onHostSubmit);
  $("owner-token-form").addEventListener("submit", onOwnerSubmit);
  await renderAll();
  // Another settings page (the popup) changed the prefs: show them.
  api.storage.sync.onChanged.addListener((changes) => {
    if (!Object.hasOwn(changes, PREFS_KEY)) return;
    const before = JSON.stringify(prefs);
    prefs = normalizePrefs(changes[PREFS_KEY].newValue);
    if (JSON.stringify(prefs) !== before) {
      buildFeatures();
      renderHosts();
    }
  });
  api.permissions.onAdded?.addListener(() => renderHosts());
  api.permissions.onRemoved?.addListener(() => renderHosts());
  await setUpEngineForm({ initial: prefs.engine, save, current: () => prefs.engine });
  $("options").dataset.ready = "true";
}

main();
