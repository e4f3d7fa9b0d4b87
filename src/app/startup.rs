//! Starting the app: the board asked for on the command line, else the games remembered from
//! last time, else the English board; and what is remembered for next time.
//!
//! Owns turning [`Options`] and a [`PersistedState`] into a [`PegsolApp`] (a board that does
//! not open is reported in the window, never fatal unless a screenshot asked for it), and
//! the reverse, [`PegsolApp::persisted`].

use super::game::{Game, Source};
use super::persist::{self, PersistedState};
use super::{Mode, Options, PegsolApp, ShellCommand, DEFAULT_BOARD};

impl PegsolApp {
    /// The app as the window starts it: the board asked for on the command line, else the
    /// game remembered from last time, else the English board. The welcome window opens
    /// unless the remembered settings say it has been seen. With `editor`, the editor shows
    /// the board asked for (the English board if none) and the play view starts as usual.
    pub fn start(
        options: &Options,
        remembered: Option<PersistedState>,
    ) -> Result<PegsolApp, String> {
        if options.editor {
            return PegsolApp::start_editing(options, remembered);
        }
        let requested = if let Some(file) = &options.file {
            Some(Game::from_file(file))
        } else {
            options.layout.as_deref().map(Game::from_spec)
        };
        let requested = match requested {
            Some(Ok(game)) => Some(game),
            Some(Err(e)) if options.screenshot.is_some() => return Err(e),
            Some(Err(e)) => {
                eprintln!("pegsol: {e}");
                let mut app = PegsolApp::start(&Options::default(), remembered)?;
                app.frame.pending.push(ShellCommand::Tell(e));
                return Ok(app);
            }
            None => None,
        };
        let mut app = match requested {
            Some(game) => {
                let mut app = PegsolApp::new(game);
                if let Some(state) = remembered {
                    app.remember_state(state);
                }
                app
            }
            None => match remembered {
                Some(state) => PegsolApp::restore(state)?,
                None => PegsolApp::new(Game::from_catalogue(DEFAULT_BOARD)?),
            },
        };
        if let (Some(file), Source::File(_)) = (&options.file, &app.play.game().source) {
            app.boards.remember(file.clone());
        }
        app.shown.welcome = !app.settings.welcomed;
        // `--theme`, and `--random SEED [--pegs N]` (made and played on the first frame).
        if let Some(theme) = options.theme {
            app.settings.theme = theme;
        }
        let random = super::random::start_commands(options.random, options.pegs);
        app.frame.pending.extend(random);
        Ok(app)
    }

    /// `pegsol --editor [--layout L | FILE]`: the play view as usual (the remembered game or
    /// the English board) and the editor on the board asked for. A board the editor cannot
    /// take fails a screenshot run; otherwise it is reported in the window.
    fn start_editing(
        options: &Options,
        remembered: Option<PersistedState>,
    ) -> Result<PegsolApp, String> {
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
        let mut app = PegsolApp::start(&play, remembered)?;
        app.shown.mode = Mode::Editor;
        if let Err(e) = app.editor.edit_spec(&spec) {
            if options.screenshot.is_some() {
                return Err(e);
            }
            eprintln!("pegsol: {e}");
            app.frame.pending.push(ShellCommand::Tell(e));
        }
        Ok(app)
    }

    /// An app restored from remembered state. A game that no longer restores (a hand-edited
    /// state file) is dropped with a log line and the English board is shown instead; only a
    /// broken embedded catalogue makes this fail.
    pub fn restore(state: PersistedState) -> Result<PegsolApp, String> {
        let source = state
            .source
            .clone()
            .unwrap_or(Source::Other("restored".into()));
        let game = state
            .game
            .as_ref()
            .map(|saved| Game::from_saved(saved, source))
            .and_then(|r| {
                r.map_err(|e| eprintln!("pegsol: ignoring the remembered game: {e}"))
                    .ok()
            })
            .map_or_else(|| Game::from_catalogue(DEFAULT_BOARD), Ok);
        let mut app = PegsolApp::new(game?);
        app.remember_state(state);
        Ok(app)
    }

    /// Takes the settings, the solver panel's form, the recent files and the other boards'
    /// games from remembered state.
    pub(super) fn remember_state(&mut self, state: PersistedState) {
        self.settings = state.settings;
        self.play.set_solver_panel(state.solver);
        self.boards.set_recent(state.recent);
        let games = state.shelf.iter().filter_map(|kept| {
            Game::from_saved(&kept.game, kept.source.clone())
                .map_err(|e| eprintln!("pegsol: ignoring a remembered game: {e}"))
                .ok()
        });
        self.play.set_shelf(games.collect());
    }

    /// The state to remember between runs.
    pub fn persisted(&self) -> PersistedState {
        let game = self.play.game();
        PersistedState {
            version: persist::VERSION,
            game: Some(game.to_saved()),
            source: Some(game.source.clone()),
            recent: self.boards.recent().to_vec(),
            settings: self.settings,
            solver: self.play.solver_panel().clone(),
            shelf: self
                .play
                .shelved()
                .map(|g| crate::record::resume::Resume::of(&g.puzzle, &g.record, g.source.clone()))
                .collect(),
        }
    }

    /// Reads remembered state from eframe's storage, logging (not failing) when it is bad.
    pub(super) fn remembered(storage: Option<&dyn eframe::Storage>) -> Option<PersistedState> {
        let text = storage?.get_string(eframe::APP_KEY)?;
        match PersistedState::from_ron(&text) {
            Ok(state) => Some(state),
            Err(e) => {
                eprintln!("pegsol: ignoring the remembered state: {e}");
                None
            }
        }
    }
}
