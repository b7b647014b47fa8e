//! The commitment and the stream key (C-3, NS-11, "Commitment and draw (v1)").
//! Byte layout (all integers unsigned big-endian; `lp(x)` = u32 length ‖ bytes):
//!
//! ```text
//! commitment = SHA-256( lp("nordau-shift/commitment/v1") ‖ setup_bytes ‖ seed[32] )
//! setup_bytes = u8 unit (0 full, 1 half) ‖ u32 min ‖ u32 max
//!             ‖ u32 line_count ‖ (u32 block_ms ‖ u32 moves)*
//!             ‖ u32 bonus_permille ‖ u32 win ‖ u32 observer ‖ u32 loss ‖ u32 draw
//!             ‖ u32 3 ‖ lp(name1) ‖ lp(name2) ‖ lp(name3)          (UTF-8)
//! key = seed                                     if no words remain after normalising
//! key = SHA-256( lp("nordau-shift/player-words/v1") ‖ seed[32]
//!                ‖ u32 word_count ‖ lp(word)* )   otherwise
//! ```
//! See `docs/fairness.md` for the normative text and a worked example.

use crate::referee::setup::{Setup, ShiftUnit};
use sha2::{Digest, Sha256};
use std::fmt;

pub const COMMIT_DOMAIN: &str = "nordau-shift/commitment/v1";
pub const WORDS_DOMAIN: &str = "nordau-shift/player-words/v1";

fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_be_bytes());
}

fn put_lp(out: &mut Vec<u8>, bytes: &[u8]) {
    // Lengths are bounded by setup validation (names) and by the caller (words).
    put_u32(out, bytes.len() as u32);
    out.extend_from_slice(bytes);
}

/// The unambiguous byte encoding of a committed setup (NS-11).
pub fn setup_bytes(setup: &Setup) -> Vec<u8> {
    let mut out = Vec::new();
    out.push(match setup.unit {
        ShiftUnit::FullMoves => 0,
        ShiftUnit::HalfMoves => 1,
    });
    put_u32(&mut out, setup.min_shift);
    put_u32(&mut out, setup.max_shift);
    put_u32(&mut out, setup.schedule.lines.len() as u32);
    for line in &setup.schedule.lines {
        put_u32(&mut out, line.block_ms);
        put_u32(&mut out, line.moves);
    }
    put_u32(&mut out, setup.bonus_permille);
    let p = setup.points;
    for v in [p.win, p.observer, p.loss, p.draw] {
        put_u32(&mut out, v);
    }
    put_u32(&mut out, 3);
    for name in &setup.names {
        put_lp(&mut out, name.as_bytes());
    }
    out
}

/// The full preimage of the commitment (exposed for docs and the verifier).
pub fn commitment_preimage(setup: &Setup, seed: &[u8; 32]) -> Vec<u8> {
    let mut out = Vec::new();
    put_lp(&mut out, COMMIT_DOMAIN.as_bytes());
    out.extend_from_slice(&setup_bytes(setup));
    out.extend_from_slice(seed);
    out
}

/// SHA-256 commitment to (setup, seed), shown before move one (C-3).
pub fn commitment(setup: &Setup, seed: &[u8; 32]) -> [u8; 32] {
    Sha256::digest(commitment_preimage(setup, seed)).into()
}

