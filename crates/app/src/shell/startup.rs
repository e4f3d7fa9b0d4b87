//! Starting the app: the board asked for on the command line (its kept game if it has one),
//! else the game played last, else the English board; and what is remembered for next time.
//!
//! Owns turning [`Options`], the remembered settings ([`PersistedState`]) and the game store
//! into a [`PegsolApp`] (a board that does not open is reported in the window, never fatal
//! unless a screenshot asked for it: then it is a [`StartError`]), and the reverse,
//! [`PegsolApp::persisted`]. Every way in
//! goes through the game store, so none throws a game away: `pegsol --layout 5`, `pegsol
//! FILE` (a double-click) and `--random` resume or put aside, and say so.

use super::{PegsolApp, DEFAULT_BOARD};
use crate::command::{Mode, ShellCommand};
use crate::editor::files::EditorFileError;
use crate::play::PlayView;
use crate::start::persist::{self, PersistedState};
use crate::start::Options;
use pegsol_record::game::CatalogueError;
use pegsol_record::{Game, GameStore, OpenError, Source};

/// Why the app could not start: the board a screenshot asked for does not open, or the
/// default board does not (the catalogue's tests make sure it does).
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// The board or game asked for does not open.
    #[error(transparent)]
    Open(#[from] OpenError),
    /// The default board does not start.
    #[error(transparent)]
    Catalogue(#[from] CatalogueError),
    /// The board asked for cannot be edited (`--editor`).
    #[error(transparent)]
    Edit(#[from] EditorFileError),
}

impl PegsolApp {
    /// The app as the window starts it, with the games kept in memory only (tests): see
    /// [`PegsolApp::start_with`].
    pub fn start(
        options: &Options,
        remembered: Option<PersistedState>,
    ) -> Result<PegsolApp, StartError> {
        PegsolApp::start_with(options, remembered, GameStore::in_memory())
    }

    /// The app as the window starts it: the board asked for on the command line (its game
    /// from `store` if one is kept), else the game played last, else the English board. The
    /// welcome window opens unless the remembered settings say it has been seen. With
    /// `editor`, the editor shows the board asked for (the English board if none) and the
    /// play view starts as usual.
    pub fn start_with(
        options: &Options,
        remembered: Option<PersistedState>,
        mut store: GameStore,
    ) -> Result<PegsolApp, StartError> {
        if options.editor {
            return PegsolApp::start_editing(options, remembered, store);
        }
        let requested = if let Some(file) = &options.file {
            Some(Game::from_file(file))
        } else {
            options.layout.as_deref().map(Game::from_spec)
        };
        let mut failed = None;
        let first = match requested {
            Some(Ok(game)) => Some(store.open_first(game)),
            Some(Err(e)) if options.screenshot.is_some() => return Err(e.into()),
            Some(Err(e)) => {
                eprintln!("pegsol: {e}");
                failed = Some(e.to_string());
                None
            }
            None => None,
        };
        let (game, said) = match first {
            Some(opening) => (opening.game, opening.said),
            None => match store.last_game() {
                Some(game) => (game, None),
                None => (
                    store.open_first(Game::from_catalogue(DEFAULT_BOARD)?).game,
                    None,
                ),
            },
        };
        let mut app = PegsolApp::with_play(PlayView::with_store(game, store));
        if let Some(state) = remembered {
            app.remember_state(state);
        }
        // What happened first, problems last, so they are what stays on screen.
        app.frame.pending.extend(said.map(ShellCommand::Tell));
        app.frame.pending.extend(failed.map(ShellCommand::Warn));
        for news in app.play.store_news() {
            eprintln!("pegsol: {news}");
            app.frame.pending.push(ShellCommand::Warn(news));
        }
        if let (Some(file), Source::File(_)) = (&options.file, &app.play.game().source) {
            app.boards.remember(file.clone());
        }
        app.shown.welcome = !app.settings.welcomed;
        // `--theme`, and `--random SEED [--pegs N]` (made and played on the first frame).
        if let Some(theme) = options.theme {
            app.settings.theme = theme;
        }
        // With no board named, the English board, as `--help` says: not the one played last.
        let named = options.layout.is_some() || options.file.is_some();
        let board = (!named).then_some(DEFAULT_BOARD);
        let random = crate::random::start_commands(options.random, options.pegs, board);
        app.frame.pending.extend(random);
        Ok(app)
    }

    /// `pegsol --editor [--layout L | FILE]`: the play view as usual (the game played last
    /// or the English board) and the editor on the board asked for. A board the editor
    /// cannot take fails a screenshot run; otherwise it is reported in the window.
    fn start_editing(
        options: &Options,
        remembered: Option<PersistedState>,
        store: GameStore,
    ) -> Result<PegsolApp, StartError> {
        let spec = match (&options.file, &options.layout) {
            (Some(file), _) => file.display().to_string(),
            (None, Some(layout)) => layout.clone(),
            (None, None) => DEFAULT_BOARD.to_string(),
        };
        let play = Options {
            editor: false,
            layout: None,
            file: None,
            ..options.clone()
        };
        let mut app = PegsolApp::start_with(&play, remembered, store)?;
        app.shown.mode = Mode::Editor;
        if let Err(e) = app.editor.edit_spec(&spec) {
            if options.screenshot.is_some() {
                return Err(e.into());
            }
            eprintln!("pegsol: {e}");
            app.frame.pending.push(ShellCommand::Warn(e.to_string()));
        }
        Ok(app)
    }

    /// An app started with remembered settings and nothing asked for (tests of what the
    /// settings bring back).
    pub fn restore(state: PersistedState) -> Result<PegsolApp, StartError> {
        PegsolApp::start(&Options::default(), Some(state))
    }

    /// Takes the settings, the solver panel's form and the recent files from remembered
    /// settings.
    pub(super) fn remember_state(&mut self, state: PersistedState) {
        self.settings = state.settings;
        // The play view's advisor follows the View menu: tell it, on the first frame, through
        // the one place commands are applied.
        self.frame.pending.extend([
            ShellCommand::SetShowWinningJumps(state.settings.show_winning_jumps),
            ShellCommand::SetHintEffort(state.settings.hint_effort),
        ]);
        self.play.set_solver_panel(state.solver);
        self.boards.set_recent(state.recent);
    }

    /// The settings to remember between runs.
    pub fn persisted(&self) -> PersistedState {
        PersistedState {
            version: persist::VERSION,
            recent: self.boards.recent().to_vec(),
            settings: self.settings,
            solver: self.play.solver_panel().clone(),
        }
    }
}
