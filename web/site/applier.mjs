// Half Moon's main thread, for a page whose Python runs in a worker (docs/worker.md). It knows
// no rule of the game: it starts the worker, sends it the page's elements once Python is up,
// carries out each batch of changes Python sends, in order, and forwards the events on the
// elements Python listens to. What must be decided inside an event (a key's preventDefault)
// it decides from the rules Python sent ahead ("decide").
//
// Every element is known to both sides by a number: the page's, in the order of the tree from
// <html> (1), when the page is sent; the ones Python makes, after them (halfmoon_web/remote/
// mirror.py, which lists the changes). The start-up stages are early.js's progress line.
const meta = document.querySelector('meta[name="halfmoon-python"]');
const url = (name) => new URL(meta.getAttribute(`data-${name}`), document.baseURI).href;
const root = document.documentElement;
const STAGES = %BOOT_STAGES%;
const stage = (name) => {
  if (STAGES.indexOf(name) > STAGES.indexOf(root.getAttribute("data-boot-stage"))) {
    root.setAttribute("data-boot-stage", name);
  }
  document.dispatchEvent(new CustomEvent("halfmoon:stage", { detail: name }));
};
const SVG = "http://www.w3.org/2000/svg";
// Elements sent without their content: nothing Python reads is in them.
const SHALLOW = new Set(["head", "script", "style", "template", "noscript"]);

// 0 is the document, -1 the window: Python listens to them too. An element stays here until
// Python says it let go of it ("forget").
const nodes = new Map([[0, document]]);
const nodeAt = (number) => (number === -1 ? window : nodes.get(number));
const numbers = new WeakMap();
let snapshotNumber = 1; // the snapshot numbers the page's elements in order, from 1
const register = (number, element) => {
  nodes.set(number, element);
  numbers.set(element, number);
};
const numberOf = (node) => {
  for (let at = node; at; at = at.parentNode) if (numbers.has(at)) return numbers.get(at);
  return null;
};

// The page as the mirror's snapshot: [tag, svg, [[name, value]...], child...].
const snapshot = (element) => {
  register(snapshotNumber++, element);
  const tree = [
    element.localName,
    element.namespaceURI === SVG ? 1 : 0,
    [...element.attributes].map((attr) => [attr.name, attr.value]),
  ];
  if (!SHALLOW.has(element.localName)) {
    for (const child of element.childNodes) {
      if (child.nodeType === Node.ELEMENT_NODE) tree.push(snapshot(child));
      else if (child.nodeType === Node.TEXT_NODE) tree.push(child.data);
    }
  }
  return tree;
};

// What localStorage holds, for Python to read at start; null where the browser refuses it.
const stored = () => {
  try {
    localStorage.getItem(%GAME_KEY%); // a browser may refuse only reads (Storage.from_window)
    const items = {};
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      items[key] = localStorage.getItem(key);
    }
    return items;
  } catch {
    return null;
  }
};
const write = (key, value) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
    return true;
  } catch (error) {
    console.warn(`Half Moon: the browser refused to store ${key}: ${error}`);
    return false;
  }
};
const read = (key) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
// A write Python numbered (`how`: {n, spares, report}; docs/worker.md, "A write the browser
// refuses"): when it does not fit, the spare keys are given up one at a time until it does, and
// put back if it never does; a refusal is told, and so is the outcome when Python asks.
const store = (key, value, how) => {
  let kept = write(key, value);
  if (!how) {
    if (kept) wrote(key, value);
    return;
  }
  const given = [];
  for (const spare of kept ? [] : how.spares) {
    const old = read(spare);
    if (old === null || !write(spare, null)) continue;
    given.push([spare, old]);
    if ((kept = write(key, value))) break;
  }
  if (kept) [[key, value], ...given.map(([spare]) => [spare, null])].forEach(([k, v]) => wrote(k, v));
  else given.splice(0).forEach(([spare, old]) => write(spare, old));
  if (how.report || !kept || given.length) tell({ stored: how.n, ok: kept, given_up: given.map(([spare]) => spare) });
};