/// Normalises one player's entropy entry: ASCII letters are lower-cased, runs
/// of ASCII whitespace (space, tab, LF, FF, CR) become one space, leading and
/// trailing whitespace is removed. Other characters are kept byte for byte
/// (no Unicode normalisation). An entry that becomes empty is dropped.
pub fn normalise_word(entry: &str) -> String {
    entry
        .split(|c: char| c.is_ascii_whitespace())
        .filter(|part| !part.is_empty())
        .map(str::to_ascii_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Normalised non-empty entries, in the order given.
pub fn normalise_words<S: AsRef<str>>(words: &[S]) -> Vec<String> {
    words
        .iter()
        .map(|w| normalise_word(w.as_ref()))
        .filter(|w| !w.is_empty())
        .collect()
}

/// The ChaCha20 key for the draws: the seed itself, or SHA-256 of the seed and
/// the players' words when any were given ("optional player entropy").
pub fn stream_key<S: AsRef<str>>(seed: &[u8; 32], words: &[S]) -> [u8; 32] {
    let words = normalise_words(words);
    if words.is_empty() {
        return *seed;
    }
    let mut pre = Vec::new();
    put_lp(&mut pre, WORDS_DOMAIN.as_bytes());
    pre.extend_from_slice(seed);
    put_u32(&mut pre, words.len() as u32);
    for w in &words {
        put_lp(&mut pre, w.as_bytes());
    }
    Sha256::digest(pre).into()
}

/// Why a hex string is not a 32-byte value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HexError {
    /// A character that is not 0-9, a-f or A-F, at this character position.
    NotHex { position: usize },
    /// Expected 64 hex digits (32 bytes).
    WrongLength { found_digits: usize },
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::NotHex { position } => {
                write!(f, "character {} is not a hex digit", position + 1)
            }
            HexError::WrongLength { found_digits } => {
                write!(f, "expected 64 hex digits (32 bytes), found {found_digits}")
            }
        }
    }
}

impl std::error::Error for HexError {}

/// Parses 64 hex digits (either case, surrounding whitespace ignored).
pub fn parse_hex32(text: &str) -> Result<[u8; 32], HexError> {
    let text = text.trim();
    if let Some((position, _)) = text.char_indices().find(|(_, c)| !c.is_ascii_hexdigit()) {
        let position = text[..position].chars().count();
        return Err(HexError::NotHex { position });
    }
    if text.len() != 64 {
        return Err(HexError::WrongLength {
            found_digits: text.len(),
        });
    }
    let mut out = [0u8; 32];
    hex::decode_to_slice(text, &mut out).map_err(|_| HexError::WrongLength {
        found_digits: text.len(),
    })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_3_words_are_normalised() {
        assert_eq!(normalise_word("  Hello \t\n WORLD  "), "hello world");
        assert_eq!(normalise_word("Ёлка"), "Ёлка");
        assert_eq!(normalise_word(" \t "), "");
        let seed = [3u8; 32];
        assert_eq!(stream_key(&seed, &["  ", ""]), seed);
        assert_eq!(
            stream_key(&seed, &["Tiger"]),
            stream_key(&seed, &[" tiger "])
        );
        assert_ne!(stream_key(&seed, &["a b"]), stream_key(&seed, &["a", "b"]));
        assert_ne!(stream_key(&seed, &["a"]), seed);
    }

    #[test]
    fn ns_11_commitment_covers_every_setup_field() {
        let seed = [5u8; 32];
        let base = Setup::standard(["A", "B", "C"]);
        let c = commitment(&base, &seed);
        let mut variants = Vec::new();
        let mut s = base.clone();
        s.unit = ShiftUnit::HalfMoves;
        variants.push(s);
        let mut s = base.clone();
        s.min_shift = 2;
        variants.push(s);
        let mut s = base.clone();
        s.max_shift = 7;
        variants.push(s);
        let mut s = base.clone();
        s.schedule.lines[0].block_ms = 14000;
        variants.push(s);
        let mut s = base.clone();
        s.bonus_permille = 400;
        variants.push(s);
        let mut s = base.clone();
        s.points.draw = 0;
        variants.push(s);
        let mut s = base.clone();
        s.names.swap(0, 1);
        variants.push(s);
        for v in variants {
            assert_ne!(commitment(&v, &seed), c, "{v:?}");
        }
        let mut seed2 = seed;
        seed2[31] ^= 1;
        assert_ne!(commitment(&base, &seed2), c);
    }

    #[test]
    fn c_3_hex_errors_are_specific() {
        assert_eq!(
            parse_hex32("abc"),
            Err(HexError::WrongLength { found_digits: 3 })
        );
        assert_eq!(parse_hex32("zz"), Err(HexError::NotHex { position: 0 }));
        let good = "00".repeat(31) + "Ff";
        assert_eq!(parse_hex32(&good).unwrap()[31], 0xff);
        assert_eq!(
            parse_hex32(&format!("{good}00")),
            Err(HexError::WrongLength { found_digits: 66 })
        );
    }
}
