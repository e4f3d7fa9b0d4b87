//! Game > New random puzzle…: a start made by random backward jumps from one peg, so it is
//! always solvable, on the board in play, the board being edited or any catalogue board.
//!
//! Owns the window: the board, the difficulty (how many pegs, with easy / medium / hard
//! presets), the seed (shown, typeable and new on request, so a puzzle can be shared and made
//! again: `pegsol --layout english --random SEED`), and the puzzle those make, from
//! [`pegsol_rules::random_puzzle`]. "Play this puzzle" hands it to the play view as a
//! [`ShellCommand::PlayGame`]. The window changes only its own state, through
//! [`RandomView::apply`]; when the choices make no puzzle, it says why ([`NoPuzzle`]).

pub mod command;

use crate::command::ShellCommand;
pub use command::{RandomBoard, RandomCommand};
use eframe::egui;
use egui::{RichText, Ui};
use pegsol_layout::edit::Board;
use pegsol_layout::{catalogue, Puzzle};
use pegsol_record::game::CatalogueError;
use pegsol_record::{Game, Source};
use pegsol_rules::{random_puzzle, RandomPuzzle};
use std::sync::Arc;

impl RandomBoard {
    /// The board a puzzle is played on.
    pub fn of_puzzle(puzzle: &Puzzle, key: Option<String>) -> RandomBoard {
        RandomBoard {
            name: puzzle.name.clone(),
            key,
            shape: puzzle.start.shape().clone(),
            frame: puzzle.frame,
        }
    }

    /// The board shown: the one being edited (`edited`, in the editor), else the one in play.
    pub fn shown(edited: Option<&Board>, game: &Game) -> RandomBoard {
        match edited {
            Some(board) => RandomBoard {
                name: board.name.clone(),
                key: None,
                shape: Arc::new(board.shape()),
                frame: (board.width, board.height),
            },
            None => {
                let key = match &game.source {
                    Source::Catalogue(key) => Some(key.clone()),
                    _ => None,
                };
                RandomBoard::of_puzzle(&game.puzzle, key)
            }
        }
    }

    /// A catalogue board by key.
    pub fn from_catalogue(key: &str) -> Result<RandomBoard, CatalogueError> {
        let game = Game::from_catalogue(key)?;
        let key = match &game.source {
            Source::Catalogue(k) => Some(k.clone()),
            _ => None,
        };
        Ok(RandomBoard::of_puzzle(&game.puzzle, key))
    }

    /// How many holes the board has.
    pub fn holes(&self) -> u32 {
        self.shape.cells().len()
    }
}

/// Why the window's choices make no puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoPuzzle {
    /// The seed typed is not a whole number that fits.
    #[error("`{text}` is not a seed: type a whole number from 0 to {}", u64::MAX)]
    NotASeed {
        /// What was typed (trimmed).
        text: String,
    },
    /// The backward jumps from this seed cannot place that many pegs on the board.
    #[error("{board} has no puzzle with {pegs} pegs from this seed: try fewer pegs")]
    TooManyPegs {
        /// The board's name.
        board: String,
        /// The pegs asked for.
        pegs: u32,
    },
}

/// The presets of the difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficulty {
    /// About a quarter of the holes hold pegs.
    Easy,
    /// About half.
    Medium,
    /// About three quarters.
    Hard,
}

impl Difficulty {
    /// Every preset, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// The preset's name.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "Easy",
            Difficulty::Medium => "Medium",
            Difficulty::Hard => "Hard",
        }
    }

    /// How many pegs the preset puts on a board of `holes` holes: a quarter, a half or three
    /// quarters of them, at least 2, and always at least one hole empty.
    pub fn pegs(self, holes: u32) -> u32 {
        let share = match self {
            Difficulty::Easy => 0.25,
            Difficulty::Medium => 0.5,
            Difficulty::Hard => 0.75,
        };
        let pegs = (f64::from(holes) * share).round() as u32;
        pegs.max(2).min(holes.saturating_sub(1)).max(1)
    }
}

/// The New random puzzle window.
#[derive(Clone, Debug)]
pub struct RandomView {
    open: bool,
    board: Option<RandomBoard>,
    pegs: u32,
    seed_text: String,
    /// The puzzle the choices make, or why there is none.
    made: Option<Result<RandomPuzzle, NoPuzzle>>,
}

impl Default for RandomView {
    fn default() -> RandomView {
        RandomView::new()
    }
}