// Python's writes are carried out after the frame that shows what the tap changed, as the
// main thread's saves wait for it (docs/performance.md): the last write of each key only, so
// several taps in one frame write once. A page being hidden or going writes them at once.
const waiting = new Map();
let writeSoon = false;
let inFlight = false; // a message Python has not played yet
const showBusy = () => {
  window.halfmoonBusy = inFlight || waiting.size > 0; // the tests' settle waits on it
};
const writeWaiting = () => {
  writeSoon = false;
  const writes = [...waiting];
  waiting.clear();
  for (const [key, [value, how]] of writes) store(key, value, how);
  showBusy();
};
const storeAfterFrame = (key, value, how) => {
  waiting.delete(key);
  waiting.set(key, [value, how]);
  showBusy();
  if (writeSoon) return;
  writeSoon = true;
  if (document.visibilityState === "hidden") setTimeout(writeWaiting, 0);
  else requestAnimationFrame(() => setTimeout(writeWaiting, 0));
};
addEventListener("visibilitychange", () => document.visibilityState === "hidden" && writeWaiting());

let worker = null;
const send = (message) => worker.postMessage(message);
// Every message to Python carries the page's time: Python keeps no clock of its own (a test's
// fake clock, a wrong date, a hidden tab's slowed timers reach it as they reach the page).
// Fields the player typed in or changed since the last message: their values go with it, so
// that Python reads what the page shows (a form's field when the form is submitted).
const dirty = new Set();
addEventListener("input", (event) => dirty.add(event.target), true);
addEventListener("change", (event) => dirty.add(event.target), true);
let sequence = 0; // every message's number, so that Python can say which taps it has saved
// The keys Python reads fresh (a "watch" change): with each message goes the value of each one
// that differs from what Python last had, as a read at that moment on the main thread would
// see it (another tab's write whose storage event this page missed; docs/worker.md, "Tabs").
// A write of Python's carried out after such a value went out may be read by Python after that
// value: the key's value then goes with the next message again.
const watched = new Map();
const toldSinceWrite = new Set();
const freshlyStored = () => {
  const changed = [];
  for (const [key, known] of watched) {
    const now = read(key);
    if (now === known) continue;
    changed.push([key, now]);
    watched.set(key, now);
    toldSinceWrite.add(key);
  }
  return changed;
};
const wrote = (key, value) => {
  if (!watched.has(key)) return;
  watched.set(key, toldSinceWrite.delete(key) ? undefined : value);
};
const tell = (message) => {
  sequence += 1;
  message.seq = sequence;
  const stored = freshlyStored();
  if (stored.length) message.storedNow = stored;
  const fields = [...dirty].filter((el) => numbers.has(el)).map((el) => [numbers.get(el), el.value, Boolean(el.checked)]);
  dirty.clear();
  if (fields.length) message.fields = fields;
  message.now = performance.now();
  message.epoch = Date.now();
  message.offset = new Date().getTimezoneOffset();
  inFlight = true;
  showBusy();
  send({ kind: "event", event: JSON.stringify(message), seq: sequence });
};
const MEDIA_QUERIES = %MEDIA_QUERIES%;
const media = () => Object.fromEntries(MEDIA_QUERIES.map((query) => [query, matchMedia(query).matches]));

// -- events: forwarded as they happen, with what the handler reads ---------------------------
const rules = new Map(); // "number type" -> [rule, ...]
const forwarders = new Map(); // "number type" -> listener
// The letter a key names (its key, else the letter of its code on a layout without Latin ones).
const letter = (event) => {
  if (typeof event.key === "string" && event.key.length === 1) return event.key.toLowerCase();
  return /^Key[A-Z]$/.test(event.code || "") ? event.code.slice(3).toLowerCase() : event.key;
};
const combo = (event) =>
  [event.ctrlKey && "Control", event.altKey && "Alt", event.metaKey && "Meta", event.shiftKey && "Shift", letter(event)]
    .filter(Boolean)
    .join("+");
