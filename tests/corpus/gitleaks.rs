//! gitleaks' rule tests: every rule in `cmd/generate/config/rules/*.go` validates itself on its
//! true positives (`tps`, must be detected) and false positives (`fps`, must not be). This
//! reads those lists from the Go source with a small evaluator of the expressions they are
//! built from — string literals and `+`, `[]string{…}`, `append`, `fmt.Sprintf`,
//! `utils.GenerateSampleSecrets` (the sample templates are read from gitleaks' own
//! `utils/generate.go`), `utils.GenerateSampleSecret`, the `utils.*` character-class helpers,
//! and `secrets.NewSecret`/`newPlausibleSecret` (a random string matching the regex, from a
//! fixed seed, so every run builds the same samples). An input it cannot evaluate is counted
//! as "not rebuilt", never guessed. `gitleaks.tsv` names the rules prlens has.

use std::collections::BTreeMap;
use std::path::Path;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use super::{head_commit, mapping, Case, Corpus};

const RULES: &str = "cmd/generate/config/rules";
const GENERATE: &str = "cmd/generate/config/utils/generate.go";

/// Where a sample goes in the PR when its rule names no path.
const SAMPLE_PATH: &str = "config/app.conf";

#[derive(Debug, Clone)]
enum Value {
    Text(String),
    /// Samples, each with the path the rule gives it (`ValidateWithPaths`) or none.
    List(Samples),
    Unknown,
}

struct Evaluator<'a> {
    source: &'a [u8],
    at: usize,
    env: &'a BTreeMap<String, Value>,
    templates: &'a [String],
    rng: &'a mut TestRunner,
}

