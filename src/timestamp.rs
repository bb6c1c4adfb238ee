//! Timestamps as Unix seconds.
//!
//! GitHub sends RFC 3339 (`2026-02-06T19:26:00Z`); some recordings hold Ruby's
//! `2016-09-15 05:52:11 UTC`. Both are read; anything else is "unknown", never a crash.
//!
//! Why by hand: the `time` crate cost ~10 KB of wasm for two calls. The calendar arithmetic is
//! Howard Hinnant's `days_from_civil` / `civil_from_days` (public domain,
//! <https://howardhinnant.github.io/date_algorithms.html>); the grammar is RFC 3339 §5.6.

/// Seconds in one day, for age arithmetic.
pub const SECONDS_PER_DAY: i64 = 86_400;

/// Parses an RFC 3339 or Ruby-style UTC timestamp into Unix seconds.
pub fn parse(text: &str) -> Option<i64> {
    let text = text.trim();
    if let Some(seconds) = parse_rfc3339(text) {
        return Some(seconds);
    }
    // Ruby's Time#to_s: "2016-09-15 05:52:11 UTC".
    let ruby = text.strip_suffix(" UTC")?;
    let (date, clock) = ruby.split_once(' ')?;
    if clock.len() != 8 {
        return None;
    }
    parse_rfc3339(&format!("{date}T{clock}Z"))
}

/// Formats Unix seconds as RFC 3339 (UTC); values outside years 0000–9999 give `None`.
pub fn format(seconds: i64) -> Option<String> {
    let days = seconds.div_euclid(SECONDS_PER_DAY);
    let second_of_day = seconds.rem_euclid(SECONDS_PER_DAY);
    let (year, month, day) = civil_from_days(days);
    if !(0..=9999).contains(&year) {
        return None;
    }
    Some(format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        second_of_day / 3600,
        second_of_day % 3600 / 60,
        second_of_day % 60
    ))
}

/// Whole days from `earlier` to `later`, never negative.
pub fn days_between(earlier: i64, later: i64) -> u64 {
    (later.saturating_sub(earlier).max(0) / SECONDS_PER_DAY) as u64
}

/// `YYYY-MM-DD(T|t)hh:mm:ss[.fraction](Z|z|±hh:mm)`; the fraction is dropped (whole seconds).
fn parse_rfc3339(text: &str) -> Option<i64> {
    let bytes = text.as_bytes();
    if bytes.len() < 20
        || bytes[4] != b'-'
        || bytes[7] != b'-'
        || !matches!(bytes[10], b'T' | b't')
        || bytes[13] != b':'
        || bytes[16] != b':'
    {
        return None;
    }
    let year = digits(bytes, 0, 4)?;
    let month = digits(bytes, 5, 2)?;
    let day = digits(bytes, 8, 2)?;
    let hour = digits(bytes, 11, 2)?;
    let minute = digits(bytes, 14, 2)?;
    let mut second = digits(bytes, 17, 2)?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    if hour > 23 || minute > 59 || second > 60 || (second == 60 && (hour, minute) != (23, 59)) {
        return None;
    }
    // A leap second (23:59:60) counts as the last second of the day, as the `time` crate did.
    second = second.min(59);
    let mut rest = &bytes[19..];
    if let Some(fraction) = rest.strip_prefix(b".") {
        let count = fraction.iter().take_while(|b| b.is_ascii_digit()).count();
        if count == 0 {
            return None;
        }
        rest = &fraction[count..];
    }
    let offset_seconds = match rest {
        [b'Z' | b'z'] => 0,
        [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
            let offset_hours = digits(rest, 1, 2)?;
            let offset_minutes = digits(rest, 4, 2)?;
            if offset_hours > 23 || offset_minutes > 59 {
                return None;
            }
            let magnitude = offset_hours * 3600 + offset_minutes * 60;
            if *sign == b'-' {
                -magnitude
            } else {
                magnitude
            }
        }
        _ => return None,
    };
    let local =
        days_from_civil(year, month, day) * SECONDS_PER_DAY + hour * 3600 + minute * 60 + second;
    let utc = local - offset_seconds;
    // An offset can push year 0000 or 9999 out of the formattable range; such a time is
    // "unknown" rather than one `format` cannot write back.
    let formattable =
        days_from_civil(0, 1, 1) * SECONDS_PER_DAY..days_from_civil(10_000, 1, 1) * SECONDS_PER_DAY;
    formattable.contains(&utc).then_some(utc)
}

/// The ASCII digits `bytes[start..start + count]` as a number, or `None` if any is not a digit.
fn digits(bytes: &[u8], start: usize, count: usize) -> Option<i64> {
    bytes
        .get(start..start + count)?
        .iter()
        .try_fold(0_i64, |value, byte| {
            byte.is_ascii_digit()
                .then(|| value * 10 + i64::from(byte - b'0'))
        })
}

fn is_leap_year(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let shifted = days + 719_468;
    let era = shifted.div_euclid(146_097);
    let day_of_era = shifted - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
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
        assert_eq!(parse("2016-02-30T00:00:00Z"), None);
        assert_eq!(parse("2016-09-15T24:00:00Z"), None);
        assert_eq!(parse("2016-09-15T05:52:11"), None);
        assert_eq!(parse("2016-09-15T05:52:11.Z"), None);
        assert_eq!(parse("2016-09-15T05:52:11+0200"), None);
        assert_eq!(parse("2016-09-15 05:52 UTC"), None);
        assert_eq!(parse("２016-09-15T05:52:11Z"), None);
    }

    #[test]
    fn offsets_fractions_and_leap_days_are_read() {
        // Known Unix times (date -u -d ... +%s).
        assert_eq!(parse("2026-02-06T19:26:00Z"), Some(1_770_405_960));
        assert_eq!(parse("2026-02-06T21:26:00+02:00"), Some(1_770_405_960));
        assert_eq!(
            parse("2026-02-06T14:26:00.123456-05:00"),
            Some(1_770_405_960)
        );
        assert_eq!(parse("2024-02-29t00:00:00z"), Some(1_709_164_800));
        assert_eq!(parse("1969-12-31T23:59:59Z"), Some(-1));
        assert_eq!(parse("2016-12-31T23:59:60Z"), parse("2016-12-31T23:59:59Z"));
    }

    #[test]
    fn formats_round_trip() {
        assert_eq!(format(86_400).as_deref(), Some("1970-01-02T00:00:00Z"));
        assert_eq!(format(-1).as_deref(), Some("1969-12-31T23:59:59Z"));
        assert_eq!(
            format(1_709_164_800 + 3_723).as_deref(),
            Some("2024-02-29T01:02:03Z")
        );
        assert_eq!(format(i64::MAX), None);
        assert_eq!(format(253_402_300_800), None); // 10000-01-01
        assert_eq!(parse("9999-12-31T23:59:59-01:00"), None);
        assert_eq!(parse("0000-01-01T00:00:00+01:00"), None);
        assert_eq!(
            parse("0000-01-01T00:00:00Z").and_then(format).as_deref(),
            Some("0000-01-01T00:00:00Z")
        );
        assert_eq!(days_between(0, 3 * SECONDS_PER_DAY + 5), 3);
        assert_eq!(days_between(10, 0), 0);
    }

    #[test]
    fn every_day_across_four_centuries_round_trips() {
        let mut days = days_from_civil(1900, 1, 1);
        while days < days_from_civil(2300, 1, 1) {
            let seconds = days * SECONDS_PER_DAY + 45_296;
            let text = format(seconds).unwrap();
            assert_eq!(parse(&text), Some(seconds), "{text}");
            days += 1;
        }
    }
}
