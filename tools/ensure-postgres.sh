#!/usr/bin/env bash
# Installs Debian's PostgreSQL server for the test suite's throwaway databases (tests/pgserver.py),
# unless one is already there. Idempotent; says nothing when PostgreSQL is installed.
set -euo pipefail

if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-postgres: no /usr/lib/postgresql/*/bin/initdb and no apt-get to install" \
        "Debian's postgresql package; install PostgreSQL's server by hand" >&2
    exit 1
fi

if [[ $(id -u) -eq 0 ]]; then
    as_root=()
elif command -v sudo >/dev/null 2>&1; then
    as_root=(sudo)
else
    echo "ensure-postgres: installing PostgreSQL needs root, and this user ($(id -un))" \
        "is not root and has no sudo; run: apt-get install postgresql (as root)" >&2
    exit 1
fi

echo "ensure-postgres: installing Debian's postgresql package for the tests" >&2
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends postgresql >/dev/null

if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    echo "ensure-postgres: postgresql installed, but no /usr/lib/postgresql/*/bin/initdb" >&2
    exit 1
fi
