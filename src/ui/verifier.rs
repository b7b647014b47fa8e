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
//! * `setup`: the canonical setup text (`Setup::to_text`, starts with `ns1.`);
//! * `w`: the players' word entries, normalised, one per line (`\n`); absent
//!   when nobody typed words.
//!
//! Opened with `c` and `setup` the page checks at once: with `s` it verifies,
//! without it shows the commitment to keep until the seed is revealed.
//!
//! All rule logic stays in `referee`: this page cleans what people paste,
//! calls [`referee::verify`](crate::referee::verify()), and maps every error
//! to a localized message.

use leptos::prelude::*;

use super::i18n::use_i18n;
use super::i18n::verifier::VerifierTexts;
use super::qr::{escape, qr_svg};
use super::route::{Query, percent_encode};
use super::witness::{self, Witnessed};
use crate::referee::commitment::normalise_words;
use crate::referee::commitment::{MAX_WORD_BYTES, MAX_WORDS};
use crate::referee::names::NameProblem;
use crate::referee::setup_text::NonCanonical;
use crate::referee::{
    Colour, HexError, Report, Seat, Setup, SetupError, SetupTextError, ShiftUnit, VerifyError,
    parse_hex32, verify,
};
use crate::web;
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
/// but never change the draw).
fn word_entries(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| !line.trim().is_empty())
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
/// the language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    Missing(Field),
    /// From the referee (hex, setup, words).
    Verify(VerifyError),
    TooManyWords {
        found: usize,
    },
    WordTooLong {
        line: usize,
        bytes: usize,
    },
    /// A card-series duel's setup code (`cs1.…`), in the referee's words.
    #[cfg(feature = "cards")]
    CardsSetup(String),
    /// An Undo Chess setup code (`uc1.…`), in the referee's words.
    #[cfg(feature = "undo")]
    UndoSetup(String),
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
            Problem::Verify(VerifyError::Commitment(_) | VerifyError::Mismatch { .. }) => {
                Field::Commitment
            }
            Problem::Verify(VerifyError::Seed(_)) => Field::Seed,
            Problem::Verify(VerifyError::Setup(_)) => Field::Setup,
            Problem::Verify(VerifyError::Words)
            | Problem::TooManyWords { .. }
            | Problem::WordTooLong { .. } => Field::Words,
            #[cfg(feature = "cards")]
            Problem::CardsSetup(_) => Field::Setup,
            #[cfg(feature = "undo")]
            Problem::UndoSetup(_) => Field::Setup,
        }
    }
}

/// One row of the schedule table, with the people who move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub number: usize,
    pub length: u32,
    pub coin: Colour,
    pub stands_up: String,
    pub sits_down: String,
}

/// What pressing "Verify" found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The commitment matches: the seating and the schedule.
    Verified {
        report: Box<Report>,
        rows: Vec<Row>,
        fragment: String,
    },
    /// Commitment and setup are well formed, the seed is not known yet.
    Pending {
        commitment_hex: String,
        setup: Box<Setup>,
        fragment: String,
    },
    Mismatch {
        shown: String,
        computed: String,
    },
    Invalid(Vec<Problem>),
    /// A card-series duel's reveal checked: its stacks.
    #[cfg(feature = "cards")]
    CardsVerified {
        report: Box<crate::referee::cards::CsVerifyReport>,
        fragment: String,
    },
    /// A card-series duel's commitment, the seed not revealed yet.
    #[cfg(feature = "cards")]
    CardsPending {
        commitment_hex: String,
        names: Vec<String>,
        fragment: String,
    },
    /// An Undo Chess reveal checked: its start position.
    #[cfg(feature = "undo")]
    UndoVerified {
        report: Box<crate::referee::undo::UcVerifyReport>,
        fragment: String,
    },
    /// An Undo Chess commitment, the seed not revealed yet.
    #[cfg(feature = "undo")]
    UndoPending {
        commitment_hex: String,
        names: Vec<String>,
        fragment: String,
    },
}

