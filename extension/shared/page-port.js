/**
 * A frame's side of its channel with our content script (the panel, the details sheet, the list
 * frame; the content script's side is content/messaging.js, which explains the handshake).
 *
 * In short: this frame asks the background to confirm the nonce in its own URL; once confirmed,
 * the background tells our content script, which hands this frame a `MessagePort` in a
 * `{type: "prlens:connect", nonce}` message; everything else goes over that port. Nothing is ever
 * posted to `window.parent`, where page scripts would read it along with this frame's origin
 * (in Firefox a per-install `moz-extension://` UUID). A page that frames our page itself never
 * gets its nonce confirmed: such a frame takes no port, acts on nothing and says nothing.
 *
 * ES module.
 */
import "./github-names.js";
import "./messages.js"; // every prlens:* message, declared once

const { T, read } = globalThis.prlensMessages;

const { GITHUB_ORIGIN, NONCE } = globalThis.prlensNames;

/** The nonce in this frame's address (`#nonce=<32 hex>`, optionally followed by `&…`), or null. */
export function nonceOfLocation(hash = location.hash) {
  const match = /^#nonce=([0-9a-f]{32})(?:&|$)/.exec(hash);
  return match && NONCE.test(match[1]) ? match[1] : null;
}

/**
 * Connects this frame to our content script. `onMessage(data)` gets every message the content
 * script sends (validate it: the port is ours, the data is still the page's facts). Returns
 * `{confirmed: Promise<boolean>, origin: Promise<string|null>, tab: Promise<number|null>,
 * post(message)}`; `origin` is the page origin our content script registered the nonce on
 * (github.com, or an Enterprise host the user added: the only pages it runs on), as the
 * background saw it; `tab` the tab it was registered in (this frame's); `post` keeps the latest
 * message of each type until the port arrives, then delivers them in order.
 */
export function connectToPage({ api, nonce, onMessage }) {
  let port = null;
  const queue = new Map();
  const answer = nonce
    ? Promise.resolve(api.runtime.sendMessage({ type: T.CONFIRM_NONCE, nonce })).then(
        (reply) =>
          reply?.ok === true && Number.isInteger(reply.tab)
            ? { ok: true, origin: typeof reply.origin === "string" ? reply.origin : GITHUB_ORIGIN, tab: reply.tab }
            : { ok: false, origin: null, tab: null },
        () => ({ ok: false, origin: null, tab: null }),
      )
    : Promise.resolve({ ok: false, origin: null, tab: null });
  const confirmed = answer.then(({ ok }) => ok);
  const origin = answer.then((reply) => reply.origin);
  const tab = answer.then((reply) => reply.tab);

  function adopt(offered) {
    port?.close(); // a later connect replaces the port: the content script keeps only its latest
    port = offered;
    port.onmessage = (event) => onMessage(event.data);
    for (const message of queue.values()) port.postMessage(message);
    queue.clear();
  }

  if (nonce && window.parent !== window) {
    window.addEventListener("message", (event) => {
      if (event.source !== window.parent) return;
      if (read(event.data, [T.CONNECT])?.nonce !== nonce || event.ports.length !== 1) return;
      const offered = event.ports[0];
      // Only from the page the nonce was registered on (github.com or that Enterprise host).
      answer.then((reply) => (reply.ok && event.origin === reply.origin ? adopt(offered) : offered.close()));
    });
    // This document is going (a reload, a move that reloads the iframe): the content script
    // keeps its messages until the next document connects.
    window.addEventListener("pagehide", () => port?.postMessage({ type: T.GOODBYE }));
  }

  return {
    confirmed,
    origin,
    tab,
    post(message) {
      if (port) port.postMessage(message);
      else {
        queue.delete(message.type);
        queue.set(message.type, message);
      }
    },
  };
}
