//! Hostile input, fuzzed (issue #13 item 5): every parser a user can reach,
//! fed arbitrary text and byte-level mutations of valid inputs. No input may
//! panic, and every refusal must be a clear message (non-empty, not a Debug
//! dump). Where a mutated save still loads, writing it again must give a text
//! that loads again to the same text.
//!
//! Cases per property: `FUZZ_CASES` (default [`CI_CASES`], so CI stays
//! quick). A local run of 100 000 per property, as docs/fuzzing.md records
//! (`FUZZ_STATS=1` prints each property's time and what the parsers made of
//! the inputs):
//!
//! ```sh
//! FUZZ_CASES=100000 FUZZ_STATS=1 cargo test --release --test fuzz_parsers -- --nocapture --test-threads=1
//! ```
//!
//! The browser-only parsers (`ui::route`, `ui::number_field`, the verifier
//! page's form cleaning) are wasm-only; tests/e2e/xss.test.mjs feeds them
//! hostile links and field texts in the shipped app.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::module::{GameModule, Logged};
use std::fmt::{Debug, Display};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::LazyLock;

use nordau_shift::referee::chessboard::ChessBoard;
use nordau_shift::referee::commitment::{normalise_word, normalise_words};
use nordau_shift::referee::json::{self, FromJson};
use nordau_shift::referee::names::{MAX_NAME_BYTES, check_name, comparison_key};
use nordau_shift::referee::nordau::verify::schedule;
use nordau_shift::referee::{
    CrazyhouseBoard, Game, PgnInfo, Session, Setup, Table, TimeControl, ZhGame, parse_hex32,
    to_pgn, verify, verify_n, zh_from_pgn, zh_to_pgn,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{TestCaseError, TestRunner};

// ---- configuration ------------------------------------------------------------

/// Cases per property when `FUZZ_CASES` is not set: the whole file takes
/// about 10 s in a debug build on two cores.
const CI_CASES: u32 = 4_000;

/// `FUZZ_CASES` cases, or `default`. Failures are not written to a
/// regressions file: a real one becomes a named test instead.
fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default);
    ProptestConfig {
        cases,
        failure_persistence: None,
        max_shrink_iters: 4096,
        ..ProptestConfig::default()
    }
}

// ---- checks ---------------------------------------------------------------------

thread_local! {
    /// What the parsers of the running property made of their inputs.
    static TALLY: std::cell::RefCell<std::collections::BTreeMap<String, u64>> =
        Default::default();
}

fn count(outcome: String) {
    TALLY.with(|t| *t.borrow_mut().entry(outcome).or_default() += 1);
}

fn accepted(what: &str) {
    count(format!("{what} ok"));
}

/// `BadGame(IllegalEvent { index: 2, … })` → `BadGame/IllegalEvent`: the
/// first two variant names of an error's Debug form, quoted text skipped.
fn variant_path(debug: &str) -> String {
    let mut names = Vec::new();
    let mut chars = debug.chars().peekable();
    let mut word = String::new();
    while let Some(c) = chars.next() {
        if c == '"' || c == '\'' {
            while let Some(q) = chars.next() {
                if q == '\\' {
                    chars.next();
                } else if q == c {
                    break;
                }
            }
            continue;
        }
        if c.is_alphanumeric() || c == '_' {
            word.push(c);
            continue;
        }
        if word.starts_with(|w: char| w.is_ascii_uppercase()) && names.len() < 2 {
            names.push(std::mem::take(&mut word));
        }
        word.clear();
    }
    if word.starts_with(|w: char| w.is_ascii_uppercase()) && names.len() < 2 {
        names.push(word);
    }
    names.join("/")
}

/// A refusal people can read: not empty, not blank, and not the error's
/// Debug form (`Corrupt("…")`, `BadTag { … }`).
fn clear<E: Display + Debug>(what: &str, input: &str, e: &E) -> Result<(), TestCaseError> {
    let message = e.to_string();
    let debug = format!("{e:?}");
    count(format!("{what} {}", variant_path(&debug)));
    prop_assert!(
        !message.trim().is_empty(),
        "{what}: empty message ({debug}) for {input:?}"
    );
    prop_assert!(
        message != debug,
        "{what}: the message is the Debug dump {debug} for {input:?}"
    );
    let variant: String = debug
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if !variant.is_empty() {
        prop_assert!(
            !message.starts_with(&format!("{variant}("))
                && !message.starts_with(&format!("{variant} {{")),
            "{what}: the message looks like Debug output: {message:?} for {input:?}"
        );
    }
    Ok(())
}

/// Runs `f`, turning a panic into a failure that names the input exactly
/// (proptest would name the generator's value, not the mutated text).
fn guarded<T>(
    what: &str,
    input: &str,
    f: impl FnOnce() -> Result<T, TestCaseError>,
) -> Result<T, TestCaseError> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let why = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".into());
            Err(TestCaseError::fail(format!(
                "{what} PANICKED on {input:?}: {why}"
            )))
        }
    }
}

// ---- valid inputs (the seeds of every mutation) --------------------------------------

fn read_dir(dir: &str, ext: &str, prefix: &str) -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
        })
        .map(|p| {
            let name = p.to_string_lossy().into_owned();
            (name, std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no {prefix}*.{ext} in {}", dir.display());
    out.into_iter().map(|(_, text)| text).collect()
}

/// A set of valid inputs of one kind and the tokens mutations splice in.
struct Corpus {
    inputs: Vec<String>,
    tokens: Vec<String>,
    /// JSON values for tree mutations (see [`leaves`]).
    leaves: Vec<serde_json::Value>,
}

/// Numbers at the edges of every integer type a record holds.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "-0",
    "00",
    "07",
    "1.5",
    "1e3",
    "1e400",
    "-1e400",
    "255",
    "256",
    "65535",
    "65536",
    "4294967295",
    "4294967296",
    "9007199254740993",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "NaN",
    "Infinity",
];

/// Text that is hostile anywhere: markup, quotes, controls, odd Unicode.
const HOSTILE: &[&str] = &[
    "<img src=x onerror=alert(1)>",
    "\"><svg onload=alert(1)>",
    "javascript:alert(1)",
    "</textarea><script>alert(1)</script>",
    "O'Brien & \"Sons\" <Ltd>",
    "\u{0}",
    "\u{7f}",
    "\u{feff}",
    "\u{202e}",
    "\u{200d}",
    "\u{301}",
    "\u{fffd}",
    "\u{10ffff}",
    "\u{1f600}",
    "Ё",
    "ß",
    "\r\n",
    "\t",
    "\\",
    "\\u0000",
    "\\ud800",
    "%",
    "%00",
    "%FF",
    "%C3%A9",
    "%E2%80%AE",
    "%ZZ",
    "+",
];

impl Corpus {
    fn new(inputs: Vec<String>, extra: &[&str], split: fn(&str) -> Vec<String>) -> Corpus {
        let mut tokens: Vec<String> = NUMBERS
            .iter()
            .chain(HOSTILE)
            .chain(extra)
            .map(|s| s.to_string())
            .collect();
        for input in &inputs {
            tokens.extend(split(input));
        }
        tokens.sort();
        tokens.dedup();
        tokens.retain(|t| !t.is_empty() && t.len() <= 200);
        assert!(!inputs.is_empty());
        let mut corpus = Corpus {
            inputs,
            tokens,
            leaves: Vec::new(),
        };
        corpus.leaves = leaves(&corpus);
        corpus
    }
}

/// JSON string literals and structural pieces of each input.
fn json_tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        out.push(format!("\"{}\"", &after[..end]));
        rest = &after[end + 1..];
    }
    out
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

const JSON_EXTRA: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "null",
    "true",
    "false",
    "\"\"",
    "{}",
    "[]",
    "\"x\"",
    "[[[[[[[[",
    "]]]]]]]]",
    "{\"a\":",
    "\"\\u0000\"",
    "\"\\ud800\"",
    "\"\\udc00\\ud800\"",
    "\"t_ms\":",
    "\"type\":",
    "\"version\":",
    "\"format\":",
    "\"seed\":",
    "\"sealed\"",
];

/// Every stored save fixture (saves of all stages of both modules).
static SAVES: LazyLock<Corpus> = LazyLock::new(|| {
    let mut inputs = read_dir("tests/fixtures/codec", "json", "");
    inputs.extend(zh_games().iter().map(ZhGame::to_json));
    Corpus::new(inputs, JSON_EXTRA, json_tokens)
});

static ZH_SAVES: LazyLock<Corpus> = LazyLock::new(|| {
    let mut inputs = read_dir("tests/fixtures/codec", "json", "zh-");
    inputs.extend(zh_games().iter().map(ZhGame::to_json));
    Corpus::new(inputs, JSON_EXTRA, json_tokens)
});

