/**
 * Engine loader: instantiates the prlens WebAssembly module (the same one the extension
 * ships) and exposes its exports to the page, and replaces an instance that crashed.
 *
 * Why: the playground must compute exactly what the extension computes, so it runs the
 * same `pkg/prlens.js` + `pkg/prlens_bg.wasm` that `./build.sh` copies into `dist/www/pkg/`.
 * A failed load is reported as an error the page can show, never an uncaught exception. The
 * panic hook and the crash state are the extension's (shared/engine-session.js, copied beside this
 * file by build.sh); after a crash the next `loadEngine()` starts a fresh instance (a new
 * module URL makes the browser evaluate the glue, and so the wasm, again).
 * Source: docs/CONTRACTS.md (wasm exports); wasm-bindgen's generated `init` (it takes
 * `{module_or_path}` with an explicit relative URL).
 */
import { EngineCrash, isTrap, openEngineSession } from "./shared/engine-session.js";

export { EngineCrash };

let session = null;
let instances = 0;

async function loadInstance(instance) {
  const url = instance === 0 ? "./pkg/prlens.js" : `./pkg/prlens.js?instance=${instance}`;
  const module = await import(url);
  await module.default({ module_or_path: new URL("./pkg/prlens_bg.wasm", import.meta.url) });
  for (const name of ["analyzeBundle", "engineVersion", "defaultSettings"]) {
    if (typeof module[name] !== "function") {
      throw new Error(`the engine build lacks ${name}(); rebuild with ./build.sh`);
    }
  }
  return module;
}

/** Loads the engine once; resolves with the module namespace (analyzeBundle, renderPanel, …). */
export function loadEngine() {
  if (!session) {
    const instance = instances++;
    const opened = openEngineSession(() => loadInstance(instance));
    session = opened;
    opened.ready.catch(() => {
      if (session === opened) session = null; // a later call may retry (e.g. after a network blip)
    });
  }
  return session.ready;
}

/**
 * If `error` is a wasm trap, retires the instance (the next `loadEngine()` builds a fresh one)
 * and returns an `EngineCrash` with the panic message; otherwise returns null.
 */
export function crashFrom(error) {
  if (!isTrap(error)) return null;
  const crash = session?.crashFrom(error) ?? new EngineCrash("the engine stopped unexpectedly");
  session = null;
  return crash;
}

/** Runs `action()` (a synchronous engine call); a trap becomes an `EngineCrash`. */
export function callEngine(action) {
  try {
    return action();
  } catch (error) {
    throw crashFrom(error) ?? error;
  }
}
