// Child processes for the smoke tests (local server, Xvfb, MiniBrowser, WebKitWebDriver):
// started in their own process group, their output kept for error messages, and always
// stopped, even when a test fails or the test process is interrupted.

import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** Every process started here and not yet stopped, by pid. */
const running = new Map();

/** Kill what is left at exit (a crash, an interrupt): synchronously, the whole group. */
process.on("exit", () => {
  for (const pid of running.keys()) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.once(signal, () => process.exit(128 + (signal === "SIGINT" ? 2 : 15)));
}

/**
 * A process started by {@link startProcess}: `output()` is its recent stdout+stderr,
 * `exited` resolves with its exit code (or signal name), `stop()` ends it and its group.
 */
export class ChildProcess {
  /** Wrap a spawned child; keep the last `keep` characters of its output. */
  constructor(name, child, keep = 20_000) {
    this.name = name;
    this.child = child;
    this.pid = child.pid;
    this.text = "";
    this.listeners = new Set();
    this.exitCode = undefined;
    this.exited = new Promise((resolve) => {
      const ended = (code) => {
        this.exitCode ??= code;
        running.delete(this.pid);
        resolve(this.exitCode);
      };
      child.once("exit", (code, signal) => ended(code ?? signal));
      child.once("error", (error) => {
        this.text += `\n${name}: ${error.message}`;
        if (this.pid === undefined) ended(`not started: ${error.message}`); // no "exit" follows
      });
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk) => {
        this.text = (this.text + chunk).slice(-keep);
        for (const listener of this.listeners) listener(this.text);
      });
    }
  }

  /** The process's recent output (stdout and stderr interleaved). */
  output() {
    return this.text;
  }

  /** Whether the process is still running. */
  get alive() {
    return this.exitCode === undefined;
  }

  /**
   * Resolve with the first match of `pattern` in the output; reject when the process exits
   * first or after `timeoutMs`.
   */
  async waitForOutput(pattern, timeoutMs) {
    const found = () => this.text.match(pattern);
    if (found()) return found();
    let listener;
    const match = new Promise((resolve) => {
      listener = () => found() && resolve(found());
      this.listeners.add(listener);
    });
    const ended = this.exited.then((code) => {
      throw new Error(`${this.name} exited (${code}) before printing ${pattern}:\n${this.text}`);
    });
    try {
      return await within(Promise.race([match, ended]), timeoutMs, `${this.name} did not print ${pattern}`);
    } finally {
      this.listeners.delete(listener);
    }
  }

  /**
   * End the process and everything it started (its process group): its children first, so
   * that it can collect them, then the process itself; SIGKILL whatever is left after
   * `graceMs`. Safe to call twice.
   */
  async stop(graceMs = 5_000) {
    if (!this.alive) return;
    const others = groupMembers(this.pid).filter((pid) => pid !== this.pid);
    signal(others, "SIGTERM");
    const deadline = Date.now() + graceMs / 2;
    while (others.some(isRunning) && Date.now() < deadline) await sleep(50);
    signal([this.pid], "SIGTERM");
    const timedOut = Symbol("timeout");
    if ((await Promise.race([this.exited, sleep(graceMs, timedOut)])) === timedOut) {
      try {
        process.kill(-this.pid, "SIGKILL");
      } catch {
        // gone meanwhile
      }
      await this.exited;
    }
    signal(groupMembers(this.pid), "SIGKILL"); // anything that outlived its parent
  }
}

/**
 * Start `command` with `args` in a new process group (so that stop() reaches its children).
 * `extraFds` adds that many piped file descriptors after stderr (fd 3, 4, ...), readable as
 * `process.child.stdio[3]`.
 */
export function startProcess(name, command, args, { env = process.env, cwd, extraFds = 0 } = {}) {
  const stdio = ["ignore", "pipe", "pipe", ...Array(extraFds).fill("pipe")];
  const child = spawn(command, args, { env, cwd, stdio, detached: true });
  const started = new ChildProcess(name, child);
  if (child.pid !== undefined) running.set(child.pid, started);
  return started;
}

/** A TCP port that was free a moment ago on 127.0.0.1 (the caller retries if it is taken). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Call `probe` every `intervalMs` until it returns a truthy value (returned) or `timeoutMs`
 * passes (then throw, naming `what` and the last error the probe threw).
 */
export async function waitFor(what, probe, { timeoutMs = 30_000, intervalMs = 100 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const why = lastError ? `: ${lastError.message}` : "";
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${why}`);
    }
    await sleep(intervalMs);
  }
}

/** The first existing file among `paths` (undefined if none). */
export function firstExisting(paths) {
  return paths.find((path) => path && existsSync(path));
}

/** The machine's 1, 5 and 15 minute load averages, as printed by uptime. */
export function loadAverage() {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "unknown";
  }
}

/** Settle as `promise` does, or reject with "`message` within `ms` ms" once `ms` have passed
 * first; the timer ends with it (so that it keeps no process waiting), and a late result of
 * `promise` is dropped. */
export async function within(promise, ms, message) {
  const timer = new AbortController();
  const late = sleep(ms, undefined, { signal: timer.signal }).then(() => {
    throw new Error(`${message} within ${ms} ms`);
  });
  late.catch(() => {}); // aborted once `promise` settled first
  try {
    return await Promise.race([promise, late]);
  } finally {
    timer.abort();
  }
}

/** The pids of process group `pgid` (Linux /proc; just the leader elsewhere). */
function groupMembers(pgid) {
  if (!existsSync("/proc/self/stat")) return [pgid];
  const members = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the parenthesised name: state ppid pgrp ...
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid && fields[0] !== "Z") members.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return members;
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
    return !/\) Z /.test(stat);
  } catch {
    return false;
  }
}

function signal(pids, name) {
  for (const pid of pids) {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  }
}
