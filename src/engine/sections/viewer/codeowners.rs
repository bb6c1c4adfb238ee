//! GitHub's `CODEOWNERS`: who owns a path, by the rules GitHub documents.
//!
//! Source: GitHub Docs, "About code owners"
//! (<https://docs.github.com/en/repositories/managing-your-repositorys-settings-and-features/customizing-your-repository/about-code-owners>,
//! read 2026-12-06), whose rules this module implements and whose examples its tests restate
//! as cases of our own:
//! - GitHub reads the file from the pull request's **base branch**, in `.github/`, the root or
//!   `docs/`, and uses the first of those it finds ([`LOCATIONS`]); a file over 3 MB is not
//!   loaded at all ([`MAX_BYTES`]).
//! - Each line is a pattern followed by owners: `@login`, `@org/team-name` or an e-mail
//!   address; `#` starts a comment (a whole line, or the rest of one after the owners). A
//!   pattern with no owners leaves the paths it matches without an owner.
//! - Patterns follow gitignore's rules, except that escaping a leading `#` with `\`, negation
//!   with `!` and character ranges with `[ ]` do not work: a `!` pattern is skipped as invalid
//!   (GitHub skips lines it cannot read) and `[`/`]` are plain characters.
//! - **The last matching pattern wins**; paths are case-sensitive.
//!
//! gitignore's rules as applied to a file path: a pattern with no slash but a trailing one
//! matches at any depth (`*.js`, `apps/`), otherwise it is anchored at the root (`/docs/`,
//! `docs/*`); `*` and `?` never cross a `/`; `**` as a whole segment spans any number of
//! directories; a trailing `/` matches a directory (so every path below it); a pattern that
//! names a directory owns everything below it (`/apps/github` excludes a subtree), except a
//! trailing `/*`, which owns only that directory's direct children (`docs/*` does not own
//! `docs/a/b.md`). Why not the `glob` crate the engine uses elsewhere: its `[...]` classes are
//! exactly what CODEOWNERS does not have, and `**` inside a segment is an error there but a
//! plain `*` here.

pub use crate::bundle::{CODEOWNERS_LOCATIONS as LOCATIONS, CODEOWNERS_MAX_BYTES as MAX_BYTES};

/// One owner named by a rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    /// `@login`.
    User(String),
    /// `@org/team-name`, kept as `org/team-name`.
    Team(String),
    /// An e-mail address GitHub maps to an account (not resolvable from a bundle).
    Email(String),
}

impl Owner {
    /// How GitHub writes it: `@login`, `@org/team`, or the address.
    pub fn handle(&self) -> String {
        match self {
            Owner::User(login) => format!("@{login}"),
            Owner::Team(team) => format!("@{team}"),
            Owner::Email(address) => address.clone(),
        }
    }
}

/// One readable line of the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// 1-based line number in the file.
    pub line: usize,
    /// The pattern as written.
    pub pattern: String,
    /// Empty: the paths it matches have no owner.
    pub owners: Vec<Owner>,
    matcher: Matcher,
}

/// A parsed file: its rules in file order, and the lines skipped as invalid.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Codeowners {
    pub rules: Vec<Rule>,
    /// 1-based numbers of lines GitHub would not read (a `!` pattern, an owner that is no
    /// handle or address).
    pub skipped_lines: Vec<usize>,
}

impl Codeowners {
    /// Reads the file's text (comments, blank and invalid lines are left out).
    pub fn parse(text: &str) -> Codeowners {
        let mut parsed = Codeowners::default();
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            match parse_line(raw) {
                Line::Empty => {}
                Line::Invalid => parsed.skipped_lines.push(line),
                Line::Rule(pattern, owners) => match Matcher::new(&pattern) {
                    Some(matcher) => parsed.rules.push(Rule {
                        line,
                        pattern,
                        owners,
                        matcher,
                    }),
                    None => parsed.skipped_lines.push(line),
                },
            }
        }
        parsed
    }

    /// The rule that decides `path`'s owners: the last one that matches.
    pub fn rule_for(&self, path: &str) -> Option<&Rule> {
        self.rules
            .iter()
            .rev()
            .find(|rule| rule.matcher.matches(path))
    }

    /// `path`'s owners (none when no rule matches, or the deciding rule names none).
    pub fn owners_of(&self, path: &str) -> &[Owner] {
        self.rule_for(path)
            .map_or(&[], |rule| rule.owners.as_slice())
    }
}

enum Line {
    Empty,
    Invalid,
    Rule(String, Vec<Owner>),
}

