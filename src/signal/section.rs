//! The sections of a signal as a reader meets them: their keys, labels and one reading order.
//!
//! Why one table: the Markdown summary, the panel, the details sheet, the CLI's text view, the
//! settings forms (which sections to hide) and the content script's deep links
//! (`#prlens-focus`) all name the sections; each used to keep its own list, in three different
//! orders. They all read this table now: Rust through [`Section`], the extension through
//! `extension/shared/sections.js`, which `tests/sections_file.rs` writes from [`Section::ALL`].
//!
//! Adding a section is one row below plus its renders: its Markdown in `src/markdown.rs` (the
//! compiler asks for it) and its panel file `src/web/render/section/<key>.rs`, which the row
//! declares (`crate::web::render::section`); then `PRLENS_BLESS=1 cargo test --test
//! sections_file` regenerates `extension/shared/sections.js` (docs/architecture.md, "Adding a
//! section").

/// The table of sections, in reading order: `Variant key "Label"`. `key` is the
/// `data-prlens-section` hook, the hidden-sections setting and the name of the section's panel
/// file; `Label` is what the navigation and the settings show.
///
/// Consumers that need one item per section (an enum variant, a module, a match arm) pass the
/// name of a macro of their own, which receives every row: `for_each_section!(my_macro)`.
macro_rules! for_each_section {
    ($then:ident) => {
        $then! {
            Risk risk "Risk",
            Contributors contributors "Contributors",
            Intent intent "Intent",
            Evidence evidence "Evidence",
            SupplyChain supply_chain "Supply chain",
            Focus focus "Focus",
            Triage triage "Triage",
            Conventions conventions "Conventions",
            Checks checks "Checks",
            Governance governance "Governance",
            NextSteps next_steps "Next steps",
        }
    };
}
pub(crate) use for_each_section;

macro_rules! declare_sections {
    ($($variant:ident $key:ident $label:literal,)+) => {
        /// A section of the signal (see the module doc); each can be copied as Markdown on its
        /// own (`crate::markdown::section`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum Section {
            $($variant,)+
        }

        impl Section {
            /// Every section, in reading order.
            pub const ALL: &'static [Section] = &[$(Section::$variant,)+];

            /// The `data-prlens-section` key (docs/CONTRACTS.md, DOM hooks).
            pub fn key(self) -> &'static str {
                match self {
                    $(Section::$variant => stringify!($key),)+
                }
            }

            /// The section's name in the navigation and the settings.
            pub fn label(self) -> &'static str {
                match self {
                    $(Section::$variant => $label,)+
                }
            }
        }
    };
}

for_each_section!(declare_sections);

impl Section {
    /// The section for a `data-prlens-section` key.
    pub fn from_key(key: &str) -> Option<Section> {
        Section::ALL
            .iter()
            .copied()
            .find(|section| section.key() == key)
    }

    /// The deep-link id of the section: `prlens-` + its key with `-` for `_`
    /// (`#prlens-supply-chain`).
    pub fn anchor(self) -> String {
        format!("prlens-{}", self.key().replace('_', "-"))
    }
}

#[cfg(test)]
mod tests {
    use super::Section;

    #[test]
    fn every_key_reads_back_and_keys_labels_and_anchors_are_distinct() {
        for (index, section) in Section::ALL.iter().enumerate() {
            assert_eq!(Section::from_key(section.key()), Some(*section));
            for other in &Section::ALL[index + 1..] {
                assert_ne!(section.key(), other.key());
                assert_ne!(section.label(), other.label());
                assert_ne!(section.anchor(), other.anchor());
            }
        }
        assert_eq!(Section::from_key("nope"), None);
        assert_eq!(Section::SupplyChain.anchor(), "prlens-supply-chain");
    }
}
