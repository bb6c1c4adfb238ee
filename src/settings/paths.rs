//! Built-in path lists: lockfiles, vendored and generated code, dependency manifests, CI
//! configuration, build scripts, tests, docs, sensitive areas, binary extensions and languages.
//!
//! Why: every section reads a file's nature from `engine::files`, which matches against these
//! tables only, so a path rule lives in exactly one place and users extend it (never replace it)
//! with the globs of [`super::PathRules`].
//!
//! Sources (docs/sources.md, "Paths excluded from size" and "Supply chain"): the union of
//! gitStream's ignore list, GitHub linguist's `generated?`/`vendor.yml` and Microsoft
//! PR-Metrics' defaults; the ecosystems' own manifest, CI and build-script names; gitStream's
//! `allTests`/`allDocs` filters, and the vercel-labs/open-agents#833 rubric for sensitive
//! areas. All names are matched case-insensitively.

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

/// Directory names whose contents are third-party code copied into the repo (linguist
/// `vendor.yml`). Matched against any path segment.
pub const VENDORED_DIRS: &[&str] = &[
    "node_modules",
    "vendor",
    "vendors",
    "third_party",
    "third-party",
    "thirdparty",
    "bower_components",
    "jspm_packages",
    "pods",
    ".idea",
    ".yarn",
];

/// Vendored multi-segment prefixes (anywhere in the path).
pub const VENDORED_SEGMENTS: &[&str] = &["carthage/build/", "carthage/checkouts/"];

/// Basename suffixes of generated files (linguist `generated?`, protobuf/thrift/grpc outputs,
/// source maps, WinForms designers, Dart code generators).
pub const GENERATED_SUFFIXES: &[&str] = &[
    ".min.js",
    ".min.css",
    ".min.mjs",
    ".js.map",
    ".css.map",
    ".map",
    ".designer.cs",
    ".designer.vb",
    ".g.cs",
    ".g.dart",
    ".freezed.dart",
    ".pb.go",
    ".pb.gw.go",
    ".pb.cc",
    ".pb.h",
    ".pb.swift",
    ".pb.rs",
    "_pb2.py",
    "_pb2.pyi",
    "_pb2_grpc.py",
    "_pb.js",
    "_pb.d.ts",
    "_grpc_pb.js",
    "_grpc_pb.d.ts",
    ".pb.dart",
    ".pbjson.dart",
    "_generated.go",
    ".generated.ts",
    ".generated.js",
];

/// Directories whose JavaScript is build output (gitStream: `.*dist/.*\.js$`,
/// `.*public/assets/.*\.js$`).
pub const GENERATED_JS_DIRS: &[&str] = &["dist/", "public/assets/", "build/static/"];

/// Markers that generated files carry in their first lines: Go's
/// `// Code generated … DO NOT EDIT.`, Facebook's `@generated`, .NET's `<auto-generated>`.
pub const GENERATED_MARKERS: &[&str] = &["@generated", "<auto-generated", "autogenerated by"];

/// Average added-line length above which a JS/CSS file is treated as minified (linguist's
/// `minified_files?` uses 110).
pub const MINIFIED_AVERAGE_LINE_LENGTH: usize = 110;

/// Extensions the minified check applies to.
pub const MINIFIABLE_EXTENSIONS: &[&str] = &["js", "mjs", "cjs", "css"];

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
];

/// Directories whose shell scripts and hooks run at build or commit time.
pub const BUILD_DIRS: &[&str] = &["scripts/", "script/", ".husky/", "ci/", "tools/build/"];

/// Shell-like extensions counted as build scripts inside [`BUILD_DIRS`].
pub const SCRIPT_EXTENSIONS: &[&str] =
    &["sh", "bash", "zsh", "ps1", "bat", "cmd", "py", "js", "mjs"];

