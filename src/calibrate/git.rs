//! Running `git` on a clone: one short query, or a `git log` read as a stream.
//!
//! Why a subprocess and not a git library: the one expensive step is `git log -p` over the
//! whole default branch, which git itself streams at ~30 MB/s here (pytest's 7,761 mainline
//! commits with patches, 102 MB, in 3.6 s on this 2-core machine, 2026-12-06); a library would
//! add a large dependency to do the same.

use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Why git could not answer.
#[derive(Debug, thiserror::Error)]
pub enum GitError {
    #[error("cannot run git: {0} (is git installed and on PATH?)")]
    Spawn(std::io::Error),
    #[error("{path} is not a git repository git can read: {detail}")]
    NotARepository { path: String, detail: String },
    #[error("git {command} failed: {detail}")]
    Failed { command: String, detail: String },
    #[error(transparent)]
    Log(#[from] super::log::LogError),
}

/// A clone (a work tree or a bare repository) that git commands run in.
#[derive(Debug, Clone)]
pub struct Clone {
    path: PathBuf,
}

impl Clone {
    /// Checks that `path` is a repository git can read.
    pub fn open(path: &Path) -> Result<Self, GitError> {
        let clone = Clone {
            path: path.to_path_buf(),
        };
        clone
            .query(&["rev-parse", "--git-dir"])
            .map_err(|error| GitError::NotARepository {
                path: path.display().to_string(),
                detail: match error {
                    GitError::Failed { detail, .. } => detail,
                    other => other.to_string(),
                },
            })?;
        Ok(clone)
    }

    fn command(&self) -> Command {
        let mut command = Command::new("git");
        command
            .arg("-C")
            .arg(&self.path)
            .args([
                "-c",
                "core.quotePath=false",
                "-c",
                "log.showSignature=false",
            ])
            .env("GIT_TERMINAL_PROMPT", "0")
            .env("LC_ALL", "C");
        command
    }

    /// Runs a short git command and returns its standard output, trimmed.
    pub fn query(&self, args: &[&str]) -> Result<String, GitError> {
        let output = self
            .command()
            .args(args)
            .stdin(Stdio::null())
            .output()
            .map_err(GitError::Spawn)?;
        if !output.status.success() {
            return Err(failed(args, &output.stderr));
        }
        Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
    }

    /// Runs `git args…` and hands its standard output to `read` as it arrives.
    pub fn stream<T>(
        &self,
        args: &[&str],
        read: impl FnOnce(&mut BufReader<std::process::ChildStdout>) -> Result<T, GitError>,
    ) -> Result<T, GitError> {
        let mut child = self
            .command()
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(GitError::Spawn)?;
        let stdout = child.stdout.take().ok_or_else(|| GitError::Failed {
            command: args.join(" "),
            detail: "no output stream".into(),
        })?;
        let mut reader = BufReader::with_capacity(1 << 20, stdout);
        let result = read(&mut reader);
        drop(reader);
        if result.is_err() {
            // git may still be writing; it is not needed any more.
            let _ = child.kill();
            let _ = child.wait();
            return result;
        }
        let output = child.wait_with_output().map_err(GitError::Spawn)?;
        if !output.status.success() {
            return Err(failed(args, &output.stderr));
        }
        result
    }
}

fn failed(args: &[&str], stderr: &[u8]) -> GitError {
    let text = String::from_utf8_lossy(stderr);
    let detail = text
        .lines()
        .find(|line| !line.trim().is_empty())
        .unwrap_or("no message")
        .trim()
        .to_string();
    GitError::Failed {
        command: args.first().copied().unwrap_or("").to_string(),
        detail: crate::text::clip(&detail, 200),
    }
}