/// Checks the four inputs as typed. Every problem of every field is listed at
/// once; the referee's [`verify`](verify()) runs only on well-formed inputs.
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
    #[cfg(feature = "cards")]
    if setup_text.starts_with("cs1.") {
        return cards::check(commitment_hex, seed_hex, setup_text, words);
    }
    #[cfg(feature = "undo")]
    if setup_text.starts_with("uc1.") {
        return undo::check(commitment_hex, seed_hex, setup_text, words);
    }
    let mut problems = Vec::new();

    if commitment_hex.is_empty() {
        problems.push(Problem::Missing(Field::Commitment));
    } else if let Err(e) = parse_hex32(&commitment_hex) {
        problems.push(Problem::Verify(VerifyError::Commitment(e)));
    }
    let has_seed = !seed_hex.is_empty();
    if has_seed && let Err(e) = parse_hex32(&seed_hex) {
        problems.push(Problem::Verify(VerifyError::Seed(e)));
    }
    let setup = if setup_text.is_empty() {
        problems.push(Problem::Missing(Field::Setup));
        None
    } else {
        Setup::from_text(&setup_text)
            .map_err(|e| problems.push(Problem::Verify(VerifyError::Setup(e))))
            .ok()
    };
    if has_seed {
        if words.len() > MAX_WORDS {
            problems.push(Problem::TooManyWords { found: words.len() });
        }
        if let Some((i, w)) = words
            .iter()
            .enumerate()
            .find(|(_, w)| w.len() > MAX_WORD_BYTES)
        {
            let line = words_text
                .lines()
                .position(|l| l == w)
                .map_or(i + 1, |p| p + 1);
            problems.push(Problem::WordTooLong {
                line,
                bytes: w.len(),
            });
        }
    }
    if !problems.is_empty() {
        return Outcome::Invalid(problems);
    }
    let Some(setup) = setup else {
        return Outcome::Invalid(vec![Problem::Missing(Field::Setup)]);
    };
    if !has_seed {
        return Outcome::Pending {
            fragment: verifier_fragment(&commitment_hex, &setup_text, None, &[]),
            commitment_hex,
            setup: Box::new(setup),
        };
    }
    match verify(&commitment_hex, &seed_hex, &setup_text, &words) {
        Ok(report) => {
            let rows = rows_of(&report);
            let fragment = verifier_fragment(
                &report.commitment_hex,
                &report.setup_text,
                Some(&seed_hex),
                &report.words,
            );
            Outcome::Verified {
                report: Box::new(report),
                rows,
                fragment,
            }
        }
        Err(VerifyError::Mismatch { shown, computed }) => Outcome::Mismatch { shown, computed },
        Err(e) => Outcome::Invalid(vec![Problem::Verify(e)]),
    }
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

