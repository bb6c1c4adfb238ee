//! The HTTP cache: GitHub responses per URL with their ETag, bounded in size, evicted LRU.
//!
//! Why: a 304 answer to `If-None-Match` costs no rate limit, and a response younger than the
//! freshness window needs no request at all, so a revisit of a PR is instant and free. The
//! store is `chrome.storage.local` in the browser (~10 MB, shared with the rest of the
//! extension), so the cache keeps a size bound and evicts the least recently used entries.
//! Keys are `prlens.cache.<sha256 of the URL>`; the token is never part of a key or a value.
//! Source: docs.github.com "Best practices for using the REST API" (conditional requests).

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::limits::{CACHE_MAX_BYTES, CACHE_MAX_ENTRY_BYTES};
use super::rate_limit::RateLimits;
use super::transport::LocalBoxFuture;

/// Prefix of every storage key the cache owns (the contract's `prlens.cache.*`).
pub const KEY_PREFIX: &str = "prlens.cache.";
const INDEX_KEY: &str = "prlens.cache.index";
const RATE_LIMITS_KEY: &str = "prlens.cache.ratelimit";

/// A key-value store of strings (`chrome.storage.local` in the browser, a map in tests).
/// Errors are messages; the cache treats a failing store as empty rather than failing a view.
pub trait CacheStore {
    fn get(
        &self,
        keys: Vec<String>,
    ) -> LocalBoxFuture<'_, Result<BTreeMap<String, String>, String>>;
    fn set(&self, items: Vec<(String, String)>) -> LocalBoxFuture<'_, Result<(), String>>;
    fn remove(&self, keys: Vec<String>) -> LocalBoxFuture<'_, Result<(), String>>;
}

/// An in-memory store: for native tests, and in the browser when no storage is passed.
#[derive(Debug, Default)]
pub struct MemoryStore {
    pub items: RefCell<BTreeMap<String, String>>,
}

impl CacheStore for MemoryStore {
    fn get(
        &self,
        keys: Vec<String>,
    ) -> LocalBoxFuture<'_, Result<BTreeMap<String, String>, String>> {
        let items = self.items.borrow();
        let found = crate::order::map_from(
            keys.into_iter()
                .filter_map(|key| items.get(&key).map(|value| (key, value.clone()))),
        );
        Box::pin(async move { Ok(found) })
    }

    fn set(&self, new_items: Vec<(String, String)>) -> LocalBoxFuture<'_, Result<(), String>> {
        self.items.borrow_mut().extend(new_items);
        Box::pin(async { Ok(()) })
    }

    fn remove(&self, keys: Vec<String>) -> LocalBoxFuture<'_, Result<(), String>> {
        let mut items = self.items.borrow_mut();
        for key in keys {
            items.remove(&key);
        }
        Box::pin(async { Ok(()) })
    }
}

/// One cached response body, as stored under its key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CachedResponse {
    pub url: String,
    pub etag: Option<String>,
    pub link: Option<String>,
    pub body: String,
    /// Set for a remembered failure (404, 422): asked again only after the freshness window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failed_status: Option<u16>,
}

/// Bookkeeping per key, kept in one index entry so freshness and eviction need one read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndexEntry {
    pub size: usize,
    /// When the body was last confirmed by GitHub (200 or 304), Unix seconds.
    pub stored_at: i64,
    pub last_used: i64,
    /// The PR head SHA the body belongs to, for responses that change with each push.
    pub head_sha: Option<String>,
}

/// The storage key for a URL.
pub fn key_for(url: &str) -> String {
    let digest = Sha256::digest(url.as_bytes());
    let hex: String = digest
        .iter()
        .take(16)
        .map(|byte| format!("{byte:02x}"))
        .collect();
    format!("{KEY_PREFIX}{hex}")
}

/// The cache for one fetch: index and rate limits loaded once, entries read on demand, all
/// writes batched into one `flush`.
pub struct HttpCache<'s> {
    store: &'s dyn CacheStore,
    now: i64,
    index: RefCell<BTreeMap<String, IndexEntry>>,
    pending: RefCell<BTreeMap<String, String>>,
    /// Keys whose `head_sha` is set at flush time (the pull's head is known only then).
    head_bound: RefCell<BTreeSet<String>>,
    pub rate_limits: RefCell<RateLimits>,
}

