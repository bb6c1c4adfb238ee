//! "Report a problem": the address of a prefilled "wrong score" issue in prlens's own
//! repository, for the link in the popup and in the details sheet.
//!
//! What goes in: the engine version, the browser (name, major version, operating system), and
//! when a signal is at hand, the PR's URL, its levels (risk with score, review action, effort,
//! staleness, evidence completeness) and the ids of its risk drivers and findings with their
//! weights and severities. What never goes in: the token (the signal has none), file contents,
//! paths, titles or any other text of the PR — ids and levels are the engine's own words.
//! Nothing is sent: the link opens GitHub's new-issue form, which the user reads, edits and
//! submits or not.
//!
//! The repository URL has one home, `[package] repository` in Cargo.toml (`REPOSITORY_URL`);
//! the manifest's `homepage_url` is written from it by build.sh, and tests/ship/repository.test.mjs
//! checks that every other mention in the repository agrees with it.
//!
//! Source: GitHub Docs, "Creating an issue from a URL query" (issue forms take `template=` and
//! one query parameter per field `id`), read 2026-12.

use crate::signal::Signal;
use crate::text::percent_encode;

/// The project's repository (Cargo.toml `repository`).
pub const REPOSITORY_URL: &str = env!("CARGO_PKG_REPOSITORY");

/// The issue form in `.github/ISSUE_TEMPLATE/` whose field ids the query fills.
pub const WRONG_SCORE_FORM: &str = "wrong-score.yml";

/// Drivers and finding kinds listed at most (a long list says nothing more, and GitHub
/// refuses very long URLs).
const MAX_IDS: usize = 20;

/// The new-issue address: the "wrong score" form, prefilled with what `signal` says (when
/// there is one) and the browser; `browser` is free text from the caller, clipped.
pub fn wrong_score_url(browser: &str, signal: Option<&Signal>) -> String {
    let mut fields: Vec<(&str, String)> = vec![
        ("template", WRONG_SCORE_FORM.to_string()),
        ("engine", crate::engine::context::ENGINE_VERSION.to_string()),
        ("browser", crate::text::clip(browser.trim(), 80)),
    ];
    match signal {
        Some(signal) => {
            fields.push((
                "title",
                format!("Wrong score: {} risk", signal.risk.level.key()),
            ));
            if let Some(url) = pr_url(signal) {
                fields.push(("pr", url));
            }
            fields.push(("levels", levels(signal)));
            fields.push(("drivers", drivers(signal)));
            fields.push(("findings", findings(signal)));
        }
        None => fields.push(("title", "Wrong score".to_string())),
    }
    let query: Vec<String> = fields
        .iter()
        .map(|(name, value)| format!("{name}={}", percent_encode(value, false)))
        .collect();
    format!("{REPOSITORY_URL}/issues/new?{}", query.join("&"))
}

/// The PR's page when it passes the one link check (`crate::links`; the engine builds it from
/// owner/repo/number); anything else is left out rather than copied into an issue.
fn pr_url(signal: &Signal) -> Option<String> {
    let url = &signal.pr.url;
    (crate::links::is_safe_github_url(url) && !url.contains('#') && url.len() <= 300)
        .then(|| url.clone())
}

fn levels(signal: &Signal) -> String {
    format!(
        "risk {} ({:.2}); review {}; readiness {}%; effort {} ({} min); staleness {}; evidence {:.0}% complete",
        signal.risk.level.key(),
        signal.risk.score,
        signal.review.action.key(),
        signal.review.readiness.min(100),
        signal.triage.effort.key(),
        signal.triage.minutes_text(),
        signal.triage.staleness.key(),
        (signal.evidence.completeness * 100.0).clamp(0.0, 100.0),
    )
}

/// Driver ids with their weights, as the engine ranks them (the ids are the catalogue's own).
fn drivers(signal: &Signal) -> String {
    let listed: Vec<String> = signal
        .risk
        .drivers
        .iter()
        .take(MAX_IDS)
        .map(|driver| format!("{} {:.2}", safe_id(&driver.id), driver.weight))
        .collect();
    if listed.is_empty() {
        "none".to_string()
    } else {
        listed.join(", ")
    }
}

