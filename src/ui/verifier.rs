//! The verifier page (`#/verify`, RULES.md C-3): recompute the commitment from
//! the revealed seed and the setup, and show the seating and the schedule.
//!
//! Link format (all values percent-encoded, see [`verifier_fragment`]):
//!
//! ```text
//! #/verify?c=<commitment hex>&s=<seed hex>&setup=<setup text>&w=<words>
//! ```
//!
//! * `c`: the commitment, 64 hex digits (required to verify);
//! * `s`: the seed, 64 hex digits; absent before the reveal;
//! * `setup`: the game's canonical setup text (`ns1.…`, `cs1.…` or `uc1.…`);
//! * `w`: the players' word entries, normalised, one per line (`\n`); absent
//!   when nobody typed words.
//!
//! Opened with `c` and `setup` the page checks at once: with `s` it verifies,
//! without it shows the commitment to keep until the seed is revealed.
//!
//! The setup code names the game (`ns1.` Nordau Shift, `cs1.` a card-series
//! duel, `uc1.` Undo Chess): `GAMES` lists the committed games of the
//! build, one entry each, and everything else is one path for all of them.
//!
//! All rule logic stays in `referee`: this page cleans what people paste,
//! calls the game's verification, and maps every error to a localized
//! message.

use leptos::prelude::*;

use super::i18n::use_i18n;
use super::i18n::verifier::VerifierTexts;
use super::qr::{escape, qr_svg};
use super::route::{Query, percent_encode};
use super::witness::{self, Witnessed};
use crate::referee::commitment::{MAX_WORD_BYTES, MAX_WORDS};
use crate::referee::commitment::{is_blank_word, normalise_words};
use crate::referee::committed::{CommittedDraw, VerifyError};
use crate::referee::names::NameProblem;
use crate::referee::pgn::{RecordedDrawError, recorded_draw};
use crate::referee::setup_text::NonCanonical;
use crate::referee::{HexError, parse_hex32};
use crate::web;
use std::fmt;
use wasm_bindgen::JsCast;

/// The `#/verify?…` fragment that opens this page with its inputs filled in.
/// Hex is written lower-case without spaces; words are normalised and joined
/// by newlines (normalising does not change the draw). `seed_hex` is `None`
/// (or empty) before the reveal.
pub fn verifier_fragment(
    commitment_hex: &str,
    setup_text: &str,
    seed_hex: Option<&str>,
    words: &[String],
) -> String {
    let mut out = format!("#/verify?c={}", percent_encode(&clean_hex(commitment_hex)));
    if let Some(seed) = seed_hex.map(clean_hex).filter(|s| !s.is_empty()) {
        out.push_str("&s=");
        out.push_str(&percent_encode(&seed));
    }
    out.push_str("&setup=");
    out.push_str(&percent_encode(&clean_setup(setup_text)));
    let words = normalise_words(words);
    if !words.is_empty() {
        out.push_str("&w=");
        out.push_str(&percent_encode(&words.join("\n")));
    }
    out
}

/// A game's PGN record or a verifier link pasted into any field: the four
/// inputs it carries (commitment, seed, setup code, words one per line).
/// `None`: the text is neither, and stays in the field it was typed into.
pub fn pasted_record(text: &str) -> Option<Result<[String; 4], Problem>> {
    const LINK: &str = "#/verify?";
    if let Some(at) = text.find(LINK) {
        let rest = &text[at + LINK.len()..];
        let query = Query::parse(rest.split_whitespace().next().unwrap_or_default());
        let get = |key| query.get(key).unwrap_or_default().to_owned();
        query.get("c")?;
        return Some(Ok([get("c"), get("s"), get("setup"), get("w")]));
    }
    Some(match recorded_draw(text)? {
        Ok(r) => Ok([
            r.commitment_hex,
            r.seed_hex.unwrap_or_default(),
            r.setup_text,
            r.words.join("\n"),
        ]),
        Err(RecordedDrawError::NoSetup) => Err(Problem::Missing(Field::Setup)),
        Err(RecordedDrawError::BadWords(_)) => Err(Problem::RecordWords),
    })
}

/// Pasted hex: whitespace anywhere is dropped, capitals become small letters.
fn clean_hex(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The canonical setup text has no whitespace; pasting may add some.
fn clean_setup(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// One entry per non-blank line (blank lines would count against the limit
/// but never change the draw). Blank as the draw sees it: a line of
/// no-break or ideographic spaces is an entry and changes the draw.
fn word_entries(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| !is_blank_word(line))
        .map(str::to_owned)
        .collect()
}

/// An input of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Commitment,
    Seed,
    Setup,
    Words,
}

/// One thing that stops verification, kept as data so its message follows
/// the language (every one has its text in `i18n::verifier`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    Missing(Field),
    Commitment(HexError),
    Seed(HexError),
    /// The setup code, whichever game it is for.
    Setup(SetupProblem),
    /// Too many or too long words (as the referee says it).
    Words,
    TooManyWords {
        found: usize,
    },
    /// `line`: the 1-based line of the words field, as typed.
    WordTooLong {
        line: usize,
        bytes: usize,
    },
    /// A pasted record whose `Words` tag cannot be read (nothing was filled
    /// in: dropping the words would print draws the game never used).
    RecordWords,
}

/// What is wrong with a setup code, for any game the verifier knows: each game maps
/// its referee's error onto these, so every message is a catalogue text.
/// Positions and indices are 0-based, as the referee gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    TooLong {
        bytes: usize,
        max: usize,
    },
    BadCharacter {
        position: usize,
        found: char,
    },
    FieldCount {
        found: usize,
        expected: usize,
    },
    UnknownVersion {
        found: String,
        expected: &'static str,
    },
    /// Nordau's shift unit is neither `f` nor `h`.
    BadUnit(String),
    BadPart(Part),
    NonCanonical {
        part: Part,
        problem: NonCanonical,
    },
    NotUtf8 {
        index: usize,
    },
    BadName {
        index: usize,
        problem: NameProblem,
    },
    DuplicateName {
        first: usize,
        second: usize,
    },
    BadShiftRange {
        min: u32,
        max: u32,
    },
    BadSchedule,
    BadPoints,
    BadBonus,
    BadWords,
    /// A card duel's times outside their limits.
    CardsClock,
    /// An Undo Chess time control outside its limits.
    UndoClock {
        max_stages: usize,
    },
    /// Undo Chess: 0 to 3 tokens each (UC-2).
    Tokens,
    /// Undo Chess: no such Chess960 position.
    StartOutOfRange(u32),
    /// Undo Chess: the setup names its start position, nothing was drawn.
    NotDrawn {
        number: u32,
    },
}

