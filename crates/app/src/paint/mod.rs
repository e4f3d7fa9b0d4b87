//! Drawing shared by the views: where cells sit on screen ([`geometry`]), the colours
//! ([`palette`]), the notice line ([`notice`]) and controls that keep their width whatever
//! they say ([`steady`]).

pub mod geometry;
pub mod notice;
pub mod palette;
pub mod steady;
