// Half Moon's Python worker (docs/worker.md): the page's Python runs here, off the main thread.
// The main thread's applier (applier.mjs) starts it and talks to it in messages:
//   to here:   {kind: "start", urls}            load Pyodide and the page's Python
//              {kind: "mount", page: JSON text} mount the page on the mirror of its elements
//              {kind: "event", event: JSON text, seq} an event on an element Python listens to
//   from here: {kind: "stage", name}            a start-up stage (early.js's progress line)
//              {kind: "progress"}               a file came in (the start guard's watchdog)
//              {kind: "waiting", files}         what it asked for and has not got yet
//              {kind: "loaded"}                 Python is up: send the page
//              {kind: "changes", ops: JSON text} one batch of changes to carry out
//              {kind: "played", seq}            the event seq is played (its changes went first,
//                                               and those of what waited for them: a save)
//              {kind: "failed", message, trap}  the runtime could not start (trap: it crashed)
// It knows nothing of the game: it loads Pyodide as runtime.mjs does for the main thread (the
// page's bytecode standard library and app archive, the lazy fallback) and hands each message
// to halfmoon_web/remote/worker_main.py.
const PYODIDE = "../../vendor/pyodide/%PYODIDE_VERSION%/";

const post = (message) => postMessage(message);

const fetchBytes = (href) =>
  fetch(href).then((response) => {
    if (!response.ok) throw new Error(`could not load ${href} (HTTP ${response.status})`);
    return response.arrayBuffer();
  });

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

// What this worker asked for and has not got (its answer's head): the start guard names it when
// the start stalls; an answer with an HTTP error status is the cause of whatever fails next, so
// it is what is told (as the guard reads the page's own files: start_guard.js, missingFile).
// While Python starts, a file that does not load (no answer, or an error status) fails the
// start at once: Pyodide, its wasm refused, would only log it and wait for ever.
const asked = new Set();
let missing = null;
let python = null;
const plainFetch = globalThis.fetch.bind(globalThis);
const tellWaiting = () => python || post({ kind: "waiting", files: [...asked] }); // only while starting
globalThis.fetch = (input, init) => {
  const href = new URL(input instanceof Request ? input.url : String(input), location.href).href;
  asked.add(href);
  tellWaiting();
  const answered = () => {
    asked.delete(href);
    tellWaiting();
  };
  const failed = (why) => {
    missing = missing || `could not load ${href.split("?")[0]}${why}`;
    if (!python) report(new Error(missing));
  };
  return plainFetch(input, init).then((response) => {
    answered();
    if (response.status >= 400) failed(` (HTTP ${response.status})`);
    return response;
  }, (error) => {
    answered();
    failed("");
    throw error;
  });
};

// Each file that comes in is progress, for the start guard's watchdog on the main thread.
try {
  new PerformanceObserver(() => post({ kind: "progress" })).observe({ type: "resource" });
} catch {
  // no resource timing here: the stages alone tell the progress
}

async function start({ urls }) {
  post({ kind: "stage", name: "runtime" });
  const appArchive = fetchBytes(urls.app);
  // Pyodide tells a plain worker from a module worker by trying importScripts on a data: URL,
  // which the page's Content-Security-Policy refuses, and reports (a sandboxed embed's worker is
  // a plain one): without importScripts, it loads its parts with import(), in either.
  globalThis.importScripts = undefined;
  const indexURL = new URL(PYODIDE, import.meta.url).href;
  const { loadPyodide } = await import(`${indexURL}pyodide.mjs`);
  const pyodide = await loadPyodide({
    indexURL,
    stdLibURL: urls.stdlib,
    lockFileContents: { info: JSON.parse('%PYODIDE_LOCK_INFO%'), packages: {} },
  });
  post({ kind: "stage", name: "python" });
  const archive = "/lib/halfmoon-app.zip";
  pyodide.FS.writeFile(archive, new Uint8Array(await appArchive));
  pyodide.pyimport("sys").path.insert(1, archive);
  pyodide.registerJsModule("halfmoon_runtime", { fetch_sync: fetchSync });
  pyodide.pyimport("halfmoon_web.runtime.lazy_stdlib").install(urls.fallback, archive);
  python = pyodide.pyimport("halfmoon_web.remote.worker_main");
  post({ kind: "loaded" });
}

// A WebAssembly trap (the runtime crashed) is said, so that the page may start a new worker.
// A start fails once: what follows from the first failure is not told again.
let reported = false;
const report = (error) => {
  if (reported) return;
  reported = true;
  post({
    kind: "failed",
    message: missing || String((error && error.message) || error),
    trap: Boolean(error) && error.name === "RuntimeError", // WebAssembly.RuntimeError, by name
  });
};

let settling = 0;
let lastSeq = 0;
const settle = () => {
  settling = 0;
  try {
    python.settle();
  } catch (error) {
    report(error);
  }
  post({ kind: "played", seq: lastSeq });
};

addEventListener("message", ({ data }) => {
  try {
    if (data.kind === "start") start(data).catch(report);
    else if (data.kind === "mount") python.mount(data.page, (ops) => post({ kind: "changes", ops }));
    else if (data.kind === "event" && python) {
      python.dispatch(data.event);
      // What waits for the changes sent (a save after the frame) runs once the messages that
      // already wait are played: the taps of one of the page's tasks make one save.
      lastSeq = data.seq;
      if (!settling) settling = setTimeout(settle, 0);
    }
  } catch (error) {
    report(error);
  }
});
