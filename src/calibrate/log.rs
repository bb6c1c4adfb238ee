//! `git log` read as a stream: commits with their metadata and, when asked for, each file's
//! unified diff in the shape GitHub's "List pull request files" sends it.
//!
//! **What it reads.** The output of `git log --format=<MAINLINE_FORMAT> -p -M`: a record
//! separator (U+001E) opens each commit, unit separators (U+001F) close its fields (sha,
//! parents, author name and e-mail after `.mailmap`, author and committer times, message), and
//! the diff follows. Each `diff --git` block becomes a [`FileDiff`]: the path (`+++ b/…`,
//! `rename to`, `copy to`, else the `diff --git` line), the previous path of a rename, the
//! status GitHub would give (`added`, `removed`, `modified`, `renamed`, `copied`, `changed` for
//! a mode-only change), the counted lines, and the hunks from the first `@@` on (GitHub's
//! `patch` omits the `---`/`+++` header too).
//!
//! **Why a stream.** A 10,000-commit history with patches is hundreds of megabytes; each commit
//! is handed on as soon as it is read and then dropped.
//!
//! **Limits, as GitHub's.** A file's `patch` is left out beyond [`MAX_PATCH_LINES`] lines or
//! [`MAX_PATCH_BYTES`] bytes ("No single file's diff may exceed 20,000 lines that you can load
//! or 1 MB of raw diff data", GitHub Docs, "About comparing branches in pull requests", diff
//! limits); binary files have none. Lines that are not UTF-8 are read lossily.

use std::io::BufRead;

/// Fields of one commit header, in order, each closed by U+001F.
pub const MAINLINE_FORMAT: &str = "%x1e%H%x1f%P%x1f%aN%x1f%aE%x1f%at%x1f%ct%x1f%B%x1f";
/// How many U+001F a complete header holds.
const HEADER_FIELDS: usize = 7;
const RECORD: u8 = 0x1e;
const FIELD: char = '\u{1f}';

/// A file's patch is dropped (as GitHub does) beyond this many lines…
pub const MAX_PATCH_LINES: usize = 20_000;
/// …or this many bytes.
pub const MAX_PATCH_BYTES: usize = 1_000_000;

/// What happened to a file, in GitHub's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileStatus {
    Added,
    Removed,
    Modified,
    Renamed,
    Copied,
    /// Only the mode changed.
    Changed,
}

impl FileStatus {
    /// GitHub's `status` value.
    pub fn key(self) -> &'static str {
        match self {
            FileStatus::Added => "added",
            FileStatus::Removed => "removed",
            FileStatus::Modified => "modified",
            FileStatus::Renamed => "renamed",
            FileStatus::Copied => "copied",
            FileStatus::Changed => "changed",
        }
    }
}

/// One file of a commit's diff against its first parent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileDiff {
    pub path: String,
    pub previous_path: Option<String>,
    pub status: FileStatus,
    pub additions: u64,
    pub deletions: u64,
    /// The hunks, from the first `@@`; `None` for binaries and patches over GitHub's limits.
    pub patch: Option<String>,
}

/// One commit as `git log` printed it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LoggedCommit {
    pub sha: String,
    pub parents: Vec<String>,
    pub author_name: String,
    pub author_email: String,
    pub authored_at: i64,
    pub committed_at: i64,
    pub message: String,
    pub files: Vec<FileDiff>,
}

impl LoggedCommit {
    /// The first line of the message.
    pub fn subject(&self) -> &str {
        self.message.lines().next().unwrap_or("").trim()
    }
}

/// Why the stream could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LogError {
    #[error("cannot read git's output: {0}")]
    Read(#[from] std::io::Error),
    #[error("git printed a commit header prlens cannot read (after commit {after})")]
    Header { after: String },
}

/// Reads every commit of the stream and hands each to `each` as soon as it is complete.
pub fn read_commits<R: BufRead>(
    mut reader: R,
    mut each: impl FnMut(LoggedCommit),
) -> Result<(), LogError> {
    let mut line = Vec::new();
    let mut current: Option<Builder> = None;
    let mut last_sha = String::new();
    loop {
        line.clear();
        if reader.read_until(b'\n', &mut line)? == 0 {
            break;
        }
        if line.first() == Some(&RECORD) {
            if let Some(done) = current.take() {
                last_sha.clone_from(&done.commit.sha);
                each(done.finish());
            }
            let after = || LogError::Header {
                after: last_sha.clone(),
            };
            let mut header = String::from_utf8_lossy(&line[1..]).into_owned();
            while header.matches(FIELD).count() < HEADER_FIELDS {
                line.clear();
                if reader.read_until(b'\n', &mut line)? == 0 {
                    return Err(after());
                }
                header.push_str(&String::from_utf8_lossy(&line));
            }
            current = Some(Builder::new(parse_header(&header).ok_or_else(after)?));
            continue;
        }
        if let Some(builder) = current.as_mut() {
            let text = String::from_utf8_lossy(&line);
            builder.line(text.strip_suffix('\n').unwrap_or(&text));
        }
    }
    if let Some(done) = current.take() {
        each(done.finish());
    }
    Ok(())
}

