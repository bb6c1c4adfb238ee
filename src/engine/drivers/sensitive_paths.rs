//! `sensitive_paths`: the PR touches security- or operations-critical areas.
//!
//! **What it detects.** Changed files classified as auth, crypto, secrets, migrations, infra,
//! permissions or billing by path words (`auth/`, `AuthService.java`, `db/migrate/`, `*.tf`,
//! `CODEOWNERS`, `.env.*`, `*.pem` …), the security configuration and authentication
//! middleware of the major web frameworks (`security_config`: Django `settings.py` and
//! `middleware.py`, Rails `config/initializers/`, ASP.NET `Startup.cs`/`web.config`, Laravel's
//! HTTP kernel and middleware, Next.js `middleware.ts`; Spring's `SecurityConfig` and Symfony's
//! `security.yaml` by their words), plus the user's `paths.sensitive` globs (`custom`). Docs
//! and tests about those topics do not count; a rename keeps its previous path's category, so
//! an auth module moved under `tests/` still counts.
//!
//! **Why it matters.** Critical surface outweighs raw size: a three-line change to session
//! handling or a migration deserves more attention than 300 lines of UI.
//!
//! **Example.** "Sensitive areas touched: auth (2 files), migrations (1 file)".

use super::{DriverSpec, fire};
use crate::engine::context::{Context, Sections};
use crate::engine::files::FileClass;
use crate::signal::Driver;

/// `sensitive_paths` as the catalogue lists it.
pub(crate) const SPEC: DriverSpec = DriverSpec {
    id: "sensitive_paths",
    label: "Sensitive paths",
    weight: crate::settings::weights::SECURITY_SURFACE_FLOOR,
    source: "Security surface, not fitted (docs/calibration.md, \"What the fit cannot see\"): fired on 3.0 % of the corpus, lift 1.30, and fitted alongside size and spread its coefficient is 0 — what it guards matters for attacks, not for defects. It keeps SECURITY_SURFACE_FLOOR, 0.20: with one changed line of code the PR is still medium. Was 0.35: vercel-labs/open-agents#833 rubric (High: auth, permissions, secrets, billing, data writes/deletes, migrations, infra/config) and Momental Heimdall HIGH list",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let mut categories: Vec<(&str, usize)> = Vec::new();
    let mut paths = Vec::new();
    for file in &context.files {
        // Tests and recorded test data about auth are not auth code; auth code moved under
        // `tests/` still is.
        let Some(category) = file
            .sensitive
            .filter(|_| file.class != FileClass::Test || file.moved_from_sensitive)
        else {
            continue;
        };
        paths.push(file.path.clone());
        match categories.iter_mut().find(|(name, _)| *name == category) {
            Some((_, count)) => *count += 1,
            None => categories.push((category, 1)),
        }
    }
    if categories.is_empty() {
        return None;
    }
    let summary: Vec<String> = categories
        .iter()
        .map(|(category, count)| {
            let noun = if *count == 1 { "file" } else { "files" };
            format!("{category} ({count} {noun})")
        })
        .collect();
    let detail = format!("Sensitive areas touched: {}", summary.join(", "));
    fire(context, &SPEC, 1.0, detail, paths)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::drivers::testing::{file, Case};
    use serde_json::json;

    #[test]
    fn fires_per_category_with_counts_and_paths() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            file("src/auth/login.py", 3, 1), file("src/auth/session.py", 1, 0),
            file("db/migrate/001_users.rb", 10, 0), file("src/ui/button.tsx", 300, 0)
        ]}));
        let driver = case.fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            "Sensitive areas touched: auth (2 files), migrations (1 file)"
        );
        assert_eq!(driver.paths.len(), 3);
        assert_eq!(driver.weight, SPEC.weight);
    }

    #[test]
    fn an_auth_module_renamed_under_tests_stays_sensitive() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            {"filename": "tests/fixtures/session.py", "previous_filename": "src/auth/session.py",
             "status": "renamed", "additions": 2, "deletions": 1, "patch": "@@ -1 +1,2 @@\n-a\n+b\n+c"}
        ]}));
        let driver = case.fired(evaluate).unwrap();
        assert_eq!(driver.detail, "Sensitive areas touched: auth (1 file)");
    }

    #[test]
    fn framework_security_configuration_is_sensitive() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            file("mysite/settings.py", 1, 1), file("config/packages/security.yaml", 2, 0), file("middleware.ts", 3, 0)
        ]}));
        let driver = case.fired(evaluate).unwrap();
        assert_eq!(
            driver.detail,
            "Sensitive areas touched: security_config (2 files), auth (1 file)"
        );
    }

    #[test]
    fn ordinary_code_and_docs_about_auth_do_not_fire() {
        let case = Case::new(json!({"pull": {"number": 1}, "files": [
            file("docs/auth.md", 3, 1), file("src/transformers/models/bert/tokenization_bert.py", 1, 0),
            file("tests/ReplayData/Authentication.testBasicAuthentication.txt", 40, 0)
        ]}));
        assert!(case.fired(evaluate).is_none());
    }
}
