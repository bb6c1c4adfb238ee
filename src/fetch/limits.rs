//! The fetcher's budgets: page sizes, caps, timeouts, cache sizes and retry bounds.
//!
//! Why one table: these numbers decide how many of a user's 60 unauthenticated requests per
//! hour a PR view costs and how long a stalled request can hold the panel, so they are kept
//! together with their sources rather than scattered through the fetch code. They are
//! operational limits, not scoring thresholds (those live in `src/settings/`).

/// Items per page for files, commits, reviews and check runs (GitHub's maximum).
pub const PER_PAGE: u32 = 100;
/// "Responses include a maximum of 3000 files" (REST docs, list pull request files): 30 pages.
pub const MAX_FILE_PAGES: u32 = 30;
/// "Lists a maximum of 250 commits for a pull request" (REST docs): 3 pages of 100.
pub const MAX_COMMIT_PAGES: u32 = 3;
/// The commit cap itself, to say when a list was cut short.
pub const MAX_COMMITS: u64 = 250;
/// Logins whose PR history is searched (author first). Search allows 10 requests/min without a
/// token and each login costs 2, so 3 logins stay well inside one minute's budget.
pub const MAX_HISTORY_LOGINS: usize = 3;
/// Distinct commit authors whose profiles are fetched besides the PR author.
pub const MAX_EXTRA_USERS: usize = 5;
/// Focus files checked for the author's prior commits (one request each).
pub const MAX_FAMILIARITY_FILES: usize = 5;
/// Familiarity is optional: fetched only while this many core requests remain this hour.
pub const FAMILIARITY_MIN_REMAINING: u64 = 20;
/// The maintainer-defense requests (timeline, public events, linked issues, PR template) are
/// optional too, and cost up to ~12 requests a view: fetched only while half of an anonymous
/// hour's 60 remain, so a user without a token keeps budget for the core panel of later views.
pub const DEFENSE_MIN_REMAINING: u64 = 30;
/// Focus files whose commits are counted for the viewer's share ("you made 4 of its 10
/// commits"), two requests each, with a token only: without one, 10 more requests per PR would
/// leave an anonymous hour (60) two cold views (measured: the e2e corpus ran out of budget).
pub const MAX_VIEWER_FILES: usize = 5;
/// Timeline pages read (GitHub pages it by 100; a long-lived PR can have thousands of events).
pub const MAX_TIMELINE_PAGES: u32 = 3;
/// Logins whose public events are read (author first, then commit authors; first page only).
pub const MAX_EVENT_LOGINS: usize = 3;
/// Issues the PR says it closes whose issue and timeline are read.
pub const MAX_LINKED_ISSUES: usize = 3;
/// Core requests kept back from optional pages, so one big PR cannot use up the hour's budget
/// (60 without a token) that the next views need.
pub const CORE_RESERVE: u64 = 10;
/// Per-request time limit in milliseconds (the panel shows a timeout rather than hanging).
pub const REQUEST_TIMEOUT_MS: u32 = 15_000;
/// Longest `retry-after` the fetcher waits out before giving up on that request (secondary limits).
pub const MAX_RETRY_AFTER_SECONDS: u64 = 10;
/// Pause before the single retry of a 5xx answer, in milliseconds.
pub const SERVER_ERROR_RETRY_MS: u32 = 1_000;
/// Default window in which a cached response is used with no request at all.
pub const DEFAULT_FRESHNESS_SECONDS: i64 = 120;
/// Users, search counts and familiarity change slowly and search is scarce: cached a day.
pub const SLOW_DATA_MAX_AGE_SECONDS: i64 = 86_400;
/// Total size bound of the HTTP cache in `chrome.storage.local` (which holds about 10 MB).
pub const CACHE_MAX_BYTES: usize = 4 * 1024 * 1024;
/// A single response larger than this is not cached (it would evict everything else).
pub const CACHE_MAX_ENTRY_BYTES: usize = 1024 * 1024;
