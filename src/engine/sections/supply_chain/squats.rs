//! Package names that look like popular ones: typosquats (`reqeusts`, `crossenv`) and
//! homoglyph squats (`reqսests` with an Armenian `ս`), checked for every dependency a manifest
//! adds.
//!
//! The rule: a name that is not itself on the list is a look-alike of a listed name of the
//! same ecosystem when, compared in lower case (PyPI names also with `-`, `_`, `.` folded as
//! PEP 503 does), it is one edit away (insertion, deletion, substitution or transposition of
//! neighbours; optimal string alignment, `strsim::osa_distance`) and both are at least 5
//! characters long; or two edits away and at least 9 long; or equal once separators are
//! dropped (`crossenv` / `cross-env`); or equal once look-alike letters and digits are folded
//! (`0`→`o`, `1`→`l`, Cyrillic/Greek/Armenian homoglyphs → Latin). Any non-ASCII letter in a
//! package name is a finding on its own: registries' own names are ASCII.
//!
//! The lists are short (the names attackers imitate are the most-installed ones) and embedded:
//! npm from the npm registry's "most depended upon" packages; PyPI from Hugo van Kemenade's
//! "Top PyPI Packages" (hugovk.github.io/top-pypi-packages, 30-day downloads); crates.io from
//! its "Most Downloaded" list; RubyGems from rubygems.org "Stats" (all read 2026-12-03).
//! Research: Vu et al., "Typosquatting and Combosquatting Attacks on the Python Ecosystem"
//! (EuroS&PW 2020); the `crossenv` npm incident (npm blog, 2017-08-02).

const NPM: &[&str] = &[
    "lodash",
    "react",
    "react-dom",
    "preact",
    "express",
    "axios",
    "chalk",
    "commander",
    "debug",
    "moment",
    "request",
    "typescript",
    "webpack",
    "babel-core",
    "@babel/core",
    "eslint",
    "prettier",
    "jquery",
    "underscore",
    "async",
    "bluebird",
    "uuid",
    "classnames",
    "prop-types",
    "dotenv",
    "yargs",
    "minimist",
    "glob",
    "rimraf",
    "mkdirp",
    "semver",
    "colors",
    "color",
    "cross-env",
    "body-parser",
    "cors",
    "mongoose",
    "socket.io",
    "nodemon",
    "jsonwebtoken",
    "bcrypt",
    "bcryptjs",
    "node-fetch",
    "cheerio",
    "puppeteer",
    "electron",
    "vue",
    "angular",
    "rxjs",
    "tslib",
    "core-js",
    "inquirer",
    "ora",
    "fs-extra",
    "chokidar",
    "ws",
    "redux",
    "next",
    "vite",
    "esbuild",
    "rollup",
    "jest",
    "mocha",
    "chai",
    "sinon",
    "eslint-scope",
    "event-stream",
    "coa",
    "rc",
    "ua-parser-js",
    "node-ipc",
    "colors.js",
    "faker",
];

const PYPI: &[&str] = &[
    "requests",
    "urllib3",
    "boto3",
    "botocore",
    "setuptools",
    "certifi",
    "numpy",
    "pandas",
    "idna",
    "charset-normalizer",
    "typing-extensions",
    "python-dateutil",
    "packaging",
    "six",
    "pyyaml",
    "s3transfer",
    "cryptography",
    "pip",
    "wheel",
    "attrs",
    "jinja2",
    "markupsafe",
    "pydantic",
    "click",
    "protobuf",
    "rsa",
    "pyasn1",
    "pytz",
    "jmespath",
    "colorama",
    "flask",
    "django",
    "fastapi",
    "sqlalchemy",
    "pytest",
    "scipy",
    "matplotlib",
    "pillow",
    "tensorflow",
    "torch",
    "scikit-learn",
    "beautifulsoup4",
    "lxml",
    "psycopg2",
    "psycopg2-binary",
    "aiohttp",
    "httpx",
    "openai",
    "tqdm",
    "selenium",
    "paramiko",
    "pycryptodome",
    "pyjwt",
    "python-dotenv",
    "werkzeug",
    "gunicorn",
    "uvicorn",
    "celery",
    "redis",
    "docutils",
];

const CRATES: &[&str] = &[
    "serde",
    "serde_json",
    "serde_derive",
    "syn",
    "quote",
    "proc-macro2",
    "rand",
    "libc",
    "tokio",
    "clap",
    "regex",
    "log",
    "lazy_static",
    "once_cell",
    "bitflags",
    "itertools",
    "anyhow",
    "thiserror",
    "futures",
    "hyper",
    "reqwest",
    "chrono",
    "time",
    "base64",
    "bytes",
    "memchr",
    "cfg-if",
    "getrandom",
    "sha2",
    "hashbrown",
    "indexmap",
    "smallvec",
    "tracing",
    "url",
    "uuid",
    "env_logger",
    "rayon",
    "crossbeam",
    "parking_lot",
    "num-traits",
];

