//! A statement's words and the subjects it names: code spans, identifiers (snake_case,
//! CamelCase), files and issue references — the parts of a claim the diff can confirm, read
//! the same in every language.
//!
//! What counts as a name is deliberately narrow: a backticked span, a word with an inner `_`
//! or a lower-to-upper case change (`TrainingArguments`, `getUser`), a path or a file name with
//! a known extension, `#123`. Product names written in CamelCase (`GitHub`, `PyTorch`) are not
//! identifiers ([`PROPER_NAMES`]); lower-case prose words are never names, however much they
//! look like a file's stem (nothing is guessed from prose).

/// The most subjects one statement names (a long list is a summary, not one claim).
pub(super) const MAX_SUBJECTS: usize = 4;
/// Longer code spans are code samples, not names.
const MAX_SPAN_CHARS: usize = 120;
/// Names shorter than this are too common to find meaningfully (`x`, `id`).
const MIN_NAME_CHARS: usize = 3;

/// What a subject is, and so how the diff is searched for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum SubjectKind {
    /// Letters, digits and `_`: found as a whole token of a diff line.
    Identifier,
    /// A name with other characters (`--dry-run`, `serde-json`): found as a substring with
    /// no name character around it.
    Literal,
    /// A path or file name: matched against the changed files.
    File,
    /// `#123`: an issue of this repository.
    Issue,
}

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Subject {
    pub(crate) kind: SubjectKind,
    pub(crate) text: String,
}

/// One word of prose (lower-cased, split at `-` and `/` for phrase matching) or code span,
/// with the subject it names, if any.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Token {
    /// Lower-case word parts (`docs-only` → `docs`, `only`); empty for a code span.
    pub(super) words: Vec<String>,
    pub(super) subjects: Vec<Subject>,
    /// An arrow (`→`, `->`, `=>`) between an old and a new name.
    pub(super) arrow: bool,
}

/// File extensions a named file may have (`trainer.md`, `setup.py`); a word like `e.g.` or
/// `v1.2` is not a file.
const EXTENSIONS: &str =
    "py pyi rs js mjs cjs ts tsx jsx go java kt kts rb php c h cc cpp hpp cs swift scala m \
     mm md mdx rst txt toml yaml yml json jsonc lock cfg ini conf sh bash zsh ps1 html htm \
     css scss sass less sql proto graphql xml gradle properties vue svelte ex exs erl hs ml \
     lua jl dart zig tf hcl ipynb csv svg png jpg gif wasm pdf r nix bzl";

/// File names without an extension that name a file on their own.
const BARE_FILE_NAMES: &str =
    "Dockerfile Makefile Rakefile Gemfile Procfile Jenkinsfile LICENSE CODEOWNERS Justfile";

/// Words in CamelCase that are products, not identifiers of the change (lower-cased).
/// [inferred] The names that come up in PR prose across ecosystems; a name missing here shows as
/// "not in the diff" but is never raised (a bare name is not a claim of change).
const PROPER_NAMES: &str =
    "github gitlab bitbucket javascript typescript pytorch tensorflow macos ios ipados \
     watchos tvos webassembly postgresql mysql mongodb openai chatgpt youtube linkedin \
     vscode intellij latex devops circleci powershell huggingface fastapi numpy scipy \
     deepspeed graphql nodejs pypi jetbrains sqlite openapi oauth iphone ipad wordpress \
     jquery pycharm rubygems cocoapods appveyor codeql mathjax katex webgl webgpu opengl \
     directx xcode freebsd openbsd openssl webkit webrtc websocket jsdoc grpc ebpf cpython \
     pypy";

/// Code spans that are literals or branch names, not identifiers of the change.
const LITERALS: &str = "true false none null nil self this main master undefined yes no";

/// Whether `word` is one of the space-separated words of `list` (the word lists of this module
/// and of [`super::phrases`] are written as one string each).
pub(super) fn listed(list: &str, word: &str) -> bool {
    list.split(' ').any(|entry| entry == word)
}

/// Splits a statement (Markdown as written) into tokens: code spans whole, prose by words.
pub(super) fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let Some(tick) = rest.find('`') else {
            prose(rest, &mut tokens);
            break;
        };
        prose(&rest[..tick], &mut tokens);
        let after = &rest[tick..];
        let run = after.chars().take_while(|c| *c == '`').count();
        let fence = &after[..run];
        let inside = &after[run..];
        match inside.find(fence) {
            Some(end) => {
                tokens.push(Token {
                    words: Vec::new(),
                    subjects: code_subjects(inside[..end].trim()),
                    arrow: false,
                });
                rest = &inside[end + run..];
            }
            // An unclosed backtick is an ordinary character.
            None => {
                prose(inside, &mut tokens);
                break;
            }
        }
    }
    tokens
}

