//! The verifier of a drawn start position (C-3, UC-1): recompute the
//! commitment from the revealed seed and setup text and draw the position
//! again (docs/fairness.md §12.4).

use crate::referee::commitment::{normalise_words, stream_key};
use crate::referee::committed::{CommittedDraw, VerifyError};
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

/// Why a setup code is refused for a reveal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UcRevealSetupError {
    Text(UcSetupTextError),
    /// The setup names its start position: nothing was drawn.
    NotDrawn {
        number: u32,
    },
}

impl fmt::Display for UcRevealSetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UcRevealSetupError::Text(e) => e.fmt(f),
            UcRevealSetupError::NotDrawn { number } => write!(
                f,
                "this game starts from the chosen position {number}; nothing was drawn"
            ),
        }
    }
}

impl std::error::Error for UcRevealSetupError {}

/// Why a reveal does not verify.
pub type UcVerifyError = VerifyError<UcRevealSetupError>;

/// Undo Chess's committed draw: the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UcDraw;

impl CommittedDraw for UcDraw {
    const PREFIX: &'static str = "uc1.";
    type Setup = UcSetup;
    type SetupError = UcRevealSetupError;
    type Report = UcVerifyReport;

    fn read_setup(&self, text: &str) -> Result<UcSetup, UcRevealSetupError> {
        // The input mode is not committed; it changes nothing here.
        let setup = UcSetup::from_text(text, InputMode::Board).map_err(UcRevealSetupError::Text)?;
        match setup.start {
            StartChoice::Fixed(p) => Err(UcRevealSetupError::NotDrawn { number: p.number() }),
            StartChoice::Drawn => Ok(setup),
        }
    }

    fn commitment(&self, setup: &UcSetup, seed: &[u8; 32]) -> [u8; 32] {
        uc_commitment(setup, seed)
    }

    fn report<S: AsRef<str>>(
        &self,
        setup: &UcSetup,
        seed: &[u8; 32],
        words: &[S],
    ) -> UcVerifyReport {
        uc_schedule(setup, seed, words)
    }
}

/// Checks a reveal (docs/fairness.md §12.4) and draws the start position.
pub fn uc_verify<S: AsRef<str>>(
    commitment_hex: &str,
    seed_hex: &str,
    setup_text: &str,
    words: &[S],
) -> Result<UcVerifyReport, UcVerifyError> {
    UcDraw.verify(commitment_hex, seed_hex, setup_text, words)
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