const applies = (event, rule) => {
  const target = event.target instanceof Element ? event.target : null;
  if (rule.within && !(target && target.closest(rule.within))) return false;
  if (rule.outside && target && target.closest(rule.outside)) return false;
  if (rule.unless && document.querySelector(rule.unless)) return false;
  if (rule.repeat === false && event.repeat) return false;
  return true;
};
// Rules Python sent ahead ("decide"), for what must be decided inside the event: a form's
// submit prevented (always), keys without Ctrl, Alt or Meta (prevent_keys), key combinations
// ("Control+Shift+z": keys), each within, outside or unless a selector says.
const decide = (event, list) => {
  for (const rule of list) {
    if (!applies(event, rule)) continue;
    if (rule.always) event.preventDefault();
    if (rule.keys && rule.keys.includes(combo(event))) event.preventDefault();
    if (rule.prevent_keys && !event.ctrlKey && !event.altKey && !event.metaKey) {
      const key = event.key && event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (rule.prevent_keys.includes(key)) event.preventDefault();
    }
  }
};
// A click that Enter or Space made (on the page's focused element, which may lag the worker's:
// docs/worker.md, "Events") is marked `keyed`, so that the worker aims it at its own focus.
let keyedTarget = null;
addEventListener("keydown", (event) => {
  keyedTarget = event.key === "Enter" || event.key === " " ? event.target : null;
}, true);
const keyed = (event) => event.type === "click" && event.detail === 0 && event.target === keyedTarget;
const picked = new Map(); // a file input's number -> the files of its last change
const forward = (number, type) => (event) => {
  // As the event came to this listener: Python's handler decides again what its rule decided.
  const defaultPrevented = event.defaultPrevented;
  const rule = rules.get(`${number} ${type}`);
  if (rule) decide(event, rule);
  // A listener in Python on the window's beforeunload means "ask before leaving".
  if (type === "beforeunload") {
    event.preventDefault();
    event.returnValue = true;
  }
  journalTap(event, defaultPrevented, rule);
  const target = event.target;
  const message = {
    id: number,
    type,
    target: numberOf(target),
    defaultPrevented,
  };
  if (typeof event.key === "string" && type !== "storage") {
    Object.assign(message, {
      key: event.key,
      code: event.code,
      repeat: event.repeat,
      ctrlKey: event.ctrlKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
      shiftKey: event.shiftKey,
    });
  }
  if (type === "storage") Object.assign(message, { storageKey: event.key, newValue: event.newValue });
  if (type === "visibilitychange") message.visibility = document.visibilityState;
  // An event on the document or <html> (one the page's own scripts fire, boot.js's
  // halfmoon-offline) comes with the attributes of <html> as they are now: they say what changed.
  if (target === document || target === root) {
    message.root = Object.fromEntries([...root.attributes].map((attr) => [attr.name, attr.value]));
  }
  if (event.detail !== undefined && event instanceof CustomEvent) message.detail = event.detail;
  if (keyed(event)) message.keyed = true;
  if (event.animationName) message.animationName = event.animationName;
  // A pointer event says which element is under the pointer now: a touch's events stay with
  // the element it began on (implicit capture), so a drop's place is known only by the point.
  if (event instanceof PointerEvent) {
    message.point = numberOf(document.elementFromPoint(event.clientX, event.clientY));
    message.button = event.button;
  }
  if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) {
    message.value = target.value;
    message.checked = Boolean(target.checked);
  }
  if (target instanceof HTMLDialogElement) message.open = target.open;
  if (target instanceof HTMLInputElement && target.type === "file" && target.files) {
    picked.set(message.target, [...target.files]);
    message.files = [...target.files].map((file) => ({ name: file.name, size: file.size }));
  }
  tell(message);
};
// The focus the player moves (a tap, Tab, a click on nothing), so that Python's activeElement
// is the page's. A move Python asked for is not sent back: Python has it already, and the echo,
// arriving after the keys that followed, would put its focus back where it was.
let focusing = false;
let focusMove = 0; // the last of Python's focus moves carried out: a report older than its latest is dropped
const tellFocus = () => {
  if (worker) tell({ active: numberOf(document.activeElement), focusMove });
};
document.addEventListener("focusin", () => focusing || tellFocus());
// Focus going to nothing has no focusin: read where it went once it has (the page, or, when the
// window lost the focus, still the element).
document.addEventListener("focusout", (event) => focusing || event.relatedTarget || queueMicrotask(tellFocus));

