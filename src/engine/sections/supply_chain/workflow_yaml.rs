//! A workflow file as a flat list of `(key path, scalar value, added?)` entries, so the checks in
//! [`super::workflows`] read one shape whatever YAML syntax the author chose.
//!
//! Two readers fill it:
//! - a real YAML parser (`saphyr-parser`, YAML 1.2) when the patch holds the whole file (a new
//!   file: one hunk starting at line 1 with no context or removed lines), so block and flow
//!   styles, quoting, anchors and multi-line scalars read as YAML means them;
//! - a tolerant line reader for partial hunks (most edits), which follows indentation and
//!   understands quoted values, `- ` items, block scalars (`run: |`) and flow collections
//!   (`with: { ref: … }`, `on: [push, pull_request_target]`).
//!
//! A key path starts wherever the hunk starts, so checks look at the last keys, not the root.

use saphyr_parser::{Event, Parser};

use crate::engine::diff::{Hunk, Patch};

/// One scalar of the workflow: the mapping keys leading to it (sequence items keep their
/// parent's path) and its value (unquoted; one line of a block scalar per entry in the line
/// reader, the whole scalar in the parser).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    pub path: Vec<String>,
    pub value: String,
    /// The line(s) holding it were added by this PR.
    pub added: bool,
    /// The step (an item of a `steps:` sequence) it belongs to, numbered in file order; `None`
    /// outside steps.
    pub step: Option<usize>,
    /// The path starts at the document root (always for a parsed file; for a hunk, when its
    /// outermost key sits at column 0), so `path[0]` is a top-level key.
    pub anchored: bool,
}

impl Entry {
    /// The innermost key ("" for a top-level sequence item).
    pub fn key(&self) -> &str {
        self.path.last().map_or("", String::as_str)
    }

    /// The key `depth` levels above the innermost one.
    pub fn parent(&self, depth: usize) -> &str {
        self.path
            .len()
            .checked_sub(depth + 1)
            .and_then(|at| self.path.get(at))
            .map_or("", String::as_str)
    }
}

/// Nesting deeper than this is not followed (a hostile file cannot exhaust memory).
const MAX_DEPTH: usize = 64;

/// Every entry of a workflow patch: parsed when the patch is the whole file, read line by line
/// otherwise (and when the parser rejects the text).
pub(crate) fn entries(patch: &Patch) -> Vec<Entry> {
    if let Some(text) = whole_file(patch) {
        if let Some(parsed) = parse(&text) {
            return parsed;
        }
    }
    let mut steps = 0;
    patch
        .hunks
        .iter()
        .flat_map(|hunk| read_hunk(hunk, &mut steps))
        .collect()
}

/// The file's text when the patch is one hunk from line 1 with only added lines.
fn whole_file(patch: &Patch) -> Option<String> {
    let [hunk] = patch.hunks.as_slice() else {
        return None;
    };
    let view = hunk.new_view();
    let all_added = view.iter().all(|(_, added)| *added) && hunk.removed().next().is_none();
    (hunk.new_start <= 1 && all_added && !patch.truncated).then(|| {
        view.iter()
            .map(|(line, _)| *line)
            .collect::<Vec<_>>()
            .join("\n")
    })
}

enum Frame {
    Map {
        path: Vec<String>,
        key: Option<String>,
        step: Option<usize>,
    },
    Seq {
        path: Vec<String>,
        step: Option<usize>,
    },
}

impl Frame {
    fn step(&self) -> Option<usize> {
        match self {
            Frame::Map { step, .. } | Frame::Seq { step, .. } => *step,
        }
    }
}

