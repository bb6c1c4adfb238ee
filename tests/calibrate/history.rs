//! A small git history written with the `git` command, each commit at a fixed date.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const DAY: i64 = 86_400;
/// 2026-01-01T00:00:00Z.
const START: i64 = 1_767_225_600;

pub struct History {
    dir: PathBuf,
    shas: HashMap<&'static str, String>,
}

impl Drop for History {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl History {
    pub fn path(&self) -> &Path {
        &self.dir
    }

    pub fn sha(&self, name: &str) -> &str {
        &self.shas[name]
    }

    /// The history described in `main.rs`.
    pub fn build() -> Self {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let unique = NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        let dir =
            std::env::temp_dir().join(format!("prlens-calibrate-{}-{unique}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut history = History {
            dir,
            shas: HashMap::new(),
        };
        history.git(&["init", "-q", "-b", "main"], 0, MAINTAINER);
        history.write("src/app.py", "def greet(name):\n    return name\n");
        history.write(
            "tests/test_app.py",
            "def test_greet():\n    assert greet('a') == 'a'\n",
        );
        history.write("README.md", "# demo\n");
        history.commit("initial", "Initial commit", 0, MAINTAINER);

        history.write(
            "src/app.py",
            "def greet(name):\n    return f'Hello {name}'\n",
        );
        history.commit(
            "squash #1",
            "Greet politely (#1)\n\nMakes greetings polite.",
            2,
            ALICE,
        );

        history.git(&["checkout", "-q", "-b", "feature"], 3, BOB);
        history.write("src/feature.py", &feature(40));
        history.commit("bob's branch", "Add the feature module", 3, BOB);
        history.git(&["checkout", "-q", "main"], 4, MAINTAINER);
        history.git(
            &[
                "merge",
                "-q",
                "--no-ff",
                "feature",
                "-m",
                "Merge pull request #2 from bob/feature\n\nAdd the feature module",
            ],
            4,
            MAINTAINER,
        );
        history.remember("merge #2");

        history.write(
            "src/feature.py",
            &feature(40).replace("value_3 = 3", "value_3 = 4"),
        );
        history.commit("fix #3", "fix: wrong value in feature (#3)", 9, MAINTAINER);

        history.write(
            "src/cache.py",
            "CACHE = {}\n\ndef remember(key, value):\n    CACHE[key] = value\n",
        );
        history.commit("squash #4", "Add a cache (#4)", 12, ALICE);
        let reverted = history.sha("squash #4").to_string();
        history.git(&["revert", "--no-edit", &reverted], 14, MAINTAINER);
        let message =
            format!("Revert \"Add a cache (#4)\" (#5)\n\nThis reverts commit {reverted}.");
        history.git(&["commit", "-q", "--amend", "-m", &message], 14, MAINTAINER);
        history.remember("revert #5");

        history.write("docs/guide.md", "# Guide\n\nHow to greet.\n");
        history.commit("docs #6", "Write a guide (#6)", 15, CAROL);

        history.write("README.md", "# demo\n\nSee docs/guide.md.\n");
        history.commit("tip", "Point to the guide", 60, MAINTAINER);
        history
    }

    fn write(&self, path: &str, text: &str) {
        let full = self.dir.join(path);
        std::fs::create_dir_all(full.parent().unwrap()).unwrap();
        std::fs::write(full, text).unwrap();
    }

    fn commit(&mut self, name: &'static str, message: &str, day: i64, who: Person) {
        self.git(&["add", "-A"], day, who);
        self.git(&["commit", "-q", "-m", message], day, who);
        self.remember(name);
    }

    fn remember(&mut self, name: &'static str) {
        let output = Command::new("git")
            .arg("-C")
            .arg(&self.dir)
            .args(["rev-parse", "HEAD"])
            .output()
            .unwrap();
        self.shas.insert(
            name,
            String::from_utf8_lossy(&output.stdout).trim().to_string(),
        );
    }

    fn git(&self, args: &[&str], day: i64, who: Person) {
        let date = format!("@{} +0000", START + day * DAY);
        let status = Command::new("git")
            .arg("-C")
            .arg(&self.dir)
            .args([
                "-c",
                "commit.gpgsign=false",
                "-c",
                "core.hooksPath=/dev/null",
            ])
            .args(args)
            .env("GIT_AUTHOR_NAME", who.0)
            .env("GIT_AUTHOR_EMAIL", who.1)
            .env("GIT_COMMITTER_NAME", who.0)
            .env("GIT_COMMITTER_EMAIL", who.1)
            .env("GIT_AUTHOR_DATE", &date)
            .env("GIT_COMMITTER_DATE", &date)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .env("HOME", &self.dir)
            .stdout(std::process::Stdio::null())
            .status()
            .expect("git runs");
        assert!(status.success(), "git {args:?}");
    }
}

type Person = (&'static str, &'static str);
const MAINTAINER: Person = ("Mia Maintainer", "mia@example.com");
const ALICE: Person = ("Alice", "1001+alice@users.noreply.github.com");
const BOB: Person = ("Bob", "bob@example.com");
const CAROL: Person = ("Carol", "carol@example.com");

fn feature(lines: usize) -> String {
    (0..lines)
        .map(|index| format!("value_{index} = {index}\n"))
        .collect()
}
