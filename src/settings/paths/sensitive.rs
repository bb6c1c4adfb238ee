//! Sensitive areas: path words, basenames and extensions of security- and operations-critical
//! files.

/// Sensitive areas: `(category, words)`. A path is sensitive when one of its words (split on
/// separators, dots, dashes, underscores and camelCase) equals one of these. Sources: the
/// vercel-labs/open-agents#833 rubric ("auth, permissions, secrets, billing, data
/// writes/deletes, migrations, infra/config") and Momental Heimdall's HIGH list.
pub const SENSITIVE_WORDS: &[(&str, &[&str])] = &[
    (
        "auth",
        &[
            "auth",
            "authn",
            "authz",
            "authentication",
            "authorization",
            "authenticator",
            "login",
            "logout",
            "signin",
            "signup",
            "oauth",
            "oauth2",
            "oidc",
            "saml",
            "sso",
            "jwt",
            "session",
            "sessions",
            "password",
            "passwords",
            "passwd",
            "credential",
            "credentials",
            "mfa",
            "totp",
            "otp",
            "security",
            "csrf",
            "cors",
            "sanitize",
            "sanitizer",
        ],
    ),
    (
        "crypto",
        &[
            "crypto",
            "cryptography",
            "cipher",
            "ciphers",
            "encrypt",
            "encryption",
            "decrypt",
            "decryption",
            "tls",
            "ssl",
            "x509",
            "hmac",
            "keystore",
            "pgp",
            "gpg",
            "rsa",
            "ecdsa",
            "ed25519",
            "kms",
            "signing",
        ],
    ),
    (
        "secrets",
        &[
            "secret",
            "secrets",
            "vault",
            "keychain",
            "netrc",
            "npmrc",
            "pypirc",
            "htpasswd",
            "id_rsa",
            "id_ed25519",
        ],
    ),
    (
        "migrations",
        &[
            "migration",
            "migrations",
            "migrate",
            "alembic",
            "flyway",
            "liquibase",
            "schema",
        ],
    ),
    (
        "infra",
        &[
            "terraform",
            "k8s",
            "kubernetes",
            "helm",
            "kustomization",
            "ansible",
            "pulumi",
            "cloudformation",
            "infra",
            "infrastructure",
            "deploy",
            "deployment",
            "deployments",
            "serverless",
        ],
    ),
    (
        "permissions",
        &[
            "codeowners",
            "rbac",
            "permission",
            "permissions",
            "acl",
            "acls",
            "iam",
            "sudoers",
            "policy",
            "policies",
        ],
    ),
    (
        "billing",
        &[
            "billing",
            "payment",
            "payments",
            "invoice",
            "stripe",
            "checkout_session",
        ],
    ),
];

/// Basenames (lower-case) that are secrets by nature: dotenv files and private keys.
pub const SECRET_BASENAMES: &[&str] = &[
    ".env",
    "credentials.json",
    "service-account.json",
    ".netrc",
    ".npmrc",
    ".pypirc",
];

/// Extensions that are sensitive by nature: `(extension, category)`.
pub const SENSITIVE_EXTENSIONS: &[(&str, &str)] =
    &[("tf", "infra"), ("tfvars", "infra"), ("tfstate", "infra")];

/// Extensions of key and certificate material (sensitive as `secrets`).
pub const SECRET_EXTENSIONS: &[&str] = &[
    "pem", "key", "p12", "pfx", "jks", "keystore", "crt", "cer", "der", "gpg", "asc",
];
