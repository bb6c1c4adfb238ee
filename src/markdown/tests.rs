use super::*;

#[test]
fn bidi_and_zero_width_characters_in_paths_are_shown_not_copied() {
    let path = "src/\u{202E}txt.exe\u{200B}";
    for escaped in [escape(path), escape_code(path)] {
        // `+` is Markdown-escaped in prose: `⟪U\\+202E⟫` renders as ⟪U+202E⟫.
        let shown = escaped.replace('\\', "");
        assert!(
            shown.contains("⟪U+202E⟫") && shown.contains("⟪U+200B⟫"),
            "{escaped}"
        );
        assert!(!escaped.contains('\u{202E}') && !escaped.contains('\u{200B}'));
    }
}

#[test]
fn hostile_text_cannot_render_as_markup() {
    let hostile = "[x](javascript:alert(1)) ![i](https://e/i.png) <script>a</script> @all\n# H | t";
    let escaped = escape(hostile);
    assert!(!escaped.contains("<script"));
    assert!(!escaped.contains("]("));
    assert!(!escaped.contains("!["));
    assert!(!escaped.contains("@all"));
    assert!(!escaped.contains('\n'));
    assert!(!escaped.contains("://"));
    assert!(escaped.contains("\\# H \\| t"));
}

#[test]
fn each_section_copied_alone_is_the_summary_text_for_it() {
    let bundle = crate::Bundle::from_json_str(
        r#"{"pull":{"number":3,"title":"Add parser","user":{"login":"a"},"additions":40,"deletions":2},
            "files":[{"filename":"src/parser.rs","status":"modified","additions":40,"deletions":2}]}"#,
    )
    .expect("a minimal bundle");
    let signal = crate::analyze(&bundle, &crate::Settings::default(), Some(0));
    let summary = render(&signal);
    for section in Section::ALL.iter().copied() {
        let text = super::section(&signal, section);
        assert!(text.starts_with("#### "), "{section:?}: {text}");
        // A section with nothing to say (no failed convention, no policy, no concern) is left
        // out of the summary; copied alone it says so under its heading.
        let heading = text.lines().next().unwrap_or_default();
        let left_out = !summary.contains(&format!("{heading}\n"));
        assert!(
            left_out || summary.contains(&text),
            "{section:?} differs from the summary"
        );
    }
}

#[test]
fn urls_are_only_built_from_valid_names() {
    assert_eq!(
        canonical_url("octo-org", "hello.world", 7),
        "https://github.com/octo-org/hello.world/pull/7"
    );
    assert_eq!(canonical_url("evil)(x", "r", 1), "https://github.com/");
    assert_eq!(canonical_url("o", "..", 1), "https://github.com/");
}
