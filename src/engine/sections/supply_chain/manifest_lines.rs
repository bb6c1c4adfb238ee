//! Line-oriented manifests: Gradle build scripts, Ruby `Gemfile`/`*.gemspec`, CocoaPods
//! `Podfile`, Swift `Package.swift`, Dart `pubspec.yaml` and Elixir `mix.exs`.
//!
//! Each declares one dependency per line in a recognisable call (`implementation "g:a:v"`,
//! `gem 'name', '~> 1'`, `.package(url: …, from: …)`, `{:name, "~> 1.0"}`); the rest of the line
//! after the name is kept as the spec so `git:`/`path:`/`branch:` options are seen.

use super::model::{indentation, quoted_strings, Dependency, Scan};
use crate::engine::diff::Hunk;

/// The text after the first quoted string (the options following a name).
fn after_first_string(line: &str) -> &str {
    let Some(open) = line.find(['"', '\'']) else {
        return "";
    };
    let quote = line.as_bytes().get(open).copied().unwrap_or(b'"') as char;
    let after = line.get(open + 1..).unwrap_or("");
    match after.find(quote) {
        Some(close) => after
            .get(close + 1..)
            .unwrap_or("")
            .trim_start_matches([',', ' ', ')'])
            .trim(),
        None => "",
    }
}

/// Gradle: `group:artifact:version` coordinates in quotes, and `id("plugin") version "x"`.
pub fn gradle(_hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    for (line, changed) in view {
        let text = line.split("//").next().unwrap_or(line).trim();
        if !changed || text.is_empty() {
            continue;
        }
        let strings = quoted_strings(text);
        if text.starts_with("id") && text.contains(" version ") {
            if let (Some(plugin), Some(version)) = (strings.first(), strings.get(1)) {
                scan.dependencies.push(Dependency::new(*plugin, *version));
                continue;
            }
        }
        for string in strings {
            let parts: Vec<&str> = string.split(':').collect();
            if parts.len() >= 3
                && parts
                    .iter()
                    .take(2)
                    .all(|part| !part.is_empty() && !part.contains(' '))
            {
                let name = format!("{}:{}", parts[0], parts[1]);
                scan.dependencies
                    .push(Dependency::new(name, parts[2..].join(":")));
            }
        }
    }
    scan
}

/// Ruby and CocoaPods: `gem`, `pod`, `add_dependency`, `add_runtime_dependency`,
/// `add_development_dependency`.
pub fn ruby(_hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    for (line, changed) in view {
        let text = line.split(" #").next().unwrap_or(line).trim();
        if !changed || text.starts_with('#') {
            continue;
        }
        let declares = text.starts_with("gem ")
            || text.starts_with("pod ")
            || text.contains("add_dependency")
            || text.contains("add_runtime_dependency")
            || text.contains("add_development_dependency");
        if !declares {
            continue;
        }
        if let Some(name) = quoted_strings(text).first() {
            let options = after_first_string(text).replace(['\'', '"'], "");
            scan.dependencies.push(Dependency::new(*name, options));
        }
    }
    scan
}

/// Swift Package Manager: `.package(url: "…/name.git", from: "1.0.0")` (or `exact:`,
/// `branch:`, `revision:`, `.upToNextMajor(from:)`), and `.package(path: "…")`.
pub fn swift(_hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    for (line, changed) in view {
        let text = line.trim();
        if !changed || !text.contains(".package(") {
            continue;
        }
        let strings = quoted_strings(text);
        if text.contains("path:") {
            if let Some(path) = strings.first() {
                let name = path
                    .trim_end_matches('/')
                    .rsplit('/')
                    .next()
                    .unwrap_or(path);
                scan.dependencies
                    .push(Dependency::new(name, format!("path: {path}")));
            }
            continue;
        }
        let Some(url) = strings
            .iter()
            .find(|string| string.contains("://") || string.starts_with("git@"))
        else {
            continue;
        };
        let name = url
            .trim_end_matches('/')
            .trim_end_matches(".git")
            .rsplit('/')
            .next()
            .unwrap_or(url);
        let after_url = text
            .find(url)
            .and_then(|at| text.get(at + url.len() + 1..))
            .unwrap_or("");
        let spec = after_url
            .replace(['"', '\''], "")
            .trim_start_matches([',', ' '])
            .trim_end_matches([')', ',', ' '])
            .to_string();
        scan.dependencies.push(Dependency::new(name, spec));
    }
    scan
}

