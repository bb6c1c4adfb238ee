/**
 * The playground's status line and error region: outside the panel, so they work even when
 * the engine could not load.
 */

const $ = (id) => document.getElementById(id);

export function showStatus(message, tone = "info") {
  const status = $("status");
  status.textContent = message;
  status.dataset.tone = tone;
  status.hidden = message === "";
}

export function showPageError(title, message, advice = "", kind = "", { onRetry = null } = {}) {
  const region = $("error-region");
  region.replaceChildren();
  const heading = document.createElement("strong");
  heading.textContent = title;
  const text = document.createElement("p");
  text.textContent = message;
  region.append(heading, text);
  if (advice) {
    const hint = document.createElement("p");
    hint.className = "muted";
    hint.textContent = advice;
    region.append(hint);
  }
  if (onRetry) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn btn-sm";
    button.textContent = "Try again";
    button.addEventListener("click", onRetry);
    region.append(button);
  }
  region.dataset.prlensState = "error";
  if (kind) region.dataset.kind = kind;
  else delete region.dataset.kind;
  region.hidden = false;
}

export function clearPageError() {
  const region = $("error-region");
  region.hidden = true;
  region.replaceChildren();
  delete region.dataset.prlensState;
  delete region.dataset.kind;
}
