//! The game store's guarantees: every way in resumes or keeps, two copies lose nothing, a
//! file that cannot be read is kept aside and never overwritten.

use super::file::{KeptGame, LegacyGame, LegacyShelf, StoreFile, LEGACY_GAME};
use super::*;
use crate::datafile::{self, DataFile};
use pegsol_testkit::scratch::Scratch;

fn scratch(name: &str) -> Scratch {
    Scratch::new(&format!("store-{name}"))
}

fn board(spec: &str) -> Game {
    Game::from_spec(spec).unwrap()
}

/// Plays `n` jumps (the first legal one each time).
fn play(game: &mut Game, n: usize) {
    for _ in 0..n {
        let jump = game.record.position().legal_jumps()[0];
        game.record.play(jump).unwrap();
    }
}

fn file(dir: &Path) -> StoreFile {
    datafile::read::<StoreFile>(&dir.join(FILE_NAME))
        .unwrap()
        .unwrap()
}

fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn opening_a_board_whose_game_is_kept_resumes_it() {
    let mut store = GameStore::in_memory();
    let mut playing = store.open_first(board("english")).game;
    play(&mut playing, 3);
    assert_eq!(store.open(&mut playing, board("5")), None);
    assert_eq!(playing.puzzle.name, "Level 5");
    play(&mut playing, 1);
    let said = store.open(&mut playing, board("english")).unwrap();
    assert!(
        said.contains("Resumed your English game (3 jumps played)"),
        "{said}"
    );
    assert_eq!(playing.record.index(), 3);
    // The same board again changes nothing.
    assert_eq!(store.open(&mut playing, board("english")), None);
    assert_eq!(playing.record.index(), 3);
    store.open(&mut playing, board("5"));
    assert_eq!(playing.record.index(), 1, "level 5's jump kept too");
}

#[test]
fn a_board_file_that_changed_opens_afresh_and_its_old_game_stays_kept() {
    let dir = scratch("changed");
    let path = dir.join("cross.txt");
    std::fs::write(&path, "oo.o\n").unwrap();
    let mut store = GameStore::in_memory();
    let mut playing = store.open_first(Game::from_file(&path).unwrap()).game;
    play(&mut playing, 1);
    store.open(&mut playing, board("english"));
    std::fs::write(&path, "oo.oo\n").unwrap();
    let said = store
        .open(&mut playing, Game::from_file(&path).unwrap())
        .unwrap();
    assert!(said.contains("has changed"), "{said}");
    assert_eq!(playing.record.index(), 0);
    let others = store.others(&playing);
    assert_eq!(others.len(), 1, "the old game is kept: {others:?}");
    assert!(store.switch(&mut playing, others[0].id));
    assert_eq!(playing.record.index(), 1);
}

#[test]
fn something_new_keeps_the_game_it_replaced_and_undo_goes_back() {
    let mut store = GameStore::in_memory();
    let mut playing = store.open_first(board("english")).game;
    play(&mut playing, 2);
    let mut random = board("english");
    random.source = Source::Other("English (random, 17 pegs, seed 42)".into());
    let said = store.open_new(&mut playing, random).unwrap();
    assert!(
        said.starts_with("Your English game (2 jumps played) is kept"),
        "{said}"
    );
    assert!(playing.can_undo() && !playing.record.can_undo());
    let back = playing.replaced.clone().unwrap();
    let said = store.open_key(&mut playing, &back).unwrap();
    assert!(said.starts_with("Back to your English game"), "{said}");
    assert_eq!(playing.record.index(), 2);
}