fn prose(text: &str, tokens: &mut Vec<Token>) {
    for raw in text.split_whitespace() {
        // `[label](url)`: the label is the word; the target is not read.
        let raw = raw.split("](").next().unwrap_or(raw);
        if matches!(raw, "→" | "->" | "=>" | "⇒") {
            tokens.push(Token {
                words: Vec::new(),
                subjects: Vec::new(),
                arrow: true,
            });
            continue;
        }
        let word = raw
            .trim_start_matches(['(', '[', '{', '"', '\'', '*', '~', '<', '“', '‘', '«', '„'])
            .trim_end_matches([
                ')', ']', '}', '"', '\'', '*', '~', '>', ',', ';', ':', '!', '?', '.', '”', '’',
                '»', '。', '，', '、', '：', '；', '！', '？',
            ]);
        if word.is_empty() {
            continue;
        }
        let lower = word.to_ascii_lowercase();
        // `docs-only`, `non-functional`, `e2e-tests` are two words; `hub4j-test-org` is a name.
        let parts: Vec<&str> = lower.split(['-', '/']).collect();
        let compound = parts.len() == 2
            && parts
                .iter()
                .all(|part| !part.is_empty() && part.chars().all(char::is_alphanumeric));
        let words = if compound {
            parts.into_iter().map(str::to_string).collect()
        } else {
            vec![lower]
        };
        tokens.push(Token {
            words,
            subjects: word_subject(word).into_iter().collect(),
            arrow: false,
        });
    }
}

/// A prose word that names something: an issue, a file, a snake_case or CamelCase identifier.
fn word_subject(word: &str) -> Option<Subject> {
    if word.contains("://") || word.contains('@') {
        return None;
    }
    if let Some(number) = word.strip_prefix('#') {
        let valid = !number.is_empty()
            && number.len() <= 12
            && number.bytes().all(|byte| byte.is_ascii_digit())
            && !number.bytes().all(|byte| byte == b'0');
        return valid.then(|| subject(SubjectKind::Issue, word));
    }
    if is_file(word, false) {
        return Some(subject(SubjectKind::File, word));
    }
    // `bulk_update()` in prose names `bulk_update`.
    // (the closing parenthesis may be gone with the sentence's punctuation).
    let word = strip_emphasis(
        word.strip_suffix("()")
            .or_else(|| word.strip_suffix('('))
            .unwrap_or(word),
    );
    (is_identifier_word(word) && (is_snake_case(word) || is_camel_case(word)))
        .then(|| subject(SubjectKind::Identifier, word))
}

/// `_emphasis_` loses its marks; `__init__` keeps them.
fn strip_emphasis(word: &str) -> &str {
    if word.starts_with("__") && word.ends_with("__") && word.len() > 4 {
        return word;
    }
    word.trim_matches('_')
}

/// The subjects of a code span: a file, a (dotted) identifier's last part, a flag or
/// kebab-case name, or the distinctive identifiers inside a longer snippet.
fn code_subjects(span: &str) -> Vec<Subject> {
    if span.is_empty() || span.chars().count() > MAX_SPAN_CHARS {
        return Vec::new();
    }
    if is_file(span, true) {
        return vec![subject(SubjectKind::File, span)];
    }
    let callable = span
        .find('(')
        .filter(|_| span.ends_with(')'))
        .map_or(span, |open| &span[..open]);
    if let Some(name) = dotted_last(callable) {
        return if name.chars().count() >= MIN_NAME_CHARS
            && !listed(LITERALS, name.to_ascii_lowercase().as_str())
        {
            vec![subject(SubjectKind::Identifier, name)]
        } else {
            Vec::new()
        };
    }
    let kebab = span.trim_start_matches('-');
    if !kebab.is_empty()
        && (kebab.contains('-') || span.starts_with('-'))
        && kebab
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_')
        && kebab.chars().count() >= MIN_NAME_CHARS
    {
        return vec![subject(SubjectKind::Literal, span)];
    }
    let mut found: Vec<Subject> = Vec::new();
    for part in span.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        let candidate = subject(SubjectKind::Identifier, part);
        if is_identifier_word(part)
            && (is_snake_case(part) || is_camel_case(part))
            && !found.contains(&candidate)
        {
            found.push(candidate);
        }
    }
    found.truncate(MAX_SUBJECTS);
    found
}

/// `a.b.c`, `A::b`, `A#b`, `a->b` (each part an identifier) → the last part.
fn dotted_last(text: &str) -> Option<&str> {
    let normalised_ends = text.trim_end_matches("()");
    let mut last = None;
    for part in normalised_ends
        .split(['.', '#'])
        .flat_map(|part| part.split("::"))
    {
        for piece in part.split("->") {
            if !is_identifier_word(piece) {
                return None;
            }
            last = Some(piece);
        }
    }
    last
}

/// Letters, digits, `_` and `$`, not starting with a digit.
fn is_identifier_word(word: &str) -> bool {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) if first.is_alphabetic() || first == '_' || first == '$' => {}
        _ => return false,
    }
    chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

/// An inner `_` and two letters or more: `activation_offloading`, `MAX_SIZE`, `__init__`.
fn is_snake_case(word: &str) -> bool {
    let dunder = word.len() > 4 && word.starts_with("__") && word.ends_with("__");
    (word.trim_matches('_').contains('_') || dunder)
        && word.chars().filter(|c| c.is_alphabetic()).count() >= 2
        && word.chars().count() >= MIN_NAME_CHARS
        && !matches!(word.to_ascii_lowercase().as_str(), "x86_64")
}

