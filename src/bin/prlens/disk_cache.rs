//! The fetcher's cache store on disk: one file per key in the platform cache directory
//! (`$XDG_CACHE_HOME/prlens` or `~/.cache/prlens` on Linux, `~/Library/Caches/prlens` on macOS,
//! `%LOCALAPPDATA%\prlens` on Windows).
//!
//! Why: the extension's freshness window, ETags and size bound live in `prlens::fetch::cache`
//! over a key-value store; giving it a directory instead of `chrome.storage.local` makes a
//! second `prlens analyze` of a PR within the window cost no request, and later ones 304s.
//! One folder per API host and per kind of access (token or anonymous), so budgets and
//! private answers never mix. The token is never part of a key, a file name or a value.

use std::collections::BTreeMap;
use std::path::PathBuf;

use prlens::fetch::{CacheStore, LocalBoxFuture};

/// A directory of `<key>` files.
pub struct DirStore {
    dir: PathBuf,
}

impl DirStore {
    /// The store for `api_base` under the platform cache directory, created if missing.
    pub fn for_api(api_base: &str, with_token: bool) -> Result<DirStore, String> {
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
        let access = if with_token { "token" } else { "anonymous" };
        let dir = root.join("prlens").join("http").join(host).join(access);
        std::fs::create_dir_all(&dir)
            .map_err(|error| format!("cannot create the cache {}: {error}", dir.display()))?;
        // Answers read with a token may be private: only this user may read them.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(
                root.join("prlens"),
                std::fs::Permissions::from_mode(0o700),
            );
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
            let written =
                std::fs::write(&temporary, value).and_then(|()| std::fs::rename(&temporary, &path));
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