/// The entries of a whole YAML document, or `None` when it does not parse.
fn parse(text: &str) -> Option<Vec<Entry>> {
    let mut found = Vec::new();
    let mut stack: Vec<Frame> = Vec::new();
    let mut steps = 0usize;
    for event in Parser::new_from_str(text) {
        let (event, _) = event.ok()?;
        match event {
            Event::Scalar(value, ..) => scalar(&mut stack, &mut found, value.into_owned()),
            Event::Alias(_) => scalar(&mut stack, &mut found, String::new()),
            Event::MappingStart(..) | Event::SequenceStart(..) => {
                if stack.len() >= MAX_DEPTH {
                    return None;
                }
                // A mapping that is an item of a `steps:` sequence opens a new step.
                let new_step = matches!(event, Event::MappingStart(..))
                    && matches!(stack.last(), Some(Frame::Seq { path, .. }) if path.last().is_some_and(|key| key == "steps"));
                let step = if new_step {
                    steps += 1;
                    Some(steps)
                } else {
                    stack.last().and_then(Frame::step)
                };
                let path = child_path(&mut stack);
                stack.push(if matches!(event, Event::MappingStart(..)) {
                    Frame::Map {
                        path,
                        key: None,
                        step,
                    }
                } else {
                    Frame::Seq { path, step }
                });
            }
            Event::MappingEnd | Event::SequenceEnd => {
                // An empty collection (`permissions: {}`) is a value too.
                if let Some(frame) = stack.pop() {
                    let (Frame::Map { path, step, .. } | Frame::Seq { path, step }) = frame;
                    let has_children = found
                        .last()
                        .is_some_and(|entry: &Entry| entry.path.starts_with(&path));
                    if !has_children {
                        let value = if matches!(event, Event::MappingEnd) {
                            "{}"
                        } else {
                            "[]"
                        };
                        found.push(Entry {
                            path,
                            value: value.into(),
                            added: true,
                            step,
                            anchored: true,
                        });
                    }
                }
            }
            _ => {}
        }
    }
    Some(found)
}

/// The path of a collection opening inside the top frame (taking a mapping's pending key).
fn child_path(stack: &mut [Frame]) -> Vec<String> {
    match stack.last_mut() {
        Some(Frame::Map { path, key, .. }) => {
            let mut child = path.clone();
            child.push(key.take().unwrap_or_default());
            child
        }
        Some(Frame::Seq { path, .. }) => path.clone(),
        None => Vec::new(),
    }
}

fn scalar(stack: &mut [Frame], found: &mut Vec<Entry>, value: String) {
    let entry = |path: Vec<String>, value: String, step: Option<usize>| Entry {
        path,
        value,
        added: true,
        step,
        anchored: true,
    };
    match stack.last_mut() {
        Some(Frame::Map { path, key, step }) => match key.take() {
            None => *key = Some(value),
            Some(name) => {
                let mut full = path.clone();
                full.push(name);
                found.push(entry(full, value, *step));
            }
        },
        Some(Frame::Seq { path, step }) => found.push(entry(path.clone(), value, *step)),
        None => found.push(entry(Vec::new(), value, None)),
    }
}

/// Keys that open a step when they start an item of a sequence whose key is not in the hunk.
const STEP_KEYS: &[&str] = &["uses", "run", "name", "id", "if", "with", "env", "shell"];

/// The line reader for one hunk (its new side).
fn read_hunk(hunk: &Hunk, steps: &mut usize) -> Vec<Entry> {
    let mut found = Vec::new();
    // (indentation of the key, key) from the outermost visible key inwards.
    let mut keys: Vec<(usize, String)> = Vec::new();
    // A block scalar (`run: |`) in progress: its key's indentation, path, step and anchoring.
    let mut block: Option<(usize, Vec<String>, Option<usize>, bool)> = None;
    // The step being read: its content indentation and number.
    let mut step: Option<(usize, usize)> = None;
    for (line, added) in hunk.new_view() {
        let indent = crate::engine::sections::supply_chain::model::indentation(line);
        let trimmed = line.trim();
        if let Some((block_indent, path, block_step, anchored)) = &block {
            if trimmed.is_empty() || indent > *block_indent {
                if !trimmed.is_empty() {
                    found.push(Entry {
                        path: path.clone(),
                        value: trimmed.to_string(),
                        added,
                        step: *block_step,
                        anchored: *anchored,
                    });
                }
                continue;
            }
            block = None;
        }
        let content = strip_comment(trimmed);
        if content.is_empty() || content == "---" {
            continue;
        }
        let (item_depth, content) = strip_items(content);
        let content_indent = indent + 2 * item_depth;
        while keys.last().is_some_and(|(at, _)| *at >= content_indent) {
            keys.pop();
        }
        let anchored = keys.first().map_or(content_indent == 0, |(at, _)| *at == 0);
        let mut path: Vec<String> = keys.iter().map(|(_, key)| key.clone()).collect();
        let split = split_key(content);
        let opens_step = item_depth > 0
            && match keys.last() {
                Some((_, key)) => key == "steps",
                None => split
                    .as_ref()
                    .is_some_and(|(key, _)| STEP_KEYS.contains(&key.as_str())),
            };
        if opens_step {
            *steps += 1;
            step = Some((content_indent, *steps));
        } else if step.is_some_and(|(at, _)| content_indent < at) {
            step = None;
        }
        let current = step.map(|(_, number)| number);
        let Some((key, rest)) = split else {
            flow_value(&path, content, added, current, anchored, &mut found);
            continue;
        };
        path.push(key.clone());
        let rest = rest.trim();
        if rest.is_empty() {
            found.push(Entry {
                path,
                value: String::new(),
                added,
                step: current,
                anchored,
            });
            if keys.len() < MAX_DEPTH {
                keys.push((content_indent, key));
            }
        } else if rest.starts_with('|') || rest.starts_with('>') {
            block = Some((content_indent, path, current, anchored));
        } else {
            flow_value(&path, rest, added, current, anchored, &mut found);
        }
    }
    found
}

