// WebKit for the smoke tests: Debian's WebKitGTK MiniBrowser in automation mode on a private
// Xvfb display, driven through Debian's WebKitWebDriver (--target mode) by selenium-webdriver.
//
//   Xvfb -displayfd 3            picks a free display itself and names it on fd 3
//   MiniBrowser --automation     with WEBKIT_INSPECTOR_SERVER=127.0.0.1:P1 and that DISPLAY
//   WebKitWebDriver --port=P2 --target=127.0.0.1:P1
//   selenium-webdriver           new Builder().usingServer("http://127.0.0.1:P2")
//
// All three processes are stopped by close() (and at exit, whatever happens). WebKitWebDriver
// has no BiDi and the automation web view does not pass console messages on, so the driver
// reports no console errors itself: the scenario's in-page watcher (installed after each load),
// data-error and the .py-error check cover WebKit.

import { readdirSync } from "node:fs";
import net from "node:net";
import { firstExisting, freePort, startProcess, waitFor, within } from "./processes.mjs";

/** MiniBrowser: $HALFMOON_MINIBROWSER, else the one of Debian's libwebkit2gtk-4.1-0. */
export function miniBrowserBinary() {
  const multiarch = (() => {
    try {
      return readdirSync("/usr/lib").map((dir) => `/usr/lib/${dir}/webkit2gtk-4.1/MiniBrowser`);
    } catch {
      return [];
    }
  })();
  return firstExisting([process.env.HALFMOON_MINIBROWSER, ...multiarch, "/usr/libexec/webkit2gtk-4.1/MiniBrowser"]);
}

/** Debian's WebKitWebDriver (package webkit2gtk-driver), or $HALFMOON_WEBKITWEBDRIVER. */
export function webDriverBinary() {
  return firstExisting([process.env.HALFMOON_WEBKITWEBDRIVER, "/usr/bin/WebKitWebDriver"]);
}

/** Xvfb (package xvfb). */
export function xvfbBinary() {
  return firstExisting([process.env.HALFMOON_XVFB, "/usr/bin/Xvfb"]);
}

/** Why the WebKit tests cannot run here (a skip reason), or undefined when they can. */
export function webkitUnavailable() {
  const missing = [];
  if (!miniBrowserBinary()) missing.push("MiniBrowser (libwebkit2gtk-4.1-0)");
  if (!webDriverBinary()) missing.push("WebKitWebDriver (webkit2gtk-driver)");
  if (!xvfbBinary() && !process.env.DISPLAY) missing.push("Xvfb (xvfb) or a DISPLAY");
  return missing.length ? `missing ${missing.join(", ")}` : undefined;
}

