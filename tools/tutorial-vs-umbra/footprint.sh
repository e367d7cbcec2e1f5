#!/usr/bin/env bash
# docs/performance.md's code footprint of a turn: which 64-byte lines of machine code a turn taken
# runs, for the chargrid tutorial, Umbra and Umbra's floor on run.sh's games. callgrind counts
# every instruction of the turns alone (`play_<side>`, out of line for this) by its address; a
# line is in a turn's footprint in the share of turns that run it: its most-run instruction's
# count over the turns, and never more than its function's calls over the turns (a line run a
# thousand times in one scan is one line of that turn). A first-level instruction cache holds
# 32 KB (512 lines): a turn whose code is larger is fetched again from the next level each turn.
#   SIDES='umbra' tools/tutorial-vs-umbra/footprint.sh [width] [functions shown]   (default 40, 25)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
TUTORIAL_DIR="${TUTORIAL_DIR:-$here/target/tutorial}" "$here/run.sh" build
bin="$here/target/release/tutorial-vs-umbra"
out="$(mktemp -d)"
width="${1:-40}"
shown="${2:-25}"
for side in ${SIDES:-tutorial umbra floor}; do
    file="$out/$side"
    turns=$(valgrind --tool=callgrind --dump-instr=yes \
        --toggle-collect="tutorial_vs_umbra::play_$side" \
        --callgrind-out-file="$file" "$bin" "$side" 1 "$width" 2>/dev/null |
        awk -F'|' '/x[0-9]/ { split($13, t, ";"); print t[1] + t[2] + t[3] }')
    echo "## $side at ${width} wide, $turns turns taken"
    awk -v turns="$turns" -v shown="$shown" '
        # mawk has no strtonum: hexadecimal by hand, decimal as awk reads it.
        function number(text,    n, i, digit) {
            if (text !~ /^0x/) return text + 0
            n = 0
            for (i = 3; i <= length(text); i++) {
                digit = index("0123456789abcdef", tolower(substr(text, i, 1))) - 1
                n = n * 16 + digit
            }
            return n
        }
        function named(text, table,    id, rest) {
            id = text; sub(/\).*/, "", id); sub(/^\(/, "", id)
            rest = text; sub(/^\([0-9]+\) ?/, "", rest)
            if (rest != "") table[id] = rest
            return table[id]
        }
        /^fn=/ { fn = named(substr($0, 4), names); next }
        /^cfn=/ { callee = named(substr($0, 5), names); next }
        /^calls=/ { split(substr($0, 7), c, " "); calls[callee] += c[1]; skip = 1; next }
        /^(0x|\+|-|\*)/ {
            a = $1
            if (a ~ /^0x/) addr = number(a)
            else if (a ~ /^\+/) addr = last + number(substr(a, 2))
            else if (a ~ /^-/) addr = last - number(substr(a, 2))
            last = addr
            if (skip) { skip = 0; next }
            count[addr] += $3
            if (!(addr in owner)) owner[addr] = fn
        }
        END {
            for (addr in count) {
                line = int(addr / 64)
                if (count[addr] > most[line]) { most[line] = count[addr]; of[line] = owner[addr] }
            }
            for (line in most) {
                share = most[line] / turns
                f = of[line]
                if (f in calls && calls[f] / turns < share) share = calls[f] / turns
                if (share > 1) share = 1
                total += share; lines++
                if (most[line] * 2 >= turns) often++
                by[f] += share
            }
            printf "code run: %d lines (%.1f KB); a turn runs %.0f lines (%.1f KB) on average; %d lines run in half the turns or more\n\n", lines, lines / 16, total, total / 16, often
            print "| lines a turn | calls a turn | function |"
            print "|---|---|---|"
            n = 0
            for (f in by) { order[++n] = f }
            for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
                if (by[order[j]] > by[order[i]]) { t = order[i]; order[i] = order[j]; order[j] = t }
            for (i = 1; i <= n && i <= shown; i++)
                printf "| %.1f | %.2f | %s |\n", by[order[i]], calls[order[i]] / turns, substr(order[i], 1, 110)
            print ""
        }' "$file"
done
rm -rf "$out"
