//! Drawing shared by the views: where cells sit on screen ([`geometry`]), the colours
//! ([`palette`]) and the notice line ([`notice`]).

pub mod geometry;
pub mod notice;
pub mod palette;
