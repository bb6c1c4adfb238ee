//! Trust-boundary files: the files that decide who may approve, publish or install, and what
//! GitHub shows in the diff. A PR that changes them changes the rules the review runs under.
//!
//! Sources (read 2026-12-03): GitHub Docs "About code owners" (CODEOWNERS at the root, `docs/`
//! or `.github/`), Kubernetes' OWNERS files (https://www.kubernetes.dev/docs/guide/owners/),
//! the Linux kernel's MAINTAINERS; Probot settings (`.github/settings.yml`) and Dependabot's
//! `.github/dependabot.yml`; npm's `.npmrc`, Yarn's `.yarnrc.yml` (`npmRegistryServer`),
//! pip's `pip.conf`/`pip.ini`, Cargo's `.cargo/config.toml` (`[source]` replacement),
//! NuGet's `nuget.config`, Bundler/RubyGems' `.gemrc`; Git's `gitattributes(5)` (`-diff`,
//! `binary`) and linguist's `linguist-generated` (what GitHub collapses), `.gitmodules`.

/// What a trust-boundary file controls.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TrustBoundary {
    /// Who owns and must approve code: CODEOWNERS, OWNERS, MAINTAINERS.
    Ownership,
    /// Repository settings applied by bots and GitHub Apps from `.github/`.
    RepositorySettings,
    /// Where packages are downloaded from and with which credentials.
    PackageRegistry,
    /// What GitHub hides or collapses in the diff, and where submodules come from.
    DiffAttributes,
}

impl TrustBoundary {
    /// The phrase a driver's detail uses.
    pub fn label(self) -> &'static str {
        match self {
            Self::Ownership => "code ownership",
            Self::RepositorySettings => "repository settings",
            Self::PackageRegistry => "package registry settings",
            Self::DiffAttributes => "diff attributes",
        }
    }
}

/// Trust-boundary files by exact basename (lower-case), anywhere in the tree.
pub const TRUST_BOUNDARY_BASENAMES: &[(&str, TrustBoundary)] = &[
    ("codeowners", TrustBoundary::Ownership),
    ("owners", TrustBoundary::Ownership),
    ("owners_aliases", TrustBoundary::Ownership),
    ("maintainers", TrustBoundary::Ownership),
    ("maintainers.md", TrustBoundary::Ownership),
    ("maintainers.txt", TrustBoundary::Ownership),
    (".npmrc", TrustBoundary::PackageRegistry),
    (".yarnrc", TrustBoundary::PackageRegistry),
    (".yarnrc.yml", TrustBoundary::PackageRegistry),
    ("bunfig.toml", TrustBoundary::PackageRegistry),
    ("pip.conf", TrustBoundary::PackageRegistry),
    ("pip.ini", TrustBoundary::PackageRegistry),
    (".pypirc", TrustBoundary::PackageRegistry),
    ("nuget.config", TrustBoundary::PackageRegistry),
    (".gemrc", TrustBoundary::PackageRegistry),
    (".gitattributes", TrustBoundary::DiffAttributes),
    (".gitmodules", TrustBoundary::DiffAttributes),
];

/// Trust-boundary files by path from the repository root (lower-case).
pub const TRUST_BOUNDARY_PATHS: &[(&str, TrustBoundary)] = &[
    (".cargo/config.toml", TrustBoundary::PackageRegistry),
    (".cargo/config", TrustBoundary::PackageRegistry),
    (".github/settings.yml", TrustBoundary::RepositorySettings),
    (".github/dependabot.yml", TrustBoundary::RepositorySettings),
    (".github/dependabot.yaml", TrustBoundary::RepositorySettings),
    (".github/renovate.json", TrustBoundary::RepositorySettings),
    ("renovate.json", TrustBoundary::RepositorySettings),
    (".github/rulesets/", TrustBoundary::RepositorySettings),
];
