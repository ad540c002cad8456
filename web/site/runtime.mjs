// Half Moon's interpreter module: PyScript's config names this file as its "interpreter", and
// PyScript calls its loadPyodide() as it would Pyodide's own (docs/startup.md, "Bytecode").
//
// It starts Pyodide with what web/build.py made for this page, named by the page's
// <meta name="halfmoon-python"> (and preloaded by the page's <head>, so that every download
// starts at once, in parallel):
// - data-stdlib: the standard library modules the page imports, as bytecode compiled by this
//   very Pyodide (it replaces the stock python_stdlib.zip of Python source);
// - data-app: the page's own modules (halfmoon_web, halfmoon_core), as bytecode;
// - data-fallback: the whole standard library as bytecode, fetched only if some code imports
//   a module the page's set lacks (halfmoon_web/runtime/lazy_stdlib.py), so that no import fails.
// The app installs no package, so Pyodide gets an empty package list instead of downloading
// pyodide-lock.json.
// Only what Python cannot do is here: pass options to loadPyodide, put the app archive in the
// file system before any Python of the page runs, and fetch a file synchronously.
import { loadPyodide as loadStock, version } from "../../vendor/pyodide/%PYODIDE_VERSION%/pyodide.mjs";

export { version };

const meta = document.querySelector('meta[name="halfmoon-python"]');
const url = (name) => new URL(meta.getAttribute(`data-${name}`), document.baseURI).href;
// A start-up stage for the progress line (early.js): on <html> too, but only forward (a
// stage told already, e.g. by a test, stays), and as an event. The stages, in order, are
// web/shared_facts.py's, filled in by the build.
const STAGES = %BOOT_STAGES%;
const stage = (name) => {
  const root = document.documentElement;
  if (STAGES.indexOf(name) > STAGES.indexOf(root.getAttribute("data-boot-stage"))) {
    root.setAttribute("data-boot-stage", name);
  }
  document.dispatchEvent(new CustomEvent("halfmoon:stage", { detail: name }));
};

// The page's archive of app modules, requested now (the page preloads it already).
const fetchBytes = (href) =>
  fetch(href).then((response) => {
    if (!response.ok) throw new Error(`could not load ${href} (HTTP ${response.status})`);
    return response.arrayBuffer();
  });
const appArchive = fetchBytes(url("app"));

// Read a file synchronously (a lazy import cannot wait for a promise); null when it fails.
const fetchSync = (href) => {
  const request = new XMLHttpRequest();
  request.open("GET", href, false);
  request.overrideMimeType("text/plain; charset=x-user-defined"); // bytes, one per char
  request.send();
  if (request.status !== 200) return null;
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
};

// Start Python at once: the page loads this module itself (an async module script), so the
// runtime starts while the page is still parsed and PyScript's modules and config still load;
// PyScript's later import of the same URL gets this same module.
const started = (async () => {
  stage("runtime");
  const pyodide = await loadStock({
    indexURL: new URL("../../vendor/pyodide/%PYODIDE_VERSION%/", import.meta.url).href,
    stdLibURL: url("stdlib"),
    lockFileContents: { info: JSON.parse('%PYODIDE_LOCK_INFO%'), packages: {} },
  });
  stage("python");
  const archive = "/lib/halfmoon-app.zip";
  pyodide.FS.writeFile(archive, new Uint8Array(await appArchive));
  pyodide.pyimport("sys").path.insert(1, archive);
  pyodide.registerJsModule("halfmoon_runtime", { fetch_sync: fetchSync });
  pyodide.pyimport("halfmoon_web.runtime.lazy_stdlib").install(url("fallback"), archive);
  pyodide.pyimport("halfmoon_web.runtime.pyscript_bytecode").prime(archive);
  return pyodide;
})();

// What PyScript calls: the Python started above, with PyScript's output handlers.
export async function loadPyodide({ stdout, stderr, packages } = {}) {
  if (packages && packages.length) throw new Error("Half Moon's runtime installs no packages");
  const pyodide = await started;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
