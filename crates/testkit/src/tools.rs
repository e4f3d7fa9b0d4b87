//! Tests that need a tool of the system (`xvfb-run`, `desktop-file-validate`): whether it is
//! here, and what happens when it is not.
//!
//! Where the tool is missing the test says so on standard error ("SKIPPED: …", shown by the
//! runner) and passes; with `PEGSOL_REQUIRE_TOOLS` set (as `.ci/run` sets it, after installing
//! the tools) a missing tool fails the test instead, so CI can never pass by skipping.

use std::process::Command;

/// Whether `tool` is on the `PATH`; `false` after saying the test `what` is skipped. Panics
/// when the tool is missing and `PEGSOL_REQUIRE_TOOLS` is set.
pub fn have(tool: &str, what: &str) -> bool {
    let found = Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("PEGSOL_REQUIRE_TOOLS").is_none(),
            "{tool} is required (PEGSOL_REQUIRE_TOOLS is set) for {what}, and it is not installed"
        );
        eprintln!("SKIPPED: {what}: {tool} is not installed");
    }
    found
}