/// A lower-case letter followed by an upper-case one: `TrainingArguments`, `getUser` — not a
/// product name.
fn is_camel_case(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    chars.len() >= 4
        && chars
            .windows(2)
            .any(|pair| pair[0].is_lowercase() && pair[1].is_uppercase())
        && !listed(PROPER_NAMES, &word.to_ascii_lowercase())
}

/// A path or file name: `src/a/b.rs`, `trainer.md`, `Dockerfile`; with `code` also a
/// directory (`src/engine/`). `Node.js`-style product names are not files.
fn is_file(text: &str, code: bool) -> bool {
    if text.contains(char::is_whitespace)
        || text.contains("://")
        || text.starts_with('-')
        || text.chars().count() > MAX_SPAN_CHARS
    {
        return false;
    }
    let name = text.rsplit('/').next().unwrap_or(text);
    if name.is_empty() {
        return code
            && text.len() > 1
            && text[..text.len() - 1].contains(|c: char| c.is_alphabetic());
    }
    if listed(BARE_FILE_NAMES, name) {
        return true;
    }
    let Some((stem, extension)) = name.rsplit_once('.') else {
        return false;
    };
    let stem_ok = stem.chars().any(char::is_alphanumeric)
        && stem
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '+' | '@'));
    // `Node.js`, `Vue.js`: a capitalised word, not a file (`ReactDOMInput.js` is one).
    let product = !text.contains('/')
        && extension == "js"
        && stem.chars().next().is_some_and(char::is_uppercase)
        && stem.chars().skip(1).all(|c| c.is_ascii_lowercase());
    stem_ok && listed(EXTENSIONS, extension) && !product
}

fn subject(kind: SubjectKind, text: &str) -> Subject {
    Subject {
        kind,
        text: text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The distinct subjects of the tokens, in order, at most [`MAX_SUBJECTS`].
    fn subjects_of(tokens: &[Token]) -> Vec<Subject> {
        let mut subjects: Vec<Subject> = Vec::new();
        for subject in tokens.iter().flat_map(|token| token.subjects.iter()) {
            if !subjects.contains(subject) && subjects.len() < MAX_SUBJECTS {
                subjects.push(subject.clone());
            }
        }
        subjects
    }

    fn names(text: &str) -> Vec<(SubjectKind, String)> {
        subjects_of(&tokenize(text))
            .into_iter()
            .map(|subject| (subject.kind, subject.text))
            .collect()
    }

    #[test]
    fn backticked_names_paths_and_snippets_become_subjects() {
        use SubjectKind::*;
        assert_eq!(
            names("Adds an `activation_offloading` option to `TrainingArguments`."),
            [
                (Identifier, "activation_offloading".into()),
                (Identifier, "TrainingArguments".into())
            ]
        );
        assert_eq!(
            names("Calls `self.args.use_streams()` and `torch.cuda.Stream`"),
            [
                (Identifier, "use_streams".into()),
                (Identifier, "Stream".into())
            ]
        );
        assert_eq!(
            names("See `docs/source/en/trainer.md` and `src/engine/`"),
            [
                (File, "docs/source/en/trainer.md".into()),
                (File, "src/engine/".into())
            ]
        );
        assert_eq!(names("Adds `--dry-run`"), [(Literal, "--dry-run".into())]);
        assert_eq!(
            names("Set `activation_offloading=True` in the config"),
            [(Identifier, "activation_offloading".into())]
        );
        assert!(names("Targets the `main` branch; `x` and `pip install foo`").is_empty());
    }

    #[test]
    fn prose_names_are_snake_or_camel_case_files_and_issues_only() {
        use SubjectKind::*;
        assert_eq!(
            names("Fix get_user_by_id in UserService (see #12), update README.md"),
            [
                (Identifier, "get_user_by_id".into()),
                (Identifier, "UserService".into()),
                (Issue, "#12".into()),
                (File, "README.md".into())
            ]
        );
        assert!(names("Works on GitHub with PyTorch and Node.js, e.g. v1.2 x86_64").is_empty());
        assert!(names("the trainer module and _emphasis_ https://x.y/a_b @some_one").is_empty());
        assert_eq!(
            names("Dunder __init__ stays"),
            [(Identifier, "__init__".into())]
        );
    }

    #[test]
    fn unclosed_backticks_links_and_arrows_are_read_as_prose() {
        use SubjectKind::*;
        assert_eq!(
            names("an `unclosed snake_case"),
            [(Identifier, "snake_case".into())]
        );
        assert_eq!(
            names("[the old_name docs](https://github.com/o/r/a_b)"),
            [(Identifier, "old_name".into())]
        );
        let tokens = tokenize("`old_name` → `new_name`");
        assert!(tokens[1].arrow);
        assert_eq!(tokens.len(), 3);
        assert_eq!(tokenize("docs-only")[0].words, ["docs", "only"]);
    }
}
