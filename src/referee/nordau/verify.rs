//! The verifier (C-3): recompute the commitment from the revealed seed and
//! setup and print the whole schedule. The UI's verifier page calls [`verify`].

use crate::referee::commitment::{HexError, normalise_words, parse_hex32, stream_key};
use crate::referee::nordau::commitment::commitment;
use crate::referee::nordau::draw::{ShiftDraw, draw_seating};
use crate::referee::nordau::game::{MAX_WORD_BYTES, MAX_WORDS};
use crate::referee::nordau::seats::{Colour, Seat, Seating};
use crate::referee::nordau::setup::{Setup, SetupTextError};
use std::fmt;

/// Shifts listed by [`verify`].
pub const DEFAULT_REPORT_SHIFTS: usize = 30;

/// One drawn shift.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShiftEntry {
    /// 1-based shift number, as shown to people.
    pub number: usize,
    /// Length in the setup's unit, and in half-moves.
    pub length: u32,
    pub plies: u32,
    /// Seat whose person stands up at the end of the shift.
    pub coin: Colour,
}

/// What the verifier recomputed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub commitment_hex: String,
    pub key_hex: String,
    pub setup: Setup,
    /// The setup's canonical text.
    pub setup_text: String,
    /// Normalised words that entered the key.
    pub words: Vec<String>,
    pub seating: Seating,
    /// Names on White, Black, Observer.
    pub seating_names: [String; 3],
    pub shifts: Vec<ShiftEntry>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError {
    Commitment(HexError),
    Seed(HexError),
    Setup(SetupTextError),
    /// Too many or too long words.
    Words,
    /// The seed and setup do not give the shown commitment.
    Mismatch {
        shown: String,
        computed: String,
    },
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerifyError::Commitment(e) => write!(f, "commitment: {e}"),
            VerifyError::Seed(e) => write!(f, "seed: {e}"),
            VerifyError::Setup(e) => write!(f, "setup: {e}"),
            VerifyError::Words => write!(
                f,
                "at most {MAX_WORDS} words of at most {MAX_WORD_BYTES} bytes"
            ),
            VerifyError::Mismatch { shown, computed } => write!(
                f,
                "MISMATCH: the seed and setup give commitment {computed}, but {shown} was shown"
            ),
        }
    }
}

impl std::error::Error for VerifyError {}

/// Recomputes the commitment and the first [`DEFAULT_REPORT_SHIFTS`] shifts.
pub fn verify<S: AsRef<str>>(
    commitment_hex: &str,
    seed_hex: &str,
    setup_text: &str,
    words: &[S],
) -> Result<Report, VerifyError> {
    verify_n(
        commitment_hex,
        seed_hex,
        setup_text,
        words,
        DEFAULT_REPORT_SHIFTS,
    )
}

/// As [`verify`], listing `shifts` shifts.
pub fn verify_n<S: AsRef<str>>(
    commitment_hex: &str,
    seed_hex: &str,
    setup_text: &str,
    words: &[S],
    shifts: usize,
) -> Result<Report, VerifyError> {
    let shown = parse_hex32(commitment_hex).map_err(VerifyError::Commitment)?;
    let seed = parse_hex32(seed_hex).map_err(VerifyError::Seed)?;
    let setup = Setup::from_text(setup_text).map_err(VerifyError::Setup)?;
    if words.len() > MAX_WORDS || words.iter().any(|w| w.as_ref().len() > MAX_WORD_BYTES) {
        return Err(VerifyError::Words);
    }
    let computed = commitment(&setup, &seed);
    if computed != shown {
        return Err(VerifyError::Mismatch {
            shown: hex::encode(shown),
            computed: hex::encode(computed),
        });
    }
    Ok(schedule(&setup, &seed, words, shifts))
}

/// The schedule of (setup, seed, words), without checking any commitment.
pub fn schedule<S: AsRef<str>>(
    setup: &Setup,
    seed: &[u8; 32],
    words: &[S],
    shifts: usize,
) -> Report {
    let key = stream_key(seed, words);
    let seating = draw_seating(&key);
    let mut draw = ShiftDraw::new(&key, setup);
    let shifts = (0..shifts)
        .map(|k| {
            let length = draw.length(k);
            ShiftEntry {
                number: k + 1,
                length,
                plies: setup.unit.plies(length),
                coin: draw.coin(k),
            }
        })
        .collect();
    Report {
        commitment_hex: hex::encode(commitment(setup, seed)),
        key_hex: hex::encode(key),
        setup_text: setup.to_text(),
        words: normalise_words(words),
        seating,
        seating_names: Seat::ALL.map(|s| setup.names[usize::from(seating.person_at(s))].clone()),
        setup: setup.clone(),
        shifts,
    }
}
