#!/usr/bin/env bash
# docs/performance.md's cost model: what a turn taken costs the chargrid tutorial, Umbra and
# Umbra's floor on the tutorial's own levels and inputs (run.sh's games), counted by callgrind
# with its cache and branch simulation: instructions, first-level instruction and data cache
# misses, last-level data misses and mispredicted branches. Each side's games are also made
# without being played and those counts subtracted, so what is left is the turns alone.
#   SIDES='umbra' tools/tutorial-vs-umbra/cost-model.sh [width...]   (default: every side; 40 80 160)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
TUTORIAL_DIR="${TUTORIAL_DIR:-$here/target/tutorial}" "$here/run.sh" build
bin="$here/target/release/tutorial-vs-umbra"
out="$(mktemp -d)"
widths=("${@:-40 80 160}")
counts() { # mode width -> "turns Ir I1mr D1m DLm Bm"
    local file="$out/$1.$2"
    local turns
    turns=$(valgrind --tool=callgrind --cache-sim=yes --branch-sim=yes \
        --callgrind-out-file="$file" "$bin" "$1" 1 "$2" 2>/dev/null |
        awk -F'|' '/x[0-9]/ { split($13, t, ";"); print t[1] + t[2] + t[3] }')
    awk -v turns="$turns" '/^events:/ { for (i = 2; i <= NF; i++) name[$i] = i }
        /^summary:/ { print turns, $name["Ir"], $name["I1mr"], $name["D1mr"] + $name["D1mw"],
            $name["DLmr"] + $name["DLmw"], $name["Bcm"] + $name["Bim"] }' "$file"
}
echo "| size | turn of | instructions | I1 misses | D1 misses | LL data misses | mispredicted branches | turns |"
echo "|---|---|---|---|---|---|---|---|"
for w in ${widths[@]}; do
    for side in ${SIDES:-tutorial umbra floor}; do
        read -r turns ir i1 d1 ll br < <(counts "$side" "$w")
        read -r _ sir si1 sd1 sll sbr < <(counts "$side-setup" "$w")
        awk -v w="$w" -v side="$side" -v n="$turns" -v a="$ir $i1 $d1 $ll $br" \
            -v b="$sir $si1 $sd1 $sll $sbr" 'BEGIN { split(a, x, " "); split(b, y, " ");
            printf "| %s | %s |", w, side
            for (i = 1; i <= 5; i++) printf " %.0f |", (x[i] - y[i]) / n
            printf " %d |\n", n }'
    done
done
rm -rf "$out"
