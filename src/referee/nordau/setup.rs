//! The committed setup (NS-11): everything that matters to the draw, the clocks
//! and the score, plus its canonical compact text form for verifier URLs.
//!
//! Text form v1 (fields separated by `.`):
//! `ns1.<unit>.<min>-<max>.<schedule>.<bonus‰>.<win>-<observer>-<loss>-<draw>.<name>_<name>_<name>`
//! e.g. `ns1.f.3-6.15000x40-10000.500.2-1-0-1.Anna_Boris_Chen`.
//! Unit `f` = full moves, `h` = half-moves (NS-2). The schedule lists
//! `<block ms>x<moves>` lines joined by `-`, the last line without `x<moves>`
//! (it lasts for the rest of the game, NS-7). Names are UTF-8 with every byte
//! outside `[A-Za-z0-9]` written as `%XX` (upper-case hex).
//! Parsing accepts only that canonical text (docs/fairness.md §1.1), so every
//! setup has exactly one text: `from_text(t)?.to_text() == t`.

use crate::referee::names::{NameProblem, check_name, comparison_key};
use crate::referee::setup_text::{self, SetupCode};
use std::fmt;

pub use crate::referee::names::MAX_NAME_BYTES;

/// How shift lengths are counted (NS-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShiftUnit {
    /// A shift of N lasts 2N half-moves (the default interpretation of NS-2).
    FullMoves,
    /// A shift of N lasts N half-moves (the faster carousel option).
    HalfMoves,
}

impl ShiftUnit {
    /// Half-moves in a shift of `length` units.
    pub fn plies(self, length: u32) -> u32 {
        match self {
            ShiftUnit::FullMoves => length * 2,
            ShiftUnit::HalfMoves => length,
        }
    }
}

/// One line of the block schedule (NS-7): `block_ms` for `moves` consecutive
/// move numbers; `moves == 0` only on the last line, meaning "until the end".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScheduleLine {
    pub block_ms: u32,
    pub moves: u32,
}

/// NS-7 block schedule. Move numbers are the board's full-move numbers (1, 2, …,
/// as in FEN), shared by both colours and unaffected by swaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockSchedule {
    pub lines: Vec<ScheduleLine>,
}

impl BlockSchedule {
    /// One block size for every move (the NS-7 default is 15 000 ms).
    pub fn single(block_ms: u32) -> BlockSchedule {
        BlockSchedule {
            lines: vec![ScheduleLine { block_ms, moves: 0 }],
        }
    }

    /// The block (ms) that budgets the move with full-move number `move_number`.
    pub fn block_for_move(&self, move_number: u32) -> u64 {
        let mut last_of_line: u64 = 0;
        for line in &self.lines {
            if line.moves == 0 {
                return u64::from(line.block_ms);
            }
            last_of_line += u64::from(line.moves);
            if u64::from(move_number) <= last_of_line {
                return u64::from(line.block_ms);
            }
        }
        // Unreachable for a validated schedule (the last line has moves == 0).
        self.lines.last().map_or(0, |l| u64::from(l.block_ms))
    }
}

/// Points per seat (NS-8). Defaults 2 / 1 / 0 and 1 for every player on a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Points {
    pub win: u32,
    pub observer: u32,
    pub loss: u32,
    pub draw: u32,
}

impl Default for Points {
    fn default() -> Self {
        Points {
            win: 2,
            observer: 1,
            loss: 0,
            draw: 1,
        }
    }
}

/// The committed setup (NS-11).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The three people, in the order they were entered; seating is drawn over
    /// this order, so it is committed too.
    pub names: [String; 3],
    pub unit: ShiftUnit,
    /// Shift lengths are uniform over `min_shift..=max_shift` (NS-2: 3..=6).
    pub min_shift: u32,
    pub max_shift: u32,
    pub schedule: BlockSchedule,
    /// NS-5 seater bonus in thousandths of the block (500 = half a block).
    pub bonus_permille: u32,
    pub points: Points,
}

/// Limits that keep every value representable and every game finite in size.
pub const MAX_SHIFT: u32 = 100;
pub const MAX_BLOCK_MS: u32 = 86_400_000;
pub const MAX_SCHEDULE_LINES: usize = 16;
pub const MAX_POINTS: u32 = 1000;
pub const MAX_BONUS_PERMILLE: u32 = 10_000;
/// Longest setup text accepted; the longest canonical text is 850 bytes.
pub const MAX_SETUP_TEXT_BYTES: usize = 1024;

