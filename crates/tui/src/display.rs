//! Whether a window can be opened here: a display named in the environment, and a server
//! that answers there.
//!
//! Owns the look before the window's toolkit is started: a `DISPLAY` left behind by an SSH
//! session that has gone (common in a tmux session attached again later) names no server,
//! and the toolkit's failure then ("Failed to open connection to X server") would end the
//! run where the terminal game could have been played. So each display named is tried the
//! way its clients reach it (a Wayland socket under `XDG_RUNTIME_DIR`, an X server's Unix
//! socket or its TCP port 6000 + n) before it counts.

use super::NoDisplay;
use std::path::PathBuf;
use std::time::Duration;

/// How long a display over the network (SSH's X forwarding, `localhost:10`) may take to
/// answer: a forwarded connection answers at once, and a start-up waits for no longer.
const TCP_WAIT: Duration = Duration::from_millis(700);

/// Whether a window can be opened here: `Ok` naming the display that answers
/// (`DISPLAY=:1`), or [`NoDisplay`] saying why not. `env` looks a variable up.
pub fn display(env: impl Fn(&str) -> Option<String>) -> Result<String, NoDisplay> {
    display_with(env, reachable)
}

/// [`display`] with `reach` trying a display (its variable, its value and the environment);
/// for tests.
pub(super) fn display_with<E, R>(env: E, reach: R) -> Result<String, NoDisplay>
where
    E: Fn(&str) -> Option<String>,
    R: Fn(&str, &str, &dyn Fn(&str) -> Option<String>) -> Result<(), String>,
{
    let named: Vec<(&str, String)> = ["WAYLAND_DISPLAY", "WAYLAND_SOCKET", "DISPLAY"]
        .iter()
        .filter_map(|&v| env(v).filter(|s| !s.is_empty()).map(|s| (v, s)))
        .collect();
    if named.is_empty() {
        return Err(NoDisplay::Unset);
    }
    let mut why = Vec::new();
    for (variable, value) in &named {
        match reach(variable, value, &env) {
            Ok(()) => return Ok(format!("{variable}={value}")),
            Err(e) => why.push(format!("{variable}={value} {e}")),
        }
    }
    Err(NoDisplay::Unreachable(why.join("; ")))
}

