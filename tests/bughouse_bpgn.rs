//! Bughouse records: BPGN export and import (round trips, the dialect
//! bughouse sites write, refusals with clear messages) and, in the style of
//! tests/fuzz_parsers.rs, hostile input for the BPGN reader and the save:
//! arbitrary text and mutations of valid inputs, no panic, every refusal a
//! clear message, and a mutated save that still loads writes itself again
//! to the same text. Cases per property: `FUZZ_CASES` (default 2 000).
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::bughouse::game::default_control;
use nordau_shift::referee::bughouse::{
    BhEvent, BhGame, BhOutcome, BhReport, BhSetup, BoardId, BpgnImportError, Team, bh_from_bpgn,
    bh_to_bpgn,
};
use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::{InputMode, PgnInfo, TimeControl};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;
use std::fmt::{Debug, Display};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::LazyLock;

use BoardId::{A, B};

const SCHOLAR: [(BoardId, &str); 9] = [
    (A, "e4"),
    (B, "e4"),
    (A, "d5"),
    (B, "e5"),
    (A, "exd5"),
    (B, "Bc4"),
    (B, "Nc6"),
    (B, "Qh5"),
    (B, "P@f6"),
];

fn names() -> [&'static str; 4] {
    ["Ann", "Ben", "Cat", "Dov"]
}

fn played(moves: &[(BoardId, &str)], finish: &[(BoardId, &str)]) -> BhGame {
    let mut g = BhGame::new(BhSetup::new(names(), InputMode::Board)).unwrap();
    g.apply(0, BhEvent::Start).unwrap();
    let mut t = 0;
    for (board, mv) in moves.iter().chain(finish) {
        t += 1_500;
        g.apply(
            t,
            BhEvent::Move {
                board: *board,
                mv: mv.to_string(),
            },
        )
        .unwrap_or_else(|e| panic!("{mv}: {e}"));
    }
    g
}

fn fens(g: &BhGame) -> [String; 2] {
    BoardId::BOTH.map(|b| g.boards().unwrap().fen(b))
}

#[test]
fn bpgn_export_labels_each_move_with_its_board_and_side() {
    let g = played(&SCHOLAR, &[(B, "Qxf7#")]);
    let text = bh_to_bpgn(&g, &PgnInfo::default());
    for line in [
        "[Event \"Bughouse\"]",
        "[WhiteA \"Ann\"]",
        "[BlackA \"Ben\"]",
        "[WhiteB \"Cat\"]",
        "[BlackB \"Dov\"]",
        "[Result \"0-1\"]",
        "[Variant \"Bughouse\"]",
        "[TimeControl \"180\"]",
        "[Termination \"normal\"]",
    ] {
        assert!(text.contains(line), "{line} missing in\n{text}");
    }
    let moves = text
        .split("\n\n")
        .nth(1)
        .unwrap()
        .replace('\n', " ")
        .trim()
        .to_owned();
    assert!(
        moves.starts_with(
            "1A. e4 {[%clk 0:02:58]} 1B. e4 {[%clk 0:02:57]} 1a. d5 {[%clk 0:02:57]} 1b. e5"
        ),
        "{moves}"
    );
    // Black on B dropped the pawn White on A took from its partner's side.
    assert!(moves.contains("2A. exd5"), "{moves}");
    assert!(moves.contains("3b. P@f6"), "{moves}");
    assert!(
        moves
            .ends_with("4B. Qxf7# {[%clk 0:02:51]} {Team 2 wins: checkmate on board B (BH-5)} 0-1"),
        "{moves}"
    );
}

