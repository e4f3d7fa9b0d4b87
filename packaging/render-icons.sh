#!/usr/bin/env bash
# Renders Pegsol's icons from the SVG source, assets/icon.svg:
#   assets/icon-N.png for N in 16 32 48 64 128 256 512 (the window uses icon-256.png; the .deb
#   installs each as usr/share/icons/hicolor/NxN/apps/pegsol.png),
#   assets/icon.ico (Windows: 16-256 in one file) and assets/icon.icns (macOS).
# The outputs are committed, so building never needs these tools; run this after editing the SVG.
# Needs (Debian): librsvg2-bin (rsvg-convert), imagemagick (convert), icnsutils (png2icns);
# it installs them with apt-get when missing and it may (root or sudo).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v rsvg-convert >/dev/null 2>&1 || need+=(librsvg2-bin)
command -v convert >/dev/null 2>&1 || need+=(imagemagick)
command -v png2icns >/dev/null 2>&1 || need+=(icnsutils)
if [ ${#need[@]} -gt 0 ]; then
    sudo=""
    if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
    $sudo apt-get update && $sudo apt-get install -y "${need[@]}"
fi

sizes="16 32 48 64 128 256 512"
for n in $sizes; do
    rsvg-convert --width "$n" --height "$n" --keep-aspect-ratio assets/icon.svg -o "assets/icon-$n.png"
done
# Windows: one .ico with the sizes Explorer and the taskbar ask for (256 is stored as PNG).
convert assets/icon-16.png assets/icon-32.png assets/icon-48.png assets/icon-64.png \
    assets/icon-128.png assets/icon-256.png assets/icon.ico
# macOS: png2icns takes the sizes the .icns format has (16, 32, 48, 128, 256, 512).
png2icns assets/icon.icns assets/icon-16.png assets/icon-32.png assets/icon-48.png \
    assets/icon-128.png assets/icon-256.png assets/icon-512.png >/dev/null
ls -l assets/icon-*.png assets/icon.ico assets/icon.icns
