// The cross-browser smoke scenario, written once for every browser. A test file calls
// defineSmokeSuite() with a launcher that returns a browser *adapter*:
//
//   name, version                     e.g. "Firefox", "153.8.0 (/usr/bin/firefox-esr)"
//   goto(url), reload()               navigate, resolve at the load event
//   evaluate(fn, ...args)             run fn in the page (a promise is awaited), JSON result
//   element(fn, ...args)              run fn in the page, which returns one element: a handle
//   click(handle)                     a real click (WebDriver / BiDi input), not a JS dispatch
//   takeErrors()                      console errors and page errors the driver saw since the
//                                     last call ([] when the driver cannot see them)
//   enterFrame(index), leaveFrame()   evaluate(), element() and click() act in the page's
//                                     frame `index` (0: its first iframe) until leaveFrame()
//   close()                           stop the browser and everything started for it
//
// The page is driven through the interface contract only (docs/interface.md): page URLs, <html data-ready>/<html data-error>,
// the accessible names of buttons and checkboxes, #score, #moves, #deal-code and the
// role="status" element. Besides the driver's own error reports, a watcher installed after
// each load records console.error, uncaught errors, unhandled rejections and CSP violations;
// every check also fails on data-error and on PyScript's .py-error nodes.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { loadAverage, waitFor } from "./processes.mjs";
import { answers, ROOT, SITE_DIR, startHost, startSite } from "./server.mjs";
import { cachedSizes, damageCached } from "../page_caches.mjs";

/** How many times each page is loaded in the start-up test. */
export const LOADS_PER_PAGE = 3;
/** Longest wait for <html data-ready> or data-error on one load (3–12 s on a 2-core box). */
export const READY_TIMEOUT_MS = 90_000;
/** Longest wait for the page to react to a click. */
const REACTION_TIMEOUT_MS = 15_000;

export const DEAL = "HM1-N-AAAAAAB";
/** The playable cards of deal HM1-N-AAAAAAB at the deal (every pile then holds 8 cards). */
export const DEAL_TOPS = {
  1: "8S", 2: "QC", 3: "KS", 4: "9H", 5: "6H", 6: "5H", 7: "2D", 8: "7S", 9: "QD", 10: "QS",
  11: "TC", 12: "8H", R1: "TH", R2: "KH", R3: "JH", R4: "TS", R5: "JH", R6: "AS", R7: "4D", R8: "7C",
};

/** The pages of the start-up test, with their query strings. */
export const PAGES = [
  `index.html?lang=en&deal=${DEAL}`,
  "rules.html?lang=en",
  `embed.html?deal=${DEAL}&steps=4-7&lang=en`,
];
const GAME = `index.html?lang=en&deal=${DEAL}`;

const RANKS = { A: "ace", T: "10", J: "jack", Q: "queen", K: "king" };
const SUITS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };

/** The accessible name of card `code` (e.g. "9H") at `place` ("4", "R6"), as docs/interface.md names it (English). */
export function cardName(code, place, count = 8) {
  const [rank, suit] = code;
  const name = `${RANKS[rank] ?? rank} of ${SUITS[suit]}`;
  if (place.startsWith("R")) return `${name}, reserve ${place}`;
  return `${name}, pile ${place}, ${count} card${count === 1 ? "" : "s"}`;
}

/** The names of the 20 playable cards at the deal, in place order. */
export function dealCardNames() {
  return Object.entries(DEAL_TOPS).map(([place, code]) => cardName(code, place));
}

// -- functions run in the page (self-contained: they are sent as source) ---------------------

/**
 * In the page: wait up to `maxWaitMs` for <html data-ready> or data-error, then report
 * {ready, error, pyErrors}.
 */
async function startState(maxWaitMs) {
  const root = document.documentElement;
  const settled = () => root.hasAttribute("data-ready") || root.hasAttribute("data-error");
  if (!settled()) {
    await new Promise((resolve) => {
      const observer = new MutationObserver(() => settled() && finish());
      const timer = setTimeout(finish, maxWaitMs);
      function finish() {
        observer.disconnect();
        clearTimeout(timer);
        resolve();
      }
      observer.observe(root, { attributes: true });
    });
  }
  return {
    ready: root.hasAttribute("data-ready"),
    error: root.getAttribute("data-error"),
    pyErrors: [...document.querySelectorAll(".py-error")].map((node) => node.textContent.trim()),
  };
}

