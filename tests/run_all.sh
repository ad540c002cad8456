#!/usr/bin/env bash
# Half Moon: the whole test suite. `npm test` runs it (README command two); .ci/run runs that.
# Installs what it needs (a .venv with the test tools, Debian's browsers and web servers when
# root, the npm packages, wrangler among them), builds dist/, lints, then runs the unit tests with branch coverage and the
# browser tests. Exits non-zero on any failure, including a pytest run that collects no test.
# The test steps share the cores (docs/testing.md, "Time"): the smoke tests (Firefox and WebKit
# side by side) run in the background beside the unit tests (pytest-xdist, one worker per core:
# $HALFMOON_TEST_WORKERS), and the Chromium tests start once both are done, in two workers
# ($HALFMOON_E2E_WORKERS). Each step's time is printed at the end, with the load average.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

step() { printf '\n== %s\n' "$*"; }
die() { printf 'run_all.sh: %s\n' "$*" >&2; exit 1; }
load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime; }

# timed NAME COMMAND...: run COMMAND, keep "NAME: N s" (with the load average) for the summary.
times=()
timed() {
  local name=$1 t0=$SECONDS code; shift
  "$@"; code=$?
  times+=("$name: $((SECONDS - t0)) s (load average $(load))")
  return "$code"
}

step "Python environment (.venv)"
if [ ! -x .venv/bin/python ]; then
  "${PYTHON:-python3}" -m venv .venv || die "could not create .venv"
fi
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e '.[test]' \
  || die "pip install -e '.[test]' failed"

step "Browsers (Debian packages: chromium, firefox-esr, webkit2gtk-driver, xvfb)"
# Chromium runs the main browser suite (e2e/, Playwright); Firefox ESR and WebKitGTK's
# MiniBrowser (driven by WebKitWebDriver on Xvfb) run the smoke tests (e2e/smoke/), which skip
# a browser whose binaries are missing. Nothing downloads a browser build of its own.
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/firefox-esr ] || missing+=(firefox-esr)
[ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
[ -x /usr/bin/Xvfb ] || missing+=(xvfb)
if [ "${#missing[@]}" -eq 0 ]; then
  echo "all installed"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's ${missing[*]}"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"; } \
    >/tmp/halfmoon-apt.log 2>&1 || echo "warning: apt-get install ${missing[*]} failed (see /tmp/halfmoon-apt.log)"
else
  echo "not root or no apt-get: not installing ${missing[*]}; tests that need them are skipped"
fi
for browser in /usr/bin/chromium /usr/bin/firefox-esr; do
  [ -x "$browser" ] && "$browser" --version 2>/dev/null | head -n 1
done
[ -x /usr/bin/chromium ] || echo "no /usr/bin/chromium: the browser tests use Playwright's own browser, if installed"

step "Web servers (Debian packages: nginx, apache2, caddy)"
# The host matrix (e2e/test_real_hosts.py) and the configuration tests (tests/test_server_configs.py)
# run Debian's servers on 127.0.0.1 with the generated configurations, each as a process the test
# starts and stops; Cloudflare's runtime (wrangler) comes with npm ci. The packages' own services
# are not started on install: a policy-rc.d that refuses (exit 101) is in place meanwhile.
servers=()
[ -x /usr/sbin/nginx ] || servers+=(nginx)
[ -x /usr/sbin/apache2 ] || servers+=(apache2)
[ -x /usr/bin/caddy ] || servers+=(caddy)
if [ "${#servers[@]}" -eq 0 ]; then
  echo "all installed"
elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "installing Debian's ${servers[*]} (their services not started)"
  policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    policy=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\n# tests/run_all.sh: no service starts while it installs web servers\nexit 101\n' >"$policy"
    chmod 755 "$policy"
  fi
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 \
      install -y -qq "${servers[@]}"; } >>/tmp/halfmoon-apt.log 2>&1 \
    || echo "warning: apt-get install ${servers[*]} failed (see /tmp/halfmoon-apt.log)"
  [ -z "$policy" ] || rm -f "$policy"
else
  echo "not root or no apt-get: not installing ${servers[*]}; the tests that run them are skipped"
fi

