//! Assembling a `prlens.bundle.v1` from the GitHub REST API. OWNER: live-data helper.