/// Directory names that hold tests (any path segment).
pub const TEST_DIRS: &[&str] = &[
    "test",
    "tests",
    "__tests__",
    "__test__",
    "spec",
    "specs",
    "testing",
    "e2e",
    "cypress",
    "testdata",
    "test-data",
    "integration-tests",
    "androidtest",
];

/// Basename prefixes of test files (`test_x.py`, `test-x.js`).
pub const TEST_BASENAME_PREFIXES: &[&str] = &["test_", "test-"];

/// Basename suffixes of test files, matched case-insensitively (snake/dot conventions).
pub const TEST_SUFFIXES: &[&str] = &[
    "_test.go",
    "_test.py",
    "_tests.py",
    "_test.rs",
    "_test.rb",
    "_spec.rb",
    "_test.exs",
    "_test.dart",
    "_test.cc",
    "_test.cpp",
    "_unittest.cc",
    "_test.c",
    ".test.js",
    ".test.jsx",
    ".test.ts",
    ".test.tsx",
    ".test.mjs",
    ".test.cjs",
    ".spec.js",
    ".spec.jsx",
    ".spec.ts",
    ".spec.tsx",
    ".spec.mjs",
    ".spec.cjs",
    ".e2e.ts",
    ".e2e.js",
    ".cy.ts",
    ".cy.js",
];

/// Basename suffixes of test files in CamelCase languages, matched case-sensitively so that
/// `ParserTest.java` is a test and `Latest.java` is not (JUnit/Maven Surefire, xUnit, XCTest,
/// PHPUnit, ScalaTest conventions).
pub const TEST_CAMEL_SUFFIXES: &[&str] = &[
    "Test.java",
    "Tests.java",
    "IT.java",
    "Test.kt",
    "Tests.kt",
    "Spec.kt",
    "Test.scala",
    "Spec.scala",
    "Suite.scala",
    "Tests.swift",
    "Test.swift",
    "Test.cs",
    "Tests.cs",
    "Test.php",
    "Test.groovy",
    "Spec.groovy",
];

/// Basenames that are test infrastructure.
pub const TEST_BASENAMES: &[&str] = &[
    "conftest.py",
    "pytest.ini",
    "jest.config.js",
    "jest.config.ts",
    "karma.conf.js",
];

/// Documentation extensions (gitStream `allDocs`, plus AsciiDoc and Org).
pub const DOC_EXTENSIONS: &[&str] = &[
    "md", "markdown", "mdown", "mkdn", "mdx", "rst", "adoc", "asciidoc", "txt", "org", "rdoc",
    "pod",
];

/// Directories holding documentation (any path segment).
pub const DOC_DIRS: &[&str] = &["docs", "doc", "documentation", "man"];

/// Basename prefixes that are documentation whatever the extension.
pub const DOC_BASENAME_PREFIXES: &[&str] = &[
    "readme",
    "changelog",
    "changes",
    "history",
    "contributing",
    "license",
    "licence",
    "copying",
    "authors",
    "notice",
    "code_of_conduct",
    "security",
];

