//! A small evaluator of the Go expressions gitleaks builds its rule tests from (string
//! literals and `+`, `[]string{…}`, `append`, `fmt.Sprintf`, the `utils` sample generators and
//! `secrets.NewSecret`), for `gitleaks.rs`. An expression it cannot evaluate is `Value::Unknown`,
//! never guessed.

use std::collections::BTreeMap;

use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::TestRunner;

/// Samples of one list, each with the path its rule gives it (`ValidateWithPaths`) or none.
pub(crate) type Samples = Vec<(Option<String>, String)>;

#[derive(Debug, Clone)]
pub(crate) enum Value {
    Text(String),
    /// Samples, each with the path the rule gives it (`ValidateWithPaths`) or none.
    List(Samples),
    Unknown,
}

pub(crate) struct Evaluator<'a> {
    pub(crate) source: &'a [u8],
    pub(crate) at: usize,
    pub(crate) env: &'a BTreeMap<String, Value>,
    pub(crate) templates: &'a [String],
    pub(crate) rng: &'a mut TestRunner,
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

    pub(crate) fn expression(&mut self) -> Value {
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
    pub(crate) fn items(&mut self, close: u8) -> Vec<(Value, bool)> {
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

    pub(crate) fn term(&mut self) -> Value {
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
pub(crate) const UNKNOWN: &str = "\u{0}unknown";

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