#[test]
fn bpgn_round_trip_reviews_a_finished_match_and_continues_an_unfinished_one() {
    for g in [played(&SCHOLAR, &[(B, "Qxf7#")]), played(&SCHOLAR, &[])] {
        let text = bh_to_bpgn(&g, &PgnInfo::default());
        let imported = bh_from_bpgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(imported.names, names().map(|n| Some(n.to_owned())));
        assert_eq!(imported.start_fens, None);
        assert_eq!(imported.outcome, g.result().map(|r| r.outcome));
        let moves: Vec<String> = g
            .boards()
            .unwrap()
            .moves()
            .iter()
            .map(|m| m.uci.clone())
            .collect();
        assert_eq!(
            imported
                .moves
                .iter()
                .map(|m| m.uci.clone())
                .collect::<Vec<_>>(),
            moves
        );
        let review =
            BhGame::new(imported.into_setup([default_control(), default_control()])).unwrap();
        assert_eq!(fens(&review), fens(&g));
        // Its own export reads back to the same moves again.
        let again = bh_from_bpgn(&bh_to_bpgn(&review, &PgnInfo::default())).unwrap();
        assert_eq!(again.moves.len(), moves.len());
    }
    // An unfinished match continues from where it stood, clocks fresh.
    let g = played(&SCHOLAR, &[]);
    let imported = bh_from_bpgn(&bh_to_bpgn(&g, &PgnInfo::default())).unwrap();
    let mut cont =
        BhGame::new(imported.into_setup([default_control(), default_control()])).unwrap();
    cont.apply(0, BhEvent::Start).unwrap();
    cont.apply(
        1,
        BhEvent::Move {
            board: B,
            mv: "Qxf7".into(),
        },
    )
    .unwrap();
    assert_eq!(cont.result().unwrap().outcome, BhOutcome::Win(Team::Two));
    // Moves of the import cannot be undone; the last move of the match can.
    assert!(
        cont.apply(2, BhEvent::Undo { board: A }).is_err(),
        "board A had only imported moves"
    );
    cont.apply(2, BhEvent::Undo { board: B }).unwrap();
}

#[test]
fn bpgn_from_a_set_up_position_and_clock_mode_records() {
    let mut s = BhSetup::new(names(), InputMode::Board);
    s.start_fens = Some([
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 30".to_owned(),
        "rnbqkb1r/pppppppp/8/8/4n3/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 3".to_owned(),
    ]);
    let mut g = BhGame::new(s).unwrap();
    g.apply(0, BhEvent::Start).unwrap();
    g.apply(
        10,
        BhEvent::Move {
            board: B,
            mv: "d3e4".into(),
        },
    )
    .unwrap();
    g.apply(
        20,
        BhEvent::Move {
            board: A,
            mv: "N@d8".into(),
        },
    )
    .unwrap();
    let text = bh_to_bpgn(&g, &PgnInfo::default());
    assert!(text.contains("[SetUp \"1\"]"), "{text}");
    assert!(
        text.contains("[FEN \"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 30 | rnbqkb1r/"),
        "{text}"
    );
    assert!(text.contains("3B. dxe4"), "{text}");
    assert!(text.contains("30a. N@d8"), "{text}");
    let imported = bh_from_bpgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let review = BhGame::new(imported.into_setup([default_control(), default_control()])).unwrap();
    assert_eq!(fens(&review), fens(&g));

    // Clock mode: no moves, but the players, the control and the result.
    let mut c = BhGame::new(BhSetup::new(names(), InputMode::Clock)).unwrap();
    c.apply(0, BhEvent::Start).unwrap();
    c.apply(500, BhEvent::Press { board: A }).unwrap();
    c.apply(900, BhEvent::Report(BhReport::Checkmate { board: A }))
        .unwrap();
    let text = bh_to_bpgn(&c, &PgnInfo::default());
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(
        text.ends_with("\n\n{Team 1 wins: checkmate on board A (BH-5)} 1-0\n"),
        "{text}"
    );
    let imported = bh_from_bpgn(&text).unwrap();
    assert!(imported.moves.is_empty());
    assert_eq!(imported.outcome, Some(BhOutcome::Win(Team::One)));
    // Handicaps that TimeControl cannot say leave the tag out.
    let mut s = BhSetup::new(names(), InputMode::Clock);
    s.controls[0] = TimeControl::sudden_death(60_000).with_bases(60_000, 180_000);
    let text = bh_to_bpgn(&BhGame::new(s).unwrap(), &PgnInfo::default());
    assert!(!text.contains("TimeControl"), "{text}");
    assert!(text.ends_with("\n\n*\n"), "{text}");
}

#[test]
fn bpgn_reads_what_bughouse_sites_write() {
    // Seconds in comments, labels glued to moves, no Variant tag.
    let text = "[Event \"Casual\"]\n[WhiteA \"kevin\"]\n[BlackA \"john\"]\n\
                [WhiteB \"juffi\"]\n[BlackB \"alfred\"]\n[TimeControl \"120+0\"]\n\
                [Result \"*\"]\n\n\
                1A. e4{119.9} 1B. d4{119.1} 1a.e5 {118.0} 1b. Nf6 2A. Nf3 2a. Nc6! *\n";
    let m = bh_from_bpgn(text).unwrap();
    assert_eq!(m.names[0].as_deref(), Some("kevin"));
    assert_eq!(m.names[3].as_deref(), Some("alfred"));
    assert_eq!(m.moves.len(), 6);
    assert_eq!(m.moves[1].board, B);
    assert_eq!(m.moves[5].uci, "b8c6");
    assert_eq!(m.outcome, None);
    for variant in ["bughouse", "Bug House", "BUGHOUSE-chess"] {
        let t = format!("[Variant \"{variant}\"]\n\n1A. e4 1-0");
        assert_eq!(
            bh_from_bpgn(&t).unwrap().outcome,
            Some(BhOutcome::Win(Team::One))
        );
    }
}

