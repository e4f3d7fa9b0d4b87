#!/usr/bin/env bash
# The guide's pictures, made again from the program itself: run after the window or the
# terminal game changes.
#
#   docs/guide/shots.sh            # builds the release binary, then writes docs/guide/src/images/
#   PEGSOL=/path/to/pegsol docs/guide/shots.sh    # with a binary already built
#
# The window's pictures come from its own screenshot mode (`pegsol --screenshot`), under a
# headless X server (xvfb-run, from the `xvfb` package); the terminal game's capture is an
# 80x24 tmux pane (the `tmux` package). The state folder is a fresh temporary one, so no game
# of yours shows up in them.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
out="docs/guide/src/images"
mkdir -p "$out"

for tool in xvfb-run tmux; do
    command -v "$tool" >/dev/null 2>&1 || { echo "shots.sh: $tool is not installed" >&2; exit 1; }
done

# PEGSOL=path/to/pegsol uses that binary instead of building one.
if [ -z "${PEGSOL:-}" ]; then
    cargo build --release
fi
pegsol="${PEGSOL:-${CARGO_TARGET_DIR:-$root/target}/release/pegsol}"
state="$(mktemp -d)"
trap 'rm -rf "$state"' EXIT
export XDG_DATA_HOME="$state/data" XDG_CACHE_HOME="$state/cache"

shot() {  # shot NAME ARGS...: one PNG of the window
    local name="$1"
    shift
    echo "== $name.png: pegsol --screenshot $out/$name.png $*"
    # Tried three times: xvfb-run -a can lose its display number to another X server
    # starting at the same moment.
    for try in 1 2 3; do
        if xvfb-run -a -s "-screen 0 1280x800x24" "$pegsol" --screenshot "$out/$name.png" \
            --size "${size:-1200x760}" "$@"; then
            return 0
        fi
        echo "shots.sh: $name.png failed (try $try of 3)" >&2
        sleep 2
    done
    return 1
}

shot window-english --layout english
shot window-solved --layout 5 --solve --step 10
shot window-fewest-moves --layout triangle --solve --solve-fewest-moves --step 10
shot window-hint --layout 6 --hint
shot window-random --layout english --random 42 --pegs 17
shot editor --editor --layout triangle
size=1400x900 shot experiments --experiments
# The first jump of the English board's solution, held at four points of its slide (the
# animation frame by frame): the board alone.
size=1000x640 shot jump-0 --layout english --solve --step 1 --mid-jump 0 --board-only
size=1000x640 shot jump-0.33 --layout english --solve --step 1 --mid-jump 0.33 --board-only
size=1000x640 shot jump-0.67 --layout english --solve --step 1 --mid-jump 0.67 --board-only
size=1000x640 shot jump-1 --layout english --solve --step 1 --mid-jump 1 --board-only

# The Search view has no screenshot mode of its own: its pictures were taken by driving the
# window with xdotool, and are kept in assets/ with the README's.
cp assets/search-view.png assets/search-compare.png assets/search-exact.png "$out/"

# The terminal game, 80x24, the English board after one jump and a hint (h).
echo "== terminal-english.txt: pegsol play english in an 80x24 tmux pane"
session="pegsol-shots-$$"
tmux new-session -d -s "$session" -x 80 -y 24 \
    "env -u DISPLAY -u WAYLAND_DISPLAY XDG_DATA_HOME='$XDG_DATA_HOME' LANG=C.UTF-8 NO_COLOR=1 '$pegsol' play english"
sleep 1
# The cursor starts on d4: up to d2, pick it up, jump down (d2 over d3 to d4), then a hint.
for key in Up Up Enter Down; do tmux send-keys -t "$session" "$key"; sleep 0.2; done
tmux send-keys -t "$session" h
sleep 3
tmux capture-pane -p -t "$session" > "$out/terminal-english.txt"
tmux send-keys -t "$session" q
sleep 0.5
tmux kill-session -t "$session" 2>/dev/null || true
echo "shots.sh: wrote $(ls "$out" | wc -l) files to $out"
