//! Shared pieces of every commitment (C-3, "Commitment and draw (v1)"): the
//! length-prefixed encoding, the players' words and the stream key, and hex
//! seeds. Each game commits to its own setup bytes (Nordau Shift:
//! `nordau::commitment`).
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

use sha2::{Digest, Sha256};
use std::fmt;

/// Player-entropy limits for every drawn game: at most 16 entries of at
/// most 256 bytes each.
pub const MAX_WORDS: usize = 16;
pub const MAX_WORD_BYTES: usize = 256;

pub const WORDS_DOMAIN: &str = "nordau-shift/player-words/v1";

pub(crate) fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_be_bytes());
}

pub(crate) fn put_lp(out: &mut Vec<u8>, bytes: &[u8]) {
    // Lengths are bounded by setup validation (names) and by the caller (words).
    put_u32(out, bytes.len() as u32);
    out.extend_from_slice(bytes);
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

/// Whether an entry adds nothing to the draw: only ASCII whitespace. An
/// entry of other spaces (U+00A0, U+3000) is an entry (docs/fairness.md §3).
pub fn is_blank_word(word: &str) -> bool {
    word.bytes().all(|b| b.is_ascii_whitespace())
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
    /// A character that is not 0-9 or a-f (spaces included), at this
    /// 0-based character position.
    NotHex { position: usize },
    /// An upper-case hex digit at this 0-based position: hex is lower case.
    UpperCase { position: usize },
    /// Expected 64 hex digits (32 bytes).
    WrongLength { found_digits: usize },
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HexError::NotHex { position } => {
                write!(f, "character {} is not a hex digit", position + 1)
            }
            HexError::UpperCase { position } => write!(
                f,
                "character {} is an upper-case hex digit (write hex in lower case)",
                position + 1
            ),
            HexError::WrongLength { found_digits } => {
                write!(f, "expected 64 hex digits (32 bytes), found {found_digits}")
            }
        }
    }
}

impl std::error::Error for HexError {}

/// Parses exactly 64 lower-case hex digits, nothing around them: the one
/// text of 32 bytes (docs/fairness.md §1.3). A form that lets people type
/// spaces or capitals cleans its input visibly before calling this.
pub fn parse_hex32(text: &str) -> Result<[u8; 32], HexError> {
    if let Some((position, c)) = text
        .chars()
        .enumerate()
        .find(|(_, c)| !c.is_ascii_hexdigit() || c.is_ascii_uppercase())
    {
        return Err(if c.is_ascii_hexdigit() {
            HexError::UpperCase { position }
        } else {
            HexError::NotHex { position }
        });
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
    fn c_3_hex_errors_are_specific() {
        assert_eq!(
            parse_hex32("abc"),
            Err(HexError::WrongLength { found_digits: 3 })
        );
        assert_eq!(parse_hex32("zz"), Err(HexError::NotHex { position: 0 }));
        let good = "00".repeat(31) + "ff";
        assert_eq!(parse_hex32(&good).unwrap()[31], 0xff);
        assert_eq!(
            parse_hex32(&good.to_uppercase()),
            Err(HexError::UpperCase { position: 62 })
        );
        assert_eq!(
            parse_hex32(&format!(" {good}")),
            Err(HexError::NotHex { position: 0 })
        );
        assert_eq!(
            parse_hex32(&format!("{good}00")),
            Err(HexError::WrongLength { found_digits: 66 })
        );
    }
}