fn parse_line(raw: &str) -> Line {
    let words = split_words(raw.trim());
    let Some((pattern, rest)) = words.split_first() else {
        return Line::Empty;
    };
    if pattern.starts_with('#') {
        return Line::Empty;
    }
    if pattern.starts_with('!') {
        return Line::Invalid;
    }
    let mut owners = Vec::new();
    for word in rest {
        if word.starts_with('#') {
            break;
        }
        match owner(word) {
            Some(owner) => owners.push(owner),
            None => return Line::Invalid,
        }
    }
    Line::Rule(pattern.clone(), owners)
}

/// Words separated by whitespace; `\ ` keeps a space inside a pattern (gitignore's escape).
fn split_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut chars = line.chars().peekable();
    while let Some(char) = chars.next() {
        if char == '\\' && chars.peek().is_some_and(|next| *next == ' ') {
            word.push(' ');
            chars.next();
        } else if char.is_whitespace() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
        } else {
            word.push(char);
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

fn owner(word: &str) -> Option<Owner> {
    if let Some(handle) = word.strip_prefix('@') {
        return match handle.split_once('/') {
            Some((org, team)) if crate::text::is_github_login(org) && is_team_slug(team) => {
                Some(Owner::Team(format!("{org}/{team}")))
            }
            Some(_) => None,
            None => crate::text::is_github_login(handle).then(|| Owner::User(handle.to_string())),
        };
    }
    let (local, domain) = word.split_once('@')?;
    (!local.is_empty() && domain.contains('.') && !domain.starts_with('.') && !domain.contains('@'))
        .then(|| Owner::Email(word.to_string()))
}

fn is_team_slug(slug: &str) -> bool {
    !slug.is_empty()
        && slug.len() <= 100
        && slug
            .chars()
            .all(|char| char.is_ascii_alphanumeric() || matches!(char, '-' | '_' | '.'))
}

/// A compiled pattern: segments, and which paths below a match it owns.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Matcher {
    segments: Vec<String>,
    reach: Reach,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reach {
    /// The path itself, or any directory above it (everything below a matched directory).
    PathOrDirectory,
    /// Only a directory above the path (a trailing `/`).
    DirectoryOnly,
    /// Only the path itself (a trailing `/*`: direct children).
    PathOnly,
}

impl Matcher {
    fn new(pattern: &str) -> Option<Matcher> {
        let directory = pattern.ends_with('/');
        let body = pattern.trim_end_matches('/');
        let anchored = body.starts_with('/');
        let body = body.trim_start_matches('/');
        if body.is_empty() {
            return None;
        }
        let mut segments: Vec<String> = body
            .split('/')
            .filter(|segment| !segment.is_empty())
            .map(|segment| {
                // `**` is special only as a whole segment; elsewhere it is a `*`.
                if segment == "**" {
                    segment.to_string()
                } else {
                    collapse_stars(segment)
                }
            })
            .collect();
        // gitignore: a slash at the start or in the middle anchors the pattern at the root.
        if !anchored && segments.len() == 1 {
            segments.insert(0, "**".to_string());
        }
        let reach = if directory {
            Reach::DirectoryOnly
        } else if segments.len() > 1 && segments.last().is_some_and(|last| last == "*") {
            Reach::PathOnly
        } else {
            Reach::PathOrDirectory
        };
        Some(Matcher { segments, reach })
    }

    fn matches(&self, path: &str) -> bool {
        let parts: Vec<&str> = path.split('/').filter(|part| !part.is_empty()).collect();
        let whole = parts.len();
        let pattern: Vec<&str> = self.segments.iter().map(String::as_str).collect();
        match self.reach {
            Reach::PathOnly => segments_match(&pattern, &parts),
            Reach::PathOrDirectory => {
                (1..=whole).any(|end| segments_match(&pattern, &parts[..end]))
            }
            Reach::DirectoryOnly => (1..whole).any(|end| segments_match(&pattern, &parts[..end])),
        }
    }
}

fn collapse_stars(segment: &str) -> String {
    let mut collapsed = String::with_capacity(segment.len());
    for char in segment.chars() {
        if !(char == '*' && collapsed.ends_with('*')) {
            collapsed.push(char);
        }
    }
    collapsed
}

/// Pattern segments against path segments; `**` spans zero or more of them.
fn segments_match(pattern: &[&str], path: &[&str]) -> bool {
    match pattern.split_first() {
        None => path.is_empty(),
        Some((&"**", rest)) => (0..=path.len()).any(|skip| segments_match(rest, &path[skip..])),
        Some((first, rest)) => path.split_first().is_some_and(|(part, others)| {
            segment_match(first, part) && segments_match(rest, others)
        }),
    }
}

/// One segment: `*` any run of characters, `?` one character, anything else itself.
fn segment_match(pattern: &str, text: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().collect();
    let text: Vec<char> = text.chars().collect();
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&char) if char == '?' || char == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((star_p, star_t)) => {
                    p = star_p + 1;
                    t = star_t + 1;
                    star = Some((star_p, star_t + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|char| *char == '*')
}

#[cfg(test)]
mod tests;
