//! One module per section of the signal, in the order a reviewer reads them.

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
pub mod supply_chain;
pub mod triage;