// -- the taps not yet saved, kept if the page goes first --------------------------------------
// Python saves a move some milliseconds after the tap that made it (the batch comes back
// after the frame). A tab closed meanwhile would lose the move: so the clicks on what Python
// names (a "journal" change: a selector, the attributes that name the element) are written
// down as they are forwarded, and Python says with each save the game it stored, the taps that
// save holds (`covered`: the number of the last message played) and the ones to play first
// (the selection). At pagehide what no save holds yet is stored under the journal's key, for
// the next start to play (docs/worker.md, "Saving against a closing tab").
let journal = null;
let journaled = null; // the click last written down: each listener it bubbles to forwards it
// A key press is written down by the listener whose rule takes it (the page's shortcuts: Python
// sent the rule ahead), when no listener before had prevented it and it acts there (the
// journal's `key_scope`), as Python's handler will decide: Ctrl+Z, U... by the action they do.
const journalKey = (event, defaultPrevented, rule) => {
  const pressed = combo(event);
  const value = journal.keys && journal.keys[pressed];
  if (!value || defaultPrevented || !applies(event, journal.key_scope || {})) return;
  if (!(rule || []).some((one) => one.keys && one.keys.includes(pressed))) return;
  journaled = event;
  journal.taps.push([sequence + 1, value]);
};
const journalTap = (event, defaultPrevented, rule) => {
  if (!journal || event === journaled) return;
  if (event.type === "keydown") return journalKey(event, defaultPrevented, rule);
  if (event.type !== "click") return;
  journaled = event;
  if (!(event.target instanceof Element)) return;
  const named = event.target.closest(journal.selector);
  const value = named && journal.attrs.map((attr) => named.getAttribute(attr)).find(Boolean);
  if (value) journal.taps.push([sequence + 1, value]); // the number of the message it goes in
};
const setJournal = (key, spec) => {
  const later = journal && journal.key === key ? journal.taps.filter(([n]) => n > spec.covered) : [];
  journal = { ...spec, key, taps: [...spec.first.map((value) => [0, value]), ...later] };
};
// While the game's clock runs (`clock`: a time of this page's, the game's time then, its time
// as stored), its time at pagehide goes too, with the time stored, for the next start to
// take when storage still holds that very save.
// A page that went writes nothing more: a save Python sends after pagehide (its answer to the
// page being hidden) could land after another page's writes, over them; the journal holds it.
let gone = false;
addEventListener("pagehide", () => {
  writeWaiting();
  gone = true;
  const running = journal && journal.clock;
  if (!journal || !(running || journal.taps.some(([n]) => n > 0))) return;
  // The selection (`first`) is only played before later taps: alone it is not kept.
  const later = journal.taps.some(([n]) => n > 0);
  const kept = { game: journal.base, taps: later ? journal.taps.map(([, value]) => value) : [] };
  if (running) {
    const [at, elapsed, stored] = journal.clock;
    kept.clock = [stored, Math.round(elapsed + performance.now() - at)];
  }
  store(journal.key, JSON.stringify(kept));
});
// Back from the back-forward cache: the page goes on, and its own saves will follow.
addEventListener("pageshow", (event) => {
  gone = false;
  if (event.persisted && journal) store(journal.key, null);
});

