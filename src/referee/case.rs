//! Unicode's full case mappings of one code point, exactly as Rust's
//! `char::to_uppercase` and `char::to_lowercase` give them, from compact
//! tables. The standard library's own tables are 25 kB of pairs that do not
//! compress (about 15 kB of the app's gzip); most mappings come in runs (A–Z,
//! А–Я, Ā ā Ă ă …), so a run each is 8 bytes. `case_tables.rs` is generated
//! by `tests/case_tables.rs`, which also checks every code point against the
//! standard library.

#[path = "case_tables.rs"]
#[rustfmt::skip]
mod tables;

/// Code points that map to one code point: `start, start + step, …` (`len`
/// of them) each to itself plus `delta`. Packed as `start << 8 | len << 1 |
/// (step - 1)`, sorted by start; no two runs overlap.
type Run = (u32, i32);

/// A code point mapped to two or three (both sides in the BMP; 0 pads).
type Multi = (u16, [u16; 3]);

/// Appends `c` upper-cased, as `char::to_uppercase` would.
pub fn push_upper(out: &mut String, c: char) {
    push_mapped(out, c, &tables::UPPER_RUNS, &tables::UPPER_MULTI);
}

/// Appends `c` lower-cased, as `char::to_lowercase` would.
pub fn push_lower(out: &mut String, c: char) {
    push_mapped(out, c, &tables::LOWER_RUNS, &tables::LOWER_MULTI);
}

fn push_mapped(out: &mut String, c: char, runs: &[Run], multi: &[Multi]) {
    let u = c as u32;
    if let Ok(i) = multi.binary_search_by_key(&u, |&(from, _)| u32::from(from)) {
        let to = multi[i].1;
        let chars = to.iter().filter(|&&unit| unit != 0);
        out.extend(chars.filter_map(|&unit| char::from_u32(u32::from(unit))));
        return;
    }
    out.push(single(u, runs).unwrap_or(c));
}

/// The one code point `u` maps to, if a run holds it.
fn single(u: u32, runs: &[Run]) -> Option<char> {
    let i = runs.partition_point(|&(packed, _)| packed >> 8 <= u);
    let (packed, delta) = runs[i.checked_sub(1)?];
    let (start, len, step) = (packed >> 8, (packed >> 1) & 0x7f, (packed & 1) + 1);
    let k = u - start;
    if !k.is_multiple_of(step) || k / step >= len {
        return None;
    }
    char::from_u32(u.checked_add_signed(delta)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn upper(s: &str) -> String {
        let mut out = String::new();
        s.chars().for_each(|c| push_upper(&mut out, c));
        out
    }

    fn lower(s: &str) -> String {
        let mut out = String::new();
        s.chars().for_each(|c| push_lower(&mut out, c));
        out
    }

    #[test]
    fn latin_cyrillic_greek_and_the_multi_letter_mappings() {
        assert_eq!(upper("anna straße ǰ"), "ANNA STRASSE J̌");
        assert_eq!(lower("ΝΊΚΟΣ Ёлка İ"), "νίκοσ ёлка i\u{307}");
        assert_eq!(upper("миша שלום 🦔"), "МИША שלום 🦔");
        assert_eq!(lower("𐐀"), "𐐨");
    }
}
