//! Player names (NS-11, docs/fairness.md §1.2): which names are refused and
//! when two names count as the same. Names are labels people must tell apart
//! on the commitment screen, so anything invisible, blank-looking or that
//! makes two names look alike is refused; nothing is ever stripped.

use std::fmt;

use super::case;

pub const MAX_NAME_BYTES: usize = 64;

/// Code points refused anywhere in a name (inclusive ranges, sorted). The list
/// is normative (docs/fairness.md §1.2): Cc, Cf, Zl, Zp, Zs other than U+0020,
/// Cs, Co and Default_Ignorable_Code_Point of Unicode 17.0, U+2800 (renders
/// blank) and U+FFF0..U+FFFF (specials, replacement character). Written out so
/// it never moves with the Unicode version of a compiler or a browser.
const REFUSED: &[(u32, u32)] = &[
    (0x0000, 0x001F),
    (0x007F, 0x00A0),
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x0600, 0x0605),
    (0x061C, 0x061C),
    (0x06DD, 0x06DD),
    (0x070F, 0x070F),
    (0x0890, 0x0891),
    (0x08E2, 0x08E2),
    (0x115F, 0x1160),
    (0x1680, 0x1680),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x2000, 0x200F),
    (0x2028, 0x202F),
    (0x205F, 0x206F),
    (0x2800, 0x2800),
    (0x3000, 0x3000),
    (0x3164, 0x3164),
    (0xD800, 0xF8FF),
    (0xFDD0, 0xFDEF),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFFF),
    (0x110BD, 0x110BD),
    (0x110CD, 0x110CD),
    (0x13430, 0x1343F),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
    (0xF0000, 0x10FFFF),
];

/// Combining marks that may not begin a name: with no letter before them they
/// would sit on whatever the screen shows before the name.
const NO_LEADING: &[(u32, u32)] = &[
    (0x0300, 0x036F),
    (0x0483, 0x0489),
    (0x1AB0, 0x1AFF),
    (0x1DC0, 0x1DFF),
    (0x20D0, 0x20FF),
    (0x3099, 0x309A),
    (0xFE20, 0xFE2F),
];

fn in_ranges(ranges: &[(u32, u32)], c: char) -> bool {
    let c = u32::from(c);
    ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi)
}

/// True for a code point no name may contain.
pub fn is_refused(c: char) -> bool {
    // Noncharacters U+nFFFE and U+nFFFF of every plane.
    in_ranges(REFUSED, c) || u32::from(c) & 0xFFFE == 0xFFFE
}

/// Why one name is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NameProblem {
    Empty,
    /// More than [`MAX_NAME_BYTES`] bytes of UTF-8.
    TooLong {
        bytes: usize,
    },
    /// A character that is invisible, blank-looking or a control (§1.2).
    Character(char),
    /// A space at the start or the end.
    EdgeSpace,
    /// Two spaces in a row (looks like one).
    DoubleSpace,
    /// Begins with a combining mark.
    LeadingMark(char),
}

impl fmt::Display for NameProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NameProblem::Empty => write!(f, "is empty"),
            NameProblem::TooLong { bytes } => {
                write!(f, "is {bytes} bytes long (at most {MAX_NAME_BYTES})")
            }
            NameProblem::Character(c) => write!(
                f,
                "contains U+{:04X}, an invisible, blank or control character",
                u32::from(*c)
            ),
            NameProblem::EdgeSpace => write!(f, "starts or ends with a space"),
            NameProblem::DoubleSpace => write!(f, "has two spaces in a row"),
            NameProblem::LeadingMark(c) => {
                write!(f, "starts with the combining mark U+{:04X}", u32::from(*c))
            }
        }
    }
}

/// Checks one name against §1.2; the first problem found, in the order of the
/// [`NameProblem`] variants.
pub fn check_name(name: &str) -> Result<(), NameProblem> {
    if name.is_empty() {
        return Err(NameProblem::Empty);
    }
    if name.len() > MAX_NAME_BYTES {
        return Err(NameProblem::TooLong { bytes: name.len() });
    }
    if let Some(c) = name.chars().find(|&c| is_refused(c)) {
        return Err(NameProblem::Character(c));
    }
    if name.starts_with(' ') || name.ends_with(' ') {
        return Err(NameProblem::EdgeSpace);
    }
    if name.contains("  ") {
        return Err(NameProblem::DoubleSpace);
    }
    match name.chars().next() {
        Some(c) if in_ranges(NO_LEADING, c) => Err(NameProblem::LeadingMark(c)),
        _ => Ok(()),
    }
}

