//! Display helpers for hostile text: everything shown to a user from a PR is clipped so a
//! 10 KB title or a crafted error value can never flood a message, a driver detail or a log.

/// `text` on one line (newlines and tabs become spaces), at most `max_chars` characters;
/// longer text ends with "…". Counts characters, not bytes, so it never splits a code point.
pub fn clip(text: &str, max_chars: usize) -> String {
    let one_line = text.replace(['\n', '\r', '\t'], " ");
    if one_line.chars().count() <= max_chars {
        return one_line;
    }
    let mut kept: String = one_line.chars().take(max_chars.saturating_sub(1)).collect();
    kept.push('…');
    kept
}

/// `value` with two decimals, the text `format!("{value:.2}")` gives (the exact binary value
/// rounded half to even), computed with integer arithmetic.
///
/// Why: `{:.2}` links core's float formatting (Grisu and Dragon4 with their tables, ~15 KB of
/// wasm) for the few weights and scores the engine prints. Exact for every finite value below
/// 1.8e17 (larger ones saturate; weights and scores are at most 1); NaN and infinities print as
/// `{:.2}` prints them.
pub fn two_decimals(value: f64) -> String {
    if value.is_nan() {
        return "NaN".to_string();
    }
    let sign = if value.is_sign_negative() { "-" } else { "" };
    let magnitude = value.abs();
    if magnitude.is_infinite() {
        return format!("{sign}inf");
    }
    let hundredths = hundredths(magnitude);
    format!("{sign}{}.{:02}", hundredths / 100, hundredths % 100)
}

/// `round_half_even(value × 100)` of a finite non-negative `value`, exactly (u64 arithmetic:
/// u128 would link 128-bit division and formatting into the wasm).
fn hundredths(value: f64) -> u64 {
    /// From 2^53 on, every f64 is an integer: its hundredths are the integer times 100.
    const INTEGRAL_FROM: f64 = 9_007_199_254_740_992.0;
    if value >= INTEGRAL_FROM {
        return (value as u64).saturating_mul(100);
    }
    let bits = value.to_bits();
    let biased_exponent = ((bits >> 52) & 0x7ff) as i32;
    let fraction = bits & ((1 << 52) - 1);
    // value = mantissa × 2^exponent exactly.
    let (mantissa, exponent) = if biased_exponent == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), biased_exponent - 1075)
    };
    // mantissa < 2^53, so scaled < 2^60.
    let scaled = mantissa * 100;
    if exponent >= 0 {
        // Below 2^53 with a non-negative exponent: the value is an integer below 2^53.
        return scaled << exponent;
    }
    let shift = exponent.unsigned_abs();
    if shift >= 64 {
        // value × 100 < 2^60 × 2^-64 < 0.5: rounds to 0.
        return 0;
    }
    let quotient = scaled >> shift;
    let remainder = scaled - (quotient << shift);
    let half = 1u64 << (shift - 1);
    match remainder.cmp(&half) {
        std::cmp::Ordering::Less => quotient,
        std::cmp::Ordering::Greater => quotient + 1,
        std::cmp::Ordering::Equal => quotient + (quotient & 1),
    }
}

#[cfg(test)]
mod tests {
    use super::{clip, two_decimals};

    #[test]
    fn two_decimals_reads_like_the_float_formatter() {
        let mut values = vec![
            0.0,
            -0.0,
            0.005,
            0.015,
            0.125,
            0.375,
            0.625,
            0.875,
            0.285,
            1.005,
            2.675,
            0.995,
            0.999,
            1.0,
            0.25,
            0.5,
            0.75,
            0.47,
            0.4,
            0.68,
            1e-300,
            5e-324,
            123.455,
            1e15,
            1e20,
            9_007_199_254_740_993.0,
            -0.004,
            -1.235,
            f64::MAX,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        // Every weight-like value on a fine grid, and its neighbours one ulp away.
        for step in 0..=20_000 {
            let value = f64::from(step) / 20_000.0;
            values.extend([value, f64::from_bits(value.to_bits() + 1)]);
            if value > 0.0 {
                values.push(f64::from_bits(value.to_bits() - 1));
            }
        }
        for value in values {
            let expected = format!("{value:.2}");
            if value.abs() < 1.8e17 || !value.is_finite() {
                assert_eq!(two_decimals(value), expected, "{value:e}");
            }
        }
    }

    #[test]
    fn short_text_is_unchanged_and_long_text_ends_with_an_ellipsis() {
        assert_eq!(clip("abc", 5), "abc");
        assert_eq!(clip("abcdef", 4), "abc…");
    }

    #[test]
    fn multibyte_text_is_cut_between_characters_and_kept_on_one_line() {
        assert_eq!(clip("é\né\né", 3), "é …");
        assert_eq!(clip("🙂🙂🙂", 2), "🙂…");
    }
}
