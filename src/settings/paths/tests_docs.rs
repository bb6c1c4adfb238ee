//! Tests and documentation: the paths that say a file is read, not run.

/// Directory names that hold tests (any path segment).
pub const TEST_DIRS: &[&str] = &[
    "test",
    "tests",
    "__tests__",
    "__test__",
    "spec",
    "specs",
    "testing",
    "testsuite",
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

/// Top-level directories of example and demo code: documentation written as code, run by
/// readers, not shipped. Its lines weigh like docs in `large_diff` and it is no spread
/// (`engine::files::size`); on the calibration corpus example rewrites were four of the 20
/// highest-scored PRs that went fine before this rule (docs/calibration.md, "The judged top
/// 20"). Findings still read it.
pub const EXAMPLE_DIRS: &[&str] = &[
    "examples",
    "example",
    "_examples",
    "samples",
    "sample",
    "demo",
    "demos",
    "docs_src",
];

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

/// Extensions of translation catalogues (gettext, XLIFF, Qt Linguist, Apple strings).
pub const TRANSLATION_EXTENSIONS: &[&str] = &["po", "pot", "xliff", "xlf", "strings"];

/// Directories holding translations (any path segment).
pub const TRANSLATION_DIRS: &[&str] =
    &["locale", "locales", "i18n", "l10n", "translations", "lang"];