// -- what Python asks, and waits for ----------------------------------------------------------
// Tones Python composed (the game page's sounds: halfmoon_web/game_page/parts/sounds.py), each
// [hertz, start, length, wave, gain] in seconds, played by Web Audio, which a worker lacks.
let audio = null;
const playTones = (tones) => {
  audio ||= new AudioContext();
  if (audio.state === "suspended") audio.resume();
  const now = audio.currentTime;
  for (const [hertz, start, length, wave, gain] of tones) {
    const tone = audio.createOscillator();
    const level = audio.createGain();
    tone.type = wave;
    tone.frequency.value = hertz;
    level.gain.setValueAtTime(0.0001, now + start);
    level.gain.exponentialRampToValueAtTime(gain, now + start + 0.01);
    level.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
    tone.connect(level).connect(audio.destination);
    tone.start(now + start);
    tone.stop(now + start + length + 0.02);
  }
  return tones.length;
};
const ASKS = {
  tones: playTones,
  copy: (text) => navigator.clipboard.writeText(text),
  share: (data) => navigator.share(data),
  "file-text": (picker, index) => picked.get(picker)[index].text(),
  "early-taps": () => (window.halfmoonEarly ? window.halfmoonEarly.take() : null),
};
const ask = (number, what, args) => {
  const answer = (ok, value) => worker && tell({ answer: number, ok, value });
  try {
    Promise.resolve(ASKS[what](...args)).then(
      (value) => answer(true, value === undefined ? null : value),
      (error) => answer(false, String(error)),
    );
  } catch (error) {
    answer(false, String(error));
  }
};
// The methods Python may have the page call on an element.
const CALLS = new Set(["showModal", "close", "click", "select", "blur", "scrollIntoView"]);
// Python's timers run on the page's clock: each one that fires is told.
const timers = new Map();
const timer = (number, ms, repeat) => {
  const fire = () => {
    if (!repeat) timers.delete(number);
    tell({ timer: number });
  };
  timers.set(number, repeat ? setInterval(fire, ms) : setTimeout(fire, ms));
};
const untimer = (number) => {
  clearTimeout(timers.get(number));
  clearInterval(timers.get(number));
  timers.delete(number);
};

// -- changes -------------------------------------------------------------------------------
const items = (list) => list.map((item) => (typeof item === "string" ? item : nodes.get(item)));
const apply = (op) => {
  const el = typeof op[1] === "number" ? nodeAt(op[1]) : null;
  switch (op[0]) {
    case "attr": el.setAttribute(op[2], op[3]); break;
    case "unattr": el.removeAttribute(op[2]); break;
    case "text": el.textContent = op[2]; break;
    case "prop": el[op[2]] = op[3]; break;
    case "create":
      register(op[1], op[3] ? document.createElementNS(SVG, op[2]) : document.createElement(op[2]));
      break;
    case "clone": {
      const copy = el.cloneNode(op[3]);
      let number = op[2];
      register(number++, copy);
      for (const made of copy.querySelectorAll("*")) register(number++, made);
      break;
    }
    case "html": {
      el.innerHTML = op[2];
      let number = op[3];
      for (const made of el.querySelectorAll("*")) register(number++, made);
      break;
    }
    case "insert": {
      const before = op[2] === null ? null : op[2] === 0 ? el.firstChild : nodes.get(op[2]);
      for (const item of items(op[3])) el.insertBefore(typeof item === "string" ? document.createTextNode(item) : item, before);
      break;
    }
    case "children": el.replaceChildren(...items(op[3])); break;
    case "remove": el.remove(); break;
    case "forget": for (const number of op[1]) nodes.delete(number); break;
    case "focus":
      focusMove = op[3] || focusMove;
      focusing = true;
      try {
        el.focus({ preventScroll: op[2] });
      } finally {
        focusing = false;
      }
      if (document.activeElement !== el) tellFocus(); // it could not take the focus
      break;
    case "reflow": void el.offsetWidth; break;
    case "title": document.title = op[1]; break;
    case "store": if (!gone) storeAfterFrame(op[1], op[2], op[3]); break;
    case "call":
      // A dialog opened or closed moves the focus: the page tells it (focusin), as a player's.
      if (!CALLS.has(op[2])) throw new Error(`no call ${op[2]}`);
      el[op[2]](...op[3]);
      break;
    case "history": history.replaceState(history.state, "", op[1]); break;
    case "timer": timer(op[1], op[2], op[3]); break;
    case "untimer": untimer(op[1]); break;
    case "ask": ask(op[1], op[2], op[3]); break;
    case "listen": {
      const key = `${op[1]} ${op[2]}`;
      if (!forwarders.has(key)) {
        forwarders.set(key, forward(op[1], op[2]));
        el.addEventListener(op[2], forwarders.get(key));
      }
      break;
    }
    case "unlisten": {
      const key = `${op[1]} ${op[2]}`;
      if (forwarders.has(key)) el.removeEventListener(op[2], forwarders.get(key));
      forwarders.delete(key);
      break;
    }
    case "decide": rules.set(`${op[1]} ${op[2]}`, [].concat(op[3])); break;
    case "journal": setJournal(op[1], op[2]); break;
    case "watch": op[1].forEach((key) => watched.has(key) || watched.set(key, undefined)); break;
    case "event": document.dispatchEvent(new CustomEvent(op[1], { detail: op[2] })); break;
    case "console": console[op[1]](op[2]); break;
    default: throw new Error(`unknown change ${op[0]}`);
  }
};

