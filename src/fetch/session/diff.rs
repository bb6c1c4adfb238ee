//! Reading the PR's unified diff (`https://github.com/{o}/{r}/pull/{n}.diff`) into the files
//! section, shaped like `GET /repos/{o}/{r}/pulls/{n}/files` (filename, status, additions,
//! deletions, changes, patch, previous_filename).
//!
//! Why: the diff is what GitHub's server generated for this PR, in git's own structured format
//! (git-scm.com/docs/git-diff "Generating patch text with -p", read 2026-12-10), and it costs
//! no API request, where the files list costs one per 100 files. Only that format is read:
//! every file section must open with `diff --git`, carry git's extended headers and hunks;
//! anything else (an HTML page, "Sorry, this diff is unavailable.", a truncated body) is
//! [`DiffError`], and the plan falls back to the API with a note (docs/sources.md).
//! A file's `patch` is its hunks from the first `@@`, as the API's `patch` field holds them.

use serde_json::{json, Map, Value};

/// Why a body is not a git diff the files section can be built from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiffError {
    /// The body does not start with `diff --git` (an HTML page, a message).
    NotADiff,
    /// A file section's header could not be read (which line, 1-based).
    BadHeader(usize),
    /// A hunk line that is neither context, addition, deletion nor `\ No newline` (line).
    BadHunk(usize),
}

impl DiffError {
    /// A short phrase for the fetch note.
    pub fn describe(&self) -> String {
        match self {
            DiffError::NotADiff => "not a git diff".to_string(),
            DiffError::BadHeader(line) => format!("unreadable file header at line {line}"),
            DiffError::BadHunk(line) => format!("unreadable hunk line {line}"),
        }
    }
}

/// One file section while it is read.
#[derive(Default)]
struct FileDiff {
    old_path: Option<String>,
    new_path: Option<String>,
    /// From the `diff --git a/X b/Y` line, when X and Y can be told apart.
    header_paths: Option<(String, String)>,
    added: bool,
    removed: bool,
    renamed: bool,
    copied: bool,
    binary: bool,
    additions: u64,
    deletions: u64,
    patch: Vec<String>,
}

impl FileDiff {
    fn into_value(self, line: usize) -> Result<Value, DiffError> {
        let (header_old, header_new) = self.header_paths.clone().unzip();
        let new_path = self.new_path.or(header_new);
        let old_path = self.old_path.or(header_old);
        let filename = match (self.removed, new_path, &old_path) {
            (true, _, Some(old)) => old.clone(),
            (_, Some(new), _) => new,
            _ => return Err(DiffError::BadHeader(line)),
        };
        let status = if self.added {
            "added"
        } else if self.removed {
            "removed"
        } else if self.renamed {
            "renamed"
        } else if self.copied {
            "copied"
        } else if self.patch.is_empty() && !self.binary {
            "changed" // a mode change only
        } else {
            "modified"
        };
        let mut file = Map::new();
        file.insert("filename".into(), json!(filename));
        file.insert("status".into(), json!(status));
        file.insert("additions".into(), json!(self.additions));
        file.insert("deletions".into(), json!(self.deletions));
        file.insert("changes".into(), json!(self.additions + self.deletions));
        if !self.patch.is_empty() {
            file.insert("patch".into(), json!(self.patch.join("\n")));
        }
        if self.renamed || self.copied {
            if let Some(old) = old_path.filter(|old| *old != filename) {
                file.insert("previous_filename".into(), json!(old));
            }
        }
        Ok(Value::Object(file))
    }
}

/// The files of a git diff, in its order. An empty body is a PR with no changed files.
pub fn files_from_diff(text: &str) -> Result<Vec<Value>, DiffError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    if !text.starts_with("diff --git ") {
        return Err(DiffError::NotADiff);
    }
    let mut files = Vec::new();
    let mut current: Option<FileDiff> = None;
    let mut in_hunk = false;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if let Some(rest) = line.strip_prefix("diff --git ") {
            if let Some(done) = current.take() {
                files.push(done.into_value(number)?);
            }
            current = Some(FileDiff {
                header_paths: header_paths(rest),
                ..FileDiff::default()
            });
            in_hunk = false;
            continue;
        }
        let Some(file) = current.as_mut() else {
            return Err(DiffError::BadHeader(number));
        };
        if line.starts_with("@@ ") {
            in_hunk = true;
            file.patch.push(line.to_string());
            continue;
        }
        if in_hunk {
            match line.as_bytes().first() {
                Some(b'+') => file.additions += 1,
                Some(b'-') => file.deletions += 1,
                Some(b' ') | Some(b'\\') | None => {}
                Some(_) => return Err(DiffError::BadHunk(number)),
            }
            file.patch.push(line.to_string());
            continue;
        }
        extended_header(file, line).ok_or(DiffError::BadHeader(number))?;
    }
    if let Some(done) = current.take() {
        files.push(done.into_value(text.lines().count())?);
    }
    Ok(files)
}

