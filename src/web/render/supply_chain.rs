//! The Supply chain section: whether the PR touches dependencies, lockfiles, CI config or
//! build scripts, and each finding (new dependency, downgrade, git dependency, install
//! script, unpinned action) with its severity.
//!
//! Why: these files run code on developer machines and in CI with secrets; a small change
//! to them can matter more than a large change to application code.

use super::dom::{set, Append, Dom, DomResult};
use super::frame::{chip, empty_note, section, subheading};
use crate::signal::{Section, Signal};
use web_sys::Element;

/// The section of `signal` (the panel's full view and the sheet; `super::section` calls it by
/// its [`Section`]).
pub fn render(dom: &Dom, signal: &Signal) -> DomResult<Element> {
    let supply = &signal.supply_chain;
    let section = section(dom, Section::SupplyChain, "Supply chain");
    let flags = dom.list("prl-flags", "Supply-chain areas");
    for (label, touched) in [
        ("Dependencies", supply.dependencies),
        ("Lockfile", supply.lockfile),
        ("CI config", supply.ci_config),
        ("Build scripts", supply.build_scripts),
    ] {
        let key = if touched { "touched" } else { "untouched" };
        let item = dom.item(&flags, &format!("prl-flag prl-flag-{key}"));
        set(&item, "data-prlens-flag", key);
        item.add(&dom.text("span", "prl-mark", if touched { "●" } else { "○" }));
        item.add(&dom.text("span", "", label));
        item.add(&dom.text(
            "span",
            "prl-muted",
            if touched { "modified" } else { "not modified" },
        ));
    }
    section.add(&flags);
    subheading(dom, &section, "Findings");
    if supply.findings.is_empty() {
        empty_note(dom, &section, "No supply-chain findings.");
        return Ok(section);
    }
    let list = dom.list("prl-findings", "Supply-chain findings");
    for finding in &supply.findings {
        let item = dom.item(&list, "prl-finding");
        let severity = finding.severity.key();
        item.add(&chip(dom, severity, severity));
        item.add(&dom.path("code", "prl-path", &finding.path));
        item.add(&dom.text("span", "prl-muted", finding.id.key()));
        item.add(&dom.text("p", "prl-finding-detail", &finding.detail));
    }
    section.add(&list);
    Ok(section)
}