pub fn setup_error_text(t: &VerifierTexts, error: &SetupTextError) -> String {
    let part_name = |field: &str| match field {
        "shift range" => t.part_shift_range,
        "block schedule" => t.part_schedule,
        "bonus" => t.part_bonus,
        "points" => t.part_points,
        "names" => t.part_names,
        _ => t.field_setup,
    };
    let n = |index: usize| (index + 1).to_string();
    let code_point = |c: char| format!("{:04X}", u32::from(c));
    match error {
        SetupTextError::TooLong { bytes } => fill(t.setup_too_long, &[&bytes.to_string()]),
        SetupTextError::BadCharacter { position, found } => {
            fill(t.setup_bad_character, &[&n(*position), &code_point(*found)])
        }
        SetupTextError::NonCanonical { field, problem } => {
            let what = match problem {
                NonCanonical::LeadingZero => t.nc_leading_zero,
                NonCanonical::ZeroMoveCount => t.nc_zero_moves,
                NonCanonical::LowerCaseEscape => t.nc_lower_escape,
                NonCanonical::NeedlessEscape => t.nc_needless_escape,
                NonCanonical::Unescaped => t.nc_unescaped,
            };
            fill(t.setup_non_canonical, &[part_name(field), what])
        }
        SetupTextError::NotUtf8 { index } => fill(t.setup_not_utf8, &[&n(*index)]),
        SetupTextError::FieldCount { found } => fill(t.setup_field_count, &[&found.to_string()]),
        SetupTextError::UnknownVersion(v) => fill(t.setup_version, &[v]),
        SetupTextError::BadUnit(u) => fill(t.setup_unit, &[u]),
        SetupTextError::BadField { field } => fill(t.setup_bad_part, &[part_name(field)]),
        SetupTextError::Invalid(e) => match e {
            SetupError::BadName { index, problem } => {
                let i = n(*index);
                match *problem {
                    NameProblem::Empty => fill(t.setup_name_empty, &[&i]),
                    NameProblem::TooLong { bytes } => {
                        fill(t.setup_name_too_long, &[&i, &bytes.to_string()])
                    }
                    NameProblem::Character(c) => {
                        fill(t.setup_name_character, &[&i, &code_point(c)])
                    }
                    NameProblem::EdgeSpace => fill(t.setup_name_space, &[&i]),
                    NameProblem::DoubleSpace => fill(t.setup_name_double_space, &[&i]),
                    NameProblem::LeadingMark(c) => fill(t.setup_name_mark, &[&i, &code_point(c)]),
                }
            }
            SetupError::DuplicateName { first, second } => {
                fill(t.setup_duplicate_name, &[&n(*first), &n(*second)])
            }
            SetupError::BadShiftRange { min, max } => {
                fill(t.setup_bad_range, &[&min.to_string(), &max.to_string()])
            }
            SetupError::BadSchedule => t.setup_bad_schedule.to_owned(),
            SetupError::BadPoints => t.setup_bad_points.to_owned(),
            SetupError::BadBonus => t.setup_bad_bonus.to_owned(),
            SetupError::BadWords => t.setup_bad_words.to_owned(),
        },
    }
}