/// Why a setup is not acceptable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// Name `index` (0-based) breaks a rule of docs/fairness.md §1.2.
    BadName { index: usize, problem: NameProblem },
    /// Two names are the same once case is ignored (0-based indices).
    DuplicateName { first: usize, second: usize },
    /// Needs `1 <= min <= max <= 100`.
    BadShiftRange { min: u32, max: u32 },
    /// Needs 1..=16 lines, each block 1..=86 400 000 ms, only the last line open-ended.
    BadSchedule,
    /// Needs `loss < observer < win`, all at most 1000, draw at most 1000.
    BadPoints,
    /// Bonus above 10 000 ‰.
    BadBonus,
    /// Player words: at most 16 entries of at most 256 bytes.
    BadWords,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::BadName { index, problem } => write!(f, "name {} {problem}", index + 1),
            SetupError::DuplicateName { first, second } => write!(
                f,
                "names {} and {} are the same when case is ignored",
                first + 1,
                second + 1
            ),
            SetupError::BadShiftRange { min, max } => {
                write!(
                    f,
                    "shift range {min}-{max} must satisfy 1 <= min <= max <= {MAX_SHIFT}"
                )
            }
            SetupError::BadSchedule => write!(f, "block schedule is malformed"),
            SetupError::BadPoints => write!(
                f,
                "points must satisfy loss < observer < win <= {MAX_POINTS}"
            ),
            SetupError::BadBonus => write!(
                f,
                "seater bonus must be at most {MAX_BONUS_PERMILLE} permille"
            ),
            SetupError::BadWords => write!(f, "at most 16 word entries of at most 256 bytes each"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// The default Nordau Shift setup: full moves, shifts 3..=6, 15 s blocks,
    /// half-block bonus, 2/1/0 and draw 1.
    pub fn standard(names: [&str; 3]) -> Setup {
        Setup {
            names: names.map(str::to_owned),
            unit: ShiftUnit::FullMoves,
            min_shift: 3,
            max_shift: 6,
            schedule: BlockSchedule::single(15_000),
            bonus_permille: 500,
            points: Points::default(),
        }
    }

    /// Checks every limit; a validated setup never makes the referee panic.
    pub fn validate(&self) -> Result<(), SetupError> {
        for (index, name) in self.names.iter().enumerate() {
            check_name(name).map_err(|problem| SetupError::BadName { index, problem })?;
        }
        let keys = self.names.clone().map(|n| comparison_key(&n));
        for (first, second) in [(0, 1), (0, 2), (1, 2)] {
            if keys[first] == keys[second] {
                return Err(SetupError::DuplicateName { first, second });
            }
        }
        if self.min_shift < 1 || self.min_shift > self.max_shift || self.max_shift > MAX_SHIFT {
            return Err(SetupError::BadShiftRange {
                min: self.min_shift,
                max: self.max_shift,
            });
        }
        let lines = &self.schedule.lines;
        if lines.is_empty() || lines.len() > MAX_SCHEDULE_LINES {
            return Err(SetupError::BadSchedule);
        }
        for (i, line) in lines.iter().enumerate() {
            let last = i + 1 == lines.len();
            let moves_ok = if last {
                line.moves == 0
            } else {
                line.moves >= 1 && line.moves <= 10_000
            };
            if !moves_ok || line.block_ms == 0 || line.block_ms > MAX_BLOCK_MS {
                return Err(SetupError::BadSchedule);
            }
        }
        let p = self.points;
        if !(p.loss < p.observer
            && p.observer < p.win
            && p.win <= MAX_POINTS
            && p.draw <= MAX_POINTS)
        {
            return Err(SetupError::BadPoints);
        }
        if self.bonus_permille > MAX_BONUS_PERMILLE {
            return Err(SetupError::BadBonus);
        }
        Ok(())
    }

    /// NS-5 bonus for a block of `block_ms` (rounded down to whole ms).
    pub fn bonus_ms(&self, block_ms: u64) -> u64 {
        block_ms * u64::from(self.bonus_permille) / 1000
    }

    /// The canonical text form (see the module docs).
    pub fn to_text(&self) -> String {
        let unit = match self.unit {
            ShiftUnit::FullMoves => "f",
            ShiftUnit::HalfMoves => "h",
        };
        let schedule: Vec<String> = self
            .schedule
            .lines
            .iter()
            .map(|l| {
                if l.moves == 0 {
                    l.block_ms.to_string()
                } else {
                    format!("{}x{}", l.block_ms, l.moves)
                }
            })
            .collect();
        let p = self.points;
        let names: Vec<String> = self.names.iter().map(|n| percent_encode(n)).collect();
        format!(
            "ns1.{unit}.{}-{}.{}.{}.{}-{}-{}-{}.{}",
            self.min_shift,
            self.max_shift,
            schedule.join("-"),
            self.bonus_permille,
            p.win,
            p.observer,
            p.loss,
            p.draw,
            names.join("_")
        )
    }

    /// Parses the canonical text form and nothing else (no trimming, no
    /// alternative spellings); the result is validated.
    pub fn from_text(text: &str) -> Result<Setup, SetupTextError> {
        let fields = setup_text::fields::<SetupError>(text)?;
        let unit = match fields[1] {
            "f" => ShiftUnit::FullMoves,
            "h" => ShiftUnit::HalfMoves,
            other => return Err(SetupTextError::Own(BadUnit(other.to_owned()))),
        };
        let range = numbers(fields[2], '-', "shift range")?;
        let [min_shift, max_shift] = range[..] else {
            return Err(SetupTextError::BadField {
                field: "shift range",
            });
        };
        let mut lines = Vec::new();
        for part in fields[3].split('-') {
            let line = match part.split_once('x') {
                Some((block, moves)) => ScheduleLine {
                    block_ms: number(block, "block schedule")?,
                    moves: match number(moves, "block schedule")? {
                        // "Rest of the game" is written without `x`: one text per setup.
                        0 => {
                            return Err(SetupTextError::NonCanonical {
                                field: "block schedule",
                                problem: NonCanonical::ZeroMoveCount,
                            });
                        }
                        n => n,
                    },
                },
                None => ScheduleLine {
                    block_ms: number(part, "block schedule")?,
                    moves: 0,
                },
            };
            lines.push(line);
        }
        let bonus_permille = number(fields[4], "bonus")?;
        let pts = numbers(fields[5], '-', "points")?;
        let [win, observer, loss, draw] = pts[..] else {
            return Err(SetupTextError::BadField { field: "points" });
        };
        let name_parts: Vec<&str> = fields[6].split('_').collect();
        if name_parts.len() != 3 {
            return Err(SetupTextError::BadField { field: "names" });
        }
        let mut names: [String; 3] = Default::default();
        for (index, (slot, part)) in names.iter_mut().zip(name_parts).enumerate() {
            *slot = percent_decode(part, index)?;
        }
        let setup = Setup {
            names,
            unit,
            min_shift,
            max_shift,
            schedule: BlockSchedule { lines },
            bonus_permille,
            points: Points {
                win,
                observer,
                loss,
                draw,
            },
        };
        setup.validate().map_err(SetupTextError::Invalid)?;
        Ok(setup)
    }
}

