//! Tests of `secret_keywords.rs`.

use super::*;

// Values assembled at run time so this file holds no credential-shaped literal.
fn random() -> String {
    ["Zq8Xk2Lm", "N4pR7tV9", "wB1cD3fG", "5hJ6kM0n"].concat()
}

#[test]
fn keyword_names_with_random_values_are_found_in_every_syntax() {
    let value = random();
    for line in [
        format!("genericToken = \"{value}\""),
        format!("\"client_secret\" : \"{value}\","),
        format!("System.setProperty(\"API_TOKEN\", \"{value}\")"),
        format!("  \"authToken\" => \"{value}\""),
        format!("$apiKey .= \"{value}\""),
        format!("SECRET_KEY ?= \"{value}\""),
        format!("passwd = {value}"),
    ] {
        assert!(keyword_secret(&line, None).is_some(), "{line}");
    }
    assert_eq!(
        keyword_secret("  <accessToken>", Some(&format!("    {value}"))).as_deref(),
        Some("accessToken")
    );
}

#[test]
fn names_about_a_credential_and_word_like_or_low_entropy_values_are_not() {
    let value = random();
    for line in [
        format!("report_access_id: {value}"),
        format!("api_version={value}"),
        format!("public_key = \"{value}\""),
        format!("primaryKey={value}"),
        format!("csrf-token={value}"),
        format!("key_name: \"{value}\""),
        "X-API-Name\": \"NRG0-Hermes-INTERNAL-API\",".to_string(),
        "<entry key=\"jetbrains.mps.v8_elimination\" value=\"executed\" />".to_string(),
        "token = \"aaaaaaaaaaaaaaaaaaaaaaaa\"".to_string(),
        "secret = ${{ secrets.DEPLOY_KEY }}".to_string(),
        "if (token == previousTokenValue123) {".to_string(),
        "const keyStr = \"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789\""
            .to_string(),
    ] {
        assert!(keyword_secret(&line, None).is_none(), "{line}");
    }
}

#[test]
fn env_files_report_literal_passwords_but_not_references_or_examples() {
    assert!(is_env_file(".env.prod") && is_env_file("deploy/prod.env") && is_env_file(".env"));
    assert!(!is_env_file(".env.example") && !is_env_file("config/.env.sample"));
    assert_eq!(
        env_assignment("DB_PASSWORD=hunter2prod").as_deref(),
        Some("DB_PASSWORD")
    );
    assert_eq!(
        env_assignment("export STRIPE_SECRET=\"sk9Zq8Xk2\"").as_deref(),
        Some("STRIPE_SECRET")
    );
    for line in [
        "DB_PASSWORD=",
        "DB_PASSWORD=${VAULT_DB}",
        "DB_PASSWORD=changeme",
        "DB_HOST=db.internal",
        "# DB_PASSWORD=old-one-123",
    ] {
        assert!(env_assignment(line).is_none(), "{line}");
    }
}

#[test]
fn entropy_is_bits_per_character() {
    assert!(entropy("aaaa") < 0.01);
    assert!((entropy("abcd") - 2.0).abs() < 1e-9);
}