static NORDAU_LOGS: LazyLock<Corpus> = LazyLock::new(|| {
    Corpus::new(
        read_dir("tests/fixtures/codec", "json", "nordau-log-"),
        JSON_EXTRA,
        json_tokens,
    )
});

static TABLES: LazyLock<Corpus> = LazyLock::new(|| {
    Corpus::new(
        read_dir("tests/fixtures/codec", "json", "table-"),
        JSON_EXTRA,
        json_tokens,
    )
});

static SESSIONS: LazyLock<Corpus> = LazyLock::new(|| {
    let mut inputs = read_dir("tests/fixtures/codec", "json", "session-");
    // The session inside each stored table, compact.
    for table in read_dir("tests/fixtures/codec", "json", "table-") {
        let value = json::parse(&table).unwrap();
        inputs.push(value["session"].to_string());
    }
    // Time controls (the Crazyhouse setup screen remembers one).
    for save in read_dir("tests/fixtures/codec", "json", "zh-") {
        let value = json::parse(&save).unwrap();
        inputs.push(value["setup"]["control"].to_string());
    }
    Corpus::new(inputs, JSON_EXTRA, json_tokens)
});

/// Crazyhouse games imported from the PGN fixtures, as the app would open them.
fn zh_games() -> Vec<ZhGame> {
    read_dir("tests/fixtures/crazyhouse", "pgn", "")
        .iter()
        .map(|pgn| {
            let imported = zh_from_pgn(pgn).unwrap();
            ZhGame::new(imported.into_setup(TimeControl::fischer(180_000, 2_000))).unwrap()
        })
        .collect()
}

static PGNS: LazyLock<Corpus> = LazyLock::new(|| {
    let mut inputs = read_dir("tests/fixtures/crazyhouse", "pgn", "");
    for g in zh_games() {
        inputs.push(zh_to_pgn(&g, &PgnInfo::default()).unwrap());
    }
    for fixture in read_dir("tests/fixtures/codec", "json", "zh-") {
        let g = ZhGame::from_json(&fixture).unwrap();
        if let Ok(pgn) = zh_to_pgn(&g, &PgnInfo::default()) {
            inputs.push(pgn);
        }
    }
    // Dialects other programs write (tests/crazyhouse_pgn.rs).
    inputs.extend(
        [
            "[Variant \"Crazy House\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c6 5. Nf3 Bg4 6. Bf4 e6 7. h3 Bxf3 8. Qxf3 Bb4 9. Be2 Nd7 10. 0-0-0 *",
            "[White \"Anna\"]\n[Black \"Boris\"]\n[Variant \"crazyhouse\"]\n\n1. e4 {a comment} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6!? 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 8. Nc3 N@d4 1-0",
            "[FEN \"4k3/P7/8/8/8/8/8/4K3[] w - - 0 1\"]\n\n1. a8Q+ Kd7 1/2-1/2",
            "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R[Nn] w KQkq - 0 1\"]\n\n1. O-O N@g3 2. Rfb1 O-O-O 0-1",
            "% escape line\n[Event \"?\"]\n\n1. e4 ; rest-of-line comment\ne5 *",
        ]
        .map(str::to_owned),
    );
    Corpus::new(
        inputs,
        &[
            "[",
            "]",
            "\"",
            "\\\"",
            "{",
            "}",
            "(",
            ")",
            ";",
            "%",
            "$1",
            "$255",
            "!?",
            "??",
            "+",
            "#",
            "=",
            "~",
            "@",
            "x",
            "N@f3",
            "P@e4",
            "@e4",
            "Q@h8",
            "K@e4",
            "O-O",
            "O-O-O",
            "0-0",
            "0-0-0",
            "e8=Q",
            "e8Q",
            "gxh8Q",
            "h9",
            "i1",
            "1-0",
            "0-1",
            "1/2-1/2",
            "*",
            "...",
            "1.",
            "99999999999.",
            "\n",
            "\n\n",
            "[FEN \"",
            "[Variant \"",
            "[White \"",
            "\"]",
            "{[%clk 0:03:00]}",
            "Crazyhouse",
            "Atomic",
            "--",
            "Z0",
        ],
        words,
    )
});

/// The verifier's four inputs: commitment, seed, setup text, words.
type VerifierInputs = (String, String, String, Vec<String>);

/// The draw vectors' inputs, all valid.
static VECTORS: LazyLock<Vec<VerifierInputs>> = LazyLock::new(|| {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/vectors/nordau-v1.json"),
    )
    .unwrap();
    let value = json::parse(&text).unwrap();
    let cases: Vec<_> = value["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let s = |k: &str| c[k].as_str().unwrap().to_owned();
            let words = c["words"]
                .as_array()
                .map(|w| w.iter().map(|w| w.as_str().unwrap().to_owned()).collect())
                .unwrap_or_default();
            (s("commitment"), s("seed"), s("setup"), words)
        })
        .collect();
    assert!(cases.len() >= 3, "draw vectors missing");
    cases
});

static SETUPS: LazyLock<Corpus> = LazyLock::new(|| {
    let mut inputs: Vec<String> = VECTORS.iter().map(|v| v.2.clone()).collect();
    for names in [
        ["Anna", "Boris", "Chen"],
        ["Ёжик", "Straße", "O'Brien & Co"],
        ["a-b_c.d%e", "名前", "😀 x"],
        ["<b>x</b>", "\"q\"", "x y"],
    ] {
        let mut s = Setup::standard(names);
        inputs.push(s.to_text());
        s.min_shift = 1;
        s.max_shift = 40;
        s.bonus_permille = 0;
        inputs.push(s.to_text());
    }
    Corpus::new(
        inputs,
        &[
            ".", "-", "_", "x", "x0", "x1", "ns1", "ns2", "f", "h", "%2D", "%2d", "%41", "%C3",
            "%c3", "%A9", "%20", "%5F", "%2E", "%25",
        ],
        |t| {
            t.split(['.', '-', '_'])
                .map(str::to_owned)
                .chain(t.split('.').map(str::to_owned))
                .collect()
        },
    )
});

static HEXES: LazyLock<Corpus> = LazyLock::new(|| {
    let mut inputs: Vec<String> = VECTORS
        .iter()
        .flat_map(|v| [v.0.clone(), v.1.clone()])
        .collect();
    inputs.push("0".repeat(64));
    inputs.push("f".repeat(64));
    Corpus::new(
        inputs,
        &[
            "0", "9", "a", "f", "A", "F", "g", " ", "\n", "0x", "ff", "00",
        ],
        |_| Vec::new(),
    )
});

static NAMES: LazyLock<Corpus> = LazyLock::new(|| {
    let inputs = [
        "Anna",
        "Boris",
        "Chen",
        "Ёжик в тумане",
        "Straße",
        "O'Brien",
        "Zoë",
        "名前",
        "a",
        "Anna-Maria Smith-Jones of the Long Name Club, Chapter Seven",
    ]
    .map(str::to_owned)
    .to_vec();
    Corpus::new(
        inputs,
        &[
            " ",
            "  ",
            "\u{a0}",
            "\u{3000}",
            "\u{2800}",
            "\u{e000}",
            "\u{fe0f}",
            "\u{1d173}",
        ],
        words,
    )
});

/// Positions to read move texts in: standard chess and Crazyhouse, with
/// castling, en passant, promotions, drops and promoted pieces about.
const CHESS_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "1n2k3/P1P5/8/8/8/8/6pp/4K1N1 b - - 0 1",
    "4k3/8/8/8/8/8/1N3N2/4K3 w - - 0 1",
];

fn crazyhouse_fens() -> Vec<String> {
    let mut fens: Vec<String> = read_dir("tests/fixtures/crazyhouse", "fen", "")
        .into_iter()
        .map(|f| f.trim().to_owned())
        .collect();
    fens.push(CrazyhouseBoard::default().fen());
    fens.push("r3k2r/1P3ppp/2n5/3Q~4/6b~1/8/Pp3PPP/R3K2R[BNPPqp] b KQkq - 3 21".into());
    fens
}

static CHESS_BOARDS: LazyLock<Vec<ChessBoard>> = LazyLock::new(|| {
    CHESS_FENS
        .iter()
        .map(|f| ChessBoard::from_fen(f).unwrap())
        .collect()
});

static ZH_BOARDS: LazyLock<Vec<CrazyhouseBoard>> = LazyLock::new(|| {
    crazyhouse_fens()
        .iter()
        .map(|f| CrazyhouseBoard::from_fen(f).unwrap())
        .collect()
});