impl Evaluator<'_> {
    fn peek(&self) -> u8 {
        self.source.get(self.at).copied().unwrap_or(0)
    }

    /// Skips blanks and comments; newlines too when `lines`.
    fn skip(&mut self, lines: bool) {
        loop {
            match self.peek() {
                b' ' | b'\t' | b'\r' => self.at += 1,
                b'\n' if lines => self.at += 1,
                b'/' if self.source.get(self.at + 1) == Some(&b'/') => {
                    while self.peek() != b'\n' && self.peek() != 0 {
                        self.at += 1;
                    }
                }
                _ => return,
            }
        }
    }

    fn expression(&mut self) -> Value {
        let mut value = self.term();
        loop {
            self.skip(false);
            if self.peek() != b'+' {
                return value;
            }
            self.at += 1;
            self.skip(true);
            let next = self.term();
            value = match (value, next) {
                (Value::Text(a), Value::Text(b)) => Value::Text(a + &b),
                _ => Value::Unknown,
            };
        }
    }

    fn string(&mut self) -> Option<String> {
        let quote = self.peek();
        self.at += 1;
        let mut bytes = Vec::new();
        loop {
            let byte = self.peek();
            self.at += 1;
            match byte {
                0 => return None,
                b if b == quote => break,
                b'\\' if quote == b'"' => {
                    let escaped = self.peek();
                    self.at += 1;
                    match escaped {
                        b'n' => bytes.push(b'\n'),
                        b't' => bytes.push(b'\t'),
                        b'r' => bytes.push(b'\r'),
                        b'u' | b'x' => {
                            let width = if escaped == b'u' { 4 } else { 2 };
                            let hex = self.source.get(self.at..self.at + width)?;
                            let code =
                                u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
                            self.at += width;
                            let mut buffer = [0u8; 4];
                            bytes.extend_from_slice(
                                char::from_u32(code)?.encode_utf8(&mut buffer).as_bytes(),
                            );
                        }
                        other => bytes.push(other),
                    }
                }
                other => bytes.push(other),
            }
        }
        String::from_utf8(bytes).ok()
    }

    fn name(&mut self) -> String {
        let start = self.at;
        while self.peek().is_ascii_alphanumeric()
            || matches!(self.peek(), b'_' | b'.' | b'[' | b']')
        {
            self.at += 1;
        }
        String::from_utf8_lossy(self.source.get(start..self.at).unwrap_or_default()).into_owned()
    }

    /// Items of a `(…)` or `{…}` list, each with whether it is spread (`x...`).
    fn items(&mut self, close: u8) -> Vec<(Value, bool)> {
        self.at += 1;
        let mut items = Vec::new();
        loop {
            self.skip(true);
            if self.peek() == close || self.peek() == 0 {
                self.at += 1;
                return items;
            }
            let value = self.expression();
            self.skip(true);
            let spread = self.source.get(self.at..self.at + 3) == Some(b"...".as_slice());
            if spread {
                self.at += 3;
                self.skip(true);
            }
            items.push((value, spread));
            match self.peek() {
                b',' => self.at += 1,
                b':' => {
                    // `key: value` in a map literal: the value is what counts.
                    self.at += 1;
                    self.skip(true);
                    let key = items.pop().map(|(value, _)| value);
                    let value = self.expression();
                    items.push((
                        match (key, value) {
                            (Some(Value::Text(path)), Value::Text(text)) => {
                                Value::List(vec![(Some(path), text)])
                            }
                            _ => Value::Unknown,
                        },
                        true,
                    ));
                    self.skip(true);
                    if self.peek() == b',' {
                        self.at += 1;
                    }
                }
                b if b == close => {}
                _ => {
                    // Something this evaluator does not read: skip to the list's end.
                    let mut depth = 0i32;
                    while self.peek() != 0 {
                        match self.peek() {
                            b'(' | b'{' | b'[' => depth += 1,
                            b')' | b'}' | b']' if depth == 0 => break,
                            b')' | b'}' | b']' => depth -= 1,
                            _ => {}
                        }
                        self.at += 1;
                    }
                    items.push((Value::Unknown, false));
                }
            }
        }
    }

    fn list(items: Vec<(Value, bool)>) -> Value {
        let mut samples = Vec::new();
        for (value, _) in items {
            match value {
                Value::Text(text) => samples.push((None, text)),
                Value::List(list) => samples.extend(list),
                Value::Unknown => samples.push((None, UNKNOWN.to_string())),
            }
        }
        Value::List(samples)
    }

    fn term(&mut self) -> Value {
        self.skip(true);
        match self.peek() {
            b'"' | b'`' => return self.string().map_or(Value::Unknown, Value::Text),
            b'(' => {
                let mut items = self.items(b')');
                return items.pop().map_or(Value::Unknown, |(value, _)| value);
            }
            _ => {}
        }
        let name = self.name();
        if name.is_empty() {
            self.at += 1;
            return Value::Unknown;
        }
        if name == "nil" {
            return Value::List(Vec::new());
        }
        if name.starts_with("[]string") || name.starts_with("map[string]string") {
            self.skip(true);
            if self.peek() == b'{' {
                return Self::list(self.items(b'}'));
            }
            return Value::Unknown;
        }
        self.skip(false);
        if self.peek() != b'(' {
            return self.env.get(&name).cloned().unwrap_or(Value::Unknown);
        }
        let args = self.items(b')');
        self.call(&name, args)
    }

    fn text(value: Option<&(Value, bool)>) -> Option<String> {
        match value {
            Some((Value::Text(text), _)) => Some(text.clone()),
            _ => None,
        }
    }

    fn call(&mut self, name: &str, args: Vec<(Value, bool)>) -> Value {
        let first = Self::text(args.first());
        let second = Self::text(args.get(1));
        let class = |class: &str| {
            first
                .as_ref()
                .map(|size| Value::Text(format!("{class}{{{size}}}")))
        };
        let value = match name {
            "append" => {
                return Self::list(args);
            }
            "utils.GenerateSampleSecrets" => first.zip(second).map(|(id, secret)| {
                Value::List(
                    self.templates
                        .iter()
                        .map(|template| {
                            (
                                None,
                                template
                                    .replace("{i}", &id)
                                    .replace("{I}", &id.to_uppercase())
                                    .replace("{s}", &secret),
                            )
                        })
                        .collect(),
                )
            }),
            "utils.GenerateSampleSecret" => first
                .zip(second)
                .map(|(id, secret)| Value::Text(format!("{id}_api_token = \"{secret}\""))),
            "secrets.NewSecret" | "newPlausibleSecret" => first.and_then(|pattern| {
                let plausible = name == "newPlausibleSecret";
                random_match(self.rng, &pattern, plausible).map(Value::Text)
            }),
            "utils.Numeric" => class("[0-9]"),
            "utils.Hex" => class("[a-f0-9]"),
            "utils.AlphaNumeric" => class("[a-z0-9]"),
            "utils.AlphaNumericExtendedShort" => class("[a-z0-9_-]"),
            "utils.AlphaNumericExtended" => class("[a-z0-9=_\\-]"),
            "utils.AlphaNumericExtendedLong" => class("[a-z0-9\\/=_\\+\\-]"),
            "utils.Hex8_4_4_4_12" => Some(Value::Text(
                "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}".into(),
            )),
            "fmt.Sprintf" => first.and_then(|format| {
                let mut out = String::new();
                let mut rest = format.as_str();
                let mut values = args.iter().skip(1);
                while let Some(at) = rest.find("%s") {
                    out.push_str(rest.get(..at)?);
                    out.push_str(&Self::text(values.next())?);
                    rest = rest.get(at + 2..)?;
                }
                out.push_str(rest);
                Some(Value::Text(out))
            }),
            "strings.Repeat" => first
                .zip(second)
                .and_then(|(text, times)| Some(Value::Text(text.repeat(times.parse().ok()?)))),
            _ => None,
        };
        value.unwrap_or(Value::Unknown)
    }
}