/// Sensitive areas: `(category, words)`. A path is sensitive when one of its words (split on
/// separators, dots, dashes, underscores and camelCase) equals one of these. Sources: the
/// vercel-labs/open-agents#833 rubric ("auth, permissions, secrets, billing, data
/// writes/deletes, migrations, infra/config") and Momental Heimdall's HIGH list.
pub const SENSITIVE_WORDS: &[(&str, &[&str])] = &[
    (
        "auth",
        &[
            "auth",
            "authn",
            "authz",
            "authentication",
            "authorization",
            "authenticator",
            "login",
            "logout",
            "signin",
            "signup",
            "oauth",
            "oauth2",
            "oidc",
            "saml",
            "sso",
            "jwt",
            "session",
            "sessions",
            "password",
            "passwords",
            "passwd",
            "credential",
            "credentials",
            "mfa",
            "totp",
            "otp",
            "security",
            "csrf",
            "cors",
            "sanitize",
            "sanitizer",
        ],
    ),
    (
        "crypto",
        &[
            "crypto",
            "cryptography",
            "cipher",
            "ciphers",
            "encrypt",
            "encryption",
            "decrypt",
            "decryption",
            "tls",
            "ssl",
            "x509",
            "hmac",
            "keystore",
            "pgp",
            "gpg",
            "rsa",
            "ecdsa",
            "ed25519",
            "kms",
            "signing",
        ],
    ),
    (
        "secrets",
        &[
            "secret",
            "secrets",
            "vault",
            "keychain",
            "netrc",
            "npmrc",
            "pypirc",
            "htpasswd",
            "id_rsa",
            "id_ed25519",
        ],
    ),
    (
        "migrations",
        &[
            "migration",
            "migrations",
            "migrate",
            "alembic",
            "flyway",
            "liquibase",
            "schema",
        ],
    ),
    (
        "infra",
        &[
            "terraform",
            "k8s",
            "kubernetes",
            "helm",
            "kustomization",
            "ansible",
            "pulumi",
            "cloudformation",
            "infra",
            "infrastructure",
            "deploy",
            "deployment",
            "deployments",
            "serverless",
        ],
    ),
    (
        "permissions",
        &[
            "codeowners",
            "rbac",
            "permission",
            "permissions",
            "acl",
            "acls",
            "iam",
            "sudoers",
            "policy",
            "policies",
        ],
    ),
    (
        "billing",
        &[
            "billing",
            "payment",
            "payments",
            "invoice",
            "stripe",
            "checkout_session",
        ],
    ),
];

/// Basenames (lower-case) that are secrets by nature: dotenv files and private keys.
pub const SECRET_BASENAMES: &[&str] = &[
    ".env",
    "credentials.json",
    "service-account.json",
    ".netrc",
    ".npmrc",
    ".pypirc",
];

/// Extensions that are sensitive by nature: `(extension, category)`.
pub const SENSITIVE_EXTENSIONS: &[(&str, &str)] =
    &[("tf", "infra"), ("tfvars", "infra"), ("tfstate", "infra")];

/// Extensions of key and certificate material (sensitive as `secrets`).
pub const SECRET_EXTENSIONS: &[&str] = &[
    "pem", "key", "p12", "pfx", "jks", "keystore", "crt", "cer", "der", "gpg", "asc",
];

/// Extensions of binary content (images, archives, executables, fonts, media, model weights,
/// office documents).
pub const BINARY_EXTENSIONS: &[&str] = &[
    "png",
    "jpg",
    "jpeg",
    "gif",
    "bmp",
    "ico",
    "icns",
    "webp",
    "tif",
    "tiff",
    "psd",
    "heic",
    "avif",
    "pdf",
    "zip",
    "gz",
    "tgz",
    "bz2",
    "xz",
    "zst",
    "7z",
    "rar",
    "tar",
    "jar",
    "war",
    "ear",
    "aar",
    "apk",
    "ipa",
    "class",
    "dll",
    "exe",
    "so",
    "dylib",
    "a",
    "o",
    "lib",
    "obj",
    "bin",
    "wasm",
    "pyc",
    "pyo",
    "whl",
    "egg",
    "ttf",
    "otf",
    "woff",
    "woff2",
    "eot",
    "mp3",
    "mp4",
    "m4a",
    "wav",
    "ogg",
    "flac",
    "avi",
    "mov",
    "mkv",
    "webm",
    "db",
    "sqlite",
    "sqlite3",
    "pkl",
    "pickle",
    "npy",
    "npz",
    "h5",
    "hdf5",
    "pt",
    "pth",
    "onnx",
    "safetensors",
    "ckpt",
    "tflite",
    "xls",
    "xlsx",
    "doc",
    "docx",
    "ppt",
    "pptx",
    "odt",
    "ods",
    "jks",
    "p12",
    "pfx",
    "der",
    "keystore",
    "deb",
    "rpm",
    "dmg",
    "msi",
    "iso",
    "img",
];