/// A dot-separated part of a setup code, named as each game's code has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    ShiftRange,
    Schedule,
    Bonus,
    Points,
    Names,
    CardsClock,
    CardsNames,
    UndoStart,
    UndoTokens,
    UndoBases,
    UndoStages,
    UndoNames,
    /// A part no catalogue names: the message names the setup code.
    Other,
}

impl Field {
    /// The field's name in markup (`data-field`).
    pub fn key(self) -> &'static str {
        match self {
            Field::Commitment => "commitment",
            Field::Seed => "seed",
            Field::Setup => "setup",
            Field::Words => "words",
        }
    }
}

impl Problem {
    pub fn field(&self) -> Field {
        match self {
            Problem::Missing(field) => *field,
            Problem::Commitment(_) => Field::Commitment,
            Problem::Seed(_) => Field::Seed,
            Problem::Setup(_) => Field::Setup,
            Problem::Words
            | Problem::TooManyWords { .. }
            | Problem::WordTooLong { .. }
            | Problem::RecordWords => Field::Words,
        }
    }
}

/// What pressing "Verify" found.
#[derive(Debug)]
pub enum Outcome {
    /// The commitment matches: what the seed drew.
    Verified {
        drawing: Drawing,
        fragment: String,
    },
    /// Commitment and setup are well formed, the seed is not known yet.
    Pending {
        commitment_hex: String,
        /// The canonical setup code.
        setup_text: String,
        names: Vec<String>,
        fragment: String,
    },
    Mismatch {
        shown: String,
        computed: String,
    },
    Invalid(Vec<Problem>),
}

/// A checked reveal: what every game shows, and the game's own part.
#[derive(Debug)]
pub struct Drawing {
    pub commitment_hex: String,
    pub setup_text: String,
    /// The normalised words that entered the draw.
    pub words: Vec<String>,
    pub shown: Box<dyn Drawn>,
}

/// A game's own part of a verified reveal, rendered in the language of the
/// moment (a language switch re-renders it).
pub trait Drawn: fmt::Debug + Send + Sync {
    /// Who plays, shown above the words.
    fn people_html(&self, t: &VerifierTexts) -> String;
    /// What the seed drew, shown below them.
    fn draw_html(&self, t: &VerifierTexts) -> String;
}

/// Why a well-formed reveal does not verify.
enum Refusal {
    Mismatch { shown: String, computed: String },
    Problem(Problem),
}

impl From<Problem> for Refusal {
    fn from(problem: Problem) -> Refusal {
        Refusal::Problem(problem)
    }
}

/// A setup code read: its canonical text and the players' names.
struct Parsed {
    text: String,
    names: Vec<String>,
}

/// A committed game the verifier knows. Adding a drawn game to the verifier
/// is adding its entry to [`GAMES`].
struct Game {
    /// How its setup codes start (`ns1.`).
    prefix: &'static str,
    /// Reads a setup code.
    parse: fn(&str) -> Result<Parsed, SetupProblem>,
    /// Checks a reveal: commitment hex, seed hex, setup code, words.
    verify: fn(&str, &str, &str, &[String]) -> Result<Drawing, Refusal>,
}

/// A committed game as this page shows it: the referee checks the reveal
/// ([`CommittedDraw::verify`]), the game says how its refusals and its draw
/// read here.
trait Shown: CommittedDraw {
    /// The draw the page lists.
    const DRAW: Self;
    fn setup_problem(e: Self::SetupError) -> SetupProblem;
    fn drawing(report: Self::Report) -> Drawing;
}

/// Checks a reveal of game `G` and maps the referee's refusal for the page.
fn check_reveal<G: Shown>(
    commitment_hex: &str,
    seed_hex: &str,
    setup_text: &str,
    words: &[String],
) -> Result<Drawing, Refusal> {
    G::DRAW
        .verify(commitment_hex, seed_hex, setup_text, words)
        .map(G::drawing)
        .map_err(|e| match e {
            VerifyError::Mismatch { shown, computed } => Refusal::Mismatch { shown, computed },
            VerifyError::Commitment(e) => Problem::Commitment(e).into(),
            VerifyError::Seed(e) => Problem::Seed(e).into(),
            VerifyError::Setup(e) => Problem::Setup(G::setup_problem(e)).into(),
            VerifyError::Words => Problem::Words.into(),
        })
}

/// The committed games of this build. The first also reads any setup code
/// no other claims, so its errors say what a code must look like.
static GAMES: &[Game] = &[
    nordau::GAME,
    #[cfg(feature = "cards")]
    cards::GAME,
    #[cfg(feature = "undo")]
    undo::GAME,
];

fn game_of(setup_text: &str) -> &'static Game {
    GAMES
        .iter()
        .find(|g| setup_text.starts_with(g.prefix))
        .unwrap_or(&GAMES[0])
}

/// Checks the four inputs as typed, for the game the setup code names. Every
/// problem of every field is listed at once; the referee's verification runs
/// only on well-formed inputs. Words count only once a seed is given.
pub fn check(
    commitment_text: &str,
    seed_text: &str,
    setup_text: &str,
    words_text: &str,
) -> Outcome {
    let commitment_hex = clean_hex(commitment_text);
    let seed_hex = clean_hex(seed_text);
    let setup_text = clean_setup(setup_text);
    let words = word_entries(words_text);
    let game = game_of(&setup_text);
    let mut problems = Vec::new();

    if commitment_hex.is_empty() {
        problems.push(Problem::Missing(Field::Commitment));
    } else if let Err(e) = parse_hex32(&commitment_hex) {
        problems.push(Problem::Commitment(e));
    }
    let has_seed = !seed_hex.is_empty();
    if has_seed && let Err(e) = parse_hex32(&seed_hex) {
        problems.push(Problem::Seed(e));
    }
    let parsed = if setup_text.is_empty() {
        problems.push(Problem::Missing(Field::Setup));
        None
    } else {
        (game.parse)(&setup_text)
            .map_err(|e| problems.push(Problem::Setup(e)))
            .ok()
    };
    if has_seed {
        problems.extend(word_problems(words_text, words.len()));
    }
    let Some(parsed) = parsed.filter(|_| problems.is_empty()) else {
        return Outcome::Invalid(problems);
    };
    if !has_seed {
        return Outcome::Pending {
            fragment: verifier_fragment(&commitment_hex, &setup_text, None, &[]),
            commitment_hex,
            setup_text: parsed.text,
            names: parsed.names,
        };
    }
    match (game.verify)(&commitment_hex, &seed_hex, &setup_text, &words) {
        Ok(drawing) => Outcome::Verified {
            fragment: verifier_fragment(
                &drawing.commitment_hex,
                &drawing.setup_text,
                Some(&seed_hex),
                &drawing.words,
            ),
            drawing,
        },
        Err(Refusal::Mismatch { shown, computed }) => Outcome::Mismatch { shown, computed },
        Err(Refusal::Problem(problem)) => Outcome::Invalid(vec![problem]),
    }
}