/// Reads one of git's extended header lines into `file`; `None` for an unknown line.
fn extended_header(file: &mut FileDiff, line: &str) -> Option<()> {
    if line.starts_with("new file mode ") {
        file.added = true;
    } else if line.starts_with("deleted file mode ") {
        file.removed = true;
    } else if let Some(path) = line.strip_prefix("rename from ") {
        file.renamed = true;
        file.old_path = Some(unquote(path)?);
    } else if let Some(path) = line.strip_prefix("rename to ") {
        file.renamed = true;
        file.new_path = Some(unquote(path)?);
    } else if let Some(path) = line.strip_prefix("copy from ") {
        file.copied = true;
        file.old_path = Some(unquote(path)?);
    } else if let Some(path) = line.strip_prefix("copy to ") {
        file.copied = true;
        file.new_path = Some(unquote(path)?);
    } else if let Some(path) = line.strip_prefix("--- ") {
        if let Some(path) = side(path, "a/")? {
            file.old_path = Some(path);
        }
    } else if let Some(path) = line.strip_prefix("+++ ") {
        if let Some(path) = side(path, "b/")? {
            file.new_path = Some(path);
        }
    } else if line.starts_with("Binary files ") && line.ends_with(" differ") {
        file.binary = true;
    } else if !(line.starts_with("index ")
        || line.starts_with("old mode ")
        || line.starts_with("new mode ")
        || line.starts_with("similarity index ")
        || line.starts_with("dissimilarity index "))
    {
        return None;
    }
    Some(())
}

/// The path of a `---`/`+++` line: `None` inside for `/dev/null`; `None` outside when unreadable.
fn side(raw: &str, prefix: &str) -> Option<Option<String>> {
    // git appends a tab after a path containing spaces in some versions; drop it.
    let raw = raw.strip_suffix('\t').unwrap_or(raw);
    if raw == "/dev/null" {
        return Some(None);
    }
    let path = unquote(raw)?;
    path.strip_prefix(prefix).map(|path| Some(path.to_string()))
}

/// The two paths of `a/X b/Y`. Unquoted paths with spaces are split where the two halves
/// match (no rename), since git leaves such paths unquoted.
fn header_paths(rest: &str) -> Option<(String, String)> {
    if rest.starts_with('"') {
        let (first, tail) = quoted_prefix(rest)?;
        let second = unquote(tail.strip_prefix(' ')?)?;
        return Some((
            first.strip_prefix("a/")?.to_string(),
            second.strip_prefix("b/")?.to_string(),
        ));
    }
    let body = rest.strip_prefix("a/")?;
    if let Some(quoted) = body.find(" \"b/") {
        let second = unquote(&body[quoted + 1..])?;
        return Some((
            body[..quoted].to_string(),
            second.strip_prefix("b/")?.to_string(),
        ));
    }
    // "a/P b/P": P has (len - 3) / 2 bytes when both sides are equal.
    let half = body.len().checked_sub(3)? / 2;
    let (first, second) = (body.get(..half)?, body.get(half..)?);
    if second.strip_prefix(" b/") == Some(first) {
        return Some((first.to_string(), first.to_string()));
    }
    let split = body.find(" b/")?;
    Some((body[..split].to_string(), body[split + 3..].to_string()))
}

/// A quoted string at the start of `text` and what follows it.
fn quoted_prefix(text: &str) -> Option<(String, &str)> {
    let bytes = text.as_bytes();
    let mut end = 1;
    while end < bytes.len() {
        match bytes[end] {
            b'\\' => end += 2,
            b'"' => return Some((unquote(&text[..=end])?, &text[end + 1..])),
            _ => end += 1,
        }
    }
    None
}