/// What the duplicate check compares: every code point upper-cased, then the
/// result lower-cased (Unicode full mappings, no context, no locale), so
/// `Anna`/`ANNA`, `Straße`/`STRASSE` and `ς`/`σ` are the same name.
pub fn comparison_key(name: &str) -> String {
    let mut upper = String::with_capacity(name.len());
    name.chars().for_each(|c| case::push_upper(&mut upper, c));
    let mut key = String::with_capacity(upper.len());
    upper.chars().for_each(|c| case::push_lower(&mut key, c));
    key
}

/// Checks every name of a game's setup; the first refused one's 0-based
/// index and why. The one name rule of every game module (docs/rules.md).
pub fn check_names<'a>(
    names: impl IntoIterator<Item = &'a str>,
) -> Result<(), (usize, NameProblem)> {
    for (index, name) in names.into_iter().enumerate() {
        check_name(name).map_err(|problem| (index, problem))?;
    }
    Ok(())
}

/// Whether a name stood in a save written before every game shared the rule
/// of [`check_name`]: Crazyhouse and Swedish chess then took 1 to 40
/// characters, not counting spaces at either end. Such a save keeps loading
/// with its names; a new game follows the one rule.
pub fn kept_from_old_save(name: &str) -> bool {
    let n = name.trim().chars().count();
    (1..=40).contains(&n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ns_11_refused_table_is_sorted_and_disjoint() {
        for table in [REFUSED, NO_LEADING] {
            for w in table.windows(2) {
                assert!(w[0].0 <= w[0].1 && w[0].1 + 1 < w[1].0, "{w:?}");
            }
        }
    }

    #[test]
    fn ns_11_names_refuse_invisible_characters() {
        for c in [
            '\u{0}', '\u{7f}', '\u{85}', '\u{a0}', '\u{ad}', '\u{200b}', '\u{200d}',
        ]
        .into_iter()
        .chain([
            '\u{202e}', '\u{2028}', '\u{2029}', '\u{3000}', '\u{feff}', '\u{fe0f}',
        ])
        .chain([
            '\u{e000}',
            '\u{fffd}',
            '\u{1fffe}',
            '\u{e0041}',
            '\u{10ffff}',
        ]) {
            assert_eq!(
                check_name(&format!("An{c}na")),
                Err(NameProblem::Character(c))
            );
        }
        assert_eq!(check_name("Anna Lee"), Ok(()));
        assert_eq!(check_name("Ёжик 🦔"), Ok(()));
        assert_eq!(check_name("Zoe\u{301}"), Ok(()));
        assert_eq!(check_name(" Anna"), Err(NameProblem::EdgeSpace));
        assert_eq!(check_name("Anna "), Err(NameProblem::EdgeSpace));
        assert_eq!(check_name("Anna  Lee"), Err(NameProblem::DoubleSpace));
        assert_eq!(
            check_name("\u{301}Anna"),
            Err(NameProblem::LeadingMark('\u{301}'))
        );
        assert_eq!(check_name(""), Err(NameProblem::Empty));
        assert_eq!(check_name(&"a".repeat(64)), Ok(()));
        assert_eq!(
            check_name(&"a".repeat(65)),
            Err(NameProblem::TooLong { bytes: 65 })
        );
    }

    #[test]
    fn ns_11_names_compare_without_case() {
        assert_eq!(comparison_key("ANNA"), comparison_key("anna"));
        assert_eq!(comparison_key("Straße"), comparison_key("STRASSE"));
        assert_eq!(comparison_key("ΝΊΚΟΣ"), comparison_key("Νίκος"));
        assert_eq!(comparison_key("ЁЖИК"), comparison_key("ёжик"));
        assert_ne!(comparison_key("Anna"), comparison_key("Аnna")); // Cyrillic А
    }
}
