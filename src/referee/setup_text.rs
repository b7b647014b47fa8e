//! The pieces every canonical setup text shares (docs/fairness.md §1.1,
//! §1.3, §11.1, §12.1): the character set, numbers without leading zeros and
//! names written with `%XX` escapes. Nordau Shift (`ns1`), the card-series
//! duel (`cs1`) and Undo Chess (`uc1`) read and write their texts with these,
//! each mapping `TextPartError` into its own error type.

use std::fmt;

/// A spelling that would denote a setup that has another, canonical text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NonCanonical {
    /// `07` for `7`.
    LeadingZero,
    /// `x0` in the schedule: the open-ended last line has no `x<moves>`.
    ZeroMoveCount,
    /// `%c3` for `%C3`.
    LowerCaseEscape,
    /// `%41` for `A`: letters and digits are written as themselves.
    NeedlessEscape,
    /// A byte outside `[A-Za-z0-9]` written as itself (`-` for `%2D`).
    Unescaped,
}

impl fmt::Display for NonCanonical {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NonCanonical::LeadingZero => "a number with a leading zero",
            NonCanonical::ZeroMoveCount => {
                "a move count of 0 (the last line is written without x<moves>)"
            }
            NonCanonical::LowerCaseEscape => "a %xx escape in lower case (write %XX)",
            NonCanonical::NeedlessEscape => "an escaped letter or digit (write it as itself)",
            NonCanonical::Unescaped => "a character other than A-Z, a-z, 0-9 not written as %XX",
        })
    }
}

/// Why one part of a setup text is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TextPartError {
    /// Not the expected shape (a non-digit, an empty number, a number above
    /// 2^32 − 1, a `%` without two hex digits).
    Malformed,
    /// Well formed, but not the one text of its value.
    NonCanonical(NonCanonical),
    /// A name whose bytes are not UTF-8.
    NotUtf8,
}

/// What one game's setup code says in its refusals, implemented by the
/// game's setup error (the refusals of a well-formed code).
pub trait SetupCode: Clone + fmt::Debug + PartialEq + Eq + fmt::Display {
    /// The first field (`cs1`).
    const VERSION: &'static str;
    /// Fields separated by `.`, the version included.
    const FIELDS: usize;
    /// Longer texts are refused, never truncated.
    const MAX_BYTES: usize;
    /// A refusal only this game's code has (Undo Chess's start number).
    type Own: Clone + fmt::Debug + PartialEq + Eq + fmt::Display;
}

/// Why a setup text is refused (never repaired); `E` is the game's setup
/// error, for a code that is well formed but outside the limits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupTextError<E: SetupCode> {
    TooLong {
        bytes: usize,
    },
    /// A character outside `[A-Za-z0-9._%-]`, at this 0-based position.
    BadCharacter {
        position: usize,
        found: char,
    },
    /// Not [`SetupCode::FIELDS`] fields separated by `.`.
    FieldCount {
        found: usize,
    },
    /// The first field is not [`SetupCode::VERSION`].
    UnknownVersion(String),
    Own(E::Own),
    BadField {
        field: &'static str,
    },
    NonCanonical {
        field: &'static str,
        problem: NonCanonical,
    },
    /// Name `index` decodes to bytes that are not UTF-8.
    NotUtf8 {
        index: usize,
    },
    Invalid(E),
}

impl<E: SetupCode> fmt::Display for SetupTextError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupTextError::TooLong { bytes } => write!(
                f,
                "setup text is {bytes} bytes long (at most {})",
                E::MAX_BYTES
            ),
            SetupTextError::BadCharacter { position, found } => write!(
                f,
                "character {} (U+{:04X}) cannot appear in a setup text",
                position + 1,
                u32::from(*found)
            ),
            SetupTextError::FieldCount { found } => write!(
                f,
                "setup text needs {} fields separated by '.', found {found}",
                E::FIELDS
            ),
            SetupTextError::UnknownVersion(v) => {
                write!(f, "unknown setup version '{v}' (expected '{}')", E::VERSION)
            }
            SetupTextError::Own(e) => e.fmt(f),
            SetupTextError::BadField { field } => write!(f, "malformed {field} in setup text"),
            SetupTextError::NonCanonical { field, problem } => {
                write!(f, "the {field} part of the setup text has {problem}")
            }
            SetupTextError::NotUtf8 { index } => write!(f, "name {} is not UTF-8", index + 1),
            SetupTextError::Invalid(e) => write!(f, "invalid setup: {e}"),
        }
    }
}

impl<E: SetupCode> std::error::Error for SetupTextError<E> {}

