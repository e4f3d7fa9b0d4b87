#!/usr/bin/env bash
# Builds Pegsol's Debian package end to end: installs cargo-deb if it is missing, builds the
# release binary, packs it with the desktop entry, AppStream metainfo, MIME type and icons
# (see [package.metadata.deb] in Cargo.toml), the manual page and the shell completions (made
# by the binary itself, `pegsol generate`, into packaging/generated/) and the user guide
# (docs/guide/src), and prints the .deb's path on the last line.
# Usage: packaging/build-deb.sh        (from anywhere; honours CARGO_TARGET_DIR)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
    echo "build-deb: cargo is not installed; Pegsol needs a Rust toolchain (rustup)" >&2
    exit 1
fi
if ! cargo deb --version >/dev/null 2>&1; then
    echo "== cargo install cargo-deb --locked"
    cargo install cargo-deb --locked
fi

echo "== cargo build --release"
cargo build --release
echo "== the manual page and the shell completions: pegsol generate"
pegsol="${CARGO_TARGET_DIR:-target}/release/pegsol"
mkdir -p packaging/generated
"$pegsol" generate man | gzip -9n >packaging/generated/pegsol.1.gz
"$pegsol" generate bash >packaging/generated/pegsol.bash
"$pegsol" generate zsh >packaging/generated/_pegsol
"$pegsol" generate fish >packaging/generated/pegsol.fish
echo "== cargo deb --no-build"
# --no-build: the binary was just built; --no-strip would keep symbols (release has no debug info).
out=$(cargo deb --no-build)
deb=$(printf '%s\n' "$out" | tail -n 1)
if [ ! -s "$deb" ]; then
    echo "build-deb: cargo deb did not produce a package (it said: $out)" >&2
    exit 1
fi
ls -l "$deb" >&2
echo "$deb"
