//! CI configuration and build scripts: files that run with CI or developer privileges.

/// CI configuration: basenames anywhere (docs/sources.md, "Supply chain").
pub const CI_BASENAMES: &[&str] = &[
    ".gitlab-ci.yml",
    ".gitlab-ci.yaml",
    ".travis.yml",
    "bitbucket-pipelines.yml",
    "azure-pipelines.yml",
    "azure-pipelines.yaml",
    ".drone.yml",
    "appveyor.yml",
    ".appveyor.yml",
    "cloudbuild.yaml",
    "cloudbuild.yml",
    "codemagic.yaml",
    ".woodpecker.yml",
];

/// CI configuration: path prefixes (from the repository root).
pub const CI_PREFIXES: &[&str] = &[
    ".github/workflows/",
    ".github/actions/",
    ".circleci/",
    ".buildkite/",
    ".azure-pipelines/",
    ".gitlab/ci/",
    ".woodpecker/",
    ".tekton/",
];

/// CI configuration: basename prefixes (`Jenkinsfile`, `Jenkinsfile.release`).
pub const CI_BASENAME_PREFIXES: &[&str] = &["jenkinsfile"];

/// Build scripts by exact basename (docs/sources.md, "Supply chain").
pub const BUILD_BASENAMES: &[&str] = &[
    "makefile",
    "gnumakefile",
    "build.rs",
    "cmakelists.txt",
    "setup.py",
    "build.sbt",
    "gradlew",
    "gradlew.bat",
    "rakefile",
    "build.xml",
    "meson.build",
    "build",
    "build.bazel",
    "workspace",
    "workspace.bazel",
    "module.bazel",
    "justfile",
    "taskfile.yml",
    "configure",
    "configure.ac",
    "configure.in",
    "makefile.am",
    "makefile.in",
    "aclocal.m4",
    "cmakepresets.json",
    "gruntfile.js",
    "gulpfile.js",
    "webpack.config.js",
    "vite.config.ts",
    "vite.config.js",
    "rollup.config.js",
    ".pre-commit-config.yaml",
    "compose.yaml",
    "compose.yml",
];

/// Build scripts by basename prefix (`Dockerfile.dev`, `docker-compose.override.yml`).
pub const BUILD_BASENAME_PREFIXES: &[&str] = &["dockerfile", "docker-compose", "containerfile"];

/// Build scripts by suffix.
pub const BUILD_SUFFIXES: &[&str] = &[
    ".mk",
    ".cmake",
    ".gradle",
    ".gradle.kts",
    ".bzl",
    ".dockerfile",
    ".m4",
    ".am",
    ".ac",
    ".in",
];

/// Directory names (any path segment) where every file is build machinery (autotools macros and helper scripts,
/// CMake modules): what `configure` and `make` read (GNU Autoconf manual, "Writing
/// configure.ac"; xz-utils 5.6.0 hid its backdoor loader in `m4/build-to-host.m4`, CVE-2024-3094).
pub const BUILD_TREE_DIRS: &[&str] = &["m4", "build-aux", "cmake"];

/// Directories whose shell scripts and hooks run at build or commit time.
pub const BUILD_DIRS: &[&str] = &["scripts/", "script/", ".husky/", "ci/", "tools/build/"];

/// Shell-like extensions counted as build scripts inside [`BUILD_DIRS`].
pub const SCRIPT_EXTENSIONS: &[&str] =
    &["sh", "bash", "zsh", "ps1", "bat", "cmd", "py", "js", "mjs"];
