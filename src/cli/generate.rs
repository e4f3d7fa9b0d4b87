//! `pegsol generate man|bash|zsh|fish|elvish|powershell`: the manual page and the shell
//! completions, made from the same clap definitions that parse the arguments (as
//! `rg --generate` does), so they never fall behind the command line. Hidden from `--help`:
//! it is for packagers (`packaging/build-deb.sh` installs its output).

use super::output::stdout_error;
use super::{Cli, CliError};
use clap::{CommandFactory, ValueEnum};
use std::io::Write;

/// What to generate.
#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Artefact {
    /// The manual page, `pegsol.1`, in roff.
    Man,
    /// Bash completions.
    Bash,
    /// Zsh completions.
    Zsh,
    /// Fish completions.
    Fish,
    /// Elvish completions.
    Elvish,
    /// PowerShell completions.
    Powershell,
}

/// Writes `what` to standard output.
pub fn run(what: Artefact) -> Result<(), CliError> {
    let mut bytes = Vec::new();
    let shell = match what {
        Artefact::Man => {
            clap_mangen::Man::new(Cli::command())
                .render(&mut bytes)
                .map_err(CliError::Stdout)?;
            None
        }
        Artefact::Bash => Some(clap_complete::Shell::Bash),
        Artefact::Zsh => Some(clap_complete::Shell::Zsh),
        Artefact::Fish => Some(clap_complete::Shell::Fish),
        Artefact::Elvish => Some(clap_complete::Shell::Elvish),
        Artefact::Powershell => Some(clap_complete::Shell::PowerShell),
    };
    if let Some(shell) = shell {
        clap_complete::generate(shell, &mut Cli::command(), "pegsol", &mut bytes);
    }
    let mut out = std::io::stdout().lock();
    out.write_all(&bytes)
        .and_then(|()| out.flush())
        .map_err(stdout_error)
}
