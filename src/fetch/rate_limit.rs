//! Tracking GitHub's rate limits from response headers, so an exhausted budget stops requests.
//!
//! Why: without a token GitHub allows 60 core requests per hour per IP and 10 searches per
//! minute; a client that keeps asking after `x-ratelimit-remaining: 0` gets 403s and, on
//! repeated abuse, secondary limits. The state is persisted with the cache so a later view
//! (another tab, a reload) also knows to wait for `x-ratelimit-reset`.
//! Source: docs.github.com "Rate limits for the REST API" (headers `x-ratelimit-remaining`,
//! `-reset` in epoch seconds, `-resource`; 403/429 with remaining 0 when exceeded).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::transport::Response;

/// Which budget a request draws on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Resource {
    Core,
    Search,
}

impl Resource {
    /// The budget of a URL: `/search/…` draws on search, everything else on core.
    pub fn of_url(url: &str) -> Resource {
        let path = url.split("://").nth(1).unwrap_or(url);
        let path = path.split_once('/').map(|(_, rest)| rest).unwrap_or("");
        if path.starts_with("search/") {
            Resource::Search
        } else {
            Resource::Core
        }
    }

    fn from_header(value: &str) -> Option<Resource> {
        match value.trim() {
            "core" => Some(Resource::Core),
            "search" => Some(Resource::Search),
            _ => None,
        }
    }
}

/// The last known budget of one resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    pub remaining: u64,
    /// Unix seconds when the budget refills.
    pub reset: i64,
    /// The hour's whole budget (`x-ratelimit-limit`: 60 without a token), when GitHub said it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
}

/// Budgets per resource, as last reported by GitHub.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RateLimits {
    pub budgets: BTreeMap<Resource, Budget>,
}

impl RateLimits {
    /// Records the headers of a response to a request for `url`.
    pub fn observe(&mut self, url: &str, response: &Response) {
        let remaining = response
            .header("x-ratelimit-remaining")
            .and_then(|value| value.trim().parse::<u64>().ok());
        let reset = response
            .header("x-ratelimit-reset")
            .and_then(|value| value.trim().parse::<i64>().ok());
        let resource = response
            .header("x-ratelimit-resource")
            .and_then(Resource::from_header)
            .unwrap_or_else(|| Resource::of_url(url));
        let limit = response
            .header("x-ratelimit-limit")
            .and_then(|value| value.trim().parse::<u64>().ok());
        if let (Some(remaining), Some(reset)) = (remaining, reset) {
            self.budgets.insert(
                resource,
                Budget {
                    remaining,
                    reset,
                    limit,
                },
            );
        }
    }

    /// When the budget for `url` is used up at `now`, the time it refills.
    pub fn exhausted_until(&self, url: &str, now: i64) -> Option<i64> {
        self.resource_exhausted_until(Resource::of_url(url), now)
    }

    /// When a resource's budget is used up at `now`, the time it refills.
    pub fn resource_exhausted_until(&self, resource: Resource, now: i64) -> Option<i64> {
        let budget = self.budgets.get(&resource)?;
        (budget.remaining == 0 && now < budget.reset).then_some(budget.reset)
    }

    /// Core requests left this hour, when known and not yet reset.
    pub fn core_remaining(&self, now: i64) -> Option<u64> {
        self.core_budget(now).map(|budget| budget.remaining)
    }

    /// The core budget as last reported, when known and not yet reset (the panel shows it).
    pub fn core_budget(&self, now: i64) -> Option<Budget> {
        let budget = self.budgets.get(&Resource::Core)?;
        (now < budget.reset).then_some(*budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn response(remaining: &str, reset: &str) -> Response {
        Response {
            status: 200,
            headers: vec![
                ("x-ratelimit-remaining".into(), remaining.into()),
                ("x-ratelimit-reset".into(), reset.into()),
            ],
            body: "{}".into(),
        }
    }

    #[test]
    fn exhausted_budget_blocks_until_reset_per_resource() {
        let mut limits = RateLimits::default();
        limits.observe(
            "https://api.github.com/search/issues?q=x",
            &response("0", "1000"),
        );
        let search = "https://api.github.com/search/issues?q=y";
        assert_eq!(limits.exhausted_until(search, 999), Some(1000));
        assert_eq!(limits.exhausted_until(search, 1000), None);
        assert_eq!(
            limits.exhausted_until("https://api.github.com/repos/o/r/pulls/1", 999),
            None
        );
    }
}
