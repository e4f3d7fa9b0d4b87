#!/usr/bin/env bash
# Checks the .deb the way a user would meet it, on a clean Debian: debootstraps a minimal
# Debian (the host's release, from the host's mirror) into a folder, installs the package with
# apt there with --no-install-recommends (so its Depends alone must be enough to run; plus
# xvfb, desktop-file-utils and shared-mime-info for the check itself), checks that apt can
# resolve its Recommends (a file-dialog backend), then inside the chroot:
#   - validates the installed desktop entry and checks the MIME type and icon are registered,
#   - runs `xvfb-run -a pegsol --screenshot /tmp/shot.png --layout english`,
#   - opens a .pegsol board by path, as a double-click does: `pegsol FILE --screenshot ...`,
#   - reads the manual page (`man pegsol`) and checks the completions are where shells look,
# and copies the two PNGs out to target/deb-check/. Needs root (debootstrap, chroot) and
# network access to the mirror; takes a few minutes. Not part of CI (.ci/run): too slow.
#
# Usage: packaging/check-deb.sh [PATH.deb]   (default: the newest target/debian/*.deb)
# Env:   CHECK_DIR (default target/deb-check: base/ is the bootstrap, kept and reused; root/ is
#        a fresh copy of it for each run, so every run installs on a clean system),
#        MIRROR (default: the first deb.debian.org-style URI in /etc/apt/sources.list*),
#        SUITE (default: the host's VERSION_CODENAME).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

deb=${1:-$(ls -t "${CARGO_TARGET_DIR:-target}"/debian/*.deb 2>/dev/null | head -n 1 || true)}
if [ -z "$deb" ] || [ ! -s "$deb" ]; then
    echo "check-deb: no .deb given or found; run packaging/build-deb.sh first" >&2
    exit 1
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "check-deb: needs root (debootstrap and chroot); try: sudo $0 $*" >&2
    exit 1
fi
if ! command -v debootstrap >/dev/null 2>&1; then
    apt-get update && apt-get install -y debootstrap
fi

out=${CHECK_DIR:-$(pwd)/target/deb-check}
base=$out/base
root=$out/root
suite=${SUITE:-$(. /etc/os-release && echo "$VERSION_CODENAME")}
if [ -z "${MIRROR:-}" ]; then
    MIRROR=$(grep -rhoE '(URIs:|deb) +https?://[^ ]*/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null \
        | grep -oE 'https?://[^ ]*' | head -n 1 || true)
    MIRROR=${MIRROR:-http://deb.debian.org/debian}
fi
mkdir -p "$out"
echo "== package: $deb ($(stat -c %s "$deb") bytes)"
echo "== clean Debian $suite from $MIRROR in $base, copied to $root"

mounted=()
cleanup() {
    for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do umount -l "${mounted[$i]}" 2>/dev/null || true; done
}
trap cleanup EXIT

if [ ! -f "$base/.bootstrapped" ]; then
    rm -rf "$base"
    debootstrap --variant=minbase "$suite" "$base" "$MIRROR"
    touch "$base/.bootstrapped"
fi
rm -rf "$root"
cp -a "$base" "$root"
for fs in proc sys dev dev/pts; do
    mount --bind "/$fs" "$root/$fs"
    mounted+=("$root/$fs")
done
cp /etc/resolv.conf "$root/etc/resolv.conf"
in_root() { chroot "$root" /usr/bin/env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; }

# Install as a user would (apt pulls the Depends from the mirror), plus the check's own tools.
# No Recommends: the window must run with the Depends alone.
cp "$deb" "$root/tmp/pegsol.deb"
in_root apt-get update -qq
in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    /tmp/pegsol.deb xvfb xauth desktop-file-utils shared-mime-info man-db
echo "== the Suggests resolve (a dry run)"
suggests=$(in_root dpkg-query -W -f '${Suggests}' pegsol)
echo "Suggests: $suggests"
in_root apt-get install -s -q zenity | grep -E '^Inst zenity '
in_root apt-get install -s -q xdg-desktop-portal-gtk | grep -E '^Inst xdg-desktop-portal-gtk '

echo "== installed files"
in_root dpkg -L pegsol | grep -E 'bin/|applications|metainfo|mime/packages|256x256|scalable'
echo "== desktop entry"
in_root desktop-file-validate /usr/share/applications/pegsol.desktop
echo "desktop-file-validate: ok"
echo "== MIME type (shared-mime-info's trigger registered it)"
in_root grep -q 'application/x-pegsol' /usr/share/mime/globs2
in_root grep 'pegsol' /usr/share/mime/globs2
in_root grep -q 'application/x-pegsol=pegsol.desktop' /usr/share/applications/mimeinfo.cache \
    && echo "mimeinfo.cache: application/x-pegsol=pegsol.desktop"

echo "== the window, as a screenshot under Xvfb"
rm -f "$root/tmp/shot.png" "$root/tmp/file-shot.png"
in_root xvfb-run -a -s "-screen 0 1280x800x24" pegsol --screenshot /tmp/shot.png --layout english
cp "$root/tmp/shot.png" "$out/shot-english.png"

echo "== a .pegsol file opened by path (what a double-click runs: pegsol %f)"
cp layouts/triangle.ron "$root/tmp/my-board.pegsol"
in_root xvfb-run -a -s "-screen 0 1280x800x24" pegsol /tmp/my-board.pegsol --screenshot /tmp/file-shot.png
cp "$root/tmp/file-shot.png" "$out/shot-file.png"

echo "== the manual page, as man shows it"
# Written whole, then shown in part: `| tee | head` would end man with SIGPIPE (status 141
# under pipefail) once head had its lines.
in_root env MANPAGER=cat MANWIDTH=80 man pegsol >"$out/man-pegsol.txt"
head -n 12 "$out/man-pegsol.txt"
grep -q 'peg solitaire studio' "$out/man-pegsol.txt"
echo "== the shell completions and the guide"
in_root ls -l /usr/share/bash-completion/completions/pegsol /usr/share/zsh/vendor-completions/_pegsol \
    /usr/share/fish/vendor_completions.d/pegsol.fish /usr/share/doc/pegsol/guide/SUMMARY.md

ls -l "$out"/shot-*.png
echo "== disk used by the installed system: $(du -sxh "$root" | cut -f1) (the bare bootstrap: $(du -sxh "$base" | cut -f1))"
echo "== check-deb: passed in $(($(date +%s) - started)) s"
