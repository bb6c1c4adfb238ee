//! `supply_chain`: OWNER engine-risk helper.
use crate::engine::Context;
use crate::signal::SupplyChain;

pub fn assess(context: &Context) -> SupplyChain {
    let _ = context;
    SupplyChain {
        dependencies: false,
        lockfile: false,
        ci_config: false,
        build_scripts: false,
        findings: vec![],
    }
}
