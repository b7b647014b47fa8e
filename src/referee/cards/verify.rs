//! The verifier of blind stacks (C-3, CS-8): recompute the commitment from
//! the revealed seed and setup text and deal the stacks again.

use crate::referee::cards::setup::{CsSetup, CsSetupTextError, cs_commitment};
use crate::referee::cards::stack::BlindStacks;
use crate::referee::commitment::{HexError, normalise_words, parse_hex32, stream_key};
use crate::referee::commitment::{MAX_WORD_BYTES, MAX_WORDS};
use crate::referee::common::InputMode;
use std::fmt;

/// Stacks listed by default.
pub const DEFAULT_REPORT_STACKS: usize = 40;

/// What the verifier recomputed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsVerifyReport {
    pub commitment_hex: String,
    pub key_hex: String,
    pub setup: CsSetup,
    pub setup_text: String,
    /// Normalised words that entered the key.
    pub words: Vec<String>,
    /// Stack k of the game (`YNYNNY`, top first), k = 0, 1, …
    pub stacks: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CsVerifyError {
    Commitment(HexError),
    Seed(HexError),
    Setup(CsSetupTextError),
    Words,
    Mismatch { shown: String, computed: String },
}

impl fmt::Display for CsVerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsVerifyError::Commitment(e) => write!(f, "commitment: {e}"),
            CsVerifyError::Seed(e) => write!(f, "seed: {e}"),
            CsVerifyError::Setup(e) => write!(f, "setup: {e}"),
            CsVerifyError::Words => write!(
                f,
                "at most {MAX_WORDS} words of at most {MAX_WORD_BYTES} bytes"
            ),
            CsVerifyError::Mismatch { shown, computed } => write!(
                f,
                "MISMATCH: the seed and setup give commitment {computed}, but {shown} was shown"
            ),
        }
    }
}

impl std::error::Error for CsVerifyError {}

/// Checks a reveal (docs/fairness.md §11.4) and deals the first `n` stacks.
pub fn cs_verify<S: AsRef<str>>(
    commitment_hex: &str,
    seed_hex: &str,
    setup_text: &str,
    words: &[S],
    n: usize,
) -> Result<CsVerifyReport, CsVerifyError> {
    let shown = parse_hex32(commitment_hex).map_err(CsVerifyError::Commitment)?;
    let seed = parse_hex32(seed_hex).map_err(CsVerifyError::Seed)?;
    // The input mode is not committed; it changes nothing here.
    let setup = CsSetup::from_text(setup_text, InputMode::Board).map_err(CsVerifyError::Setup)?;
    if words.len() > MAX_WORDS || words.iter().any(|w| w.as_ref().len() > MAX_WORD_BYTES) {
        return Err(CsVerifyError::Words);
    }
    let computed = cs_commitment(&setup, &seed);
    if computed != shown {
        return Err(CsVerifyError::Mismatch {
            shown: hex::encode(shown),
            computed: hex::encode(computed),
        });
    }
    Ok(cs_schedule(&setup, &seed, words, n))
}

/// The commitment, key and first `n` stacks of (setup, seed, words), with no
/// check: what the vectors and the reveal screen list.
pub fn cs_schedule<S: AsRef<str>>(
    setup: &CsSetup,
    seed: &[u8; 32],
    words: &[S],
    n: usize,
) -> CsVerifyReport {
    let key = stream_key(seed, words);
    CsVerifyReport {
        commitment_hex: hex::encode(cs_commitment(setup, seed)),
        key_hex: hex::encode(key),
        setup: setup.clone(),
        setup_text: setup.to_text(),
        words: normalise_words(words),
        stacks: BlindStacks::new(&key)
            .first(n)
            .iter()
            .map(|s| s.to_text())
            .collect(),
    }
}
