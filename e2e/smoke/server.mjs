// The site for the smoke tests: the built dist/ served by `web/serve.py --port 0` (the headers
// and CSP of dist/_headers included) in a child process; its URL is read from what it prints.

import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { freePort, startProcess, waitFor } from "./processes.mjs";

/** The repository's root folder. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** The folder served: $HALFMOON_SITE_DIR, else dist/ (built by `npm run build`). */
export const SITE_DIR = process.env.HALFMOON_SITE_DIR || path.join(ROOT, "dist");

/** A Python that runs web/serve.py: the project's .venv if there is one, else python3. */
function python() {
  const venv = path.join(ROOT, ".venv", "bin", "python");
  return process.env.HALFMOON_PYTHON || (existsSync(venv) ? venv : "python3");
}

/**
 * Start serving SITE_DIR on a free port; resolve with `{url, stop()}` once the server answers.
 * `url` is the base URL, ending in `/`; `stop()` ends the server (safe to call twice).
 * With `toldItsOrigin`, the site is built afresh into a folder of its own for a port chosen
 * first, with that origin named to the build (HALFMOON_SITE_ORIGIN, web/site_origin.py), and
 * served there; `stop()` removes the folder.
 */
export async function startSite({ toldItsOrigin = false } = {}) {
  let dir = SITE_DIR;
  let port = 0;
  let cleanUp = () => {};
  if (toldItsOrigin) {
    port = await freePort();
    dir = mkdtempSync(path.join(tmpdir(), "halfmoon-site-"));
    cleanUp = () => rmSync(dir, { recursive: true, force: true });
    const env = { ...process.env, HALFMOON_SITE_ORIGIN: `http://127.0.0.1:${port}` };
    try {
      await promisify(execFile)(python(), [path.join(ROOT, "web", "build.py"), "--out", dir], { cwd: ROOT, env });
    } catch (error) {
      cleanUp();
      throw new Error(`the build for ${env.HALFMOON_SITE_ORIGIN} failed: ${error.stderr || error.message}`);
    }
  }
  if (!existsSync(path.join(dir, "index.html"))) {
    throw new Error(`${dir}/index.html is missing: run \`npm run build\` first`);
  }
  const server = startProcess(
    "web/serve.py",
    python(),
    [path.join(ROOT, "web", "serve.py"), "--host", "127.0.0.1", "--port", String(port), "--dir", dir],
    { cwd: ROOT, env: { ...process.env, PYTHONUNBUFFERED: "1" } },
  );
  const stop = async () => {
    await server.stop();
    cleanUp();
  };
  try {
    // Any wording will do, as long as the line names the URL with its real port.
    const [printed] = await server.waitForOutput(/https?:\/\/[\w.[\]:-]+:(?!0\/)\d+\/?/, 20_000);
    const url = printed.endsWith("/") ? printed : `${printed}/`;
    await waitFor(`${url} to answer`, async () => (await fetch(url + "index.html")).ok, {
      timeoutMs: 20_000,
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Whether anything answers at `url` (false when the connection is refused). */
export async function answers(url) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * Serve one page that frames the embed of the site at `siteUrl` twice, as another site would:
 * at `http://localhost:PORT/` (the site is at 127.0.0.1: another site, so its frames get
 * third-party storage, or none), in a plain frame and in `<iframe sandbox="allow-scripts">`
 * (an opaque origin). Resolve with `{url, stop()}`.
 */
export async function startHost(siteUrl, embed) {
  const frame = (attributes) =>
    `<iframe ${attributes} src="${siteUrl}${embed}" width="600" height="480" title="Half Moon board"></iframe>`;
  const html = `<!doctype html><meta charset="utf-8"><title>host</title>\n${frame("")}\n${frame('sandbox="allow-scripts"')}\n`;
  const server = createServer((request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end(html);
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const url = `http://localhost:${server.address().port}/host.html`;
  let stopped = false;
  const stop = () => {
    if (stopped) return Promise.resolve();
    stopped = true;
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return { url, stop };
}