/// `content` without leading `- ` sequence markers, and how many there were.
fn strip_items(mut content: &str) -> (usize, &str) {
    let mut depth = 0;
    while let Some(rest) = content
        .strip_prefix("- ")
        .or_else(|| (content == "-").then_some(""))
    {
        depth += 1;
        content = rest.trim_start();
    }
    (depth, content)
}

/// The text before a ` #` comment that is outside quotes.
fn strip_comment(line: &str) -> &str {
    let mut quote: Option<char> = None;
    let mut previous = ' ';
    for (at, character) in line.char_indices() {
        match quote {
            Some(open) if character == open => quote = None,
            Some(_) => {}
            None if character == '"' || character == '\'' => quote = Some(character),
            None if character == '#' && previous.is_whitespace() => {
                return line.get(..at).unwrap_or(line).trim_end();
            }
            None => {}
        }
        previous = character;
    }
    line
}

/// `key: rest` (plain or quoted key); `None` for a bare value.
fn split_key(content: &str) -> Option<(String, &str)> {
    if content.starts_with(['{', '[']) {
        return None;
    }
    let (key, rest) =
        if let Some(quote) = content.chars().next().filter(|c| *c == '"' || *c == '\'') {
            let after = content.get(1..)?;
            let close = after.find(quote)?;
            let rest = after.get(close + 1..)?.strip_prefix(':')?;
            (after.get(..close)?.to_string(), rest)
        } else {
            let colon = content.match_indices(':').map(|(at, _)| at).find(|at| {
                content
                    .get(at + 1..)
                    .is_some_and(|after| after.is_empty() || after.starts_with([' ', '\t']))
            })?;
            let key = content.get(..colon)?;
            if key.contains(['"', '\'', '{', '[']) || key.contains("${{") {
                return None;
            }
            (key.trim().to_string(), content.get(colon + 1..)?)
        };
    Some((key, rest))
}

/// Records a value: a flow mapping or sequence is opened into entries, a scalar unquoted.
fn flow_value(
    path: &[String],
    value: &str,
    added: bool,
    step: Option<usize>,
    anchored: bool,
    found: &mut Vec<Entry>,
) {
    let value = value.trim();
    let inner = |open: char, close: char| {
        value
            .strip_prefix(open)
            .map(|rest| rest.strip_suffix(close).unwrap_or(rest))
    };
    if let Some(body) = inner('{', '}') {
        if body.trim().is_empty() {
            found.push(Entry {
                path: path.to_vec(),
                value: "{}".into(),
                added,
                step,
                anchored,
            });
        }
        for item in split_flow(body) {
            match split_key(item.trim()) {
                Some((key, rest)) if path.len() < MAX_DEPTH => {
                    let mut child = path.to_vec();
                    child.push(key);
                    flow_value(&child, rest, added, step, anchored, found);
                }
                _ => flow_value(path, item, added, step, anchored, found),
            }
        }
    } else if let Some(body) = inner('[', ']') {
        for item in split_flow(body) {
            flow_value(path, item, added, step, anchored, found);
        }
    } else if !value.is_empty() {
        found.push(Entry {
            path: path.to_vec(),
            value: unquote(value),
            added,
            step,
            anchored,
        });
    }
}

