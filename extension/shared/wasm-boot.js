/**
 * Starts compiling the wasm engine the moment a frame page's <head> is parsed, before its module
 * graph has loaded: the engine's compile and the modules' loading overlap, and the page's module
 * instantiates the compiled module (`globalThis.prlensWasmModule`: pages/panel/state.js, pages/list/list.js).
 * Classic script, not a module: it must run before the modules arrive.
 *
 * Marks for the bench (docs/performance.md): `prlens:wasm-start` → `prlens:wasm-compiled` is the
 * compile, `prlens:wasm-instantiate` → `prlens:wasm-ready` the instantiation (the time between
 * them is the page waiting for its own modules, not wasm work).
 */
(function bootWasm(root) {
  "use strict";
  if (root.prlensWasmModule || typeof WebAssembly?.compileStreaming !== "function") return;
  root.performance.mark("prlens:wasm-start");
  // pkg/ beside shared/, resolved from this script's own address: the same URL (and, with
  // `use_dynamic_url`, the same host) as the page's <link rel="preload">, so the preloaded
  // response is used, whichever folder the page is in.
  const url = new URL("../pkg/prlens_bg.wasm", root.document.currentScript.src).href;
  // A server that does not call the file application/wasm fails the streaming compile; the
  // bytes then compile all at once (as wasm-bindgen's own loader falls back).
  const compiled = WebAssembly.compileStreaming(root.fetch(url)).catch(() =>
    root.fetch(url).then((response) => response.arrayBuffer()).then((bytes) => WebAssembly.compile(bytes)),
  );
  compiled.then(() => root.performance.mark("prlens:wasm-compiled")).catch(() => {});
  root.prlensWasmModule = compiled;
})(globalThis);