// A failure goes to the start guard (start_guard.js), which tells it, offers Repair and, for a
// file of the build that did not load, loads the page once more: the worker's fetches are not
// among this thread's resource entries, so the kind of failure is said here.
const fail = (message) => {
  release(); // another board may start
  root.removeAttribute("data-ready");
  const why = /^could not load /.test(message) ? "file" : "error";
  const told = new CustomEvent("halfmoon:failed", { detail: { why, message }, cancelable: true });
  if (document.dispatchEvent(told)) root.setAttribute("data-error", message); // no guard here
  console.error(`Half Moon: ${message}`);
};

// -- the worker ----------------------------------------------------------------------------
const workerURL = new URL("./worker.mjs", import.meta.url);
// A frame with an opaque origin (sandboxed) may not start a worker from the site's address, nor
// (in Chromium) a module worker of its own, nor (in WebKit, under the page's embedder policy)
// one from a blob: it starts a plain worker from a data: address that imports the site's
// (whose files allow that: docs/worker.md) and hands it the messages that came meanwhile.
const SHIM = `const early = [];
onmessage = (event) => early.push(event.data);
import(URL_HERE).then(() => {
  onmessage = null;
  for (const data of early) dispatchEvent(new MessageEvent("message", { data }));
}, (error) => postMessage({ kind: "failed", message: String(error) }));`;
const startWorker = () => {
  if (window.origin !== "null") return new Worker(workerURL, { type: "module" });
  const source = SHIM.replace("URL_HERE", JSON.stringify(workerURL.href));
  return new Worker(`data:text/javascript,${encodeURIComponent(source)}`);
};
// Chromium now and then fails a module a worker imports while the same file is still being
// fetched for a page that went away (a navigation ended its worker mid-download): "Failed to
// fetch dynamically imported module". A new worker, with a module map of its own, loads it
// whole; a second failure is told (the start guard then tells a file that did not load). So
// is a runtime that crashed as it started (a WebAssembly trap: the worker says `trap`).
const FETCH_FAILED = /dynamically imported module|Importing a module script failed/;
let loaded = false;
let retried = false;
const launch = () => {
  worker = startWorker();
  worker.onerror = (event) =>
    fail(event.message ? `the Python worker did not start: ${event.message}` : `could not load ${workerURL.href}`);
  worker.onmessage = ({ data }) => {
    if (data.kind === "changes") {
      for (const op of JSON.parse(data.ops)) apply(op);
    } else if (data.kind === "played") {
      // Python has played every message sent so far (its changes came first): nothing is on
      // the way. The tests wait on it (e2e/game_support.py's settle); nothing else reads it.
      if (data.seq === sequence) inFlight = false;
      showBusy();
    } else if (data.kind === "stage") {
      stage(data.name);
    } else if (data.kind === "waiting") {
      window.halfmoonWorkerWaits = data.files; // the start guard names them if the start stalls
    } else if (data.kind === "progress") {
      stage(root.getAttribute("data-boot-stage") || "runtime");
    } else if (data.kind === "loaded") {
      loaded = true;
      stage("app"); // Python is up: the page's module mounts next
      release();
      const page = {
        page: meta.getAttribute("content"),
        href: location.href,
        search: location.search,
        framed: window.self !== window.top,
        languages: [...(navigator.languages || [navigator.language])],
        stored: stored(),
        can_share: "share" in navigator,
        media: media(),
        visibility: document.visibilityState,
        early: Boolean(window.halfmoonEarly),
        now: performance.now(),
        epoch: Date.now(),
        offset: new Date().getTimezoneOffset(),
        tree: snapshot(root),
      };
      send({ kind: "mount", page: JSON.stringify(page) });
      for (const query of MEDIA_QUERIES) matchMedia(query).addEventListener("change", () => tell({ media: media() }));
    } else if (data.kind === "failed" && !loaded && !retried && (data.trap || FETCH_FAILED.test(data.message))) {
      retried = true;
      console.warn(`Half Moon: the Python worker starts again (${data.message})`);
      worker.terminate();
      launch();
    } else if (data.kind === "failed") {
      const file = FETCH_FAILED.exec(data.message) && /https?:\S+/.exec(data.message);
      fail(file ? `could not load ${file[0]}` : data.message);
    }
  };
  send({ kind: "start", urls: { stdlib: url("stdlib"), app: url("app"), fallback: url("fallback") } });
};
// Many boards of one site on one page (a rules page's examples) each start a Pyodide; all at
// once they take every core from the page that holds them. A board asks for each of SLOTS Web
// Locks of the site, starts with the first it is given (at once when one is free), gives up the
// others, and holds it until its Python is up (or failed, or HOLD_MS passed, so that a start
// that hangs holds no one else up); meanwhile <html data-queued>, and the start guard's
// watchdog hears progress. Without locks (an opaque origin, an older browser, locks refused)
// it starts at once (docs/worker.md, "Many boards on one page").
const SLOTS = 2;
const HOLD_MS = 15000;
let release = () => {};
const startWhenFree = (start) => {
  let locks = null;
  try {
    locks = window.origin !== "null" && navigator.locks ? navigator.locks : null;
  } catch {
    locks = null;
  }
  if (!locks) return start();
  const held = new Promise((resolve) => {
    release = resolve;
  });
  root.setAttribute("data-queued", "");
  const waiting = setInterval(() => stage(root.getAttribute("data-boot-stage") || "runtime"), 1000);
  let started = false;
  const begin = () => {
    if (started) return;
    started = true;
    clearInterval(waiting);
    root.removeAttribute("data-queued");
    start();
  };
  const others = new AbortController();
  const slot = () => {
    if (started) return undefined; // another slot came first: this one is given back
    others.abort();
    setTimeout(release, HOLD_MS);
    try {
      begin();
    } catch (error) {
      reportError(error); // the start guard tells it
      release();
    }
    return held;
  };
  try {
    const asked = Array.from({ length: SLOTS }, (_, n) =>
      locks.request(`halfmoon-start-${n}`, { signal: others.signal }, slot));
    Promise.any(asked).catch(begin); // every request refused: start at once
  } catch {
    begin();
  }
};
stage("runtime");
startWhenFree(launch);
