//! The package a lockfile line names, in every lockfile format the supply-chain finders read:
//! one parser for the entry headers that [`super::lockfiles`] counts (new packages) and
//! [`super::lockfile_sources`] pairs with their `resolved`, `integrity` and `checksum` lines.
//!
//! Formats: `package-lock.json`/`npm-shrinkwrap.json` (`"node_modules/NAME": {`), `yarn.lock`
//! (a top-level `NAME@range, NAME@range:` header), `pnpm-lock.yaml` (`  /NAME@version:` one
//! level in), `Cargo.lock`/`poetry.lock`/`uv.lock`/`pdm.lock`/`pixi.lock` (`name = "NAME"`),
//! `composer.lock` (`"name": "NAME"`), `Gemfile.lock` (`    NAME (version)` under `specs:`)
//! and `go.sum` (`MODULE VERSION h1:…`).
//!
//! Sources: npm Docs "package-lock.json"; Yarn "yarn.lock" (classic); pnpm "pnpm-lock.yaml";
//! Cargo Book "Cargo.lock"; Bundler "Gemfile.lock"; Go Modules Reference "go.sum".

/// The package an entry header names (`basename` is the lockfile's lower-case file name).
pub(crate) fn entry_name(basename: &str, line: &str) -> Option<String> {
    let trimmed = line.trim();
    let name = match basename {
        "package-lock.json" | "npm-shrinkwrap.json" => trimmed
            .strip_prefix('"')
            .filter(|_| trimmed.ends_with('{'))
            .and_then(|rest| rest.rsplit_once("node_modules/"))
            .and_then(|(_, name)| name.split('"').next())
            .map(str::to_string),
        "yarn.lock" | "pnpm-lock.yaml" => {
            let top = if basename == "yarn.lock" {
                line == trimmed
            } else {
                line.starts_with("  ") && !line.starts_with("   ")
            };
            let entry = trimmed
                .trim_end_matches(':')
                .split(',')
                .next()
                .unwrap_or("");
            let entry = entry.trim_matches(['"', '\'', '/']);
            match entry.rsplit_once('@') {
                Some((name, _)) if top && trimmed.ends_with(':') && !name.is_empty() => {
                    Some(name.to_string())
                }
                _ => None,
            }
        }
        "cargo.lock" | "poetry.lock" | "uv.lock" | "pdm.lock" | "pixi.lock" => trimmed
            .strip_prefix("name = \"")
            .and_then(|rest| rest.strip_suffix('"'))
            .map(str::to_string),
        "composer.lock" => trimmed
            .strip_prefix("\"name\": \"")
            .and_then(|rest| rest.split('"').next())
            .map(str::to_string),
        "gemfile.lock" => {
            (line.starts_with("    ") && !line.starts_with("     ") && trimmed.ends_with(')'))
                .then(|| trimmed.split(' ').next().unwrap_or("").to_string())
        }
        "go.sum" => trimmed.split_whitespace().next().map(str::to_string),
        _ => None,
    };
    name.filter(|name| !name.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_names_its_entries() {
        for (basename, line, expected) in [
            (
                "package-lock.json",
                "    \"node_modules/@scope/pkg\": {",
                "@scope/pkg",
            ),
            (
                "yarn.lock",
                "\"@babel/core@^7.0.0\", \"@babel/core@^7.1.0\":",
                "@babel/core",
            ),
            ("pnpm-lock.yaml", "  /evil-pkg@1.0.0:", "evil-pkg"),
            ("cargo.lock", "name = \"rand\"", "rand"),
            (
                "composer.lock",
                "            \"name\": \"monolog/monolog\",",
                "monolog/monolog",
            ),
            ("gemfile.lock", "    nokogiri (1.16.0)", "nokogiri"),
            (
                "go.sum",
                "github.com/google/uuid v1.6.0 h1:abc=",
                "github.com/google/uuid",
            ),
        ] {
            assert_eq!(
                entry_name(basename, line).as_deref(),
                Some(expected),
                "{basename}"
            );
        }
        assert_eq!(entry_name("yarn.lock", "  version \"1.0.0\""), None);
        assert_eq!(
            entry_name("package-lock.json", "      \"version\": \"1.0.0\","),
            None
        );
    }
}
