//! gitleaks' rule tests: every rule in `cmd/generate/config/rules/*.go` validates itself on its
//! true positives (`tps`, must be detected) and false positives (`fps`, must not be). This
//! reads those lists from the Go source with a small evaluator (`go_eval.rs`) of the expressions they are
//! built from — string literals and `+`, `[]string{…}`, `append`, `fmt.Sprintf`,
//! `utils.GenerateSampleSecrets` (the sample templates are read from gitleaks' own
//! `utils/generate.go`), `utils.GenerateSampleSecret`, the `utils.*` character-class helpers,
//! and `secrets.NewSecret`/`newPlausibleSecret` (a random string matching the regex, from a
//! fixed seed, so every run builds the same samples). An input it cannot evaluate is counted
//! as "not rebuilt", never guessed. `gitleaks.tsv` names the rules prlens has.

use std::collections::BTreeMap;
use std::path::Path;

use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};

use super::go_eval::{Evaluator, Samples, Value, UNKNOWN};
use super::{head_commit, mapping, Case, Corpus};

const RULES: &str = "cmd/generate/config/rules";
const GENERATE: &str = "cmd/generate/config/utils/generate.go";

/// Where a sample goes in the PR when its rule names no path.
const SAMPLE_PATH: &str = "config/app.conf";

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

/// `(rule id, true positives, false positives)` of every rule function in one Go file.
fn rules_in(
    source: &str,
    templates: &[String],
    rng: &mut TestRunner,
) -> Vec<(String, Samples, Samples, Vec<String>)> {
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
            found.push((
                id.to_string(),
                as_samples(tps),
                as_samples(fps),
                listed_values(function),
            ));
        }
    }
    found
}

/// The exact values a rule's `Allowlists` name (`regexp.MustCompile(\`…\`)` literals with no
/// pattern character in them): gitleaks' published example keys, cleared by value alone.
fn listed_values(function: &str) -> Vec<String> {
    let Some((_, after)) = function.split_once("Allowlists:") else {
        return Vec::new();
    };
    let block = after.split("// validate").next().unwrap_or(after);
    block
        .split("regexp.MustCompile(`")
        .skip(1)
        .filter_map(|rest| rest.split('`').next())
        .filter(|literal| {
            !literal.is_empty()
                && literal
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
        })
        .map(str::to_string)
        .collect()
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
        for (id, tps, fps, listed) in rules_in(&source, &templates, &mut rng) {
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
                        value_listed: !expected
                            && listed.iter().any(|value| content.contains(value.as_str())),
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
