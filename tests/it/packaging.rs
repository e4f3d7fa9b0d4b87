//! Guards the packaging files against drifting apart: one app id for the window, the desktop
//! entry's name and `StartupWMClass`, the AppStream id and launchable; one MIME type in the
//! desktop entry, the shared-mime-info XML and the metainfo; every asset the `.deb` lists
//! exists (icons at the size their folder says); the declared file type opens; and, when
//! `desktop-file-validate` is installed, the desktop entry passes it. Cheap: no build, no
//! network. (The slow end-to-end check is `packaging/check-deb.sh`.)

use pegsol_testkit::tools;

use pegsol_testkit::scratch;

use pegsol_app::APP_ID;
use scratch::Scratch;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn desktop_path() -> String {
    format!("packaging/linux/{APP_ID}.desktop")
}

/// The value of `key=` in the desktop entry's main group.
fn desktop_key(text: &str, key: &str) -> Option<String> {
    text.lines()
        .find_map(|l| l.strip_prefix(&format!("{key}=")))
        .map(str::to_string)
}

/// Every `<tag ...>value</tag>` value in an XML text (enough for these small files).
fn xml_values(text: &str, open: &str, close: &str) -> Vec<String> {
    text.split(open)
        .skip(1)
        .filter_map(|rest| rest.split(close).next())
        .map(|v| v.trim().to_string())
        .collect()
}

/// The `(source, destination)` pairs of `assets = [...]` under `[package.metadata.deb]`.
fn deb_assets() -> Vec<(String, String)> {
    let toml = read("Cargo.toml");
    let section = toml
        .split("[package.metadata.deb]")
        .nth(1)
        .expect("Cargo.toml has [package.metadata.deb]");
    let list = section
        .split("assets = [")
        .nth(1)
        .and_then(|s| s.split("\n]").next())
        .expect("the deb metadata lists assets");
    list.lines()
        .filter_map(|line| {
            let quoted: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
            (quoted.len() >= 2).then(|| (quoted[0].to_string(), quoted[1].to_string()))
        })
        .collect()
}

/// Width and height from a PNG's header.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&bytes[1..4], b"PNG", "{} is not a PNG", path.display());
    let be =
        |at: usize| u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
    (be(16), be(20))
}

#[test]
fn one_app_id_everywhere() {
    let desktop = read(&desktop_path());
    assert_eq!(
        desktop_key(&desktop, "StartupWMClass").as_deref(),
        Some(APP_ID)
    );
    assert_eq!(desktop_key(&desktop, "Icon").as_deref(), Some(APP_ID));
    let exec = desktop_key(&desktop, "Exec").expect("Exec=");
    assert_eq!(
        exec, "pegsol %f",
        "a double-click passes one file to `pegsol FILE`"
    );

    let metainfo = read(&format!("packaging/linux/{APP_ID}.metainfo.xml"));
    assert_eq!(xml_values(&metainfo, "<id>", "</id>"), [APP_ID]);
    assert_eq!(
        xml_values(
            &metainfo,
            "<launchable type=\"desktop-id\">",
            "</launchable>"
        ),
        [format!("{APP_ID}.desktop")]
    );
    assert_eq!(xml_values(&metainfo, "<binary>", "</binary>"), ["pegsol"]);

    let plist = read("packaging/macos/Info.plist");
    assert!(
        plist.contains("<string>pegsol</string>"),
        "the bundle runs `pegsol`"
    );
}

#[test]
fn the_mime_type_agrees_everywhere() {
    let desktop = read(&desktop_path());
    let listed: Vec<String> = desktop_key(&desktop, "MimeType")
        .expect("MimeType=")
        .split(';')
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let xml = read(&format!("packaging/linux/{APP_ID}.xml"));
    let declared = xml_values(&xml, "<mime-type type=\"", "\"");
    assert_eq!(
        listed, declared,
        "desktop MimeType= vs the shared-mime-info XML"
    );
    assert!(xml.contains("<glob pattern=\"*.pegsol\"/>"));
    let metainfo = read(&format!("packaging/linux/{APP_ID}.metainfo.xml"));
    assert_eq!(
        xml_values(&metainfo, "<mediatype>", "</mediatype>"),
        declared
    );
    let plist = read("packaging/macos/Info.plist");
    for mime in &declared {
        assert!(plist.contains(mime.as_str()), "Info.plist declares {mime}");
    }
}