/** In the page: record console.error, uncaught errors and CSP violations from now on. */
function installWatcher() {
  if (window.__smokeProblems) return;
  const problems = (window.__smokeProblems = []);
  const original = console.error;
  console.error = (...args) => {
    problems.push(`console error: ${args.map(String).join(" ")}`);
    original.apply(console, args);
  };
  addEventListener("error", (event) => problems.push(`page error: ${event.message}`));
  addEventListener("unhandledrejection", (event) =>
    problems.push(`unhandled rejection: ${event.reason?.message ?? event.reason}`),
  );
  document.addEventListener("securitypolicyviolation", (event) =>
    problems.push(`CSP violation: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"}`),
  );
}

/** In the page: what went wrong so far (watcher records, data-error, .py-error nodes). */
function pageProblems() {
  const problems = [...(window.__smokeProblems ?? [])];
  const error = document.documentElement.getAttribute("data-error");
  if (error !== null) problems.push(`data-error: ${error}`);
  for (const node of document.querySelectorAll(".py-error")) {
    problems.push(`.py-error: ${node.textContent.trim()}`);
  }
  return problems;
}

/**
 * In the page: the one visible button whose accessible name is `name` (aria-labelledby, else
 * aria-label, else its text); throws when there is none or more than one.
 */
function buttonNamed(name) {
  const text = (node) => (node?.textContent ?? "").replace(/\s+/g, " ").trim();
  const accessibleName = (el) => {
    const labelledBy = el.getAttribute("aria-labelledby");
    if (labelledBy) return labelledBy.split(/\s+/).map((id) => text(document.getElementById(id))).join(" ");
    return (el.getAttribute("aria-label") ?? "").trim() || text(el) || (el.value ?? "");
  };
  const visible = (el) =>
    !el.closest("[hidden], [inert], [aria-hidden='true']") &&
    (el.checkVisibility ? el.checkVisibility({ visibilityProperty: true }) : el.getClientRects().length > 0);
  const buttons = [...document.querySelectorAll("button, [role='button'], input[type='button']")];
  const found = buttons.filter((el) => visible(el) && accessibleName(el) === name);
  if (found.length !== 1) {
    const shown = buttons.filter(visible).map(accessibleName);
    throw new Error(`${found.length} visible buttons named "${name}"; visible: ${JSON.stringify(shown)}`);
  }
  return found[0];
}

/** In the page: the one visible checkbox whose label reads `label`. */
function checkboxLabelled(label) {
  const boxes = [...document.querySelectorAll("input[type='checkbox']")].filter(
    (box) =>
      (box.getAttribute("aria-label") ?? [...box.labels].map((l) => l.textContent).join(" "))
        .replace(/\s+/g, " ")
        .trim() === label,
  );
  const shown = boxes.filter((box) => box.getClientRects().length > 0);
  if (shown.length !== 1) throw new Error(`${shown.length} visible checkboxes labelled "${label}"`);
  return shown[0];
}

/** In the page: whether the checkbox labelled `label` is ticked. */
function isChecked(label) {
  const box = [...document.querySelectorAll("input[type='checkbox']")].find(
    (el) => [...el.labels].map((l) => l.textContent.trim()).join(" ") === label,
  );
  return box ? box.checked : null;
}

/**
 * In the page: the game's state as a player sees it: the names and pressed state of the card
 * buttons, the info bar values and the status message.
 */
function gameState() {
  const cardPattern = /, (pile \d+, \d+ cards?|reserve R\d)$/;
  const cards = [...document.querySelectorAll("button, [role='button']")]
    .filter((el) => !el.closest("[hidden], [aria-hidden='true']")) // not ghosts of removed cards
    .map((el) => ({ name: (el.getAttribute("aria-label") ?? "").trim(), pressed: el.getAttribute("aria-pressed") }))
    .filter((card) => cardPattern.test(card.name));
  const value = (id) => document.getElementById(id)?.textContent.trim() ?? null;
  return {
    cards: cards.map((card) => card.name),
    pressed: cards.filter((card) => card.pressed === "true").map((card) => card.name),
    score: value("score"),
    moves: value("moves"),
    deal: value("deal-code"),
    status: document.querySelector("[role='status']")?.textContent.trim() ?? null,
  };
}

