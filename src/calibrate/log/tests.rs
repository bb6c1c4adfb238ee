use super::*;

fn header(sha: &str, parents: &str, message: &str) -> String {
    format!("\u{1e}{sha}\u{1f}{parents}\u{1f}Ada Lovelace\u{1f}ada@example.com\u{1f}100\u{1f}200\u{1f}{message}\u{1f}\n\n")
}

fn read(text: &str) -> Vec<LoggedCommit> {
    let mut commits = Vec::new();
    read_commits(text.as_bytes(), |commit| commits.push(commit)).unwrap();
    commits
}

const A: &str = "1111111111111111111111111111111111111111";
const B: &str = "2222222222222222222222222222222222222222";

#[test]
fn reads_header_fields_and_a_multi_line_message() {
    let text = header(A, B, "Fix the parser (#12)\n\nLonger body.\nSecond line.");
    let commits = read(&text);
    assert_eq!(commits.len(), 1);
    let commit = &commits[0];
    assert_eq!(commit.sha, A);
    assert_eq!(commit.parents, [B]);
    assert_eq!(commit.author_email, "ada@example.com");
    assert_eq!((commit.authored_at, commit.committed_at), (100, 200));
    assert_eq!(commit.subject(), "Fix the parser (#12)");
    assert!(commit.message.ends_with("Second line."));
    assert!(commit.files.is_empty());
}

#[test]
fn files_get_githubs_status_counts_and_patch_from_the_first_hunk() {
    let text = format!(
        "{}diff --git a/src/a.py b/src/a.py\nindex 1..2 100644\n--- a/src/a.py\n+++ b/src/a.py\n@@ -1,2 +1,2 @@ def f():\n-    return 1\n+    return 2\n     pass\n\\ No newline at end of file\n\
diff --git a/new file.txt b/new file.txt\nnew file mode 100644\n--- /dev/null\n+++ b/new file.txt\n@@ -0,0 +1 @@\n+hello\n\
diff --git a/gone.rs b/gone.rs\ndeleted file mode 100644\n--- a/gone.rs\n+++ /dev/null\n@@ -1 +0,0 @@\n-fn x() {{}}\n\
diff --git a/old/name.go b/new/name.go\nsimilarity index 90%\nrename from old/name.go\nrename to new/name.go\n@@ -1 +1 @@\n-package old\n+package new\n\
diff --git a/logo.png b/logo.png\nnew file mode 100644\nBinary files /dev/null and b/logo.png differ\n\
diff --git a/run.sh b/run.sh\nold mode 100644\nnew mode 100755\n{}",
        header(A, B, "Several files"),
        header(B, "", "Root commit")
    );
    let commits = read(&text);
    assert_eq!(commits.len(), 2);
    let files = &commits[0].files;
    let summary: Vec<(&str, &str, u64, u64, Option<&str>)> = files
        .iter()
        .map(|file| {
            (
                file.path.as_str(),
                file.status.key(),
                file.additions,
                file.deletions,
                file.previous_path.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            ("src/a.py", "modified", 1, 1, None),
            ("new file.txt", "added", 1, 0, None),
            ("gone.rs", "removed", 0, 1, None),
            ("new/name.go", "renamed", 1, 1, Some("old/name.go")),
            ("logo.png", "added", 0, 0, None),
            ("run.sh", "changed", 0, 0, None),
        ]
    );
    assert_eq!(
        files[0].patch.as_deref(),
        Some("@@ -1,2 +1,2 @@ def f():\n-    return 1\n+    return 2\n     pass\n\\ No newline at end of file")
    );
    assert!(files[4].patch.is_none() && files[5].patch.is_none());
    assert!(commits[1].parents.is_empty());
}

#[test]
fn quoted_paths_are_unquoted() {
    assert_eq!(unquote("\"a/t\\303\\251st\\tx\""), "a/t\u{e9}st\tx");
    let text = format!(
        "{}diff --git \"a/we\\\"ird\" \"b/we\\\"ird\"\n--- \"a/we\\\"ird\"\n+++ \"b/we\\\"ird\"\n@@ -1 +1 @@\n-a\n+b\n",
        header(A, B, "Quote")
    );
    assert_eq!(read(&text)[0].files[0].path, "we\"ird");
}

#[test]
fn patches_over_githubs_limit_are_dropped_but_still_counted() {
    let mut text = header(A, B, "Huge");
    text.push_str(
        "diff --git a/big.txt b/big.txt\n--- a/big.txt\n+++ b/big.txt\n@@ -0,0 +1,20001 @@\n",
    );
    for _ in 0..=MAX_PATCH_LINES {
        text.push_str("+x\n");
    }
    let file = &read(&text)[0].files[0];
    assert_eq!(file.additions, MAX_PATCH_LINES as u64 + 1);
    assert!(file.patch.is_none());
}

#[test]
fn a_broken_header_is_an_error_naming_the_previous_commit() {
    let text = format!(
        "{}\u{1e}not-a-sha\u{1f}\u{1f}x\u{1f}y\u{1f}1\u{1f}2\u{1f}m\u{1f}\n",
        header(A, B, "ok")
    );
    let error = read_commits(text.as_bytes(), |_| {}).unwrap_err();
    assert!(error.to_string().contains(A), "{error}");
}