/// Every legal move of every position, in UCI and in SAN.
static MOVES: LazyLock<Corpus> = LazyLock::new(|| {
    let mut inputs = Vec::new();
    for b in CHESS_BOARDS.iter() {
        for uci in b.legal_moves_uci() {
            inputs.push(b.san_of(b.parse_move(&uci).unwrap()));
            inputs.push(uci);
        }
    }
    for b in ZH_BOARDS.iter() {
        for uci in b.legal_moves_uci() {
            inputs.push(b.san_of(b.parse_move(&uci).unwrap()));
            inputs.push(uci);
        }
    }
    inputs.sort();
    inputs.dedup();
    Corpus::new(
        inputs,
        &[
            "O-O", "O-O-O", "0-0", "0-0-0", "=", "=Q", "=K", "=P", "@", "P@", "K@", "x", "+", "#",
            "!", "?", "e.p.", "--", "0000", "a0", "h9", "i1", "Z", " ",
        ],
        |_| Vec::new(),
    )
});

static FENS: LazyLock<Corpus> = LazyLock::new(|| {
    let mut inputs: Vec<String> = CHESS_FENS.iter().map(|s| s.to_string()).collect();
    inputs.extend(crazyhouse_fens());
    Corpus::new(
        inputs,
        &[
            "/",
            "[",
            "]",
            "~",
            " ",
            "w",
            "b",
            "-",
            "KQkq",
            "8",
            "9",
            "0",
            "k",
            "K",
            "p",
            "P",
            "Q~",
            "[QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ]",
            "e3",
            "h6",
        ],
        |t| t.split([' ', '/']).map(str::to_owned).collect(),
    )
});

// ---- generators ---------------------------------------------------------------------

/// One byte-level change to a text.
#[derive(Clone, Debug)]
enum Mutation {
    FlipBit(Index, u8),
    SetByte(Index, u8),
    Delete(Index, u8),
    Insert(Index, Vec<u8>),
    InsertToken(Index, Index),
    ReplaceWithToken(Index, u8, Index),
    Duplicate(Index, u8, Index),
    Truncate(Index),
    /// The n-th ASCII digit becomes `digit`.
    SwapDigit(Index, u8),
    /// The n-th run of digits becomes an edge number.
    ChangeNumber(Index, Index),
    /// This text up to a point, then another input from a point.
    Splice(Index, Index, Index),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        2 => (any::<Index>(), 0u8..8).prop_map(|(i, b)| Mutation::FlipBit(i, b)),
        2 => (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Mutation::SetByte(i, b)),
        2 => (any::<Index>(), 1u8..16).prop_map(|(i, n)| Mutation::Delete(i, n)),
        2 => (any::<Index>(), vec(any::<u8>(), 1..8)).prop_map(|(i, b)| Mutation::Insert(i, b)),
        4 => (any::<Index>(), any::<Index>()).prop_map(|(i, t)| Mutation::InsertToken(i, t)),
        3 => (any::<Index>(), 1u8..12, any::<Index>())
            .prop_map(|(i, n, t)| Mutation::ReplaceWithToken(i, n, t)),
        1 => (any::<Index>(), 1u8..64, any::<Index>())
            .prop_map(|(i, n, to)| Mutation::Duplicate(i, n, to)),
        1 => any::<Index>().prop_map(Mutation::Truncate),
        3 => (any::<Index>(), 0u8..10).prop_map(|(i, d)| Mutation::SwapDigit(i, d)),
        3 => (any::<Index>(), any::<Index>()).prop_map(|(i, n)| Mutation::ChangeNumber(i, n)),
        1 => (any::<Index>(), any::<Index>(), any::<Index>())
            .prop_map(|(a, o, b)| Mutation::Splice(a, o, b)),
    ]
}

fn apply(corpus: &Corpus, text: &mut Vec<u8>, m: &Mutation) {
    let at = |i: &Index, text: &Vec<u8>| i.index(text.len() + 1);
    match m {
        Mutation::FlipBit(i, bit) => {
            if !text.is_empty() {
                let k = i.index(text.len());
                text[k] ^= 1 << bit;
            }
        }
        Mutation::SetByte(i, b) => {
            if !text.is_empty() {
                let k = i.index(text.len());
                text[k] = *b;
            }
        }
        Mutation::Delete(i, n) => {
            let k = at(i, text);
            let end = (k + usize::from(*n)).min(text.len());
            text.drain(k..end);
        }
        Mutation::Insert(i, bytes) => {
            let k = at(i, text);
            text.splice(k..k, bytes.iter().copied());
        }
        Mutation::InsertToken(i, t) => {
            let k = at(i, text);
            let token = t.get(&corpus.tokens).as_bytes();
            text.splice(k..k, token.iter().copied());
        }
        Mutation::ReplaceWithToken(i, n, t) => {
            let k = at(i, text);
            let end = (k + usize::from(*n)).min(text.len());
            let token = t.get(&corpus.tokens).as_bytes();
            text.splice(k..end, token.iter().copied());
        }
        Mutation::Duplicate(i, n, to) => {
            let k = at(i, text);
            let end = (k + usize::from(*n)).min(text.len());
            let span: Vec<u8> = text[k..end].to_vec();
            let dest = at(to, text);
            text.splice(dest..dest, span);
        }
        Mutation::Truncate(i) => {
            let k = at(i, text);
            text.truncate(k);
        }
        Mutation::SwapDigit(i, d) => {
            let digits: Vec<usize> = (0..text.len())
                .filter(|&k| text[k].is_ascii_digit())
                .collect();
            if !digits.is_empty() {
                text[*i.get(&digits)] = b'0' + d;
            }
        }
        Mutation::ChangeNumber(i, n) => {
            let mut runs = Vec::new();
            let mut k = 0;
            while k < text.len() {
                if text[k].is_ascii_digit() {
                    let start = k;
                    while k < text.len() && text[k].is_ascii_digit() {
                        k += 1;
                    }
                    runs.push((start, k));
                } else {
                    k += 1;
                }
            }
            if !runs.is_empty() {
                let (start, end) = *i.get(&runs);
                let number = n.get(NUMBERS).as_bytes();
                text.splice(start..end, number.iter().copied());
            }
        }
        Mutation::Splice(a, other, b) => {
            let k = at(a, text);
            let other = other.get(&corpus.inputs).as_bytes();
            let from = b.index(other.len() + 1);
            text.truncate(k);
            text.extend_from_slice(&other[from..]);
        }
    }
}

/// A valid input of `corpus` after one to six mutations, as the text a
/// parser would get (invalid UTF-8 read lossily, as a browser would).
fn mutated(corpus: &'static LazyLock<Corpus>) -> impl Strategy<Value = String> {
    (any::<Index>(), vec(mutation(), 1..=6)).prop_map(move |(pick, muts)| {
        let corpus: &Corpus = corpus;
        let mut text = pick.get(&corpus.inputs).as_bytes().to_vec();
        for m in &muts {
            apply(corpus, &mut text, m);
        }
        String::from_utf8_lossy(&text).into_owned()
    })
}

/// One change to a parsed JSON document: the mutations a hand-edited or
/// half-migrated save would show, which byte-level changes rarely produce
/// without breaking the syntax first.
#[derive(Clone, Debug)]
enum TreeMutation {
    /// A node becomes a leaf value (edge number, string, null, [], {}, …).
    Replace(Index, Index),
    /// A number or string becomes another of its kind (the record still
    /// reads, the game may not replay).
    SameKind(Index, Index),
    /// A node is removed from its object or array.
    Delete(Index),
    /// An array element appears twice in a row.
    Duplicate(Index),
    /// A node becomes a copy of another node of the same document.
    CopyFrom(Index, Index),
    /// An array element swaps places with the next one.
    Swap(Index),
}

fn tree_mutation() -> impl Strategy<Value = TreeMutation> {
    prop_oneof![
        3 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| TreeMutation::Replace(a, b)),
        6 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| TreeMutation::SameKind(a, b)),
        2 => any::<Index>().prop_map(TreeMutation::Delete),
        2 => any::<Index>().prop_map(TreeMutation::Duplicate),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| TreeMutation::CopyFrom(a, b)),
        2 => any::<Index>().prop_map(TreeMutation::Swap),
    ]
}

#[derive(Clone, Debug)]
enum Step {
    Key(String),
    At(usize),
}

fn paths(v: &serde_json::Value, here: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(here.clone());
    match v {
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                here.push(Step::At(i));
                paths(item, here, out);
                here.pop();
            }
        }
        serde_json::Value::Object(map) => {
            for (k, item) in map {
                here.push(Step::Key(k.clone()));
                paths(item, here, out);
                here.pop();
            }
        }
        _ => {}
    }
}

fn node_ref<'a>(v: &'a serde_json::Value, path: &[Step]) -> &'a serde_json::Value {
    path.iter().fold(v, |v, step| match step {
        Step::Key(k) => &v[k.as_str()],
        Step::At(i) => &v[*i],
    })
}

fn node_mut<'a>(v: &'a mut serde_json::Value, path: &[Step]) -> &'a mut serde_json::Value {
    path.iter().fold(v, |v, step| match step {
        Step::Key(k) => &mut v[k.as_str()],
        Step::At(i) => &mut v[*i],
    })
}

