//! Which front end a plain `pegsol [LAYOUT]` opens: the window where a display exists, the
//! terminal game where there is none (on a terminal) or with `--terminal`, and where there is
//! neither, the board checked and the reason given instead of the window toolkit's error;
//! and the options the window takes from the command line ([`GuiOptions`]).

use super::output::note;
use super::Launch;
use std::process::ExitCode;

/// Options for opening the window (see `pegsol --help`).
#[derive(Clone, Debug, Default, clap::Args)]
pub struct GuiOptions {
    /// Write a PNG of the window to this path and exit.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<std::path::PathBuf>,
    /// Board to open (level 0-8, catalogue name, or file).
    #[arg(long, value_name = "LAYOUT")]
    pub layout: Option<String>,
    /// Window size for the screenshot, e.g. 1200x800.
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
    /// Solve the board (exact, no limit) before the screenshot and load the solution.
    #[arg(long, requires = "screenshot")]
    pub solve: bool,
    /// With --solve: move the timeline to jump N.
    #[arg(long, value_name = "N", requires = "solve")]
    pub step: Option<usize>,
    /// With --step: show the jump to step N held this far (0 to 1) through its slide, a
    /// still of the jump's animation.
    #[arg(long, value_name = "FRACTION", requires = "step", value_parser = parse_fraction)]
    pub mid_jump: Option<f32>,
    /// With --screenshot: keep only the board in the picture.
    #[arg(long, requires = "screenshot")]
    pub board_only: bool,
    /// With --solve: find the fewest moves instead (the solver panel's "Fewest moves").
    #[arg(long = "solve-fewest-moves", requires = "solve")]
    pub solve_fewest_moves: bool,
    /// Ask for a hint, as H does, and wait for it before the screenshot.
    #[arg(long, requires = "screenshot")]
    pub hint: bool,
    /// Open the layout editor (with --layout's board, or the English board).
    #[arg(long)]
    pub editor: bool,
    /// Open the Experiments window (with --screenshot: run levels 0-8 at 10k and 100k to the
    /// end first).
    #[arg(long)]
    pub experiments: bool,
    /// Make a random puzzle on --layout's board (the English board if none) from this seed and
    /// play it, with Game > New random puzzle open: the same board, pegs and seed always make
    /// the same puzzle.
    #[arg(long, value_name = "SEED")]
    pub random: Option<u64>,
    /// With --random: how many pegs (default: half the holes, the Medium preset).
    #[arg(long, value_name = "N", requires = "random")]
    pub pegs: Option<u32>,
    /// The theme for this run: system, light or dark (in the terminal game: colours for a
    /// light or dark background; system asks the terminal, `COLORFGBG`).
    #[arg(long, value_name = "THEME", value_parser = ["system", "light", "dark"])]
    pub theme: Option<String>,
    /// The terminal game's cell names: board (`d4`) or xy (`3,3`, as the assignment's code,
    /// `--json` and saved games have them); the `x` key switches.
    #[arg(long, value_name = "STYLE", value_parser = ["board", "xy"])]
    pub coords: Option<String>,
    /// A layout or saved game to open (what a double-click passes).
    #[arg(value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
    /// Play in this terminal instead of opening the window (the default where there is no
    /// display).
    #[arg(long, conflicts_with_all = ["screenshot", "editor", "experiments"])]
    pub terminal: bool,
}

/// `--mid-jump`'s fraction: a number from 0 to 1.
fn parse_fraction(text: &str) -> Result<f32, String> {
    match text.trim().parse::<f32>() {
        Ok(f) if (0.0..=1.0).contains(&f) => Ok(f),
        _ => Err(format!("`{text}` is not a fraction from 0 to 1 (e.g. 0.5)")),
    }
}

/// `pegsol [LAYOUT]`: the window where a display exists, the terminal game where none does
/// (on a terminal) or with `--terminal`, saying which and why on standard error's first line.
pub(super) fn front_end(mut gui: GuiOptions) -> Launch {
    // `pegsol 5`, `pegsol english`: a catalogue board rather than a file of that name.
    if let Some(file) = &gui.file {
        let name = file.to_string_lossy().into_owned();
        if gui.layout.is_none() && !file.exists() && pegsol_layout::catalogue::find(&name).is_some()
        {
            gui.layout = Some(name);
            gui.file = None;
        }
    }
    let spec = || {
        gui.file
            .as_ref()
            .map(|f| f.to_string_lossy().into_owned())
            .or_else(|| gui.layout.clone())
    };
    if gui.terminal {
        note("pegsol: playing in the terminal (--terminal)");
        return Launch::Terminal(terminal_options(
            spec(),
            "terminal game (--terminal)",
            gui.theme.as_deref(),
            gui.coords.as_deref(),
        ));
    }
    let display = pegsol_tui::display(|k| std::env::var(k).ok());
    let plain = gui.screenshot.is_none() && !gui.editor && !gui.experiments && gui.random.is_none();
    if plain {
        use std::io::IsTerminal;
        match &display {
            Err(why) if pegsol_tui::on_a_terminal() => {
                note(format!("pegsol: {why}: playing in the terminal"));
                return Launch::Terminal(terminal_options(
                    spec(),
                    "terminal game (no display)",
                    gui.theme.as_deref(),
                    gui.coords.as_deref(),
                ));
            }
            Ok(display) if std::io::stderr().is_terminal() => note(format!(
                "pegsol: opening the window on {display} (--terminal plays in this terminal)"
            )),
            _ => {}
        }
    }
    if let (Err(why), true) = (&display, cfg!(all(unix, not(target_os = "macos")))) {
        return Launch::Done(nowhere_to_play(why, spec().as_deref(), plain));
    }
    Launch::Gui(gui)
}

/// The terminal game's options from the command line's words (checked by clap already).
pub(super) fn terminal_options(
    layout: Option<String>,
    why: &str,
    theme: Option<&str>,
    coords: Option<&str>,
) -> pegsol_tui::TuiOptions {
    pegsol_tui::TuiOptions {
        layout,
        why: why.into(),
        light: match theme {
            Some("light") => Some(true),
            Some("dark") => Some(false),
            _ => None,
        },
        names: match coords {
            Some("xy") => pegsol_rules::CellNames::Xy,
            _ => pegsol_rules::CellNames::Board,
        },
    }
}

/// With no display (and, for a plain `pegsol LAYOUT`, no terminal either): the board is
/// checked first (status 2 for a bad one, as anywhere else), then the message says why there
/// is no game and what works instead (status 1), rather than the window's toolkit failing.
fn nowhere_to_play(why: &pegsol_tui::NoDisplay, spec: Option<&str>, plain: bool) -> ExitCode {
    if let Some(spec) = spec {
        if let Err(e) = pegsol_record::Game::from_spec(spec) {
            note(format!("pegsol: {e}"));
            return ExitCode::from(2);
        }
    }
    let terminal = if plain {
        " and standard input is not a terminal, so there is nowhere to play: \
         `pegsol play LAYOUT` plays on a terminal, and `pegsol solve LAYOUT` works anywhere"
    } else {
        ", and this needs the window (`xvfb-run pegsol ...` gives it one without a screen)"
    };
    note(format!("pegsol: {why}{terminal}"));
    ExitCode::from(1)
}
