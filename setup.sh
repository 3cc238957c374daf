#!/usr/bin/env bash
# Fresh Debian 12 machine -> tbxl installed in .venv (and Node with Pyodide for the xlwings Lite test),
# then the main job on the bundled example:
# standings of the FIDE TEC tie-break exercise in the terminal and as a PDF report (out/standings.pdf).
set -euo pipefail
cd "$(dirname "$0")"
# Another package manager (unattended-upgrades, a second apt-get) may hold apt's lock for a while:
# wait for it, at most APT_WAIT seconds in all, saying so, instead of failing at once (rc 100).
# A loop, not apt's DPkg::Lock::Timeout: that one waits in silence under -qq and does not cover
# the lists lock of apt-get update (apt 2.6), which fails at once.
APT_WAIT="${TBXL_APT_WAIT:-300}"
apt_get() {
  local start=$SECONDS out rc said=""
  while :; do
    rc=0
    out=$($SUDO env DEBIAN_FRONTEND=noninteractive apt-get "$@" 2>&1) || rc=$?
    [ "$rc" -eq 0 ] && return 0
    if grep -qiE "could not get lock|unable to acquire|unable to lock|is another process using it" <<<"$out"; then
      if [ $((SECONDS - start)) -lt "$APT_WAIT" ]; then
        [ -n "$said" ] || echo "setup.sh: another package manager holds apt's lock; waiting for it (at most $APT_WAIT s)" >&2
        said=1
        sleep 5
        continue
      fi
      echo "setup.sh: apt's lock still held after $APT_WAIT s (TBXL_APT_WAIT sets the wait):" >&2
    fi
    printf '%s\n' "$out" >&2
    return "$rc"
  done
}
SUDO=""
PACKAGES="python3 python3-venv libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core poppler-utils chromium"
if command -v apt-get >/dev/null 2>&1; then
  # WeasyPrint needs Pango and HarfBuzz (subset) and a font with Vietnamese and Cyrillic (DejaVu);
  # poppler-utils gives pdftoppm/pdftotext for checking the PDFs; chromium is the headless browser
  # the tests open the web page (tbxl report --html) in. Install only what is missing.
  MISSING=""
  for p in $PACKAGES; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || MISSING="$MISSING $p"
  done
  # Node runs the xlwings Lite test (tests/test_lite.py: main.py in Pyodide); a node or npm of
  # another origin (e.g. NodeSource, which bundles npm) is fine, so look for the commands.
  command -v node >/dev/null 2>&1 || MISSING="$MISSING nodejs"
  command -v npm >/dev/null 2>&1 || MISSING="$MISSING npm"
  if [ -n "$MISSING" ]; then
    if [ "$(id -u)" -ne 0 ]; then
      if ! command -v sudo >/dev/null 2>&1; then
        echo "setup.sh: these system packages are missing:$MISSING" >&2
        echo "setup.sh: ask an administrator to run: apt-get install$MISSING" >&2
        exit 1
      fi
      SUDO="sudo"
    fi
    apt_get update -qq
    # shellcheck disable=SC2086  # one word per package
    apt_get install -y -qq $MISSING >/dev/null
  fi
fi
if [ ! -x .venv/bin/python ]; then python3 -m venv .venv; fi
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[all,test]"
# Pyodide (the Python of xlwings Lite) for tests/test_lite.py, at the versions of package-lock.json,
# into tests/pyodide/node_modules (not committed); skipped when they are already there.
if ! (cd tests/pyodide && npm ls --silent >/dev/null 2>&1); then
  (cd tests/pyodide && npm ci --silent --no-audit --no-fund)
fi
mkdir -p out
.venv/bin/tbxl compute tbxl/examples/held_swiss_5.trf --rules fide-2024
.venv/bin/tbxl report tbxl/examples/held_swiss_5.trf --rules fide-2024 --derivations all -o out/standings.pdf
echo "tbxl is installed in .venv; the example report is out/standings.pdf"