#[test]
fn every_deb_asset_exists_and_icons_have_their_size() {
    let assets = deb_assets();
    assert!(assets.len() >= 10, "{assets:?}");
    for (source, dest) in &assets {
        if source.starts_with("target/") {
            // The binary: built by `cargo build --release` before `cargo deb`.
            assert_eq!(dest, "usr/bin/");
            continue;
        }
        if let Some(name) = source.strip_prefix("packaging/generated/") {
            // Made by build-deb.sh from the binary (`pegsol generate`) before `cargo deb`.
            assert!(
                read("packaging/build-deb.sh").contains(&format!("packaging/generated/{name}")),
                "build-deb.sh does not make {source}"
            );
            continue;
        }
        if let Some((folder, pattern)) = source.rsplit_once("/*") {
            // A glob (the guide's chapters and pictures): it matches files, for a folder.
            let matched = std::fs::read_dir(root().join(folder))
                .unwrap_or_else(|e| panic!("{folder}: {e}"))
                .flatten()
                .filter(|e| e.path().is_file())
                .filter(|e| e.file_name().to_string_lossy().ends_with(pattern))
                .count();
            assert!(matched > 0, "{source} matches no file");
            assert!(dest.ends_with('/'), "{source} goes to a folder, not {dest}");
            continue;
        }
        let path = root().join(source);
        assert!(path.is_file(), "{source} (for {dest}) is missing");
        if let Some(size) = dest
            .strip_prefix("usr/share/icons/hicolor/")
            .and_then(|rest| rest.split('/').next())
            .and_then(|dir| dir.split_once('x'))
        {
            let n: u32 = size.0.parse().expect("NxN");
            assert_eq!(png_size(&path), (n, n), "{source} goes to {dest}");
            assert!(dest.ends_with(&format!("apps/{APP_ID}.png")), "{dest}");
        }
    }
    for dest in [
        "usr/share/applications/".into(),
        "usr/share/metainfo/".into(),
        "usr/share/mime/packages/".into(),
        format!("usr/share/icons/hicolor/scalable/apps/{APP_ID}.svg"),
    ] {
        assert!(
            assets.iter().any(|(_, d)| *d == dest),
            "nothing goes to {dest}"
        );
    }
    // The window's icon is one of them, and the Windows and macOS icons exist.
    assert_eq!(png_size(&root().join("assets/icon-256.png")), (256, 256));
    let ico = std::fs::read(root().join("assets/icon.ico")).expect("assets/icon.ico");
    assert_eq!(&ico[..4], &[0, 0, 1, 0], "an .ico header");
    let icns = std::fs::read(root().join("assets/icon.icns")).expect("assets/icon.icns");
    assert_eq!(&icns[..4], b"icns");
}

#[test]
fn the_declared_file_type_opens_boards_and_games() {
    let dir = Scratch::new("packaging-test");
    // A board: a catalogue layout saved under the package's extension.
    let board = dir.join("board.pegsol");
    std::fs::copy(root().join("layouts/english.ron"), &board).expect("copy");
    let game = pegsol_record::Game::from_file(&board).expect("a .pegsol board opens");
    assert_eq!(game.puzzle.name, "English");
    // A saved game, likewise.
    let saved = dir.join("game.pegsol");
    game.save_to(&saved).expect("saves");
    assert!(pegsol_record::Game::from_file(&saved).is_ok());
}

#[test]
fn the_desktop_entry_validates() {
    let path = root().join(desktop_path());
    if !tools::have("desktop-file-validate", "the desktop entry's validation") {
        return;
    }
    let out = std::process::Command::new("desktop-file-validate")
        .arg(&path)
        .output()
        .expect("desktop-file-validate runs");
    assert!(
        out.status.success() && out.stdout.is_empty(),
        "desktop-file-validate {}:\n{}{}",
        path.display(),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
