//! Safe DOM building blocks for the panel: every node is made with `create_element`,
//! text goes in only through `set_text_content`, and attribute names are `&'static str`
//! so no PR-controlled string can ever become an attribute name or markup.
//!
//! Why: titles, bodies, file names, logins and check names are attacker-controlled
//! (extension-platform notes §7, "Render safely"); building nodes instead of parsing
//! strings makes script injection impossible by construction.

use wasm_bindgen::prelude::*;
use web_sys::{Document, Element};

use super::links;

/// The SVG namespace; charts are built node by node with `create_element_ns`.
const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// A document to build panel nodes in.
#[derive(Clone)]
pub struct Dom {
    document: Document,
}

/// Results in the renderer carry the JS exception, if any, up to the export.
pub type DomResult<T> = Result<T, JsValue>;

impl Dom {
    /// The document that owns `root` (the panel iframe's, or the playground's).
    pub fn for_root(root: &Element) -> DomResult<Self> {
        let document = root
            .owner_document()
            .ok_or_else(|| JsValue::from_str("the panel root is not attached to a document"))?;
        Ok(Self { document })
    }

    /// An HTML element with a class list (may be empty).
    pub fn el(&self, tag: &str, class: &str) -> DomResult<Element> {
        let element = self.document.create_element(tag)?;
        if !class.is_empty() {
            element.set_attribute("class", class)?;
        }
        Ok(element)
    }

    /// An HTML element holding `text` as literal text.
    pub fn text(&self, tag: &str, class: &str, text: &str) -> DomResult<Element> {
        let element = self.el(tag, class)?;
        element.set_text_content(Some(text));
        Ok(element)
    }

    /// An element showing a file path as text with a `<wbr>` after each `/`, so long paths
    /// wrap at directory boundaries in a narrow sidebar instead of mid-name.
    pub fn path(&self, tag: &str, class: &str, path: &str) -> DomResult<Element> {
        let element = self.el(tag, class)?;
        let mut parts = path.split_inclusive('/').peekable();
        while let Some(part) = parts.next() {
            element.append_child(&self.document.create_text_node(part))?;
            if parts.peek().is_some() {
                element.add(&self.document.create_element("wbr")?)?;
            }
        }
        Ok(element)
    }

    /// An SVG element (for the gauge and the bars).
    pub fn svg(&self, tag: &str, class: &str) -> DomResult<Element> {
        let element = self.document.create_element_ns(Some(SVG_NS), tag)?;
        if !class.is_empty() {
            element.set_attribute("class", class)?;
        }
        Ok(element)
    }

    /// A button carrying a `data-prlens-action` hook.
    pub fn action_button(&self, action: &str, label: &str, class: &str) -> DomResult<Element> {
        let button = self.text("button", class, label)?;
        button.set_attribute("type", "button")?;
        button.set_attribute("data-prlens-action", action)?;
        Ok(button)
    }

    /// A link to a validated `https://github.com/` URL, or plain text when the URL fails
    /// validation (so a hostile URL is shown, never followed).
    pub fn github_link(&self, href: &str, label: &str, class: &str) -> DomResult<Element> {
        if !links::is_safe_github_url(href) {
            return self.text("span", class, label);
        }
        let anchor = self.text("a", class, label)?;
        anchor.set_attribute("href", href)?;
        anchor.set_attribute("target", "_blank")?;
        anchor.set_attribute("rel", "noopener noreferrer")?;
        Ok(anchor)
    }

    /// A list (`ul` with `role="list"`, since CSS list-style:none drops the implicit role in Safari/VoiceOver).
    pub fn list(&self, class: &str, label: &str) -> DomResult<Element> {
        let list = self.el("ul", class)?;
        list.set_attribute("role", "list")?;
        if !label.is_empty() {
            list.set_attribute("aria-label", label)?;
        }
        Ok(list)
    }

    /// A list item appended to `list`.
    pub fn item(&self, list: &Element, class: &str) -> DomResult<Element> {
        let item = self.el("li", class)?;
        item.set_attribute("role", "listitem")?;
        list.add(&item)?;
        Ok(item)
    }
}

/// Sets a fixed-name attribute; the name is static so it can never come from the PR.
pub fn set(element: &Element, name: &'static str, value: &str) -> DomResult<()> {
    element.set_attribute(name, value)
}

/// Removes every child of `element`.
pub fn clear(element: &Element) {
    element.set_text_content(None);
}

/// `append_child` for elements, returning `()` (lets `parent.add(&dom.text(..)?)?` read naturally).
pub trait Append {
    fn add(&self, child: &Element) -> DomResult<()>;
}

impl Append for Element {
    fn add(&self, child: &Element) -> DomResult<()> {
        self.append_child(child).map(|_| ())
    }
}
