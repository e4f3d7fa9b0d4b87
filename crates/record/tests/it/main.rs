//! The mid-end's integration tests, one binary: the play session checked against a plain
//! model over seeded random command sequences.

mod play_session;
