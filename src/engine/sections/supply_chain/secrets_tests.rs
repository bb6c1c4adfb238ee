//! Tests of `secrets.rs`.

use super::super::testing::{added_after, changed};
use super::*;
use crate::engine::files::classify_file;

fn scan(path: &str, added: &str) -> Vec<Finding> {
    let file = changed(path, "modified", &added_after(" context", added));
    findings(
        &classify_file(&file),
        &crate::engine::diff::parse(file.patch.as_deref().unwrap_or("")),
    )
}

// Assembled at run time so this file holds no token-shaped literal a scanner would flag.
fn token(prefix: &str, body: &str) -> String {
    format!("{prefix}{body}")
}

#[test]
fn the_line_pre_check_fires_exactly_when_a_credential_is_on_the_line() {
    let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
    for line in [
        "    let metrics_150 = metrics::new(150).map_err(Error::from)?;",
        "token = \"ghp_Zq8Xk2LmN4pR7tV9wB1cD3fG5hJ6kM0nQaSd\"",
        &format!("Authorization: Bearer {jwt}"),
        "use crate::engine::sections::supply_chain::secrets;",
        "é AKIAZQ8XK2LMN4PR7TV9 é",
    ] {
        assert_eq!(
            may_hold(line),
            !secrets_in(line, false).is_empty(),
            "{line}"
        );
    }
    assert!(may_hold("-----BEGIN RSA PRIVATE KEY-----"));
    assert!(!may_hold(
        "    let metrics_150 = metrics::new(150).map_err(Error::from)?;"
    ));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]
    #[test]
    fn probing_for_token_runs_agrees_with_counting_every_byte(line in "[a-z_ .:(é]{0,80}") {
        let longest = line
            .split(|c: char| !token_char(c))
            .map(str::len)
            .max()
            .unwrap_or(0);
        proptest::prop_assert_eq!(has_token_run(&line), longest >= MIN_TOKEN_CHARS);
    }

    #[test]
    fn bytewise_needle_search_agrees_with_match_indices(text in "[aAeyJK ]{0,40}", needle in "(AKIA|eyJ|a|aa|y)") {
        let expected: Vec<usize> = text.match_indices(needle.as_str()).map(|(at, _)| at).collect();
        proptest::prop_assert_eq!(starts_of(&text, &needle).collect::<Vec<_>>(), expected);
    }
}

#[test]
fn each_token_shape_is_found_and_shown_only_by_its_prefix() {
    let cases = [
        token("AKIA", "Q3ZJ7WXK2M5NB4PT"),
        token("ghp_", "a8Kd93JfQ0zLmP2xR7tY5vB1nC4wE6uHsGiO"),
        token(
            "github_pat_",
            "11ABCDE2F0gH7kLmN9pQrS_tUvWxYz0193456289abcdEFG",
        ),
        token("xoxb-", "293148812345-884129912345-Zq7Lm3Nx9Pk2RtW5yB1nC4v"),
        token(
            "https://hooks.slack.com/services/",
            "T0A1B2C3D/B4E5F6G7H/q9W8e7R6t5Y4",
        ),
        token("sk_live_", "4eC39HqLyjWDarjtT1zdp7dc"),
        token("AIza", "SyD3k9Lm2Qp8Rt5Vx7Zb1Nc4Hg6Jf0Ws-Yu"),
        token(
            "eyJhbGciOiJIUzI1NiJ9.",
            "eyJzdWIiOiI0MiIsInJvbGUiOiJhZG1pbiJ9.k3Vd9Qx7Lm2PzR8tW5yB1nC4",
        ),
    ];
    for secret in cases {
        let found = scan("src/config.py", &format!("KEY = \"{secret}\""));
        assert_eq!(found.len(), 1, "{secret}: {found:?}");
        assert_eq!(
            (found[0].id, found[0].severity),
            (FindingKind::SecretInDiff, Severity::High)
        );
        assert!(found[0]
            .detail
            .ends_with("on line 2; revoke it and remove it from the history"));
        let tail = secret.get(secret.len().saturating_sub(8)..).unwrap_or("");
        let header = secret.starts_with("-----");
        assert!(
            header || !found[0].detail.contains(tail),
            "the value is never shown: {}",
            found[0].detail
        );
    }
}