#[test]
fn games_are_kept_across_runs_and_the_last_one_played_comes_first() {
    let dir = scratch("runs");
    let mut store = GameStore::in_folder(&dir);
    let mut playing = store.open_first(board("english")).game;
    play(&mut playing, 2);
    store.open(&mut playing, board("5"));
    play(&mut playing, 1);
    store.keep(&mut playing).unwrap();

    let mut next = GameStore::in_folder(&dir);
    let mut last = next.last_game().unwrap();
    assert_eq!(
        (last.puzzle.name.as_str(), last.record.index()),
        ("Level 5", 1)
    );
    let said = next.open(&mut last, board("english")).unwrap();
    assert!(said.contains("2 jumps played"), "{said}");
    // A store only read is not written again.
    let before = std::fs::metadata(dir.join(FILE_NAME))
        .unwrap()
        .modified()
        .unwrap();
    let mut untouched = GameStore::in_folder(&dir);
    let mut game = untouched.last_game().unwrap();
    untouched.keep(&mut game).unwrap();
    let after = std::fs::metadata(dir.join(FILE_NAME))
        .unwrap()
        .modified()
        .unwrap();
    assert_eq!(before, after);
}

#[test]
fn two_copies_on_different_boards_lose_no_jump() {
    let dir = scratch("two-boards");
    let mut a = GameStore::in_folder(&dir);
    let mut b = GameStore::in_folder(&dir);
    let mut game_a = a.open_first(board("english")).game;
    let mut game_b = b.open_first(board("french")).game;
    for _ in 0..5 {
        play(&mut game_a, 1);
        a.keep(&mut game_a).unwrap();
        play(&mut game_b, 1);
        b.keep(&mut game_b).unwrap();
    }
    let kept = file(&dir);
    let jumps = |name: &str| {
        kept.games
            .iter()
            .find(|g| g.game.layout.name == name)
            .map(|g| g.game.jumps.len())
    };
    assert_eq!((jumps("English"), jumps("French")), (Some(5), Some(5)));
    assert!(a.take_news().is_empty() && b.take_news().is_empty());
}

#[test]
fn two_copies_on_the_same_game_keep_both_and_the_second_is_told() {
    let dir = scratch("same-game");
    let mut first = GameStore::in_folder(&dir);
    let mut game = first.open_first(board("english")).game;
    play(&mut game, 1);
    first.keep(&mut game).unwrap();
    // Two copies resume it.
    let (mut a, mut b) = (GameStore::in_folder(&dir), GameStore::in_folder(&dir));
    let mut game_a = a.open_first(board("english")).game;
    let mut game_b = b.open_first(board("english")).game;
    assert_eq!(game_a.id, game_b.id);
    play(&mut game_a, 2);
    a.keep(&mut game_a).unwrap();
    play(&mut game_b, 4);
    b.keep(&mut game_b).unwrap();
    let news = b.take_news();
    assert!(news.iter().any(|n| n.contains("both are kept")), "{news:?}");
    assert_ne!(
        game_a.id, game_b.id,
        "the second copy's game went on as its own"
    );
    // Both copies go on writing without losing anything.
    play(&mut game_a, 1);
    a.keep(&mut game_a).unwrap();
    play(&mut game_b, 1);
    b.keep(&mut game_b).unwrap();
    let kept = file(&dir);
    let mut lines: Vec<usize> = kept.games.iter().map(|g| g.game.jumps.len()).collect();
    lines.sort();
    assert_eq!(lines, vec![4, 6]);
    // The next run offers the other as another game of the board.
    let mut next = GameStore::in_folder(&dir);
    let resumed = next.open_first(board("english")).game;
    assert_eq!(next.others(&resumed).len(), 1);
}

#[test]
fn copies_on_threads_interleaving_jumps_lose_none() {
    let dir = scratch("threads");
    let boards = ["english", "french", "wiegleb", "english"];
    let handles: Vec<_> = boards
        .iter()
        .map(|spec| {
            let dir = dir.to_path_buf();
            let spec = spec.to_string();
            std::thread::spawn(move || {
                let mut store = GameStore::in_folder(&dir);
                // A game of its own (the two English copies are two games).
                let mut game = store.open_first(board(&spec)).game;
                if game.record.index() > 0 {
                    game = Game::new(game.puzzle.clone(), Source::Other(format!("{spec} 2")));
                }
                for _ in 0..12 {
                    play(&mut game, 1);
                    store.keep(&mut game).unwrap();
                }
                game.to_saved().jumps
            })
        })
        .collect();
    let played: Vec<Vec<String>> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    let kept = file(&dir);
    for line in played {
        assert!(
            kept.games.iter().any(|g| g.game.jumps == line),
            "a game of {} jumps is missing",
            line.len()
        );
    }
}

