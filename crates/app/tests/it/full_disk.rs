//! A disk that fills up never cuts a Pegsol file short (issue 30): the game store, the window's
//! settings and the statistics are written through one atomic helper, so a write that runs out
//! of room fails as a whole, says why, leaves the file as it was and is tried again.
//!
//! A full disk is made with the file-size limit (RLIMIT_FSIZE), which fails a write past it
//! with EFBIG as a full disk fails it with ENOSPC, and with SIGXFSZ ignored so the write
//! returns the error instead of ending the process. The limit applies to the whole process,
//! so the test runs in a process of its own ([`pegsol_testkit::alone`]).

#![cfg(unix)]

use pegsol_testkit::scratch;

use pegsol_record::datafile;
use pegsol_record::store::StoreFile;
use pegsol_record::{Game, GameStore};
use scratch::Scratch;

fn set_file_size_limit(bytes: u64) {
    let limit = libc::rlimit {
        rlim_cur: bytes,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: a valid rlimit; the soft limit may be raised again later since the hard one is
    // left unlimited.
    assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_FSIZE, &limit) }, 0);
}

#[test]
fn a_full_disk_leaves_every_file_whole_and_the_write_is_tried_again() {
    if !pegsol_testkit::alone::in_own_process(
        "full_disk::a_full_disk_leaves_every_file_whole_and_the_write_is_tried_again",
    ) {
        return;
    }
    // SAFETY: ignoring a signal has no precondition.
    unsafe { libc::signal(libc::SIGXFSZ, libc::SIG_IGN) };
    let dir = Scratch::new("full-disk");

    // A game kept while there is room.
    let mut store = GameStore::in_folder(&dir);
    let mut game = store.open_first(Game::from_spec("english").unwrap()).game;
    let jump = game.record.position().legal_jumps()[0];
    game.record.play(jump).unwrap();
    store.keep(&mut game).unwrap();
    let path = dir.join("games.ron");
    let before = std::fs::read(&path).unwrap();

    // The disk fills: the next write, a game on another board, does not fit.
    set_file_size_limit(before.len() as u64 + 100);
    assert_eq!(store.open(&mut game, Game::from_spec("5").unwrap()), None);
    for _ in 0..3 {
        let jump = game.record.position().legal_jumps()[0];
        game.record.play(jump).unwrap();
    }
    let e = store.keep(&mut game).expect_err("no room").to_string();
    assert!(e.contains("games.ron") && e.contains("cannot write"), "{e}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the file is as it was"
    );
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(
        !names.iter().any(|n| n.contains(".tmp")),
        "no half-written temporary is left: {names:?}"
    );
    // The window's settings, through the same helper, fail whole too.
    let settings = dir.join("settings.ron");
    std::fs::write(&settings, "old").unwrap();
    let big = pegsol_app::start::persist::PersistedState {
        recent: (0..200)
            .map(|i| dir.join(format!("a-long-file-name-{i}.ron")))
            .collect(),
        ..Default::default()
    };
    assert!(datafile::store(&settings, &big).is_err());
    assert_eq!(std::fs::read_to_string(&settings).unwrap(), "old");

    // Room again: the next try writes everything, nothing lost.
    set_file_size_limit(libc::RLIM_INFINITY);
    assert!(store.has_changes());
    store.keep(&mut game).unwrap();
    let kept: StoreFile = datafile::read(&path).unwrap().unwrap();
    let mut lines: Vec<usize> = kept.games.iter().map(|g| g.game.jumps.len()).collect();
    lines.sort();
    assert_eq!(lines, vec![1, 3]);
}
