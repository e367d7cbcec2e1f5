#!/usr/bin/env bash
# Builds Umbra for the browser: web/pkg/ holds the wasm and its JavaScript, next to
# web/index.html. Serve web/ and open index.html (see README.md, "Play in a browser").
#
# Needs a Rust that can build for wasm32-unknown-unknown: a rustup toolchain with that target, or
# Debian's rustc-web + cargo-web + rust-web-src + lld-22 (web/setup.sh installs them), which build
# the standard library for it (-Zbuild-std; RUSTC_BOOTSTRAP lets their stable compiler do it).
# Installs the wasm-bindgen CLI of exactly the version in Cargo.lock if it is missing.
set -euo pipefail

web=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$web")
target_dir="$root/target/web"
wasm="$target_dir/wasm32-unknown-unknown/release/umbra_web.wasm"

# The generated glue and the library must come from the same wasm-bindgen.
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' \
    "$root/Cargo.lock")
if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]]; then
    echo "web/build.sh: installing wasm-bindgen-cli $version (a few minutes, once)"
    # Not --locked: the registry mirror lacks one of its locked dependencies.
    cargo install --quiet wasm-bindgen-cli --version "$version"
fi

export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS='--cfg getrandom_backend="wasm_js"'
build=(build --release --package umbra-web --target wasm32-unknown-unknown
    --target-dir "$target_dir")
sysroot=$(rustc --print sysroot 2>/dev/null || true)
if [[ -d "$sysroot/lib/rustlib/wasm32-unknown-unknown" ]]; then
    cargo "${build[@]}"
elif [[ -x /usr/bin/rustc && -d /usr/lib/rustlib/src/rust/library ]] && command -v wasm-ld-22 >/dev/null; then
    # Debian's toolchain, for this build only.
    PATH="/usr/bin:$PATH" RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-22 \
        /usr/bin/cargo "${build[@]}" -Zbuild-std=std,panic_abort
else
    echo "web/build.sh: no Rust toolchain for wasm32-unknown-unknown; run web/setup.sh (Debian) or" \
        "rustup target add wasm32-unknown-unknown" >&2
    exit 1
fi

wasm-bindgen --target web --no-typescript --out-dir "$web/pkg" "$wasm"
echo "web/build.sh: built $web/pkg ($(du -k "$web/pkg/umbra_web_bg.wasm" | cut -f1) KiB of wasm)"