/// Programming languages by extension (lower-case, without the dot).
pub const LANGUAGES: &[(&str, &str)] = &[
    ("rs", "rust"),
    ("py", "python"),
    ("pyi", "python"),
    ("pyx", "python"),
    ("js", "javascript"),
    ("mjs", "javascript"),
    ("cjs", "javascript"),
    ("jsx", "javascript"),
    ("ts", "typescript"),
    ("mts", "typescript"),
    ("cts", "typescript"),
    ("tsx", "typescript"),
    ("go", "go"),
    ("java", "java"),
    ("kt", "kotlin"),
    ("kts", "kotlin"),
    ("scala", "scala"),
    ("groovy", "groovy"),
    ("gradle", "groovy"),
    ("c", "c"),
    ("h", "c"),
    ("cc", "cpp"),
    ("cpp", "cpp"),
    ("cxx", "cpp"),
    ("hh", "cpp"),
    ("hpp", "cpp"),
    ("hxx", "cpp"),
    ("cu", "cpp"),
    ("m", "objective-c"),
    ("mm", "objective-c"),
    ("swift", "swift"),
    ("cs", "csharp"),
    ("fs", "fsharp"),
    ("vb", "vb"),
    ("rb", "ruby"),
    ("php", "php"),
    ("pl", "perl"),
    ("pm", "perl"),
    ("lua", "lua"),
    ("r", "r"),
    ("jl", "julia"),
    ("dart", "dart"),
    ("ex", "elixir"),
    ("exs", "elixir"),
    ("erl", "erlang"),
    ("hs", "haskell"),
    ("ml", "ocaml"),
    ("clj", "clojure"),
    ("zig", "zig"),
    ("nim", "nim"),
    ("sh", "shell"),
    ("bash", "shell"),
    ("zsh", "shell"),
    ("ps1", "powershell"),
    ("sql", "sql"),
    ("vue", "vue"),
    ("svelte", "svelte"),
    ("sol", "solidity"),
    ("tf", "hcl"),
    ("hcl", "hcl"),
    ("proto", "protobuf"),
    ("css", "css"),
    ("scss", "css"),
    ("sass", "css"),
    ("less", "css"),
    ("html", "html"),
    ("htm", "html"),
];

/// Extensions of configuration and data files (class `config`).
pub const CONFIG_EXTENSIONS: &[&str] = &[
    "json",
    "jsonc",
    "json5",
    "yaml",
    "yml",
    "toml",
    "ini",
    "cfg",
    "conf",
    "config",
    "properties",
    "xml",
    "plist",
    "env",
    "editorconfig",
    "gitignore",
    "gitattributes",
    "dockerignore",
    "npmignore",
    "lock",
    "props",
    "targets",
    "csproj",
    "fsproj",
    "vbproj",
    "sln",
    "gemspec",
    "mod",
    "sum",
    "hcl",
    "tfvars",
    "nix",
];

/// Languages that are markup or styling rather than program logic: a file in them is `asset`
/// class, not `source`, unless it sits in a source tree.
pub const NON_LOGIC_LANGUAGES: &[&str] = &["css", "html"];

/// Binary extensions that are code or carry code (executables, libraries, archives, bytecode,
/// serialized models that execute on load): `binary_files` weighs these fully.
pub const EXECUTABLE_EXTENSIONS: &[&str] = &[
    "exe", "dll", "so", "dylib", "a", "o", "lib", "obj", "bin", "wasm", "class", "jar", "war",
    "ear", "aar", "apk", "ipa", "pyc", "pyo", "whl", "egg", "zip", "gz", "tgz", "bz2", "xz", "zst",
    "7z", "rar", "tar", "deb", "rpm", "dmg", "msi", "iso", "img", "pkl", "pickle", "pt", "pth",
    "ckpt", "jks", "keystore",
];
