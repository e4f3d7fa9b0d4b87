//! Which front end a plain `pegsol [LAYOUT]` opens: the window where a display exists, the
//! terminal game where there is none (on a terminal) or with `--terminal`, and where there is
//! neither, the board checked and the reason given instead of the window toolkit's error.

use super::output::note;
use super::{GuiOptions, Launch};
use std::process::ExitCode;

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
