#!/usr/bin/env bash
# Installs what building for the browser and its tests need on Debian 12, as root:
# - rustc-web, cargo-web, rust-web-src, lld-22: a Rust that builds the standard library for
#   wasm32-unknown-unknown (rustup's own targets cannot be downloaded on our machines);
# - chromium, chromium-driver: the real browser the tests drive headlessly;
# - python3-venv: web/.venv with the pinned selenium of web/requirements.txt.
# web/build.sh installs the wasm-bindgen CLI itself.
set -euo pipefail

web=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PACKAGES=(rustc-web cargo-web rust-web-src lld-22 chromium chromium-driver python3-venv)

missing=()
for package in "${PACKAGES[@]}"; do
    if [[ "$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null)" != installed ]]; then
        missing+=("$package")
    fi
done
if ((${#missing[@]} > 0)); then
    echo "web/setup.sh: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # rustc-web and lld-22 come from bookworm's security updates: the lists must be fresh.
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [[ ! -x "$web/.venv/bin/python" ]]; then
    python3 -m venv "$web/.venv"
fi
"$web/.venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$web/requirements.txt"
