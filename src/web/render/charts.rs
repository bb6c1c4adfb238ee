//! Small SVG pictures: the risk gauge, weight bars and per-file size bars, built node by
//! node (`create_element_ns`), never from markup strings.
//!
//! Why: a reviewer reads "how bad" and "how big" faster from a shape than from a number;
//! every chart also
//! carries a text label (`role="img"` + `aria-label`) so nothing is picture-only.

use super::dom::{set, Append, Dom, DomResult};
use super::format::unit;
use web_sys::Element;

/// A half-circle gauge filled to `score` (0–1), coloured by the risk level class.
pub fn gauge(dom: &Dom, score: f64, level_key: &str, label: &str) -> DomResult<Element> {
    let svg = dom.svg("svg", &format!("prl-gauge prl-tone-{level_key}"));
    set(&svg, "viewBox", "0 0 120 68");
    set(&svg, "width", "120");
    set(&svg, "height", "68");
    set(&svg, "role", "img");
    set(&svg, "aria-label", label);
    const ARC: &str = "M 12 60 A 48 48 0 0 1 108 60";
    let track = dom.svg("path", "prl-gauge-track");
    set(&track, "d", ARC);
    svg.add(&track);
    let fill = dom.svg("path", "prl-gauge-fill");
    set(&fill, "d", ARC);
    set(&fill, "pathLength", "100");
    let filled = (unit(score) * 100.0).round();
    set(&fill, "stroke-dasharray", &format!("{filled} 100"));
    svg.add(&fill);
    let value = dom.svg("text", "prl-gauge-value");
    set(&value, "x", "60");
    set(&value, "y", "56");
    set(&value, "text-anchor", "middle");
    value.set_text_content(Some(&super::format::score(score)));
    svg.add(&value);
    Ok(svg)
}

/// A horizontal bar filled to `fraction` (0–1).
pub fn bar(dom: &Dom, fraction: f64, tone: &str, label: &str) -> DomResult<Element> {
    let svg = dom.svg("svg", &format!("prl-bar prl-tone-{tone}"));
    set(&svg, "viewBox", "0 0 100 6");
    set(&svg, "preserveAspectRatio", "none");
    set(&svg, "role", "img");
    set(&svg, "aria-label", label);
    let track = dom.svg("rect", "prl-bar-track");
    set(&track, "width", "100");
    set(&track, "height", "6");
    svg.add(&track);
    let fill = dom.svg("rect", "prl-bar-fill");
    set(&fill, "width", &format!("{:.1}", unit(fraction) * 100.0));
    set(&fill, "height", "6");
    svg.add(&fill);
    Ok(svg)
}

/// A size bar for one file: green additions then red deletions, scaled so the largest
/// file in the list fills the bar (`max_lines`).
pub fn size_bar(dom: &Dom, additions: u64, deletions: u64, max_lines: u64) -> DomResult<Element> {
    let svg = dom.svg("svg", "prl-size");
    set(&svg, "viewBox", "0 0 100 6");
    set(&svg, "preserveAspectRatio", "none");
    set(&svg, "role", "img");
    set(
        &svg,
        "aria-label",
        &format!("{additions} lines added, {deletions} lines deleted"),
    );
    let scale = if max_lines == 0 {
        0.0
    } else {
        100.0 / max_lines as f64
    };
    let added_width = (additions as f64 * scale).min(100.0);
    let deleted_width = (deletions as f64 * scale).min(100.0 - added_width);
    let track = dom.svg("rect", "prl-size-track");
    set(&track, "width", "100");
    set(&track, "height", "6");
    svg.add(&track);
    for (class, x, width) in [
        ("prl-size-add", 0.0, added_width),
        ("prl-size-del", added_width, deleted_width),
    ] {
        if width <= 0.0 {
            continue;
        }
        let rect = dom.svg("rect", class);
        set(&rect, "x", &format!("{x:.1}"));
        // At least a sliver, so a 1-line change is visible next to a 700-line one.
        set(&rect, "width", &format!("{:.1}", width.max(1.5)));
        set(&rect, "height", "6");
        svg.add(&rect);
    }
    Ok(svg)
}
