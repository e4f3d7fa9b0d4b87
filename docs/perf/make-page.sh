#!/usr/bin/env bash
# Writes docs/performance.md from one run of the benchmarks on this machine.
#
#   docs/perf/make-page.sh                    # every case of `cargo bench --bench solvers`
#   docs/perf/make-page.sh classic exact      # only these engines (or layouts), one bench run each
#
# The page gets: the machine (processor, cores, memory, load average when the run began), the
# commands, the bench's table, two ratios measured within this run (tracing against the plain
# search, `cargo bench --bench trace`; Pegsol against the assignment's C code, compiled with
# gcc and run interleaved with it, each timed by /usr/bin/time), then the races against other
# solvers and the history, both kept by hand in docs/perf/peers.md and docs/perf/history.md.
# Needs cargo, gcc and /usr/bin/time (Debian: `apt-get install gcc time`).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
page="docs/performance.md"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rounds="${PEGSOL_PERF_ROUNDS:-9}"

for tool in cargo gcc /usr/bin/time; do
    command -v "$tool" >/dev/null 2>&1 || { echo "make-page.sh: $tool is not installed" >&2; exit 1; }
done

started="$(date -u '+%Y-%m-%d %H:%M UTC')"
load="$(cut -d' ' -f1-3 /proc/loadavg)"
cpu="$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
cores="$(nproc)"
memory="$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)"
rustc="$(rustc --version)"
commit="$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"

# The solver benchmarks: one bench run per filter (the bench takes one), or all cases.
echo "== cargo bench --bench solvers $*" >&2
if [ "$#" -eq 0 ]; then
    cargo bench --bench solvers >"$work/solvers.md"
    solvers_command="cargo bench --bench solvers"
else
    : >"$work/solvers.md"
    for filter in "$@"; do
        cargo bench --bench solvers "$filter" >"$work/one.md"
        if [ ! -s "$work/solvers.md" ]; then
            cat "$work/one.md" >"$work/solvers.md"
        else
            tail -n +3 "$work/one.md" >>"$work/solvers.md"
        fi
    done
    solvers_command="$(printf 'cargo bench --bench solvers %s; ' "$@" | sed 's/; $//')"
fi
only=""
if [ "$#" -gt 0 ]; then
    only="Only the cases of these engines were run: \`cargo bench --bench solvers\` with no
filter runs every case, the advisor's and the diamond's too."
fi

# Tracing against the plain search, rounds interleaved (the bench's own ratio line).
echo "== cargo bench --bench trace -- 5 1200000 $rounds" >&2
cargo bench --bench trace -- 5 1200000 "$rounds" >"$work/trace.md"

# Pegsol against the assignment's C code, interleaved, each run timed by /usr/bin/time.
echo "== pegsol 5 AI 1200000 against the C reference, $rounds rounds" >&2
gcc -O3 -o "$work/assignment" benches/reference/assignment.c
pegsol="${CARGO_TARGET_DIR:-$root/target}/release/pegsol"
(cd "$work" && for _ in $(seq "$rounds"); do
    /usr/bin/time -f '%e %M' -o c.time -a "$work/assignment" 5 AI 1200000 >/dev/null
    /usr/bin/time -f '%e %M' -o p.time -a "$pegsol" 5 AI 1200000 >/dev/null
done)
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
c_wall="$(cut -d' ' -f1 "$work/c.time" | median)"
p_wall="$(cut -d' ' -f1 "$work/p.time" | median)"
c_mem="$(cut -d' ' -f2 "$work/c.time" | median)"
p_mem="$(cut -d' ' -f2 "$work/p.time" | median)"
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.3f", a / b; else print "n/a" }'; }

{
    cat <<EOF
# Performance

<!-- Written by docs/perf/make-page.sh from one run of the benchmarks; edit
docs/perf/peers.md (the races), docs/perf/history.md (the history) or the script, not this
file. -->

What Pegsol's solvers cost, measured in one run on one machine, with the commands that measure
it again. Timings vary run to run (10-30% on a shared machine), so comparisons are made as
ratios of runs interleaved in the same session; counts (expanded, generated, positions,
results) do not vary.

## This run

- **When**: $started, commit \`$commit\`
- **Machine**: $cpu, $cores cores, $memory of memory; load average $load when the run began
- **Build**: $rustc, \`cargo bench\` (the release profile)
- **Commands**: \`$solvers_command\`, then \`cargo bench --bench trace -- 5 1200000 $rounds\`,
  then the C reference race below; all three from \`docs/perf/make-page.sh\`

## The solvers

Each case runs in its own process; "peak MiB" is that process's peak resident memory (Linux
\`VmHWM\`). For the exact solver, "expanded" counts positions searched forward. $only

EOF
    cat "$work/solvers.md"
    cat <<EOF

## Ratios measured in this run

**Tracing against the plain search.** \`pegsol trace 5 --budget 1200000 > /dev/null\` against
\`pegsol 5 AI 1200000\`, $rounds rounds interleaved (\`cargo bench --bench trace -- 5 1200000
$rounds\`):

EOF
    cat "$work/trace.md"
    cat <<EOF

**Against the assignment's C code.** \`benches/reference/assignment.c\` is the assignment's
search in the shape of its base code (a 9x9 byte field per state, a \`malloc\`'d node per
child, a chained hash table of the 81-byte boards); it prints the assignment's exact counts
for level 5 (1,090,275 expanded, 4,898,609 generated). Built and raced, $rounds rounds
interleaved (gcc and \`/usr/bin/time\` are Debian's \`gcc\` and \`time\` packages):

\`\`\`sh
sudo apt-get install gcc time
gcc -O3 -o assignment benches/reference/assignment.c
/usr/bin/time -f '%e %M' ./assignment 5 AI 1200000
/usr/bin/time -f '%e %M' pegsol 5 AI 1200000
\`\`\`

| program | median wall s | median peak KiB |
|---|---|---|
| C reference, \`gcc -O3\` | $c_wall | $c_mem |
| \`pegsol 5 AI 1200000\` | $p_wall | $p_mem |
| **ratio pegsol / C** | **$(ratio "$p_wall" "$c_wall")** | **$(ratio "$p_mem" "$c_mem")** |

(\`/usr/bin/time\` gives wall time to the hundredth of a second: at these times the ratio is
coarse; more rounds, \`PEGSOL_PERF_ROUNDS=21 docs/perf/make-page.sh\`, steady it.)

## Measuring one thing again

\`\`\`sh
cargo bench --bench solvers exact        # one engine (or one layout: cargo bench --bench solvers english)
cargo bench --bench trace -- 6 30000000 3
cargo build --release
/usr/bin/time -v target/release/pegsol count french     # wall time and "Maximum resident set size"
/usr/bin/time -v target/release/pegsol experiment
\`\`\`

To compare two builds, run them interleaved rather than one after the other; hyperfine
(\`cargo install hyperfine --locked\`) does that and prints the ratio:

\`\`\`sh
hyperfine --warmup 1 --runs 10 'old/pegsol 5 AI 1200000' 'target/release/pegsol 5 AI 1200000'
\`\`\`

EOF
    cat docs/perf/peers.md docs/perf/history.md
} >"$page"
echo "make-page.sh: wrote $page" >&2
