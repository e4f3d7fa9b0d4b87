//! Pegsol's entry point: the window by default (the terminal game where there is no display),
//! the command line for batch work.

// On Windows the program is a GUI program: no console window opens behind the game when it is
// started from the Start menu or by double-clicking a file. The command line still prints:
// see `attach_console`.
#![cfg_attr(windows, windows_subsystem = "windows")]

use pegsol::cli::{run, GuiOptions, Launch};
use std::process::ExitCode;

/// The system's allocator, noting refused requests: under a memory limit an abort after
/// one becomes a message and status 1 (see `report_aborts_after_refusals`).
#[global_allocator]
static ALLOCATOR: pegsol_solver::system_memory::NotingAllocator =
    pegsol_solver::system_memory::NotingAllocator;

fn main() -> ExitCode {
    pegsol_solver::system_memory::fit_allocator_to_limits();
    pegsol_solver::system_memory::report_aborts_after_refusals();
    // `args_os`: a file name need not be UTF-8 (`std::env::args` panics on one that is not).
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if args.len() > 1 {
        attach_console();
    }
    match run(args) {
        Launch::Done(code) => code,
        Launch::Gui(options) => pegsol_app::run(window_options(options)),
        Launch::Terminal(options) => pegsol_tui::run(options),
    }
}

/// The command line's window options as the window takes them (the app never imports the
/// command line).
fn window_options(options: GuiOptions) -> pegsol_app::Options {
    pegsol_app::Options {
        screenshot: options.screenshot,
        layout: options.layout,
        size: options.size,
        solve: options.solve,
        step: options.step,
        fewest_moves: options.solve_fewest_moves,
        mid_jump: options.mid_jump,
        board_only: options.board_only,
        hint: options.hint,
        editor: options.editor,
        experiments: options.experiments,
        random: options.random,
        pegs: options.pegs,
        theme: options.theme.as_deref().map(|theme| match theme {
            "light" => pegsol_app::paint::palette::ThemeChoice::Light,
            "dark" => pegsol_app::paint::palette::ThemeChoice::Dark,
            _ => pegsol_app::paint::palette::ThemeChoice::System,
        }),
        file: options.file,
    }
}

/// Windows: a GUI-subsystem program has no console, so `pegsol solve english` typed in a
/// terminal would print nothing. Attach to the console of the terminal that started us, if
/// there is one (a double-click has none, and then this does nothing). The terminal does not
/// wait for a GUI program, so its prompt may come back before the output.
#[cfg(windows)]
fn attach_console() {
    use windows_sys::Win32::System::Console::{AttachConsole, ATTACH_PARENT_PROCESS};
    // SAFETY: AttachConsole takes a process id and has no other preconditions; a failure
    // (no parent console, or one already attached) leaves the process as it was.
    unsafe {
        AttachConsole(ATTACH_PARENT_PROCESS);
    }
}

/// Elsewhere the program always has its terminal: nothing to do.
#[cfg(not(windows))]
fn attach_console() {}
