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
            manual_page(&mut bytes).map_err(CliError::Stdout)?;
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

/// The manual page: one page for the program and every subcommand, as ripgrep's is (clap_mangen
/// alone would point to a page per subcommand, `pegsol-solve(1)`, which nothing installs).
/// Each subcommand gets its own subsection with its `--help` text.
fn manual_page(out: &mut Vec<u8>) -> std::io::Result<()> {
    let mut command = Cli::command();
    command.build();
    let man = clap_mangen::Man::new(command.clone());
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    man.render_options_section(out)?;
    writeln!(out, ".SH COMMANDS")?;
    for sub in command.get_subcommands_mut() {
        if sub.is_hide_set() || sub.get_name() == "help" {
            continue;
        }
        writeln!(out, ".SS \"pegsol {}\"", sub.get_name())?;
        writeln!(out, ".nf")?;
        for line in sub.render_long_help().to_string().lines() {
            writeln!(out, "{}", roff_line(line))?;
        }
        writeln!(out, ".fi")?;
    }
    man.render_extra_section(out)?;
    man.render_version_section(out)
}

/// A line of plain text made safe for roff: backslashes escaped, and a line that starts with
/// a control character (`.` or `'`) kept as text.
fn roff_line(line: &str) -> String {
    let escaped = line.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with('.') || escaped.starts_with('\'') {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}