/**
 * In the page: whether this is the page of `url` (its query string aside: the game drops
 * `deal=` once read), started, showing deal `deal`, with its "Restart deal" button visible and
 * enabled (so no dialog or panel hides the toolbar).
 */
function readyGameAt(url, deal) {
  const root = document.documentElement;
  const wanted = new URL(url);
  if (location.origin + location.pathname !== wanted.origin + wanted.pathname) return false;
  if (!root.hasAttribute("data-ready") || root.hasAttribute("data-error")) return false;
  if (document.getElementById("deal-code")?.textContent.trim() !== deal) return false;
  const restart = [...document.querySelectorAll("button")].filter(
    (el) => el.textContent.trim() === "Restart deal" && !el.disabled && el.getClientRects().length > 0,
  );
  return restart.length === 1 && !restart[0].closest("[hidden], [inert], [aria-hidden='true']");
}

/** In the page: which storage it may use, e.g. "localStorage refused, indexedDB refused". */
async function storageReport() {
  const used = async (use) => {
    try {
      await use();
      return "allowed";
    } catch {
      return "refused";
    }
  };
  const idb = () => new Promise((resolve, reject) => {
    const request = indexedDB.open("probe");
    request.onsuccess = resolve;
    request.onerror = (event) => {
      event.preventDefault();
      reject(request.error);
    };
  });
  return `origin ${self.origin}: localStorage ${await used(() => localStorage.getItem("x"))}, ` +
    `indexedDB ${await used(idb)}`;
}

/** In the page: whether a service worker controls the page. */
function controlled() {
  return navigator.serviceWorker?.controller != null;
}

// -- steps -------------------------------------------------------------------------------

/**
 * Open `url` (or reload when `url` is undefined) and wait until the page has started; return
 * the milliseconds from the navigation to data-ready. Fails on data-error, .py-error or an
 * error the driver saw.
 */
export async function load(browser, url, { abandoned = false } = {}) {
  const started = performance.now();
  if (url === undefined && abandoned) {
    // The page will leave this load for another (its repair): a driver's reload, which waits
    // for the load event of a navigation the page replaces, can hang there (WebKitWebDriver).
    // So the page reloads itself, marked not ready first, and the loop below waits.
    await browser.evaluate(reloadSoon);
  } else if (url === undefined) await browser.reload();
  else await browser.goto(url);
  const where = url ?? "the reload";
  await waitForStart(browser, where, started);
  const elapsed = Math.round(performance.now() - started);
  await browser.evaluate(installWatcher);
  // Every load here leaves a document that was ready: what it still had in flight (e.g. a
  // card's suit mask, asked for when a card is first drawn) is abandoned, and Firefox reports
  // that on the page that follows. The new page's own problems are all the others.
  await assertNoProblems(browser, where, ABANDONED_LOADS);
  return elapsed;
}

/** Wait until the document (or the frame entered) has started; fail on data-error, .py-error
 * or none of them READY_TIMEOUT_MS after `started`. */
async function waitForStart(browser, where, started = performance.now()) {
  const deadline = started + READY_TIMEOUT_MS;
  let state;
  let lastError;
  while (performance.now() < deadline) {
    try {
      state = await browser.evaluate(startState, 2_000);
      lastError = undefined;
    } catch (error) {
      lastError = error; // e.g. the document changed under the script: look again
      await sleep(200);
    }
    if (state && (state.ready || state.error !== null || state.pyErrors.length)) break;
  }
  assert.ok(state, `${browser.name}: could not read ${where}: ${lastError?.message}`);
  assert.equal(state.error, null, `${browser.name}: ${where} set data-error`);
  assert.deepEqual(state.pyErrors, [], `${browser.name}: ${where} shows a Python error`);
  assert.ok(state.ready, `${browser.name}: ${where} not ready after ${READY_TIMEOUT_MS} ms`);
}

/** In the page: no longer ready, then reloaded once this script has returned. */
function reloadSoon() {
  document.documentElement.removeAttribute("data-ready");
  setTimeout(() => location.reload(), 0);
}

/** What Firefox reports of the loads a document abandons when it goes (the test's next load,
 * the page's own repair reload, docs/deploys.md; a page whose server stopped under it): not
 * the new page's. */
