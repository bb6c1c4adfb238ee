//! The fetcher's cache store on disk: one file per key in the platform cache directory
//! (`$XDG_CACHE_HOME/prlens` or `~/.cache/prlens` on Linux, `~/Library/Caches/prlens` on macOS,
//! `%LOCALAPPDATA%\prlens` on Windows).
//!
//! Why: the extension's freshness window, ETags and size bound live in `prlens::fetch::cache`
//! over a key-value store; giving it a directory instead of `chrome.storage.local` makes a
//! second `prlens analyze` of a PR within the window cost no request, and later ones 304s.
//! One folder per API host and per token (`token-<fingerprint>`, or `anonymous`), so budgets
//! and private answers never mix: a run with another token is never answered from the first
//! one's responses. The fingerprint is 16 hex digits of a SHA-256 of the token, which no one
//! can turn back into it; the token itself is never part of a key, a file name or a value.
//!
//! Answers read with a token may be private, so every folder of the cache is created `0700`
//! and every file `0600` from the start (never created wider and tightened later), and a
//! folder that cannot be made `0700` (an older, wider one included) is an error, not a warning.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use prlens::fetch::{CacheStore, LocalBoxFuture};
use sha2::{Digest, Sha256};

/// A directory of `<key>` files.
pub struct DirStore {
    dir: PathBuf,
}

impl DirStore {
    /// The store for `api_base` and `token` (None: anonymous) under the platform cache
    /// directory, created if missing, readable by this user only.
    pub fn for_api(api_base: &str, token: Option<&str>) -> Result<DirStore, String> {
        let root = dirs::cache_dir()
            .ok_or("no cache directory (set XDG_CACHE_HOME or HOME, or use --no-cache)")?;
        let host: String = api_base
            .trim_start_matches("https://")
            .trim_start_matches("http://")
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        let access = match token {
            Some(token) => format!("token-{}", fingerprint(token)),
            None => "anonymous".to_string(),
        };
        // The platform's cache directory is the user's (created as the platform does if
        // missing); only the folders below it are ours.
        std::fs::create_dir_all(&root).map_err(|error| {
            format!(
                "cannot create the cache directory {}: {error}",
                root.display()
            )
        })?;
        let mut dir = root.clone();
        // Each of our own folders, outermost first: created 0700, or tightened to it.
        for part in ["prlens", "http", host.as_str(), access.as_str()] {
            dir.push(part);
            private_dir(&dir)?;
        }
        Ok(DirStore { dir })
    }

    /// The file of a key; keys are the cache's own (`prlens.cache.<hex>`), anything else is refused.
    fn path(&self, key: &str) -> Option<PathBuf> {
        let safe = !key.is_empty()
            && !key.starts_with('.')
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '_' || c == '-');
        safe.then(|| self.dir.join(key))
    }
}

impl CacheStore for DirStore {
    fn get(
        &self,
        keys: Vec<String>,
    ) -> LocalBoxFuture<'_, Result<BTreeMap<String, String>, String>> {
        let mut found = BTreeMap::new();
        for key in keys {
            if let Some(text) = self
                .path(&key)
                .and_then(|path| std::fs::read_to_string(path).ok())
            {
                found.insert(key, text);
            }
        }
        Box::pin(async move { Ok(found) })
    }

    fn set(&self, items: Vec<(String, String)>) -> LocalBoxFuture<'_, Result<(), String>> {
        let mut result = Ok(());
        for (key, value) in items {
            let Some(path) = self.path(&key) else {
                continue;
            };
            // Written beside and renamed, so a concurrent `prlens` never reads half a file.
            let temporary = path.with_extension(format!("tmp{}", std::process::id()));
            let written = private_file(&temporary, value.as_bytes())
                .and_then(|()| std::fs::rename(&temporary, &path));
            if let Err(error) = written {
                let _ = std::fs::remove_file(&temporary);
                result = Err(format!("cannot write {}: {error}", path.display()));
            }
        }
        Box::pin(async move { result })
    }

    fn remove(&self, keys: Vec<String>) -> LocalBoxFuture<'_, Result<(), String>> {
        for key in keys {
            if let Some(path) = self.path(&key) {
                let _ = std::fs::remove_file(path);
            }
        }
        Box::pin(async { Ok(()) })
    }
}

/// 16 hex digits of the SHA-256 of `token`: which token's folder, never the token.
pub fn fingerprint(token: &str) -> String {
    let digest = Sha256::digest(format!("prlens cache\n{token}").as_bytes());
    digest[..8]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

/// Makes `dir` a folder only this user can read: created `0700` when missing, set to `0700`
/// when it exists (a folder of an older prlens may be wider); an error when either fails.
fn private_dir(dir: &Path) -> Result<(), String> {
    let failed = |error: std::io::Error| {
        format!(
            "cannot make the cache folder {} private (0700): {error}; use --no-cache",
            dir.display()
        )
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
        match std::fs::DirBuilder::new().mode(0o700).create(dir) {
            Ok(()) => {}
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(error) => return Err(failed(error)),
        }
        let metadata = std::fs::symlink_metadata(dir).map_err(failed)?;
        if !metadata.is_dir() {
            return Err(failed(std::io::Error::other("not a folder")));
        }
        if metadata.permissions().mode() & 0o777 != 0o700 {
            std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
                .map_err(failed)?;
        }
        Ok(())
    }
    #[cfg(not(unix))]
    {
        std::fs::create_dir_all(dir).map_err(failed)
    }
}

/// Writes `bytes` to a new file at `path` that only this user can read (`0600` from creation).
fn private_file(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let _ = std::fs::remove_file(path); // a leftover of an interrupted run
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(bytes)
}

#[cfg(test)]
mod tests {
    use super::fingerprint;

    #[test]
    fn fingerprints_name_the_token_without_holding_it() {
        let first = fingerprint("ghp_first_token_0000000000000000000000");
        assert_eq!(first.len(), 16);
        assert!(first.chars().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(first, fingerprint("ghp_second_token_000000000000000000000"));
        assert!(!first.contains("ghp_"));
    }
}
