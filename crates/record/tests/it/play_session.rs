//! The play session's model-based test: seeded random sequences of what a person does to a
//! game (play, an illegal jump, undo, redo, restart, the timeline, loading a solution, a new
//! random puzzle, another board, saving, quitting and starting again, a second copy of Pegsol
//! playing the same board) run against a plain reference model, checking after every step
//! that the history can neither corrupt nor lose a game.
//!
//! The model is plain: what each command must do to what the person sees (the board, the
//! timeline, where the board is on it), the positions the person has had, and what the store
//! file must hold. Checked after every step: the board is the start with the line played,
//! every jump legal; undo then redo comes back to the same state; a state undo or redo reaches
//! is a position the person had (or one along a line they loaded); after a save, the store's
//! file holds the game exactly, its history too; quitting and starting again gives back the
//! same game and history; no `.broken` file ever appears. The sequences are seeded, so a
//! failure reproduces (`PEGSOL_MODEL_SEED` picks another seed; `PEGSOL_MODEL_CASES` another
//! number of sequences).

use pegsol_layout::catalogue;
use pegsol_record::session::Undone;
use pegsol_record::store::file::{read, FILE_NAME};
use pegsol_record::{Game, GameId, GameStore, PlaySession, Record};
use pegsol_rules::{random_puzzle, CellSet, Jump, Position};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// One thing a person does.
#[derive(Clone, Debug)]
enum Step {
    /// Play the n-th legal jump (round the list), if there is one.
    Play(usize),
    /// Try a jump that is not legal here.
    Illegal(usize),
    Undo,
    Redo,
    Restart,
    /// Go to this place on the timeline (clamped).
    Goto(usize),
    /// One move forward or back.
    MoveAlong(bool),
    /// Load a line of up to n legal jumps from here, or from the start.
    LoadSolution {
        here: bool,
        length: usize,
        seed: u64,
    },
    /// A new random puzzle on the board in play, over the game in play.
    NewRandom(u64),
    /// Open one of a few boards.
    Open(usize),
    /// Write the store now.
    Save,
    /// Quit and start again: the game played last is taken up.
    QuitAndReopen,
    /// Another copy of Pegsol opens the board in play and plays n jumps.
    SecondCopy(usize),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        8 => (0..40usize).prop_map(Step::Play),
        1 => (0..200usize).prop_map(Step::Illegal),
        5 => Just(Step::Undo),
        4 => Just(Step::Redo),
        2 => Just(Step::Restart),
        2 => (0..35usize).prop_map(Step::Goto),
        1 => any::<bool>().prop_map(Step::MoveAlong),
        2 => (any::<bool>(), 0..12usize, any::<u64>())
            .prop_map(|(here, length, seed)| Step::LoadSolution { here, length, seed }),
        1 => any::<u64>().prop_map(Step::NewRandom),
        1 => (0..BOARDS.len()).prop_map(Step::Open),
        2 => Just(Step::Save),
        1 => Just(Step::QuitAndReopen),
        1 => (1..4usize).prop_map(Step::SecondCopy),
    ]
}

/// Boards small and large: level 0's few jumps end games often, the English board's many
/// make long histories.
const BOARDS: [&str; 3] = ["english", "0", "triangle"];

/// What the person sees of a game: the timeline and where the board is on it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Seen {
    jumps: Vec<Jump>,
    index: usize,
}

fn seen(record: &Record) -> Seen {
    Seen {
        jumps: record.jumps().to_vec(),
        index: record.index(),
    }
}

/// The reference model: the positions the person has had (or was offered along a loaded
/// line), by board start.
#[derive(Default)]
struct Model {
    had: HashSet<(CellSet, CellSet)>,
    /// Each game as last found whole in the store's file, by identity.
    last_kept: std::collections::HashMap<GameId, pegsol_record::SavedGame>,
    /// The games another copy wrote since: the store then keeps the other copy's version
    /// under its identity until this one changes it (and forks it).
    others_wrote: HashSet<GameId>,
    /// Whether another copy played last (nothing changed here since): a plain start takes
    /// up the game played last, which may be theirs.
    other_played_last: bool,
}