/// Marks a sample the evaluator could not rebuild.
const UNKNOWN: &str = "\u{0}unknown";

/// A string matching `pattern` (Go RE2 syntax, read by regex-syntax through proptest), from
/// the runner's fixed-seed generator. `plausible`: with a digit 1–9, as gitleaks'
/// `newPlausibleSecret` requires.
fn random_match(rng: &mut TestRunner, pattern: &str, plausible: bool) -> Option<String> {
    // Go's RE2 classes (`\w`, `\d`) are ASCII; regex-syntax's are Unicode unless told.
    let strategy = match proptest::string::string_regex(&format!("(?-u:{pattern})")) {
        Ok(strategy) => strategy,
        Err(_) => proptest::string::string_regex(pattern).ok()?,
    };
    for _ in 0..64 {
        let value = strategy.new_tree(rng).ok()?.current();
        if !plausible || value.chars().any(|c| ('1'..='9').contains(&c)) {
            return Some(value);
        }
    }
    None
}

/// The sample templates of `GenerateSampleSecrets`, from gitleaks' own source.
fn templates(checkout: &Path) -> Vec<String> {
    let source = std::fs::read_to_string(checkout.join(GENERATE)).unwrap_or_default();
    let Some(start) = source.find("samples := map[string]string{") else {
        return Vec::new();
    };
    let start = start + "samples := ".len();
    let env = BTreeMap::new();
    let mut rng = TestRunner::new_with_rng(
        Config::default(),
        TestRng::deterministic_rng(RngAlgorithm::ChaCha),
    );
    let mut evaluator = Evaluator {
        source: source.as_bytes(),
        at: start,
        env: &env,
        templates: &[],
        rng: &mut rng,
    };
    match evaluator.term() {
        Value::List(list) => list.into_iter().map(|(_, template)| template).collect(),
        _ => Vec::new(),
    }
}

/// Samples of one list, each with the path its rule gives it (`ValidateWithPaths`) or none.
type Samples = Vec<(Option<String>, String)>;

