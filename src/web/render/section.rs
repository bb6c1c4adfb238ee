//! One full-view section, shared by the panel's inline view and the details sheet (a module of
//! its own so the sheet does not import the render root that imports it).

use web_sys::Element;

use super::dom::{Dom, DomResult};
use crate::signal::{Section, Signal};

/// `render(dom, signal, section)`: the section's own module (`super::<key>`) renders it.
macro_rules! dispatch {
    ($($variant:ident $key:ident $label:literal,)+) => {
        /// The section `which` of `signal`.
        pub(super) fn render(dom: &Dom, signal: &Signal, which: Section) -> DomResult<Element> {
            match which {
                $(Section::$variant => super::$key::render(dom, signal),)+
            }
        }
    };
}
crate::signal::for_each_section!(dispatch);

/// Said instead of the sections when the user hid all of them.
pub(super) fn all_hidden_note(dom: &Dom) -> Element {
    dom.text(
        "p",
        "prl-empty prl-all-hidden",
        "All sections are hidden in the prlens settings (toolbar button).",
    )
}
