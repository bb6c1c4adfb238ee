//! Built-in path lists (lockfiles, generated, vendored, manifests, CI, build scripts, sensitive areas).
//! OWNER: engine-risk helper.
