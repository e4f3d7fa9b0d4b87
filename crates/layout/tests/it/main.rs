//! The layouts' integration tests, one binary: the assignment's table imported, boards
//! checked against the rules.

mod import;
mod rules;