const ABANDONED_LOADS =
  /A ServiceWorker intercepted the request and encountered an unexpected error|AbortError: The operation was aborted|error loading dynamically imported module|NetworkError when attempting to fetch resource/;

/** Fail if the driver or the page recorded a problem since the last check (but those that
 * `ignored` matches). */
export async function assertNoProblems(browser, where, ignored = null) {
  const problems = [...browser.takeErrors(), ...(await browser.evaluate(pageProblems))];
  const kept = ignored ? problems.filter((problem) => !ignored.test(problem)) : problems;
  assert.deepEqual(kept, [], `${browser.name}: problems on ${where}`);
}

/** Click the button whose accessible name is `name` (a real click). */
export async function press(browser, name) {
  await browser.click(await browser.element(buttonNamed, name));
}

/** Wait until `check(gameState())` holds; return that state. */
export async function waitForGame(browser, what, check) {
  let last;
  try {
    await waitFor(
      what,
      async () => {
        last = await browser.evaluate(gameState);
        return check(last);
      },
      { timeoutMs: REACTION_TIMEOUT_MS },
    );
  } catch (error) {
    error.message += `\nlast state: ${JSON.stringify(last)}`;
    throw error;
  }
  return last;
}

/**
 * Bring the game to the start of deal HM1-N-AAAAAAB: on the game page already open and ready
 * with its toolbar in reach (no dialog or panel over it), else on a fresh load (a saved game
 * resumes); then Restart deal (and its dialog's Restart) if a move was made. Pyodide starts once for the game tests, as
 * in e2e/test_game_play.py.
 */
export async function openDealAtStart(browser, baseUrl) {
  const url = baseUrl + GAME;
  if (!(await browser.evaluate(readyGameAt, url, DEAL))) await load(browser, url);
  let state = await browser.evaluate(gameState);
  assert.equal(state.deal, DEAL);
  if (state.moves !== "0") {
    await press(browser, "Restart deal");
    // It asks first (the game counts as lost): its dialog's button, once the dialog is open.
    await waitFor("the restart dialog", () => press(browser, "Restart").then(() => true, () => false), {
      timeoutMs: REACTION_TIMEOUT_MS,
    });
    // The counters and the board of the new deal, and the dialog gone (a page whose Python
    // runs in a worker carries them out a message after the click: docs/worker.md).
    const dealt = JSON.stringify(dealCardNames());
    state = await waitForGame(browser, "the restarted deal", (s) => s.moves === "0" && JSON.stringify(s.cards) === dealt);
  }
  assert.deepEqual(state.cards, dealCardNames(), "the cards at the deal");
  assert.equal(state.score, "0");
  return state;
}

/** Play the pair 4-7 (9♥ + 2♦ = 11) by clicking the two cards; return the state after it. */
export async function playPair(browser) {
  await press(browser, cardName("9H", "4"));
  await press(browser, cardName("2D", "7"));
  const removed = (s) => s.moves === "1" && !s.cards.includes(cardName("9H", "4"));
  const state = await waitForGame(browser, "the pair to be removed", removed);
  assert.equal(state.score, "10");
  assert.ok(!state.cards.includes(cardName("9H", "4")), "9 of hearts is gone");
  assert.ok(!state.cards.includes(cardName("2D", "7")), "2 of diamonds is gone");
  assert.equal(state.cards.filter((name) => name.endsWith(", pile 4, 7 cards")).length, 1);
  assert.equal(state.cards.filter((name) => name.endsWith(", pile 7, 7 cards")).length, 1);
  assert.equal(state.cards.length, 20);
  assert.equal(state.status, "Removed 9 of hearts and 2 of diamonds");
  return state;
}

/** Tick the settings checkbox `label` (Settings first), then close the panel. */
export async function turnOnSetting(browser, label) {
  await press(browser, "Settings");
  const box = await waitFor(`the checkbox "${label}"`, () => browser.element(checkboxLabelled, label), {
    timeoutMs: REACTION_TIMEOUT_MS,
  });
  if (await browser.evaluate(isChecked, label)) {
    await box.dispose?.();
  } else {
    await browser.click(box);
    await waitFor(`"${label}" to be ticked`, () => browser.evaluate(isChecked, label));
  }
  await press(browser, "Close");
  // The panel shuts a message later when Python runs in a worker; a tap aimed at the board
  // meanwhile would land where the board moves from.
  await waitFor("the Settings panel to close", () => browser.evaluate(settingsClosed));
}

