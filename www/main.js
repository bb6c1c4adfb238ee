/**
 * Playground entry point: wires the page together — engine, sources (sample, `?bundle=`,
 * dropped file, live PR URL), the settings side panel, the panel renderer and the
 * explanations.
 *
 * Model: the page holds one bundle (JSON text) and the current settings (JSON text). Every
 * change of either re-runs `analyzeBundle` locally and re-renders; nothing is refetched when
 * a setting moves. A bundle is first analysed with default settings: if that fails the bundle
 * is at fault (error state in the panel), otherwise a later failure is the settings' fault
 * (message in the settings panel, last good panel kept). The default-settings signal is
 * also the baseline the "what if" read-out compares against.
 * Source: docs/CONTRACTS.md (wasm exports, DOM hooks).
 */

import "./shared/github-names.js";
import { loadEngine, callEngine, crashFrom, EngineCrash } from "./engine.js";
import { initThemeToggle } from "./theme.js";
import { parsePrReference, formatPrReference, prUrl, PrReferenceError } from "./pr-reference.js";
import { resolveBundleUrl, fetchSameOriginBundle, readBundleFile } from "./bundle-source.js";
import { loadToken } from "./token-store.js";
import { showStatus, showPageError, clearPageError } from "./notices.js";
import { initPrForm, initTokenControls, initDropZone } from "./controls.js";
import { fetchLiveBundle, memoryStorage } from "./live-fetch.js";
import { downloadName, saveJson, prettyJson } from "./downloads.js";
import { showReadout, showLiveFormulas, clearReadout, showThresholds } from "./explain.js";
import { initSettingsPanel } from "./settings.js";
import { linkDocs } from "./docs-links.js";

const SAMPLE_URL = "./sample-bundle.json";
const SAMPLE_LABEL = "Sample: modelled on huggingface/transformers#43774";

const $ = (id) => document.getElementById(id);

const page = {
  engine: null,
  bundleJson: null,
  source: null, // {kind: "sample"|"live"|"file"|"link", label, detail?, reference?}
  settingsJson: "",
  signal: null,
  baseline: null,
  cache: memoryStorage(),
  generation: 0, // bumps on every new load, so a slow fetch cannot overwrite a newer result
  newBundle: false, // true until the first render of a newly loaded bundle
};

// ---------------------------------------------------------------------------------------
// Panel rendering
// ---------------------------------------------------------------------------------------

function panelRoot() {
  return $("prlens-panel");
}

function renderPanelState(state, detail) {
  const root = panelRoot();
  clearReadout();
  if (page.engine && typeof page.engine.renderState === "function") {
    try {
      page.engine.renderState(root, state, detail);
      return;
    } catch (error) {
      if (crashFrom(error)) {
        // The instance trapped: draw this state without it and start a fresh one.
        page.engine = null;
        loadEngine().then((engine) => (page.engine = engine), () => {});
      } else {
        console.warn("prlens: renderState failed", error);
      }
    }
  }
  // Engine not loaded (or too old to render states): a plain text state with the same hook.
  root.replaceChildren();
  root.removeAttribute("data-prlens-level");
  root.dataset.prlensState = state;
  const text = document.createElement("p");
  text.className = state === "error" ? "panel-fallback panel-fallback-error" : "panel-fallback";
  text.setAttribute("role", state === "error" ? "alert" : "status");
  text.textContent = detail.message;
  root.append(text);
}

/**
 * One visible error box (the page's, which has a specific title and advice for this page);
 * the panel root also enters its error state (`data-prlens-state="error"`, the contract's
 * hook) but is hidden by style.css so the same message is not shown twice.
 */
function showBundleError(title, message, advice = "", kind = "") {
  page.signal = null;
  const retry = page.source?.kind === "live";
  showPageError(title, message, advice, kind, { onRetry: retry ? () => onPanelAction("retry", {}) : null });
  renderPanelState("error", {
    message: advice ? `${message} ${advice}` : message,
    retry: page.source?.kind === "live",
    onAction: onPanelAction,
  });
  document.body.dataset.hasSignal = "false";
}