#[test]
fn bpgn_refusals_name_the_problem() {
    let cases: [(&str, BpgnImportError, &str); 11] = [
        ("", BpgnImportError::Empty, "there is no match in this text"),
        (
            "1. e4 e5 *",
            BpgnImportError::Unlabelled("1.".into()),
            "no board label",
        ),
        (
            "1A. e4 1A. e5 *",
            BpgnImportError::WrongSide {
                label: "1A.".into(),
                text: "e5".into(),
            },
            "move 1A. e5: it is the other side's turn there",
        ),
        (
            "1A. e4 2a. e5 *",
            BpgnImportError::WrongNumber {
                label: "2a.".into(),
                text: "e5".into(),
                expected: "1a.".into(),
            },
            "the next move there is 1a.",
        ),
        (
            "1A. e4 1a. Nf9 *",
            BpgnImportError::Unreadable {
                label: "1a.".into(),
                text: "Nf9".into(),
            },
            "move 1a. Nf9: not a move",
        ),
        (
            "1A. e4 1a. N@e5 *",
            BpgnImportError::Illegal {
                label: "1a.".into(),
                text: "N@e5".into(),
            },
            "illegal in that position",
        ),
        (
            "1A. e4 1B. *",
            BpgnImportError::LabelWithoutMove("1B.".into()),
            "1B. is not followed by a move",
        ),
        (
            "1A. e4 1-0 1a. e5",
            BpgnImportError::AfterResult("1a.".into()),
            "after the result",
        ),
        (
            "[Variant \"Crazyhouse\"]\n\n1. e4 *",
            BpgnImportError::OtherVariant("Crazyhouse".into()),
            "this is a Crazyhouse game, not bughouse",
        ),
        (
            "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n*",
            BpgnImportError::BadFen("8/8/8/8/8/8/8/8 w - - 0 1".into()),
            "board A | board B",
        ),
        (
            "1A. e4 {no end",
            BpgnImportError::UnclosedComment,
            "comment",
        ),
    ];
    for (text, error, words) in cases {
        let e = bh_from_bpgn(text).unwrap_err();
        assert_eq!(e, error, "{text}");
        assert!(e.to_string().contains(words), "{text}: {e}");
    }
    // A pawn may not be dropped on the last rank, in an import either.
    let e = bh_from_bpgn("1A. e4 1a. d5 2A. exd5 1B. e4 1b. P@e1 *").unwrap_err();
    assert!(e.to_string().contains("1b. P@e1: illegal"), "{e}");
}

#[test]
fn save_refusals_are_clear() {
    let g = played(&SCHOLAR, &[]);
    let json = g.to_json();
    assert!(json.contains("\"game\":\"bughouse\""), "{json}");
    assert!(json.contains("\"t_ms\":1500"), "{json}");
    let crazy = json.replace("\"bughouse\"", "\"crazyhouse\"");
    assert_eq!(
        BhGame::from_json(&crazy).unwrap_err().to_string(),
        "log of another game: 'crazyhouse'"
    );
    let newer = json.replace("\"version\":1", "\"version\":9");
    assert!(BhGame::from_json(&newer).unwrap_err().is_newer_version());
    let bad = json.replace("\"mv\":\"d5\"", "\"mv\":\"d4\"");
    let e = BhGame::from_json(&bad).unwrap_err().to_string();
    assert_eq!(
        e,
        "event 4 cannot be replayed: board A: \"d4\" is illegal in this position"
    );
    assert!(
        BhGame::from_json("{")
            .unwrap_err()
            .to_string()
            .starts_with("corrupt log")
    );
}

// ---- fuzz -------------------------------------------------------------------

fn config() -> ProptestConfig {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(2_000);
    ProptestConfig {
        cases,
        failure_persistence: None,
        max_shrink_iters: 2048,
        ..ProptestConfig::default()
    }
}

/// A refusal people can read: not empty, not the Debug form.
fn clear<E: Display + Debug>(what: &str, input: &str, e: &E) -> Result<(), TestCaseError> {
    let message = e.to_string();
    let debug = format!("{e:?}");
    prop_assert!(
        !message.trim().is_empty(),
        "{what}: empty message for {input:?}"
    );
    prop_assert!(message != debug, "{what}: Debug dump {debug} for {input:?}");
    let variant: String = debug.chars().take_while(|c| c.is_alphanumeric()).collect();
    prop_assert!(
        !message.starts_with(&format!("{variant}("))
            && !message.starts_with(&format!("{variant} {{")),
        "{what}: looks like Debug: {message:?}"
    );
    Ok(())
}