/// Leaf values a tree mutation puts in: edge numbers, the corpus's strings,
/// hostile text, and every JSON type.
fn leaves(corpus: &Corpus) -> Vec<serde_json::Value> {
    use serde_json::Value;
    let mut out = vec![
        Value::Null,
        Value::Bool(true),
        Value::Bool(false),
        Value::Array(Vec::new()),
        Value::Object(Default::default()),
        Value::from(u64::MAX),
        Value::from(i64::MIN),
        Value::from(u64::from(u32::MAX) + 1),
        Value::from(1.5),
        Value::from(-0.0),
        Value::from(1e300),
    ];
    out.extend(NUMBERS.iter().filter_map(|n| json::parse(n).ok()));
    out.extend(HOSTILE.iter().map(|h| Value::from(*h)));
    out.extend(
        corpus
            .tokens
            .iter()
            .filter_map(|t| json::parse(t).ok())
            .filter(|v| v.is_string()),
    );
    out
}

fn apply_tree(doc: &mut serde_json::Value, leaves: &[serde_json::Value], m: &TreeMutation) {
    let mut all = Vec::new();
    paths(doc, &mut Vec::new(), &mut all);
    let pick = |i: &Index| i.get(&all).clone();
    // The parent of `path` and the step to it (none for the root).
    let split = |path: &[Step]| path.split_last().map(|(s, p)| (p.to_vec(), s.clone()));
    match m {
        TreeMutation::Replace(node, leaf) => {
            *node_mut(doc, &pick(node)) = leaf.get(leaves).clone();
        }
        TreeMutation::SameKind(node, leaf) => {
            let scalars: Vec<Vec<Step>> = all
                .iter()
                .filter(|p| {
                    let v = node_ref(doc, p);
                    v.is_number() || v.is_string()
                })
                .cloned()
                .collect();
            if scalars.is_empty() {
                return;
            }
            let target = node.get(&scalars);
            let number = node_ref(doc, target).is_number();
            let same = |v: &&serde_json::Value| {
                if number { v.is_number() } else { v.is_string() }
            };
            // The edge values, and the document's own values of that kind
            // (another event's time, another move).
            let kind: Vec<serde_json::Value> = leaves
                .iter()
                .filter(same)
                .chain(scalars.iter().map(|p| node_ref(doc, p)).filter(same))
                .cloned()
                .collect();
            if !kind.is_empty() {
                *node_mut(doc, target) = leaf.get(&kind).clone();
            }
        }
        TreeMutation::CopyFrom(node, from) => {
            let value = node_ref(doc, &pick(from)).clone();
            *node_mut(doc, &pick(node)) = value;
        }
        TreeMutation::Delete(node) => match split(&pick(node)) {
            Some((parent, Step::Key(k))) => {
                if let Some(map) = node_mut(doc, &parent).as_object_mut() {
                    map.remove(&k);
                }
            }
            Some((parent, Step::At(i))) => {
                if let Some(items) = node_mut(doc, &parent).as_array_mut() {
                    items.remove(i);
                }
            }
            None => {}
        },
        TreeMutation::Duplicate(node) | TreeMutation::Swap(node) => {
            if let Some((parent, Step::At(i))) = split(&pick(node))
                && let Some(items) = node_mut(doc, &parent).as_array_mut()
            {
                if matches!(m, TreeMutation::Duplicate(_)) {
                    items.insert(i, items[i].clone());
                } else if i + 1 < items.len() {
                    items.swap(i, i + 1);
                }
            }
        }
    }
}

/// A valid JSON input of `corpus` with one to four tree mutations, or byte
/// mutations on top of them.
fn tree_mutated(corpus: &'static LazyLock<Corpus>) -> impl Strategy<Value = String> {
    let tree = (
        any::<Index>(),
        vec(tree_mutation(), 1..=4),
        vec(mutation(), 0..=1),
    )
        .prop_map(move |(pick, muts, bytes)| {
            let corpus: &Corpus = corpus;
            let mut doc = json::parse(pick.get::<String>(&corpus.inputs)).unwrap();
            for m in &muts {
                apply_tree(&mut doc, &corpus.leaves, m);
            }
            let mut text = doc.to_string().into_bytes();
            for m in &bytes {
                apply(corpus, &mut text, m);
            }
            String::from_utf8_lossy(&text).into_owned()
        });
    prop_oneof![2 => tree, 1 => mutated(corpus)]
}

/// Arbitrary text: any Unicode, arbitrary bytes read lossily, ASCII with
/// controls, and soups of the format's own tokens and stray characters.
fn arbitrary(corpus: &'static LazyLock<Corpus>) -> impl Strategy<Value = String> {
    let soup = vec(
        prop_oneof![
            3 => any::<Index>().prop_map(move |i| {
                let corpus: &Corpus = corpus;
                i.get(&corpus.tokens).clone()
            }),
            1 => any::<char>().prop_map(String::from),
            1 => "[ -~]{1,4}",
        ],
        0..48,
    )
    .prop_map(|parts| parts.concat());
    prop_oneof![
        2 => any::<String>(),
        2 => vec(any::<u8>(), 0..300).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
        1 => "[\\x00-\\x7f]{0,200}",
        4 => soup,
    ]
}

// ---- the parsers ----------------------------------------------------------------------

/// PGN import, as the Crazyhouse setup screen does it: read, open, and on
/// success export and read again to the same game.
fn check_pgn(text: &str) -> Result<(), TestCaseError> {
    guarded("zh_from_pgn", text, || {
        let imported = match zh_from_pgn(text) {
            Ok(imported) => {
                accepted("zh_from_pgn");
                imported
            }
            Err(e) => return clear("zh_from_pgn", text, &e),
        };
        let setup = imported
            .clone()
            .into_setup(TimeControl::fischer(300_000, 0));
        let game = match ZhGame::new(setup.clone()) {
            Ok(g) => {
                accepted("ZhGame::new(imported)");
                g
            }
            Err(e) => return clear("ZhGame::new(imported)", text, &e),
        };
        look_at_zh(&game);
        let pgn = zh_to_pgn(&game, &PgnInfo::default())
            .map_err(|e| TestCaseError::fail(format!("no PGN for a board game: {e}")))?;
        let again = zh_from_pgn(&pgn).map_err(|e| {
            TestCaseError::fail(format!(
                "our own export is refused ({e}):\n{pgn}\nfrom {text:?}"
            ))
        })?;
        prop_assert_eq!(&again.moves, &imported.moves, "moves differ after export");
        prop_assert_eq!(&again.start_fen, &imported.start_fen);
        // The recorded result, or the one the board reached by itself
        // (a stalemate the PGN did not mark) once exported.
        prop_assert_eq!(again.outcome, game.result().map(|r| r.outcome));
        if imported.outcome.is_some() {
            prop_assert_eq!(again.outcome, imported.outcome);
        }
        let again = again.into_setup(TimeControl::fischer(300_000, 0));
        prop_assert_eq!(&again.white, &setup.white);
        prop_assert_eq!(&again.black, &setup.black);
        save_round_trip_zh(&game)
    })
}

/// What the Crazyhouse screens ask of a loaded game.
fn look_at_zh(game: &ZhGame) {
    let last = game.last_event_ms();
    let _ = game.view(last);
    let _ = game.view(last.saturating_add(3_600_000));
    let mut probe = game.clone();
    let _ = probe.tick(last.saturating_add(86_400_000));
    let _ = zh_to_pgn(game, &PgnInfo::default());
}

/// A loaded Crazyhouse game saves to a text that loads to the same text.
fn save_round_trip_zh(game: &ZhGame) -> Result<(), TestCaseError> {
    let once = game.to_json();
    let back = ZhGame::from_json(&once)
        .map_err(|e| TestCaseError::fail(format!("own save refused ({e}): {once}")))?;
    prop_assert_eq!(back.to_json(), once);
    Ok(())
}

fn check_zh_save(text: &str) -> Result<(), TestCaseError> {
    guarded("ZhGame::from_json", text, || {
        match ZhGame::from_json(text) {
            Err(e) => clear("ZhGame::from_json", text, &e),
            Ok(game) => {
                accepted("ZhGame::from_json");
                look_at_zh(&game);
                save_round_trip_zh(&game)
            }
        }
    })
}

/// What the Nordau screens ask of a loaded game.
fn look_at_nordau(game: &Game) {
    let last = game.last_event_ms();
    let _ = game.view(last);
    let _ = game.view(last.saturating_add(3_600_000));
    let _ = game.reveal();
    let _ = game.commitment_hex();
    let _ = to_pgn(game, &PgnInfo::default());
    let mut probe = game.clone();
    let _ = probe.tick(last.saturating_add(86_400_000));
}

