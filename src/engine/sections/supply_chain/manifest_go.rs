//! Go modules (`go.mod`): `require module version` lines (single or in a `require ( … )`
//! block) and `replace old => new` directives.
//!
//! A `replace` swaps a module for a fork or a local directory for every build of this module,
//! which is why it is reported on its own (medium; Go modules reference, "replace directive").

use super::model::{Dependency, Scan};
use crate::engine::diff::Hunk;
use crate::signal::{FindingKind, Severity};

#[derive(Clone, Copy, PartialEq)]
enum Block {
    None,
    Require,
    Replace,
}

pub fn scan(hunk: &Hunk, view: &[(&str, bool)]) -> Scan {
    let mut scan = Scan::default();
    let mut block = match hunk.section.trim() {
        "require (" => Block::Require,
        "replace (" => Block::Replace,
        _ => Block::None,
    };
    for (line, changed) in view {
        let text = line.split("//").next().unwrap_or(line).trim();
        match text {
            "require (" => {
                block = Block::Require;
                continue;
            }
            "replace (" => {
                block = Block::Replace;
                continue;
            }
            ")" => {
                block = Block::None;
                continue;
            }
            _ => {}
        }
        if !changed {
            continue;
        }
        let (kind, body) = if let Some(rest) = text.strip_prefix("require ") {
            (Block::Require, rest.trim())
        } else if let Some(rest) = text.strip_prefix("replace ") {
            (Block::Replace, rest.trim())
        } else {
            (block, text)
        };
        match kind {
            Block::Require => {
                let mut parts = body.split_whitespace();
                if let (Some(module), Some(version)) = (parts.next(), parts.next()) {
                    if version.starts_with('v') && (module.contains('.') || module.contains('/')) {
                        scan.dependencies.push(Dependency::new(module, version));
                    }
                }
            }
            Block::Replace => {
                if let Some((old, new)) = body.split_once("=>") {
                    let target = new.trim();
                    let local = target.starts_with('.') || target.starts_with('/');
                    scan.other.push((
                        FindingKind::GoReplace,
                        if local {
                            Severity::Medium
                        } else {
                            Severity::High
                        },
                        format!("replaces {} with {}", old.trim(), target),
                    ));
                }
            }
            Block::None => {}
        }
    }
    scan
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::diff::parse;

    #[test]
    fn require_blocks_single_requires_and_replaces() {
        let patch = parse("@@ -3,6 +3,8 @@ go 1.22\n require (\n-\tgithub.com/pkg/errors v0.9.1\n+\tgithub.com/pkg/errors v0.8.0\n+\tgolang.org/x/net v0.25.0 // indirect\n )\n+require example.com/one v1.0.0\n+replace github.com/a/b => github.com/evil/b v1.0.0");
        let hunk = &patch.hunks[0];
        let old = scan(hunk, &hunk.old_view());
        let new = scan(hunk, &hunk.new_view());
        assert_eq!(
            old.dependencies,
            [Dependency::new("github.com/pkg/errors", "v0.9.1")]
        );
        assert_eq!(
            new.dependencies,
            [
                Dependency::new("github.com/pkg/errors", "v0.8.0"),
                Dependency::new("golang.org/x/net", "v0.25.0"),
                Dependency::new("example.com/one", "v1.0.0")
            ]
        );
        assert_eq!(new.other.len(), 1);
        assert_eq!(new.other[0].1, Severity::High);
    }
}
