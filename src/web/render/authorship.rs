//! The authorship label inside Contributors: "Written with an AI agent" and its evidence.
//! A label, not a risk (its driver weighs 0 unless the user weighs it).

use super::dom::{set, Append, Dom};
use super::frame::{chip, subheading};
use crate::signal::{agents_named, AgentEvidence};
use web_sys::Element;

/// Appends the label to the Contributors section (nothing when there is no evidence).
pub fn append(dom: &Dom, section: &Element, evidence: &[AgentEvidence]) {
    if evidence.is_empty() {
        return;
    }
    let block = dom.el("div", "prl-authorship");
    set(&block, "data-prlens-authorship", "");
    subheading(dom, &block, "Written with an AI agent");
    let agents = dom.el("p", "prl-authorship-agents");
    for agent in agents_named(evidence) {
        agents.add(&chip(dom, agent, "outline"));
    }
    block.add(&agents);
    let list = dom.list("prl-results prl-authorship-evidence", "AI agent evidence");
    for item in evidence {
        let row = dom.item(&list, "prl-result prl-authorship-item");
        set(&row, "data-prlens-evidence", item.kind.key());
        row.add(&dom.text("span", "prl-result-label", item.kind.label()));
        row.add(&dom.text("span", "prl-result-detail", &item.detail));
    }
    block.add(&list);
    block.add(&dom.text(
        "p",
        "prl-empty",
        "A label, not a risk: it adds no weight unless you give agent_authored one in the settings.",
    ));
    section.add(&block);
}