#[test]
fn version_1_files_are_taken_in_and_kept_aside_not_lost() {
    let dir = scratch("legacy");
    let mut english = board("english");
    play(&mut english, 2);
    let mut five = board("5");
    play(&mut five, 1);
    let legacy = |game: &Game| LegacyGame {
        version: 1,
        game: game.to_saved(),
        source: game.source.clone(),
    };
    datafile::store(&dir.join(LEGACY_GAME), &legacy(&english)).unwrap();
    let shelf = LegacyShelf {
        version: 1,
        games: vec![legacy(&five)],
    };
    datafile::store(&dir.join(FILE_NAME), &shelf).unwrap();
    let mut store = GameStore::in_folder(&dir);
    let mut game = store.last_game().unwrap();
    assert_eq!(
        (game.puzzle.name.as_str(), game.record.index()),
        ("English", 2)
    );
    store.keep(&mut game).unwrap();
    assert_eq!(file(&dir).games.len(), 2);
    assert!(
        names(&dir)
            .iter()
            .any(|n| n.starts_with("game.ron.imported-")),
        "{:?}",
        names(&dir)
    );
    let said = store.open(&mut game, board("5")).unwrap();
    assert!(said.contains("1 jump played"), "{said}");
}

/// What a hostile or damaged store file holds, and a name for the failure message.
fn hostile_files() -> Vec<(&'static str, Vec<u8>)> {
    let mut game = board("english");
    play(&mut game, 1);
    let good = KeptGame {
        id: GameId(7),
        source: game.source.clone(),
        revision: 1,
        touched: 0,
        replaced: None,
        game: game.to_saved(),
    };
    let text = |games: Vec<KeptGame>, version| {
        ron::ser::to_string_pretty(
            &StoreFile {
                version,
                last: None,
                games,
            },
            pegsol_layout::format::ron_pretty(),
        )
        .unwrap()
    };
    let whole = text(vec![good.clone()], 2);
    vec![
        ("newer", text(vec![good.clone()], 9).into_bytes()),
        ("truncated", whole.as_bytes()[..whole.len() / 2].to_vec()),
        (
            "nul",
            whole.replacen("English", "Eng\0lish", 1).into_bytes(),
        ),
        ("huge", vec![b' '; (StoreFile::MAX_BYTES + 1) as usize]),
        ("not-utf8", {
            let mut bytes = whole.clone().into_bytes();
            bytes[20] = 0xff;
            bytes
        }),
    ]
}

#[test]
fn a_store_file_that_cannot_be_read_is_kept_aside_and_never_overwritten() {
    for (name, bytes) in hostile_files() {
        let dir = scratch(&format!("hostile-{name}"));
        std::fs::write(dir.join(FILE_NAME), &bytes).unwrap();
        let mut store = GameStore::in_folder(&dir);
        let news = store.take_news();
        assert!(
            news.len() == 1 && news[0].contains("games.ron") && news[0].contains("kept as"),
            "{name}: {news:?}"
        );
        let mut game = store.open_first(board("english")).game;
        play(&mut game, 1);
        store.keep(&mut game).unwrap();
        let aside: Vec<String> = names(&dir)
            .into_iter()
            .filter(|n| n.starts_with("games.ron.broken-"))
            .collect();
        assert_eq!(aside.len(), 1, "{name}: {:?}", names(&dir));
        assert_eq!(std::fs::read(dir.join(&aside[0])).unwrap(), bytes, "{name}");
        assert_eq!(file(&dir).games.len(), 1, "{name}: a new store is written");
    }
}