/** Whether the Settings panel is hidden. */
function settingsClosed() {
  return document.getElementById("settings-panel").hidden;
}

/** Median of a non-empty list of numbers. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

/**
 * One line of figures: the browser's version and its min/median/max time to data-ready over
 * the timed loads, with the load average; also written to e2e/artifacts/smoke-NAME.json.
 */
function reportFigures(browser, timings) {
  const all = timings.map((t) => t.ms);
  const loadavg = loadAverage();
  const line = all.length
    ? `${browser.name} ${browser.version}: data-ready in min/median/max ` +
      `${Math.min(...all)}/${median(all)}/${Math.max(...all)} ms over ${all.length} loads ` +
      `(${PAGES.length} pages x ${LOADS_PER_PAGE}), WebAssembly on the baseline compiler only; ` +
      `load average ${loadavg}`
    : `${browser.name} ${browser.version}: no timed load (load average ${loadavg})`;
  console.log(`# smoke figures: ${line}`);
  const artifacts = path.join(ROOT, "e2e", "artifacts");
  mkdirSync(artifacts, { recursive: true });
  const file = path.join(artifacts, `smoke-${browser.name.toLowerCase()}.json`);
  writeFileSync(file, JSON.stringify({ browser: browser.name, version: browser.version, loadavg, timings, line }, null, 1));
  return line;
}

/**
 * A host page at `localhost` (another site than the site's `127.0.0.1`) frames the embed
 * plainly and sandboxed (`allow-scripts` only); in each frame a pair is played. Unless
 * `sandboxedStarts`, the sandboxed frame is expected to say why it cannot start instead: by
 * default in WebKit, which matches the CSP's `'self'` to nothing there, on a site whose build
 * was not told its origin (docs/hosting.md, "The site's own origin").
 */
/** In a frame: its address. */
function frameAddress() {
  return location.href;
}

/** Enter the host page's frame `index` once its embed's document is there: WebKitWebDriver,
 * entering a frame before its document replaced the first empty one, ran every later script
 * nowhere (each answered nothing for the whole wait), so a frame that does not answer with the
 * embed's address is left and entered again. */
async function enterEmbedFrame(browser, index, frame) {
  await waitFor(`${frame} to hold the embed`, async () => {
    await browser.enterFrame(index);
    let address = null;
    try {
      address = await browser.evaluate(frameAddress);
    } catch {
      // not answered: look again
    }
    if (typeof address === "string" && address.includes("embed.html")) return true;
    await browser.leaveFrame();
    return false;
  }, { timeoutMs: READY_TIMEOUT_MS, intervalMs: 250 });
}

/**
 * Frame the embed from another site (a host page at localhost, the site at 127.0.0.1), plainly
 * and sandboxed, and play a pair in each frame that starts. `crossSiteStorage` is what the
 * cross-site frame must be allowed ("refused": third-party storage blocked; "allowed":
 * partitioned); a sandboxed frame (an opaque origin) is always refused both.
 */
export async function playFramedEmbeds(
  browser,
  siteUrl,
  { sandboxedStarts = browser.name !== "WebKit", crossSiteStorage } = {},
) {
  const host = await startHost(siteUrl, `embed.html?deal=${DEAL}&lang=en`);
  try {
    await browser.goto(host.url);
    for (const [index, frame] of [[0, "the cross-site frame"], [1, "the sandboxed frame"]]) {
      await enterEmbedFrame(browser, index, frame);
      try {
        if (index === 1 && !sandboxedStarts) {
          // WebKit matches the CSP's 'self' to no URL in a sandboxed document (an opaque
          // origin), so every file of the embed is refused there: the start guard says
          // so, and blames no connection (docs/hosting.md, "Embedding on another site").
          const told = await waitFor(`${frame} to tell its start error`, () =>
            browser.evaluate(() => document.querySelector("#boot-error .boot-error-reason")?.textContent ?? ""),
          { timeoutMs: READY_TIMEOUT_MS });
          assert.match(told, /This board is in a sandboxed frame, and its site does not let/);
          console.log(`# ${browser.name}: ${frame} does not start ('self' matches nothing there), and says so`);
          continue;
        }
        await waitForStart(browser, frame);
        await browser.evaluate(installWatcher);
        const storage = await browser.evaluate(storageReport);
        console.log(`# ${browser.name}: ${frame} started (${storage})`);
        const expected = index === 1 ? "refused" : crossSiteStorage;
        if (expected) {
          assert.match(storage, new RegExp(`localStorage ${expected}, indexedDB ${expected}$`), frame);
        }
        await press(browser, cardName("9H", "4"));
        await press(browser, cardName("2D", "7"));
        const state = await waitForGame(browser, `the pair in ${frame}`, (s) => s.status === "Removed 9 of hearts and 2 of diamonds");
        assert.ok(state.cards.includes(cardName("8H", "4", 7)), "the 8 of hearts is on pile 4");
        await assertNoProblems(browser, frame);
      } finally {
        await browser.leaveFrame();
      }
    }
  } finally {
    await host.stop();
  }
}

