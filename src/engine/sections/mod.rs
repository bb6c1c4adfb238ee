//! One module per section of the signal, in the order a reviewer reads them.

pub mod authorship;
pub mod behaviour;
pub mod checks;
pub mod commit_identity;
pub mod contributors;
pub mod conventions;
pub mod evidence;
pub mod focus;
pub mod governance;
pub mod integrity;
pub mod intent;
pub mod meta;
pub mod next_steps;
pub mod pr;
pub mod review;
pub mod risk;
pub mod since_approval;
pub mod supply_chain;
pub mod triage;
pub mod viewer;