/// A localized sentence for any problem, starting with the field's name.
/// `inputs` are the raw commitment and seed texts (to quote a bad character).
pub fn problem_text(t: &VerifierTexts, problem: &Problem, inputs: [&str; 2]) -> String {
    let detail = match problem {
        Problem::Missing(_) => t.missing.to_owned(),
        Problem::Verify(VerifyError::Commitment(e)) => hex_error_text(t, e, &clean_hex(inputs[0])),
        Problem::Verify(VerifyError::Seed(e)) => hex_error_text(t, e, &clean_hex(inputs[1])),
        Problem::Verify(VerifyError::Setup(e)) => setup_error_text(t, e),
        Problem::Verify(VerifyError::Words) => t.words_invalid.to_owned(),
        Problem::Verify(VerifyError::Mismatch { .. }) => t.mismatch_title.to_owned(),
        Problem::TooManyWords { found } => fill(t.words_too_many, &[&found.to_string()]),
        Problem::WordTooLong { line, bytes } => {
            fill(t.word_too_long, &[&line.to_string(), &bytes.to_string()])
        }
        #[cfg(feature = "cards")]
        Problem::CardsSetup(detail) => detail.clone(),
        #[cfg(feature = "undo")]
        Problem::UndoSetup(detail) => detail.clone(),
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
            let names = Setup::from_text(&w.setup_text)
                .map(|s| s.names.join(", "))
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
                setup,
                ..
            }) => Some((commitment_hex.clone(), setup.to_text())),
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
        signal.update_untracked(|v| *v = event_target_value(&ev));
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
/// same DOM for a fraction of the wasm (see README "Size").
fn outcome_html(
    outcome: &Outcome,
    t: &VerifierTexts,
    inputs: [&str; 2],
    witness: &Witness,
) -> String {
    match outcome {
        Outcome::Verified {
            report,
            rows,
            fragment,
        } => verified_html(
            t,
            report,
            rows,
            fragment,
            &witness_check_html(t, &report.commitment_hex, witness),
        ),
        Outcome::Pending {
            commitment_hex,
            setup,
            fragment,
        } => [
            banner("pending", "…", t.pending_title, &para("", t.pending_detail)),
            format!("<h2>{}</h2>", escape(t.commitment_heading)),
            format!(r#"<p class="hex-display">{}</p>"#, hex_groups(commitment_hex, None)),
            name_chips("name-chips", &setup.names),
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
        #[cfg(feature = "cards")]
        Outcome::CardsVerified { report, fragment } => cards::verified_html(t, report, fragment),
        #[cfg(feature = "cards")]
        Outcome::CardsPending {
            commitment_hex,
            names,
            fragment,
        } => [
            banner("pending", "…", t.pending_title, &para("", t.pending_detail)),
            format!("<h2>{}</h2>", escape(t.commitment_heading)),
            format!(r#"<p class="hex-display">{}</p>"#, hex_groups(commitment_hex, None)),
            name_chips("name-chips", names),
            share_code(t, fragment, t.qr_label_pending),
        ]
        .concat(),
        #[cfg(feature = "undo")]
        Outcome::UndoVerified { report, fragment } => undo::verified_html(t, report, fragment),
        #[cfg(feature = "undo")]
        Outcome::UndoPending {
            commitment_hex,
            names,
            fragment,
        } => [
            banner("pending", "…", t.pending_title, &para("", t.pending_detail)),
            format!("<h2>{}</h2>", escape(t.commitment_heading)),
            format!(r#"<p class="hex-display">{}</p>"#, hex_groups(commitment_hex, None)),
            name_chips("name-chips", names),
            share_code(t, fragment, t.qr_label_pending),
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

fn verified_html(
    t: &VerifierTexts,
    report: &Report,
    rows: &[Row],
    fragment: &str,
    witness_check: &str,
) -> String {
    let (min, max) = (report.setup.min_shift, report.setup.max_shift);
    let (note, length_head) = match report.setup.unit {
        ShiftUnit::FullMoves => (
            fill(t.schedule_note_full, &[&min.to_string(), &max.to_string()]),
            t.col_moves,
        ),
        ShiftUnit::HalfMoves => (
            fill(t.schedule_note_half, &[&min.to_string(), &max.to_string()]),
            t.col_half_moves,
        ),
    };
    let seats: String = [
        ("white", t.seat_white),
        ("black", t.seat_black),
        ("observer", t.seat_observer),
    ]
    .iter()
    .zip(&report.seating_names)
    .map(|((class, seat), name)| {
        format!(
            r#"<div class="seat seat-{class}"><dt>{}</dt><dd>{}</dd></div>"#,
            escape(seat),
            escape(name)
        )
    })
    .collect();
    let words = if report.words.is_empty() {
        String::new()
    } else {
        format!(
            "<h2>{}</h2>{}",
            escape(t.words_used),
            name_chips("name-chips words-used", &report.words)
        )
    };
    // Column names again, for the stacked layout of narrow screens.
    let labels = [length_head, t.col_stands_up, t.col_sits_down].map(escape);
    let body: String = rows
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
        banner(
            "ok",
            "✓",
            t.match_title,
            &format!(
                r#"{}<p class="hex-display">{}</p>{witness_check}{}"#,
                para("", t.match_detail),
                hex_groups(&report.commitment_hex, None),
                para(
                    "match-words",
                    if report.words.is_empty() {
                        t.match_no_words
                    } else {
                        t.match_words
                    },
                ),
            ),
        ),
        format!(
            r#"<h2>{}</h2><dl class="seating">{seats}</dl>"#,
            escape(t.seating_title)
        ),
        words,
        format!("<h2>{}</h2>", escape(t.schedule_title)),
        para("schedule-note", &note),
        format!(
            r#"<div class="schedule-wrap"><table class="schedule"><caption>{}</caption><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>"#,
            escape(&fill(t.schedule_caption, &[&rows.len().to_string()]))
        ),
        share_code(t, fragment, t.qr_label_result),
    ]
    .concat()
}

/// The card-series duel's reveal (setup code `cs1.…`, docs/fairness.md §11):
/// the same inputs, the referee's `cs_verify`, and every stack printed.
#[cfg(feature = "cards")]
mod cards {
    use super::*;
    use crate::referee::cards::{CsSetup, CsVerifyError, CsVerifyReport, cs_verify};

    /// Stacks printed: more than any game at a table uses.
    const STACKS: usize = 40;

    pub fn check(
        commitment_hex: String,
        seed_hex: String,
        setup_text: String,
        words: Vec<String>,
    ) -> Outcome {
        let mut problems = Vec::new();
        if commitment_hex.is_empty() {
            problems.push(Problem::Missing(Field::Commitment));
        } else if let Err(e) = parse_hex32(&commitment_hex) {
            problems.push(Problem::Verify(VerifyError::Commitment(e)));
        }
        if !seed_hex.is_empty()
            && let Err(e) = parse_hex32(&seed_hex)
        {
            problems.push(Problem::Verify(VerifyError::Seed(e)));
        }
        let setup = CsSetup::from_text(&setup_text, crate::referee::InputMode::Board)
            .map_err(|e| problems.push(Problem::CardsSetup(e.to_string())))
            .ok();
        if words.len() > MAX_WORDS {
            problems.push(Problem::TooManyWords { found: words.len() });
        }
        if let Some((i, w)) = words
            .iter()
            .enumerate()
            .find(|(_, w)| w.len() > MAX_WORD_BYTES)
        {
            problems.push(Problem::WordTooLong {
                line: i + 1,
                bytes: w.len(),
            });
        }
        let Some(setup) = setup.filter(|_| problems.is_empty()) else {
            return Outcome::Invalid(problems);
        };
        if seed_hex.is_empty() {
            return Outcome::CardsPending {
                fragment: verifier_fragment(&commitment_hex, &setup_text, None, &[]),
                commitment_hex,
                names: vec![setup.white, setup.black],
            };
        }
        match cs_verify(&commitment_hex, &seed_hex, &setup_text, &words, STACKS) {
            Ok(report) => Outcome::CardsVerified {
                fragment: verifier_fragment(
                    &report.commitment_hex,
                    &report.setup_text,
                    Some(&seed_hex),
                    &report.words,
                ),
                report: Box::new(report),
            },
            Err(CsVerifyError::Mismatch { shown, computed }) => {
                Outcome::Mismatch { shown, computed }
            }
            Err(CsVerifyError::Words) => {
                Outcome::Invalid(vec![Problem::Verify(VerifyError::Words)])
            }
            Err(e) => Outcome::Invalid(vec![Problem::CardsSetup(e.to_string())]),
        }
    }

    pub fn verified_html(t: &VerifierTexts, report: &CsVerifyReport, fragment: &str) -> String {
        let words = if report.words.is_empty() {
            String::new()
        } else {
            format!(
                "<h2>{}</h2>{}",
                escape(t.words_used),
                name_chips("name-chips words-used", &report.words)
            )
        };
        let stacks: String = report
            .stacks
            .iter()
            .map(|s| format!(r#"<li class="cs-stack mono">{}</li>"#, escape(s)))
            .collect();
        [
            banner(
                "ok",
                "✓",
                t.match_title,
                &format!(
                    r#"{}<p class="hex-display">{}</p>{}"#,
                    para("", t.match_detail),
                    hex_groups(&report.commitment_hex, None),
                    para(
                        "match-words",
                        if report.words.is_empty() {
                            t.match_no_words
                        } else {
                            t.match_words
                        },
                    ),
                ),
            ),
            format!("<h2>{}</h2>", escape(t.cards_players)),
            name_chips(
                "name-chips",
                &[report.setup.white.clone(), report.setup.black.clone()],
            ),
            words,
            format!("<h2>{}</h2>", escape(t.cards_stacks_title)),
            para("schedule-note", t.cards_stacks_note),
            format!(r#"<ol class="cs-stacks">{stacks}</ol>"#),
            share_code(t, fragment, t.qr_label_result),
        ]
        .concat()
    }
}

/// Undo Chess's drawn start (setup code `uc1.…`, docs/fairness.md §12): the
/// same inputs, the referee's `uc_verify`, and the start position printed.
#[cfg(feature = "undo")]
mod undo {
    use super::*;
    use crate::referee::undo::{UcSetup, UcVerifyError, UcVerifyReport, uc_verify};

    pub fn check(
        commitment_hex: String,
        seed_hex: String,
        setup_text: String,
        words: Vec<String>,
    ) -> Outcome {
        let mut problems = Vec::new();
        if commitment_hex.is_empty() {
            problems.push(Problem::Missing(Field::Commitment));
        } else if let Err(e) = parse_hex32(&commitment_hex) {
            problems.push(Problem::Verify(VerifyError::Commitment(e)));
        }
        if !seed_hex.is_empty()
            && let Err(e) = parse_hex32(&seed_hex)
        {
            problems.push(Problem::Verify(VerifyError::Seed(e)));
        }
        let setup = UcSetup::from_text(&setup_text, crate::referee::InputMode::Board)
            .map_err(|e| problems.push(Problem::UndoSetup(e.to_string())))
            .ok();
        if words.len() > MAX_WORDS {
            problems.push(Problem::TooManyWords { found: words.len() });
        }
        if let Some((i, w)) = words
            .iter()
            .enumerate()
            .find(|(_, w)| w.len() > MAX_WORD_BYTES)
        {
            problems.push(Problem::WordTooLong {
                line: i + 1,
                bytes: w.len(),
            });
        }
        let Some(setup) = setup.filter(|_| problems.is_empty()) else {
            return Outcome::Invalid(problems);
        };
        if seed_hex.is_empty() {
            return Outcome::UndoPending {
                fragment: verifier_fragment(&commitment_hex, &setup_text, None, &[]),
                commitment_hex,
                names: vec![setup.white, setup.black],
            };
        }
        match uc_verify(&commitment_hex, &seed_hex, &setup_text, &words) {
            Ok(report) => Outcome::UndoVerified {
                fragment: verifier_fragment(
                    &report.commitment_hex,
                    &report.setup_text,
                    Some(&seed_hex),
                    &report.words,
                ),
                report: Box::new(report),
            },
            Err(UcVerifyError::Mismatch { shown, computed }) => {
                Outcome::Mismatch { shown, computed }
            }
            Err(UcVerifyError::Words) => {
                Outcome::Invalid(vec![Problem::Verify(VerifyError::Words)])
            }
            Err(e) => Outcome::Invalid(vec![Problem::UndoSetup(e.to_string())]),
        }
    }

    pub fn verified_html(t: &VerifierTexts, report: &UcVerifyReport, fragment: &str) -> String {
        let words = if report.words.is_empty() {
            String::new()
        } else {
            format!(
                "<h2>{}</h2>{}",
                escape(t.words_used),
                name_chips("name-chips words-used", &report.words)
            )
        };
        let number = report.start.number().to_string();
        [
            banner(
                "ok",
                "✓",
                t.match_title,
                &format!(
                    r#"{}<p class="hex-display">{}</p>{}"#,
                    para("", t.match_detail),
                    hex_groups(&report.commitment_hex, None),
                    para(
                        "match-words",
                        if report.words.is_empty() {
                            t.match_no_words
                        } else {
                            t.match_words
                        },
                    ),
                ),
            ),
            format!("<h2>{}</h2>", escape(t.undo_players)),
            name_chips(
                "name-chips",
                &[report.setup.white.clone(), report.setup.black.clone()],
            ),
            words,
            format!("<h2>{}</h2>", escape(t.undo_position_title)),
            format!(
                r#"<p class="uc-verified-position"><strong data-testid="uc-number">{}</strong> <span class="mono" data-testid="uc-back-rank">{}</span></p><p class="mono uc-verified-fen">{}</p>"#,
                escape(&fill(t.undo_position_number, &[&number])),
                escape(&report.back_rank),
                escape(&report.fen),
            ),
            para("schedule-note", t.undo_position_note),
            share_code(t, fragment, t.qr_label_result),
        ]
        .concat()
    }
}