/** Start Xvfb on a display it picks; resolve with {display, process}. */
async function startXvfb() {
  const xvfb = startProcess(
    "Xvfb",
    xvfbBinary(),
    ["-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
    { extraFds: 1 },
  );
  let written = "";
  xvfb.child.stdio[3].setEncoding("utf8");
  xvfb.child.stdio[3].on("data", (chunk) => (written += chunk));
  try {
    const number = await waitFor("Xvfb to name its display", () => {
      if (!xvfb.alive) throw new Error(`Xvfb exited: ${xvfb.output()}`);
      return written.match(/^(\d+)\n/)?.[1];
    }, { timeoutMs: 20_000, intervalMs: 50 });
    return { display: `:${number}`, process: xvfb };
  } catch (error) {
    await xvfb.stop();
    throw error;
  }
}

/** Resolve once something accepts TCP connections on 127.0.0.1:`port`. */
function connects(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Start MiniBrowser --automation with its inspector server on a free port. */
async function startMiniBrowser(display) {
  const port = await freePort();
  const browser = startProcess("MiniBrowser", miniBrowserBinary(), ["--automation"], {
    // JSC_useOMGJIT=0: WebAssembly on JavaScriptCore's baseline compiler only (BBQ, no OMG
    // tier-up), as the Chromium tests run Liftoff only: the tier is not behaviour under test,
    // and tier-up took half of WebKit's CPU time here (docs/testing.md, "Time").
    env: {
      ...process.env,
      DISPLAY: display,
      WEBKIT_INSPECTOR_SERVER: `127.0.0.1:${port}`,
      JSC_useOMGJIT: process.env.JSC_useOMGJIT ?? "0",
    },
  });
  try {
    await waitFor("MiniBrowser's inspector server", () => {
      if (!browser.alive) throw new Error(`MiniBrowser exited: ${browser.output()}`);
      return connects(port);
    }, { timeoutMs: 30_000 });
    return { port, process: browser };
  } catch (error) {
    await browser.stop();
    throw error;
  }
}

/** Start WebKitWebDriver attached to the inspector at `target`; resolve with its URL. */
async function startWebDriver(target) {
  const port = await freePort();
  const driver = startProcess("WebKitWebDriver", webDriverBinary(), [`--port=${port}`, `--target=${target}`]);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor("WebKitWebDriver's /status", async () => {
      if (!driver.alive) throw new Error(`WebKitWebDriver exited: ${driver.output()}`);
      return (await fetch(`${url}/status`)).ok;
    }, { timeoutMs: 30_000 });
    return { url, process: driver };
  } catch (error) {
    await driver.stop();
    throw error;
  }
}

/**
 * Launch Xvfb, MiniBrowser and WebKitWebDriver, open a session: resolve with an adapter.
 * A second attempt follows a failed one (a free port taken meanwhile by someone else).
 */
export async function launchWebKit() {
  try {
    return await launchOnce();
  } catch (error) {
    console.log(`# WebKit: launch failed (${error.message.split("\n")[0]}); trying once more`);
    return launchOnce();
  }
}

/** One attempt of launchWebKit(): everything it started is stopped again when it fails. */
async function launchOnce() {
  const started = [];
  try {
    let display = process.env.DISPLAY;
    if (xvfbBinary()) {
      const xvfb = await startXvfb();
      started.push(xvfb.process);
      display = xvfb.display;
    }
    const browser = await startMiniBrowser(display);
    started.push(browser.process);
    const webDriver = await startWebDriver(`127.0.0.1:${browser.port}`);
    started.push(webDriver.process);
    const { Builder } = await import("selenium-webdriver");
    const driver = await new Builder()
      .usingServer(webDriver.url)
      // "none": WebKitWebDriver never waits for a navigation itself; goto() and reload() wait
      // for the new document. Its own wait can hang for good on a navigation that the page
      // replaces by another mid-load (the repair reload, docs/deploys.md), and every later
      // command of the session with it.
      .withCapabilities({ browserName: "MiniBrowser", pageLoadStrategy: "none" })
      .build();
    try {
      await driver.manage().setTimeouts({ script: 60_000, pageLoad: 90_000, implicit: 0 });
      await driver.manage().window().setRect({ width: 1280, height: 900 });
      const version = (await driver.getCapabilities()).get("browserVersion");
      return new WebKitAdapter(driver, `WebKitGTK ${version} (MiniBrowser)`, started);
    } catch (error) {
      await driver.quit();
      throw error;
    }
  } catch (error) {
    for (const child of started.reverse()) await child.stop();
    throw error;
  }
}

/** How long a script may go unanswered. WebKitWebDriver now and then never answers a script
 * that reached a document as it was being left (about one first visit in 40 here): no reply,
 * not even at the script timeout, while the commands sent after it are answered. */
const REPLY_TIMEOUT_MS = 20_000;

/** Settle as `command` (a WebDriver command's promise) does, or reject once it has not
 * answered for REPLY_TIMEOUT_MS, naming `what`; a late reply is then dropped. */
function answered(command, what) {
  return within(command, REPLY_TIMEOUT_MS, `WebKitWebDriver did not answer ${what}`);
}

/** In the page: mark this document as the one being left. */
function markDocument() {
  window.halfmoonLeaving = true;
}

/** In the page: a document other than the marked one, loaded. */
function newDocumentLoaded() {
  return !window.halfmoonLeaving && document.readyState === "complete";
}

/** The scenario's view of WebKit: one WebDriver session (classic WebDriver). */
class WebKitAdapter {
  constructor(driver, version, processes) {
    this.name = "WebKit";
    this.driver = driver;
    this.version = version;
    this.processes = processes;
  }

  /** Open `url` and wait until its document has loaded. */
  async goto(url) {
    await this.navigate(() => this.driver.get(url));
  }

  /** Reload the page and wait until the new document has loaded. */
  async reload() {
    await this.navigate(() => this.driver.navigate().refresh());
  }

  /** Mark the open document, run `start` (which returns at once: page load strategy "none"),
   * then wait until a document without the mark has loaded. */
  async navigate(start) {
    await this.evaluate(markDocument);
    await start();
    await waitFor("the new document to load", async () => {
      try {
        return await this.evaluate(newDocumentLoaded);
      } catch {
        return false; // the document changed under the script, or it went unanswered: look again
      }
    }, { timeoutMs: 90_000, intervalMs: 100 });
  }

  /** Run `fn(...args)` in the page; WebDriver awaits a returned promise. Rejects when
   * WebKitWebDriver leaves it unanswered (see `answered`). */
  async evaluate(fn, ...args) {
    return answered(this.driver.executeScript(fn, ...args), fn.name || "a script");
  }

  /** Run `fn(...args)` in the page, which returns an element: a WebElement. */
  async element(fn, ...args) {
    const element = await this.evaluate(fn, ...args);
    if (!element?.click) throw new Error(`${fn.name || "the lookup"} returned no element`);
    return element;
  }

  /** WebDriver's Element Click: scrolled into view, a real pointer click at its centre. */
  async click(element) {
    await element.click();
  }

  /** Act in the page's frame `index` (0: its first iframe) from now on. */
  async enterFrame(index) {
    await answered(this.driver.switchTo().frame(index), `entering frame ${index}`);
  }

  /** Act in the page itself again. */
  async leaveFrame() {
    await answered(this.driver.switchTo().defaultContent(), "leaving the frame");
  }

  /** WebKitWebDriver has no log or BiDi channel: nothing to report from the driver itself. */
  takeErrors() {
    return [];
  }

  /** End the session, then stop WebKitWebDriver, MiniBrowser and Xvfb. */
  async close() {
    try {
      await this.driver.quit();
    } finally {
      for (const child of [...this.processes].reverse()) await child.stop();
    }
  }
}