fn guarded<T>(
    what: &str,
    input: &str,
    f: impl FnOnce() -> Result<T, TestCaseError>,
) -> Result<T, TestCaseError> {
    catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|_| Err(TestCaseError::fail(format!("{what} PANICKED on {input:?}"))))
}

/// Valid matches of every kind: finished, running, from a set-up position,
/// clock mode, flagged.
static MATCHES: LazyLock<Vec<BhGame>> = LazyLock::new(|| {
    let mut v = vec![played(&SCHOLAR, &[(B, "Qxf7#")]), played(&SCHOLAR, &[])];
    let mut c = BhGame::new(BhSetup::new(names(), InputMode::Clock)).unwrap();
    c.apply(0, BhEvent::Start).unwrap();
    c.apply(10, BhEvent::Press { board: B }).unwrap();
    c.apply(20, BhEvent::Pause).unwrap();
    c.apply(
        30,
        BhEvent::Adjust {
            board: A,
            colour: nordau_shift::referee::Colour::White,
            remaining_ms: 1_000,
        },
    )
    .unwrap();
    c.apply(40, BhEvent::Resume).unwrap();
    c.apply(60, BhEvent::Undo { board: B }).unwrap();
    assert!(c.tick(2_000));
    v.push(c);
    let mut s = BhSetup::new(names(), InputMode::Board);
    s.start_fens = Some([
        "R5k1/5ppp/8/8/8/8/8/6K1[q] b - - 0 30".to_owned(),
        "8/8/8/8/8/1q6/8/K1k5 b - - 0 1".to_owned(),
    ]);
    let mut f = BhGame::new(s).unwrap();
    f.apply(0, BhEvent::Start).unwrap();
    f.apply(
        5,
        BhEvent::Move {
            board: A,
            mv: "Q@b8".into(),
        },
    )
    .unwrap();
    f.apply(
        9,
        BhEvent::Resign {
            board: B,
            colour: nordau_shift::referee::Colour::Black,
        },
    )
    .unwrap();
    v.push(f);
    v
});

static BPGNS: LazyLock<Vec<String>> = LazyLock::new(|| {
    let mut v: Vec<String> = MATCHES
        .iter()
        .map(|g| bh_to_bpgn(g, &PgnInfo::default()))
        .collect();
    v.push(
        "[WhiteA \"k\"]\n\n1A. e4{119.9} 1B. d4{119.1} 1a.e5 {118.0} 1b. Nf6 (1b. d5) $1 *\n"
            .into(),
    );
    v
});

static SAVES: LazyLock<Vec<String>> =
    LazyLock::new(|| MATCHES.iter().map(BhGame::to_json).collect());

/// Tokens worth splicing into a text: its own words and edge cases.
fn tokens(inputs: &[String]) -> Vec<String> {
    let mut t: Vec<String> = [
        "0",
        "-1",
        "1e400",
        "18446744073709551616",
        "4294967296",
        "null",
        "\"\"",
        "[]",
        "{}",
        "}",
        "{",
        "(",
        ")",
        "\"",
        "\\",
        "1A.",
        "0a.",
        "99B.",
        "b.",
        "P@a8",
        "K@e4",
        "Q~",
        "|",
        "\u{0}",
        "\u{202e}",
        "😀",
        "<script>",
        "\r\n",
        "\"a\"",
        "\"b\"",
        "\"c\"",
        "true",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for i in inputs {
        t.extend(
            i.split(|c: char| c.is_whitespace() || ",:[]{}".contains(c))
                .filter(|w| !w.is_empty() && w.len() < 80)
                .map(str::to_owned),
        );
    }
    t.sort();
    t.dedup();
    t
}

#[derive(Clone, Debug)]
enum Mutation {
    FlipBit(Index, u8),
    Delete(Index, u8),
    Insert(Index, Vec<u8>),
    InsertToken(Index, Index),
    ReplaceWithToken(Index, u8, Index),
    Truncate(Index),
    SwapDigit(Index, u8),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        2 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::FlipBit(i, b)),
        2 => (any::<Index>(), 1u8..16).prop_map(|(i, n)| Mutation::Delete(i, n)),
        1 => (any::<Index>(), vec(any::<u8>(), 1..6)).prop_map(|(i, b)| Mutation::Insert(i, b)),
        4 => (any::<Index>(), any::<Index>()).prop_map(|(i, t)| Mutation::InsertToken(i, t)),
        4 => (any::<Index>(), 1u8..10, any::<Index>()).prop_map(|(i, n, t)| Mutation::ReplaceWithToken(i, n, t)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
        4 => (any::<Index>(), 0u8..10).prop_map(|(i, d)| Mutation::SwapDigit(i, d)),
    ]
}