/// The fields of a setup text after the checks every code shares: its
/// length, its characters, its field count and its version.
pub(crate) fn fields<E: SetupCode>(text: &str) -> Result<Vec<&str>, SetupTextError<E>> {
    if text.len() > E::MAX_BYTES {
        return Err(SetupTextError::TooLong { bytes: text.len() });
    }
    if let Some((position, found)) = bad_character(text) {
        return Err(SetupTextError::BadCharacter { position, found });
    }
    let fields: Vec<&str> = text.split('.').collect();
    if fields.len() != E::FIELDS {
        return Err(SetupTextError::FieldCount {
            found: fields.len(),
        });
    }
    if fields[0] != E::VERSION {
        return Err(SetupTextError::UnknownVersion(fields[0].to_owned()));
    }
    Ok(fields)
}

impl TextPartError {
    /// This refusal of part `field` (of name `index`, for a name).
    pub(crate) fn of<E: SetupCode>(self, field: &'static str, index: usize) -> SetupTextError<E> {
        match self {
            TextPartError::Malformed => SetupTextError::BadField { field },
            TextPartError::NonCanonical(problem) => SetupTextError::NonCanonical { field, problem },
            TextPartError::NotUtf8 => SetupTextError::NotUtf8 { index },
        }
    }
}

/// A canonical number as part `field`.
pub(crate) fn number_in<E: SetupCode>(
    s: &str,
    field: &'static str,
) -> Result<u32, SetupTextError<E>> {
    number(s).map_err(|e| e.of(field, 0))
}

/// Name `index` of the `names` part.
pub(crate) fn name_in<E: SetupCode>(s: &str, index: usize) -> Result<String, SetupTextError<E>> {
    decode_name(s).map_err(|e| e.of("names", index))
}

/// The first character outside `[A-Za-z0-9._%-]`, with its 0-based position.
pub(crate) fn bad_character(text: &str) -> Option<(usize, char)> {
    text.chars()
        .enumerate()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '%')))
}

/// A canonical decimal number: digits only, no leading zeros, at most
/// 2^32 − 1.
pub(crate) fn number(s: &str) -> Result<u32, TextPartError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return Err(TextPartError::Malformed);
    }
    if s.len() > 1 && s.starts_with('0') {
        return Err(TextPartError::NonCanonical(NonCanonical::LeadingZero));
    }
    s.parse().map_err(|_| TextPartError::Malformed)
}

/// Letters and digits as themselves, every other byte as `%XX` (upper case).
pub(crate) fn encode_name(s: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Decodes one name written by [`encode_name`], refusing every other
/// spelling (lower-case or needless escapes, unescaped bytes).
pub(crate) fn decode_name(s: &str) -> Result<String, TextPartError> {
    let non_canonical = |p| TextPartError::NonCanonical(p);
    let digit = |b: u8| match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    };
    let bytes = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let Some(&[hi, lo]) = bytes.get(i + 1..i + 3) else {
                    return Err(TextPartError::Malformed);
                };
                let (Some(h), Some(l)) = (digit(hi), digit(lo)) else {
                    let lower = |b: u8| matches!(b, b'a'..=b'f');
                    let hex = |b: u8| b.is_ascii_hexdigit();
                    return Err(if hex(hi) && hex(lo) && (lower(hi) || lower(lo)) {
                        non_canonical(NonCanonical::LowerCaseEscape)
                    } else {
                        TextPartError::Malformed
                    });
                };
                let byte = h * 16 + l;
                if byte.is_ascii_alphanumeric() {
                    return Err(non_canonical(NonCanonical::NeedlessEscape));
                }
                out.push(byte);
                i += 3;
            }
            b if b.is_ascii_alphanumeric() => {
                out.push(b);
                i += 1;
            }
            _ => return Err(non_canonical(NonCanonical::Unescaped)),
        }
    }
    String::from_utf8(out).map_err(|_| TextPartError::NotUtf8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_3_names_and_numbers_have_one_spelling() {
        for name in ["Anna", "Boris Ø", "Ёжик-7_x.y%", "🦔"] {
            assert_eq!(decode_name(&encode_name(name)).unwrap(), name);
        }
        assert_eq!(encode_name("a b"), "a%20b");
        assert_eq!(
            decode_name("a%2db"),
            Err(TextPartError::NonCanonical(NonCanonical::LowerCaseEscape))
        );
        assert_eq!(
            decode_name("%41"),
            Err(TextPartError::NonCanonical(NonCanonical::NeedlessEscape))
        );
        assert_eq!(
            decode_name("a-b"),
            Err(TextPartError::NonCanonical(NonCanonical::Unescaped))
        );
        assert_eq!(decode_name("%4"), Err(TextPartError::Malformed));
        assert_eq!(decode_name("%FF"), Err(TextPartError::NotUtf8));
        assert_eq!(number("0"), Ok(0));
        assert_eq!(number("4294967295"), Ok(u32::MAX));
        assert_eq!(number("4294967296"), Err(TextPartError::Malformed));
        assert_eq!(
            number("07"),
            Err(TextPartError::NonCanonical(NonCanonical::LeadingZero))
        );
        assert_eq!(number(""), Err(TextPartError::Malformed));
        assert_eq!(bad_character("cs1.none.A_B"), None);
        assert_eq!(bad_character("cs1 x"), Some((3, ' ')));
    }
}