/**
 * A browser missing where tests/run_all.sh installs it (as root, with apt-get: CI) is a failed
 * install, not a reason to skip: register `suite` as one failing test and return true. Elsewhere
 * (not root, no apt-get) return false, and the suite is skipped, saying why.
 */
function failedInstall(suite, unavailable) {
  const installs = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!unavailable || !installs) return false;
  describe(suite, () => {
    it("has its browser", () => {
      assert.fail(`${unavailable}: tests/run_all.sh installs it here (root, apt-get); see /tmp/halfmoon-apt.log`);
    });
  });
  return true;
}

/**
 * Register the smoke tests for one browser. `launch()` resolves with an adapter (see the top of
 * this file); `unavailable` is a skip reason (the browser is not installed) or undefined;
 * `crossSiteStorage` is what the embed framed by another site must be allowed (see
 * `playFramedEmbeds`; undefined: only reported).
 */
export function defineSmokeSuite({ name, launch, unavailable, crossSiteStorage }) {
  if (failedInstall(`${name} smoke test`, unavailable)) return;
  if (unavailable) console.log(`# ${name} smoke test skipped: ${unavailable}`);
  describe(`${name} smoke test`, { skip: unavailable ?? false }, () => {
    let site;
    let browser;
    const timings = [];

    before(async () => {
      site = await startSite();
      browser = await launch();
      console.log(`# ${name}: ${browser.version}, site at ${site.url}`);
    });

    after(async () => {
      if (browser) reportFigures(browser, timings);
      await browser?.close();
      await site?.stop();
    });

    it(`each page starts on every load (${LOADS_PER_PAGE} loads of each)`, { timeout: 600_000 }, async () => {
      for (const page of PAGES) {
        for (let round = 1; round <= LOADS_PER_PAGE; round += 1) {
          const ms = await load(browser, site.url + page);
          timings.push({ page: page.split("?")[0], round, ms });
        }
      }
      assert.equal(timings.length, PAGES.length * LOADS_PER_PAGE);
    });

    it("a legal pair is played by clicking two cards named as in docs/interface.md", { timeout: 180_000 }, async () => {
      await openDealAtStart(browser, site.url);
      await playPair(browser);
      await assertNoProblems(browser, "the game after a pair");
    });

    it("a reload resumes the same position, score and moves", { timeout: 180_000 }, async () => {
      await openDealAtStart(browser, site.url);
      const played = await playPair(browser);
      await load(browser); // a reload of the same URL
      const resumed = await browser.evaluate(gameState);
      assert.deepEqual(
        { cards: resumed.cards, score: resumed.score, moves: resumed.moves, deal: resumed.deal },
        { cards: played.cards, score: "10", moves: "1", deal: DEAL },
      );
    });

    it("Undo brings the cards back, score 0", { timeout: 180_000 }, async () => {
      await openDealAtStart(browser, site.url);
      await playPair(browser);
      await press(browser, "Undo");
      const back = (s) => s.moves === "0" && s.cards.includes(cardName("9H", "4"));
      const state = await waitForGame(browser, "the undo", back);
      assert.equal(state.score, "0");
      assert.deepEqual(state.cards, dealCardNames());
      await assertNoProblems(browser, "the game after Undo");
    });

    it('with "Move errors" on, a wrong pair shows E1', { timeout: 180_000 }, async () => {
      await openDealAtStart(browser, site.url);
      await turnOnSetting(browser, "Move errors");
      await press(browser, cardName("9H", "4"));
      await press(browser, cardName("6H", "5")); // 9 + 6 = 15
      const state = await waitForGame(browser, "the E1 message", (s) => s.status === "The sum must be 11");
      assert.equal(state.moves, "0");
      assert.deepEqual(state.pressed, [], "the selection is cleared");
      assert.deepEqual(state.cards, dealCardNames());
      await assertNoProblems(browser, "the game after a wrong pair");
    });

    it("a damaged runtime wasm in the cache repairs itself, the game kept", { timeout: 300_000 }, async () => {
      // A server of its own (another origin: a fresh service worker and cache).
      const repairSite = await startSite();
      try {
        await openDealAtStart(browser, repairSite.url);
        await waitFor("the service worker to control the page", () => browser.evaluate(controlled), {
          timeoutMs: READY_TIMEOUT_MS,
          intervalMs: 250,
        });
        const played = await playPair(browser);
        assert.ok((await browser.evaluate(damageCached, "/pyodide.asm.wasm")) >= 1, "a cached wasm damaged");
        // The reload: the page finds the damage and loads once more (abandoning the first
        // document's loads), then plays.
        const ms = await load(browser, undefined, { abandoned: true });
        console.log(`# ${browser.name}: damaged wasm repaired, data-ready ${ms} ms after the reload (load average ${loadAverage()})`);
        const resumed = await browser.evaluate(gameState);
        assert.deepEqual({ cards: resumed.cards, moves: resumed.moves }, { cards: played.cards, moves: "1" });
        const folder = path.join(SITE_DIR, "vendor", "pyodide");
        const [version] = readdirSync(folder);
        const size = statSync(path.join(folder, version, "pyodide.asm.wasm")).size;
        assert.deepEqual([...new Set(await browser.evaluate(cachedSizes, "/pyodide.asm.wasm"))], [size]);
      } finally {
        await repairSite.stop();
      }
    });

    it("after one visit, the game starts with the server stopped", { timeout: 300_000 }, async () => {
      // A server of its own (another origin, so a fresh service worker), stopped mid-test.
      const offlineSite = await startSite();
      try {
        await load(browser, offlineSite.url + GAME);
        await waitFor("the service worker to control the page", () => browser.evaluate(controlled), {
          timeoutMs: READY_TIMEOUT_MS,
          intervalMs: 250,
        });
        await offlineSite.stop();
        assert.equal(await answers(offlineSite.url), false, "the server is stopped");
        await load(browser, undefined, { abandoned: true }); // from the service worker alone
        assert.ok(await browser.evaluate(controlled), "the reloaded page is controlled by the worker");
        const state = await browser.evaluate(gameState);
        assert.deepEqual(state.cards, dealCardNames());
      } finally {
        await offlineSite.stop();
      }
    });

    // Last: in Firefox, the navigation that followed this page of frames (the next step's
    // goto) was seen to wait for ever for its load event.
    it("the embed framed by another site plays, in a plain and in a sandboxed frame", { timeout: 300_000 }, async () => {
      await playFramedEmbeds(browser, site.url, { crossSiteStorage });
    });
  });
}