/// Finding kinds with their severities and counts; never a path or a detail.
fn findings(signal: &Signal) -> String {
    let mut counted: Vec<(String, usize)> = Vec::new();
    for finding in &signal.supply_chain.findings {
        let id = format!("{} ({})", finding.id.key(), finding.severity.key());
        match counted.iter_mut().find(|(seen, _)| *seen == id) {
            Some((_, count)) => *count += 1,
            None => counted.push((id, 1)),
        }
    }
    if counted.is_empty() {
        return "none".to_string();
    }
    counted
        .into_iter()
        .take(MAX_IDS)
        .map(|(id, count)| {
            if count == 1 {
                id
            } else {
                format!("{id} ×{count}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Driver ids come from the engine's catalogue; a signal read back from JSON could carry
/// anything, so only id-shaped text passes.
fn safe_id(id: &str) -> &str {
    let ok = !id.is_empty()
        && id.len() <= 40
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if ok {
        id
    } else {
        "(unknown)"
    }
}

/// "Chrome 131 on Linux", "Firefox 142 on Windows" from a `navigator.userAgent` string.
pub fn browser_from_user_agent(user_agent: &str) -> String {
    let version = |token: &str| -> Option<String> {
        let at = user_agent.find(token)? + token.len();
        let major: String = user_agent
            .get(at..)?
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        (!major.is_empty()).then_some(major)
    };
    let browser = [
        ("Firefox/", "Firefox"),
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("Chrome/", "Chrome"),
    ]
    .iter()
    .find_map(|(token, name)| version(token).map(|major| format!("{name} {major}")))
    .unwrap_or_else(|| "unknown browser".to_string());
    let system = [
        ("Windows", "Windows"),
        ("Android", "Android"),
        ("CrOS", "ChromeOS"),
        ("Mac OS X", "macOS"),
        ("Linux", "Linux"),
    ]
    .iter()
    .find(|(token, _)| user_agent.contains(token))
    .map(|(_, name)| *name);
    match system {
        Some(system) => format!("{browser} on {system}"),
        None => browser,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The query value of `name` in `url`, decoded.
    fn field(url: &str, name: &str) -> Option<String> {
        let query = url.split_once('?')?.1;
        let value = query
            .split('&')
            .find_map(|pair| pair.strip_prefix(&format!("{name}=")))?;
        let bytes = value.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i] == b'%' {
                let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            } else {
                out.push(bytes[i]);
                i += 1;
            }
        }
        String::from_utf8(out).ok()
    }

    fn sample_signal() -> Signal {
        let bundle = include_str!("../tests/bundles/scan-secret-in-config.json");
        crate::analyze_json(bundle, "", None).expect("the project's bundle scores")
    }

    #[test]
    fn the_link_opens_the_wrong_score_form_of_the_project_repository() {
        let url = wrong_score_url("Chrome 131 on Linux", None);
        assert!(url.starts_with(&format!(
            "{REPOSITORY_URL}/issues/new?template=wrong-score.yml&"
        )));
        assert!(REPOSITORY_URL.starts_with("https://github.com/"));
        assert_eq!(
            field(&url, "engine").as_deref(),
            Some(crate::engine::context::ENGINE_VERSION)
        );
        assert_eq!(
            field(&url, "browser").as_deref(),
            Some("Chrome 131 on Linux")
        );
        assert_eq!(field(&url, "pr"), None, "no signal, no PR");
    }

    #[test]
    fn a_signal_fills_the_pr_levels_driver_ids_and_finding_kinds() {
        let signal = sample_signal();
        let url = wrong_score_url("Firefox 142 on Windows", Some(&signal));
        assert_eq!(field(&url, "pr"), Some(signal.pr.url.clone()));
        let levels = field(&url, "levels").unwrap_or_default();
        assert!(
            levels.starts_with(&format!("risk {} (", signal.risk.level.key())),
            "{levels}"
        );
        assert!(levels.contains(&format!("review {}", signal.review.action.key())));
        let drivers = field(&url, "drivers").unwrap_or_default();
        for driver in signal.risk.drivers.iter().take(MAX_IDS) {
            assert!(
                drivers.contains(&driver.id),
                "{drivers} names {}",
                driver.id
            );
        }
        let findings = field(&url, "findings").unwrap_or_default();
        assert!(findings.contains("secret_in_diff (high)"), "{findings}");
    }

    #[test]
    fn no_path_detail_or_pr_text_reaches_the_issue() {
        let signal = sample_signal();
        let url = wrong_score_url("Chrome 131 on Linux", Some(&signal));
        let decoded: String = ["title", "pr", "levels", "drivers", "findings"]
            .iter()
            .filter_map(|name| field(&url, name))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            !decoded.contains(&signal.pr.title),
            "the PR title stays out"
        );
        for finding in &signal.supply_chain.findings {
            assert!(
                !decoded.contains(&finding.path),
                "{} stays out",
                finding.path
            );
            assert!(!decoded.contains(&finding.detail));
        }
        for driver in &signal.risk.drivers {
            assert!(driver.detail.is_empty() || !decoded.contains(&driver.detail));
        }
        for file in &signal.focus {
            assert!(!decoded.contains(&file.path), "{} stays out", file.path);
        }
        // Every value is percent-encoded: no raw space, quote, angle bracket or newline.
        assert!(!url.contains([' ', '"', '<', '>', '\n']), "{url}");
    }

    #[test]
    fn a_hostile_pr_url_or_driver_id_from_a_read_back_signal_is_left_out() {
        let mut signal = sample_signal();
        signal.pr.url = "https://evil.example/x?token=1".into();
        if let Some(driver) = signal.risk.drivers.first_mut() {
            driver.id = "<script>".into();
        }
        let url = wrong_score_url("x", Some(&signal));
        assert_eq!(field(&url, "pr"), None);
        assert!(
            !url.contains("evil.example") && !url.contains("script"),
            "{url}"
        );
    }

    #[test]
    fn user_agents_read_as_browser_version_and_system() {
        let cases = [
            ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome 131 on Linux"),
            ("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:142.0) Gecko/20100101 Firefox/142.0", "Firefox 142 on Windows"),
            ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86", "Edge 131 on macOS"),
            ("curl/8", "unknown browser"),
        ];
        for (agent, expected) in cases {
            assert_eq!(browser_from_user_agent(agent), expected);
        }
    }
}
