//! Who wrote a commit: one person per set of names, e-mails and GitHub logins that history
//! shows together.
//!
//! **What it does.** Reads every commit's author (`%aN`/`%aE`, after the repository's
//! `.mailmap`) and links, with a union–find, the author's e-mail, name and — when the e-mail is
//! GitHub's `ID+login@users.noreply.github.com` — login. A merge `Merge pull request #N from
//! LOGIN/branch` links LOGIN to the author of the merged branch's head (its second parent), unless
//! LOGIN is the repository's owner (a branch of the repository itself says nothing about who
//! wrote it).
//!
//! **Why.** A squash merge carries the PR author's e-mail, a merge commit the merger's; the same
//! person shows up under several e-mails over the years. Familiarity and experience are only as
//! good as this join. Names that many people share by default (`GitHub`, `root`, `unknown`…)
//! and e-mails of automation that commits for others are never used to link.

use std::collections::HashMap;

/// An index into [`People`]; the same person always has the same id once history is read.
pub type PersonId = usize;

/// Author names that say nothing about who the person is.
const GENERIC_NAMES: &[&str] = &[
    "",
    "github",
    "unknown",
    "root",
    "admin",
    "user",
    "ubuntu",
    "runner",
    "nobody",
    "anonymous",
    "no author",
    "(no author)",
    "your name",
    "github action",
    "github actions",
    "github-actions",
    "actions-user",
    "automation",
    "bot",
    "travis",
    "ci",
];

/// E-mails shared by many authors.
const GENERIC_EMAILS: &[&str] = &[
    "",
    "noreply@github.com",
    "action@github.com",
    "actions@github.com",
    "none@none",
    "unknown",
    "you@example.com",
    "root@localhost",
];

/// Every person of a history, and how to find them from a commit's author.
#[derive(Debug, Default)]
pub struct People {
    parent: Vec<usize>,
    tokens: HashMap<String, usize>,
    /// A login per token index, where one is known.
    logins: HashMap<usize, String>,
    names: HashMap<usize, String>,
    /// Display names per root, computed at the first [`People::display`] after linking…
    shown: HashMap<usize, String>,
    /// …when there were this many tokens (a later token recomputes them).
    shown_tokens: usize,
}

impl People {
    /// Links the tokens of one commit author: e-mail, name and the login of a GitHub no-reply
    /// e-mail.
    pub fn link_author(&mut self, name: &str, email: &str) {
        let mut ids = Vec::with_capacity(3);
        if let Some(id) = self.email_token(email) {
            ids.push(id);
        }
        if let Some(id) = self.name_token(name) {
            ids.push(id);
        }
        if let Some(login) = noreply_login(email) {
            ids.push(self.login_token(&login));
        }
        for pair in ids.windows(2) {
            self.union(pair[0], pair[1]);
        }
    }

    /// The person with this GitHub login (a merge message's fork owner): linked to the merged
    /// branch's head author only when that author plausibly *is* the login — the e-mail's
    /// local part or the name without spaces equals it — because a maintainer's last commit
    /// on a contributor's branch is common.
    pub fn login_person(&mut self, login: &str, branch_name: &str, branch_email: &str) -> PersonId {
        let token = self.login_token(login);
        let lower = login.to_ascii_lowercase();
        let local = branch_email
            .split('@')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        let squeezed: String = branch_name
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_lowercase();
        if local == lower || squeezed == lower {
            if let Some(email) = self.email_token(branch_email) {
                self.union(token, email);
            }
        }
        self.find(token)
    }

    /// The person behind a commit author (linked before with [`People::link_author`]; an
    /// author never linked gets a new person).
    pub fn person(&mut self, name: &str, email: &str) -> PersonId {
        let token = self
            .email_token(email)
            .or_else(|| self.name_token(name))
            .unwrap_or_else(|| self.token(format!("anonymous:{name}<{email}>")));
        self.find(token)
    }

    /// The login-like name to show for a person: a GitHub login when history revealed one,
    /// else the author name with spaces as dashes.
    pub fn display(&mut self, person: PersonId) -> String {
        let root = self.find(person);
        if self.shown.is_empty() || self.shown_tokens != self.parent.len() {
            self.shown = self.display_names();
            self.shown_tokens = self.parent.len();
        }
        self.shown
            .get(&root)
            .cloned()
            .unwrap_or_else(|| format!("person-{root}"))
    }

    /// The smallest login of each root, else its smallest name (spaces as dashes).
    fn display_names(&self) -> HashMap<usize, String> {
        let mut shown: HashMap<usize, (bool, String)> = HashMap::new();
        let candidates = self
            .logins
            .iter()
            .map(|(index, login)| (*index, true, login.clone()))
            .chain(
                self.names
                    .iter()
                    .map(|(index, name)| (*index, false, name.replace(' ', "-"))),
            );
        for (index, is_login, value) in candidates {
            let root = self.parent_root(index);
            let better = match shown.get(&root) {
                None => true,
                Some((best_login, best)) => {
                    (is_login && !best_login) || (is_login == *best_login && value < *best)
                }
            };
            if better {
                shown.insert(root, (is_login, value));
            }
        }
        shown
            .into_iter()
            .map(|(root, (_, value))| (root, value))
            .collect()
    }

