#!/usr/bin/env bash
# Set everything up on a fresh machine, then run the board:
#     bash run.sh [options of `ludo-host board`]
# With no board attached, that is the virtual board in the terminal.
#
# The set-up lives here as functions; test.sh sources this file for them.
# Everything Python goes into .venv/ (or $LUDO_VENV), npm packages into
# node_modules/; Debian packages are installed only when missing. A second
# run installs nothing and takes a moment.
set -Eeuo pipefail
trap 'printf "[setup] error: this step failed: %s (%s line %s)\n" "$BASH_COMMAND" "${BASH_SOURCE[0]##*/}" "$LINENO" >&2' ERR

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VENV="${LUDO_VENV:-$ROOT/.venv}"

say() { printf '[setup] %s\n' "$*" >&2; }
die() { printf '[setup] error: %s\n' "$*" >&2; exit 1; }

as_root() {
    if [ "$(id -u)" = 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        if [ -t 0 ]; then sudo "$@"; else sudo -n "$@"; fi  # never wait for a password nobody can type
    else
        die "root is needed for: $*"
    fi
}

# apt_install PACKAGE... : installs the Debian packages not installed yet.
apt_install() {
    local missing=() pkg
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'ok installed' || missing+=("$pkg")
    done
    [ "${#missing[@]}" -eq 0 ] && return 0
    command -v apt-get >/dev/null 2>&1 || die "missing system packages (${missing[*]}) and no apt-get: install them by hand"
    say "apt-get install ${missing[*]}"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# python_setup [EXTRAS] : creates the venv and installs this project editable,
# with the extras given (e.g. "test"). Skipped when pyproject.toml and the set
# of packages are unchanged since the last install of the same extras.
python_setup() {
    local extras="${1:-}" py="${PYTHON:-python3}" stamp key spec
    command -v "$py" >/dev/null 2>&1 || die "$py not found: install Python 3.11 or newer"
    "$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
        || die "Python 3.11 or newer is needed ($py is $("$py" -V 2>&1))"
    if [ ! -x "$VENV/bin/python" ]; then
        "$py" -c 'import ensurepip, venv' 2>/dev/null || apt_install python3-venv
        say "creating $VENV"
        "$py" -m venv "$VENV"
    fi
    stamp="$VENV/.ludo-installed"
    # The editable install maps the packages present at install time: a
    # package added later (firmware/ludo) needs a reinstall too.
    key="$({ cat "$ROOT/pyproject.toml"; ls -d "$ROOT"/firmware/*/__init__.py "$ROOT"/host/*/__init__.py 2>/dev/null || true; } \
        | sha256sum | cut -c1-16)"
    # A line "<key> <extras>" means: installed with those extras. Any line
    # with the current key covers a plain install.
    if [ -f "$stamp" ] && { grep -qx "$key $extras" "$stamp" || { [ -z "$extras" ] && grep -q "^$key " "$stamp"; }; }; then
        return 0
    fi
    spec="$ROOT"
    [ -n "$extras" ] && spec="$ROOT[$extras]"
    say "pip install -e .${spec#"$ROOT"} (into $VENV)"
    "$VENV/bin/python" -m pip install -qq --disable-pip-version-check -e "$spec"
    if [ -f "$stamp" ]; then grep "^$key " "$stamp" || true; fi > "$stamp.new"
    echo "$key $extras" >> "$stamp.new"
    mv "$stamp.new" "$stamp"
}

# node_setup : Node.js and the npm packages pinned in package-lock.json.
node_setup() {
    local stamp="$ROOT/node_modules/.ludo-installed" key
    command -v npm >/dev/null 2>&1 || apt_install nodejs npm
    key="$(sha256sum < "$ROOT/package-lock.json" | cut -c1-16)"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ]; then
        return 0
    fi
    say "npm ci"
    (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    echo "$key" > "$stamp"
}

run_main() {
    python_setup ""
    exec "$VENV/bin/ludo-host" board "$@"
}

# Run only when executed, not when sourced by test.sh.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
    run_main "$@"
fi
