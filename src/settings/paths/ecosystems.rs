//! Dependency ecosystems: lockfiles, manifests and requirement files by name.

/// Lockfile basenames and the ecosystem each belongs to (docs/sources.md, "Paths excluded from
/// size").
pub const LOCKFILES: &[(&str, &str)] = &[
    ("package-lock.json", "npm"),
    ("npm-shrinkwrap.json", "npm"),
    ("yarn.lock", "npm"),
    ("pnpm-lock.yaml", "npm"),
    ("bun.lockb", "npm"),
    ("bun.lock", "npm"),
    ("deno.lock", "deno"),
    ("cargo.lock", "cargo"),
    ("gemfile.lock", "ruby"),
    ("composer.lock", "composer"),
    ("poetry.lock", "pip"),
    ("pdm.lock", "pip"),
    ("uv.lock", "pip"),
    ("pixi.lock", "pip"),
    ("pipfile.lock", "pipenv"),
    ("conda-lock.yml", "conda"),
    ("go.sum", "go"),
    ("gopkg.lock", "go"),
    ("glide.lock", "go"),
    ("package.resolved", "swift"),
    ("podfile.lock", "cocoapods"),
    ("cartfile.resolved", "carthage"),
    ("flake.lock", "nix"),
    ("mix.lock", "mix"),
    ("pubspec.lock", "pub"),
    ("packages.lock.json", "nuget"),
    ("project.assets.json", "nuget"),
    ("stack.yaml.lock", "haskell"),
    ("conan.lock", "conan"),
    (".terraform.lock.hcl", "terraform"),
    ("gradle.lockfile", "gradle"),
];

/// Dependency manifests by exact basename and their ecosystem (docs/sources.md, "Supply chain").
pub const MANIFESTS: &[(&str, &str)] = &[
    ("package.json", "npm"),
    ("deno.json", "deno"),
    ("cargo.toml", "cargo"),
    ("pyproject.toml", "pip"),
    ("setup.py", "pip"),
    ("setup.cfg", "pip"),
    ("pipfile", "pipenv"),
    ("environment.yml", "conda"),
    ("go.mod", "go"),
    ("pom.xml", "maven"),
    ("build.gradle", "gradle"),
    ("build.gradle.kts", "gradle"),
    ("settings.gradle", "gradle"),
    ("settings.gradle.kts", "gradle"),
    ("libs.versions.toml", "gradle"),
    ("gemfile", "ruby"),
    ("composer.json", "composer"),
    ("packages.config", "nuget"),
    ("directory.packages.props", "nuget"),
    ("directory.build.props", "nuget"),
    ("package.swift", "swift"),
    ("podfile", "cocoapods"),
    ("cartfile", "carthage"),
    ("pubspec.yaml", "pub"),
    ("mix.exs", "mix"),
    ("vcpkg.json", "vcpkg"),
    ("conanfile.txt", "conan"),
    ("conanfile.py", "conan"),
];

/// Manifests recognised by suffix (any basename ending so) and their ecosystem.
pub const MANIFEST_SUFFIXES: &[(&str, &str)] = &[
    (".gemspec", "ruby"),
    (".csproj", "nuget"),
    (".fsproj", "nuget"),
    (".vbproj", "nuget"),
];

/// pip requirement files: basenames starting with this prefix and ending in `.txt` or `.in`
/// (`requirements.txt`, `requirements-dev.txt`, `requirements.in`), plus any `.txt` file in a
/// `requirements/` directory.
pub const REQUIREMENTS_PREFIX: &str = "requirements";

/// Ecosystems whose projects nearly always commit a lockfile, so a dependency change without
/// one is drift (Danger's "package.json changed without the lockfile" rule). Cargo and pip
/// projects often publish libraries without lockfiles, so they are not listed.
pub const LOCKFILE_EXPECTED: &[&str] = &["npm", "ruby", "composer", "go", "pipenv"];