/// A seed from the clock: different every time a person asks for one.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    // Mixed, so seeds asked for a moment apart do not look alike; kept to 9 digits, which are
    // easy to read out and type.
    (nanos ^ (nanos >> 29)).wrapping_mul(0x9e37_79b9_7f4a_7c15) % 1_000_000_000
}

impl RandomView {
    /// A closed window.
    pub fn new() -> RandomView {
        RandomView {
            open: false,
            board: None,
            pegs: 0,
            seed_text: clock_seed().to_string(),
            made: None,
        }
    }

    /// Whether the window is shown.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The board puzzles are made on.
    pub fn board(&self) -> Option<&RandomBoard> {
        self.board.as_ref()
    }

    /// How many pegs the puzzle has.
    pub fn pegs(&self) -> u32 {
        self.pegs
    }

    /// The seed, if the text is one.
    pub fn seed(&self) -> Option<u64> {
        self.seed_text.trim().parse().ok()
    }

    /// The puzzle the choices make, or why there is none.
    pub fn puzzle(&self) -> Option<&Result<RandomPuzzle, NoPuzzle>> {
        self.made.as_ref()
    }

    /// The game the puzzle makes: its start on its board, one peg left anywhere to win.
    pub fn game(&self) -> Option<Game> {
        let (Some(board), Some(Ok(puzzle))) = (&self.board, &self.made) else {
            return None;
        };
        Some(puzzle_game(board, puzzle))
    }

    /// Makes the puzzle again from the choices.
    fn remake(&mut self) {
        let Some(board) = &self.board else {
            self.made = None;
            return;
        };
        self.made = Some(match self.seed() {
            None => Err(NoPuzzle::NotASeed {
                text: self.seed_text.trim().to_string(),
            }),
            Some(seed) => {
                random_puzzle(&board.shape, self.pegs, seed).ok_or_else(|| NoPuzzle::TooManyPegs {
                    board: board.name.clone(),
                    pegs: self.pegs,
                })
            }
        });
    }

    /// Carries out one command: the only place the window's state changes. Returns what the
    /// rest of the window must do.
    pub fn apply(&mut self, command: RandomCommand) -> Vec<ShellCommand> {
        match command {
            RandomCommand::Open(board) => {
                let holes = board.holes();
                let same = self.board.as_ref().map(|b| b.holes());
                if same != Some(holes) || self.pegs == 0 || self.pegs >= holes {
                    self.pegs = Difficulty::Medium.pegs(holes);
                }
                self.board = Some(*board);
                self.open = true;
            }
            RandomCommand::Board(key) => match RandomBoard::from_catalogue(&key) {
                Ok(board) => {
                    self.pegs = Difficulty::Medium.pegs(board.holes());
                    self.board = Some(board);
                }
                Err(e) => return vec![ShellCommand::Warn(e.to_string())],
            },
            RandomCommand::SetPegs(pegs) => self.pegs = pegs,
            RandomCommand::SetSeedText(text) => self.seed_text = text,
            RandomCommand::NewSeed => self.seed_text = clock_seed().to_string(),
            RandomCommand::SetSeed(seed) => self.seed_text = seed.to_string(),
            RandomCommand::Play => {
                self.remake();
                return match self.game() {
                    Some(game) => vec![ShellCommand::PlayGame {
                        game: Box::new(game),
                        solve: false,
                        fresh: true,
                    }],
                    None => Vec::new(),
                };
            }
            RandomCommand::Close => {
                self.open = false;
                return Vec::new();
            }
        }
        self.remake();
        Vec::new()
    }

    /// The window for one frame, if open. Returns what the rest of the window must do.
    pub fn show(&mut self, ctx: &egui::Context) -> Vec<ShellCommand> {
        if !self.open {
            return Vec::new();
        }
        let mut open = true;
        let mut commands = Vec::new();
        // At the top right, over the solver panel rather than the board.
        let right = ctx.content_rect().right() - 12.0;
        egui::Window::new("New random puzzle")
            .open(&mut open)
            .pivot(egui::Align2::RIGHT_TOP)
            .default_pos(egui::pos2(right, 36.0))
            .resizable(false)
            .collapsible(false)
            .default_width(340.0)
            .show(ctx, |ui| commands = self.ui(ui));
        if !open {
            commands.push(RandomCommand::Close);
        }
        let ctx = ctx.clone();
        crate::command::apply_each(&ctx, commands, |c| self.apply(c))
    }

