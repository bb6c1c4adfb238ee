/**
 * Downloads: saves the signal or the bundle shown on the page as a JSON file.
 *
 * Why: the panel's "Download signal" / "Download bundle" buttons hand the action to the
 * host page (`onAction`); here the host is a plain web page, so a Blob and a temporary
 * `<a download>` do it without any server. File names are built only from the validated
 * owner/repo/number, never from free PR text.
 * Source: docs/CONTRACTS.md (panel actions).
 */

const SAFE_NAME_PART = /[^A-Za-z0-9._-]+/g;

/** A file name such as `prlens-signal-octo-demo-7.json`. */
export function downloadName(kind, signal) {
  const pr = signal?.pr ?? {};
  const parts = [pr.owner, pr.repo, pr.number]
    .filter((part) => part !== undefined && part !== null && part !== "")
    .map((part) => String(part).replace(SAFE_NAME_PART, "-").slice(0, 60));
  return `prlens-${kind}${parts.length ? "-" + parts.join("-") : ""}.json`;
}

/** Saves `text` as a JSON file named `name`. */
export function saveJson(name, text) {
  const blob = new Blob([text], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Pretty-prints JSON text for humans (falls back to the text as is). */
export function prettyJson(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
