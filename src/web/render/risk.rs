//! The Risk section: a gauge of the score, each driver with its weight drawn as a bar and
//! its explanation, and the formula that combined them.
//!
//! Why: a score is only trustworthy when the reviewer can see what produced it; the
//! drivers and formula come straight from the engine (`signal.risk`), as in the
//! reference product's "Risk Drivers" list.

use super::charts;
use super::dom::{set, Append, Dom, DomResult};
use super::format;
use super::frame::{empty_note, section};
use crate::signal::{Section, Signal};
use web_sys::Element;

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]).
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let risk = &signal.risk;
    let section = section(dom, Section::Risk, "Risk");
    let level_key = risk.level.key();
    let overview = dom.el("div", "prl-risk-overview");
    let label = format!(
        "Risk {} ({} of 1)",
        risk.level.label(),
        format::score(risk.score)
    );
    overview.add(&charts::gauge(dom, risk.score, level_key, &label)?);
    let words = dom.el("div", "prl-risk-words");
    words.add(&dom.text(
        "strong",
        &format!("prl-level-word prl-fg-{level_key}"),
        &format!("{} risk", risk.level.label()),
    ));
    words.add(&dom.text(
        "span",
        "prl-muted",
        &format!(
            "Score {} of 1 from {}",
            format::score(risk.score),
            format::plural(risk.drivers.len() as u64, "driver", "drivers")
        ),
    ));
    overview.add(&words);
    section.add(&overview);
    if !risk.formula.is_empty() {
        let formula = dom.text("code", "prl-formula", &risk.formula);
        set(&formula, "data-prlens-formula", "risk");
        section.add(&formula);
    }

    if risk.drivers.is_empty() {
        empty_note(
            dom,
            &section,
            "No risk drivers fired for this pull request.",
        );
        return Ok(section);
    }
    let list = dom.list("prl-drivers", "Risk drivers");
    for driver in &risk.drivers {
        let item = dom.item(&list, "prl-driver");
        let head = dom.el("div", "prl-driver-head");
        head.add(&dom.text("span", "prl-driver-label", &driver.label));
        head.add(&dom.text("code", "prl-driver-id", &driver.id));
        head.add(&dom.text("span", "prl-driver-weight", &format::score(driver.weight)));
        item.add(&head);
        item.add(&charts::bar(
            dom,
            driver.weight,
            level_key,
            &format!("weight {}", format::score(driver.weight)),
        )?);
        item.add(&dom.text("p", "prl-driver-detail", &driver.detail));
        if !driver.paths.is_empty() {
            let paths = dom.list("prl-paths", "Files behind this driver");
            for path in &driver.paths {
                let path_item = dom.item(&paths, "");
                path_item.add(&dom.path("code", "", path));
            }
            item.add(&paths);
        }
    }
    section.add(&list);
    Ok(section)
}