step "npm ci"
npm ci --no-audit --no-fund --loglevel=error || die "npm ci failed"

step "build dist/"
.venv/bin/python web/build.py || die "build failed"

status=0
step "ruff check . && ruff format --check ."
.venv/bin/ruff check . || status=1
.venv/bin/ruff format --check . || status=1

# No step may hang the run (docs/testing.md, "A test that hangs"): each test step is stopped
# after $HALFMOON_STEP_LIMIT seconds (SIGINT first, so pytest prints what it ran), and fails.
step_limit=${HALFMOON_STEP_LIMIT:-2400}
bounded() {
  timeout --signal=INT --kill-after=60 "$step_limit" "$@"
  local code=$?
  if [ "$code" -eq 124 ] || [ "$code" -eq 137 ]; then
    echo "run_all.sh: stopped after $step_limit s: $*" >&2
  fi
  return "$code"
}

# pytest exit codes: 0 = all passed, 5 = no test collected (a failure here), others = failure.
run_pytest() {
  local name=$1; shift
  step "pytest $name"
  bounded .venv/bin/python -m pytest "$@"
  local code=$?
  if [ "$code" -eq 5 ]; then
    echo "run_all.sh: pytest collected no test in $name" >&2
  fi
  return "$code"
}

times+=("set-up (venv, browsers, npm ci, build, ruff): $SECONDS s (load average $(load))")

# The smoke tests start first, in the background: a browser start leaves a core idle while it
# waits, which the unit tests fill. Their output is kept and printed once they end, whole.
smoke_log=$(mktemp)
smoke_start=$SECONDS
bounded npm run --silent test:smoke >"$smoke_log" 2>&1 &
smoke_pid=$!

# The unit tests run in pytest-xdist workers, one per core (--dist loadfile keeps a module on
# one worker: its fixtures, e.g. a build, made once). Beside the smoke tests, one worker or two
# made no difference here (92-99 s against 95 s, clean clones): the smoke tests are the longer.
workers=${HALFMOON_TEST_WORKERS:-auto}
timed "pytest tests/ (beside the smoke tests)" run_pytest tests/ tests -n "$workers" \
  --dist loadfile --cov=halfmoon_core --cov-branch --cov-report=term || status=1

step "smoke (Firefox, WebKit), started beside the unit tests"
wait "$smoke_pid"
smoke_code=$?
cat "$smoke_log"
rm -f "$smoke_log"
times+=("smoke (Firefox, WebKit), from its start: $((SECONDS - smoke_start)) s (load average $(load))")
[ "$smoke_code" -eq 0 ] || status=1

# The browser tests, in two workers by default (--dist loadfile: a module's shared page and warm
# context are made once). One worker: HALFMOON_E2E_WORKERS=1. The slowest are listed
# (--durations): where the run's time goes.
# A test bounded by a time (marked `alone`: the first cards within 600 ms) runs after the
# others, in one process: beside another worker's browser it failed on a loaded machine.
# A browser test that fails is run once more (pytest-rerunfailures): on this shared 2-core
# machine a browser now and then misses a bound it meets on every other run. The rerun is listed
# in the summary (-rR: RERUN, and "rerun" in the counts); a test that fails twice fails the run
# (docs/testing.md, "A test that hangs, a test run twice").
e2e_workers=${HALFMOON_E2E_WORKERS:-2}
reruns=(--reruns "${HALFMOON_E2E_RERUNS:-1}" -rR)
run_e2e() {
  if [ "$e2e_workers" = 1 ]; then
    run_pytest e2e/ e2e --durations=25 "${reruns[@]}"
    return
  fi
  local code=0
  run_pytest "e2e/ in $e2e_workers workers" e2e --durations=25 -n "$e2e_workers" \
    --dist loadfile -m "not alone" "${reruns[@]}" || code=1
  run_pytest "e2e/, the tests bounded by a time, alone" e2e -m alone "${reruns[@]}" || code=1
  return "$code"
}
timed "pytest e2e/" run_e2e || status=1

step "times"
printf '%s\n' "${times[@]}" "whole run: $SECONDS s (load average $(load))"
if [ "$status" -eq 0 ]; then
  step "all tests passed"
else
  step "FAILED (see above)"
fi
exit "$status"
