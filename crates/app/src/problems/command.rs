//! The Problems window's command vocabulary, carried out by [`super::ProblemsView::apply`].

/// Something a person asked the Problems window for. [`super::ProblemsView::apply`] carries it out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProblemsCommand {
    /// Start a fresh game of the problem with this key in the play view.
    Start(&'static str),
    /// Close the window.
    Close,
}
