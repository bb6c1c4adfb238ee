//! Path rules for the files that guard the review itself: trust-boundary files (who owns,
//! publishes, installs; what the diff shows) and the security configuration of web frameworks.
//! The tables live in [`crate::settings::paths`].

use super::path_rules::{ends_with, starts_with, PathName};
use crate::engine::path_index::DirTable;
use crate::settings::paths::{
    TrustBoundary, FRAMEWORK_SECURITY_CATEGORY, FRAMEWORK_SECURITY_PATHS, TRUST_BOUNDARY_BASENAMES,
    TRUST_BOUNDARY_PATHS,
};

/// What a trust-boundary file controls, if the path is one.
pub(super) fn trust_boundary(name: &PathName) -> Option<TrustBoundary> {
    if let Some((_, kind)) = TRUST_BOUNDARY_BASENAMES
        .iter()
        .find(|(basename, _)| *basename == name.basename)
    {
        return Some(*kind);
    }
    TRUST_BOUNDARY_PATHS
        .iter()
        .find(|(path, _)| {
            if is_directory_entry(path) {
                starts_with(name.lower, path)
            } else {
                name.lower == *path
            }
        })
        .map(|(_, kind)| *kind)
}

/// `security_config` when the path is a web framework's security configuration or
/// authentication middleware.
pub(super) fn framework_security(name: &PathName) -> Option<&'static str> {
    // Every entry names a file kind these extensions cover; most files of a big PR stop here.
    if !matches!(
        name.extension,
        "py" | "rb" | "cs" | "config" | "php" | "ts" | "js"
    ) {
        return None;
    }
    FRAMEWORK_SECURITY_PATHS
        .iter()
        .any(|(path, extension)| {
            if extension.is_some_and(|wanted| wanted != name.extension) {
                return false;
            }
            if is_directory_entry(path) {
                name.in_table(DirTable::FrameworkSecurityHead)
                    && name
                        .directory
                        .is_some_and(|directory| dirs_contain(directory, path))
            } else {
                name.lower == *path
                    || (ends_with(name.lower, path)
                        && name
                            .lower
                            .len()
                            .checked_sub(path.len() + 1)
                            .and_then(|slash| name.lower.as_bytes().get(slash))
                            == Some(&b'/'))
            }
        })
        .then_some(FRAMEWORK_SECURITY_CATEGORY)
}

/// A table entry naming a directory (`a/b/`) rather than a file. A byte compare: `ends_with('/')`
/// encodes the char and calls `memcmp`, for every entry of both tables and every file.
fn is_directory_entry(entry: &str) -> bool {
    entry.as_bytes().last() == Some(&b'/')
}

/// True when `entry` (`a/b/`) names consecutive directory segments of `directory` (`x/a/b`):
/// it starts at a segment boundary and ends at one. Walks the boundaries of the directory
/// string instead of collecting its segments (this runs for most files of a 3,000-file PR).
fn dirs_contain(directory: &str, entry: &str) -> bool {
    let wanted = entry.trim_end_matches('/');
    std::iter::once(0)
        .chain(directory.match_indices('/').map(|(slash, _)| slash + 1))
        .any(|start| {
            directory.get(start..).is_some_and(|rest| {
                starts_with(rest, wanted)
                    && matches!(rest.as_bytes().get(wanted.len()), None | Some(b'/'))
            })
        })
}

#[cfg(test)]
mod tests {
    use super::super::path_rules::{lower_path, slashed};
    use super::*;

    fn with_name<T>(path: &str, check: impl Fn(&PathName) -> T) -> T {
        let original = slashed(path);
        let lower = lower_path(&original);
        check(&PathName::new(&original, &lower))
    }

    #[test]
    fn ownership_registry_settings_and_attribute_files_are_trust_boundaries() {
        for (path, kind) in [
            (".github/CODEOWNERS", TrustBoundary::Ownership),
            ("OWNERS", TrustBoundary::Ownership),
            ("MAINTAINERS", TrustBoundary::Ownership),
            (".npmrc", TrustBoundary::PackageRegistry),
            ("web/.yarnrc.yml", TrustBoundary::PackageRegistry),
            ("pip.conf", TrustBoundary::PackageRegistry),
            (".cargo/config.toml", TrustBoundary::PackageRegistry),
            (".github/settings.yml", TrustBoundary::RepositorySettings),
            (".gitattributes", TrustBoundary::DiffAttributes),
        ] {
            assert_eq!(with_name(path, trust_boundary), Some(kind), "{path}");
        }
        for path in [
            ".github/workflows/ci.yml",
            "src/owners.rs",
            "docs/owners.md",
        ] {
            assert_eq!(with_name(path, trust_boundary), None, "{path}");
        }
    }

    #[test]
    fn web_framework_security_configuration_is_recognised() {
        for path in [
            "mysite/settings.py",
            "mysite/settings/production.py",
            "accounts/middleware.py",
            "config/initializers/devise.rb",
            "Startup.cs",
            "web.config",
            "app/Http/Kernel.php",
            "app/Http/Middleware/VerifyCsrfToken.php",
            "middleware.ts",
            "src/middleware.ts",
            "server/middleware/session.js",
        ] {
            assert_eq!(
                with_name(path, framework_security),
                Some("security_config"),
                "{path}"
            );
        }
        for path in [
            "src/my_middleware.ts",
            "settings.json",
            "tests/settings.rb",
            "mysettings/production.py",
            "app/http/middlewares/audit.php",
        ] {
            assert_eq!(with_name(path, framework_security), None, "{path}");
        }
    }
}
