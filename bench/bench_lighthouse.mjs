// Lighthouse benchmark of the built site (`npm run lighthouse`; not a test, not in `npm test`).
//
// Serves the built folder (dist/, or --dir DIR) with web/serve.py, compressed as the hosts
// serve it (docs/hosting.md), and runs Lighthouse 12.2.3 (pinned in package.json: 13 needs
// Node 22) in Debian's Chromium ($CHROME_PATH, /usr/bin/chromium by default; flags
// `--headless=new --no-sandbox`) on every page, first visit (a new profile each run), mobile
// (Lighthouse's default: a simulated slow phone) and desktop. It prints, per page and form
// factor, the four category scores, FCP, LCP, TBT, CLS and the bytes transferred (the median of
// --runs N runs, 1 by default), what keeps Accessibility, Best Practices or SEO below 100, and the load average at
// start and end; and a run whose runtime downloads began before its largest paint (Lighthouse's
// simulation then counts them into LCP). Six audits error on this Chromium ("frame_sequence": its trace lacks the
// frame events they read); they are not the site's, and are listed apart.
//
// Usage: node bench/bench_lighthouse.mjs [--runs N] [--dir DIR] [--page game|rules|embed]...
//        [--form mobile|desktop]... [--json FILE]

import { spawn, spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Each page and the address Lighthouse opens (the embed shows a deal, as a snippet would). */
const PAGES = {
  game: "index.html",
  rules: "rules.html",
  embed: "embed.html?deal=HM1-N-AAAAAAB&lang=en",
};
const FORMS = ["mobile", "desktop"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const METRICS = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
  bytes: "total-byte-weight",
};

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "1" },
    dir: { type: "string", default: path.join(ROOT, "dist") },
    page: { type: "string", multiple: true },
    form: { type: "string", multiple: true },
    json: { type: "string" },
  },
});

/** Compress the folder's text files for web/serve.py now (the build does it too), so that no
 * measured request waits for a compression. */
function warmCompression(dir) {
  const code = "import sys; sys.path.insert(0, 'web'); import serve; serve.warm_cache(sys.argv[1])";
  const done = spawnSync("python3", ["-c", code, dir], { cwd: ROOT, stdio: "inherit" });
  if (done.status !== 0) throw new Error("compressing the site for web/serve.py failed");
}

/** Start web/serve.py on a free port; resolve with its base URL and the process. */
function startServer(dir) {
  const server = spawn("python3", [path.join(ROOT, "web/serve.py"), "--port", "0", "--dir", dir], {
    stdio: ["ignore", "pipe", "ignore"],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: server.stdout });
    lines.once("line", (line) => {
      const found = /at (http:\/\/\S+\/)/.exec(line);
      if (found) resolve({ url: found[1], server });
      else reject(new Error(`web/serve.py said: ${line}`));
    });
    server.once("exit", (code) => reject(new Error(`web/serve.py exited (${code})`)));
  });
}

/** One Lighthouse run of `url`, run again (at most twice, saying so) when Lighthouse itself
 * fails (on a loaded machine its trace is sometimes lost: "Something went wrong with recording
 * the trace over your page"). */
async function auditRetrying(url, form) {
  for (let attempt = 1; ; attempt++) {
    const result = await audit(url, form);
    if (!result.runtimeError || attempt === 3) return result;
    console.log(`  Lighthouse failed (${result.runtimeError}): run again`);
  }
}

/** One Lighthouse run of `url` in a new Chromium (a first visit). */
async function audit(url, form) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox"],
  });
  try {
    const flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
      maxWaitForLoad: 120000,
    };
    const result = await lighthouse(url, flags, form === "desktop" ? desktopConfig : undefined);
    return { ...summarise(result.lhr), runtimeError: result.lhr.runtimeError?.code };
  } finally {
    chrome.kill();
  }
}

/** The scores, the metrics, the audits that cost points outside Performance, the errors. */
function summarise(lhr) {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? NaN]),
  );
  const failing = [];
  for (const id of CATEGORIES.slice(1)) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const found = lhr.audits[ref.id];
      if (ref.weight > 0 && found && found.score !== null && found.score < 1) {
        failing.push(`${id}: ${ref.id} (${found.title})`);
      }
    }
  }
  // When the largest paint was seen, and when the first of the runtime's downloads began: one
  // begun before it is counted into the simulated LCP (docs/startup.md, "Start order").
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const runtimeStarts = (lhr.audits["network-requests"]?.details?.items ?? [])
    .filter((request) => request.url.includes("/vendor/"))
    .map((request) => request.networkRequestTime);
  const paints = { lcp: observed.observedLargestContentfulPaint, runtime: Math.min(...runtimeStarts) };
  const errored = Object.values(lhr.audits)
    .filter((a) => a.scoreDisplayMode === "error")
    .map((a) => `${a.id}: ${(a.errorMessage || "").slice(0, 60)}`);
  return { scores, metrics, failing, errored, paints, chrome: lhr.environment.hostUserAgent };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(" ");

async function main() {
  const runs = Math.max(1, Number.parseInt(args.runs, 10) || 1);
  const pages = args.page ?? Object.keys(PAGES);
  const forms = args.form ?? FORMS;
  warmCompression(args.dir);
  const { url: base, server } = await startServer(args.dir);
  const rows = [];
  console.log(`load average at start: ${load()}; ${runs} run(s) each; served by web/serve.py`);
  try {
    for (const page of pages) {
      for (const form of forms) {
        const results = [];
        for (let run = 0; run < runs; run++) results.push(await auditRetrying(base + PAGES[page], form));
        rows.push({ page, form, results });
        const last = results.at(-1);
        console.log(`${page} ${form}: done (load ${load()})`);
        for (const line of new Set(results.flatMap((r) => r.failing))) console.log(`  - ${line}`);
        if (last.errored.length) console.log(`  errored (not the site's): ${last.errored.join("; ")}`);
        for (const { paints } of results) {
          if (paints.runtime < paints.lcp) {
            console.log(
              `  the runtime's downloads began at ${Math.round(paints.runtime)} ms, before the ` +
                `largest paint (${Math.round(paints.lcp)} ms, observed): LCP counts them`,
            );
          }
        }
      }
    }
  } finally {
    server.kill();
  }
  console.log(`\n${rows[0]?.results[0]?.chrome ?? ""}`);
  console.log(
    "| page | form | perf | a11y | best practices | SEO | FCP s | LCP s | TBT ms | CLS | KiB |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const { page, form, results } of rows) {
    const score = (id) => median(results.map((r) => r.scores[id]));
    const metric = (name) => median(results.map((r) => r.metrics[name]));
    console.log(
      `| ${page} | ${form} | ${CATEGORIES.map(score).join(" | ")} | ` +
        `${(metric("FCP") / 1000).toFixed(1)} | ${(metric("LCP") / 1000).toFixed(1)} | ` +
        `${Math.round(metric("TBT"))} | ${metric("CLS").toFixed(3)} | ` +
        `${Math.round(metric("bytes") / 1024)} |`,
    );
  }
  console.log(`\nload average at end: ${load()}`);
  if (args.json) writeFileSync(args.json, JSON.stringify(rows, null, 1));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
