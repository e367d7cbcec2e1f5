#!/usr/bin/env bash
# The tutorial's own turn against Umbra's on the tutorial's own levels (docs/performance.md,
# "Where it stands" and "The cost model"; cost-model.sh and footprint.sh count the same games).
# Fetches the chargrid roguelike tutorial's part-6-end branch, takes its five rules files as
# they are with two patches (a player of ten million hit points, so the crowd fights on; serde
# derives entity_table's `serialize` feature asks for), builds and runs. The build makes the
# tutorial's side (src/lib.rs) a shared library too, which `ratio` loads, so that Umbra's code
# never moves the tutorial's (`TUTORIAL_LIB` names one kept from an earlier build).
#   tools/tutorial-vs-umbra/run.sh [ratio|umbra|tutorial|floor|pad|pad-jumps] [runs] [width]   (or `build`)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tutorial="${TUTORIAL_DIR:-$here/target/tutorial}"
if [ ! -d "$tutorial/.git" ]; then
    git clone --quiet --branch part-6-end --depth 1 \
        https://github.com/gridbugs/chargrid-roguelike-tutorial-2020 "$tutorial"
fi
for f in behaviour game terrain visibility world; do
    cp "$tutorial/src/$f.rs" "$here/src/$f.rs"
done
sed -i 's/HitPoints::new_full(20)/HitPoints::new_full(10_000_000)/' "$here/src/world.rs"
sed -i 's/^#\[derive(Clone, Copy, Debug)\]/#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]/; s/^#\[derive(Clone, Copy, Debug, PartialEq, Eq)\]/#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]/' "$here/src/world.rs"
cd "$here"
cargo build --release --quiet
[ "${1:-}" = build ] && exit 0
exec ./target/release/tutorial-vs-umbra "$@"
