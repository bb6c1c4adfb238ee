//! Adding a driver is one file plus one line: every file in `src/engine/drivers/` (besides the
//! catalogue itself and its test helpers) is listed once in `catalogue!`, declares its `SPEC`
//! with the file's name as its id, and the weights, defaults and `docs/scoring.md` derive from
//! that list (docs/architecture.md, "Adding a driver").
//!
//! Why: a driver file missing from `catalogue!` is not compiled at all, so it would be silently
//! dead; an id that differs from the file name would make the two places disagree.

use std::collections::BTreeSet;
use std::path::Path;

const DRIVERS: &str = "src/engine/drivers";
/// Files in the drivers folder that are not drivers.
const NOT_DRIVERS: &[&str] = &["mod", "testing"];

fn driver_files() -> BTreeSet<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(DRIVERS);
    std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            let stem = path.file_stem()?.to_str()?.to_string();
            (path.extension()? == "rs" && !NOT_DRIVERS.contains(&stem.as_str())).then_some(stem)
        })
        .collect()
}

/// The names listed in `catalogue! { … }`, in order.
fn catalogue_lines() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(DRIVERS)
        .join("mod.rs");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    let start = text
        .find("catalogue! {")
        .expect("mod.rs invokes catalogue! { … }");
    let body = &text[start + "catalogue! {".len()..];
    let end = body.find('}').expect("catalogue! { … } is closed");
    body[..end]
        .lines()
        .map(|line| line.trim().trim_end_matches(',').to_string())
        .filter(|line| !line.is_empty() && !line.starts_with("//"))
        .collect()
}

#[test]
fn every_driver_file_is_registered_by_exactly_one_catalogue_line() {
    let lines = catalogue_lines();
    let listed: BTreeSet<String> = lines.iter().cloned().collect();
    assert_eq!(
        listed.len(),
        lines.len(),
        "a driver is listed twice: {lines:?}"
    );
    assert_eq!(
        listed,
        driver_files(),
        "catalogue! lines vs files in {DRIVERS}"
    );
}

#[test]
fn each_driver_file_declares_its_spec_with_the_file_name_as_id() {
    for stem in driver_files() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(DRIVERS)
            .join(format!("{stem}.rs"));
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|error| panic!("{}: {error}", path.display()));
        assert!(
            text.contains("pub(crate) const SPEC: DriverSpec = DriverSpec {"),
            "{stem}.rs declares SPEC"
        );
        assert!(
            text.contains(&format!("id: \"{stem}\",")),
            "{stem}.rs: SPEC.id is \"{stem}\""
        );
    }
}
