//! Pegsol's entry point: the window by default, the command line for batch work.

use pegsol::cli::{run, Launch};
use std::process::ExitCode;

fn main() -> ExitCode {
    match run(std::env::args().collect()) {
        Launch::Done(code) => code,
        Launch::Gui(options) => pegsol::app::run(options),
    }
}
