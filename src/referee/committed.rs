//! A committed draw (C-3): a game whose random choices come from a seed it
//! committed to before play, next to its setup. Each such game (Nordau Shift
//! `ns1.`, the card duel `cs1.`, Undo Chess `uc1.`) says how to read its
//! setup code, what its commitment is and what the seed draws; checking a
//! reveal is then the same for all of them: [`CommittedDraw::verify`].

use crate::referee::commitment::{HexError, MAX_WORD_BYTES, MAX_WORDS, parse_hex32};
use std::fmt;

/// What a drawn start shows once its seed may be seen (the card duel's blind
/// stacks, Undo Chess's drawn start): everything the verifier needs, words
/// included, so the end screen, the PGN and the link can each carry it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawReveal {
    pub seed_hex: String,
    pub setup_text: String,
    /// The players' entries, normalised, in the order given.
    pub words: Vec<String>,
    pub commitment_hex: String,
}

/// A commitment as the play screen shows it until move one: the hex and the
/// setup code it commits to (for the verifier link a second phone scans).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShownCommitment {
    pub commitment_hex: String,
    pub setup_text: String,
}

/// A game whose draw is committed to as SHA-256 of (setup, seed).
pub trait CommittedDraw {
    /// How its setup codes start (`ns1.`).
    const PREFIX: &'static str;
    type Setup;
    /// Why a setup code is refused for a reveal.
    type SetupError;
    /// What the seed drew, with the commitment and key recomputed.
    type Report;

    /// Reads a setup code, refusing one that has nothing to verify.
    fn read_setup(&self, text: &str) -> Result<Self::Setup, Self::SetupError>;

    /// The commitment of (setup, seed).
    fn commitment(&self, setup: &Self::Setup, seed: &[u8; 32]) -> [u8; 32];

    /// What (setup, seed, words) draw, with no check of any commitment.
    fn report<S: AsRef<str>>(
        &self,
        setup: &Self::Setup,
        seed: &[u8; 32],
        words: &[S],
    ) -> Self::Report;

    /// Checks a reveal (docs/fairness.md §6, §11.4, §12.4): both hex values, the setup
    /// code, the players' words and then the commitment, in that order.
    fn verify<S: AsRef<str>>(
        &self,
        commitment_hex: &str,
        seed_hex: &str,
        setup_text: &str,
        words: &[S],
    ) -> Result<Self::Report, VerifyError<Self::SetupError>> {
        let shown = parse_hex32(commitment_hex).map_err(VerifyError::Commitment)?;
        let seed = parse_hex32(seed_hex).map_err(VerifyError::Seed)?;
        let setup = self.read_setup(setup_text).map_err(VerifyError::Setup)?;
        if words.len() > MAX_WORDS || words.iter().any(|w| w.as_ref().len() > MAX_WORD_BYTES) {
            return Err(VerifyError::Words);
        }
        let computed = self.commitment(&setup, &seed);
        if computed != shown {
            return Err(VerifyError::Mismatch {
                shown: hex::encode(shown),
                computed: hex::encode(computed),
            });
        }
        Ok(self.report(&setup, &seed, words))
    }
}

/// Why a reveal does not verify; `E` is the game's setup error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerifyError<E> {
    Commitment(HexError),
    Seed(HexError),
    Setup(E),
    /// Too many or too long words.
    Words,
    /// The seed and setup do not give the shown commitment.
    Mismatch {
        shown: String,
        computed: String,
    },
}

impl<E: fmt::Display> fmt::Display for VerifyError<E> {
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

impl<E: fmt::Debug + fmt::Display> std::error::Error for VerifyError<E> {}
