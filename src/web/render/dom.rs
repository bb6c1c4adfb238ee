//! Safe DOM building blocks for the panel: every node is made with `create_element`,
//! text goes in only through `set_text_content`, and attribute names are `&'static str`
//! so no PR-controlled string can ever become an attribute name or markup.
//!
//! Why: titles, bodies, file names, logins and check names are attacker-controlled
//! (extension-platform notes §7, "Render safely"); building nodes instead of parsing
//! strings makes script injection impossible by construction.

use std::cell::RefCell;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element};

use super::links;

/// The SVG namespace; charts are built node by node with `create_element_ns`.
const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// A document to build panel nodes in.
#[derive(Clone)]
pub struct Dom {
    document: Document,
    /// Section headings are `h3` in the panel (under GitHub's page headings) and one level
    /// higher in the details sheet, whose own document starts at its `h1`.
    heading_level: HeadingLevel,
}

/// Where section headings sit in the outline of the document being built.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeadingLevel {
    /// Section titles `h3`, sub-headings `h4` (the sidebar panel).
    Panel,
    /// Section titles `h2`, sub-headings `h3` (the details sheet).
    Sheet,
}

/// Results in the renderer carry the JS exception, if any, up to the export.
pub type DomResult<T> = Result<T, JsValue>;

thread_local! {
    /// The first JS exception a DOM building call threw since the render began.
    static FIRST_ERROR: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// Keeps a DOM call's value and records its exception instead of returning early.
///
/// Why: the building calls (`create_element` with fixed tag names, `set_attribute` with
/// fixed names, `append_child` of fresh nodes) cannot fail in a live document, yet a `?`
/// after each of the several hundred calls gave each its own cleanup path dropping the
/// nodes built so far, a large share of the renderer's wasm. The exports check
/// [`take_error`] once, before they touch the root, so a failure still becomes an
/// exception and leaves the root as it was.
fn keep<T>(result: Result<T, JsValue>) -> Option<T> {
    match result {
        Ok(value) => Some(value),
        Err(error) => {
            record(error);
            None
        }
    }
}

#[cold]
fn record(error: JsValue) {
    FIRST_ERROR.with(|slot| {
        let mut slot = slot.borrow_mut();
        if slot.is_none() {
            *slot = Some(error);
        }
    });
}

/// The first exception a building call threw since the last check, if any (and forgets it).
pub fn take_error() -> DomResult<()> {
    match FIRST_ERROR.with(|slot| slot.borrow_mut().take()) {
        Some(error) => Err(error),
        None => Ok(()),
    }
}

/// Forgets an exception recorded by an earlier render or click that ended early; every
/// export and event handler starts with this, so [`take_error`] reports only its own.
pub fn forget_errors() {
    let _ = take_error();
}

/// A stand-in for an element the document refused to create: later calls on it fail (and
/// are recorded) or do nothing, and the render ends in [`take_error`]'s exception.
fn placeholder() -> Element {
    JsValue::from(js_sys::Object::new()).unchecked_into()
}

impl Dom {
    /// The document that owns `root` (the panel iframe's, or the playground's).
    pub fn for_root(root: &Element) -> DomResult<Self> {
        let document = root
            .owner_document()
            .ok_or_else(|| JsValue::from_str("the panel root is not attached to a document"))?;
        Ok(Self {
            document,
            heading_level: HeadingLevel::Panel,
        })
    }

    /// The same document with section headings at `level`.
    pub fn with_headings(mut self, level: HeadingLevel) -> Self {
        self.heading_level = level;
        self
    }

    /// The tag of a section title.
    pub fn section_heading(&self) -> &'static str {
        match self.heading_level {
            HeadingLevel::Panel => "h3",
            HeadingLevel::Sheet => "h2",
        }
    }

    /// The tag of a sub-heading inside a section.
    pub fn sub_heading(&self) -> &'static str {
        match self.heading_level {
            HeadingLevel::Panel => "h4",
            HeadingLevel::Sheet => "h3",
        }
    }

    /// An HTML element with a class list (may be empty).
    pub fn el(&self, tag: &str, class: &str) -> Element {
        let element = keep(self.document.create_element(tag)).unwrap_or_else(placeholder);
        if !class.is_empty() {
            set(&element, "class", class);
        }
        element
    }

    /// An HTML element holding `text` as literal text.
    pub fn text(&self, tag: &str, class: &str, text: &str) -> Element {
        let element = self.el(tag, class);
        // Bidi and zero-width characters from the PR are shown, not obeyed.
        element.set_text_content(Some(&crate::text::show_invisibles(text)));
        element
    }

    /// An element showing a file path as text with a `<wbr>` after each `/`, so long paths
    /// wrap at directory boundaries in a narrow sidebar instead of mid-name.
    pub fn path(&self, tag: &str, class: &str, path: &str) -> Element {
        let element = self.el(tag, class);
        let mut parts = path.split_inclusive('/').peekable();
        while let Some(part) = parts.next() {
            keep(
                element.append_child(
                    &self
                        .document
                        .create_text_node(&crate::text::show_invisibles(part)),
                ),
            );
            if parts.peek().is_some() {
                element.add(&self.el("wbr", ""));
            }
        }
        element
    }

    /// An SVG element (for the gauge and the bars).
    pub fn svg(&self, tag: &str, class: &str) -> Element {
        let element =
            keep(self.document.create_element_ns(Some(SVG_NS), tag)).unwrap_or_else(placeholder);
        if !class.is_empty() {
            set(&element, "class", class);
        }
        element
    }

    /// A button carrying a `data-prlens-action` hook.
    pub fn action_button(&self, action: &str, label: &str, class: &str) -> Element {
        let button = self.text("button", class, label);
        set(&button, "type", "button");
        set(&button, "data-prlens-action", action);
        button
    }

    /// A link to a validated `https://github.com/` URL, or plain text when the URL fails
    /// validation (so a hostile URL is shown, never followed).
    pub fn github_link(&self, href: &str, label: &str, class: &str) -> Element {
        if !links::is_safe_github_url(href) {
            return self.text("span", class, label);
        }
        let anchor = self.text("a", class, label);
        set(&anchor, "href", href);
        set(&anchor, "target", "_blank");
        set(&anchor, "rel", "noopener noreferrer");
        anchor
    }

    /// A list (`ul` with `role="list"`, since CSS list-style:none drops the implicit role in Safari/VoiceOver).
    pub fn list(&self, class: &str, label: &str) -> Element {
        let list = self.el("ul", class);
        set(&list, "role", "list");
        if !label.is_empty() {
            set(&list, "aria-label", label);
        }
        list
    }

    /// A list item appended to `list`.
    pub fn item(&self, list: &Element, class: &str) -> Element {
        let item = self.el("li", class);
        set(&item, "role", "listitem");
        list.add(&item);
        item
    }
}

/// Sets a fixed-name attribute; the name is static so it can never come from the PR.
/// A failure is recorded for [`take_error`].
pub fn set(element: &Element, name: &'static str, value: &str) {
    keep(element.set_attribute(name, value));
}

/// Removes every child of `element`.
pub fn clear(element: &Element) {
    element.set_text_content(None);
}

/// `append_child` for elements, returning `()` (lets `parent.add(&dom.text(..))` read
/// naturally). A failure is recorded for [`take_error`].
pub trait Append {
    fn add(&self, child: &Element);
}

impl Append for Element {
    fn add(&self, child: &Element) {
        keep(self.append_child(child));
    }
}
