//! Native tests of the fetcher against a scripted fake GitHub (no network, no runtime).
//!
//! `fake.rs` is the transport: replies per URL, a log of every request with its headers, and a
//! one-poll delay on each reply so the tests can see which requests were in flight together.

mod cache_and_limits;
mod compare;
mod defense;
mod early_requests;
mod errors;
mod fake;
mod first_render;
mod page_facts;
mod plan;
mod session;
mod since_approval;
mod viewer;