function onPanelAction(action, payload) {
  switch (action) {
    case "download-signal":
      if (page.signal) saveJson(downloadName("signal", page.signal), JSON.stringify(page.signal, null, 2));
      break;
    case "download-bundle":
      if (page.bundleJson) saveJson(downloadName("bundle", page.signal), prettyJson(page.bundleJson));
      break;
    case "refresh":
    case "retry":
      if (page.source?.kind === "live") startLiveFetch(page.source.reference);
      else analyzeAndRender();
      break;
    case "focus-file": {
      // The anchor was validated by the renderer (diff-<64 hex>); the PR URL comes from a
      // validated reference or the signal's owner/repo/number, re-checked by parsePrReference.
      const anchor = String(payload?.anchor ?? "");
      const pr = page.signal?.pr;
      if (!globalThis.prlensNames.DIFF_ANCHOR.test(anchor) || !pr) break;
      try {
        const reference = parsePrReference(`${pr.owner}/${pr.repo}#${pr.number}`);
        window.open(`${prUrl(reference)}/files#${anchor}`, "_blank", "noopener,noreferrer");
      } catch {
        showStatus("This bundle has no valid GitHub address, so files cannot be opened on github.com.", "warning");
      }
      break;
    }
    default:
      break;
  }
}

/**
 * The engine trapped (a Rust panic): say so with plain text, drop the bundle, and start a
 * fresh engine instance in the background so the page stays usable.
 */
function handleCrash(crash) {
  page.engine = null;
  page.bundleJson = null;
  page.baseline = null;
  showBundleError(
    "prlens hit an internal error on this bundle",
    `${crash.message}.`.replace(/\.\.$/, "."),
    "This is a bug in prlens, not in your data; the engine has been restarted, so other bundles work. Please report it with the bundle.",
  );
  loadEngine()
    .then((engine) => {
      page.engine = engine;
    })
    .catch((error) => showPageError("The prlens engine could not be restarted", String(error?.message ?? error)));
}

/** Runs the engine on the current bundle and settings, and renders the result. */
function analyzeAndRender() {
  if (!page.engine || page.bundleJson === null) return;
  let signalJson;
  try {
    signalJson = callEngine(() => page.engine.analyzeBundle(page.bundleJson, page.settingsJson));
  } catch (error) {
    if (error instanceof EngineCrash) return handleCrash(error);
    settingsPanel?.showError(`These settings were not applied: ${error.message}`);
    return;
  }
  settingsPanel?.showError("");
  page.signal = JSON.parse(signalJson);
  const root = panelRoot();
  if (typeof page.engine.renderPanel === "function") {
    try {
      callEngine(() =>
        page.engine.renderPanel(root, signalJson, {
          expanded: true,
          hiddenSections: settingsPanel?.hiddenSections() ?? [],
          hasBundle: true,
          onAction: onPanelAction,
        }),
      );
    } catch (error) {
      if (error instanceof EngineCrash) return handleCrash(error);
      showBundleError("The panel could not be drawn", String(error?.message ?? error));
      return;
    }
  } else {
    renderPanelState("error", {
      message: "This build of the engine has no panel renderer (renderPanel). Rebuild with ./build.sh.",
      retry: false,
    });
  }
  document.body.dataset.hasSignal = "true";
  settingsPanel?.markFiring((page.signal.risk?.drivers ?? []).map((driver) => driver.id), {
    reorder: page.newBundle,
  });
  page.newBundle = false;
  showReadout(page.signal, page.baseline);
  showLiveFormulas(page.signal);
  showThresholds(settingsPanel?.effectiveThresholds());
}