/// Tries the display `variable` names as `value`: `Ok` when something listens there.
fn reachable(
    variable: &str,
    value: &str,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<(), String> {
    // Elsewhere the window does not use these variables: the toolkit decides.
    if !cfg!(all(unix, not(target_os = "macos"))) {
        return Ok(());
    }
    match variable {
        "WAYLAND_DISPLAY" => {
            let path = PathBuf::from(value);
            let path = if path.is_absolute() {
                path
            } else {
                let runtime = env("XDG_RUNTIME_DIR")
                    .filter(|d| !d.is_empty())
                    .ok_or("names a socket, but XDG_RUNTIME_DIR is unset")?;
                PathBuf::from(runtime).join(path)
            };
            unix_connect(&path)
        }
        "DISPLAY" => x_server(value),
        // A socket handed down already open: only the toolkit can use it.
        _ => Ok(()),
    }
}

/// Connects to the X server `display` names (`:0`, `:1.0`, `unix:2`, `host:10.0`).
fn x_server(display: &str) -> Result<(), String> {
    let Some((host, rest)) = display.rsplit_once(':') else {
        return Err("is not a display name".into());
    };
    let number: u16 = rest
        .split('.')
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or("is not a display name")?;
    if host.is_empty() || host == "unix" {
        let path = PathBuf::from(format!("/tmp/.X11-unix/X{number}"));
        return unix_connect_x(&path, number);
    }
    // `/path/to/socket:0`, as XQuartz names one: the socket itself.
    if host.starts_with('/') {
        return unix_connect(std::path::Path::new(host));
    }
    let port = 6000u16.checked_add(number).ok_or("is not a display name")?;
    use std::net::ToSocketAddrs;
    let addresses = (host, port)
        .to_socket_addrs()
        .map_err(|e| format!("names a host that cannot be found ({e})"))?;
    for address in addresses {
        if std::net::TcpStream::connect_timeout(&address, TCP_WAIT).is_ok() {
            return Ok(());
        }
    }
    Err(format!(
        "names no X server that answers (nothing listens on {host} port {port}; a \
         forwarded display ends with its SSH connection)"
    ))
}

/// An X server's local socket: the abstract one Linux servers listen on, else the file.
fn unix_connect_x(path: &std::path::Path, number: u16) -> Result<(), String> {
    #[cfg(target_os = "linux")]
    {
        use std::os::linux::net::SocketAddrExt;
        let name = format!("/tmp/.X11-unix/X{number}");
        if let Ok(address) = std::os::unix::net::SocketAddr::from_abstract_name(name) {
            if std::os::unix::net::UnixStream::connect_addr(&address).is_ok() {
                return Ok(());
            }
        }
    }
    let _ = number;
    unix_connect(path).map_err(|_| {
        format!(
            "names no X server that answers (nothing listens at {})",
            path.display()
        )
    })
}

#[cfg(unix)]
fn unix_connect(path: &std::path::Path) -> Result<(), String> {
    std::os::unix::net::UnixStream::connect(path)
        .map(drop)
        .map_err(|e| format!("names no server that answers at {} ({e})", path.display()))
}

/// Elsewhere the toolkit decides.
#[cfg(not(unix))]
fn unix_connect(_: &std::path::Path) -> Result<(), String> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn only(name: &'static str) -> impl Fn(&str) -> Option<String> {
        move |k: &str| (k == name).then(|| ":1".to_string())
    }

    #[test]
    fn a_display_is_found_in_any_of_the_three_variables() {
        let answers = |_: &str, _: &str, _: &dyn Fn(&str) -> Option<String>| Ok(());
        assert_eq!(
            display_with(only("DISPLAY"), answers),
            Ok("DISPLAY=:1".into())
        );
        assert_eq!(
            display_with(only("WAYLAND_DISPLAY"), answers),
            Ok("WAYLAND_DISPLAY=:1".into())
        );
        assert!(display_with(only("WAYLAND_SOCKET"), answers).is_ok());
        let none = display_with(|_| None, answers).unwrap_err();
        assert!(none
            .to_string()
            .contains("DISPLAY, WAYLAND_DISPLAY and WAYLAND_SOCKET"));
        assert!(
            display_with(|_| Some(String::new()), answers).is_err(),
            "empty is unset"
        );
    }

    #[test]
    fn a_display_that_does_not_answer_is_no_display_and_says_so() {
        let silent = |_: &str, _: &str, _: &dyn Fn(&str) -> Option<String>| {
            Err("names no X server that answers".to_string())
        };
        let why = display_with(only("DISPLAY"), silent).unwrap_err();
        assert_eq!(
            why.to_string(),
            "no display: DISPLAY=:1 names no X server that answers"
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn an_x_display_with_no_server_is_unreachable() {
        // No X server is numbered this high anywhere this runs.
        let e = x_server(":6377").unwrap_err();
        assert!(e.contains("/tmp/.X11-unix/X6377"), "{e}");
        assert!(x_server("nonsense").is_err());
        // A server's socket named as XQuartz names one (its path, then the number).
        let path = std::env::temp_dir().join(format!("pegsol-x-{}", std::process::id()));
        let _ = std::fs::remove_file(&path);
        let listener = std::os::unix::net::UnixListener::bind(&path).expect("a socket");
        assert_eq!(x_server(&format!("{}:0", path.display())), Ok(()));
        drop(listener);
        let _ = std::fs::remove_file(&path);
        assert!(x_server(&format!("{}:0", path.display())).is_err());
    }
}
