/**
 * GitHub's REST rate limits, as the fake server enforces them: 60 requests/hour without a token
 * and 5,000 with one ("core"); search 10/minute without and 30/minute with a token. A 304
 * (conditional request hit) does not count when the request carried a token, and counts like
 * any other without one: "Making a conditional request does not count against your primary rate
 * limit if a 304 response is returned and the request was made while correctly authorized with
 * an Authorization header" (docs.github.com REST "Best practices for using the REST API", read
 * 2026-12-10). GET /rate_limit does not count. Every API response carries
 * `x-ratelimit-{limit,remaining,used,reset,resource}`.
 *
 * Why: the extension must stay inside the unauthenticated budget and show a useful message
 * when it runs out (GitHub REST docs, "Rate limits for the REST API"); tests need the real headers to check that.
 */
const LIMITS = {
  core: { anonymous: 60, token: 5000, windowSeconds: 3600 },
  search: { anonymous: 10, token: 30, windowSeconds: 60 },
};

export class RateLimiter {
  constructor(now = () => Date.now()) {
    this.now = now;
    this.buckets = new Map(); // "identity|resource" -> {used, resetAt}
  }

  bucket(identity, resource) {
    const key = `${identity.kind === "token" ? `token:${identity.token}` : "anonymous"}|${resource}`;
    const spec = LIMITS[resource];
    const nowSeconds = Math.floor(this.now() / 1000);
    let bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= nowSeconds) {
      bucket = { used: 0, resetAt: nowSeconds + spec.windowSeconds };
      this.buckets.set(key, bucket);
    }
    const limit = identity.kind === "token" ? spec.token : spec.anonymous;
    return { bucket, limit };
  }

  /** Headers describing the bucket after this request; `count` says whether it consumed one. */
  take(identity, resource, count) {
    const { bucket, limit } = this.bucket(identity, resource);
    const exhausted = bucket.used >= limit;
    if (count && !exhausted) bucket.used += 1;
    return { exhausted, headers: this.headers(bucket, limit, resource) };
  }

  /** Headers of an empty bucket (the `403-rate-limit` fault), without spending the real one. */
  exhausted(identity, resource) {
    const { bucket, limit } = this.bucket(identity, resource);
    return this.headers({ ...bucket, used: limit }, limit, resource);
  }

  headers(bucket, limit, resource) {
    return {
      "x-ratelimit-limit": String(limit),
      "x-ratelimit-remaining": String(Math.max(0, limit - bucket.used)),
      "x-ratelimit-used": String(bucket.used),
      "x-ratelimit-reset": String(bucket.resetAt),
      "x-ratelimit-resource": resource,
    };
  }

  /** The GET /rate_limit body. */
  summary(identity) {
    const resources = {};
    for (const resource of Object.keys(LIMITS)) {
      const { bucket, limit } = this.bucket(identity, resource);
      resources[resource] = { limit, used: bucket.used, remaining: Math.max(0, limit - bucket.used), reset: bucket.resetAt };
    }
    return { resources, rate: resources.core };
  }
}
