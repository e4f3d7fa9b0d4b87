#!/usr/bin/env bash
# Assembles Pegsol.app from a release build, on a Mac: Info.plist, the binary, the icon.
# Usage: packaging/macos/make-app.sh   (writes target/macos/Pegsol.app; honours CARGO_TARGET_DIR)
# Not verified on macOS (the project has no Mac); the bundle is not signed or notarised.
set -euo pipefail
cd "$(dirname "$0")/../.."
target=${CARGO_TARGET_DIR:-target}
if [ "${SKIP_BUILD:-}" != 1 ]; then
    cargo build --release
fi
app="$target/macos/Pegsol.app"
rm -rf "$app"
mkdir -p "$app/Contents/MacOS" "$app/Contents/Resources"
cp packaging/macos/Info.plist "$app/Contents/Info.plist"
cp "$target/release/pegsol" "$app/Contents/MacOS/pegsol"
cp assets/icon.icns "$app/Contents/Resources/pegsol.icns"
echo "$app"