/// The items of a flow collection's body, split at top-level commas (outside quotes, braces,
/// brackets and `${{ }}`).
fn split_flow(body: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut quote: Option<char> = None;
    let mut start = 0;
    for (at, character) in body.char_indices() {
        match (quote, character) {
            (Some(open), c) if c == open => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(character),
            (None, '{' | '[' | '(') => depth += 1,
            (None, '}' | ']' | ')') => depth = depth.saturating_sub(1),
            (None, ',') if depth == 0 => {
                items.push(body.get(start..at).unwrap_or(""));
                start = at + 1;
            }
            _ => {}
        }
    }
    items.push(body.get(start..).unwrap_or(""));
    items.retain(|item| !item.trim().is_empty());
    items
}

/// A scalar without its quotes (`''` inside single quotes is one quote, as in YAML).
fn unquote(value: &str) -> String {
    let value = value.trim();
    if value.len() >= 2 {
        if let Some(inner) = value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) {
            return inner.replace("''", "'");
        }
        if let Some(inner) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
            return inner.replace("\\\"", "\"");
        }
    }
    value.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::diff;

    fn read(patch: &str) -> Vec<(String, String, bool)> {
        entries(&diff::parse(patch))
            .into_iter()
            .map(|entry| (entry.path.join("."), entry.value, entry.added))
            .collect()
    }

    fn has(found: &[(String, String, bool)], path: &str, value: &str) -> bool {
        found.iter().any(|(p, v, _)| p == path && v == value)
    }

    #[test]
    fn a_new_file_is_parsed_as_yaml_with_flow_and_block_styles() {
        let found = read("@@ -0,0 +1,9 @@\n+on: [push, pull_request_target]\n+jobs:\n+  a:\n+    steps:\n+      - {uses: actions/checkout@v4, with: {ref: \"${{ github.event.pull_request.head.sha }}\"}}\n+      - run: >-\n+          echo one\n+          echo two\n+      - 'run': \"x\"");
        assert!(has(&found, "on", "pull_request_target"), "{found:?}");
        assert!(has(
            &found,
            "jobs.a.steps.with.ref",
            "${{ github.event.pull_request.head.sha }}"
        ));
        assert!(has(&found, "jobs.a.steps.run", "echo one echo two"));
        assert!(has(&found, "jobs.a.steps.run", "x"));
    }

    #[test]
    fn partial_hunks_are_read_line_by_line_with_quotes_and_flow_mappings() {
        let found = read("@@ -10,4 +10,8 @@ jobs:\n     steps:\n+      - uses: 'actions/checkout@v4'\n+        with: { ref: \"${{ github.event.pull_request.merge_commit_sha }}\", fetch-depth: 0 } # c\n+      - run: |\n+          echo \"${{ github.head_ref }}\"\n+      - name: x\n       - run: make");
        assert!(
            has(&found, "steps.uses", "actions/checkout@v4"),
            "{found:?}"
        );
        assert!(has(
            &found,
            "steps.with.ref",
            "${{ github.event.pull_request.merge_commit_sha }}"
        ));
        assert!(has(&found, "steps.with.fetch-depth", "0"));
        assert!(has(&found, "steps.run", "echo \"${{ github.head_ref }}\""));
        assert!(found
            .iter()
            .any(|(p, v, added)| p == "steps.run" && v == "make" && !added));
    }

    #[test]
    fn malformed_yaml_in_a_new_file_falls_back_to_the_line_reader() {
        let found = read("@@ -0,0 +1,2 @@\n+on: [push\n+run: \"echo ${{ github.head_ref }}\"");
        assert!(
            has(&found, "run", "echo ${{ github.head_ref }}"),
            "{found:?}"
        );
    }
}
