//! The window: a shell with views, the only code that uses egui, eframe and rfd.
//!
//! Its folders are its plan:
//!
//! | folder or file | what it owns |
//! |---|---|
//! | `command.rs` | the shell's command vocabulary ([`ShellCommand`], [`Mode`], [`Window`], file requests): what views return |
//! | `frame.rs` | what the shell lends every view each frame ([`ViewFrame`]) and the View [`Settings`] |
//! | `shell/` | [`PegsolApp`]: applying shell commands, the menu, the shell's windows, the keys, the file dialogs, keeping the games and quitting |
//! | `start/` | opening the window: the launch options, the state files, the `--screenshot` run |
//! | `input.rs` | key presses taken in the order they came, each once (every view's keys) |
//! | `paint/` | drawing shared by views: board geometry, the palette, the notice line |
//! | `play/`, `editor/`, `search/` | the three views the mode switch shows |
//! | `boards/`, `experiments/`, `random/`, `problems/` | the boards panel, the Experiments window, the New random puzzle window, the Problems window |
//!
//! Each view has a `ui` in egui_demo_lib's shape, its own command enum in its own
//! `command.rs` applied by its own `apply`, and returns what crosses views as
//! [`ShellCommand`]s, which the shell carries out in one place (as rerun's `SystemCommand`).
//! No view imports the shell (tests/it/architecture.rs checks it).

pub mod boards;
pub mod command;
pub mod editor;
pub mod experiments;
pub mod frame;
pub mod input;
pub mod paint;
pub mod play;
pub mod problems;
pub mod random;
pub mod search;
pub mod shell;
pub mod start;

pub use command::{Mode, ShellCommand, Window};
pub use frame::{Settings, ViewFrame};
pub use shell::PegsolApp;
pub use start::{run, Options, APP_ID};