    /// The window's content: board, difficulty, seed, what they make, Play.
    pub fn ui(&self, ui: &mut Ui) -> Vec<RandomCommand> {
        let mut out = Vec::new();
        let Some(board) = &self.board else {
            ui.label("No board to make a puzzle on.");
            return out;
        };
        let holes = board.holes();
        egui::Grid::new("random-puzzle")
            .num_columns(2)
            .spacing([10.0, 8.0])
            .show(ui, |ui| {
                let label = ui.label("Board");
                egui::ComboBox::from_id_salt("random-board")
                    .selected_text(format!("{} ({holes} holes)", board.name))
                    .show_ui(ui, |ui| {
                        for entry in catalogue::ENTRIES {
                            let chosen = board.key.as_deref() == Some(entry.key);
                            if ui.selectable_label(chosen, entry.key).clicked() {
                                out.push(RandomCommand::Board(entry.key.to_string()));
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
                ui.end_row();

                ui.label("Difficulty");
                ui.horizontal(|ui| {
                    for d in Difficulty::ALL {
                        let pegs = d.pegs(holes);
                        if ui
                            .selectable_label(self.pegs == pegs, d.name())
                            .on_hover_text(format!("{pegs} pegs"))
                            .clicked()
                        {
                            out.push(RandomCommand::SetPegs(pegs));
                        }
                    }
                });
                ui.end_row();

                let label = ui.label("Pegs");
                let mut pegs = self.pegs;
                let most = holes.saturating_sub(1).max(1);
                if ui
                    .add(egui::DragValue::new(&mut pegs).range(1..=most).speed(0.1))
                    .labelled_by(label.id)
                    .on_hover_text(format!("From 1 to {most}: more pegs, a longer puzzle"))
                    .changed()
                {
                    out.push(RandomCommand::SetPegs(pegs));
                }
                ui.end_row();

                let label = ui.label("Seed");
                ui.horizontal(|ui| {
                    let mut text = self.seed_text.clone();
                    if ui
                        .add(egui::TextEdit::singleline(&mut text).desired_width(130.0))
                        .labelled_by(label.id)
                        .on_hover_text("The same board, pegs and seed make the same puzzle")
                        .changed()
                    {
                        out.push(RandomCommand::SetSeedText(text));
                    }
                    if ui.button("New seed").clicked() {
                        out.push(RandomCommand::NewSeed);
                    }
                });
                ui.end_row();
            });
        ui.add_space(4.0);
        match &self.made {
            Some(Ok(puzzle)) => {
                ui.label(format!(
                    "{} pegs on {}: solvable, one peg to be left anywhere.",
                    puzzle.start.peg_count(),
                    board.name
                ));
                let share = match &board.key {
                    Some(key) => format!(
                        "pegsol --layout {key} --random {} --pegs {}",
                        puzzle.seed, self.pegs
                    ),
                    None => format!("seed {}, {} pegs", puzzle.seed, self.pegs),
                };
                ui.horizontal(|ui| {
                    ui.label(RichText::new("Share:").weak());
                    ui.label(RichText::new(&share).monospace());
                    if ui.small_button("Copy").clicked() {
                        ui.ctx().copy_text(share.clone());
                    }
                });
            }
            Some(Err(why)) => {
                ui.colored_label(ui.visuals().warn_fg_color, why.to_string());
            }
            None => {}
        }
        ui.add_space(4.0);
        let ready = matches!(self.made, Some(Ok(_)));
        if ui
            .add_enabled(ready, egui::Button::new("Play this puzzle"))
            .clicked()
        {
            out.push(RandomCommand::Play);
        }
        out
    }
}

/// What `--random SEED [--pegs N]` asks of the window at start: open the window on the board
/// shown, or on the catalogue board `board` (the English board when the command line named
/// none: a seed must make the same puzzle on every machine, whatever was played last), set
/// the seed (and the pegs), play the puzzle. Nothing without a seed.
pub fn start_commands(
    seed: Option<u64>,
    pegs: Option<u32>,
    board: Option<&str>,
) -> Vec<ShellCommand> {
    let Some(seed) = seed else {
        return Vec::new();
    };
    let mut commands = vec![ShellCommand::NewRandomPuzzle];
    commands.extend(board.map(|key| ShellCommand::Random(RandomCommand::Board(key.to_string()))));
    commands.push(ShellCommand::Random(RandomCommand::SetSeed(seed)));
    commands.extend(pegs.map(|p| ShellCommand::Random(RandomCommand::SetPegs(p))));
    commands.push(ShellCommand::Random(RandomCommand::Play));
    commands
}

/// The game a random puzzle makes on `board` (the play session's rule, [`Game::random`]).
pub fn puzzle_game(board: &RandomBoard, puzzle: &RandomPuzzle) -> Game {
    Game::random(&board.name, board.frame, puzzle)
}