fn parse_header(header: &str) -> Option<LoggedCommit> {
    let mut fields = header.split(FIELD);
    let sha = fields.next()?.trim().to_string();
    let parents = fields
        .next()?
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let author_name = fields.next()?.trim().to_string();
    let author_email = fields.next()?.trim().to_string();
    let authored_at = fields.next()?.trim().parse().ok()?;
    let committed_at = fields.next()?.trim().parse().ok()?;
    let message = fields.next()?.trim().to_string();
    if !crate::text::is_commit_sha(&sha) {
        return None;
    }
    Some(LoggedCommit {
        sha,
        parents,
        author_name,
        author_email,
        authored_at,
        committed_at,
        message,
        files: Vec::new(),
    })
}

/// One commit being read.
struct Builder {
    commit: LoggedCommit,
    file: Option<FileBuilder>,
}

/// One `diff --git` block being read.
struct FileBuilder {
    /// Paths from the `diff --git a/… b/…` line (the fallback).
    git_old: Option<String>,
    git_new: Option<String>,
    minus: Option<String>,
    plus: Option<String>,
    rename_from: Option<String>,
    rename_to: Option<String>,
    status: FileStatus,
    in_hunks: bool,
    additions: u64,
    deletions: u64,
    patch: String,
    patch_lines: usize,
    patch_dropped: bool,
    binary: bool,
}

impl Builder {
    fn new(commit: LoggedCommit) -> Self {
        Builder { commit, file: None }
    }

    fn line(&mut self, line: &str) {
        if let Some(rest) = line.strip_prefix("diff --git ") {
            self.close_file();
            let (old, new) = git_line_paths(rest);
            self.file = Some(FileBuilder::new(old, new));
            return;
        }
        if let Some(file) = self.file.as_mut() {
            file.line(line);
        }
    }

    fn close_file(&mut self) {
        if let Some(file) = self.file.take() {
            if let Some(done) = file.finish() {
                self.commit.files.push(done);
            }
        }
    }

    fn finish(mut self) -> LoggedCommit {
        self.close_file();
        self.commit
    }
}

impl FileBuilder {
    fn new(git_old: Option<String>, git_new: Option<String>) -> Self {
        FileBuilder {
            git_old,
            git_new,
            minus: None,
            plus: None,
            rename_from: None,
            rename_to: None,
            status: FileStatus::Modified,
            in_hunks: false,
            additions: 0,
            deletions: 0,
            patch: String::new(),
            patch_lines: 0,
            patch_dropped: false,
            binary: false,
        }
    }

    fn line(&mut self, line: &str) {
        if self.in_hunks || line.starts_with("@@") {
            self.hunk_line(line);
            return;
        }
        if line.starts_with("new file mode") {
            self.status = FileStatus::Added;
        } else if line.starts_with("deleted file mode") {
            self.status = FileStatus::Removed;
        } else if line.starts_with("old mode") && self.status == FileStatus::Modified {
            self.status = FileStatus::Changed;
        } else if let Some(path) = line.strip_prefix("rename from ") {
            self.rename_from = Some(unquote(path));
            self.status = FileStatus::Renamed;
        } else if let Some(path) = line.strip_prefix("rename to ") {
            self.rename_to = Some(unquote(path));
        } else if let Some(path) = line.strip_prefix("copy from ") {
            self.rename_from = Some(unquote(path));
            self.status = FileStatus::Copied;
        } else if let Some(path) = line.strip_prefix("copy to ") {
            self.rename_to = Some(unquote(path));
        } else if let Some(path) = line.strip_prefix("--- ") {
            self.minus = side_path(path, "a/");
        } else if let Some(path) = line.strip_prefix("+++ ") {
            self.plus = side_path(path, "b/");
        } else if line.starts_with("Binary files ") || line.starts_with("GIT binary patch") {
            self.binary = true;
        }
    }

