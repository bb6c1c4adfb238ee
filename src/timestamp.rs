//! Timestamps as Unix seconds.
//!
//! GitHub sends RFC 3339 (`2026-02-06T19:26:00Z`); some recordings hold Ruby's
//! `2016-09-15 05:52:11 UTC`. Both are read; anything else is "unknown", never a crash.

use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

/// Seconds in one day, for age arithmetic.
pub const SECONDS_PER_DAY: i64 = 86_400;

/// Parses an RFC 3339 or Ruby-style UTC timestamp into Unix seconds.
pub fn parse(text: &str) -> Option<i64> {
    let text = text.trim();
    if let Ok(moment) = OffsetDateTime::parse(text, &Rfc3339) {
        return Some(moment.unix_timestamp());
    }
    // Ruby's Time#to_s: "2016-09-15 05:52:11 UTC".
    let ruby = text.strip_suffix(" UTC")?;
    let iso = format!("{}Z", ruby.replacen(' ', "T", 1));
    OffsetDateTime::parse(&iso, &Rfc3339)
        .ok()
        .map(OffsetDateTime::unix_timestamp)
}

/// Formats Unix seconds as RFC 3339 (UTC); out-of-range values give `None`.
pub fn format(seconds: i64) -> Option<String> {
    OffsetDateTime::from_unix_timestamp(seconds)
        .ok()?
        .format(&Rfc3339)
        .ok()
}

/// Whole days from `earlier` to `later`, never negative.
pub fn days_between(earlier: i64, later: i64) -> u64 {
    (later.saturating_sub(earlier).max(0) / SECONDS_PER_DAY) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_and_ruby_style_timestamps_agree() {
        assert_eq!(
            parse("2016-09-15T05:52:11Z"),
            parse("2016-09-15 05:52:11 UTC")
        );
        assert_eq!(parse("1970-01-02T00:00:00Z"), Some(86_400));
    }

    #[test]
    fn garbage_is_unknown_not_a_crash() {
        assert_eq!(parse("2016-09-15T05:52:<GITHUB_TEST_INTEGRATION>Z"), None);
        assert_eq!(parse(""), None);
    }

    #[test]
    fn formats_round_trip() {
        assert_eq!(format(86_400).as_deref(), Some("1970-01-02T00:00:00Z"));
        assert_eq!(days_between(0, 3 * SECONDS_PER_DAY + 5), 3);
        assert_eq!(days_between(10, 0), 0);
    }
}