/// git's C-style quoting (`"a/caf\303\251"`): octal bytes and the usual escapes, as UTF-8.
fn unquote(text: &str) -> Option<String> {
    let Some(inner) = text.strip_prefix('"') else {
        return Some(text.to_string());
    };
    let inner = inner.strip_suffix('"')?;
    let mut bytes = Vec::with_capacity(inner.len());
    let mut chars = inner.bytes().peekable();
    while let Some(byte) = chars.next() {
        if byte != b'\\' {
            bytes.push(byte);
            continue;
        }
        let escaped = chars.next()?;
        let plain = match escaped {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'a' => 0x07,
            b'b' => 0x08,
            b'f' => 0x0c,
            b'v' => 0x0b,
            b'"' | b'\\' => escaped,
            b'0'..=b'7' => {
                let mut value = u32::from(escaped - b'0');
                for _ in 0..2 {
                    let digit = chars.next_if(|next| (b'0'..=b'7').contains(next))?;
                    value = value * 8 + u32::from(digit - b'0');
                }
                u8::try_from(value).ok()?
            }
            _ => return None,
        };
        bytes.push(plain);
    }
    String::from_utf8(bytes).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIFF: &str = "diff --git a/src/lib.rs b/src/lib.rs
index 1111111..2222222 100644
--- a/src/lib.rs
+++ b/src/lib.rs
@@ -1,3 +1,4 @@ fn main() {
 use std::io;
-let a = 1;
+let a = 2;
+let b = 3;
\\ No newline at end of file
diff --git a/docs/new file.md b/docs/new file.md
new file mode 100644
index 0000000..3333333
--- /dev/null
+++ b/docs/new file.md
@@ -0,0 +1 @@
+hello
diff --git a/old.txt b/old.txt
deleted file mode 100644
index 4444444..0000000
--- a/old.txt
+++ /dev/null
@@ -1,2 +0,0 @@
-one
-two
diff --git a/a/x.rs b/b/y.rs
similarity index 90%
rename from a/x.rs
rename to b/y.rs
index 5555555..6666666 100644
--- a/a/x.rs
+++ b/b/y.rs
@@ -1 +1 @@
-x
+y
diff --git a/logo.png b/logo.png
index 7777777..8888888 100644
Binary files a/logo.png and b/logo.png differ
diff --git \"a/caf\\303\\251.txt\" \"b/caf\\303\\251.txt\"
old mode 100644
new mode 100755
";

    #[test]
    fn a_git_diff_becomes_the_api_files_shape() {
        let files = files_from_diff(DIFF).unwrap();
        assert_eq!(files.len(), 6);
        assert_eq!(
            files[0],
            json!({"filename": "src/lib.rs", "status": "modified", "additions": 2, "deletions": 1,
                   "changes": 3, "patch": "@@ -1,3 +1,4 @@ fn main() {\n use std::io;\n-let a = 1;\n+let a = 2;\n+let b = 3;\n\\ No newline at end of file"})
        );
        assert_eq!(files[1]["filename"], "docs/new file.md");
        assert_eq!(files[1]["status"], "added");
        assert_eq!(files[2]["filename"], "old.txt");
        assert_eq!(files[2]["status"], "removed");
        assert_eq!(files[2]["deletions"], 2);
        assert_eq!(files[3]["filename"], "b/y.rs");
        assert_eq!(files[3]["status"], "renamed");
        assert_eq!(files[3]["previous_filename"], "a/x.rs");
        assert_eq!(files[4]["filename"], "logo.png");
        assert!(
            files[4].get("patch").is_none(),
            "binary: no patch, as the API"
        );
        assert_eq!(files[5]["filename"], "café.txt");
        assert_eq!(files[5]["status"], "changed");
    }

    #[test]
    fn anything_but_a_git_diff_is_refused() {
        assert_eq!(
            files_from_diff("<!DOCTYPE html><html>"),
            Err(DiffError::NotADiff)
        );
        assert_eq!(
            files_from_diff("Sorry, this diff is unavailable.\n"),
            Err(DiffError::NotADiff)
        );
        let stray =
            "diff --git a/x b/x\nindex 1..2 100644\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n+a\n*oops\n";
        assert_eq!(files_from_diff(stray), Err(DiffError::BadHunk(7)));
        let unknown = "diff --git a/x b/x\nSubject: hello\n";
        assert_eq!(files_from_diff(unknown), Err(DiffError::BadHeader(2)));
        assert_eq!(files_from_diff(""), Ok(Vec::new()));
    }
}
