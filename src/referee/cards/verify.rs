//! The verifier of blind stacks (C-3, CS-8): recompute the commitment from
//! the revealed seed and setup text and deal the stacks again.

use crate::referee::cards::setup::{CsSetup, CsSetupTextError, cs_commitment};
use crate::referee::cards::stack::BlindStacks;
use crate::referee::commitment::{normalise_words, stream_key};
use crate::referee::committed::{CommittedDraw, VerifyError};
use crate::referee::common::InputMode;

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

/// Why a reveal does not verify.
pub type CsVerifyError = VerifyError<CsSetupTextError>;

/// The card duel's committed draw, dealing `stacks` stacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CsDraw {
    pub stacks: usize,
}

impl CommittedDraw for CsDraw {
    const PREFIX: &'static str = "cs1.";
    type Setup = CsSetup;
    type SetupError = CsSetupTextError;
    type Report = CsVerifyReport;

    fn read_setup(&self, text: &str) -> Result<CsSetup, CsSetupTextError> {
        // The input mode is not committed; it changes nothing here.
        CsSetup::from_text(text, InputMode::Board)
    }

    fn commitment(&self, setup: &CsSetup, seed: &[u8; 32]) -> [u8; 32] {
        cs_commitment(setup, seed)
    }

    fn report<S: AsRef<str>>(
        &self,
        setup: &CsSetup,
        seed: &[u8; 32],
        words: &[S],
    ) -> CsVerifyReport {
        cs_schedule(setup, seed, words, self.stacks)
    }
}

/// Checks a reveal (docs/fairness.md §11.4) and deals the first `n` stacks.
pub fn cs_verify<S: AsRef<str>>(
    commitment_hex: &str,
    seed_hex: &str,
    setup_text: &str,
    words: &[S],
    n: usize,
) -> Result<CsVerifyReport, CsVerifyError> {
    CsDraw { stacks: n }.verify(commitment_hex, seed_hex, setup_text, words)
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
