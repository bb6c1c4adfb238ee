//! `sensitive_paths`: the PR touches security- or operations-critical areas.
//!
//! **What it detects.** Changed files classified as auth, crypto, secrets, migrations, infra,
//! permissions or billing by path words (`auth/`, `AuthService.java`, `db/migrate/`, `*.tf`,
//! `CODEOWNERS`, `.env.*`, `*.pem` …), plus the user's `paths.sensitive` globs (`custom`). Docs
//! and tests about those topics do not count.
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
    weight: 0.35,
    source: "vercel-labs/open-agents#833 rubric (High: auth, permissions, secrets, billing, data writes/deletes, migrations, infra/config) and Momental Heimdall HIGH list",
    evaluate,
};

fn evaluate(context: &Context, _sections: &Sections) -> Option<Driver> {
    let mut categories: Vec<(&str, usize)> = Vec::new();
    let mut paths = Vec::new();
    for file in &context.files {
        // Tests and recorded test data about auth are not auth code.
        let Some(category) = file.sensitive.filter(|_| file.class != FileClass::Test) else {
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
        assert_eq!(driver.weight, 0.35);
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
