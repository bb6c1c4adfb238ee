//! The `options` object that `renderPanel` receives from panel.js or the playground
//! (docs/CONTRACTS.md): expanded state, hidden sections, callbacks and colour mode.
//!
//! Why: the object comes from JS, so every field is read defensively — a missing or
//! mistyped field falls back to a default rather than failing the render.

use js_sys::{Array, Function, Reflect};
use wasm_bindgen::{JsCast, JsValue};

/// Which theme GitHub is showing, mirrored onto the panel document so Primer's
/// `[data-color-mode][data-light-theme][data-dark-theme]` selectors apply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColorMode {
    pub mode: String,
    pub light_theme: String,
    pub dark_theme: String,
}

/// Where the panel's full view opens (`options.details`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum DetailsMode {
    /// "Show details" expands the sections inside the panel (the playground).
    #[default]
    Inline,
    /// "Show details" asks the host to open the details sheet (`onAction("open-details")`);
    /// the panel itself stays compact (the extension: GitHub's sidebar must not grow).
    Sheet,
}

/// The anonymous API budget a no-token panel shows (`options.anonymousBudget`: `{remaining,
/// limit, reset}`, reset in Unix seconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnonymousBudget {
    pub remaining: u64,
    pub limit: u64,
    pub reset: i64,
}

impl AnonymousBudget {
    fn from_js(value: &JsValue) -> Option<Self> {
        if !value.is_object() {
            return None;
        }
        let number = |name: &str| {
            field(value, name)
                .as_f64()
                .filter(|number| number.is_finite() && *number >= 0.0 && number.fract() == 0.0)
        };
        let (remaining, limit) = (number("remaining")?, number("limit")?);
        (remaining <= limit && limit <= 1_000_000.0).then(|| AnonymousBudget {
            remaining: remaining as u64,
            limit: limit as u64,
            reset: number("reset").unwrap_or(0.0) as i64,
        })
    }
}

/// Parsed `renderPanel` options.
#[derive(Default, Clone)]
pub struct PanelOptions {
    pub expanded: bool,
    pub hidden_sections: Vec<String>,
    pub has_bundle: bool,
    pub on_action: Option<Function>,
    pub on_toggle: Option<Function>,
    pub color_mode: Option<ColorMode>,
    pub details: DetailsMode,
    /// Shown in the footer of a panel fetched without a token.
    pub anonymous_budget: Option<AnonymousBudget>,
}

impl PanelOptions {
    pub fn from_js(options: &JsValue) -> Self {
        if !options.is_object() {
            return Self::default();
        }
        let hidden_sections = field(options, "hiddenSections")
            .dyn_into::<Array>()
            .map(|array| array.iter().filter_map(|item| item.as_string()).collect())
            .unwrap_or_default();
        Self {
            expanded: field(options, "expanded").as_bool().unwrap_or(false),
            hidden_sections,
            has_bundle: field(options, "hasBundle").as_bool().unwrap_or(false),
            on_action: function(options, "onAction"),
            on_toggle: function(options, "onToggle"),
            color_mode: color_mode(&field(options, "colorMode")),
            details: if field(options, "details").as_string().as_deref() == Some("sheet") {
                DetailsMode::Sheet
            } else {
                DetailsMode::Inline
            },
            anonymous_budget: AnonymousBudget::from_js(&field(options, "anonymousBudget")),
        }
    }

    pub fn is_hidden(&self, section: &str) -> bool {
        self.hidden_sections.iter().any(|hidden| hidden == section)
    }
}

/// Reads `object[name]`, `undefined` when absent or unreadable.
pub fn field(object: &JsValue, name: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// Reads `object[name]` as a function.
pub fn function(object: &JsValue, name: &str) -> Option<Function> {
    field(object, name).dyn_into::<Function>().ok()
}

/// Accepts the forms panel.js may send: a resolved theme name (`"light"`, `"dark_dimmed"`,
/// `"light_high_contrast"`…, as in docs/CONTRACTS.md), `"auto"`, or `{mode, light, dark}` as read from
/// the page's `data-color-mode` / `data-light-theme` / `data-dark-theme`.
pub fn color_mode(value: &JsValue) -> Option<ColorMode> {
    if let Some(text) = value.as_string() {
        return color_mode_from_name(&text);
    }
    if !value.is_object() {
        return None;
    }
    let mode = field(value, "mode")
        .as_string()
        .filter(|mode| is_mode(mode))?;
    let light = field(value, "light")
        .as_string()
        .filter(|theme| is_theme(theme))
        .map_or("light", |theme| super::theme_names::shipped(&theme))
        .to_string();
    let dark = field(value, "dark")
        .as_string()
        .filter(|theme| is_theme(theme))
        .map_or("dark", |theme| super::theme_names::shipped(&theme))
        .to_string();
    Some(ColorMode {
        mode,
        light_theme: light,
        dark_theme: dark,
    })
}

fn color_mode_from_name(name: &str) -> Option<ColorMode> {
    if name == "auto" {
        return Some(ColorMode {
            mode: "auto".to_string(),
            light_theme: "light".to_string(),
            dark_theme: "dark".to_string(),
        });
    }
    if !is_theme(name) {
        return None;
    }
    let name = super::theme_names::shipped(name);
    // docs/CONTRACTS.md: a resolved theme name sets the mode by its prefix and both themes to it.
    let mode = if name.starts_with("dark") {
        "dark"
    } else {
        "light"
    };
    Some(ColorMode {
        mode: mode.to_string(),
        light_theme: name.to_string(),
        dark_theme: name.to_string(),
    })
}

fn is_mode(mode: &str) -> bool {
    matches!(mode, "light" | "dark" | "auto")
}

/// GitHub theme names are `light`/`dark` plus `_dimmed`, `_high_contrast`, `_colorblind`,
/// `_tritanopia` variants; only those characters are accepted.
fn is_theme(theme: &str) -> bool {
    (theme.starts_with("light") || theme.starts_with("dark"))
        && theme.len() <= 40
        && theme.chars().all(|c| c.is_ascii_lowercase() || c == '_')
}