/** Accepts a new bundle: checks it with default settings, then renders with the visitor's. */
async function useBundle(bundleJson, source) {
  page.source = source;
  showSource(source);
  clearPageError();
  if (!page.engine) {
    // Only after a crash, while the fresh instance loads (milliseconds).
    try {
      page.engine = await loadEngine();
    } catch (error) {
      showBundleError("The prlens engine could not be loaded", String(error?.message ?? error));
      return;
    }
  }
  try {
    page.baseline = JSON.parse(callEngine(() => page.engine.analyzeBundle(bundleJson, "")));
  } catch (error) {
    if (error instanceof EngineCrash) return handleCrash(error);
    page.bundleJson = null;
    page.baseline = null;
    showBundleError("This bundle cannot be analysed", `${error.message}.`.replace(/\.\.$/, "."),
      "A bundle is the JSON the extension's \"Download bundle\" button saves (format prlens.bundle.v1, with at least a \"pull\" object).");
    return;
  }
  page.bundleJson = bundleJson;
  page.newBundle = true;
  analyzeAndRender();
}

// ---------------------------------------------------------------------------------------
// Sources
// ---------------------------------------------------------------------------------------

function showSource(source) {
  const banner = $("source-banner");
  banner.dataset.kind = source.kind;
  $("source-kind").textContent = { sample: "Sample", live: "Live", file: "File", link: "Link" }[source.kind];
  $("source-text").textContent = source.label;
  $("source-detail").textContent = source.detail ?? "";
  const link = $("source-link");
  if (source.reference) {
    link.href = prUrl(source.reference);
    link.hidden = false;
  } else {
    link.hidden = true;
    link.removeAttribute("href");
  }
  $("back-to-sample").hidden = source.kind === "sample";
}

function setPageQuery(params) {
  const url = new URL(window.location.href);
  url.search = params ? new URLSearchParams(params).toString() : "";
  url.hash = "";
  window.history.replaceState(null, "", url);
}

async function loadSample() {
  const generation = ++page.generation;
  renderPanelState("loading", { message: "Loading the sample pull request…" });
  try {
    const text = await fetchSameOriginBundle(SAMPLE_URL, "the sample bundle");
    if (generation !== page.generation) return;
    await useBundle(text, {
      kind: "sample",
      label: SAMPLE_LABEL,
      detail: "A realistic bundle shaped like the reference example; it is not fetched live. Paste a PR URL above to analyse a real one.",
    });
  } catch (error) {
    if (generation !== page.generation) return;
    page.source = { kind: "sample", label: SAMPLE_LABEL };
    showSource(page.source);
    showBundleError("The sample could not be loaded", error.message);
  }
}

async function loadFromLink(value) {
  const generation = ++page.generation;
  let url;
  try {
    url = resolveBundleUrl(value, window.location.href);
  } catch (error) {
    page.source = { kind: "link", label: "Bundle from the ?bundle= link" };
    showSource(page.source);
    showBundleError("This bundle link was refused", error.message);
    return;
  }
  const label = `Bundle: ${url.pathname}`;
  renderPanelState("loading", { message: `Loading ${url.pathname}…` });
  try {
    const text = await fetchSameOriginBundle(url, url.pathname);
    if (generation !== page.generation) return;
    await useBundle(text, { kind: "link", label, detail: "Loaded from this site via the ?bundle= link." });
  } catch (error) {
    if (generation !== page.generation) return;
    page.source = { kind: "link", label };
    showSource(page.source);
    showBundleError("This bundle could not be loaded", error.message);
  }
}

async function loadFile(file) {
  const generation = ++page.generation;
  const label = `Bundle file: ${file.name}`;
  try {
    const text = await readBundleFile(file);
    if (generation !== page.generation) return;
    setPageQuery(null);
    await useBundle(text, { kind: "file", label, detail: "Read in this browser; the file was not uploaded anywhere." });
  } catch (error) {
    if (generation !== page.generation) return;
    page.source = { kind: "file", label };
    showSource(page.source);
    showBundleError("This file cannot be used", error.message);
  }
}

/**
 * The fetch progress as text only ("files 2/7"). The renderer draws a determinate bar with a
 * style attribute, which this page's strict CSP (`style-src 'self'`) blocks; without
 * done/total it shows its indeterminate bar instead, and the counts stay readable.
 */