impl Model {
    /// Every position of every line of `game`'s history: a game taken up from the store was
    /// had by whoever played it.
    fn had_game(&mut self, game: &Game) {
        let saved = game.to_saved();
        let start = game.record.start().clone();
        let lines = std::iter::once(&saved.jumps)
            .chain(saved.earlier.iter().map(|l| &l.jumps))
            .chain(saved.later.iter().map(|l| &l.jumps));
        for line in lines {
            let jumps: Vec<Jump> = line.iter().filter_map(|t| t.parse().ok()).collect();
            self.had_all_along(&start, &jumps);
        }
    }

    fn had_all_along(&mut self, start: &Position, jumps: &[Jump]) {
        let mut p = start.clone();
        self.had.insert(key(&p));
        for &j in jumps {
            p.play_unchecked(j);
            self.had.insert(key(&p));
        }
    }
}

/// A position as the model keeps it: its board's holes and its pegs.
fn key(p: &Position) -> (CellSet, CellSet) {
    (p.shape().cells(), p.pegs())
}

/// A scratch folder for one sequence's store, on memory where the system has one.
struct Folder(PathBuf);

impl Folder {
    fn new(case: u64) -> Folder {
        let base = Path::new("/dev/shm");
        let base = if base.is_dir() {
            base.to_path_buf()
        } else {
            std::env::temp_dir()
        };
        let dir = base.join(format!("pegsol-model-{}-{case}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Folder(dir)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A legal line of up to `length` jumps from `from`, chosen by `seed`.
fn some_line(from: &Position, length: usize, mut seed: u64) -> Vec<Jump> {
    let mut p = from.clone();
    let mut line = Vec::new();
    for _ in 0..length {
        let legal = p.legal_jumps();
        if legal.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let j = legal[(seed >> 33) as usize % legal.len()];
        p.play_unchecked(j);
        line.push(j);
    }
    line
}

/// A jump of the board that is not legal in `p` (one exists on every board with a jump).
fn illegal(p: &Position, n: usize) -> Option<Jump> {
    let all = p.shape().jumps();
    let bad: Vec<Jump> = all
        .iter()
        .copied()
        .filter(|j| p.try_play(*j).is_err())
        .collect();
    (!bad.is_empty()).then(|| bad[n % bad.len()])
}

fn catalogue_game(key: &str) -> Game {
    Game::from_catalogue(key).expect("a catalogue board")
}

/// The invariants every state must hold.
fn check(session: &PlaySession, model: &Model, dir: &Path) -> Result<(), TestCaseError> {
    let record = session.record();
    // The board is the start with the line played, every jump legal.
    let mut board = record.start().clone();
    for &j in record.played() {
        board = board
            .try_play(j)
            .map_err(|e| TestCaseError::fail(format!("an illegal jump {j} in the line: {e}")))?;
    }
    prop_assert!(
        record.position() == &board,
        "the board is not the line played"
    );
    // The timeline's rest is legal too.
    for &j in &record.jumps()[record.index()..] {
        board = board
            .try_play(j)
            .map_err(|e| TestCaseError::fail(format!("an illegal jump {j} to redo: {e}")))?;
    }
    // Undo then redo comes back.
    let mut probe = record.clone();
    if probe.undo() {
        prop_assert!(
            model.had.contains(&key(probe.position())),
            "undo reached a position never had"
        );
        prop_assert!(probe.redo(), "redo after undo did nothing");
        prop_assert_eq!(seen(&probe), seen(record), "undo then redo moved");
        prop_assert!(
            probe.position() == record.position(),
            "undo then redo moved the board"
        );
    }
    // Whatever redo reaches was had or offered.
    let mut probe = record.clone();
    while probe.redo() {
        prop_assert!(
            model.had.contains(&key(probe.position())),
            "redo reached a position never had"
        );
    }
    // No file was ever set aside as unreadable.
    for entry in std::fs::read_dir(dir).expect("the folder").flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        prop_assert!(!name.contains(".broken"), "{} appeared", name);
    }
    Ok(())
}

/// After a save: the store's file holds the game in play exactly, its history too; or, when
/// another copy played it on since and it is unchanged here, that copy's version (which holds
/// every jump of this one) is kept under its identity.
fn check_kept(session: &PlaySession, dir: &Path, model: &mut Model) -> Result<(), TestCaseError> {
    let file = read(&dir.join(FILE_NAME)).file;
    let game = session.game();
    let ours = game.to_saved();
    let kept = file.games.iter().find(|g| g.id == game.id);
    let kept = kept.ok_or_else(|| TestCaseError::fail("the game in play is not in the store"))?;
    if kept.game == ours {
        model.others_wrote.remove(&game.id);
        model.last_kept.insert(game.id, ours);
    } else {
        prop_assert!(
            model.others_wrote.contains(&game.id),
            "the store holds another game than the one in play"
        );
        prop_assert!(
            model.last_kept.get(&game.id) == Some(&ours),
            "changed here, yet not kept"
        );
    }
    Ok(())
}

/// Writes the store, as a front end does; a game changed here since it was last kept becomes
/// the game played last.
fn sync(
    session: &mut PlaySession,
    store: &mut GameStore,
    model: &mut Model,
) -> Result<(), TestCaseError> {
    let game = session.game();
    if model.last_kept.get(&game.id) != Some(&game.to_saved()) {
        model.other_played_last = false;
    }
    session
        .sync(store)
        .map_err(|e| TestCaseError::fail(format!("the store refused: {e}")))
}

/// Runs one sequence; every step is checked.
fn run(steps: &[Step], case: u64) -> Result<(), TestCaseError> {
    let folder = Folder::new(case);
    let dir = folder.0.as_path();
    let mut store = GameStore::in_folder(dir);
    let mut session = PlaySession::quiet(store.open_first(catalogue_game("english")).game);
    let mut model = Model::default();
    let mut now = 0.0;
    model.had_game(session.game());
    for step in steps {
        now += 1.0;
        let before = seen(session.record());
        let position = session.position().clone();
        match step {
            Step::Play(n) => {
                let legal = position.legal_jumps();
                if let Some(&j) = legal.get(n % legal.len().max(1)) {
                    prop_assert!(session.play(j, now).is_ok());
                    let mut jumps = before.jumps[..before.index].to_vec();
                    jumps.push(j);
                    prop_assert_eq!(
                        seen(session.record()),
                        Seen {
                            jumps,
                            index: before.index + 1
                        }
                    );
                    model.had.insert(key(session.position()));
                }
            }
            Step::Illegal(n) => {
                if let Some(j) = illegal(&position, *n) {
                    let record = session.record().clone();
                    prop_assert!(session.play(j, now).is_err());
                    prop_assert!(
                        session.record() == &record,
                        "an illegal jump changed the record"
                    );
                }
            }
            Step::Undo => {
                let (could, step) = (session.can_undo(), session.record().can_undo());
                let undone = session.undo(&mut store, now);
                if step {
                    prop_assert_eq!(&undone, &Undone::Step);
                }
                if !could {
                    prop_assert_eq!(&undone, &Undone::Nothing);
                }
                if matches!(undone, Undone::BackTo(_)) {
                    model.had_game(session.game());
                }
            }
            Step::Redo => {
                let could = session.record().can_redo();
                prop_assert_eq!(session.redo(now), could);
            }
            Step::Restart => {
                let restarted = session.restart(now);
                prop_assert_eq!(restarted, before.index > 0);
                if restarted {
                    prop_assert!(
                        session.position() == session.record().start(),
                        "not at the start"
                    );
                    prop_assert!(session.record().jumps().is_empty());
                    // Undo brings back the game exactly as it stood.
                    let mut probe = session.record().clone();
                    prop_assert!(probe.undo());
                    prop_assert_eq!(seen(&probe), before.clone());
                }
                model.had.insert(key(session.position()));
            }
            Step::Goto(i) => {
                session.goto(*i, now);
                prop_assert_eq!(
                    seen(session.record()),
                    Seen {
                        index: (*i).min(before.jumps.len()),
                        ..before.clone()
                    }
                );
                model.had.insert(key(session.position()));
            }
            Step::MoveAlong(forward) => {
                session.step_move(*forward, now);
                prop_assert_eq!(&session.record().jumps(), &before.jumps.as_slice());
                model.had.insert(key(session.position()));
            }
            Step::LoadSolution { here, length, seed } => {
                let from = if *here {
                    position.clone()
                } else {
                    session.record().start().clone()
                };
                let line = some_line(&from, *length, *seed);
                model.had_all_along(&from, &line);
                let restarted = session
                    .load_solution(&from, &line, now)
                    .map_err(|e| TestCaseError::fail(format!("a legal line refused: {e}")))?;
                prop_assert_eq!(restarted, from != position);
                let record = session.record();
                prop_assert!(record.position() == &from, "not where the solution starts");
                prop_assert_eq!(&record.jumps()[record.index()..], line.as_slice());
                if restarted {
                    let mut probe = record.clone();
                    prop_assert!(probe.undo(), "the game a solution replaced comes back");
                    prop_assert_eq!(seen(&probe), before.clone());
                }
            }
            Step::NewRandom(seed) => {
                let shape = position.shape().clone();
                let pegs = (shape.cells().len() / 2).max(2);
                let name = session.game().puzzle.name.clone();
                if let Some(puzzle) = random_puzzle(&shape, pegs, *seed) {
                    let game = Game::random(&name, session.game().puzzle.frame, &puzzle);
                    let old = session.game().key();
                    session.open_new(&mut store, game, now);
                    model.had_game(session.game());
                    if old.is_some() && old != session.game().key() {
                        prop_assert!(session.can_undo(), "undo at a random puzzle's start");
                    }
                }
            }
            Step::Open(n) => {
                session.open(&mut store, catalogue_game(BOARDS[*n]), now);
                model.had_game(session.game());
            }
            Step::Save => {
                sync(&mut session, &mut store, &mut model)?;
                check_kept(&session, dir, &mut model)?;
            }
            Step::QuitAndReopen => {
                sync(&mut session, &mut store, &mut model)?;
                check_kept(&session, dir, &mut model)?;
                let record = session.record().clone();
                let id = session.game().id;
                store = GameStore::in_folder(dir);
                let game = store
                    .last_game()
                    .ok_or_else(|| TestCaseError::fail("no game to take up"))?;
                if model.other_played_last {
                    // Another copy played last: its game may be the one taken up.
                    model.had_game(&game);
                    session = PlaySession::quiet(game);
                    check(&session, &model, dir)?;
                    continue;
                }
                prop_assert_eq!(game.id, id, "another game was taken up");
                if model.others_wrote.contains(&id) {
                    // Unchanged here since another copy played it on: theirs is taken up.
                    model.had_game(&game);
                } else {
                    prop_assert!(
                        game.record == record,
                        "the game came back changed: {:?} -> {:?}",
                        seen(&record),
                        seen(&game.record)
                    );
                }
                session = PlaySession::quiet(game);
            }
            Step::SecondCopy(n) => {
                sync(&mut session, &mut store, &mut model)?;
                check_kept(&session, dir, &mut model)?;
                let mut other = GameStore::in_folder(dir);
                let wanted = session.game().clone();
                let mut theirs = other.open_first(wanted).game;
                for k in 0..*n {
                    let legal = theirs.record.position().legal_jumps();
                    if let Some(&j) = legal.get(k % legal.len().max(1)) {
                        theirs.record.play(j).expect("a legal jump");
                    }
                }
                model.had_game(&theirs);
                model.others_wrote.insert(theirs.id);
                model.other_played_last = true;
                other
                    .sync(&mut theirs)
                    .map_err(|e| TestCaseError::fail(format!("the other copy's store: {e}")))?;
                // Ours plays on; both are kept.
                let ours = session.game().to_saved();
                sync(&mut session, &mut store, &mut model)?;
                prop_assert!(
                    session.game().to_saved() == ours,
                    "our game changed under us"
                );
                let file = read(&dir.join(FILE_NAME)).file;
                if !theirs.to_saved().is_empty() {
                    prop_assert!(
                        file.games.iter().any(|g| g.game == theirs.to_saved()),
                        "the other copy's game was lost"
                    );
                }
            }
        }
        check(&session, &model, dir)?;
    }
    Ok(())
}

fn cases() -> u32 {
    std::env::var("PEGSOL_MODEL_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000)
}

fn seed() -> [u8; 32] {
    let n: u64 = std::env::var("PEGSOL_MODEL_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(53);
    let mut seed = [0u8; 32];
    seed[..8].copy_from_slice(&n.to_le_bytes());
    seed
}

/// Issue 53: 10,000 seeded sequences of up to 60 steps; none corrupts or loses a game.
#[test]
fn no_sequence_of_steps_corrupts_or_loses_a_game() {
    let config = Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner =
        TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &seed()));
    let case = std::sync::atomic::AtomicU64::new(0);
    let result = runner.run(&prop::collection::vec(step(), 1..=60), |steps| {
        let n = case.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        run(&steps, n)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
}

/// The catalogue boards the sequences use exist (a sequence on a missing board tests
/// nothing).
#[test]
fn the_model_boards_are_in_the_catalogue() {
    for key in BOARDS {
        assert!(catalogue::find(key).is_some(), "{key}");
    }
}

/// Issue 53's second case, through the store: a game restarted, then quit, comes back with
/// the restart undoable ("Restarted (u brings the game back)" stays true).
#[test]
fn undo_after_a_restart_works_after_quitting_and_starting_again() {
    let folder = Folder::new(u64::MAX);
    let dir = folder.0.as_path();
    let mut store = GameStore::in_folder(dir);
    let mut session = PlaySession::quiet(store.open_first(catalogue_game("english")).game);
    let line = some_line(session.position(), 31, 7);
    for &j in &line {
        session.play(j, 0.0).expect("legal");
    }
    session.goto(3, 0.0);
    assert!(session.restart(0.0));
    session.sync(&mut store).expect("kept");
    drop(session);
    let mut store = GameStore::in_folder(dir);
    let game = store.last_game().expect("the game played last");
    let mut session = PlaySession::quiet(game);
    assert_eq!(session.record().index(), 0);
    assert_eq!(session.undo(&mut store, 1.0), Undone::Step);
    assert_eq!(session.record().index(), 3);
    assert_eq!(session.record().jumps(), line.as_slice());
}

/// Issue 53's third case: the clock counts only time with the game on screen: a jump, 45 s on
/// another board, back: the clock goes on from where it stood.
#[test]
fn the_clock_does_not_count_time_spent_on_another_board() {
    let mut store = GameStore::in_memory();
    let mut session = PlaySession::quiet(store.open_first(catalogue_game("0")).game);
    let j = session.position().legal_jumps()[0];
    session.play(j, 10.0).expect("legal");
    assert_eq!(session.clock(11.0).map(|c| c.seconds), Some(1.0));
    session.open(&mut store, catalogue_game("2"), 11.0);
    assert_eq!(session.clock(56.0), None, "level 2 has no jump yet");
    let said = session.open(&mut store, catalogue_game("0"), 56.0);
    assert!(said.is_some_and(|s| s.starts_with("Resumed")));
    let clock = session.clock(57.0).expect("level 0's clock");
    assert_eq!((clock.seconds, clock.running), (2.0, true));
    // Without the focus it stops too.
    session.set_focus(false, 57.0);
    session.set_focus(true, 600.0);
    assert_eq!(session.clock(601.0).map(|c| c.seconds), Some(3.0));
    // The win is timed the same way.
    let j = session.position().legal_jumps()[0];
    let finish = session
        .play(j, 602.0)
        .expect("legal")
        .expect("a two-jump win");
    assert!(finish.won);
    assert_eq!(finish.seconds, Some(4.0));
}

/// Issue 53's third case: a problem's game (a board made another way) has a clock too.
#[test]
fn a_problems_game_has_a_clock() {
    let problem = &pegsol_layout::problems::PROBLEMS[0];
    let game = pegsol_record::problems::game_of(problem).expect("a problem's game");
    let mut session = PlaySession::quiet(game);
    let j = session.position().legal_jumps()[0];
    session.play(j, 5.0).expect("legal");
    assert_eq!(session.clock(7.0).map(|c| c.seconds), Some(2.0));
}

/// Issue 53's fifth case: undo at a random puzzle's start goes back to the game it was
/// opened over, in whichever front end: the rule is the session's.
#[test]
fn undo_at_a_random_puzzles_start_goes_back_to_the_game_it_replaced() {
    let mut store = GameStore::in_memory();
    let mut session = PlaySession::quiet(store.open_first(catalogue_game("english")).game);
    let j = session.position().legal_jumps()[0];
    session.play(j, 0.0).expect("legal");
    let shape = session.position().shape().clone();
    let puzzle = random_puzzle(&shape, 12, 42).expect("a puzzle");
    let game = Game::random("English", session.game().puzzle.frame, &puzzle);
    session.open_new(&mut store, game, 1.0);
    assert_eq!(session.position().peg_count(), 12);
    let undone = session.undo(&mut store, 2.0);
    assert!(matches!(undone, Undone::BackTo(_)), "{undone:?}");
    assert_eq!(session.game().puzzle.name, "English");
    assert_eq!(session.record().index(), 1);
}