#[test]
fn a_pem_header_is_a_key_only_with_key_material_after_it() {
    let body = [
        "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQDAC4AWkdwKYSd8",
        "Ks14IReLcYgADhoXk56ZzXI=",
    ];
    let with_body = format!(
        "-----BEGIN PRIVATE KEY-----\n+{}\n+{}\n+-----END PRIVATE KEY-----",
        body[0], body[1]
    );
    let found = scan("deploy/key.pem", &with_body);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(found[0]
        .detail
        .contains("private key (-----BEGIN … PRIVATE KEY-----) on line 2"));
    assert!(!found[0].detail.contains(body[0]));
    assert!(scan(
        "docs/keys.md",
        "-----BEGIN PRIVATE KEY-----\n+anything\n+-----END PRIVATE KEY-----"
    )
    .is_empty());
    assert!(scan(
        "docs/keys.md",
        "-----BEGIN OPENSSH PRIVATE KEY----------END OPENSSH PRIVATE KEY-----"
    )
    .is_empty());
}

#[test]
fn documented_placeholders_are_not_secrets() {
    for line in [
        "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
        "token: ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "STRIPE_KEY=sk_live_<your-key-here-0000000000>",
        "GITHUB_TOKEN=ghp_${{ secrets.TOKEN }}",
        "key = AIza00000000000000000000000000000000000",
        "commit 0123456789abcdef0123456789abcdef01234567",
    ] {
        assert!(scan("docs/setup.md", line).is_empty(), "{line}");
    }
}

#[test]
fn jwts_in_tests_are_fixtures_but_keys_in_tests_are_leaks() {
    let jwt = token(
        "eyJhbGciOiJIUzI1NiJ9.",
        "eyJzdWIiOiI0MiIsInJvbGUiOiJhZG1pbiJ9.k3Vd9Qx7Lm2PzR8tW5yB1nC4",
    );
    assert!(scan("tests/test_auth.py", &jwt).is_empty());
    let key = token("AKIA", "Q3ZJ7WXK2M5NB4PT");
    assert_eq!(scan("tests/test_auth.py", &key).len(), 1);
}

fn scan_patch(path: &str, patch: &str) -> Vec<(FindingKind, Severity)> {
    let file = changed(path, "modified", patch);
    super::super::testing::kinds(findings(
        &classify_file(&file),
        &crate::engine::diff::parse(patch),
    ))
}

fn pem_key() -> String {
    format!(
        "-----BEGIN RSA {}-----\n+MIIEpAIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n+VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n+-----END RSA {}-----",
        "PRIVATE KEY", "PRIVATE KEY"
    )
}

#[test]
fn a_private_key_in_test_data_is_named_as_a_test_fixture_that_weighs_nothing() {
    for path in [
        "examples/http-pusher/testdata/server.key",
        "tests/fixtures/tls/key.pem",
        "src/test/resources/server.key",
    ] {
        assert_eq!(
            scan_patch(path, &format!("@@ -0,0 +1,4 @@\n+{}", pem_key())),
            [(FindingKind::TestFixtureSecret, Severity::Low)],
            "{path}"
        );
    }
    // The same key anywhere else is a leak.
    assert_eq!(
        scan_patch(
            "deploy/server.key",
            &format!("@@ -0,0 +1,4 @@\n+{}", pem_key())
        ),
        [(FindingKind::SecretInDiff, Severity::High)]
    );
}

#[test]
fn keyword_values_in_inline_test_modules_and_doc_examples_are_test_data() {
    let value = "Bearer { token: \"fpKL54jvWmEGVoRdCNjG\".to_owned() }";
    // Outside tests the assignment is named…
    assert_eq!(
        scan_patch(
            "src/header/auth.rs",
            &format!("@@ -10,1 +10,2 @@ impl Bearer {{\n fn x() {{\n+    {value}")
        ),
        [(FindingKind::SecretInDiff, Severity::Medium)]
    );
    // …inside `mod tests` (named by git after the `@@`, or shown by the hunk) it is not…
    assert!(scan_patch(
        "src/header/auth.rs",
        &format!("@@ -233,1 +233,2 @@ mod tests {{\n fn x() {{\n+    {value}")
    )
    .is_empty());
    assert!(scan_patch(
        "src/header/auth.rs",
        &format!("@@ -1,1 +1,3 @@\n #[cfg(test)]\n+mod tests {{\n+    {value}")
    )
    .is_empty());
    // …nor in a documentation example.
    assert!(scan_patch(
        "src/header/auth.rs",
        &format!("@@ -1,1 +1,2 @@\n ///\n+///     {value}")
    )
    .is_empty());
    // A service token is a live credential even in a test module.
    let live = token("ghp_", "a8Kd93JfQ0zLmP2xR7tY5vB1nC4wE6uHsGiO");
    assert_eq!(
        scan_patch(
            "src/header/auth.rs",
            &format!("@@ -233,1 +233,2 @@ mod tests {{\n fn x() {{\n+    let t = \"{live}\";")
        ),
        [(FindingKind::SecretInDiff, Severity::High)]
    );
}
