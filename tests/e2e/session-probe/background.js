// The background (Chromium: service worker; Firefox: event page).
if (typeof importScripts === "function") importScripts("targets.js", "probe-lib.js");
(globalThis.browser ?? globalThis.chrome).runtime.onMessage.addListener((message) => {
  if (message?.probe !== "background") return;
  globalThis.runProbe("background-include", "include").then(() => globalThis.runProbe("background-default", null));
});
