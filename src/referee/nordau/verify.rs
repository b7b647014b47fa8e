//! The verifier (C-3): recompute the commitment from the revealed seed and
//! setup and print the whole schedule. The UI's verifier page calls [`verify`].

use crate::referee::commitment::{normalise_words, stream_key};
use crate::referee::committed::{self, CommittedDraw};
use crate::referee::nordau::commitment::commitment;
use crate::referee::nordau::draw::{ShiftDraw, draw_seating};
use crate::referee::nordau::seats::{Colour, Seat, Seating};
use crate::referee::nordau::setup::{Setup, SetupTextError};

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

/// Why a reveal does not verify.
pub type VerifyError = committed::VerifyError<SetupTextError>;

/// Nordau Shift's committed draw, listing `shifts` shifts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NsDraw {
    pub shifts: usize,
}

impl CommittedDraw for NsDraw {
    const PREFIX: &'static str = "ns1.";
    type Setup = Setup;
    type SetupError = SetupTextError;
    type Report = Report;

    fn read_setup(&self, text: &str) -> Result<Setup, SetupTextError> {
        Setup::from_text(text)
    }

    fn commitment(&self, setup: &Setup, seed: &[u8; 32]) -> [u8; 32] {
        commitment(setup, seed)
    }

    fn report<S: AsRef<str>>(&self, setup: &Setup, seed: &[u8; 32], words: &[S]) -> Report {
        schedule(setup, seed, words, self.shifts)
    }
}

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
    NsDraw { shifts }.verify(commitment_hex, seed_hex, setup_text, words)
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
