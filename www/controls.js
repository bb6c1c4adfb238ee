/** The playground's controls: the PR form, the token form and the bundle drop zone. */
import { loadToken, saveToken, forgetToken, tokenLooksValid } from "./token-store.js";
import { parsePrReference, formatPrReference, PrReferenceError } from "./pr-reference.js";
import { showStatus } from "./notices.js";

const $ = (id) => document.getElementById(id);

/**
 * The PR form: a valid reference is normalised in the input and handed to `onReference`
 * (once the engine is ready); anything else is explained in the status line.
 */
export function initPrForm({ engineReady, onReference }) {
  $("pr-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = $("pr-input");
    let reference;
    try {
      reference = parsePrReference(input.value);
    } catch (error) {
      if (!(error instanceof PrReferenceError)) throw error;
      input.setAttribute("aria-invalid", "true");
      showStatus(error.message, "error");
      input.focus();
      return;
    }
    input.removeAttribute("aria-invalid");
    input.value = formatPrReference(reference);
    if (!engineReady()) {
      showStatus("The engine is still loading; try again in a moment.", "warning");
      return;
    }
    onReference(reference);
  });
  $("pr-input").addEventListener("input", () => {
    $("pr-input").removeAttribute("aria-invalid");
    if ($("status").dataset.tone === "error") showStatus("");
  });
}

/** The token form: stored per tab or on this device (token-store.js), never shown again. */
export function initTokenControls() {
  const input = $("token-input");
  const remember = $("token-remember");
  const state = $("token-state");
  const describe = () => {
    const { token, remembered } = loadToken();
    state.textContent = token
      ? `A token is stored ${remembered ? "on this device (localStorage)" : "for this tab only (sessionStorage)"}; it is sent only to api.github.com.`
      : "No token stored: requests are anonymous (60 per hour).";
    $("token-forget").disabled = !token;
  };
  const stored = loadToken();
  remember.checked = stored.remembered;
  input.value = "";
  input.placeholder = stored.token ? "•••••••• (stored)" : "ghp_… or github_pat_…";
  describe();
  $("token-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = input.value.trim();
    if (value === "") {
      // Only the storage place changes.
      const { token } = loadToken();
      if (token) saveToken(token, remember.checked);
    } else {
      if (!tokenLooksValid(value)) {
        state.textContent = "That does not look like a GitHub token (ghp_…, github_pat_… or 40 hex digits). Nothing was stored.";
        return;
      }
      saveToken(value, remember.checked);
      input.value = "";
      input.placeholder = "•••••••• (stored)";
    }
    describe();
  });
  $("token-forget").addEventListener("click", () => {
    forgetToken();
    input.value = "";
    input.placeholder = "ghp_… or github_pat_…";
    remember.checked = false;
    describe();
  });
}

/** The bundle file chooser, dropping a file anywhere on the page, and "back to the sample". */
export function initDropZone({ engineReady, onFile, onBackToSample }) {
  const zone = $("drop-zone");
  const chooser = $("bundle-file");
  chooser.addEventListener("change", () => {
    const [file] = chooser.files;
    if (file && engineReady()) onFile(file);
    chooser.value = "";
  });
  let depth = 0;
  const hasFiles = (event) => [...(event.dataTransfer?.types ?? [])].includes("Files");
  document.addEventListener("dragenter", (event) => {
    if (!hasFiles(event)) return;
    depth += 1;
    document.body.dataset.dragging = "true";
  });
  document.addEventListener("dragleave", () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) delete document.body.dataset.dragging;
  });
  document.addEventListener("dragover", (event) => {
    if (hasFiles(event)) event.preventDefault();
  });
  document.addEventListener("drop", (event) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    depth = 0;
    delete document.body.dataset.dragging;
    const [file] = event.dataTransfer.files;
    if (!file) return;
    if (!engineReady()) {
      showStatus("The engine is still loading; drop the file again in a moment.", "warning");
      return;
    }
    onFile(file);
    zone.focus();
  });
  $("back-to-sample").addEventListener("click", onBackToSample);
}
