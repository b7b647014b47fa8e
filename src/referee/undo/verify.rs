//! The verifier of a drawn start position (C-3, UC-1): recompute the
//! commitment from the revealed seed and setup text and draw the position
//! again (docs/fairness.md §12.4).

use crate::referee::commitment::{HexError, normalise_words, parse_hex32, stream_key};
use crate::referee::commitment::{MAX_WORD_BYTES, MAX_WORDS};
use crate::referee::common::InputMode;
use crate::referee::undo::setup::{StartChoice, UcSetup, UcSetupTextError, uc_commitment};
use crate::referee::undo::start::StartPosition;
use std::fmt;

/// What the verifier recomputed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UcVerifyReport {
    pub commitment_hex: String,
    pub key_hex: String,
    pub setup: UcSetup,
    pub setup_text: String,
    /// Normalised words that entered the key.
    pub words: Vec<String>,
    /// The drawn start position.
    pub start: StartPosition,
    /// Its back rank (`RNBQKBNR`) and FEN, for the report.
    pub back_rank: String,
    pub fen: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UcVerifyError {
    Commitment(HexError),
    Seed(HexError),
    Setup(UcSetupTextError),
    /// The setup names its start position: nothing was drawn.
    NotDrawn {
        number: u32,
    },
    Words,
    Mismatch {
        shown: String,
        computed: String,
    },
}

impl fmt::Display for UcVerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UcVerifyError::Commitment(e) => write!(f, "commitment: {e}"),
            UcVerifyError::Seed(e) => write!(f, "seed: {e}"),
            UcVerifyError::Setup(e) => write!(f, "setup: {e}"),
            UcVerifyError::NotDrawn { number } => write!(
                f,
                "setup: this game starts from the chosen position {number}; nothing was drawn"
            ),
            UcVerifyError::Words => write!(
                f,
                "at most {MAX_WORDS} words of at most {MAX_WORD_BYTES} bytes"
            ),
            UcVerifyError::Mismatch { shown, computed } => write!(
                f,
                "MISMATCH: the seed and setup give commitment {computed}, but {shown} was shown"
            ),
        }
    }
}

impl std::error::Error for UcVerifyError {}

/// Checks a reveal (docs/fairness.md §12.4) and draws the start position.
pub fn uc_verify<S: AsRef<str>>(
    commitment_hex: &str,
    seed_hex: &str,
    setup_text: &str,
    words: &[S],
) -> Result<UcVerifyReport, UcVerifyError> {
    let shown = parse_hex32(commitment_hex).map_err(UcVerifyError::Commitment)?;
    let seed = parse_hex32(seed_hex).map_err(UcVerifyError::Seed)?;
    // The input mode is not committed; it changes nothing here.
    let setup = UcSetup::from_text(setup_text, InputMode::Board).map_err(UcVerifyError::Setup)?;
    if let StartChoice::Fixed(p) = setup.start {
        return Err(UcVerifyError::NotDrawn { number: p.number() });
    }
    if words.len() > MAX_WORDS || words.iter().any(|w| w.as_ref().len() > MAX_WORD_BYTES) {
        return Err(UcVerifyError::Words);
    }
    let computed = uc_commitment(&setup, &seed);
    if computed != shown {
        return Err(UcVerifyError::Mismatch {
            shown: hex::encode(shown),
            computed: hex::encode(computed),
        });
    }
    Ok(uc_schedule(&setup, &seed, words))
}

/// The commitment, key and drawn position of (setup, seed, words), with no
/// check: what the vectors and the reveal screen list.
pub fn uc_schedule<S: AsRef<str>>(setup: &UcSetup, seed: &[u8; 32], words: &[S]) -> UcVerifyReport {
    let key = stream_key(seed, words);
    let start = StartPosition::drawn(&key);
    UcVerifyReport {
        commitment_hex: hex::encode(uc_commitment(setup, seed)),
        key_hex: hex::encode(key),
        setup: setup.clone(),
        setup_text: setup.to_text(),
        words: normalise_words(words),
        start,
        back_rank: start.back_rank(),
        fen: start.fen(),
    }
}