    fn email_token(&mut self, email: &str) -> Option<usize> {
        let email = email.trim().to_ascii_lowercase();
        if GENERIC_EMAILS.contains(&email.as_str()) || !email.contains('@') {
            return None;
        }
        Some(self.token(format!("email:{email}")))
    }

    fn name_token(&mut self, name: &str) -> Option<usize> {
        let lower = name.trim().to_lowercase();
        if GENERIC_NAMES.contains(&lower.as_str()) || lower.chars().count() < 2 {
            return None;
        }
        let id = self.token(format!("name:{lower}"));
        self.names
            .entry(id)
            .or_insert_with(|| name.trim().to_string());
        Some(id)
    }

    fn login_token(&mut self, login: &str) -> usize {
        let id = self.token(format!("login:{}", login.to_ascii_lowercase()));
        self.logins.entry(id).or_insert_with(|| login.to_string());
        id
    }

    fn token(&mut self, key: String) -> usize {
        if let Some(id) = self.tokens.get(&key) {
            return *id;
        }
        let id = self.parent.len();
        self.parent.push(id);
        self.tokens.insert(key, id);
        id
    }

    fn find(&mut self, mut id: usize) -> usize {
        while self.parent[id] != id {
            self.parent[id] = self.parent[self.parent[id]];
            id = self.parent[id];
        }
        id
    }

    /// `find` without path compression, for reads while iterating.
    fn parent_root(&self, mut id: usize) -> usize {
        while self.parent[id] != id {
            id = self.parent[id];
        }
        id
    }

    fn union(&mut self, a: usize, b: usize) {
        let (a, b) = (self.find(a), self.find(b));
        if a != b {
            // The older token is the root: ids stay stable as history is read.
            let (root, child) = if a < b { (a, b) } else { (b, a) };
            self.parent[child] = root;
        }
    }
}

/// The login of GitHub's `ID+login@users.noreply.github.com` (or `login@users.noreply…`).
pub fn noreply_login(email: &str) -> Option<String> {
    let local = email
        .trim()
        .to_ascii_lowercase()
        .strip_suffix("@users.noreply.github.com")?
        .to_string();
    let login = match local.split_once('+') {
        Some((id, login)) if id.bytes().all(|b| b.is_ascii_digit()) => login.to_string(),
        _ => local,
    };
    (!login.is_empty()).then_some(login)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_person_across_emails_that_share_a_name_and_a_noreply_login() {
        let mut people = People::default();
        people.link_author("Ada Lovelace", "ada@work.example");
        people.link_author("Ada Lovelace", "1234+ada-l@users.noreply.github.com");
        people.link_author("Grace Hopper", "grace@example.com");
        let work = people.person("Ada Lovelace", "ada@work.example");
        let noreply = people.person("A. L.", "1234+ada-l@users.noreply.github.com");
        assert_eq!(work, noreply);
        assert_ne!(work, people.person("Grace Hopper", "grace@example.com"));
        assert_eq!(people.display(work), "ada-l");
        let grace = people.person("Grace Hopper", "grace@example.com");
        assert_eq!(people.display(grace), "Grace-Hopper");
    }

    #[test]
    fn generic_names_and_emails_never_link_people() {
        let mut people = People::default();
        people.link_author("GitHub", "a@example.com");
        people.link_author("GitHub", "b@example.com");
        people.link_author("Alice", "noreply@github.com");
        people.link_author("Bob", "noreply@github.com");
        assert_ne!(
            people.person("GitHub", "a@example.com"),
            people.person("GitHub", "b@example.com")
        );
        assert_ne!(
            people.person("Alice", "noreply@github.com"),
            people.person("Bob", "noreply@github.com")
        );
    }

    #[test]
    fn a_merge_message_login_joins_the_branch_author_only_when_it_is_them() {
        let mut people = People::default();
        people.link_author("Sam", "samdev@example.com");
        people.link_author("Maintainer", "lead@example.com");
        let sam = people.login_person("samdev", "Sam", "samdev@example.com");
        assert_eq!(sam, people.person("Sam", "samdev@example.com"));
        assert_eq!(people.display(sam), "samdev");
        let other = people.login_person("carla", "Maintainer", "lead@example.com");
        assert_ne!(
            other,
            people.person("Maintainer", "lead@example.com"),
            "the maintainer's last commit"
        );
        assert_eq!(people.display(other), "carla");
        assert_eq!(
            noreply_login("49699333+dependabot[bot]@users.noreply.github.com").as_deref(),
            Some("dependabot[bot]")
        );
        assert_eq!(
            noreply_login("plain@users.noreply.github.com").as_deref(),
            Some("plain")
        );
        assert_eq!(noreply_login("x@example.com"), None);
    }
}