const GEMS: &[&str] = &[
    "rails",
    "rack",
    "nokogiri",
    "bundler",
    "rake",
    "activesupport",
    "activerecord",
    "json",
    "thor",
    "i18n",
    "devise",
    "puma",
    "sidekiq",
    "rspec",
    "rest-client",
    "faraday",
    "aws-sdk",
    "minitest",
    "concurrent-ruby",
    "tzinfo",
];

/// Letters and digits that render like a Latin letter, folded to it.
const LOOK_ALIKES: &[(char, char)] = &[
    ('0', 'o'),
    ('1', 'l'),
    ('\u{0430}', 'a'),
    ('\u{0435}', 'e'),
    ('\u{043E}', 'o'),
    ('\u{0440}', 'p'),
    ('\u{0441}', 'c'),
    ('\u{0445}', 'x'),
    ('\u{0443}', 'y'),
    ('\u{0456}', 'i'),
    ('\u{0458}', 'j'),
    ('\u{0455}', 's'),
    ('\u{0501}', 'd'),
    ('\u{0261}', 'g'),
    ('\u{03BF}', 'o'),
    ('\u{03B1}', 'a'),
    ('\u{03BD}', 'v'),
    ('\u{03C1}', 'p'),
    ('\u{0578}', 'n'),
    ('\u{057D}', 'u'),
    ('\u{0585}', 'o'),
    ('\u{0570}', 'h'),
];

/// Shortest names compared at one edit, and at two.
const MIN_LENGTH_ONE_EDIT: usize = 5;
const MIN_LENGTH_TWO_EDITS: usize = 9;

fn popular(ecosystem: &str) -> &'static [&'static str] {
    match ecosystem {
        "npm" => NPM,
        "pip" | "pipenv" => PYPI,
        "cargo" => CRATES,
        "ruby" => GEMS,
        _ => &[],
    }
}

fn normalise(ecosystem: &str, name: &str) -> String {
    // ASCII folding only: registries' names are ASCII, and a non-ASCII name is a finding anyway
    // (full Unicode case tables would cost ~15 KB of wasm).
    let lower = name.to_ascii_lowercase();
    if matches!(ecosystem, "pip" | "pipenv") {
        lower.replace(['_', '.'], "-")
    } else {
        lower
    }
}

fn without_separators(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '-' | '_' | '.'))
        .collect()
}

fn fold_look_alikes(name: &str) -> String {
    name.chars()
        .map(|c| {
            LOOK_ALIKES
                .iter()
                .find(|(from, _)| *from == c)
                .map_or(c, |(_, to)| *to)
        })
        .collect()
}

/// Why `name` looks like a popular package of `ecosystem`, or `None`.
pub(crate) fn look_alike(ecosystem: &str, name: &str) -> Option<String> {
    let name = normalise(ecosystem, name.trim());
    let list = popular(ecosystem);
    if list.iter().any(|known| normalise(ecosystem, known) == name) {
        return None;
    }
    let non_ascii = !name.is_ascii();
    for known in list {
        let known = normalise(ecosystem, known);
        let shortest = name.chars().count().min(known.chars().count());
        let edits = strsim::osa_distance(&name, &known);
        let near = (edits == 1 && shortest >= MIN_LENGTH_ONE_EDIT)
            || (edits == 2 && shortest >= MIN_LENGTH_TWO_EDITS);
        let separators = without_separators(&name) == without_separators(&known);
        let homoglyph = fold_look_alikes(&name) == known;
        if near || separators || homoglyph {
            let how = if homoglyph {
                "look-alike letters"
            } else if separators {
                "different separators"
            } else {
                "a typo away"
            };
            return Some(format!("{known} ({how})"));
        }
    }
    non_ascii.then(|| "no registry name (it has non-ASCII letters)".to_string())
}

#[cfg(test)]
mod tests {
    use super::look_alike;

    #[test]
    fn typos_separator_swaps_and_homoglyphs_of_popular_names_are_look_alikes() {
        assert_eq!(
            look_alike("pip", "reqeusts").as_deref(),
            Some("requests (a typo away)")
        );
        assert_eq!(
            look_alike("npm", "crossenv").as_deref(),
            Some("cross-env (different separators)")
        );
        assert_eq!(
            look_alike("npm", "l0dash").as_deref(),
            Some("lodash (look-alike letters)")
        );
        assert_eq!(
            look_alike("pip", "r\u{0435}quests").as_deref(),
            Some("requests (look-alike letters)")
        );
        assert_eq!(
            look_alike("cargo", "serde_jsom").as_deref(),
            Some("serde_json (a typo away)")
        );
        assert_eq!(
            look_alike("pip", "pythondateutil").as_deref(),
            Some("python-dateutil (different separators)")
        );
    }

    #[test]
    fn popular_names_their_pep503_spellings_and_unrelated_names_are_not() {
        for (ecosystem, name) in [
            ("pip", "requests"),
            ("pip", "Python_Dateutil"),
            ("npm", "preact"),
            ("npm", "react"),
            ("npm", "left-pad"),
            ("npm", "ws"),
            ("cargo", "serde"),
            ("go", "github.com/google/uuid"),
            ("pip", "httpie"),
        ] {
            assert_eq!(look_alike(ecosystem, name), None, "{ecosystem} {name}");
        }
    }
}