function progressText(progress) {
  const { phase = "", done, total, message = "" } = progress ?? {};
  if (message) return { phase, message };
  const counted = Number.isFinite(done) && Number.isFinite(total) && total > 0 ? ` ${done}/${total}` : "";
  return { phase, message: `${phase || "Fetching"}${counted}` };
}

async function startLiveFetch(reference) {
  const generation = ++page.generation;
  const name = formatPrReference(reference);
  page.source = { kind: "live", label: `Live: ${name}`, reference, detail: "Fetching from api.github.com…" };
  showSource(page.source);
  clearPageError();
  showStatus("");
  const { token } = loadToken();
  $("analyze-button").disabled = true;
  renderPanelState("loading", { message: `Fetching ${name} from api.github.com…` });
  try {
    const bundleJson = await fetchLiveBundle(page.engine, reference, {
      token,
      storage: page.cache,
      onProgress: (progress) => {
        if (generation !== page.generation) return;
        renderPanelState("loading", { message: `Fetching ${name}…`, progress: progressText(progress) });
      },
    });
    if (generation !== page.generation) return;
    setPageQuery({ pr: name });
    await useBundle(bundleJson, {
      kind: "live",
      label: `Live: ${name}`,
      reference,
      detail: `Fetched from api.github.com at ${new Date().toLocaleTimeString()}${token ? " with your token" : " without a token"}.`,
    });
  } catch (error) {
    if (generation !== page.generation) return;
    const crash = crashFrom(error);
    if (crash) handleCrash(crash);
    else showBundleError(`Could not fetch ${name}`, error.message, error.advice ?? "", error.kind ?? "");
  } finally {
    if (generation === page.generation) $("analyze-button").disabled = false;
  }
}

let settingsPanel = null;

function onSettingsChange(settingsJson) {
  page.settingsJson = settingsJson;
  analyzeAndRender();
}

async function start() {
  initThemeToggle($("theme-toggle"), () => {});
  const engineReady = () => Boolean(page.engine);
  initPrForm({ engineReady, onReference: startLiveFetch });
  initTokenControls();
  initDropZone({
    engineReady,
    onFile: loadFile,
    onBackToSample: () => {
      setPageQuery(null);
      showStatus("");
      loadSample();
    },
  });
  linkDocs();
  renderPanelState("loading", { message: "Loading the prlens engine (WebAssembly)…" });
  try {
    page.engine = await loadEngine();
  } catch (error) {
    showBundleError(
      "The prlens engine could not be loaded",
      String(error?.message ?? error),
      "This page needs a browser with WebAssembly and the files built by ./build.sh (pkg/prlens.js, pkg/prlens_bg.wasm).",
    );
    return;
  }
  $("engine-version").textContent = page.engine.engineVersion();
  settingsPanel = await initSettingsPanel($("settings-form"), {
    engine: page.engine,
    onChange: onSettingsChange,
    onSections: () => analyzeAndRender(),
  });
  page.settingsJson = settingsPanel.settingsJson();

  const params = new URLSearchParams(window.location.search);
  if (params.has("bundle")) {
    loadFromLink(params.get("bundle"));
  } else if (params.has("pr")) {
    try {
      const reference = parsePrReference(params.get("pr"));
      $("pr-input").value = formatPrReference(reference);
      // A link can name any PR, private ones too: with a stored token, fetching it would act
      // as the visitor on a stranger's say-so. Anonymous fetches may start at once.
      if (loadToken().token) {
        loadSample();
        showStatus(`Press Analyze to fetch ${formatPrReference(reference)} with your stored token.`, "info");
      } else startLiveFetch(reference);
    } catch (error) {
      showStatus(error instanceof PrReferenceError ? error.message : String(error), "error");
      loadSample();
    }
  } else {
    loadSample();
  }
}

window.addEventListener("error", (event) => {
  console.error("prlens playground:", event.error ?? event.message);
});

start().catch((error) => {
  showPageError("Something went wrong", String(error?.message ?? error));
});