/// Too many entries, and the first too long one by its line in the field as
/// the player sees it (1-based, blank lines counted).
fn word_problems(words_text: &str, entries: usize) -> Vec<Problem> {
    let mut problems = Vec::new();
    if entries > MAX_WORDS {
        problems.push(Problem::TooManyWords { found: entries });
    }
    if let Some((i, w)) = words_text
        .lines()
        .enumerate()
        .find(|(_, w)| !is_blank_word(w) && w.len() > MAX_WORD_BYTES)
    {
        problems.push(Problem::WordTooLong {
            line: i + 1,
            bytes: w.len(),
        });
    }
    problems
}

/// Puts `args` into a template's `{0}`, `{1}`, … (in one pass, so an argument
/// that itself contains `{1}` stays as it is).
pub fn fill(template: &str, args: &[&str]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        rest = &rest[i..];
        let b = rest.as_bytes();
        let arg = match (b.get(1), b.get(2)) {
            (Some(d @ b'0'..=b'9'), Some(b'}')) => args.get(usize::from(d - b'0')),
            _ => None,
        };
        match arg {
            Some(a) => {
                out.push_str(a);
                rest = &rest[3..];
            }
            None => {
                out.push('{');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn field_name(t: &VerifierTexts, field: Field) -> &'static str {
    match field {
        Field::Commitment => t.field_commitment,
        Field::Seed => t.field_seed,
        Field::Setup => t.field_setup,
        Field::Words => t.field_words,
    }
}

/// A hex error in words: `position` counts characters of the cleaned input
/// (spaces removed), from 1, and names the offending character.
pub fn hex_error_text(t: &VerifierTexts, error: &HexError, cleaned: &str) -> String {
    match *error {
        HexError::NotHex { position } => {
            let c = cleaned.chars().nth(position).unwrap_or('?');
            fill(
                t.hex_not_hex,
                &[&(position + 1).to_string(), &c.to_string()],
            )
        }
        HexError::UpperCase { position } => {
            let c = cleaned.chars().nth(position).unwrap_or('?');
            fill(
                t.hex_upper_case,
                &[&(position + 1).to_string(), &c.to_string()],
            )
        }
        HexError::WrongLength { found_digits: 0 } => t.missing.to_owned(),
        HexError::WrongLength { found_digits } => {
            fill(t.hex_wrong_length, &[&found_digits.to_string()])
        }
    }
}

fn part_name(t: &VerifierTexts, part: Part) -> &'static str {
    match part {
        Part::ShiftRange => t.part_shift_range,
        Part::Schedule => t.part_schedule,
        Part::Bonus => t.part_bonus,
        Part::Points => t.part_points,
        Part::Names => t.part_names,
        Part::CardsClock => t.part_cards_clock,
        Part::CardsNames => t.part_cards_names,
        Part::UndoStart => t.part_undo_start,
        Part::UndoTokens => t.part_undo_tokens,
        Part::UndoBases => t.part_undo_bases,
        Part::UndoStages => t.part_undo_stages,
        Part::UndoNames => t.part_undo_names,
        Part::Other => t.field_setup,
    }
}

pub fn setup_error_text(t: &VerifierTexts, error: &SetupProblem) -> String {
    let n = |index: usize| (index + 1).to_string();
    let code_point = |c: char| format!("{:04X}", u32::from(c));
    match error {
        SetupProblem::TooLong { bytes, max } => {
            fill(t.setup_too_long, &[&bytes.to_string(), &max.to_string()])
        }
        SetupProblem::BadCharacter { position, found } => {
            fill(t.setup_bad_character, &[&n(*position), &code_point(*found)])
        }
        SetupProblem::NonCanonical { part, problem } => {
            let what = match problem {
                NonCanonical::LeadingZero => t.nc_leading_zero,
                NonCanonical::ZeroMoveCount => t.nc_zero_moves,
                NonCanonical::LowerCaseEscape => t.nc_lower_escape,
                NonCanonical::NeedlessEscape => t.nc_needless_escape,
                NonCanonical::Unescaped => t.nc_unescaped,
            };
            fill(t.setup_non_canonical, &[part_name(t, *part), what])
        }
        SetupProblem::NotUtf8 { index } => fill(t.setup_not_utf8, &[&n(*index)]),
        SetupProblem::FieldCount { found, expected } => fill(
            t.setup_field_count,
            &[&t.parts.count(*expected as u64), &found.to_string()],
        ),
        SetupProblem::UnknownVersion { found, expected } => {
            fill(t.setup_version, &[found, expected])
        }
        SetupProblem::BadUnit(u) => fill(t.setup_unit, &[u]),
        SetupProblem::BadPart(part) => fill(t.setup_bad_part, &[part_name(t, *part)]),
        SetupProblem::BadName { index, problem } => {
            let i = n(*index);
            match *problem {
                NameProblem::Empty => fill(t.setup_name_empty, &[&i]),
                NameProblem::TooLong { bytes } => {
                    fill(t.setup_name_too_long, &[&i, &bytes.to_string()])
                }
                NameProblem::Character(c) => fill(t.setup_name_character, &[&i, &code_point(c)]),
                NameProblem::EdgeSpace => fill(t.setup_name_space, &[&i]),
                NameProblem::DoubleSpace => fill(t.setup_name_double_space, &[&i]),
                NameProblem::LeadingMark(c) => fill(t.setup_name_mark, &[&i, &code_point(c)]),
            }
        }
        SetupProblem::DuplicateName { first, second } => {
            fill(t.setup_duplicate_name, &[&n(*first), &n(*second)])
        }
        SetupProblem::BadShiftRange { min, max } => {
            fill(t.setup_bad_range, &[&min.to_string(), &max.to_string()])
        }
        SetupProblem::BadSchedule => t.setup_bad_schedule.to_owned(),
        SetupProblem::BadPoints => t.setup_bad_points.to_owned(),
        SetupProblem::BadBonus => t.setup_bad_bonus.to_owned(),
        SetupProblem::BadWords => t.setup_bad_words.to_owned(),
        SetupProblem::CardsClock => t.setup_cards_clock.to_owned(),
        SetupProblem::UndoClock { max_stages } => {
            fill(t.setup_undo_clock, &[&max_stages.to_string()])
        }
        SetupProblem::Tokens => t.setup_tokens.to_owned(),
        SetupProblem::StartOutOfRange(number) => fill(t.setup_start_range, &[&number.to_string()]),
        SetupProblem::NotDrawn { number } => fill(t.setup_not_drawn, &[&number.to_string()]),
    }
}

/// A localized sentence for any problem, starting with the field's name.
/// `inputs` are the raw commitment and seed texts (to quote a bad character).
pub fn problem_text(t: &VerifierTexts, problem: &Problem, inputs: [&str; 2]) -> String {
    let detail = match problem {
        Problem::Missing(_) => t.missing.to_owned(),
        Problem::Commitment(e) => hex_error_text(t, e, &clean_hex(inputs[0])),
        Problem::Seed(e) => hex_error_text(t, e, &clean_hex(inputs[1])),
        Problem::Setup(e) => setup_error_text(t, e),
        Problem::Words => t.words_invalid.to_owned(),
        Problem::TooManyWords { found } => fill(t.words_too_many, &[&found.to_string()]),
        Problem::WordTooLong { line, bytes } => {
            fill(t.word_too_long, &[&line.to_string(), &bytes.to_string()])
        }
        Problem::RecordWords => t.record_words.to_owned(),
    };
    format!("{}: {detail}", field_name(t, problem.field()))
}

/// Hex in groups of four for reading aloud and comparing, as markup; `other`,
/// when given, marks the groups that differ from it.
fn hex_groups(hex: &str, other: Option<&str>) -> String {
    let groups: Vec<String> = hex
        .as_bytes()
        .chunks(4)
        .enumerate()
        .map(|(i, chunk)| {
            let text = escape(&String::from_utf8_lossy(chunk));
            let differs = other.is_some_and(|o| o.get(i * 4..i * 4 + chunk.len()) != Some(&text));
            let class = if differs {
                "hex-group differs"
            } else {
                "hex-group"
            };
            format!(r#"<span class="{class}">{text}</span>"#)
        })
        .collect();
    format!(
        r#"<code class="hex-groups" translate="no">{}</code>"#,
        groups.join(" ")
    )
}

/// A labelled textarea with its hint, as markup.
fn field_html(
    id: &str,
    class: &str,
    rows: u8,
    label: &str,
    hint: &str,
    value: &str,
    invalid: bool,
) -> String {
    let (field_class, aria) = if invalid {
        ("verify-field invalid", r#" aria-invalid="true""#)
    } else {
        ("verify-field", "")
    };
    // The newline after <textarea> is eaten by the HTML parser, so a value
    // that starts with one keeps it.
    format!(
        concat!(
            r#"<div class="{field_class}"><label for="{id}">{label}</label>"#,
            r#"<p class="verify-hint" id="{id}-hint">{hint}</p>"#,
            r#"<textarea id="{id}" class="{class}" rows="{rows}" spellcheck="false" autocapitalize="off" autocomplete="off" autocorrect="off""#,
            r#" aria-describedby="{id}-hint"{aria}>"#,
            "\n{value}</textarea></div>"
        ),
        field_class = field_class,
        id = id,
        label = escape(label),
        hint = escape(hint),
        class = class,
        rows = rows,
        aria = aria,
        value = escape(value),
    )
}

/// The four inputs, in the order they were typed.
#[derive(Clone, Copy)]
struct Inputs {
    commitment: RwSignal<String>,
    seed: RwSignal<String>,
    setup: RwSignal<String>,
    words: RwSignal<String>,
}

/// The whole page as markup, for the current language, inputs and outcome.
fn page_html(
    t: &VerifierTexts,
    inputs: Inputs,
    outcome: Option<&Outcome>,
    witness: &Witness,
) -> String {
    let commitment = inputs.commitment.get_untracked();
    let seed = inputs.seed.get_untracked();
    let invalid = |field: Field| match outcome {
        Some(Outcome::Invalid(problems)) => problems.iter().any(|p| p.field() == field),
        // Any of the three that make the commitment may be the wrong one.
        Some(Outcome::Mismatch { .. }) => {
            matches!(field, Field::Commitment | Field::Seed | Field::Setup)
        }
        _ => false,
    };
    let result = outcome
        .map(|o| outcome_html(o, t, [&commitment, &seed], witness))
        .unwrap_or_default();
    [
        format!("<h1>{}</h1>", escape(t.title)),
        para("lede", t.intro),
        para("hint paste-hint", t.paste_hint),
        r#"<form class="verify-form" novalidate>"#.to_owned(),
        field_html(
            "verify-commitment",
            "hex-input",
            3,
            t.commitment_label,
            t.commitment_hint,
            &commitment,
            invalid(Field::Commitment),
        ),
        field_html(
            "verify-setup",
            "code-input",
            2,
            t.setup_label,
            t.setup_hint,
            &inputs.setup.get_untracked(),
            invalid(Field::Setup),
        ),
        field_html(
            "verify-seed",
            "hex-input",
            3,
            t.seed_label,
            t.seed_hint,
            &seed,
            invalid(Field::Seed),
        ),
        field_html(
            "verify-words",
            "words-input",
            3,
            t.words_label,
            t.words_hint,
            &inputs.words.get_untracked(),
            invalid(Field::Words),
        ),
        format!(
            r#"<button type="submit" class="button primary verify-button">{}</button></form>"#,
            escape(t.verify_button)
        ),
        format!(r#"<section class="verify-result" id="verify-result" aria-live="polite">{result}</section>"#),
        witness_list_html(t, &witness.list),
    ]
    .concat()
}

/// What this phone witnessed, and whether storing the last one failed.
#[derive(Clone, Debug, Default, PartialEq)]
struct Witness {
    list: Vec<Witnessed>,
    failed: bool,
}

/// Before the reveal: keep the commitment on this phone, or say when it was.
fn witness_offer_html(t: &VerifierTexts, commitment_hex: &str, witness: &Witness) -> String {
    if let Some(w) = witness::find(&witness.list, commitment_hex) {
        let when = witness::time_text(w.at_ms);
        return para("witness-note", &fill(t.witnessed_here, &[&when]));
    }
    let failed = if witness.failed {
        para("witness-note", t.witness_failed)
    } else {
        String::new()
    };
    format!(
        r#"{}<button type="button" class="button primary witness-button" data-action="witness">{}</button>{failed}"#,
        para("witness-explain", t.witness_explain),
        escape(t.witness_button)
    )
}

/// After the reveal: which of this phone's records matched, claiming nothing
/// about a commitment this phone never saw.
fn witness_check_html(t: &VerifierTexts, commitment_hex: &str, witness: &Witness) -> String {
    match witness::find(&witness.list, commitment_hex) {
        Some(w) => para(
            "witness-check witness-match",
            &fill(t.witness_matches, &[&witness::time_text(w.at_ms)]),
        ),
        None => para("witness-check witness-unknown", t.witness_unknown),
    }
}

fn witness_list_html(t: &VerifierTexts, list: &[Witnessed]) -> String {
    if list.is_empty() {
        return String::new();
    }
    let items: String = list
        .iter()
        .rev()
        .map(|w| {
            // Each game reads its own setup codes (witness mode for all).
            let names = (game_of(&w.setup_text).parse)(&w.setup_text)
                .map(|p| p.names.join(", "))
                .unwrap_or_else(|_| w.setup_text.clone());
            format!(
                r#"<li class="witnessed"><p>{} · {}</p><p class="hex-display">{}</p></li>"#,
                escape(&witness::time_text(w.at_ms)),
                escape(&names),
                hex_groups(&w.commitment_hex, None)
            )
        })
        .collect();
    format!(
        r#"<section class="witness-list"><h2>{}</h2><ul>{items}</ul></section>"#,
        escape(t.witness_list_title)
    )
}

/// The verifier page. It is rendered as one escaped markup string per
/// (language, outcome), with the inputs' `input` and the form's `submit`
/// events caught on the page element: the same DOM as `view!` markup, but a
/// fraction of the wasm, which keeps the app inside its size budget (README
/// "Size"). Typing never re-renders; the inputs live in signals, so a language
/// switch or a new result never loses them.
#[component]
pub fn Verifier(query: Query) -> impl IntoView {
    let i18n = use_i18n();
    let from_url = |key| query.get(key).unwrap_or_default().to_owned();
    let inputs = Inputs {
        commitment: RwSignal::new(from_url("c")),
        seed: RwSignal::new(from_url("s")),
        setup: RwSignal::new(from_url("setup")),
        words: RwSignal::new(from_url("w")),
    };
    let outcome = RwSignal::new(None::<Outcome>);
    let witness = RwSignal::new(Witness {
        list: witness::list(),
        failed: false,
    });
    // "Witness this commitment": only a well-formed commitment before the reveal.
    let on_click = move |ev: leptos::ev::MouseEvent| {
        let asked = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-action=witness]").ok().flatten())
            .is_some();
        let pending = outcome.with_untracked(|o| match o {
            Some(Outcome::Pending {
                commitment_hex,
                setup_text,
                ..
            }) => Some((commitment_hex.clone(), setup_text.clone())),
            _ => None,
        });
        if let (true, Some((commitment_hex, setup_text))) = (asked, pending) {
            let added = witness::add(Witnessed {
                at_ms: js_sys::Date::now() as u64,
                commitment_hex,
                setup_text,
            });
            witness.set(match added {
                Some(list) => Witness {
                    list,
                    failed: false,
                },
                None => Witness {
                    list: witness::list(),
                    failed: true,
                },
            });
        }
    };

    let run = move |scroll: bool| {
        let found = check(
            &inputs.commitment.get_untracked(),
            &inputs.seed.get_untracked(),
            &inputs.setup.get_untracked(),
            &inputs.words.get_untracked(),
        );
        // A result is read from its top; an error is shown with the fields
        // above it (aligned to the bottom of the screen).
        let to_top = matches!(found, Outcome::Verified { .. } | Outcome::Pending { .. });
        outcome.set(Some(found));
        if scroll {
            request_animation_frame(move || {
                if let Some(el) = web::document().and_then(|d| d.get_element_by_id("verify-result"))
                {
                    el.scroll_into_view_with_bool(to_top);
                }
            });
        }
    };
    // Opened from a link (QR code, the game's reveal screen): check at once.
    if query.get("c").is_some() && query.get("setup").is_some() {
        run(query.get("s").is_some());
    }

    let on_input = move |ev: leptos::ev::Event| {
        let id = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .map(|el| el.id());
        let signal = match id.as_deref() {
            Some("verify-commitment") => inputs.commitment,
            Some("verify-seed") => inputs.seed,
            Some("verify-setup") => inputs.setup,
            Some("verify-words") => inputs.words,
            _ => return,
        };
        // Untracked: the page is not re-rendered while someone types.
        let value = event_target_value(&ev);
        let pasted = pasted_record(&value);
        signal.update_untracked(|v| *v = value);
        match pasted {
            Some(Ok(values)) => {
                let fields = [inputs.commitment, inputs.seed, inputs.setup, inputs.words];
                for (field, value) in fields.into_iter().zip(values) {
                    field.update_untracked(|v| *v = value);
                }
                run(true);
            }
            Some(Err(problem)) => outcome.set(Some(Outcome::Invalid(vec![problem]))),
            None => {}
        }
    };

    view! {
        <article
            class="verifier"
            on:input=on_input
            on:click=on_click
            on:submit=move |ev| {
                ev.prevent_default();
                run(true);
            }
            inner_html=move || {
                let t = i18n.t().verifier;
                witness.with(|w| outcome.with(|o| page_html(t, inputs, o.as_ref(), w)))
            }
        ></article>
    }
}

fn banner(kind: &str, icon: &str, title: &str, body: &str) -> String {
    let role = if kind == "bad" { "alert" } else { "status" };
    format!(
        r#"<div class="banner banner-{kind}" role="{role}"><p class="banner-title"><span class="banner-icon" aria-hidden="true">{icon}</span><span class="banner-text">{}</span></p>{body}</div>"#,
        escape(title)
    )
}

fn para(class: &str, text: &str) -> String {
    format!(r#"<p class="{class}">{}</p>"#, escape(text))
}

fn name_chips(class: &str, names: &[String]) -> String {
    let items: String = names
        .iter()
        .map(|n| format!("<li>{}</li>", escape(n)))
        .collect();
    format!(r#"<ul class="{class}">{items}</ul>"#)
}

fn share_code(t: &VerifierTexts, fragment: &str, label: &str) -> String {
    let svg = qr_svg(&web::absolute_url(fragment), label, "").unwrap_or_default();
    format!(
        r#"<figure class="share-code">{svg}<figcaption>{}</figcaption></figure>"#,
        escape(t.qr_caption)
    )
}

/// The result area as markup. The result is static once computed, so it is
/// built as a string (every text escaped) rather than as Leptos views: the
/// same DOM for a fraction of the wasm (see README "Size"). One path for
/// every game: only [`Drawn`] is the game's own.
fn outcome_html(
    outcome: &Outcome,
    t: &VerifierTexts,
    inputs: [&str; 2],
    witness: &Witness,
) -> String {
    match outcome {
        Outcome::Verified { drawing, fragment } => {
            let witness_check = witness_check_html(t, &drawing.commitment_hex, witness);
            verified_html(t, drawing, fragment, &witness_check)
        }
        Outcome::Pending {
            commitment_hex,
            names,
            fragment,
            ..
        } => [
            banner("pending", "…", t.pending_title, &para("", t.pending_detail)),
            format!("<h2>{}</h2>", escape(t.commitment_heading)),
            format!(r#"<p class="hex-display">{}</p>"#, hex_groups(commitment_hex, None)),
            name_chips("name-chips", names),
            witness_offer_html(t, commitment_hex, witness),
            share_code(t, fragment, t.qr_label_pending),
        ]
        .concat(),
        Outcome::Mismatch { shown, computed } => [
            banner("bad", "✗", t.mismatch_title, &para("", t.mismatch_detail)),
            format!(
                r#"<dl class="hex-compare"><dt>{}</dt><dd class="hex-shown">{}</dd><dt>{}</dt><dd class="hex-computed">{}</dd></dl>"#,
                escape(t.shown_label),
                hex_groups(shown, Some(computed)),
                escape(t.computed_label),
                hex_groups(computed, Some(shown)),
            ),
        ]
        .concat(),
        Outcome::Invalid(problems) => {
            let items: String = problems
                .iter()
                .map(|p| {
                    format!(
                        r#"<li class="problem" data-field="{}">{}</li>"#,
                        p.field().key(),
                        escape(&problem_text(t, p, inputs))
                    )
                })
                .collect();
            banner(
                "bad",
                "✗",
                t.error_title,
                &format!(r#"<ul class="problems">{items}</ul>"#),
            )
        }
    }
}

/// A verified reveal: the match, the people, the words, the draw, the link.
fn verified_html(
    t: &VerifierTexts,
    drawing: &Drawing,
    fragment: &str,
    witness_check: &str,
) -> String {
    let words = if drawing.words.is_empty() {
        String::new()
    } else {
        format!(
            "<h2>{}</h2>{}",
            escape(t.words_used),
            name_chips("name-chips words-used", &drawing.words)
        )
    };
    [
        banner(
            "ok",
            "✓",
            t.match_title,
            &format!(
                r#"{}<p class="hex-display">{}</p>{witness_check}{}"#,
                para("", t.match_detail),
                hex_groups(&drawing.commitment_hex, None),
                para(
                    "match-words",
                    if drawing.words.is_empty() {
                        t.match_no_words
                    } else {
                        t.match_words
                    },
                ),
            ),
        ),
        drawing.shown.people_html(t),
        words,
        drawing.shown.draw_html(t),
        share_code(t, fragment, t.qr_label_result),
    ]
    .concat()
}

/// A two-player game's people: a heading and White, Black (public only so
/// that a build without two-player drawn games keeps it without a warning).
pub fn players_html(title: &str, white: &str, black: &str) -> String {
    format!(
        "<h2>{}</h2>{}",
        escape(title),
        name_chips("name-chips", &[white.to_owned(), black.to_owned()])
    )
}

/// Nordau Shift (setup code `ns1.…`, RULES.md C-3): the seating and the
/// schedule of hidden shifts and coins; its commitments can be witnessed.
mod nordau {
    use super::*;
    use crate::referee::nordau::NsDraw;
    use crate::referee::nordau::setup::{BadUnit, MAX_SETUP_TEXT_BYTES};
    use crate::referee::nordau::verify::DEFAULT_REPORT_SHIFTS;
    use crate::referee::{Colour, Report, Seat, Setup, SetupError, SetupTextError, ShiftUnit};

    pub const GAME: Game = Game {
        prefix: NsDraw::PREFIX,
        parse,
        verify: check_reveal::<NsDraw>,
    };

    fn parse(text: &str) -> Result<Parsed, SetupProblem> {
        let setup = Setup::from_text(text).map_err(setup_problem)?;
        Ok(Parsed {
            text: setup.to_text(),
            names: setup.names.into(),
        })
    }

    impl Shown for NsDraw {
        const DRAW: NsDraw = NsDraw {
            shifts: DEFAULT_REPORT_SHIFTS,
        };

        fn setup_problem(e: SetupTextError) -> SetupProblem {
            setup_problem(e)
        }

        fn drawing(report: Report) -> Drawing {
            let rows = rows_of(&report);
            Drawing {
                shown: Box::new(Schedule {
                    seating_names: report.seating_names,
                    min: report.setup.min_shift,
                    max: report.setup.max_shift,
                    unit: report.setup.unit,
                    rows,
                }),
                commitment_hex: report.commitment_hex,
                setup_text: report.setup_text,
                words: report.words,
            }
        }
    }

    fn part(field: &str) -> Part {
        match field {
            "shift range" => Part::ShiftRange,
            "block schedule" => Part::Schedule,
            "bonus" => Part::Bonus,
            "points" => Part::Points,
            "names" => Part::Names,
            _ => Part::Other,
        }
    }

    fn setup_problem(e: SetupTextError) -> SetupProblem {
        match e {
            SetupTextError::TooLong { bytes } => SetupProblem::TooLong {
                bytes,
                max: MAX_SETUP_TEXT_BYTES,
            },
            SetupTextError::BadCharacter { position, found } => {
                SetupProblem::BadCharacter { position, found }
            }
            SetupTextError::FieldCount { found } => SetupProblem::FieldCount { found, expected: 7 },
            SetupTextError::UnknownVersion(found) => SetupProblem::UnknownVersion {
                found,
                expected: "ns1",
            },
            SetupTextError::Own(BadUnit(unit)) => SetupProblem::BadUnit(unit),
            SetupTextError::BadField { field } => SetupProblem::BadPart(part(field)),
            SetupTextError::NonCanonical { field, problem } => SetupProblem::NonCanonical {
                part: part(field),
                problem,
            },
            SetupTextError::NotUtf8 { index } => SetupProblem::NotUtf8 { index },
            SetupTextError::Invalid(e) => match e {
                SetupError::BadName { index, problem } => SetupProblem::BadName { index, problem },
                SetupError::DuplicateName { first, second } => {
                    SetupProblem::DuplicateName { first, second }
                }
                SetupError::BadShiftRange { min, max } => SetupProblem::BadShiftRange { min, max },
                SetupError::BadSchedule => SetupProblem::BadSchedule,
                SetupError::BadPoints => SetupProblem::BadPoints,
                SetupError::BadBonus => SetupProblem::BadBonus,
                SetupError::BadWords => SetupProblem::BadWords,
            },
        }
    }

    /// One row of the schedule table, with the people who move.
    #[derive(Debug)]
    struct Row {
        number: usize,
        length: u32,
        coin: Colour,
        stands_up: String,
        sits_down: String,
    }

    /// Who stands up and who sits down at the end of each shift, following the
    /// seating through the referee's own swap (NS-3).
    fn rows_of(report: &Report) -> Vec<Row> {
        let names = &report.setup.names;
        let mut seating = report.seating;
        report
            .shifts
            .iter()
            .map(|shift| {
                let stands_up = seating.person_at(Seat::of_colour(shift.coin));
                let sits_down = seating.person_at(Seat::Observer);
                seating.swap_with_observer(shift.coin);
                Row {
                    number: shift.number,
                    length: shift.length,
                    coin: shift.coin,
                    stands_up: names[usize::from(stands_up)].clone(),
                    sits_down: names[usize::from(sits_down)].clone(),
                }
            })
            .collect()
    }

    /// The seating at the start and the hidden shifts and coins.
    #[derive(Debug)]
    struct Schedule {
        /// On White, Black, Observer.
        seating_names: [String; 3],
        min: u32,
        max: u32,
        unit: ShiftUnit,
        rows: Vec<Row>,
    }

    impl Drawn for Schedule {
        fn people_html(&self, t: &VerifierTexts) -> String {
            let seats: String = [
                ("white", t.seat_white),
                ("black", t.seat_black),
                ("observer", t.seat_observer),
            ]
            .iter()
            .zip(&self.seating_names)
            .map(|((class, seat), name)| {
                format!(
                    r#"<div class="seat seat-{class}"><dt>{}</dt><dd>{}</dd></div>"#,
                    escape(seat),
                    escape(name)
                )
            })
            .collect();
            format!(
                r#"<h2>{}</h2><dl class="seating">{seats}</dl>"#,
                escape(t.seating_title)
            )
        }

        fn draw_html(&self, t: &VerifierTexts) -> String {
            let (min, max) = (self.min.to_string(), self.max.to_string());
            let (note, length_head) = match self.unit {
                ShiftUnit::FullMoves => (fill(t.schedule_note_full, &[&min, &max]), t.col_moves),
                ShiftUnit::HalfMoves => {
                    (fill(t.schedule_note_half, &[&min, &max]), t.col_half_moves)
                }
            };
            // Column names again, for the stacked layout of narrow screens.
            let labels = [length_head, t.col_stands_up, t.col_sits_down].map(escape);
            let body: String = self
                .rows
                .iter()
                .map(|row| {
                    let (colour, seat) = match row.coin {
                        Colour::White => ("white", t.seat_white),
                        Colour::Black => ("black", t.seat_black),
                    };
                    format!(
                        concat!(
                            r#"<tr data-coin="{colour}"><th scope="row" class="shift-number">{number}</th>"#,
                            r#"<td class="shift-length" data-label="{l_length}">{length}</td>"#,
                            r#"<td class="shift-up" data-label="{l_up}"><span class="coin-chip coin-chip-{colour}">{seat}</span> "#,
                            r#"<span class="person">{up}</span></td>"#,
                            r#"<td class="shift-down" data-label="{l_down}"><span class="person">{down}</span></td></tr>"#
                        ),
                        l_length = labels[0],
                        l_up = labels[1],
                        l_down = labels[2],
                        colour = colour,
                        number = row.number,
                        length = row.length,
                        seat = escape(seat),
                        up = escape(&row.stands_up),
                        down = escape(&row.sits_down),
                    )
                })
                .collect();
            let head: String = [t.col_shift, length_head, t.col_stands_up, t.col_sits_down]
                .iter()
                .map(|h| format!(r#"<th scope="col">{}</th>"#, escape(h)))
                .collect();
            [
                format!("<h2>{}</h2>", escape(t.schedule_title)),
                para("schedule-note", &note),
                format!(
                    r#"<div class="schedule-wrap"><table class="schedule"><caption>{}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"#,
                    escape(&fill(t.schedule_caption, &[&self.rows.len().to_string()]))
                ),
            ]
            .concat()
        }
    }
}

/// The card-series duel's reveal (setup code `cs1.…`, docs/fairness.md §11):
/// the referee's `cs_verify`, and every stack printed.
#[cfg(feature = "cards")]
mod cards {
    use super::*;
    use crate::referee::InputMode;
    use crate::referee::cards::setup::MAX_CS_SETUP_TEXT_BYTES;
    use crate::referee::cards::{CsDraw, CsSetup, CsSetupError, CsSetupTextError, CsVerifyReport};

    pub const GAME: Game = Game {
        prefix: CsDraw::PREFIX,
        parse,
        verify: check_reveal::<CsDraw>,
    };

    fn parse(text: &str) -> Result<Parsed, SetupProblem> {
        // The input mode is not committed; it changes nothing here.
        let setup = CsSetup::from_text(text, InputMode::Board).map_err(setup_problem)?;
        Ok(Parsed {
            text: setup.to_text(),
            names: vec![setup.white, setup.black],
        })
    }

    impl Shown for CsDraw {
        /// Stacks printed: more than any game at a table uses.
        const DRAW: CsDraw = CsDraw { stacks: 40 };

        fn setup_problem(e: CsSetupTextError) -> SetupProblem {
            setup_problem(e)
        }

        fn drawing(report: CsVerifyReport) -> Drawing {
            let CsVerifyReport {
                commitment_hex,
                setup,
                setup_text,
                words,
                stacks,
                ..
            } = report;
            Drawing {
                commitment_hex,
                setup_text,
                words,
                shown: Box::new(Stacks {
                    white: setup.white,
                    black: setup.black,
                    stacks,
                }),
            }
        }
    }

    fn part(field: &str) -> Part {
        match field {
            "clock" => Part::CardsClock,
            "names" => Part::CardsNames,
            _ => Part::Other,
        }
    }

    fn setup_problem(e: CsSetupTextError) -> SetupProblem {
        match e {
            CsSetupTextError::TooLong { bytes } => SetupProblem::TooLong {
                bytes,
                max: MAX_CS_SETUP_TEXT_BYTES,
            },
            CsSetupTextError::BadCharacter { position, found } => {
                SetupProblem::BadCharacter { position, found }
            }
            CsSetupTextError::FieldCount { found } => {
                SetupProblem::FieldCount { found, expected: 3 }
            }
            CsSetupTextError::UnknownVersion(found) => SetupProblem::UnknownVersion {
                found,
                expected: crate::referee::cards::setup::CS_TEXT_VERSION,
            },
            CsSetupTextError::BadField { field } => SetupProblem::BadPart(part(field)),
            CsSetupTextError::NonCanonical { field, problem } => SetupProblem::NonCanonical {
                part: part(field),
                problem,
            },
            CsSetupTextError::NotUtf8 { index } => SetupProblem::NotUtf8 { index },
            CsSetupTextError::Own(never) => match never {},
            CsSetupTextError::Invalid(CsSetupError::Name { index, problem }) => {
                SetupProblem::BadName { index, problem }
            }
            CsSetupTextError::Invalid(CsSetupError::Clock) => SetupProblem::CardsClock,
        }
    }

    /// The players and the stacks, top card first.
    #[derive(Debug)]
    struct Stacks {
        white: String,
        black: String,
        stacks: Vec<String>,
    }

    impl Drawn for Stacks {
        fn people_html(&self, t: &VerifierTexts) -> String {
            players_html(t.cards_players, &self.white, &self.black)
        }

        fn draw_html(&self, t: &VerifierTexts) -> String {
            let stacks: String = self
                .stacks
                .iter()
                .map(|s| format!(r#"<li class="cs-stack mono">{}</li>"#, escape(s)))
                .collect();
            [
                format!("<h2>{}</h2>", escape(t.cards_stacks_title)),
                para("schedule-note", t.cards_stacks_note),
                format!(r#"<ol class="cs-stacks">{stacks}</ol>"#),
            ]
            .concat()
        }
    }
}

/// Undo Chess's drawn start (setup code `uc1.…`, docs/fairness.md §12): the
/// referee's `uc_verify`, and the start position printed.
#[cfg(feature = "undo")]
mod undo {
    use super::*;
    use crate::referee::InputMode;
    use crate::referee::undo::setup::{
        MAX_STAGES, MAX_UC_SETUP_TEXT_BYTES, StartChoice, StartOutOfRange, UC_TEXT_VERSION,
    };
    use crate::referee::undo::{
        UcDraw, UcRevealSetupError, UcSetup, UcSetupError, UcSetupTextError, UcVerifyReport,
    };

    pub const GAME: Game = Game {
        prefix: UcDraw::PREFIX,
        parse,
        verify: check_reveal::<UcDraw>,
    };

    fn parse(text: &str) -> Result<Parsed, SetupProblem> {
        // The input mode is not committed; it changes nothing here.
        let setup = UcSetup::from_text(text, InputMode::Board).map_err(setup_problem)?;
        // A chosen start has nothing committed: not a pending commitment either.
        if let StartChoice::Fixed(start) = setup.start {
            return Err(SetupProblem::NotDrawn {
                number: start.number(),
            });
        }
        Ok(Parsed {
            text: setup.to_text(),
            names: vec![setup.white, setup.black],
        })
    }

    impl Shown for UcDraw {
        const DRAW: UcDraw = UcDraw;

        fn setup_problem(e: UcRevealSetupError) -> SetupProblem {
            match e {
                UcRevealSetupError::Text(e) => setup_problem(e),
                UcRevealSetupError::NotDrawn { number } => SetupProblem::NotDrawn { number },
            }
        }

        fn drawing(report: UcVerifyReport) -> Drawing {
            let UcVerifyReport {
                commitment_hex,
                setup,
                setup_text,
                words,
                start,
                back_rank,
                fen,
                ..
            } = report;
            Drawing {
                commitment_hex,
                setup_text,
                words,
                shown: Box::new(Start {
                    white: setup.white,
                    black: setup.black,
                    number: start.number(),
                    back_rank,
                    fen,
                }),
            }
        }
    }

    fn part(field: &str) -> Part {
        match field {
            "start" => Part::UndoStart,
            "tokens" => Part::UndoTokens,
            "bases" => Part::UndoBases,
            "stages" => Part::UndoStages,
            "names" => Part::UndoNames,
            _ => Part::Other,
        }
    }

    fn setup_problem(e: UcSetupTextError) -> SetupProblem {
        match e {
            UcSetupTextError::TooLong { bytes } => SetupProblem::TooLong {
                bytes,
                max: MAX_UC_SETUP_TEXT_BYTES,
            },
            UcSetupTextError::BadCharacter { position, found } => {
                SetupProblem::BadCharacter { position, found }
            }
            UcSetupTextError::FieldCount { found } => {
                SetupProblem::FieldCount { found, expected: 6 }
            }
            UcSetupTextError::UnknownVersion(found) => SetupProblem::UnknownVersion {
                found,
                expected: UC_TEXT_VERSION,
            },
            UcSetupTextError::Own(StartOutOfRange(number)) => SetupProblem::StartOutOfRange(number),
            UcSetupTextError::BadField { field } => SetupProblem::BadPart(part(field)),
            UcSetupTextError::NonCanonical { field, problem } => SetupProblem::NonCanonical {
                part: part(field),
                problem,
            },
            UcSetupTextError::NotUtf8 { index } => SetupProblem::NotUtf8 { index },
            UcSetupTextError::Invalid(e) => match e {
                UcSetupError::Name { index, problem } => SetupProblem::BadName { index, problem },
                UcSetupError::Tokens => SetupProblem::Tokens,
                UcSetupError::Clock => SetupProblem::UndoClock {
                    max_stages: MAX_STAGES,
                },
            },
        }
    }

    /// The players and the drawn start position.
    #[derive(Debug)]
    struct Start {
        white: String,
        black: String,
        number: u32,
        back_rank: String,
        fen: String,
    }

    impl Drawn for Start {
        fn people_html(&self, t: &VerifierTexts) -> String {
            players_html(t.undo_players, &self.white, &self.black)
        }

        fn draw_html(&self, t: &VerifierTexts) -> String {
            [
                format!("<h2>{}</h2>", escape(t.undo_position_title)),
                format!(
                    r#"<p class="uc-verified-position"><strong data-testid="uc-number">{}</strong> <span class="mono" data-testid="uc-back-rank">{}</span></p><p class="mono uc-verified-fen">{}</p>"#,
                    escape(&fill(t.undo_position_number, &[&self.number.to_string()])),
                    escape(&self.back_rank),
                    escape(&self.fen),
                ),
                para("schedule-note", t.undo_position_note),
            ]
            .concat()
        }
    }
}
