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
            "passport",
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

/// Security configuration and authentication middleware of the major web frameworks, which
/// their path words alone do not name: `(path, extension)`. A path ending in `/` is a directory
/// (any file under it, at any depth of the repository); otherwise the file's path ends with it
/// (at the root or after a `/`). The extension, when given, must match too; only Python, Ruby,
/// C#, `.config`, PHP, TypeScript and JavaScript files are checked (every entry is one of
/// those). Category
/// `security_config`. Sources (read 2026-12-03): Django "Settings" and "Middleware"
/// (https://docs.djangoproject.com/en/5.1/topics/settings/,
/// https://docs.djangoproject.com/en/5.1/topics/http/middleware/); Rails "Configuring Rails
/// Applications", initializers (https://guides.rubyonrails.org/configuring.html); ASP.NET Core
/// authentication in `Startup.cs`/`web.config`
/// (https://learn.microsoft.com/en-us/aspnet/core/security/authentication/); Laravel HTTP
/// kernel and middleware (https://laravel.com/docs/11.x/middleware); Next.js `middleware.ts`
/// (https://nextjs.org/docs/app/building-your-application/routing/middleware); Express
/// middleware (https://expressjs.com/en/guide/using-middleware.html). Spring Security's
/// `SecurityConfig`, Symfony's `security.yaml`, Laravel's `config/auth.php` and Passport.js
/// are named by their words (`security`, `auth`, `passport`).
pub const FRAMEWORK_SECURITY_PATHS: &[(&str, Option<&str>)] = &[
    ("settings.py", None),
    ("settings/", Some("py")),
    ("middleware.py", None),
    ("middleware/", Some("py")),
    ("config/initializers/", None),
    ("startup.cs", None),
    ("web.config", None),
    ("app/http/kernel.php", None),
    ("app/http/middleware/", None),
    ("middleware.ts", None),
    ("middleware.js", None),
    ("middleware/", Some("js")),
    ("middleware/", Some("ts")),
];

/// The category of [`FRAMEWORK_SECURITY_PATHS`].
pub const FRAMEWORK_SECURITY_CATEGORY: &str = "security_config";