fn check_nordau_log(text: &str) -> Result<(), TestCaseError> {
    guarded("Game::from_json", text, || match Game::from_json(text) {
        Err(e) => clear("Game::from_json", text, &e),
        Ok(game) => {
            accepted("Game::from_json");
            look_at_nordau(&game);
            let once = game.to_json();
            let back = Game::from_json(&once)
                .map_err(|e| TestCaseError::fail(format!("own log refused ({e}): {once}")))?;
            prop_assert_eq!(back.to_json(), once);
            Ok(())
        }
    })
}

fn check_table(text: &str, seed: Option<[u8; 32]>) -> Result<(), TestCaseError> {
    guarded("Table::from_json_with_seed", text, || {
        let _ = Table::sealed_seed_of(text);
        let loaded = match seed {
            None => Table::from_json(text),
            Some(_) => Table::from_json_with_seed(text, seed),
        };
        match loaded {
            Err(e) => clear("Table::from_json", text, &e),
            Ok(table) => {
                accepted("Table::from_json");
                if let Some(game) = table.game() {
                    look_at_nordau(game);
                }
                let _ = table.commitment();
                let once = table.to_json();
                let back = Table::from_json(&once)
                    .map_err(|e| TestCaseError::fail(format!("own table refused ({e}): {once}")))?;
                prop_assert_eq!(back.to_json(), once.clone());
                let sealed = table.to_sealed_json("c2VhbGVk");
                let unsealed = match table.secret_seed() {
                    Some(s) => Table::from_json_with_seed(&sealed, Some(s)),
                    None => Table::from_json(&sealed),
                }
                .map_err(|e| TestCaseError::fail(format!("own sealed table refused ({e})")))?;
                prop_assert_eq!(unsealed.to_json(), once);
                Ok(())
            }
        }
    })
}

/// The session record and the remembered time control: plain records read
/// from JSON, written back identically.
fn check_records(text: &str) -> Result<(), TestCaseError> {
    fn record<T: FromJson + json::ToJson>(what: &str, text: &str) -> Result<(), TestCaseError> {
        match json::from_str::<T>(text) {
            Err(e) => clear(what, text, &e),
            Ok(value) => {
                accepted(what);
                let once = json::to_string(&value);
                let back: T = json::from_str(&once)
                    .map_err(|e| TestCaseError::fail(format!("{what}: own text refused ({e})")))?;
                prop_assert_eq!(json::to_string(&back), once);
                Ok(())
            }
        }
    }
    guarded("records", text, || {
        record::<Session>("Session", text)?;
        record::<TimeControl>("TimeControl", text)
    })
}

fn check_json(text: &str) -> Result<(), TestCaseError> {
    guarded("json::parse", text, || match json::parse(text) {
        Err(e) => clear("json::parse", text, &e),
        Ok(value) => {
            accepted("json::parse");
            let again = json::parse(&value.to_string())
                .map_err(|e| TestCaseError::fail(format!("reprinted JSON refused: {e}")))?;
            // serde_json reads decimals fast rather than exactly (no
            // `float_roundtrip`): `9.6e28` may come back one ulp off. Every
            // number in a record is an integer, and those are exact.
            if !has_float(&value) {
                prop_assert_eq!(again, value);
            }
            Ok(())
        }
    })
}

fn has_float(v: &serde_json::Value) -> bool {
    match v {
        serde_json::Value::Number(n) => n.is_f64(),
        serde_json::Value::Array(items) => items.iter().any(has_float),
        serde_json::Value::Object(map) => map.values().any(has_float),
        _ => false,
    }
}

/// The setup text: only the canonical text of a setup is accepted, so
/// whatever is accepted is written back byte for byte.
fn check_setup(text: &str) -> Result<(), TestCaseError> {
    guarded("Setup::from_text", text, || match Setup::from_text(text) {
        Err(e) => clear("Setup::from_text", text, &e),
        Ok(setup) => {
            accepted("Setup::from_text");
            prop_assert_eq!(setup.to_text(), text, "accepted a non-canonical text");
            for name in &setup.names {
                prop_assert!(check_name(name).is_ok(), "accepted name {name:?}");
            }
            Ok(())
        }
    })
}

fn check_hex(text: &str) -> Result<(), TestCaseError> {
    guarded("parse_hex32", text, || match parse_hex32(text) {
        Err(e) => clear("parse_hex32", text, &e),
        Ok(bytes) => {
            accepted("parse_hex32");
            prop_assert_eq!(hex::encode(bytes), text);
            Ok(())
        }
    })
}

fn check_name_text(text: &str) -> Result<(), TestCaseError> {
    guarded("check_name", text, || {
        let _ = comparison_key(text);
        let word = normalise_word(text);
        prop_assert_eq!(normalise_word(&word), word.clone(), "normalising twice");
        match check_name(text) {
            Err(e) => clear("check_name", text, &e),
            Ok(()) => {
                accepted("check_name");
                prop_assert!(!text.is_empty() && text.len() <= MAX_NAME_BYTES);
                prop_assert!(!text.starts_with(' ') && !text.ends_with(' '));
                Ok(())
            }
        }
    })
}

/// The verifier's four inputs. Hex cleaned as its page cleans them is
/// tried as well, so mutations reach the setup and the draw.
fn check_verify(
    commitment: &str,
    seed: &str,
    setup: &str,
    words: &[String],
    shifts: usize,
) -> Result<(), TestCaseError> {
    let input = format!("c={commitment:?} s={seed:?} setup={setup:?} w={words:?}");
    guarded("verify", &input, || {
        let _ = normalise_words(words);
        for result in [
            verify(commitment, seed, setup, words),
            verify_n(commitment, seed, setup, words, shifts),
        ] {
            match result {
                Err(e) => clear("verify", &input, &e)?,
                Ok(report) => {
                    accepted("verify");
                    prop_assert_eq!(&report.commitment_hex, commitment);
                    prop_assert_eq!(&report.setup_text, setup);
                    let (min, max) = (report.setup.min_shift, report.setup.max_shift);
                    prop_assert!(
                        report
                            .shifts
                            .iter()
                            .all(|s| min <= s.length && s.length <= max)
                    );
                }
            }
        }
        if let (Ok(setup), Ok(seed)) = (Setup::from_text(setup), parse_hex32(seed)) {
            let report = schedule(&setup, &seed, words, shifts);
            prop_assert_eq!(report.shifts.len(), shifts);
            let (min, max) = (setup.min_shift, setup.max_shift);
            prop_assert!(
                report
                    .shifts
                    .iter()
                    .all(|s| min <= s.length && s.length <= max)
            );
        }
        Ok(())
    })
}

/// A move text on every position: a legal move reads back from its own SAN.
fn check_move(text: &str) -> Result<(), TestCaseError> {
    guarded("parse_move", text, || {
        for board in CHESS_BOARDS.iter() {
            match board.parse_move(text) {
                Err(e) => clear("ChessBoard::parse_move", text, &e)?,
                Ok(m) => {
                    accepted("ChessBoard::parse_move");
                    let san = board.san_of(m);
                    prop_assert_eq!(board.parse_move(&san), Ok(m), "SAN {}", san);
                    let mut after = board.clone();
                    after.play(m);
                }
            }
        }
        for board in ZH_BOARDS.iter() {
            match board.parse_move(text) {
                Err(e) => clear("CrazyhouseBoard::parse_move", text, &e)?,
                Ok(m) => {
                    accepted("CrazyhouseBoard::parse_move");
                    let san = board.san_of(m);
                    prop_assert_eq!(board.parse_move(&san), Ok(m), "SAN {}", san);
                }
            }
            let mut after = board.clone();
            match after.play_text(text) {
                Err(e) => clear("CrazyhouseBoard::play_text", text, &e)?,
                Ok(()) => {
                    let _ = after.automatic_end();
                    let _ = after.claimable();
                }
            }
        }
        Ok(())
    })
}

/// A FEN (the PGN's `FEN` tag): a position read is written and read again
/// to the same FEN.
fn check_fen(text: &str) -> Result<(), TestCaseError> {
    guarded("from_fen", text, || {
        if let Some(b) = ChessBoard::from_fen(text) {
            accepted("ChessBoard::from_fen");
            let fen = b.fen();
            let again = ChessBoard::from_fen(&fen).map(|b| b.fen());
            prop_assert_eq!(again, Some(fen));
            let _ = b.legal_moves_uci();
            let _ = b.ply();
        }
        if let Some(b) = CrazyhouseBoard::from_fen(text) {
            accepted("CrazyhouseBoard::from_fen");
            let fen = b.fen();
            let again = CrazyhouseBoard::from_fen(&fen).map(|b| b.fen());
            prop_assert_eq!(again, Some(fen));
            let _ = b.legal_moves_uci();
            let _ = b.automatic_end();
            let _ = b.ply();
        }
        Ok(())
    })
}

// ---- the properties ---------------------------------------------------------------------

