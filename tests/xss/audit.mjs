/**
 * The XSS audit of a rendered document, shared by the Chromium and Firefox e2e tests: everything
 * a corpus payload (tests/xss/corpus.mjs) could have left behind. `auditDocument` runs in the
 * browser (passed to `evaluate`), so it uses nothing from this module's scope.
 */

/** Inside a document: everything a payload could have left behind. Runs in the browser. */
export function auditDocument({ globals, allowedScriptSrc, rootSelector }) {
  const problems = [];
  const executed = globals.filter((name) => name in window);
  if (executed.length) problems.push(`payload globals set: ${executed.slice(0, 5).join(", ")}`);
  const scope = rootSelector ? document.querySelector(rootSelector) : document.documentElement;
  if (!scope) return [`no ${rootSelector}`];
  for (const element of [scope, ...scope.querySelectorAll("*")]) {
    const tag = element.tagName.toLowerCase();
    if (tag === "script") {
      const src = element.getAttribute("src") ?? "";
      if (!allowedScriptSrc.some((allowed) => src.endsWith(allowed))) problems.push(`script element ${src || element.textContent.slice(0, 60)}`);
    }
    if (["iframe", "object", "embed", "frame", "base", "meta", "form"].includes(tag) && rootSelector) problems.push(`<${tag}> inside the panel`);
    if (["img", "svg", "video", "audio", "math"].includes(tag) && /__xss|onerror|onload/i.test(element.outerHTML.slice(0, 2000))) problems.push(`<${tag}> from data`);
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim().toLowerCase();
      if (name.startsWith("on")) problems.push(`${tag}[${name}]`);
      if (/^(javascript|data|vbscript):/.test(value) && /^(href|src|action|formaction|xlink:href|srcdoc|style)$/.test(name)) problems.push(`${tag}[${name}=${value.slice(0, 40)}]`);
      if (name === "srcdoc") problems.push(`${tag}[srcdoc]`);
    }
    if (tag === "a" && element.hasAttribute("href")) {
      const href = element.href;
      // The details sheet's section navigation: fixed in-document anchors, never PR data.
      const ownSection = /^#prlens-[a-z-]{1,20}$/.test(element.getAttribute("href")) && element.hasAttribute("data-prlens-nav");
      if (!ownSection && !href.startsWith("https://github.com/")) problems.push(`link to ${href.slice(0, 80)}`);
    }
  }
  return problems;
}
