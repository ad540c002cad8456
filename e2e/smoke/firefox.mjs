// Firefox for the smoke tests: Debian's firefox-esr, headless, driven by puppeteer-core over
// WebDriver BiDi (no geckodriver, nothing downloaded). Console errors and uncaught page errors
// reach the test through BiDi from the first byte of every page.

import { firstExisting } from "./processes.mjs";

/** The Firefox binary: $HALFMOON_FIREFOX, else Debian's firefox-esr (or firefox). */
export function firefoxBinary() {
  return firstExisting([process.env.HALFMOON_FIREFOX, "/usr/bin/firefox-esr", "/usr/bin/firefox"]);
}

/** Why the Firefox tests cannot run here (a skip reason), or undefined when they can. */
export function firefoxUnavailable() {
  return firefoxBinary() ? undefined : "no Firefox (install Debian's firefox-esr, or set HALFMOON_FIREFOX)";
}

/**
 * Launch Firefox and open one page: resolve with a browser adapter (see scenario.mjs).
 * `cookieBehavior` is Firefox's `network.cookie.cookieBehavior`: 1 (the default here) blocks
 * third-party cookies and so third-party storage; `null` leaves Firefox's own default (5, total
 * cookie protection: a framed site's storage partitioned by the site that frames it).
 */
export async function launchFirefox({ cookieBehavior = 1 } = {}) {
  process.env.PUPPETEER_SKIP_DOWNLOAD = "1";
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: firefoxBinary(),
    headless: true,
    timeout: 90_000, // to start, on a busy machine
    protocolTimeout: 120_000,
    extraPrefsFirefox: {
      // The service worker is under test; keep Firefox from phoning home on a machine with
      // loopback only.
      "dom.serviceWorkers.enabled": true,
      // WebAssembly on the baseline compiler only (no Ion tier-up): which tier runs Pyodide is
      // not behaviour under test, and the optimising compiler's background work is CPU time
      // the whole test run shares (docs/testing.md, "Time").
      "javascript.options.wasm_optimizingjit": false,
      // Third-party cookies blocked (1), and so third-party storage: the embed framed by
      // another site (scenario.mjs) starts without any (Firefox's default, 5, partitions it;
      // firefox-partitioned.test.mjs runs the framed embed there).
      ...(cookieBehavior === null ? {} : { "network.cookie.cookieBehavior": cookieBehavior }),
      "app.update.enabled": false,
      "browser.safebrowsing.malware.enabled": false,
      "browser.safebrowsing.phishing.enabled": false,
    },
  });
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 800 });
    const policy = cookieBehavior === null ? "default cookie policy" : `cookieBehavior ${cookieBehavior}`;
    return new FirefoxAdapter(browser, page, `${await browser.version()}, ${policy}`);
  } catch (error) {
    await browser.close();
    throw error;
  }
}

/** The scenario's view of Firefox: one page, evaluated and clicked through puppeteer. */
class FirefoxAdapter {
  constructor(browser, page, version) {
    this.name = "Firefox";
    this.browser = browser;
    this.page = page;
    this.version = `${version.replace(/^firefox\//i, "")} (${firefoxBinary()})`;
    this.errors = [];
    this.target = page; // the page, or the frame entered (enterFrame)
    page.on("console", (message) => {
      if (message.type() === "error") {
        const where = message.location()?.url ?? "";
        this.errors.push(`console error: ${message.text()} [${where}]`);
      }
    });
    page.on("pageerror", (error) => this.errors.push(`page error: ${error.message ?? error}`));
  }

  /** Open `url` and wait for its load event. */
  async goto(url) {
    await this.page.goto(url, { waitUntil: "load", timeout: 90_000 });
  }

  /** Reload the page and wait for its load event. */
  async reload() {
    await this.page.reload({ waitUntil: "load", timeout: 90_000 });
  }

  /** Run `fn(...args)` in the page (awaited if it returns a promise); its JSON-able result. */
  async evaluate(fn, ...args) {
    return this.target.evaluate(fn, ...args);
  }

  /** Run `fn(...args)` in the page, which returns an element: a handle for click(). */
  async element(fn, ...args) {
    const handle = await this.target.evaluateHandle(fn, ...args);
    const element = handle.asElement();
    if (!element) {
      await handle.dispose();
      throw new Error(`${fn.name || "the lookup"} returned no element`);
    }
    return element;
  }

  /** A real click (pointer input through BiDi) in the middle of the element. */
  async click(element) {
    await element.click();
    await element.dispose();
  }

  /** Act in the page's frame `index` (0: its first iframe) from now on. */
  async enterFrame(index) {
    const frames = this.page.mainFrame().childFrames();
    if (!frames[index]) throw new Error(`the page has no frame ${index}`);
    this.target = frames[index];
  }

  /** Act in the page itself again. */
  async leaveFrame() {
    this.target = this.page;
  }

  /** Console errors and uncaught exceptions since the last call. */
  takeErrors() {
    return this.errors.splice(0);
  }

  /** Close the browser (puppeteer removes its temporary profile). */
  async close() {
    await this.browser.close();
  }
}