fn hex_like() -> impl Strategy<Value = String> {
    prop_oneof![
        2 => mutated(&HEXES),
        1 => arbitrary(&HEXES),
        1 => "[0-9a-fA-F \n]{0,70}",
        1 => any::<Index>().prop_map(|i| i.get(&HEXES.inputs).clone()),
    ]
}

fn setup_like() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => mutated(&SETUPS),
        1 => arbitrary(&SETUPS),
        2 => any::<Index>().prop_map(|i| i.get(&SETUPS.inputs).clone()),
    ]
}

fn words_like() -> impl Strategy<Value = Vec<String>> {
    prop_oneof![
        vec(any::<String>(), 0..6),
        vec(arbitrary(&NAMES), 0..4),
        vec("[a-zA-Z \t]{0,12}", 0..20),
        Just(Vec::new()),
    ]
}

/// Runs `check` on `cases` values of `strategy` (see [`config`]), failing
/// with the smallest input that breaks it. With `FUZZ_STATS=1` (and
/// `--nocapture`) it prints the cases, the time and what the parser made of
/// them: how many were accepted and how many refused, by error variant.
fn fuzz<S: Strategy>(
    name: &str,
    default: u32,
    strategy: S,
    check: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: Debug,
{
    let config = config(default);
    let cases = config.cases;
    let started = std::time::Instant::now();
    TALLY.with(|t| t.borrow_mut().clear());
    let result = TestRunner::new(config).run(&strategy, check);
    let elapsed = started.elapsed();
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    if std::env::var_os("FUZZ_STATS").is_some() {
        let tally = TALLY.with(|t| std::mem::take(&mut *t.borrow_mut()));
        let outcomes: Vec<String> = tally.iter().map(|(k, n)| format!("{k} {n}")).collect();
        println!(
            "FUZZ {name}: {cases} cases in {:.1} s, 0 panics; {}",
            elapsed.as_secs_f64(),
            outcomes.join(", ")
        );
    }
}

#[test]
fn setup_text_arbitrary() {
    fuzz("setup_text_arbitrary", CI_CASES, arbitrary(&SETUPS), |t| {
        check_setup(&t)
    });
}

#[test]
fn setup_text_mutated() {
    fuzz("setup_text_mutated", CI_CASES, mutated(&SETUPS), |t| {
        check_setup(&t)
    });
}

#[test]
fn hex_arbitrary() {
    fuzz("hex_arbitrary", CI_CASES, arbitrary(&HEXES), |t| {
        check_hex(&t)
    });
}

#[test]
fn hex_mutated() {
    fuzz("hex_mutated", CI_CASES, mutated(&HEXES), |t| check_hex(&t));
}

#[test]
fn name_arbitrary() {
    fuzz("name_arbitrary", CI_CASES, arbitrary(&NAMES), |t| {
        check_name_text(&t)
    });
}

#[test]
fn name_mutated() {
    fuzz("name_mutated", CI_CASES, mutated(&NAMES), |t| {
        check_name_text(&t)
    });
}

#[test]
fn json_arbitrary() {
    fuzz("json_arbitrary", CI_CASES, arbitrary(&SAVES), |t| {
        check_json(&t)
    });
}

#[test]
fn json_mutated() {
    fuzz("json_mutated", CI_CASES, tree_mutated(&SAVES), |t| {
        check_json(&t)
    });
}

#[test]
fn records_arbitrary() {
    fuzz("records_arbitrary", CI_CASES, arbitrary(&SESSIONS), |t| {
        check_records(&t)
    });
}

#[test]
fn records_mutated() {
    fuzz("records_mutated", CI_CASES, tree_mutated(&SESSIONS), |t| {
        check_records(&t)
    });
}

#[test]
fn fen_arbitrary() {
    fuzz("fen_arbitrary", CI_CASES, arbitrary(&FENS), |t| {
        check_fen(&t)
    });
}

#[test]
fn fen_mutated() {
    fuzz("fen_mutated", CI_CASES, mutated(&FENS), |t| check_fen(&t));
}

/// A valid case of the draw vectors with one field (or all four) replaced.
fn one_field_replaced(case: Index, field: u8, hostile: VerifierInputs) -> VerifierInputs {
    let (vc, vs, vsetup, vwords) = case.get(&VECTORS).clone();
    let (c, s, setup, words) = hostile;
    match field {
        0 => (c, vs, vsetup, vwords),
        1 => (vc, s, vsetup, vwords),
        2 => (vc, vs, setup, vwords),
        3 => (vc, vs, vsetup, words),
        _ => (c, s, setup, words),
    }
}

#[test]
fn verifier_arbitrary() {
    let inputs = (
        any::<Index>(),
        0u8..5,
        (
            arbitrary(&HEXES),
            arbitrary(&HEXES),
            arbitrary(&SETUPS),
            vec(arbitrary(&NAMES), 0..12),
        ),
        0usize..64,
    );
    fuzz(
        "verifier_arbitrary",
        CI_CASES,
        inputs,
        |(case, field, hostile, n)| {
            let (c, s, setup, words) = one_field_replaced(case, field, hostile);
            check_verify(&c, &s, &setup, &words, n)
        },
    );
}

#[test]
fn verifier_mutated() {
    let inputs = (
        any::<Index>(),
        0u8..5,
        (hex_like(), hex_like(), setup_like(), words_like()),
        0usize..64,
    );
    fuzz(
        "verifier_mutated",
        CI_CASES,
        inputs,
        |(case, field, hostile, n)| {
            let (c, s, setup, words) = one_field_replaced(case, field, hostile);
            check_verify(&c, &s, &setup, &words, n)
        },
    );
}

#[test]
fn move_text_arbitrary() {
    fuzz("move_text_arbitrary", CI_CASES, arbitrary(&MOVES), |t| {
        check_move(&t)
    });
}

#[test]
fn move_text_mutated() {
    fuzz("move_text_mutated", CI_CASES, mutated(&MOVES), |t| {
        check_move(&t)
    });
}

#[test]
fn nordau_log_arbitrary() {
    fuzz(
        "nordau_log_arbitrary",
        CI_CASES,
        arbitrary(&NORDAU_LOGS),
        |t| check_nordau_log(&t),
    );
}

#[test]
fn nordau_log_mutated() {
    fuzz(
        "nordau_log_mutated",
        CI_CASES,
        tree_mutated(&NORDAU_LOGS),
        |t| check_nordau_log(&t),
    );
}

#[test]
fn table_arbitrary() {
    fuzz("table_arbitrary", CI_CASES, arbitrary(&TABLES), |t| {
        check_table(&t, None)
    });
}

#[test]
fn table_mutated() {
    let inputs = (tree_mutated(&TABLES), any::<Option<[u8; 32]>>());
    fuzz("table_mutated", CI_CASES, inputs, |(t, seed)| {
        check_table(&t, seed)
    });
}

#[test]
fn zh_save_arbitrary() {
    fuzz("zh_save_arbitrary", CI_CASES, arbitrary(&ZH_SAVES), |t| {
        check_zh_save(&t)
    });
}

#[test]
fn zh_save_mutated() {
    fuzz("zh_save_mutated", CI_CASES, tree_mutated(&ZH_SAVES), |t| {
        check_zh_save(&t)
    });
}

#[test]
fn pgn_arbitrary() {
    fuzz("pgn_arbitrary", CI_CASES, arbitrary(&PGNS), |t| {
        check_pgn(&t)
    });
}

#[test]
fn pgn_mutated() {
    fuzz("pgn_mutated", CI_CASES, mutated(&PGNS), |t| check_pgn(&t));
}

// ---- fixed hostile inputs (the generators rarely build these) -----------------------------

#[test]
fn deep_nesting_and_huge_texts_are_refused_without_overflowing_the_stack() {
    for open in ["[", "{\"a\":"] {
        let text = open.repeat(100_000);
        assert!(json::parse(&text).is_err());
        assert!(ZhGame::from_json(&text).is_err());
        assert!(Game::from_json(&text).is_err());
        assert!(Table::from_json(&text).is_err());
    }
    let long = "a".repeat(1 << 20);
    assert!(Setup::from_text(&long).is_err());
    assert!(parse_hex32(&long).is_err());
    assert!(check_name(&long).is_err());
    let _ = zh_from_pgn(&format!("[White \"{long}\"]\n\n*"));
    let _ = zh_from_pgn(&"(".repeat(100_000));
    let _ = zh_from_pgn(&"{".repeat(100_000));
    let _ = zh_from_pgn(&"1. e4 e5 ".repeat(10_000));
}

#[test]
fn every_valid_input_is_accepted() {
    // The corpora really are valid: mutations start from accepted inputs.
    for text in &PGNS.inputs {
        zh_from_pgn(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    }
    for text in &ZH_SAVES.inputs {
        ZhGame::from_json(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    }
    for text in &NORDAU_LOGS.inputs {
        Game::from_json(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    }
    for text in &TABLES.inputs {
        Table::from_json_with_seed(text, Some([7; 32])).unwrap_or_else(|e| panic!("{e}: {text}"));
    }
    for text in &SETUPS.inputs {
        Setup::from_text(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    }
    for text in &HEXES.inputs {
        parse_hex32(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    }
    for text in &NAMES.inputs {
        check_name(text).unwrap_or_else(|e| panic!("{e}: {text}"));
    }
    for (c, s, setup, words) in VECTORS.iter() {
        verify(c, s, setup, words).unwrap_or_else(|e| panic!("{e}: {setup}"));
    }
    for text in &FENS.inputs {
        assert!(
            ChessBoard::from_fen(text).is_some() || CrazyhouseBoard::from_fen(text).is_some(),
            "{text}"
        );
    }
}

// ---- the card-series duel (feature `cards`) ------------------------------------------

#[cfg(feature = "cards")]
mod cards {
    use super::*;
    use nordau_shift::referee::InputMode;
    use nordau_shift::referee::cards::{
        CsClock, CsEvent, CsGame, CsSetup, Stack, StackSource, cs_from_pgn, cs_to_pgn,
    };

    /// Games of every kind, played a little: the seeds of the mutations.
    fn cs_games() -> Vec<CsGame> {
        let mut out = Vec::new();
        for (mode, blind) in [
            (InputMode::Board, false),
            (InputMode::Board, true),
            (InputMode::Clock, false),
            (InputMode::Clock, true),
        ] {
            let stacks = if blind {
                StackSource::Blind
            } else {
                StackSource::Secret
            };
            let setup = CsSetup::new("Anna", "Boris Ø", mode, stacks)
                .with_clock(CsClock::fischer(300_000, 2_000));
            let mut g = if blind {
                CsGame::new_blind(setup, [5; 32], &["blue whale"]).unwrap()
            } else {
                CsGame::new(setup).unwrap()
            };
            let mut t = 0;
            for step in 0..40u64 {
                t += 700;
                let v = g.view(t);
                let e = if !blind
                    && matches!(
                        v.phase,
                        nordau_shift::referee::cards::CsPhase::AwaitingStack { .. }
                    ) {
                    CsEvent::SetStack {
                        stack: Stack::all()[(step % 20) as usize],
                    }
                } else if step == 0
                    || v.phase == nordau_shift::referee::cards::CsPhase::AwaitingStart
                {
                    CsEvent::Start
                } else if mode == InputMode::Board {
                    match v
                        .legal_moves_uci
                        .get((step as usize * 7) % v.legal_moves_uci.len().max(1))
                    {
                        Some(mv) => CsEvent::Move { mv: mv.clone() },
                        None => break,
                    }
                } else {
                    CsEvent::Played {
                        check: step % 9 == 4,
                        note: Some(format!("N{step}")),
                    }
                };
                let _ = g.apply(t, e);
            }
            out.push(g.clone());
            let _ = g.apply(t + 1, CsEvent::AgreeDraw);
            out.push(g);
        }
        out
    }

    static CS_SAVES: LazyLock<Corpus> = LazyLock::new(|| {
        Corpus::new(
            cs_games().iter().map(CsGame::to_json).collect(),
            JSON_EXTRA,
            json_tokens,
        )
    });

    static CS_PGNS: LazyLock<Corpus> = LazyLock::new(|| {
        let inputs = cs_games()
            .iter()
            .filter_map(|g| cs_to_pgn(g, &PgnInfo::default()).ok())
            .collect();
        Corpus::new(
            inputs,
            &["--", "Z0", "0000", "{No:", "}", "{", "1...", "*"],
            words,
        )
    });

    static CS_SETUPS: LazyLock<Corpus> = LazyLock::new(|| {
        let inputs = cs_games().iter().map(|g| g.setup().to_text()).collect();
        Corpus::new(
            inputs,
            &["cs1", "none", ".", "_", "-", "%20", "%C3%98"],
            |t| t.split(['.', '_', '-']).map(str::to_owned).collect(),
        )
    });

    fn look_at(game: &CsGame) {
        let last = game.last_event_ms();
        let _ = game.view(last);
        let _ = game.view(last.saturating_add(3_600_000));
        let _ = game.history();
        let _ = game.reveal();
        let _ = game.save_holds_secret();
        let _ = cs_to_pgn(game, &PgnInfo::default());
        let mut probe = game.clone();
        let _ = probe.tick(last.saturating_add(86_400_000));
    }

    fn check_cs_save(text: &str) -> Result<(), TestCaseError> {
        guarded("CsGame::from_json", text, || {
            match CsGame::from_json(text) {
                Err(e) => clear("CsGame::from_json", text, &e),
                Ok(game) => {
                    accepted("CsGame::from_json");
                    look_at(&game);
                    let once = game.to_json();
                    let back = CsGame::from_json(&once).map_err(|e| {
                        TestCaseError::fail(format!("own log refused ({e}): {once}"))
                    })?;
                    prop_assert_eq!(back.to_json(), once);
                    Ok(())
                }
            }
        })
    }

    fn check_cs_pgn(text: &str) -> Result<(), TestCaseError> {
        guarded("cs_from_pgn", text, || match cs_from_pgn(text) {
            Err(e) => clear("cs_from_pgn", text, &e),
            Ok(imported) => {
                accepted("cs_from_pgn");
                prop_assert!(imported.moves.iter().all(|m| !m.uci.is_empty()));
                Ok(())
            }
        })
    }

    fn check_cs_setup(text: &str) -> Result<(), TestCaseError> {
        guarded("CsSetup::from_text", text, || {
            let _ = Stack::from_text(text).map_err(|e| clear("Stack::from_text", text, &e));
            match CsSetup::from_text(text, InputMode::Board) {
                Err(e) => clear("CsSetup::from_text", text, &e),
                Ok(setup) => {
                    accepted("CsSetup::from_text");
                    prop_assert_eq!(setup.to_text(), text, "not the one text of its setup");
                    Ok(())
                }
            }
        })
    }

    #[test]
    fn cs_save_arbitrary() {
        fuzz("cs_save_arbitrary", CI_CASES, arbitrary(&CS_SAVES), |t| {
            check_cs_save(&t)
        });
    }

    #[test]
    fn cs_save_mutated() {
        fuzz("cs_save_mutated", CI_CASES, tree_mutated(&CS_SAVES), |t| {
            check_cs_save(&t)
        });
    }

    #[test]
    fn cs_pgn_arbitrary() {
        fuzz("cs_pgn_arbitrary", CI_CASES, arbitrary(&CS_PGNS), |t| {
            check_cs_pgn(&t)
        });
    }

    #[test]
    fn cs_pgn_mutated() {
        fuzz("cs_pgn_mutated", CI_CASES, mutated(&CS_PGNS), |t| {
            check_cs_pgn(&t)
        });
    }

    #[test]
    fn cs_setup_text_arbitrary() {
        fuzz(
            "cs_setup_text_arbitrary",
            CI_CASES,
            arbitrary(&CS_SETUPS),
            |t| check_cs_setup(&t),
        );
    }

    #[test]
    fn cs_setup_text_mutated() {
        fuzz(
            "cs_setup_text_mutated",
            CI_CASES,
            mutated(&CS_SETUPS),
            |t| check_cs_setup(&t),
        );
    }

    #[test]
    fn cs_every_valid_input_is_accepted() {
        for text in &CS_SAVES.inputs {
            check_cs_save(text).unwrap();
            assert!(CsGame::from_json(text).is_ok());
        }
        for text in &CS_PGNS.inputs {
            assert!(cs_from_pgn(text).is_ok(), "{text}");
        }
        for text in &CS_SETUPS.inputs {
            check_cs_setup(text).unwrap();
        }
        assert!(CS_PGNS.inputs.len() >= 2);
    }
}

// ---- Undo Chess (feature `undo`) ------------------------------------------------------

#[cfg(feature = "undo")]
mod undo {
    use super::*;
    use nordau_shift::referee::secret::SecretAtRest;
    use nordau_shift::referee::undo::{
        StartChoice, StartPosition, UcEvent, UcGame, UcPending, UcSetup, uc_from_pgn, uc_to_pgn,
        uc_verify,
    };
    use nordau_shift::referee::{Colour, InputMode};

    /// Games of every kind, played a little, with undos: the seeds of the mutations.
    fn uc_games() -> Vec<UcGame> {
        let mut out = Vec::new();
        for (mode, drawn) in [
            (InputMode::Board, false),
            (InputMode::Board, true),
            (InputMode::Clock, false),
            (InputMode::Clock, true),
        ] {
            let start = if drawn {
                StartChoice::Drawn
            } else {
                StartChoice::Fixed(StartPosition::new(0).unwrap())
            };
            let setup = UcSetup::new(
                "Anna",
                "Boris Ø",
                mode,
                start,
                TimeControl::fischer(300_000, 2_000),
            );
            let mut g = if drawn {
                UcGame::new_drawn(setup, [5; 32], &["blue whale"]).unwrap()
            } else {
                UcGame::new(setup).unwrap()
            };
            let mut t = 0;
            let _ = g.apply(t, UcEvent::Start);
            for step in 0..40u64 {
                t += 700;
                let v = g.view(t);
                let e = if step % 7 == 6 {
                    UcEvent::Undo { by: v.side_to_move }
                } else if mode == InputMode::Board {
                    match v
                        .legal_moves_uci
                        .get((step as usize * 7) % v.legal_moves_uci.len().max(1))
                    {
                        Some(mv) => UcEvent::Move { mv: mv.clone() },
                        None => break,
                    }
                } else {
                    UcEvent::Press
                };
                let _ = g.apply(t, e);
            }
            out.push(g.clone());
            let _ = g.apply(
                t + 1,
                UcEvent::Resign {
                    colour: Colour::White,
                },
            );
            out.push(g);
        }
        out
    }

    static UC_SAVES: LazyLock<Corpus> = LazyLock::new(|| {
        Corpus::new(
            uc_games().iter().map(UcGame::to_json).collect(),
            JSON_EXTRA,
            json_tokens,
        )
    });

    static UC_PGNS: LazyLock<Corpus> = LazyLock::new(|| {
        let inputs = uc_games()
            .iter()
            .filter_map(|g| uc_to_pgn(g, &PgnInfo::default()).ok())
            .collect();
        Corpus::new(
            inputs,
            &[
                "O-O", "0-0-0", "{Undo 1:", "}", "{", "1...", "*", "[FEN \"", "KQkq", "HAha",
            ],
            words,
        )
    });

    static UC_SETUPS: LazyLock<Corpus> = LazyLock::new(|| {
        let mut inputs: Vec<String> = uc_games().iter().map(|g| g.setup().to_text()).collect();
        inputs.push("uc1.518.0-3.5400000-5400000.40-0-f30000_0-1800000-f30000.A_B".into());
        Corpus::new(
            inputs,
            &[
                "uc1", "r", "518", "959", ".", "_", "-", "f", "b", "d", "n", "%20", "%C3%98",
            ],
            |t| t.split(['.', '_', '-']).map(str::to_owned).collect(),
        )
    });

    fn look_at(game: &UcGame) {
        let last = game.last_event_ms();
        let _ = game.view(last);
        let _ = game.view(last.saturating_add(3_600_000));
        let _ = game.reveal();
        let _ = game.undos();
        let _ = uc_to_pgn(game, &PgnInfo::default());
        let mut probe = game.clone();
        let _ = probe.tick(last.saturating_add(86_400_000));
    }

    fn check_uc_save(text: &str) -> Result<(), TestCaseError> {
        guarded("UcGame::from_json", text, || {
            match UcGame::from_json(text) {
                Err(e) => clear("UcGame::from_json", text, &e),
                Ok(game) => {
                    accepted("UcGame::from_json");
                    look_at(&game);
                    let once = game.to_json();
                    let back = UcGame::from_json(&once).map_err(|e| {
                        TestCaseError::fail(format!("own log refused ({e}): {once}"))
                    })?;
                    prop_assert_eq!(back.to_json(), once);
                    Ok(())
                }
            }
        })
    }

    fn check_uc_pgn(text: &str) -> Result<(), TestCaseError> {
        guarded("uc_from_pgn", text, || match uc_from_pgn(text) {
            Err(e) => clear("uc_from_pgn", text, &e),
            Ok(imported) => {
                accepted("uc_from_pgn");
                prop_assert_eq!(imported.fens.len(), imported.ucis.len() + 1);
                prop_assert_eq!(imported.sans.len(), imported.ucis.len());
                Ok(())
            }
        })
    }

    /// The drawn start awaiting words ("undo.pending"): the versioned JSON
    /// and the older lines, each with a plain and a sealed secret.
    static UC_PENDINGS: LazyLock<Corpus> = LazyLock::new(|| {
        let mut inputs = Vec::new();
        for (i, g) in uc_games().iter().take(4).enumerate() {
            let secret = if i % 2 == 0 {
                SecretAtRest::Plain([i as u8; 32])
            } else {
                SecretAtRest::Sealed("aesgcm1.00112233445566778899aabb.0f1e2d3c4b5a".into())
            };
            let mode = if g.setup().mode == InputMode::Board {
                "b"
            } else {
                "c"
            };
            inputs.push(format!(
                "{mode}\n{}\n{}",
                g.setup().to_text(),
                secret.to_text()
            ));
            let pending = UcPending {
                setup: g.setup().clone(),
                secret,
            };
            inputs.push(pending.to_json());
        }
        Corpus::new(
            inputs,
            &["plain:", "aesgcm1", "\n", "undo-pending", "board", "clock"],
            |t| {
                t.split(['\n', '"', ':', ',', '.'])
                    .map(str::to_owned)
                    .collect()
            },
        )
    });

    fn check_uc_pending(text: &str) -> Result<(), TestCaseError> {
        guarded(
            "UcPending::from_text",
            text,
            || match UcPending::from_text(text) {
                Err(e) => clear("UcPending::from_text", text, &e),
                Ok(pending) => {
                    accepted("UcPending::from_text");
                    let once = pending.to_json();
                    let back = UcPending::from_text(&once).map_err(|e| {
                        TestCaseError::fail(format!("own text refused ({e}): {once}"))
                    })?;
                    prop_assert_eq!(back, pending);
                    Ok(())
                }
            },
        )
    }

    #[test]
    fn uc_pending_arbitrary() {
        fuzz(
            "uc_pending_arbitrary",
            CI_CASES,
            arbitrary(&UC_PENDINGS),
            |t| check_uc_pending(&t),
        );
    }

    #[test]
    fn uc_pending_mutated() {
        fuzz("uc_pending_mutated", CI_CASES, mutated(&UC_PENDINGS), |t| {
            check_uc_pending(&t)
        });
    }

    fn check_uc_setup(text: &str) -> Result<(), TestCaseError> {
        guarded("UcSetup::from_text", text, || {
            let _ = StartPosition::from_typed(text)
                .map_err(|e| clear("StartPosition::from_typed", text, &e));
            let _ = uc_verify(&"0".repeat(64), &"0".repeat(64), text, &[] as &[&str])
                .map_err(|e| clear("uc_verify", text, &e));
            match UcSetup::from_text(text, InputMode::Board) {
                Err(e) => clear("UcSetup::from_text", text, &e),
                Ok(setup) => {
                    accepted("UcSetup::from_text");
                    prop_assert_eq!(setup.to_text(), text, "not the one text of its setup");
                    Ok(())
                }
            }
        })
    }

    #[test]
    fn uc_save_arbitrary() {
        fuzz("uc_save_arbitrary", CI_CASES, arbitrary(&UC_SAVES), |t| {
            check_uc_save(&t)
        });
    }

    #[test]
    fn uc_save_mutated() {
        fuzz("uc_save_mutated", CI_CASES, tree_mutated(&UC_SAVES), |t| {
            check_uc_save(&t)
        });
    }

    #[test]
    fn uc_pgn_arbitrary() {
        fuzz("uc_pgn_arbitrary", CI_CASES, arbitrary(&UC_PGNS), |t| {
            check_uc_pgn(&t)
        });
    }

    #[test]
    fn uc_pgn_mutated() {
        fuzz("uc_pgn_mutated", CI_CASES, mutated(&UC_PGNS), |t| {
            check_uc_pgn(&t)
        });
    }

    #[test]
    fn uc_setup_text_arbitrary() {
        fuzz(
            "uc_setup_text_arbitrary",
            CI_CASES,
            arbitrary(&UC_SETUPS),
            |t| check_uc_setup(&t),
        );
    }

    #[test]
    fn uc_setup_text_mutated() {
        fuzz(
            "uc_setup_text_mutated",
            CI_CASES,
            mutated(&UC_SETUPS),
            |t| check_uc_setup(&t),
        );
    }

    #[test]
    fn uc_every_valid_input_is_accepted() {
        for text in &UC_SAVES.inputs {
            check_uc_save(text).unwrap();
            assert!(UcGame::from_json(text).is_ok());
        }
        for text in &UC_PGNS.inputs {
            assert!(uc_from_pgn(text).is_ok(), "{text}");
        }
        for text in &UC_SETUPS.inputs {
            check_uc_setup(text).unwrap();
        }
        for text in &UC_PENDINGS.inputs {
            assert!(UcPending::from_text(text).is_ok(), "{text}");
        }
        assert!(UC_PGNS.inputs.len() >= 2);
        assert!(
            UC_SAVES
                .inputs
                .iter()
                .any(|s| s.contains(r#""type":"undo""#)),
            "the corpus has undos"
        );
    }
}