#[test]
fn a_game_that_does_not_replay_is_left_out_with_the_file_copied_aside() {
    let dir = scratch("bad-jump");
    let mut game = board("english");
    play(&mut game, 2);
    let mut saved = game.to_saved();
    saved.jumps[1] = "3,1-3,3".into();
    let mut past_end = game.to_saved();
    past_end.current = Some(9);
    let kept = |id, game| KeptGame {
        id: GameId(id),
        source: Source::Other(format!("game {id}")),
        revision: 1,
        touched: 0,
        replaced: None,
        game,
    };
    let store_file = StoreFile {
        version: 2,
        last: None,
        games: vec![kept(1, saved), kept(2, past_end), kept(3, game.to_saved())],
    };
    datafile::store(&dir.join(FILE_NAME), &store_file).unwrap();
    let original = std::fs::read(dir.join(FILE_NAME)).unwrap();
    let mut store = GameStore::in_folder(&dir);
    let news = store.take_news();
    assert_eq!(news.len(), 2, "{news:?}");
    assert!(
        news[0].contains("jump 2") && news[0].contains("kept as"),
        "{news:?}"
    );
    assert!(news[1].contains("current: 9"), "{news:?}");
    let aside: Vec<String> = names(&dir)
        .into_iter()
        .filter(|n| n.starts_with("games.ron.broken-"))
        .collect();
    assert_eq!(std::fs::read(dir.join(&aside[0])).unwrap(), original);
    let mut last = store.last_game().expect("the good game");
    assert_eq!(last.record.index(), 2);
    // The write after reads the same file again: it is not copied aside a second time.
    play(&mut last, 1);
    store.keep(&mut last).unwrap();
    assert!(store.take_news().is_empty());
    let aside = names(&dir)
        .into_iter()
        .filter(|n| n.starts_with("games.ron.broken-"))
        .count();
    assert_eq!(aside, 1, "one copy aside, not two: {:?}", names(&dir));
}

#[cfg(unix)]
#[test]
fn a_fifo_a_folder_and_a_symbolic_link_loop_are_set_aside_without_waiting() {
    for name in ["fifo", "folder", "loop"] {
        let dir = scratch(&format!("special-{name}"));
        let path = dir.join(FILE_NAME);
        match name {
            "fifo" => {
                let c = std::ffi::CString::new(path.to_str().unwrap()).unwrap();
                // SAFETY: a valid NUL-terminated path; mkfifo has no other precondition.
                assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
            }
            "folder" => std::fs::create_dir(&path).unwrap(),
            _ => std::os::unix::fs::symlink(&path, &path).unwrap(),
        }
        let mut store = GameStore::in_folder(&dir);
        let news = store.take_news();
        assert!(
            news.len() == 1 && news[0].contains("kept as"),
            "{name}: {news:?}"
        );
        let mut game = store.open_first(board("english")).game;
        play(&mut game, 1);
        store.keep(&mut game).unwrap();
        assert_eq!(file(&dir).games.len(), 1, "{name}");
    }
}

#[cfg(unix)]
#[test]
fn a_symbolically_linked_store_is_updated_where_the_link_leads_and_stays_a_link() {
    let dir = scratch("linked");
    let synced = dir.join("synced");
    std::fs::create_dir(&synced).unwrap();
    let path = dir.join(FILE_NAME);
    std::os::unix::fs::symlink(synced.join(FILE_NAME), &path).unwrap();
    for jumps in [1, 2] {
        let mut store = GameStore::in_folder(&dir);
        assert!(store.take_news().is_empty());
        let mut game = store.open_first(board("english")).game;
        play(&mut game, 1);
        store.keep(&mut game).unwrap();
        assert!(std::fs::symlink_metadata(&path).unwrap().is_symlink());
        let kept = file(&synced);
        assert_eq!(kept.games.len(), 1);
        assert_eq!(kept.games[0].game.jumps.len(), jumps);
    }
}

#[test]
fn a_store_that_cannot_be_written_says_why_and_keeps_the_changes_for_the_next_try() {
    let dir = scratch("unwritable");
    // A file where the folder should be: nothing can be written under it, even as root.
    let blocked = dir.join("data");
    std::fs::write(&blocked, "not a folder").unwrap();
    let mut store = GameStore::in_folder(&blocked);
    let mut game = store.open_first(board("english")).game;
    play(&mut game, 1);
    let e = store.keep(&mut game).unwrap_err().to_string();
    assert!(e.contains("data"), "{e}");
    assert!(store.has_changes());
    std::fs::remove_file(&blocked).unwrap();
    std::fs::create_dir(&blocked).unwrap();
    store.keep(&mut game).unwrap();
    assert!(!store.has_changes());
    assert_eq!(file(&blocked).games[0].game.jumps.len(), 1);
}