/// `(rule id, true positives, false positives)` of every rule function in one Go file.
fn rules_in(
    source: &str,
    templates: &[String],
    rng: &mut TestRunner,
) -> Vec<(String, Samples, Samples)> {
    let mut found = Vec::new();
    for function in source.split("\nfunc ").skip(1) {
        let Some(id) = function
            .split("RuleID:")
            .nth(1)
            .and_then(|rest| rest.split('"').nth(1))
        else {
            continue;
        };
        let mut env: BTreeMap<String, Value> = BTreeMap::new();
        let bytes = function.as_bytes();
        let mut lists: Option<(Value, Value)> = None;
        let mut line_start = 0;
        for line in function.split_inclusive('\n') {
            let trimmed = line.trim_start();
            let indent = line.len() - trimmed.len();
            let at = line_start + indent;
            line_start += line.len();
            let assignment = trimmed
                .split_once(":=")
                .or_else(|| trimmed.split_once(" = "))
                .filter(|(name, _)| {
                    let name = name.trim();
                    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                });
            if let Some((name, rest)) = assignment {
                let start = at + trimmed.len() - rest.len();
                let env_now = env.clone();
                let mut evaluator = Evaluator {
                    source: bytes,
                    at: start,
                    env: &env_now,
                    templates,
                    rng,
                };
                let value = evaluator.expression();
                env.insert(name.trim().to_string(), value);
            } else if trimmed.starts_with("return utils.Validate") {
                let open = at + trimmed.find('(').unwrap_or(0);
                let mut evaluator = Evaluator {
                    source: bytes,
                    at: open,
                    env: &env,
                    templates,
                    rng,
                };
                let args = evaluator.items(b')');
                let value = |index: usize| {
                    args.get(index)
                        .map_or(Value::Unknown, |(value, _)| value.clone())
                };
                lists = Some((value(1), value(2)));
            }
        }
        let as_samples = |value: Value| match value {
            Value::List(list) => list,
            Value::Text(text) => vec![(None, text)],
            Value::Unknown => vec![(None, UNKNOWN.to_string())],
        };
        if let Some((tps, fps)) = lists {
            found.push((id.to_string(), as_samples(tps), as_samples(fps)));
        }
    }
    found
}

pub fn load(checkout: &Path) -> Corpus {
    let mapped: BTreeMap<String, String> = mapping("gitleaks.tsv")
        .into_iter()
        .filter_map(|row| Some((row.first()?.clone(), row.get(1)?.clone())))
        .collect();
    let templates = templates(checkout);
    assert!(
        !templates.is_empty(),
        "gitleaks: no sample templates in {GENERATE}"
    );
    let mut files: Vec<_> = std::fs::read_dir(checkout.join(RULES))
        .map(|dir| dir.flatten().map(|entry| entry.path()).collect())
        .unwrap_or_default();
    prlens::order::sort(&mut files);
    let mut cases = Vec::new();
    let mut skipped = 0;
    let mut seen = Vec::new();
    for file in files
        .iter()
        .filter(|file| file.extension().is_some_and(|ext| ext == "go"))
    {
        let source = std::fs::read_to_string(file).unwrap_or_default();
        let stem = file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut rng = TestRunner::new_with_rng(
            Config::default(),
            TestRng::from_seed(RngAlgorithm::ChaCha, &seed(&stem)),
        );
        for (id, tps, fps) in rules_in(&source, &templates, &mut rng) {
            let Some(kind) = mapped.get(&id) else {
                continue;
            };
            seen.push(id.clone());
            for (expected, samples) in [(true, tps), (false, fps)] {
                for (number, (path, content)) in samples.into_iter().enumerate() {
                    if content.contains(UNKNOWN) {
                        skipped += 1;
                        continue;
                    }
                    cases.push(Case {
                        their_rule: id.clone(),
                        kind: kind.clone(),
                        origin: format!(
                            "{}:{id}:{}#{number}",
                            stem,
                            if expected { "tps" } else { "fps" }
                        ),
                        path: path.unwrap_or_else(|| SAMPLE_PATH.to_string()),
                        content,
                        expected,
                    });
                }
            }
        }
    }
    for id in mapped.keys() {
        assert!(
            seen.contains(id),
            "gitleaks.tsv names {id}, which no rule file defines"
        );
    }
    Corpus {
        name: "gitleaks",
        repository: "gitleaks/gitleaks",
        commit: head_commit(checkout),
        cases,
        skipped,
    }
}

/// A 32-byte seed from a file name: the same samples on every run.
fn seed(name: &str) -> [u8; 32] {
    let mut seed = [7u8; 32];
    for (at, byte) in name.bytes().enumerate() {
        seed[at % 32] ^= byte;
    }
    seed
}