/// Dart `pubspec.yaml`: entries under `dependencies:`, `dev_dependencies:`,
/// `dependency_overrides:`; nested `git:`/`path:`/`version:` keys belong to the entry above.
pub fn pubspec(_hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    let mut in_dependencies = false;
    let mut entry: Option<(String, usize)> = None;
    for (line, changed) in view {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let indent = indentation(line);
        let Some((key, value)) = trimmed.split_once(':') else {
            continue;
        };
        let value = value.trim();
        if indent == 0 {
            in_dependencies = matches!(
                key,
                "dependencies" | "dev_dependencies" | "dependency_overrides"
            );
            entry = None;
            continue;
        }
        if !in_dependencies {
            continue;
        }
        match &entry {
            Some((name, entry_indent)) if indent > *entry_indent => {
                if *changed {
                    let detail = format!("{key}: {value}");
                    match scan.dependencies.last_mut() {
                        Some(last) if last.name == *name => {
                            last.spec = format!("{} {detail}", last.spec).trim().to_string();
                        }
                        _ => scan
                            .dependencies
                            .push(Dependency::new(name.clone(), detail)),
                    }
                }
            }
            _ => {
                entry = Some((key.to_string(), indent));
                if *changed {
                    scan.dependencies.push(Dependency::new(key, value));
                }
            }
        }
    }
    scan
}

/// Elixir `mix.exs`: `{:name, "~> 1.0"}` or `{:name, git: "…"}` tuples.
pub fn mix(_hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    for (line, changed) in view {
        if !changed {
            continue;
        }
        let mut rest = line.trim();
        while let Some(start) = rest.find("{:") {
            let tuple = rest.get(start + 2..).unwrap_or("");
            let end = tuple.find('}').unwrap_or(tuple.len());
            let body = tuple.get(..end).unwrap_or("");
            if let Some((name, spec)) = body.split_once(',') {
                let spec = spec.trim();
                let spec = quoted_strings(spec)
                    .first()
                    .filter(|_| spec.starts_with('"'))
                    .map_or(spec.to_string(), |version| version.to_string());
                scan.dependencies.push(Dependency::new(name.trim(), spec));
            }
            rest = tuple.get(end..).unwrap_or("");
        }
    }
    scan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::diff::parse;

    fn new_side(scanner: super::super::model::Scanner, patch: &str) -> Vec<Dependency> {
        let patch = parse(patch);
        let hunk = &patch.hunks[0];
        scanner(hunk, &hunk.new_view()).dependencies
    }

    #[test]
    fn gradle_coordinates_and_plugins() {
        let deps = new_side(gradle, "@@ -1,3 +1,5 @@\n dependencies {\n+    implementation(\"com.squareup.okhttp3:okhttp:4.12.0\")\n+    testImplementation 'junit:junit:4.13.2'\n+    id(\"org.jetbrains.kotlin.jvm\") version \"2.0.0\"\n }");
        assert_eq!(
            deps,
            [
                Dependency::new("com.squareup.okhttp3:okhttp", "4.12.0"),
                Dependency::new("junit:junit", "4.13.2"),
                Dependency::new("org.jetbrains.kotlin.jvm", "2.0.0")
            ]
        );
    }

    #[test]
    fn gemfile_gemspec_and_podfile() {
        let deps = new_side(ruby, "@@ -1,2 +1,5 @@\n source 'https://rubygems.org'\n+gem 'rails', '~> 7.1'\n+gem 'secret_sauce', git: 'https://github.com/x/sauce'\n+  spec.add_dependency \"rack\", \">= 2\"\n+pod 'Alamofire', '~> 5.9'");
        assert_eq!(deps[0], Dependency::new("rails", "~> 7.1"));
        assert!(deps[1].spec.contains("git:"));
        assert_eq!(deps[2].name, "rack");
        assert_eq!(deps[3].name, "Alamofire");
    }

    #[test]
    fn swift_packages_by_url_and_path() {
        let deps = new_side(swift, "@@ -5,2 +5,4 @@\n     dependencies: [\n+        .package(url: \"https://github.com/apple/swift-nio.git\", from: \"2.65.0\"),\n+        .package(url: \"https://github.com/x/y.git\", branch: \"main\"),\n+        .package(path: \"../LocalKit\"),");
        assert_eq!(deps[0].name, "swift-nio");
        assert!(deps[0].spec.contains("2.65.0"));
        assert!(deps[1].spec.contains("branch"));
        assert_eq!(deps[2], Dependency::new("LocalKit", "path: ../LocalKit"));
    }

    #[test]
    fn pubspec_entries_and_nested_sources() {
        let deps = new_side(pubspec, "@@ -1,5 +1,8 @@\n name: app\n dependencies:\n+  http: ^1.2.0\n   provider: ^6.0.0\n+  forked:\n+    git: https://github.com/x/forked\n dev_dependencies:\n+  lints: ^4.0.0");
        assert_eq!(
            deps,
            [
                Dependency::new("http", "^1.2.0"),
                Dependency::new("forked", "git: https://github.com/x/forked"),
                Dependency::new("lints", "^4.0.0")
            ]
        );
    }

    #[test]
    fn mix_tuples() {
        let deps = new_side(mix, "@@ -1,2 +1,3 @@\n   defp deps do\n+    [{:phoenix, \"~> 1.7\"}, {:evil, git: \"https://x/evil.git\"}]");
        assert_eq!(deps[0], Dependency::new("phoenix", "~> 1.7"));
        assert_eq!(deps[1].name, "evil");
        assert!(deps[1].spec.contains("git:"));
    }
}