impl<'s> HttpCache<'s> {
    /// Loads the index and rate-limit state; a missing or corrupt index reads as empty.
    pub async fn load(store: &'s dyn CacheStore, now: i64) -> HttpCache<'s> {
        let loaded = store
            .get(vec![INDEX_KEY.to_string(), RATE_LIMITS_KEY.to_string()])
            .await
            .unwrap_or_default();
        let index = loaded
            .get(INDEX_KEY)
            .and_then(|text| serde_json::from_str(text).ok())
            .unwrap_or_default();
        let rate_limits = loaded
            .get(RATE_LIMITS_KEY)
            .and_then(|text| serde_json::from_str(text).ok())
            .unwrap_or_default();
        HttpCache {
            store,
            now,
            index: RefCell::new(index),
            pending: RefCell::new(BTreeMap::new()),
            head_bound: RefCell::new(BTreeSet::new()),
            rate_limits: RefCell::new(rate_limits),
        }
    }

    /// The cached response for a URL with its bookkeeping, if any.
    pub async fn lookup(&self, url: &str) -> Option<(CachedResponse, IndexEntry)> {
        let key = key_for(url);
        let meta = self.index.borrow().get(&key).cloned()?;
        let pending = self.pending.borrow().get(&key).cloned();
        let text = match pending {
            Some(text) => text,
            None => self.store.get(vec![key.clone()]).await.ok()?.remove(&key)?,
        };
        let cached: CachedResponse = serde_json::from_str(&text).ok()?;
        // A hash collision or a foreign value under our key is a miss, never a wrong answer.
        (cached.url == url).then_some((cached, meta))
    }

    /// Whether an entry may be used with no request: young enough and, for head-bound
    /// responses, recorded for the same head SHA as the one now known.
    pub fn is_fresh(
        &self,
        meta: &IndexEntry,
        max_age: i64,
        head_bound: bool,
        known_head: Option<&str>,
    ) -> bool {
        let young = self.now.saturating_sub(meta.stored_at) < max_age && meta.stored_at <= self.now;
        let same_head =
            !head_bound || (known_head.is_some() && meta.head_sha.as_deref() == known_head);
        young && same_head
    }

    /// Marks an entry as used now (for LRU).
    pub fn touch(&self, url: &str) {
        if let Some(meta) = self.index.borrow_mut().get_mut(&key_for(url)) {
            meta.last_used = self.now;
        }
    }

    /// GitHub confirmed the cached body (304): it is fresh again.
    pub fn revalidated(&self, url: &str, head_bound: bool) {
        let key = key_for(url);
        if let Some(meta) = self.index.borrow_mut().get_mut(&key) {
            meta.stored_at = self.now;
            meta.last_used = self.now;
        }
        if head_bound {
            self.head_bound.borrow_mut().insert(key);
        }
    }

    /// Stores a new response (200). Oversized bodies are not cached.
    pub fn record(&self, response: CachedResponse, head_bound: bool) {
        let key = key_for(&response.url);
        let Ok(text) = serde_json::to_string(&response) else {
            return;
        };
        if text.len() > CACHE_MAX_ENTRY_BYTES {
            return;
        }
        self.index.borrow_mut().insert(
            key.clone(),
            IndexEntry {
                size: text.len(),
                stored_at: self.now,
                last_used: self.now,
                head_sha: None,
            },
        );
        self.pending.borrow_mut().insert(key.clone(), text);
        if head_bound {
            self.head_bound.borrow_mut().insert(key);
        }
    }

    /// Writes new entries, the index and the rate limits in one batch, evicting the least
    /// recently used entries beyond the size bound. `head_sha` is the pull's current head.
    pub async fn flush(&self, head_sha: Option<&str>) {
        self.take_writes(head_sha).apply(self.store).await;
    }

    /// What [`flush`](Self::flush) would write, taken out of the cache so the caller can write
    /// it later (the browser shows the panel first; see `web::app`).
    pub fn take_writes(&self, head_sha: Option<&str>) -> CacheWrites {
        let evicted = {
            let mut index = self.index.borrow_mut();
            for key in self.head_bound.borrow().iter() {
                if let Some(meta) = index.get_mut(key) {
                    meta.head_sha = head_sha.map(str::to_string);
                }
            }
            evict_to_bound(&mut index, CACHE_MAX_BYTES)
        };
        let mut pending = std::mem::take(&mut *self.pending.borrow_mut());
        for key in &evicted {
            pending.remove(key);
        }
        let mut items: Vec<(String, String)> = pending.into_iter().collect();
        if let Ok(index) = serde_json::to_string(&*self.index.borrow()) {
            items.push((INDEX_KEY.to_string(), index));
        }
        if let Ok(limits) = serde_json::to_string(&*self.rate_limits.borrow()) {
            items.push((RATE_LIMITS_KEY.to_string(), limits));
        }
        CacheWrites { items, evicted }
    }
}

/// One fetch's cache writes: new entries, the index and the rate limits, and evicted keys.
#[derive(Debug, Default)]
pub struct CacheWrites {
    items: Vec<(String, String)>,
    evicted: Vec<String>,
}

impl CacheWrites {
    /// Writes everything in one `set`, then removes the evicted keys. A failed write only
    /// costs a future request; the view itself succeeded.
    pub async fn apply(self, store: &dyn CacheStore) {
        let _ = store.set(self.items).await;
        if !self.evicted.is_empty() {
            let _ = store.remove(self.evicted).await;
        }
    }
}

/// Removes the least recently used entries until the total size fits `max_bytes`; returns
/// the removed keys.
fn evict_to_bound(index: &mut BTreeMap<String, IndexEntry>, max_bytes: usize) -> Vec<String> {
    let mut total: usize = index.values().map(|meta| meta.size).sum();
    if total <= max_bytes {
        return Vec::new();
    }
    let mut by_age: Vec<(i64, String)> = index
        .iter()
        .map(|(key, meta)| (meta.last_used, key.clone()))
        .collect();
    crate::order::sort(&mut by_age);
    let mut evicted = Vec::new();
    for (_, key) in by_age {
        if total <= max_bytes {
            break;
        }
        if let Some(meta) = index.remove(&key) {
            total = total.saturating_sub(meta.size);
            evicted.push(key);
        }
    }
    evicted
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fetch::join::block_on;

    /// Pinned: the background computes the same key in JS (extension/background/early-requests.js,
    /// `cacheKey`) to skip URLs the cache holds, and tests/e2e/early-requests.test.mjs pins it
    /// to this same value.
    #[test]
    fn a_url_s_cache_key_is_the_first_128_bits_of_its_sha256_in_hex() {
        assert_eq!(
            key_for("https://api.github.com/repos/o/r/pulls/1"),
            "prlens.cache.dfcfe0ec30148bc8b2f3ebd2c9ff94fe"
        );
    }

    fn entry(size: usize, last_used: i64) -> IndexEntry {
        IndexEntry {
            size,
            stored_at: 0,
            last_used,
            head_sha: None,
        }
    }

    #[test]
    fn eviction_removes_least_recently_used_until_within_bound() {
        let mut index = BTreeMap::new();
        index.insert("a".to_string(), entry(400, 30));
        index.insert("b".to_string(), entry(400, 10));
        index.insert("c".to_string(), entry(400, 20));
        let evicted = evict_to_bound(&mut index, 900);
        assert_eq!(evicted, vec!["b".to_string()]);
        assert_eq!(index.len(), 2);
        let evicted = evict_to_bound(&mut index, 300);
        assert_eq!(evicted, vec!["c".to_string(), "a".to_string()]);
    }

    #[test]
    fn cache_store_stays_within_size_bound_across_flushes() {
        let store = MemoryStore::default();
        let body = "x".repeat(300 * 1024);
        for round in 0..20 {
            let cache = block_on(HttpCache::load(&store, 1000 + round));
            cache.record(
                CachedResponse {
                    url: format!("https://api.github.com/repos/o/r/pulls/{round}"),
                    etag: Some("\"e\"".into()),
                    link: None,
                    body: body.clone(),
                    failed_status: None,
                },
                false,
            );
            block_on(cache.flush(None));
        }
        let stored: usize = store
            .items
            .borrow()
            .iter()
            .filter(|(key, _)| key.as_str() != INDEX_KEY && key.as_str() != RATE_LIMITS_KEY)
            .map(|(_, value)| value.len())
            .sum();
        assert!(stored <= CACHE_MAX_BYTES, "{stored} bytes cached");
        // The newest entry survives, the oldest is gone.
        let cache = block_on(HttpCache::load(&store, 2000));
        assert!(block_on(cache.lookup("https://api.github.com/repos/o/r/pulls/19")).is_some());
        assert!(block_on(cache.lookup("https://api.github.com/repos/o/r/pulls/0")).is_none());
    }

    #[test]
    fn keys_are_prefixed_hashes_of_the_url() {
        let key = key_for("https://api.github.com/repos/o/r/pulls/1");
        assert!(key.starts_with("prlens.cache."));
        assert_eq!(key.len(), "prlens.cache.".len() + 32);
        assert!(!key.contains("github"));
    }
}
