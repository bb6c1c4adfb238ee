/**
 * The popup's line about the anonymous API budget: how many of GitHub's 60 requests an hour are
 * left, how many pull-request views that still allows without a token, and what a token adds.
 *
 * What a view costs is read from the plan itself: `session` in background/early-requests.json
 * (generated from the Rust plan, src/fetch/tests/early_requests.rs) lists a no-token view's API
 * requests, `api` always and `page_facts` when the author was not looked up today (their profile
 * and public events are cached a day). The budget is the fetcher's last word from GitHub's
 * headers (`prlens.cache.ratelimit`, src/fetch/rate_limit.rs); once its reset time has passed
 * the hour is whole again.
 */
const RATE_LIMITS_KEY = "prlens.cache.ratelimit";
const ANONYMOUS_LIMIT = 60; // GitHub's unauthenticated core budget, when no view has said it yet

/** `{remaining, limit, reset|null, newAuthor, knownAuthor}`: the budget now and a view's cost. */
export async function anonymousBudget(now = Date.now()) {
  const [stored, plan] = await Promise.all([
    chrome.storage.local.get(RATE_LIMITS_KEY),
    fetch(new URL("../../background/early-requests.json", import.meta.url)).then((response) => response.json()),
  ]);
  let core = null;
  try {
    core = JSON.parse(stored[RATE_LIMITS_KEY] ?? "null")?.budgets?.core ?? null;
  } catch {
    core = null;
  }
  const current = core && Number(core.reset) * 1000 > now;
  const limit = current && Number.isInteger(core.limit) ? core.limit : ANONYMOUS_LIMIT;
  const remaining = current && Number.isInteger(core.remaining) ? Math.min(core.remaining, limit) : limit;
  const knownAuthor = plan.session.api.length;
  const newAuthor = knownAuthor + plan.session.page_facts.length;
  return { remaining, limit, reset: current ? Number(core.reset) : null, newAuthor, knownAuthor };
}

/** The text the popup shows for `budget` (see anonymousBudget). */
export function budgetText(budget) {
  const refill = budget.reset ? `, refills at ${new Date(budget.reset * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}` : "";
  const views = (cost) => Math.floor(budget.remaining / cost);
  return (
    `${budget.remaining} of ${budget.limit} anonymous GitHub requests left this hour${refill}: ` +
    `enough for about ${views(budget.newAuthor)} more full pull-request views by authors not seen today ` +
    `(${budget.newAuthor} requests each) or ${views(budget.knownAuthor)} by authors seen today (${budget.knownAuthor} each). ` +
    "A token gives 5,000 requests an hour and adds each author's PR history and familiarity with the files, " +
    "other committers' public activity, linked issues, the PR template, commit signatures and your own view (CODEOWNERS, changes since your review)."
  );
}