#[test]
fn a_fifo_lock_file_is_refused_at_once() {
    let dir = scratch("fifo-lock");
    let lock = dir.join(file::LOCK_NAME);
    let c = std::ffi::CString::new(lock.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path; mkfifo has no other precondition.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let started = std::time::Instant::now();
    let e = file::Lock::take(&lock).unwrap_err().to_string();
    assert!(
        started.elapsed() < std::time::Duration::from_secs(1),
        "refused at once"
    );
    assert!(e.contains("games.lock"), "{e}");
    // Through the store: the jump is not kept, and the store says why without waiting.
    let mut store = GameStore::in_folder(&dir);
    let mut game = store.open_first(board("english")).game;
    play(&mut game, 1);
    assert!(store.keep(&mut game).is_err());
    assert!(store.has_changes(), "the jump waits for the next try");
}

#[test]
fn two_games_of_one_identity_are_both_kept() {
    let dir = scratch("duplicate-ids");
    let kept = |spec: &str, jumps: usize| {
        let mut game = board(spec);
        play(&mut game, jumps);
        KeptGame {
            id: GameId(101),
            source: game.source.clone(),
            revision: 1,
            touched: 1,
            replaced: None,
            game: game.to_saved(),
        }
    };
    let hand_merged = StoreFile {
        version: StoreFile::VERSION,
        last: Some(GameId(101)),
        games: vec![kept("english", 2), kept("french", 1)],
    };
    datafile::store(&dir.join(FILE_NAME), &hand_merged).unwrap();
    // Open the French game, switch to the English one (the terminal game's `g`), quit.
    let mut store = GameStore::in_folder(&dir);
    let news = store.take_news();
    assert!(news.iter().any(|n| n.contains("same identity")), "{news:?}");
    let mut french = store.open_first(board("french")).game;
    assert_eq!(french.record.index(), 1, "the French game is resumed");
    store.open(&mut french, board("english"));
    let mut english = french;
    assert_eq!(english.record.index(), 2, "the English game is resumed");
    play(&mut english, 1);
    store.keep(&mut english).unwrap();
    // Both games are in the file, each as it was, under identities of their own.
    let on_disk = file(&dir);
    assert_eq!(on_disk.games.len(), 2, "{on_disk:?}");
    let jumps_of = |name: &str| {
        on_disk
            .games
            .iter()
            .filter(|g| g.game.layout.name == name)
            .map(|g| g.game.jumps.len())
            .collect::<Vec<_>>()
    };
    assert_eq!(jumps_of("English"), vec![3]);
    assert_eq!(jumps_of("French"), vec![1]);
    assert_ne!(on_disk.games[0].id, on_disk.games[1].id);
    // Read again, the same games: nothing renamed twice, nothing doubled.
    let mut again = GameStore::in_folder(&dir);
    assert!(again.take_news().is_empty());
    let mut game = again.open_first(board("french")).game;
    again.keep(&mut game).unwrap();
    assert_eq!(file(&dir).games.len(), 2);
}

#[test]
fn temporary_files_of_writes_by_dead_processes_are_removed_at_the_next_start() {
    let dir = scratch("stale-writes");
    // No process has PID 999999999; this one is alive.
    let dead = dir.join(format!(".{FILE_NAME}.tmp-999999999-0"));
    let alive = dir.join(format!(".{FILE_NAME}.tmp-{}-0", std::process::id()));
    std::fs::write(&dead, "PegsolGames(").unwrap();
    std::fs::write(&alive, "PegsolGames(").unwrap();
    let _store = GameStore::in_folder(&dir);
    assert!(!dead.exists(), "a dead writer's file is removed");
    assert!(alive.exists(), "a live writer's file is left alone");
}
