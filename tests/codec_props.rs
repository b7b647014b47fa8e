//! The hand-written codec (`referee::json`) against the serde-derive code it
//! replaced (issue #12). `old` below is a copy of the derive-based record
//! types as they were, kept only here: for random records the new writer must
//! produce exactly serde_json's bytes, and for damaged texts the new reader
//! must accept exactly what the old one accepted. Malformed input of every
//! kind must be an `Err`, never a panic.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::crazyhouse::game::ZhLog;
use nordau_shift::referee::json::{self, FromJson, ToJson};
use nordau_shift::referee::module::Logged;
use nordau_shift::referee::nordau::log::NordauLog;
use nordau_shift::referee::{Game, Session, Table, TableLoadError, TimeControl, ZhGame};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The record types exactly as the serde-derive build declared them.
mod old {
    use serde::{Deserialize, Serialize};

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Colour {
        White,
        Black,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum InputMode {
        Clock,
        Board,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum Outcome {
        Win(Colour),
        Draw,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum DrawClaim {
        Threefold,
        FiftyMoves,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case")]
    pub enum EndReason {
        Checkmate,
        Stalemate,
        InsufficientMaterial,
        FivefoldRepetition,
        SeventyFiveMoves,
        ThreefoldClaim,
        FiftyMoveClaim,
        Flag,
        Resignation,
        AgreedDraw,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    pub enum Event {
        Start,
        Press,
        Move { mv: String },
        Seated,
        Pause,
        Resume,
        UndoPress,
        Flag,
        Resign { seat: Colour },
        AgreeDraw { person: u8 },
        ClaimDraw { claim: DrawClaim },
        ReportMate { winner: Colour },
        ReportStalemate,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct Timed {
        pub t_ms: u64,
        pub event: Event,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct NordauSetup {
        pub setup: String,
        pub mode: InputMode,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct Envelope<S, E> {
        pub format: String,
        pub version: u32,
        pub game: String,
        pub setup: S,
        pub seed: String,
        pub words: Vec<String>,
        pub events: Vec<E>,
    }

    pub type NordauLog = Envelope<NordauSetup, Timed>;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case", tag = "type", content = "ms")]
    pub enum Increment {
        None,
        Fischer(u64),
        Bronstein(u64),
        SimpleDelay(u64),
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct Stage {
        pub moves: Option<u32>,
        pub add_ms: u64,
        pub increment: Increment,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct TimeControl {
        pub base_ms: [u64; 2],
        pub stages: Vec<Stage>,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct ZhSetup {
        pub white: String,
        pub black: String,
        pub control: TimeControl,
        pub mode: InputMode,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub start_fen: Option<String>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        pub opening: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        pub recorded: Option<Outcome>,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case", tag = "end")]
    pub enum Reported {
        Checkmate { winner: Colour },
        Stalemate,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(rename_all = "snake_case", tag = "type")]
    pub enum ZhEvent {
        Start,
        Press,
        Move { mv: String },
        Pause,
        Resume,
        Adjust { colour: Colour, remaining_ms: u64 },
        Undo,
        Resign { colour: Colour },
        AgreeDraw,
        ClaimThreefold,
        Report(Reported),
        Flag,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct ZhTimed {
        pub t_ms: u64,
        pub event: ZhEvent,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct ZhLog {
        pub format: String,
        pub version: u32,
        pub game: String,
        pub setup: ZhSetup,
        pub events: Vec<ZhTimed>,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct SessionGame {
        pub commitment_hex: String,
        pub outcome: Outcome,
        pub reason: EndReason,
        pub final_seats: [String; 3],
        pub points: [u32; 3],
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[serde(tag = "fate", rename_all = "snake_case")]
    pub enum DrawFate {
        Played,
        Withdrawn,
        Abandoned { half_moves: u32 },
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct DrawRecord {
        pub commitment_hex: String,
        pub setup_text: String,
        pub seed_hex: String,
        pub words: Vec<String>,
        #[serde(flatten)]
        pub fate: DrawFate,
    }

    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    pub struct Session {
        pub names: [String; 3],
        pub games: Vec<SessionGame>,
        #[serde(default)]
        pub draws: Vec<DrawRecord>,
    }
}

// ---- strategies -------------------------------------------------------------

/// Any text, with the characters JSON escapes over-represented.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z0-9@]{0,8}",
        "[\\x00-\\x1f\"\\\\/\\x7f a-zé€😀\u{2028}]{0,12}",
        any::<String>(),
    ]
}

fn colour() -> impl Strategy<Value = old::Colour> {
    prop_oneof![Just(old::Colour::White), Just(old::Colour::Black)]
}

fn mode() -> impl Strategy<Value = old::InputMode> {
    prop_oneof![Just(old::InputMode::Clock), Just(old::InputMode::Board)]
}

fn outcome() -> impl Strategy<Value = old::Outcome> {
    prop_oneof![
        colour().prop_map(old::Outcome::Win),
        Just(old::Outcome::Draw)
    ]
}

fn end_reason() -> impl Strategy<Value = old::EndReason> {
    use old::EndReason::*;
    proptest::sample::select(vec![
        Checkmate,
        Stalemate,
        InsufficientMaterial,
        FivefoldRepetition,
        SeventyFiveMoves,
        ThreefoldClaim,
        FiftyMoveClaim,
        Flag,
        Resignation,
        AgreedDraw,
    ])
}

fn event() -> impl Strategy<Value = old::Event> {
    use old::Event::*;
    prop_oneof![
        proptest::sample::select(vec![
            Start,
            Press,
            Seated,
            Pause,
            Resume,
            UndoPress,
            Flag,
            ReportStalemate
        ]),
        text().prop_map(|mv| Move { mv }),
        colour().prop_map(|seat| Resign { seat }),
        any::<u8>().prop_map(|person| AgreeDraw { person }),
        prop_oneof![
            Just(old::DrawClaim::Threefold),
            Just(old::DrawClaim::FiftyMoves)
        ]
        .prop_map(|claim| ClaimDraw { claim }),
        colour().prop_map(|winner| ReportMate { winner }),
    ]
}

fn nordau_log() -> impl Strategy<Value = old::NordauLog> {
    (
        (text(), any::<u32>(), text()),
        (text(), mode()),
        text(),
        prop::collection::vec(text(), 0..4),
        prop::collection::vec(
            (any::<u64>(), event()).prop_map(|(t_ms, event)| old::Timed { t_ms, event }),
            0..12,
        ),
    )
        .prop_map(
            |((format, version, game), (setup, mode), seed, words, events)| old::Envelope {
                format,
                version,
                game,
                setup: old::NordauSetup { setup, mode },
                seed,
                words,
                events,
            },
        )
}

fn increment() -> impl Strategy<Value = old::Increment> {
    prop_oneof![
        Just(old::Increment::None),
        any::<u64>().prop_map(old::Increment::Fischer),
        any::<u64>().prop_map(old::Increment::Bronstein),
        any::<u64>().prop_map(old::Increment::SimpleDelay),
    ]
}

fn time_control() -> impl Strategy<Value = old::TimeControl> {
    (
        any::<[u64; 2]>(),
        prop::collection::vec(
            (any::<Option<u32>>(), any::<u64>(), increment()).prop_map(
                |(moves, add_ms, increment)| old::Stage {
                    moves,
                    add_ms,
                    increment,
                },
            ),
            0..4,
        ),
    )
        .prop_map(|(base_ms, stages)| old::TimeControl { base_ms, stages })
}

fn zh_event() -> impl Strategy<Value = old::ZhEvent> {
    use old::ZhEvent::*;
    prop_oneof![
        proptest::sample::select(vec![
            Start,
            Press,
            Pause,
            Resume,
            Undo,
            AgreeDraw,
            ClaimThreefold,
            Flag
        ]),
        text().prop_map(|mv| Move { mv }),
        (colour(), any::<u64>()).prop_map(|(colour, remaining_ms)| Adjust {
            colour,
            remaining_ms
        }),
        colour().prop_map(|colour| Resign { colour }),
        colour().prop_map(|winner| Report(old::Reported::Checkmate { winner })),
        Just(Report(old::Reported::Stalemate)),
    ]
}

fn zh_log() -> impl Strategy<Value = old::ZhLog> {
    (
        (text(), any::<u32>(), text()),
        (text(), text(), time_control(), mode()),
        (
            prop::option::of(text()),
            prop::collection::vec(text(), 0..3),
            prop::option::of(outcome()),
        ),
        prop::collection::vec(
            (any::<u64>(), zh_event()).prop_map(|(t_ms, event)| old::ZhTimed { t_ms, event }),
            0..12,
        ),
    )
        .prop_map(
            |(
                (format, version, game),
                (white, black, control, mode),
                (start_fen, opening, recorded),
                events,
            )| old::ZhLog {
                format,
                version,
                game,
                setup: old::ZhSetup {
                    white,
                    black,
                    control,
                    mode,
                    start_fen,
                    opening,
                    recorded,
                },
                events,
            },
        )
}

fn session() -> impl Strategy<Value = old::Session> {
    let game = (
        text(),
        outcome(),
        end_reason(),
        [text(), text(), text()],
        any::<[u32; 3]>(),
    )
        .prop_map(
            |(commitment_hex, outcome, reason, final_seats, points)| old::SessionGame {
                commitment_hex,
                outcome,
                reason,
                final_seats,
                points,
            },
        );
    let fate = prop_oneof![
        Just(old::DrawFate::Played),
        Just(old::DrawFate::Withdrawn),
        any::<u32>().prop_map(|half_moves| old::DrawFate::Abandoned { half_moves }),
    ];
    let draw = (
        text(),
        text(),
        text(),
        prop::collection::vec(text(), 0..3),
        fate,
    )
        .prop_map(
            |(commitment_hex, setup_text, seed_hex, words, fate)| old::DrawRecord {
                commitment_hex,
                setup_text,
                seed_hex,
                words,
                fate,
            },
        );
    (
        [text(), text(), text()],
        prop::collection::vec(game, 0..3),
        prop::collection::vec(draw, 0..3),
    )
        .prop_map(|(names, games, draws)| old::Session {
            names,
            games,
            draws,
        })
}

// ---- the comparisons ---------------------------------------------------------

/// What the old code did: parse into a `Value`, then the derive read it.
fn old_read<T: DeserializeOwned>(text: &str) -> Option<T> {
    serde_json::from_value(serde_json::from_str::<serde_json::Value>(text).ok()?).ok()
}

/// The old writer's bytes are the new writer's bytes, and both read them back.
fn same_bytes<O, N>(old: &O) -> Result<(), TestCaseError>
where
    O: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
    N: ToJson + FromJson,
{
    let a = serde_json::to_string(old).unwrap();
    let new: N = json::from_str(&a).map_err(|e| TestCaseError::fail(format!("{e}: {a}")))?;
    prop_assert_eq!(&json::to_string(&new), &a);
    let back = old_read::<O>(&a);
    prop_assert_eq!(back.as_ref(), Some(old));
    Ok(())
}

/// A damaged text is read by the new code exactly when the old code read
/// it, to the same record.
fn same_verdict<O, N>(text: &str) -> Result<(), TestCaseError>
where
    O: Serialize + DeserializeOwned,
    N: ToJson + FromJson,
{
    let old = old_read::<O>(text).map(|o| serde_json::to_string(&o).unwrap());
    let new = json::from_str::<N>(text).ok().map(|n| json::to_string(&n));
    prop_assert_eq!(old, new, "verdicts differ on {}", text);
    Ok(())
}

/// Small damages a stored text may suffer: cut short, a character replaced,
/// a piece of JSON spliced in.
fn damage(text: &str, at: usize, how: u8) -> String {
    let mut cut = at % (text.len() + 1);
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    let (head, tail) = text.split_at(cut);
    let rest = tail.char_indices().nth(1).map_or("", |(i, _)| &tail[i..]);
    match how % 8 {
        0 => head.to_owned(),
        1 => format!("{head}{rest}"),
        2 => format!("{head}1{rest}"),
        3 => format!("{head}null{rest}"),
        4 => format!("{head}\"x\"{rest}"),
        5 => format!("{head}-1{rest}"),
        6 => format!("{head}99999999999999999999{rest}"),
        _ => format!("{head}{{}}{rest}"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn nordau_logs_are_written_byte_for_byte_as_serde_did(log in nordau_log()) {
        same_bytes::<old::NordauLog, NordauLog>(&log)?;
    }

    #[test]
    fn crazyhouse_logs_are_written_byte_for_byte_as_serde_did(log in zh_log()) {
        same_bytes::<old::ZhLog, ZhLog>(&log)?;
    }

    #[test]
    fn sessions_are_written_byte_for_byte_as_serde_did(s in session()) {
        same_bytes::<old::Session, Session>(&s)?;
        let new: Session = json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        prop_assert_eq!(new.to_json(), serde_json::to_string_pretty(&s).unwrap());
    }

    #[test]
    fn time_controls_are_written_byte_for_byte_as_serde_did(tc in time_control()) {
        same_bytes::<old::TimeControl, TimeControl>(&tc)?;
    }

    #[test]
    fn damaged_logs_are_read_exactly_when_serde_read_them(
        nordau in nordau_log(),
        zh in zh_log(),
        s in session(),
        at in any::<usize>(),
        how in any::<u8>(),
    ) {
        let text = serde_json::to_string(&nordau).unwrap();
        same_verdict::<old::NordauLog, NordauLog>(&damage(&text, at, how))?;
        let text = serde_json::to_string(&zh).unwrap();
        same_verdict::<old::ZhLog, ZhLog>(&damage(&text, at, how))?;
        let text = serde_json::to_string(&s).unwrap();
        same_verdict::<old::Session, Session>(&damage(&text, at, how))?;
    }
}

// ---- malformed input: an Err, never a panic ------------------------------------

fn fixtures() -> Vec<(String, String)> {
    let mut all: Vec<_> = std::fs::read_dir("tests/fixtures/codec")
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    all.sort();
    all
}

/// Loads `text` as the app would load a save of `name`'s kind; `true` if it loaded.
fn load(name: &str, text: &str) -> bool {
    if name.starts_with("table-") {
        let _ = Table::sealed_seed_of(text);
        Table::from_json_with_seed(text, Some([1; 32])).is_ok()
    } else if name.starts_with("nordau-log") {
        Game::from_json(text).is_ok()
    } else if name.starts_with("zh-") {
        ZhGame::from_json(text).is_ok()
    } else {
        json::from_str::<Session>(text).is_ok()
    }
}

#[test]
fn issue_12_every_save_cut_short_anywhere_is_refused() {
    for (name, text) in fixtures() {
        for cut in (0..text.len()).filter(|&i| text.is_char_boundary(i)) {
            assert!(!load(&name, &text[..cut]), "{name} cut at {cut} loaded");
        }
    }
}

#[test]
fn issue_12_wrong_types_unknown_variants_huge_numbers_and_deep_nesting_are_errors() {
    let log = &fixtures()
        .into_iter()
        .find(|(n, _)| n == "zh-board-resigned")
        .unwrap()
        .1;
    for (from, to) in [
        ("\"t_ms\":1000", "\"t_ms\":\"1000\""),
        ("\"t_ms\":1000", "\"t_ms\":-1000"),
        ("\"t_ms\":1000", "\"t_ms\":1000.5"),
        ("\"t_ms\":1000", "\"t_ms\":18446744073709551616"),
        ("\"t_ms\":1000", "\"t_ms\":1e400"),
        ("\"type\":\"undo\"", "\"type\":\"redo\""),
        ("\"type\":\"undo\"", "\"type\":7"),
        ("\"colour\":\"black\"", "\"colour\":\"blue\""),
        ("\"base_ms\":[60000,60000]", "\"base_ms\":[60000]"),
        ("\"base_ms\":[60000,60000]", "\"base_ms\":{}"),
        ("\"type\":\"fischer\",\"ms\":2000", "\"type\":\"fischer\""),
        ("\"mode\":\"board\"", "\"mode\":null"),
        ("\"events\":[", "\"events\":[[],"),
    ] {
        assert!(log.contains(from), "{from}");
        let bad = log.replacen(from, to, 1);
        assert!(ZhGame::from_json(&bad).is_err(), "{to} was accepted");
    }
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(Game::from_json(&deep).is_err());
    assert!(ZhGame::from_json(&deep).is_err());
    assert!(matches!(
        Table::from_json(&deep),
        Err(TableLoadError::Corrupt(_))
    ));
    let nested = format!(
        "{{\"format\":\"nordau-shift-table\",\"version\":2,\"session\":{}1{}}}",
        "{\"a\":".repeat(1000),
        "}".repeat(1000)
    );
    assert!(Table::from_json(&nested).is_err());
    for junk in [
        "",
        "null",
        "[]",
        "{}",
        "\"x\"",
        "1",
        "{\"format\":1}",
        "\u{feff}{}",
    ] {
        assert!(Game::from_json(junk).is_err(), "{junk}");
        assert!(ZhGame::from_json(junk).is_err(), "{junk}");
        assert!(Table::from_json(junk).is_err(), "{junk}");
        assert!(json::from_str::<Session>(junk).is_err(), "{junk}");
    }
}

#[test]
fn issue_12_errors_name_the_field() {
    let text = "{\"names\":[\"a\",\"b\",\"c\"],\"games\":[{\"commitment_hex\":\"x\"}]}";
    let e = json::from_str::<Session>(text).unwrap_err();
    assert_eq!(e.to_string(), "games: [0]: missing field `outcome`");
    let e = json::from_str::<Session>("{\"names\":[\"a\"],\"games\":[]}").unwrap_err();
    assert_eq!(e.to_string(), "names: expected 3 elements, found 1");
}

// ---- numbers: ryu's small tables instead of serde_json's zmij ----------------

/// A decimal as a setup form makes it: at most 12 digits, one point.
fn form_decimal() -> impl Strategy<Value = f64> {
    (0u64..1_000_000_000_000, 0u32..12).prop_map(|(m, d)| m as f64 / 10f64.powi(d as i32))
}

/// Any finite double: a damaged save may hold one, and it is written back.
fn any_finite_f64() -> impl Strategy<Value = f64> {
    any::<u64>()
        .prop_map(f64::from_bits)
        .prop_filter("finite", |x| x.is_finite())
}

fn written(x: f64) -> String {
    let mut out = String::new();
    json::Json::F64(x).write(&mut out, None);
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Setup preferences hold minutes (`0.5`, `5.0`): the writer (ryu, whose
    /// small tables cost the wasm less than serde_json's zmij) must write every
    /// double exactly as serde_json does, so no stored byte changes.
    #[test]
    fn floats_are_written_byte_for_byte_as_serde_json_writes_them(
        x in prop_oneof![form_decimal(), any_finite_f64()],
    ) {
        prop_assert_eq!(written(x), serde_json::to_string(&x).unwrap());
    }

    /// A form's number comes back from its save exactly as typed.
    #[test]
    fn form_decimals_read_back_as_they_were(x in form_decimal()) {
        prop_assert_eq!(json::parse(&written(x)).unwrap().as_f64(), Some(x));
    }
}