fn mutate(text: &str, muts: &[Mutation], tokens: &[String]) -> String {
    let mut b = text.as_bytes().to_vec();
    for m in muts {
        let at = |i: &Index, b: &Vec<u8>| i.index(b.len() + 1);
        match m {
            Mutation::FlipBit(i, bit) if !b.is_empty() => {
                let k = i.index(b.len());
                b[k] ^= 1 << bit;
            }
            Mutation::Delete(i, n) => {
                let k = at(i, &b);
                let end = (k + usize::from(*n)).min(b.len());
                b.drain(k..end);
            }
            Mutation::Insert(i, bytes) => {
                let k = at(i, &b);
                b.splice(k..k, bytes.iter().copied());
            }
            Mutation::InsertToken(i, t) => {
                let k = at(i, &b);
                b.splice(k..k, tokens[t.index(tokens.len())].bytes());
            }
            Mutation::ReplaceWithToken(i, n, t) => {
                let k = at(i, &b);
                let end = (k + usize::from(*n)).min(b.len());
                b.splice(k..end, tokens[t.index(tokens.len())].bytes());
            }
            Mutation::Truncate(i) => {
                let k = at(i, &b);
                b.truncate(k);
            }
            Mutation::SwapDigit(i, d) => {
                let digits: Vec<usize> = (0..b.len()).filter(|&k| b[k].is_ascii_digit()).collect();
                if !digits.is_empty() {
                    b[digits[i.index(digits.len())]] = b'0' + d;
                }
            }
            _ => {}
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

static BPGN_TOKENS: LazyLock<Vec<String>> = LazyLock::new(|| tokens(&BPGNS));
static SAVE_TOKENS: LazyLock<Vec<String>> = LazyLock::new(|| tokens(&SAVES));

fn mutated(
    inputs: &'static LazyLock<Vec<String>>,
    toks: &'static LazyLock<Vec<String>>,
) -> impl Strategy<Value = String> {
    (any::<Index>(), vec(mutation(), 1..=5)).prop_map(move |(pick, muts)| {
        let inputs: &Vec<String> = inputs;
        mutate(&inputs[pick.index(inputs.len())], &muts, toks)
    })
}

fn check_bpgn(text: &str) -> Result<(), TestCaseError> {
    guarded("bh_from_bpgn", text, || match bh_from_bpgn(text) {
        Ok(m) => {
            // Whatever is accepted makes a match that exports and re-reads.
            if let Ok(g) = BhGame::new(m.clone().into_setup([default_control(), default_control()]))
            {
                let again = bh_from_bpgn(&bh_to_bpgn(&g, &PgnInfo::default()))
                    .map_err(|e| TestCaseError::fail(format!("re-import: {e} of {text:?}")))?;
                prop_assert_eq!(again.moves, m.moves);
            }
            Ok(())
        }
        Err(e) => clear("bh_from_bpgn", text, &e),
    })
}

fn check_save(text: &str) -> Result<(), TestCaseError> {
    guarded("BhGame::from_json", text, || {
        match BhGame::from_json(text) {
            Ok(g) => {
                let json = g.to_json();
                let again = BhGame::from_json(&json)
                    .map_err(|e| TestCaseError::fail(format!("reload: {e} of {text:?}")))?;
                prop_assert_eq!(again.to_json(), json);
                let _ = g.view(u64::MAX);
                let _ = bh_to_bpgn(&g, &PgnInfo::default());
                Ok(())
            }
            Err(e) => clear("BhGame::from_json", text, &e),
        }
    })
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn fuzz_bpgn_import_arbitrary_text(text in "(?s).{0,300}") {
        check_bpgn(&text)?;
    }

    #[test]
    fn fuzz_bpgn_import_mutated(text in mutated(&BPGNS, &BPGN_TOKENS)) {
        check_bpgn(&text)?;
    }

    #[test]
    fn fuzz_save_arbitrary_text(text in "(?s).{0,300}") {
        check_save(&text)?;
    }

    #[test]
    fn fuzz_save_mutated(text in mutated(&SAVES, &SAVE_TOKENS)) {
        check_save(&text)?;
    }
}