    fn hunk_line(&mut self, line: &str) {
        self.in_hunks = true;
        match line.as_bytes().first() {
            Some(b'+') => self.additions += 1,
            Some(b'-') => self.deletions += 1,
            _ => {}
        }
        if self.patch_dropped {
            return;
        }
        self.patch_lines += 1;
        if self.patch_lines > MAX_PATCH_LINES || self.patch.len() + line.len() + 1 > MAX_PATCH_BYTES
        {
            self.patch_dropped = true;
            self.patch = String::new();
            return;
        }
        if !self.patch.is_empty() {
            self.patch.push('\n');
        }
        self.patch.push_str(line);
    }

    fn finish(self) -> Option<FileDiff> {
        let path = match self.status {
            FileStatus::Removed => self.minus.or(self.git_old),
            _ => self.rename_to.or(self.plus).or(self.git_new),
        }?;
        let previous_path = match self.status {
            FileStatus::Renamed | FileStatus::Copied => self.rename_from,
            _ => None,
        };
        let patch =
            (!self.binary && !self.patch_dropped && !self.patch.is_empty()).then_some(self.patch);
        Some(FileDiff {
            path,
            previous_path,
            status: self.status,
            additions: self.additions,
            deletions: self.deletions,
            patch,
        })
    }
}

/// The path of a `---`/`+++` line: `None` for `/dev/null`.
fn side_path(text: &str, prefix: &str) -> Option<String> {
    let path = unquote(text.trim_end_matches('\t'));
    if path == "/dev/null" {
        return None;
    }
    Some(
        path.strip_prefix(prefix)
            .map(str::to_string)
            .unwrap_or(path),
    )
}

/// The two paths of `diff --git a/X b/Y`. Unquoted paths may hold spaces: when both halves are
/// equal (no rename) the line is cut in the middle, otherwise at the first ` b/`.
fn git_line_paths(rest: &str) -> (Option<String>, Option<String>) {
    if rest.starts_with('"') {
        let (old, tail) = quoted(rest);
        let new = tail.trim_start();
        let new = if new.starts_with('"') {
            quoted(new).0
        } else {
            new.to_string()
        };
        return (
            old.strip_prefix("a/").map(str::to_string),
            new.strip_prefix("b/").map(str::to_string),
        );
    }
    let half = rest.len() / 2;
    if rest.len() % 2 == 1 && rest.is_char_boundary(half) {
        let (old, new) = (&rest[..half], &rest[half + 1..]);
        if let (Some(old), Some(new)) = (old.strip_prefix("a/"), new.strip_prefix("b/")) {
            if old == new {
                return (Some(old.to_string()), Some(new.to_string()));
            }
        }
    }
    match rest.split_once(" b/") {
        Some((old, new)) => (
            old.strip_prefix("a/").map(str::to_string),
            Some(unquote(new)),
        ),
        None => (None, None),
    }
}

/// Undoes git's C-style quoting (`"a/t\303\251st\tx"`) when the text is quoted.
pub fn unquote(text: &str) -> String {
    if text.starts_with('"') {
        quoted(text).0
    } else {
        text.to_string()
    }
}

/// Reads one quoted string from the start of `text`; returns it and what follows.
fn quoted(text: &str) -> (String, &str) {
    let bytes = text.as_bytes();
    let mut out: Vec<u8> = Vec::new();
    let mut index = 1;
    while index < bytes.len() {
        match bytes[index] {
            b'"' => {
                return (
                    String::from_utf8_lossy(&out).into_owned(),
                    &text[index + 1..],
                )
            }
            b'\\' if index + 1 < bytes.len() => {
                let next = bytes[index + 1];
                let octal = bytes
                    .get(index + 1..index + 4)
                    .filter(|digits| digits.iter().all(|d| (b'0'..=b'7').contains(d)));
                if let Some(digits) = octal {
                    let value = digits
                        .iter()
                        .fold(0u32, |acc, digit| acc * 8 + u32::from(digit - b'0'));
                    out.push(u8::try_from(value).unwrap_or(b'?'));
                    index += 4;
                    continue;
                }
                out.push(match next {
                    b'n' => b'\n',
                    b't' => b'\t',
                    b'r' => b'\r',
                    b'a' => 0x07,
                    b'b' => 0x08,
                    b'f' => 0x0c,
                    b'v' => 0x0b,
                    other => other,
                });
                index += 2;
            }
            other => {
                out.push(other);
                index += 1;
            }
        }
    }
    (String::from_utf8_lossy(&out).into_owned(), "")
}

#[cfg(test)]
mod tests;