pub use crate::referee::setup_text::NonCanonical;

/// The unit is neither `f` nor `h`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadUnit(pub String);

impl fmt::Display for BadUnit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown shift unit '{}' (expected 'f' or 'h')", self.0)
    }
}

impl SetupCode for SetupError {
    const VERSION: &'static str = "ns1";
    const FIELDS: usize = 7;
    const MAX_BYTES: usize = MAX_SETUP_TEXT_BYTES;
    type Own = BadUnit;
}

/// Why a setup text could not be read.
pub type SetupTextError = setup_text::SetupTextError<SetupError>;

/// A canonical decimal number: digits only, no leading zeros, fits u32.
fn number(s: &str, field: &'static str) -> Result<u32, SetupTextError> {
    setup_text::number_in(s, field)
}

fn numbers(s: &str, sep: char, field: &'static str) -> Result<Vec<u32>, SetupTextError> {
    s.split(sep).map(|p| number(p, field)).collect()
}

fn percent_encode(s: &str) -> String {
    setup_text::encode_name(s)
}

/// Decodes one name of the canonical text: letters and digits as themselves,
/// every other byte as `%XX` with upper-case hex digits.
fn percent_decode(s: &str, index: usize) -> Result<String, SetupTextError> {
    setup_text::name_in(s, index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ns_11_setup_text_round_trips() {
        let mut s = Setup::standard(["Anna", "Boris Ø", "Chen.x_y"]);
        s.schedule = BlockSchedule {
            lines: vec![
                ScheduleLine {
                    block_ms: 15000,
                    moves: 40,
                },
                ScheduleLine {
                    block_ms: 10000,
                    moves: 0,
                },
            ],
        };
        let text = s.to_text();
        assert_eq!(
            text,
            "ns1.f.3-6.15000x40-10000.500.2-1-0-1.Anna_Boris%20%C3%98_Chen%2Ex%5Fy"
        );
        assert_eq!(Setup::from_text(&text).unwrap(), s);
    }

    #[test]
    fn ns_11_setup_text_errors_are_specific() {
        assert_eq!(
            Setup::from_text("ns1.f"),
            Err(SetupTextError::FieldCount { found: 2 })
        );
        assert_eq!(
            Setup::from_text("ns2.f.3-6.15000.500.2-1-0-1.A_B_C"),
            Err(SetupTextError::UnknownVersion("ns2".into()))
        );
        assert_eq!(
            Setup::from_text("ns1.q.3-6.15000.500.2-1-0-1.A_B_C"),
            Err(SetupTextError::Own(BadUnit("q".into())))
        );
        assert_eq!(
            Setup::from_text("ns1.f.3-06.15000.500.2-1-0-1.A_B_C"),
            Err(SetupTextError::NonCanonical {
                field: "shift range",
                problem: NonCanonical::LeadingZero
            })
        );
        assert_eq!(
            Setup::from_text("ns1.f.6-3.15000.500.2-1-0-1.A_B_C"),
            Err(SetupTextError::Invalid(SetupError::BadShiftRange {
                min: 6,
                max: 3
            }))
        );
        assert_eq!(
            Setup::from_text("ns1.f.3-6.15000x40.500.2-1-0-1.A_B_C"),
            Err(SetupTextError::Invalid(SetupError::BadSchedule))
        );
        assert_eq!(
            Setup::from_text("ns1.f.3-6.15000.500.1-1-0-1.A_B_C"),
            Err(SetupTextError::Invalid(SetupError::BadPoints))
        );
        assert_eq!(
            Setup::from_text("ns1.f.3-6.15000.500.2-1-0-1.A_A_C"),
            Err(SetupTextError::Invalid(SetupError::DuplicateName {
                first: 0,
                second: 1
            }))
        );
        assert_eq!(
            Setup::from_text("ns1.f.3-6.15000.500.2-1-0-1.A_B_%ZZ"),
            Err(SetupTextError::BadField { field: "names" })
        );
    }

    #[test]
    fn ns_11_setup_text_has_one_spelling() {
        let refused = |text: &str| Setup::from_text(text).unwrap_err().to_string();
        assert_eq!(
            refused("ns1.f.3-6.15000x0.500.2-1-0-1.A_B_C"),
            "the block schedule part of the setup text has a move count of 0 (the last line is written without x<moves>)"
        );
        assert_eq!(
            refused("ns1.f.3-6.15000.500.2-1-0-1.%41_B_C"),
            "the names part of the setup text has an escaped letter or digit (write it as itself)"
        );
        assert_eq!(
            refused(" ns1.f.3-6.15000.500.2-1-0-1.A_B_C"),
            "character 1 (U+0020) cannot appear in a setup text"
        );
        assert_eq!(
            refused(&"n".repeat(1025)),
            "setup text is 1025 bytes long (at most 1024)"
        );
        assert_eq!(
            refused("ns1.f.3-6.15000.500.2-1-0-1.A%E2%80%8B_B_C"),
            "invalid setup: name 1 contains U+200B, an invisible, blank or control character"
        );
        assert_eq!(
            refused("ns1.f.3-6.15000.500.2-1-0-1.A_B_a"),
            "invalid setup: names 1 and 3 are the same when case is ignored"
        );
    }

    #[test]
    fn ns_7_block_schedule_selects_by_move_number() {
        let s = BlockSchedule {
            lines: vec![
                ScheduleLine {
                    block_ms: 15000,
                    moves: 40,
                },
                ScheduleLine {
                    block_ms: 12000,
                    moves: 10,
                },
                ScheduleLine {
                    block_ms: 10000,
                    moves: 0,
                },
            ],
        };
        assert_eq!(s.block_for_move(1), 15000);
        assert_eq!(s.block_for_move(40), 15000);
        assert_eq!(s.block_for_move(41), 12000);
        assert_eq!(s.block_for_move(50), 12000);
        assert_eq!(s.block_for_move(51), 10000);
        assert_eq!(s.block_for_move(5000), 10000);
    }
}
