//! npm `package.json`, Composer `composer.json` and `deno.json`: `"name": "spec"` entries inside
//! dependency objects (`dependencies`, `devDependencies`, `peerDependencies`,
//! `optionalDependencies`, `overrides`, `resolutions`, `require`, `require-dev`, `imports`).
//!
//! The object nesting is tracked through the hunk's context lines. When a hunk starts inside an
//! object whose opening line is out of view, an entry counts as a dependency when its value
//! reads like a version spec and its key is not a known top-level field.

use super::model::{looks_like_spec, Dependency, Scan};
use crate::engine::diff::Hunk;

const DEPENDENCY_OBJECTS: &[&str] = &[
    "dependencies",
    "devdependencies",
    "peerdependencies",
    "optionaldependencies",
    "bundleddependencies",
    "overrides",
    "resolutions",
    "require",
    "require-dev",
    "imports",
];

/// Keys that hold versions but are not dependencies.
const NOT_DEPENDENCIES: &[&str] = &[
    "name",
    "version",
    "description",
    "main",
    "module",
    "types",
    "typings",
    "license",
    "author",
    "homepage",
    "private",
    "type",
    "packagemanager",
    "node",
    "npm",
    "yarn",
    "pnpm",
    "php",
    "minimum-stability",
];

/// `"key": {` → key.
fn object_opener(line: &str) -> Option<String> {
    let (key, rest) = pair(line)?;
    rest.starts_with('{').then_some(key)
}

/// `"key": rest` → (key, rest without a trailing comma).
fn pair(line: &str) -> Option<(String, &str)> {
    let line = line.trim();
    let after = line.strip_prefix('"')?;
    let close = after.find('"')?;
    let key = after.get(..close)?.to_string();
    let rest = after
        .get(close + 1..)?
        .trim_start()
        .strip_prefix(':')?
        .trim();
    Some((key, rest.trim_end_matches(',').trim()))
}

pub fn scan(hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    let mut stack: Vec<String> = Vec::new();
    // Until an unmatched `}` is seen, the enclosing object is unknown.
    let mut enclosing_known = false;
    if let Some(key) = object_opener(hunk.section) {
        stack.push(key.to_ascii_lowercase());
        enclosing_known = true;
    }
    for (line, changed) in view {
        let trimmed = line.trim();
        if let Some(key) = object_opener(trimmed) {
            if !trimmed.contains('}') {
                stack.push(key.to_ascii_lowercase());
            }
            continue;
        }
        if trimmed.starts_with('}') || trimmed.starts_with(']') {
            if stack.pop().is_none() {
                enclosing_known = true;
            }
            continue;
        }
        if !changed {
            continue;
        }
        let Some((key, value)) = pair(trimmed) else {
            continue;
        };
        let Some(spec) = value
            .strip_prefix('"')
            .and_then(|value| value.strip_suffix('"'))
        else {
            continue;
        };
        let lower = key.to_ascii_lowercase();
        let is_dependency = match stack.last() {
            Some(object) => DEPENDENCY_OBJECTS.contains(&object.as_str()),
            None if enclosing_known => false,
            None => {
                looks_like_spec(spec)
                    && !NOT_DEPENDENCIES.contains(&lower.as_str())
                    && !lower.starts_with("ext-")
            }
        };
        if is_dependency && !lower.starts_with("ext-") && lower != "php" {
            scan.dependencies.push(Dependency::new(key, spec));
        }
    }
    scan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::diff::parse;

    fn sides(patch: &str) -> (Vec<Dependency>, Vec<Dependency>) {
        let patch = parse(patch);
        let hunk = &patch.hunks[0];
        (
            scan(hunk, &hunk.old_view()).dependencies,
            scan(hunk, &hunk.new_view()).dependencies,
        )
    }

    #[test]
    fn reads_dependencies_inside_known_objects_only() {
        let (old, new) = sides(
            "@@ -1,9 +1,10 @@\n {\n   \"name\": \"app\",\n-  \"version\": \"1.0.0\",\n+  \"version\": \"1.1.0\",\n   \"scripts\": {\n     \"build\": \"tsc\"\n   },\n   \"dependencies\": {\n-    \"lodash\": \"^4.17.20\"\n+    \"lodash\": \"^4.17.21\",\n+    \"left-pad\": \"git+https://github.com/x/left-pad.git\"\n   }",
        );
        assert_eq!(old, [Dependency::new("lodash", "^4.17.20")]);
        assert_eq!(
            new,
            [
                Dependency::new("lodash", "^4.17.21"),
                Dependency::new("left-pad", "git+https://github.com/x/left-pad.git")
            ]
        );
    }

    #[test]
    fn infers_dependency_objects_opened_outside_the_hunk() {
        let (old, new) = sides("@@ -20,3 +20,3 @@\n     \"jest\": \"^29.0.0\",\n-    \"typescript\": \"^5.3.0\"\n+    \"typescript\": \"^5.4.2\"\n   }");
        assert_eq!(old, [Dependency::new("typescript", "^5.3.0")]);
        assert_eq!(new, [Dependency::new("typescript", "^5.4.2")]);
        let (_, after_close) =
            sides("@@ -20,3 +20,3 @@\n   },\n+  \"version\": \"2.0.0\",\n+  \"main\": \"x.js\"");
        assert!(after_close.is_empty());
    }

    #[test]
    fn composer_require_skips_platform_requirements() {
        let (_, new) = sides("@@ -1,4 +1,6 @@\n   \"require\": {\n+    \"php\": \">=8.1\",\n+    \"ext-json\": \"*\",\n+    \"guzzlehttp/guzzle\": \"^7.8\"\n   }");
        assert_eq!(new, [Dependency::new("guzzlehttp/guzzle", "^7.8")]);
    }
}
