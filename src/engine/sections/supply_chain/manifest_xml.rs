//! XML manifests: Maven `pom.xml` (`<dependency>`, `<plugin>`, `<parent>`, `<extension>` blocks
//! and `<….version>` properties) and NuGet (`<PackageReference Include= Version=>`,
//! `<PackageVersion>`, `packages.config` `<package id= version=>`).
//!
//! A Maven version bump shows only the changed `<version>` line with the `<artifactId>` as
//! context, so the artifact is carried from the block's earlier lines.

use super::model::{Dependency, Scan};
use crate::engine::diff::Hunk;

/// Elements that close a Maven coordinate block.
const BLOCK_ENDS: &[&str] = &["</dependency>", "</plugin>", "</parent>", "</extension>"];

/// `<tag>value</tag>` on one line → (tag, value).
fn element(line: &str) -> Option<(&str, &str)> {
    let rest = line.trim().strip_prefix('<')?;
    let close = rest.find('>')?;
    let tag = rest.get(..close)?;
    if tag.contains(' ') || tag.starts_with('/') {
        return None;
    }
    let after = rest.get(close + 1..)?;
    let end = after.find("</")?;
    Some((tag, after.get(..end)?.trim()))
}

#[derive(Default)]
struct Block {
    artifact: Option<String>,
    version: Option<String>,
    changed: bool,
}

impl Block {
    fn flush(&mut self, scan: &mut Scan) {
        let block = std::mem::take(self);
        if let (true, Some(artifact)) = (block.changed, block.artifact) {
            scan.dependencies
                .push(Dependency::new(artifact, block.version.unwrap_or_default()));
        }
    }
}

pub fn pom(_hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    let mut block = Block::default();
    for (line, changed) in view {
        let trimmed = line.trim();
        if BLOCK_ENDS.iter().any(|end| trimmed.starts_with(end)) {
            block.flush(&mut scan);
            continue;
        }
        let Some((tag, value)) = element(trimmed) else {
            continue;
        };
        match tag {
            "artifactId" => {
                if block.artifact.is_some() {
                    block.flush(&mut scan);
                }
                block.artifact = Some(value.to_string());
                block.changed |= *changed;
            }
            "version" => {
                block.version = Some(value.to_string());
                block.changed |= *changed;
            }
            property
                if *changed
                    && (property.ends_with(".version")
                        || property.ends_with("-version")
                        || property.ends_with("Version")) =>
            {
                scan.dependencies.push(Dependency::new(property, value));
            }
            _ => {}
        }
    }
    block.flush(&mut scan);
    scan
}

/// The value of `name="…"` in an XML tag (case-insensitive name).
fn attribute<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let lower = line.to_ascii_lowercase();
    let needle = format!("{}=\"", name.to_ascii_lowercase());
    let start = lower.find(&needle)? + needle.len();
    let rest = line.get(start..)?;
    rest.get(..rest.find('"')?)
}

pub fn nuget(_hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    for (line, changed) in view {
        if !changed {
            continue;
        }
        let trimmed = line.trim();
        let is_reference = [
            "<PackageReference",
            "<PackageVersion",
            "<package ",
            "<GlobalPackageReference",
        ]
        .iter()
        .any(|tag| trimmed.starts_with(tag));
        if !is_reference {
            continue;
        }
        let name = attribute(trimmed, "Include")
            .or_else(|| attribute(trimmed, "Update"))
            .or_else(|| attribute(trimmed, "id"));
        if let Some(name) = name {
            let version = attribute(trimmed, "Version").unwrap_or("");
            scan.dependencies.push(Dependency::new(name, version));
        }
    }
    scan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::diff::parse;

    fn sides(
        scanner: super::super::model::Scanner,
        patch: &str,
    ) -> (Vec<Dependency>, Vec<Dependency>) {
        let patch = parse(patch);
        let hunk = &patch.hunks[0];
        (
            scanner(hunk, &hunk.old_view()).dependencies,
            scanner(hunk, &hunk.new_view()).dependencies,
        )
    }

    #[test]
    fn maven_plugin_bump_carries_the_artifact_from_context() {
        let (old, new) = sides(
            pom,
            "@@ -80,7 +80,7 @@\n       <plugin>\n         <groupId>org.apache.maven.plugins</groupId>\n         <artifactId>maven-surefire-plugin</artifactId>\n-        <version>3.2.5</version>\n+        <version>3.3.0</version>\n       </plugin>\n       <plugin>\n         <artifactId>maven-jar-plugin</artifactId>\n         <version>3.4.1</version>\n       </plugin>",
        );
        assert_eq!(old, [Dependency::new("maven-surefire-plugin", "3.2.5")]);
        assert_eq!(new, [Dependency::new("maven-surefire-plugin", "3.3.0")]);
    }

    #[test]
    fn maven_new_dependency_block_and_version_property() {
        let (_, new) = sides(
            pom,
            "@@ -10,3 +10,9 @@\n   <properties>\n-    <jackson.version>2.17.0</jackson.version>\n+    <jackson.version>2.16.0</jackson.version>\n   </properties>\n+    <dependency>\n+      <groupId>com.example</groupId>\n+      <artifactId>new-lib</artifactId>\n+      <version>1.0</version>\n+    </dependency>",
        );
        assert_eq!(
            new,
            [
                Dependency::new("jackson.version", "2.16.0"),
                Dependency::new("new-lib", "1.0")
            ]
        );
    }

    #[test]
    fn nuget_package_references() {
        let (old, new) = sides(
            nuget,
            "@@ -5,2 +5,3 @@\n-    <PackageReference Include=\"Newtonsoft.Json\" Version=\"13.0.1\" />\n+    <PackageReference Include=\"Newtonsoft.Json\" Version=\"13.0.3\" />\n+    <PackageReference Include=\"Serilog\" Version=\"3.1.1\" />",
        );
        assert_eq!(old, [Dependency::new("Newtonsoft.Json", "13.0.1")]);
        assert_eq!(new.len(), 2);
    }
}