/**
 * The framed embed alone, in a browser launched by `launch` (another configuration of a
 * browser the full scenario runs, e.g. Firefox with its default cookie policy), on the site
 * that `startSite(site)` serves (`{toldItsOrigin: true}`: built with its origin named, so that
 * the sandboxed frame starts in WebKit too).
 */
export function defineFramedEmbedSuite({
  name,
  launch,
  unavailable,
  crossSiteStorage,
  site: siteOptions = {},
}) {
  if (failedInstall(`${name}: the embed framed by another site`, unavailable)) return;
  if (unavailable) console.log(`# ${name} framed-embed test skipped: ${unavailable}`);
  describe(`${name}: the embed framed by another site`, { skip: unavailable ?? false }, () => {
    let site;
    let browser;

    before(async () => {
      site = await startSite(siteOptions);
      browser = await launch();
      console.log(`# ${name}: ${browser.version}, site at ${site.url}`);
    });

    after(async () => {
      await browser?.close();
      await site?.stop();
    });

    it("plays, in a plain and in a sandboxed frame", { timeout: 300_000 }, async () => {
      await playFramedEmbeds(browser, site.url, {
        crossSiteStorage,
        ...(siteOptions.toldItsOrigin ? { sandboxedStarts: true } : {}),
      });
    });
  });
}
