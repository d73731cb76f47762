#!/usr/bin/env bash
# Installs a Debian package the test suite needs, unless a file it provides is already there.
# Usage: tools/ensure-debian-package.sh PACKAGE FILE_GLOB
#   postgresql '/usr/lib/postgresql/*/bin/initdb'  (the throwaway databases, tests/pgserver.py)
#   chromium   /usr/bin/chromium                   (the browser tests, tests/web)
# Idempotent; says nothing when the package is installed.
set -euo pipefail
package=$1
provides=$2

if compgen -G "$provides" >/dev/null; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-debian-package: no $provides and no apt-get to install Debian's $package" \
        "package; install it by hand" >&2
    exit 1
fi

if [[ $(id -u) -eq 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "ensure-debian-package: installing $package needs root, and this user ($(id -un))" \
        "is not root and has no sudo; run: apt-get install $package (as root)" >&2
    exit 1
fi

echo "ensure-debian-package: installing Debian's $package package for the tests" >&2
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "$package" >/dev/null

if ! compgen -G "$provides" >/dev/null; then
    echo "ensure-debian-package: $package installed, but no $provides" >&2
    exit 1
fi
