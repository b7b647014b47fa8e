//! Golden saves and exports of every game module, captured from the code as
//! it stood before the referee refactor. The fixture files in
//! `tests/fixtures/saves/` must never change: a refactor may rename the
//! functions below (a mechanical update of this file), never what a save
//! means or how it is written.
//!
//! For every fixture file `<dir>/<file>` this test checks:
//! (a) it loads with the reading code of its format;
//! (b) it loads to the same game: a summary built by hand from public
//!     accessors (never `Debug` of whole structs) equals `<file>.expect.txt`;
//! (c) writing the loaded game again gives the file back byte for byte, for
//!     every format the app writes (saves, sealed saves, exports, PGN/BPGN);
//! (d) the generator below, which builds each game from fixed setups, seeds,
//!     words and timestamps, writes exactly the committed files (so a writer
//!     change is caught even where a reader would accept both).
//!
//! `UPDATE_SAVE_FIXTURES=1 cargo test --all-features --test golden_saves`
//! rewrites the fixtures and expectations; do that only on purpose, never
//! during the refactor.
//!
//! Formats and where the app writes / reads them (storage keys in quotes):
//! * Swedish chess save "bughouse.match" (also its export file and the
//!   one-window hand-over): `BhGame::to_json` / `BhGame::from_json`.
//! * BPGN export: `bh_to_bpgn`; BPGN import: `bh_from_bpgn` +
//!   `ImportedMatch::into_setup` (the imported match is then saved as above).
//! * Card duel save "cards.game" (`ui::cards::store::CardsGame`):
//!   `cards::seal::plain_json` (no secret, or no WebCrypto),
//!   `cards::seal::sealed_json` (secret held, key sealed by `web::vault`),
//!   read by `cards::seal::open_json` (+ `vault_of`); the export file withholds
//!   the secret where it cannot be sealed: `cards::seal::withheld_json`.
//! * Card duel PGN export `cs_to_pgn`, read by `cs_from_pgn`.
//! * Undo Chess save "undo.game": `UcGame::to_json` / `UcGame::from_json`.
//! * Undo Chess drawn start awaiting words "undo.pending" (`ui::undo::commit`):
//!   `UcPending::to_json` (`*.pending.json`), read by `UcPending::from_text`,
//!   which also reads the unversioned lines older versions wrote
//!   (`*.pending.txt`: `<b|c>\n<UcSetup::to_text>\n<aesgcm1.… | plain:<hex>>`,
//!   that writer restated in `pending_text` below); the secret's text is
//!   `SecretAtRest::{to_text, from_text}`.
//! * Undo Chess PGN export `uc_to_pgn`, read (for review) by `uc_from_pgn`.
//! * Nordau Shift PGN export `to_pgn`, and the table export with an unrevealed
//!   seed withheld (`ui::nordau::store::export_text`):
//!   `Table::to_sealed_json("withheld")`. Its saves, sealed saves and session
//!   are golden in `tests/fixtures/codec` (tests/codec_saves.rs); the exports
//!   here are made from those files.
//! * Crazyhouse PGN export `zh_to_pgn`, read by `zh_from_pgn`; its saves are
//!   golden in `tests/fixtures/codec`.
//! * The evening's record of revealed commitments of the card duel and Undo
//!   Chess "evening.draws" (`ui::evening`): `Evening::{to_text, from_text}`
//!   (Nordau Shift's session holds the same records, `DrawRecord`).
//!
//! Public functions this test relies on (rename here if the refactor does;
//! the summaries also read the pub fields of the `*View`, `*Result`, record
//! and import structs they name):
//! `BhGame::{new, from_json, to_json, apply, tick, view, events, setup,
//! result, is_over, boards, clk_after, last_event_ms}`, `BhSetup::new`,
//! `BughouseBoards::{moves, fen}`, `bh_to_bpgn`, `bh_from_bpgn`,
//! `ImportedMatch::into_setup`;
//! `CsGame::{new, new_blind, with_words, from_json, apply, tick, view,
//! history, events, setup, result, is_over, save_holds_secret,
//! last_event_ms}`, `CsSetup::{new, with_clock, to_text}`, `CsClock::fischer`,
//! `Stack::from_text`, `cs_to_pgn`, `cs_from_pgn`, `cs_verify`,
//! `cards::seal::{plain_json, sealed_json, withheld_json, open_json,
//! vault_of}`;
//! `UcGame::{new, new_drawn, from_json, to_json, apply, tick, view, setup,
//! plies, undos, events, result, is_over, last_event_ms}`, `UcSetup::{new,
//! with_tokens, to_text, from_text}`, `StartPosition::{new, standard,
//! drawn_from}`, `MoveRef::label`, `uc_commitment`, `uc_to_pgn`,
//! `uc_from_pgn`, `uc_verify`, `parse_hex32`;
//! `Game::{from_json, view, result}`, `to_pgn`, `Table::{from_json,
//! from_json_with_seed, to_json, to_sealed_json, sealed_seed_of, game,
//! secret_seed}`; `ZhGame::{from_json, view, last_event_ms}`, `zh_to_pgn`,
//! `zh_from_pgn`; `TimeControl::{fischer, custom, sudden_death}` and its pub
//! fields, `PgnInfo`. docs/saves.md lists the formats with their keys.
#![cfg(all(feature = "cards", feature = "undo", not(target_arch = "wasm32")))]

use nordau_shift::referee::module::{GameModule, Logged};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use nordau_shift::referee::bughouse::{BhReport, Seat as BhSeat};
use nordau_shift::referee::cards::seal;
use nordau_shift::referee::cards::{
    Card, CsClock, CsEvent, CsGame, CsPhase, CsReport, CsSetup, SeriesEnd, Stack, StackSource,
    TurnView, cs_from_pgn, cs_to_pgn, cs_verify,
};
use nordau_shift::referee::evening::{DrawFate, DrawRecord, Evening};
use nordau_shift::referee::secret::SecretAtRest;
use nordau_shift::referee::undo::{
    MoveRef, StartChoice, StartPosition, UcEvent, UcGame, UcPending, UcPhase, UcReport, UcSetup,
    uc_commitment, uc_from_pgn, uc_to_pgn, uc_verify,
};
use nordau_shift::referee::{
    BhEvent, BhGame, BhOutcome, BhSetup, BoardId, Colour, DrawClaim, Game, Increment, InputMode,
    Outcome, PgnInfo, Pocket, Table, TableLoadError, TimeControl, ZhGame, bh_from_bpgn, bh_to_bpgn,
    parse_hex32, to_pgn, zh_from_pgn, zh_to_pgn,
};

const DIR: &str = "tests/fixtures/saves";
const CODEC_DIR: &str = "tests/fixtures/codec";
const EXPECT: &str = ".expect.txt";

/// The key of every card-duel secret (the seed of blind stacks, the random
/// key of secret stacks) and the seed of every drawn Undo Chess start.
const KEY: [u8; 32] = {
    let mut k = [0u8; 32];
    let mut i = 0;
    while i < 32 {
        k[i] = (i as u8).wrapping_mul(37).wrapping_add(11);
        i += 1;
    }
    k
};
/// What `web::vault::seal` returns (`aesgcm1.<iv hex>.<ciphertext+tag hex>`);
/// WebCrypto cannot run here, so the text is a fixed stand-in of that shape.
const VAULT: &str = "aesgcm1.00112233445566778899aabb.0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f00123456789abcdef0123456789abcdef";
/// The Nordau Shift seed of the codec fixtures' first table (codec_saves.rs `seed(1)`).
fn nordau_seed(i: u8) -> [u8; 32] {
    let mut s = [0u8; 32];
    for (k, b) in s.iter_mut().enumerate() {
        *b = i.wrapping_mul(31).wrapping_add(k as u8);
    }
    s
}

/// The PGN roster the UI writes (`web::clock::pgn_info`: only the date).
fn info() -> PgnInfo {
    PgnInfo {
        date: Some("2025.03.14".into()),
        ..Default::default()
    }
}

// ---------------------------------------------------------------- summaries

fn colour(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}

fn outcome(o: Outcome) -> String {
    match o {
        Outcome::Win(c) => format!("{} wins", colour(c)),
        Outcome::Draw => "draw".into(),
    }
}

fn mode(m: InputMode) -> &'static str {
    match m {
        InputMode::Board => "board",
        InputMode::Clock => "clock",
    }
}

fn opt<T: std::fmt::Display>(o: Option<T>) -> String {
    o.map_or_else(|| "-".into(), |v| v.to_string())
}

fn claims(c: &[DrawClaim]) -> String {
    let names: Vec<&str> = c
        .iter()
        .map(|c| match c {
            DrawClaim::Threefold => "threefold",
            DrawClaim::FiftyMoves => "fifty-moves",
        })
        .collect();
    names.join(",")
}

fn control(tc: &TimeControl) -> String {
    let stages: Vec<String> = tc
        .stages
        .iter()
        .map(|s| {
            let inc = match s.increment {
                Increment::None => "none".to_owned(),
                Increment::Fischer(ms) => format!("fischer {ms}"),
                Increment::Bronstein(ms) => format!("bronstein {ms}"),
                Increment::SimpleDelay(ms) => format!("delay {ms}"),
            };
            format!("[moves {} add {} {inc}]", opt(s.moves), s.add_ms)
        })
        .collect();
    format!(
        "base {}/{} {}",
        tc.base_ms[0],
        tc.base_ms[1],
        stages.join(" ")
    )
}

fn pocket(p: &Pocket) -> String {
    format!(
        "P{} N{} B{} R{} Q{}",
        p.pawn, p.knight, p.bishop, p.rook, p.queen
    )
}

/// The instant the summaries read the clocks at: shortly after the last event.
fn probe(last_event_ms: u64) -> u64 {
    last_event_ms + 1_234
}

struct Lines(String);

impl Lines {
    fn new() -> Lines {
        Lines(String::new())
    }
    fn add(&mut self, key: &str, value: impl std::fmt::Display) {
        writeln!(self.0, "{key}: {value}").unwrap();
    }
}

fn bh_seat(s: BhSeat) -> String {
    format!("{} {}", s.board.letter(), colour(s.colour))
}

fn bh_outcome(o: BhOutcome) -> String {
    match o {
        BhOutcome::Win(t) => format!("team {} wins", t.number()),
        BhOutcome::Draw => "draw".into(),
    }
}

fn bh_summary(g: &BhGame) -> String {
    let mut l = Lines::new();
    let s = g.setup();
    l.add("game", "bughouse");
    l.add("mode", mode(s.mode));
    l.add("names", s.names.join(" | "));
    l.add("control a", control(&s.controls[0]));
    l.add("control b", control(&s.controls[1]));
    if let Some([a, b]) = &s.start_fens {
        l.add("start fens", format!("{a} | {b}"));
    }
    let opening: Vec<String> = s
        .opening
        .iter()
        .map(|m| format!("{}:{}", m.board.letter(), m.uci))
        .collect();
    l.add("opening", opening.join(" "));
    l.add("recorded", opt(s.recorded.map(bh_outcome)));
    l.add("events", g.events().len());
    l.add("last event ms", g.last_event_ms());
    match g.result() {
        Some(r) => l.add(
            "result",
            format!(
                "{}; {} ({}); seat {}; at {}",
                bh_outcome(r.outcome),
                r.reason.describe(),
                r.reason.rule(),
                opt(r.seat.map(bh_seat)),
                r.at_ms
            ),
        ),
        None => l.add("result", "-"),
    }
    if let Some(boards) = g.boards() {
        let moves: Vec<String> = boards
            .moves()
            .iter()
            .map(|m| {
                format!(
                    "{}{}:{}/{}",
                    m.board.letter(),
                    &colour(m.colour)[..1],
                    m.uci,
                    m.san
                )
            })
            .collect();
        l.add("moves", moves.join(" "));
    }
    let clk: Vec<String> = g.clk_after().iter().map(u64::to_string).collect();
    l.add("clk after", clk.join(" "));
    let at = probe(g.last_event_ms());
    let v = g.view(at);
    l.add("view at", at);
    l.add(
        "phase",
        match v.phase {
            nordau_shift::referee::bughouse::BhPhase::AwaitingStart => "awaiting start",
            nordau_shift::referee::bughouse::BhPhase::Running => "running",
            nordau_shift::referee::bughouse::BhPhase::Paused => "paused",
            nordau_shift::referee::bughouse::BhPhase::Over => "over",
        },
    );
    l.add("half moves", v.half_moves);
    for (b, bv) in ["a", "b"].iter().zip(&v.boards) {
        let k = |name: &str| format!("board {b} {name}");
        l.add(&k("to move"), colour(bv.side_to_move));
        l.add(
            &k("remaining"),
            format!("{}/{}", bv.remaining_ms[0], bv.remaining_ms[1]),
        );
        l.add(
            &k("delay"),
            format!("{}/{}", bv.delay_ms[0], bv.delay_ms[1]),
        );
        l.add(
            &k("moves made"),
            format!("{}/{}", bv.moves_made[0], bv.moves_made[1]),
        );
        l.add(&k("move number"), bv.move_number);
        l.add(&k("fen"), opt(bv.fen.as_ref()));
        l.add(&k("in check"), bv.in_check);
        l.add(
            &k("last move"),
            format!(
                "{} {}",
                opt(bv.last_move_uci.as_ref()),
                opt(bv.last_move_san.as_ref())
            ),
        );
        l.add(&k("legal moves"), bv.legal_moves_uci.len());
        if let Some([w, bl]) = &bv.pockets {
            l.add(&k("pockets"), format!("{} / {}", pocket(w), pocket(bl)));
        }
        l.add(&k("waiting"), bv.waiting);
        l.add(&k("undo available"), bv.undo_available);
    }
    l.0
}

fn card(c: Card) -> char {
    match c {
        Card::Yes => 'Y',
        Card::No => 'N',
    }
}

fn cs_summary(g: &CsGame, awaiting_words: bool) -> String {
    let mut l = Lines::new();
    let at = probe(g.last_event_ms());
    let v = g.view(at);
    l.add("game", "cards");
    l.add("mode", mode(v.mode));
    l.add("names", format!("{} | {}", v.white, v.black));
    l.add(
        "stacks",
        match v.stacks {
            StackSource::Secret => "secret",
            StackSource::Blind => "blind",
        },
    );
    l.add("setup text", g.setup().to_text());
    l.add("awaiting words", awaiting_words);
    l.add("save holds secret", g.save_holds_secret());
    l.add("events", g.events().len());
    l.add("last event ms", g.last_event_ms());
    match g.result() {
        Some(r) => l.add(
            "result",
            format!(
                "{}; {} ({}); at {}",
                outcome(r.outcome),
                r.reason.describe(),
                r.reason.rule(),
                r.at_ms
            ),
        ),
        None => l.add("result", "-"),
    }
    l.add("view at", at);
    l.add(
        "phase",
        match v.phase {
            CsPhase::AwaitingStack { mover } => format!("awaiting stack of {}", colour(mover)),
            CsPhase::AwaitingStart => "awaiting start".into(),
            CsPhase::Series => "series".into(),
            CsPhase::Reply => "reply".into(),
            CsPhase::Over => "over".into(),
        },
    );
    l.add("paused", v.paused);
    l.add("to move", colour(v.side_to_move));
    l.add("series count", v.series_count);
    l.add(
        "remaining",
        opt(v.remaining_ms.map(|[w, b]| format!("{w}/{b}"))),
    );
    l.add("running", opt(v.running.map(colour)));
    l.add("fen", opt(v.fen.as_ref()));
    l.add("in check", v.in_check);
    l.add(
        "last move",
        format!(
            "{} {}",
            opt(v.last_move_uci.as_ref()),
            opt(v.last_move_san.as_ref())
        ),
    );
    l.add("legal moves", v.legal_moves_uci.len());
    l.add("forbidden", v.forbidden_uci.join(" "));
    l.add("claimable", claims(&v.claimable));
    l.add("commitment", opt(v.commitment_hex.as_ref()));
    if let Some(r) = &v.reveal {
        l.add("reveal seed", &r.seed_hex);
        l.add("reveal setup", &r.setup_text);
        l.add("reveal words", r.words.join(" | "));
        let report = cs_verify(&r.commitment_hex, &r.seed_hex, &r.setup_text, &r.words, 4)
            .expect("the reveal verifies");
        l.add("verified stacks", report.stacks.join(" "));
    }
    for (i, t) in g.history().iter().enumerate() {
        match t {
            TurnView::Series(s) => {
                let cards: Vec<String> = s
                    .attempts
                    .iter()
                    .map(|a| {
                        format!(
                            "{}:{}{}@{}",
                            card(a.card),
                            opt(a.text.as_ref()),
                            if a.check { "+check" } else { "" },
                            a.at_ms
                        )
                    })
                    .collect();
                let end = match s.end {
                    None => "running",
                    Some(SeriesEnd::Complete) => "complete",
                    Some(SeriesEnd::Check) => "check",
                    Some(SeriesEnd::GameOver) => "game over",
                };
                l.add(
                    &format!("turn {i}"),
                    format!(
                        "series {} of {}; {end}; left {}; stack {}; {}",
                        s.number,
                        colour(s.mover),
                        s.cards_left,
                        opt(s.stack.as_ref()),
                        cards.join(" ")
                    ),
                );
            }
            TurnView::Reply(r) => l.add(
                &format!("turn {i}"),
                format!(
                    "reply of {}: {} {}{}@{}",
                    colour(r.colour),
                    opt(r.text.as_ref()),
                    opt(r.uci.as_ref()),
                    if r.check { " +check" } else { "" },
                    r.at_ms
                ),
            ),
        }
    }
    l.0
}

fn move_ref(m: &MoveRef) -> String {
    format!("{} ({})", m.label(), opt(m.uci.as_ref()))
}

fn uc_summary(g: &UcGame) -> String {
    let mut l = Lines::new();
    let at = probe(g.last_event_ms());
    let v = g.view(at);
    let s = g.setup();
    l.add("game", "undo");
    l.add("mode", mode(v.mode));
    l.add("names", format!("{} | {}", v.white, v.black));
    l.add("setup text", s.to_text());
    l.add("setup tokens", format!("{}-{}", s.tokens[0], s.tokens[1]));
    l.add("control", control(&s.control));
    l.add(
        "start",
        format!("{} {} {}", v.start_number, v.start_back_rank, v.start_fen),
    );
    l.add("events", g.events().len());
    l.add("last event ms", g.last_event_ms());
    match g.result() {
        Some(r) => l.add(
            "result",
            format!(
                "{}; {}; at {}; flag while deciding {}",
                outcome(r.outcome),
                r.reason.describe(),
                r.at_ms,
                r.flag_while_deciding
            ),
        ),
        None => l.add("result", "-"),
    }
    l.add("view at", at);
    l.add(
        "phase",
        match v.phase {
            UcPhase::AwaitingStart => "awaiting start".into(),
            UcPhase::Playing => "playing".into(),
            UcPhase::Decision { colour: c, end } => format!(
                "UC-7 decision of {}: {}",
                colour(c),
                match end {
                    nordau_shift::referee::undo::UcBoardEnd::Checkmate => "checkmate",
                    nordau_shift::referee::undo::UcBoardEnd::Stalemate => "stalemate",
                }
            ),
            UcPhase::Over => "over".into(),
        },
    );
    l.add("paused", v.paused);
    l.add("to move", colour(v.side_to_move));
    l.add("tokens", format!("{}-{}", v.tokens[0], v.tokens[1]));
    l.add(
        "remaining",
        format!("{}/{}", v.remaining_ms[0], v.remaining_ms[1]),
    );
    l.add("delay", format!("{}/{}", v.delay_ms[0], v.delay_ms[1]));
    l.add("running", opt(v.running.map(colour)));
    l.add("plies", v.plies);
    l.add("move number", v.move_number);
    l.add("fen", opt(v.fen.as_ref()));
    l.add("in check", v.in_check);
    l.add(
        "last move",
        format!(
            "{} {}",
            opt(v.last_move_uci.as_ref()),
            opt(v.last_move_san.as_ref())
        ),
    );
    l.add("legal moves", v.legal_moves_uci.len());
    l.add("claimable", claims(&v.claimable));
    l.add("can undo", v.can_undo);
    l.add(
        "undo would take back",
        opt(v
            .undo_would_take_back
            .as_ref()
            .map(|[a, b]| format!("{}, {}", move_ref(a), move_ref(b)))),
    );
    let plies: Vec<String> = g
        .plies()
        .iter()
        .map(|p| format!("{}@{}/{}", move_ref(&p.mv), p.at_ms, p.clk_after_ms))
        .collect();
    l.add("standing", plies.join("; "));
    for u in g.undos() {
        l.add(
            &format!("undo {}", u.index),
            format!(
                "by {} at {}: took back {}, {}; plies after {}; tokens {}-{}",
                colour(u.by),
                u.at_ms,
                move_ref(&u.took_back[0]),
                move_ref(&u.took_back[1]),
                u.plies_after,
                u.tokens_after[0],
                u.tokens_after[1]
            ),
        );
    }
    l.add("commitment", opt(v.commitment_hex.as_ref()));
    if let Some(r) = &v.reveal {
        l.add("reveal seed", &r.seed_hex);
        l.add("reveal setup", &r.setup_text);
        l.add("reveal words", r.words.join(" | "));
        let report = uc_verify(&r.commitment_hex, &r.seed_hex, &r.setup_text, &r.words)
            .expect("the reveal verifies");
        l.add(
            "verified start",
            format!("{} {}", report.start, report.back_rank),
        );
    }
    l.0
}

// ---------------------------------------------------------------- readers

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The file next to `path` with `suffix` in place of `from`.
fn sibling(path: &Path, from: &str, to: &str) -> PathBuf {
    let name = path.file_name().unwrap().to_str().unwrap();
    let stem = name.strip_suffix(from).expect("suffix");
    path.with_file_name(format!("{stem}{to}"))
}

/// The codec fixture an export of `path` was made from.
fn codec_source(path: &Path, from: &str) -> PathBuf {
    let name = path.file_name().unwrap().to_str().unwrap();
    Path::new(CODEC_DIR).join(format!("{}.json", name.strip_suffix(from).unwrap()))
}

/// A record (PGN, BPGN) as its readers see it: the tag lines as written,
/// then the movetext as one run of tokens. Where the movetext wraps is
/// layout (the export keeps lines under 80 characters), not content.
fn record_content(text: &str) -> String {
    let (tags, movetext): (Vec<&str>, Vec<&str>) =
        text.lines().partition(|line| line.starts_with('['));
    let tokens: Vec<&str> = movetext.iter().flat_map(|l| l.split_whitespace()).collect();
    format!("{}\n{}", tags.join("\n"), tokens.join(" "))
}

fn is_record(what: &Path) -> bool {
    what.extension().is_some_and(|e| e == "pgn" || e == "bpgn")
}

/// A record's movetext lines stay under 80 characters unless one word is
/// longer (the export format's limit; a tag pair holds a whole value).
fn assert_lines_fit(what: &str, text: &str) {
    for line in text.lines() {
        assert!(
            line.chars().count() < 80 || !line.contains(' ') || line.starts_with('['),
            "{what}: a line of {} characters: {line}",
            line.chars().count()
        );
    }
}

fn assert_same(what: &Path, written: &str, stored: &str) {
    if is_record(what) {
        assert_lines_fit(&what.display().to_string(), written);
        assert!(
            record_content(written) == record_content(stored),
            "{}: writing the loaded record again differs from the fixture\n--- written\n{written}\n--- stored\n{stored}",
            what.display()
        );
        return;
    }
    assert!(
        written == stored,
        "{}: writing the loaded game again differs from the fixture\n--- written\n{written}\n--- stored\n{stored}",
        what.display()
    );
}

/// Loads one fixture, checks that writing it again gives it back, and
/// returns its summary.
fn check(path: &Path) -> String {
    let text = read(path);
    let rel = path
        .strip_prefix(DIR)
        .unwrap()
        .to_str()
        .unwrap()
        .replace('\\', "/");
    let (module, name) = rel.split_once('/').expect("<module>/<file>");
    match module {
        "bughouse" if name.ends_with(".bpgn") => check_bpgn(path, &text),
        "bughouse" => {
            let g = BhGame::from_json(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
            assert_same(path, &g.to_json(), &text);
            bh_summary(&g)
        }
        "cards" if name.ends_with(".pgn") => check_cs_pgn(path, &text),
        "cards" if name.ends_with(".withheld.json") => check_cs_withheld(path, &text),
        "cards" if name.ends_with(".sealed.json") => {
            let vault = seal::vault_of(&text).expect("a sealed save names its vault text");
            assert_eq!(vault, VAULT);
            assert!(
                seal::open_json(&text, None).is_err(),
                "{rel}: a sealed save does not open without its key"
            );
            let (g, awaiting) =
                seal::open_json(&text, Some(&KEY)).unwrap_or_else(|e| panic!("{rel}: {e}"));
            assert_same(path, &seal::sealed_json(&g, awaiting, &KEY, &vault), &text);
            // The plain save of the same game opens to the same game.
            let plain = read(&sibling(path, ".sealed.json", ".json"));
            assert_eq!(
                seal::open_json(&plain, None).unwrap(),
                (g.clone(), awaiting)
            );
            format!("sealed: true\n{}", cs_summary(&g, awaiting))
        }
        "cards" => {
            assert!(seal::vault_of(&text).is_none());
            let (g, awaiting) =
                seal::open_json(&text, None).unwrap_or_else(|e| panic!("{rel}: {e}"));
            assert_same(path, &seal::plain_json(&g, awaiting), &text);
            if !awaiting {
                assert_eq!(CsGame::from_json(&text).unwrap(), g);
            }
            cs_summary(&g, awaiting)
        }
        "undo" if name.ends_with(".pgn") => check_uc_pgn(path, &text),
        "undo" if name.ends_with(".pending.txt") => check_uc_pending(&text, true),
        "undo" if name.ends_with(".pending.json") => check_uc_pending(&text, false),
        "undo" => {
            let g = UcGame::from_json(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
            assert_same(path, &g.to_json(), &text);
            uc_summary(&g)
        }
        "crazyhouse" => check_zh_pgn(path, &text),
        "evening" => {
            let e = Evening::from_text(&text).unwrap_or_else(|e| panic!("{rel}: {e}"));
            assert_same(path, &e.to_text(), &text);
            evening_summary(&e)
        }
        "nordau" if name.ends_with(".pgn") => check_ns_pgn(path, &text),
        "nordau" => check_ns_withheld(path, &text),
        _ => panic!("{rel}: no reader for this fixture"),
    }
}

fn check_bpgn(path: &Path, text: &str) -> String {
    let game = BhGame::from_json(&read(&sibling(path, ".bpgn", ".json"))).unwrap();
    assert_same(path, &bh_to_bpgn(&game, &info()), text);
    let m = bh_from_bpgn(text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut l = Lines::new();
    l.add("import", "bpgn");
    let names: Vec<String> = m.names.iter().map(|n| opt(n.as_ref())).collect();
    l.add("names", names.join(" | "));
    l.add(
        "start fens",
        opt(m.start_fens.as_ref().map(|[a, b]| format!("{a} | {b}"))),
    );
    let moves: Vec<String> = m
        .moves
        .iter()
        .map(|x| format!("{}:{}", x.board.letter(), x.uci))
        .collect();
    l.add("moves", moves.join(" "));
    l.add("outcome", opt(m.outcome.map(bh_outcome)));
    // The import shows the same boards as the game it was written from.
    let shown = BhGame::new(m.into_setup(game.setup().controls.clone())).unwrap();
    if let (Some(a), Some(b)) = (shown.boards(), game.boards()) {
        for board in BoardId::BOTH {
            assert_eq!(a.fen(board), b.fen(board));
        }
    }
    l.0
}

fn check_cs_pgn(path: &Path, text: &str) -> String {
    let (game, _) = seal::open_json(&read(&sibling(path, ".pgn", ".json")), None).unwrap();
    assert_same(path, &cs_to_pgn(&game, &info()).unwrap(), text);
    let m = cs_from_pgn(text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut l = Lines::new();
    l.add("import", "pgn");
    l.add(
        "names",
        format!("{} | {}", opt(m.white.as_ref()), opt(m.black.as_ref())),
    );
    let moves: Vec<String> = m
        .moves
        .iter()
        .map(|x| format!("{}:{}/{}", &colour(x.colour)[..1], x.uci, x.san))
        .collect();
    l.add("moves", moves.join(" "));
    l.add("outcome", opt(m.outcome.map(outcome)));
    l.add("fen", &m.fen);
    l.0
}

fn check_cs_withheld(path: &Path, text: &str) -> String {
    let (game, awaiting) =
        seal::open_json(&read(&sibling(path, ".withheld.json", ".json")), None).unwrap();
    assert!(game.save_holds_secret());
    assert_same(path, &seal::withheld_json(&game, awaiting), text);
    // The secret is not in it: it does not open as a game.
    assert!(
        seal::open_json(text, None).is_err(),
        "a withheld export opens as no game"
    );
    let mut l = Lines::new();
    l.add("export", "withheld");
    l.add("opens", "no");
    l.add("awaiting words", awaiting);
    l.0
}

fn check_uc_pgn(path: &Path, text: &str) -> String {
    let game = UcGame::from_json(&read(&sibling(path, ".pgn", ".json"))).unwrap();
    assert_same(path, &uc_to_pgn(&game, &info()).unwrap(), text);
    let m = uc_from_pgn(text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut l = Lines::new();
    l.add("import", "pgn");
    l.add(
        "names",
        format!("{} | {}", opt(m.white.as_ref()), opt(m.black.as_ref())),
    );
    l.add("start", format!("{} {}", opt(m.start), m.start_fen));
    let moves: Vec<String> = m
        .sans
        .iter()
        .zip(&m.ucis)
        .map(|(s, u)| format!("{u}/{s}"))
        .collect();
    l.add("moves", moves.join(" "));
    l.add("fens", m.fens.len());
    l.add("final fen", m.fens.last().unwrap());
    l.add("outcome", opt(m.outcome.map(outcome)));
    l.0
}

/// The unversioned lines older versions wrote for "undo.pending" (still read).
fn pending_text(setup: &UcSetup, secret: &str) -> String {
    let m = if setup.mode == InputMode::Board {
        "b"
    } else {
        "c"
    };
    format!("{m}\n{}\n{secret}", setup.to_text())
}

/// "undo.pending" read by `UcPending::from_text`, without the browser's
/// unsealing: the older lines (`legacy`) or the versioned JSON, written again.
fn check_uc_pending(text: &str, legacy: bool) -> String {
    let pending = UcPending::from_text(text).expect("the pending start reads");
    let setup = &pending.setup;
    let secret = pending.secret.to_text();
    if legacy {
        assert_eq!(pending_text(setup, &secret), text);
    } else {
        assert_eq!(pending.to_json(), text);
    }
    let m = setup.mode;
    let mut l = Lines::new();
    l.add("pending", mode(m));
    l.add("setup text", setup.to_text());
    l.add("names", format!("{} | {}", setup.white, setup.black));
    l.add("tokens", format!("{}-{}", setup.tokens[0], setup.tokens[1]));
    l.add("control", control(&setup.control));
    match &pending.secret {
        SecretAtRest::Plain(seed) => {
            assert_eq!(
                secret.strip_prefix("plain:").map(parse_hex32),
                Some(Ok(*seed))
            );
            l.add("secret", "plain");
            l.add("commitment", hex::encode(uc_commitment(setup, seed)));
            let start = StartPosition::drawn_from(seed, &[] as &[&str]);
            l.add("start without words", start);
        }
        SecretAtRest::Sealed(sealed) => {
            let parts: Vec<&str> = sealed.split('.').collect();
            assert_eq!(parts.len(), 3, "aesgcm1.<iv>.<data>");
            assert_eq!(parts[0], "aesgcm1");
            assert!(parts[1..].iter().all(|p| hex::decode(p).is_ok()));
            l.add("secret", format!("sealed, iv {} bytes", parts[1].len() / 2));
        }
    }
    l.0
}

fn check_zh_pgn(path: &Path, text: &str) -> String {
    let game = ZhGame::from_json(&read(&codec_source(path, ".pgn"))).unwrap();
    assert_same(path, &zh_to_pgn(&game, &info()).unwrap(), text);
    let m = zh_from_pgn(text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut l = Lines::new();
    l.add("import", "pgn");
    l.add(
        "names",
        format!("{} | {}", opt(m.white.as_ref()), opt(m.black.as_ref())),
    );
    l.add("start fen", opt(m.start_fen.as_ref()));
    l.add("moves", m.moves.join(" "));
    l.add("outcome", opt(m.outcome.map(outcome)));
    let v = game.view(game.last_event_ms());
    l.add("game fen", opt(v.fen.as_ref()));
    l.0
}

/// The finished Nordau Shift game of a codec fixture (a log or a table).
fn ns_game(source: &Path) -> Game {
    let text = read(source);
    match Game::from_json(&text) {
        Ok(g) => g,
        Err(_) => Table::from_json(&text).unwrap().game().unwrap().clone(),
    }
}

fn check_ns_pgn(path: &Path, text: &str) -> String {
    let game = ns_game(&codec_source(path, ".pgn"));
    assert_same(path, &to_pgn(&game, &info()).unwrap(), text);
    // There is no Nordau Shift PGN reader: the summary is the game's.
    let r = game.result().unwrap();
    let v = game.view(r.at_ms);
    let mut l = Lines::new();
    l.add("export", "pgn");
    l.add("result", format!("{}; at {}", outcome(r.outcome), r.at_ms));
    l.add(
        "seated",
        format!("{} | {} | {}", v.white, v.black, v.observer),
    );
    l.add("half moves", v.half_moves);
    l.add("swaps", v.swaps);
    l.add("fen", opt(v.fen.as_ref()));
    l.add(
        "points",
        opt(v.points.map(|p| format!("{} {} {}", p[0], p[1], p[2]))),
    );
    l.add(
        "tag lines",
        text.lines().filter(|x| x.starts_with('[')).count(),
    );
    l.0
}

fn check_ns_withheld(path: &Path, text: &str) -> String {
    let source = codec_source(path, ".withheld.json");
    let table = Table::from_json(&read(&source)).unwrap();
    assert_same(path, &table.to_sealed_json("withheld"), text);
    assert_eq!(Table::sealed_seed_of(text).as_deref(), Some("withheld"));
    assert!(matches!(
        Table::from_json(text),
        Err(TableLoadError::Sealed)
    ));
    // With the seed it held, it is the table it was exported from.
    let seed = table.secret_seed().expect("an unrevealed seed");
    let back = Table::from_json_with_seed(text, Some(seed)).unwrap();
    assert_eq!(back.to_json(), read(&source));
    let mut l = Lines::new();
    l.add("export", "table, seed withheld");
    l.add("opens without seed", "no: sealed");
    l.add("seed is codec seed(1)", seed == nordau_seed(1));
    l.add("has game", back.game().is_some());
    l.0
}

// ---------------------------------------------------------------- generators

struct Out(Vec<(String, String)>);

impl Out {
    fn put(&mut self, path: &str, text: String) {
        assert!(
            !self.0.iter().any(|(p, _)| p == path),
            "{path} generated twice"
        );
        self.0.push((path.to_owned(), text));
    }
}

fn evening_summary(e: &Evening) -> String {
    let mut s = String::new();
    for d in &e.draws {
        let fate = match d.fate {
            DrawFate::Played => "played".to_owned(),
            DrawFate::Withdrawn => "withdrawn".to_owned(),
            DrawFate::Abandoned { half_moves } => format!("abandoned after {half_moves}"),
        };
        writeln!(
            s,
            "{fate}: {} {} seed {} words {:?}",
            d.commitment_hex, d.setup_text, d.seed_hex, d.words
        )
        .unwrap();
    }
    s
}

/// A withdrawn Undo Chess start, an abandoned one with words, a played blind
/// card game: every fate, two games, in one record.
fn evening(out: &mut Out) {
    let uc = UcSetup::new(
        "Anna",
        "Boris",
        InputMode::Board,
        StartChoice::Drawn,
        TimeControl::fischer(300_000, 3_000),
    );
    let cs = CsSetup::new("Ada", "Björn", InputMode::Board, StackSource::Blind);
    let mut e = Evening::default();
    let draw = |setup_text: String, seed: [u8; 32], words: &[&str], fate| {
        let words: Vec<String> = words.iter().map(|w| (*w).to_owned()).collect();
        let commitment = hex::encode(seed.map(|b| b ^ 0x5a));
        DrawRecord::revealed(commitment, setup_text, &seed, &words, fate)
    };
    e.record(draw(uc.to_text(), KEY, &[], DrawFate::Withdrawn));
    e.record(draw(
        uc.to_text(),
        [3; 32],
        &["  Blue   whale "],
        DrawFate::Abandoned { half_moves: 7 },
    ));
    e.record(draw(
        cs.to_text(),
        [9; 32],
        &["pear", "ёж"],
        DrawFate::Played,
    ));
    out.put("evening/evening_v1.json", e.to_text());
}

fn bh_names() -> [&'static str; 4] {
    ["Ada", "Björn", "Chiara \u{1F600}", "Dov \"D\""]
}

fn bh(g: &mut BhGame, t: u64, e: BhEvent) {
    let shown = format!("{e:?}");
    g.apply(t, e)
        .unwrap_or_else(|err| panic!("{shown} at {t}: {err}"));
}

fn bh_mv(g: &mut BhGame, t: u64, board: BoardId, mv: &str) {
    bh(
        g,
        t,
        BhEvent::Move {
            board,
            mv: mv.into(),
        },
    );
}

fn bh_save(out: &mut Out, name: &str, g: &BhGame) {
    out.put(&format!("bughouse/{name}.json"), g.to_json());
}

fn bh_save_and_bpgn(out: &mut Out, name: &str, g: &BhGame) {
    bh_save(out, name, g);
    out.put(&format!("bughouse/{name}.bpgn"), bh_to_bpgn(g, &info()));
}

/// Swedish chess: both input modes, every end (BH-4, BH-5, BH-8), drops
/// across boards (BH-3), corrections (C-4a), imports.
fn bughouse(out: &mut Out) {
    use BoardId::{A, B};
    // Clock mode.
    let new = BhGame::new(BhSetup::new(bh_names(), InputMode::Clock)).unwrap();
    bh_save(out, "bh7_clock_new_default_3_minutes", &new);

    let mut g = new.clone();
    bh(&mut g, 0, BhEvent::Start);
    bh(&mut g, 1_000, BhEvent::Press { board: A });
    bh(&mut g, 1_500, BhEvent::Press { board: B });
    bh(&mut g, 2_500, BhEvent::Press { board: A });
    bh(&mut g, 3_000, BhEvent::Pause);
    bh(
        &mut g,
        3_000,
        BhEvent::Adjust {
            board: A,
            colour: Colour::White,
            remaining_ms: 100_000,
        },
    );
    bh(&mut g, 4_000, BhEvent::Resume);
    bh(&mut g, 5_000, BhEvent::Press { board: B });
    bh(&mut g, 5_500, BhEvent::Undo { board: B });
    bh(&mut g, 6_000, BhEvent::Press { board: B });
    bh_save_and_bpgn(out, "c4a_bh_clock_mid_pause_adjust_undo", &g);

    let mid = g;
    let mut g = mid.clone();
    bh(
        &mut g,
        9_000,
        BhEvent::Report(BhReport::Checkmate { board: B }),
    );
    bh_save_and_bpgn(out, "bh5_clock_mate_reported_on_b", &g);
    let mut g = mid.clone();
    bh(
        &mut g,
        9_000,
        BhEvent::Resign {
            board: A,
            colour: Colour::Black,
        },
    );
    bh_save(out, "bh4_clock_resignation", &g);
    let mut g = mid.clone();
    bh(&mut g, 9_000, BhEvent::AgreeDraw);
    bh_save_and_bpgn(out, "bh8_clock_draw_agreed", &g);
    let mut g = mid.clone();
    bh(&mut g, 9_000, BhEvent::Report(BhReport::NobodyCanMove));
    bh_save(out, "bh8a_clock_nobody_can_move", &g);

    let mut setup = BhSetup::new(bh_names(), InputMode::Clock);
    setup.controls = [
        TimeControl::fischer(120_000, 1_000),
        TimeControl::custom(60_000, 90_000, Increment::SimpleDelay(2_000)),
    ];
    let mut g = BhGame::new(setup).unwrap();
    bh(&mut g, 0, BhEvent::Start);
    bh(&mut g, 1_000, BhEvent::Press { board: A });
    assert!(g.tick(500_000));
    bh_save_and_bpgn(out, "bh4_clock_flag_handicap_delay", &g);

    let mut g = new.clone();
    bh(&mut g, 0, BhEvent::Start);
    let mut t = 0;
    let mut i = 0;
    while !g.is_over() {
        t += 100;
        bh(
            &mut g,
            t,
            BhEvent::Press {
                board: if i % 2 == 0 { A } else { B },
            },
        );
        i += 1;
    }
    bh_save(out, "bh8b_clock_ply_limit", &g);
    bh(
        &mut g,
        t + 500,
        BhEvent::Report(BhReport::Checkmate { board: B }),
    );
    bh_save(out, "bh8b_clock_mate_reported_after_ply_limit", &g);

    // Board mode.
    let new = BhGame::new(BhSetup::new(bh_names(), InputMode::Board)).unwrap();
    bh_save_and_bpgn(out, "bh_board_new", &new);
    let mut g = new.clone();
    bh(&mut g, 0, BhEvent::Start);
    bh_mv(&mut g, 1_000, A, "e2e4");
    bh_mv(&mut g, 1_500, B, "d2d4");
    bh_mv(&mut g, 2_000, A, "d7d5");
    bh_mv(&mut g, 2_500, B, "g8f6");
    bh_mv(&mut g, 3_000, A, "e4d5"); // BH-3: the pawn goes to Black on B.
    bh_mv(&mut g, 3_500, B, "c2c4");
    bh_mv(&mut g, 4_000, B, "P@e4"); // Dropped across boards.
    bh(&mut g, 5_000, BhEvent::Pause);
    bh(
        &mut g,
        5_000,
        BhEvent::Adjust {
            board: B,
            colour: Colour::White,
            remaining_ms: 150_000,
        },
    );
    bh(&mut g, 6_000, BhEvent::Resume);
    bh_mv(&mut g, 7_000, A, "d8d5"); // The pawn goes to White on B.
    bh_mv(&mut g, 7_500, B, "P@e5");
    bh(&mut g, 8_000, BhEvent::Undo { board: B });
    bh_mv(&mut g, 9_000, A, "b1c3");
    bh_save_and_bpgn(out, "bh3_board_drops_across_boards_pause_adjust_undo", &g);
    let mut r = g.clone();
    bh(
        &mut r,
        10_000,
        BhEvent::Resign {
            board: B,
            colour: Colour::White,
        },
    );
    bh_save_and_bpgn(out, "bh4_board_resignation", &r);
    let mut f = g.clone();
    assert!(f.tick(1_000_000));
    bh_save_and_bpgn(out, "bh4_board_flag", &f);

    let mut g = new.clone();
    bh(&mut g, 0, BhEvent::Start);
    bh_mv(&mut g, 1_000, A, "e2e4");
    bh_mv(&mut g, 2_000, A, "e7e5");
    bh_mv(&mut g, 2_500, B, "e2e4");
    bh_mv(&mut g, 3_000, A, "f1c4");
    bh_mv(&mut g, 4_000, A, "b8c6");
    bh_mv(&mut g, 4_500, B, "e7e5");
    bh_mv(&mut g, 5_000, A, "d1h5");
    bh_mv(&mut g, 6_000, A, "g8f6");
    bh_mv(&mut g, 7_000, A, "h5f7");
    assert!(g.is_over(), "scholar's mate is a bughouse mate (BH-5)");
    bh_save_and_bpgn(out, "bh5_board_contact_mate_on_a", &g);

    // Imports (board mode only).
    let bpgn = "[Event \"Club\"]\n[WhiteA \"Ann\"]\n[BlackA \"Bob\"]\n[WhiteB \"Cy\"]\n[BlackB \"?\"]\n[Result \"1-0\"]\n[Variant \"Bughouse\"]\n\n1A. e4 1a. d5 1B. d4 2A. exd5 {[%clk 0:02:55]} 1b. P@e4 1-0\n";
    let m = bh_from_bpgn(bpgn).unwrap();
    let g = BhGame::new(m.into_setup([
        TimeControl::sudden_death(180_000),
        TimeControl::sudden_death(180_000),
    ]))
    .unwrap();
    bh_save_and_bpgn(out, "bh_imported_recorded_result", &g);
    let bpgn = "[Variant \"bughouse\"]\n\n1A. e4 1a. d5 1B. d4 2A. exd5 1b. P@e4 *\n";
    let m = bh_from_bpgn(bpgn).unwrap();
    let mut g = BhGame::new(m.into_setup([
        TimeControl::fischer(120_000, 1_000),
        TimeControl::fischer(120_000, 1_000),
    ]))
    .unwrap();
    bh(&mut g, 0, BhEvent::Start);
    bh_mv(&mut g, 1_000, A, "d8d5");
    bh_mv(&mut g, 1_200, B, "P@e6");
    bh_save_and_bpgn(out, "bh_imported_continued", &g);
}

fn stack(s: &str) -> Stack {
    Stack::from_text(s).unwrap()
}

fn cs(g: &mut CsGame, t: u64, e: CsEvent) {
    let shown = format!("{e:?}");
    g.apply(t, e)
        .unwrap_or_else(|err| panic!("{shown} at {t}: {err}"));
}

fn cs_moves(g: &mut CsGame, t: u64, moves: &[&str]) -> u64 {
    let mut t = t;
    for m in moves {
        t += 1_000;
        cs(g, t, CsEvent::Move { mv: (*m).into() });
    }
    t
}

fn played(check: bool, note: Option<&str>) -> CsEvent {
    CsEvent::Played {
        check,
        note: note.map(str::to_owned),
    }
}

/// The card duel's save as the UI stores it, and where it holds a secret
/// the sealed save and the withheld export.
fn cs_save(out: &mut Out, name: &str, g: &CsGame, awaiting: bool) {
    out.put(&format!("cards/{name}.json"), seal::plain_json(g, awaiting));
    if g.save_holds_secret() {
        out.put(
            &format!("cards/{name}.sealed.json"),
            seal::sealed_json(g, awaiting, &KEY, VAULT),
        );
        out.put(
            &format!("cards/{name}.withheld.json"),
            seal::withheld_json(g, awaiting),
        );
    }
}

fn cs_save_and_pgn(out: &mut Out, name: &str, g: &CsGame) {
    cs_save(out, name, g, false);
    out.put(&format!("cards/{name}.pgn"), cs_to_pgn(g, &info()).unwrap());
}

fn cs_setup(m: InputMode, stacks: StackSource) -> CsSetup {
    CsSetup::new("Anna", "Boris Ж", m, stacks).with_clock(CsClock::fischer(300_000, 2_000))
}

/// A clock-mode setup as saves had it before CS-4 refused a move named
/// again (the shipped clock-mode fixtures were written then).
fn before_named_repeats(mut setup: CsSetup) -> CsSetup {
    setup.refuse_named_repeats = false;
    setup
}

/// A board-mode game with secret stacks, White's first stack set, started.
fn cs_board(first: &str) -> CsGame {
    let mut g = CsGame::new(cs_setup(InputMode::Board, StackSource::Secret)).unwrap();
    cs(
        &mut g,
        0,
        CsEvent::SetStack {
            stack: stack(first),
        },
    );
    cs(&mut g, 0, CsEvent::Start);
    g
}

/// The card-series duel: secret and blind stacks (CS-8), both input modes,
/// refused moves (CS-3, CS-4), checks and replies (CS-6), every end (CS-7,
/// C-2), sealed and withheld saves.
fn cards(out: &mut Out) {
    // CS-4 in clock mode: a move named again after its No card is refused
    // in a game of today; a save from before holds such a repeat and loads.
    for (name, setup) in [
        (
            "cs4_clock_named_repeat_refused",
            cs_setup(InputMode::Clock, StackSource::Secret),
        ),
        (
            "cs4_clock_named_repeat_before_the_rule",
            before_named_repeats(cs_setup(InputMode::Clock, StackSource::Secret)),
        ),
    ] {
        let strict = setup.refuse_named_repeats;
        let mut g = CsGame::new(setup).unwrap();
        let first = CsEvent::SetStack {
            stack: stack("NYYYNN"),
        };
        cs(&mut g, 0, first);
        cs(&mut g, 0, CsEvent::Start);
        cs(&mut g, 1_000, played(false, Some("Nf3")));
        let again = g.apply(2_000, played(false, Some("Nf3+")));
        assert_eq!(again.is_err(), strict, "{name}");
        cs(&mut g, 3_000, played(false, Some("e4")));
        cs_save(out, name, &g, false);
    }

    // Clock mode, secret stacks.
    let clock_setup = before_named_repeats(cs_setup(InputMode::Clock, StackSource::Secret));
    let new = CsGame::new(clock_setup).unwrap();
    cs_save(out, "cs3_clock_new_awaiting_first_stack", &new, false);
    let mut g = new.clone();
    cs(
        &mut g,
        0,
        CsEvent::SetStack {
            stack: stack("NYNYYN"),
        },
    );
    cs_save(out, "cs3_clock_first_stack_set", &g, false);
    cs(&mut g, 0, CsEvent::Start);
    cs(&mut g, 1_000, played(true, Some("Qxf7+"))); // CS-9: a No card cancels the check.
    cs(&mut g, 2_000, played(false, Some("e4")));
    cs(&mut g, 2_500, CsEvent::Pause);
    cs(
        &mut g,
        2_500,
        CsEvent::Adjust {
            colour: Colour::Black,
            remaining_ms: 250_000,
        },
    );
    cs(&mut g, 3_000, CsEvent::Resume);
    cs(&mut g, 3_500, played(false, None));
    cs_save(
        out,
        "cs4_clock_mid_series_refused_moves_pause_adjust",
        &g,
        false,
    );
    cs(&mut g, 4_000, played(true, Some("Bb5+"))); // CS-6
    cs_save(out, "cs6_clock_check_awaiting_reply", &g, false);
    cs(&mut g, 5_000, played(false, Some("c6")));
    cs_save(out, "cs6_clock_reply_awaiting_stack", &g, false);
    cs(
        &mut g,
        6_000,
        CsEvent::SetStack {
            stack: stack("YYYNNN"),
        },
    );
    let second = g;
    // C-4a: the reply's tap corrected before a card was turned (the new
    // event kind "undo_tap"); the stack laid after it goes with it.
    let mut g = second.clone();
    cs(&mut g, 6_500, CsEvent::UndoTap);
    cs(&mut g, 7_000, played(false, Some("Nc6")));
    cs_save(out, "c4a_clock_reply_tap_corrected", &g, false);
    let mut g = second.clone();
    cs(
        &mut g,
        7_000,
        CsEvent::Report(CsReport::Checkmate {
            winner: Colour::White,
        }),
    );
    cs_save(out, "cs7_clock_mate_reported", &g, false);
    let mut g = second.clone();
    cs(&mut g, 7_000, CsEvent::Report(CsReport::Stalemate));
    cs_save(out, "cs7_clock_stalemate_reported", &g, false);
    let mut g = second.clone();
    cs(&mut g, 7_000, CsEvent::AgreeDraw);
    cs_save(out, "cs7_clock_draw_agreed", &g, false);
    let mut g = second.clone();
    cs(
        &mut g,
        7_000,
        CsEvent::Resign {
            colour: Colour::White,
        },
    );
    cs_save(out, "c2_clock_resignation", &g, false);
    let mut g = second.clone();
    assert!(g.tick(2_000_000));
    cs_save(out, "c2_clock_flag", &g, false);

    // Board mode, secret stacks.
    let mut g = cs_board("YYYNNN");
    let t = cs_moves(&mut g, 0, &["e4", "Qh5", "Qxf7+"]);
    cs_save_and_pgn(out, "cs6_board_accepted_check_awaiting_reply", &g);
    let mut fixed = g.clone();
    let t2 = cs_moves(&mut fixed, t, &["Kxf7"]);
    cs(&mut fixed, t2 + 1_000, CsEvent::UndoTap); // C-4a
    let t2 = cs_moves(&mut fixed, t2 + 1_000, &["Kxf7"]);
    cs(
        &mut fixed,
        t2 + 500,
        CsEvent::SetStack {
            stack: stack("YNYNNY"),
        },
    );
    cs_moves(&mut fixed, t2 + 500, &["d4"]);
    cs_save_and_pgn(out, "c4a_board_reply_tap_corrected", &fixed);
    let t = cs_moves(&mut g, t, &["Kxf7"]);
    cs(
        &mut g,
        t + 500,
        CsEvent::SetStack {
            stack: stack("NNNYYY"),
        },
    );
    let t = cs_moves(&mut g, t + 500, &["d4", "Nc3"]);
    cs(&mut g, t + 100, CsEvent::Pause);
    cs(
        &mut g,
        t + 100,
        CsEvent::Adjust {
            colour: Colour::White,
            remaining_ms: 200_000,
        },
    );
    cs(&mut g, t + 600, CsEvent::Resume);
    let t = cs_moves(&mut g, t + 600, &["Nf3"]);
    assert_eq!(g.view(t).forbidden_uci.len(), 3);
    cs_save_and_pgn(out, "cs4_board_mid_series_forbidden_moves", &g);

    let mut g = cs_board("YYYNNN");
    let t = cs_moves(&mut g, 0, &["f3", "g4", "a3", "h3", "h4", "b3"]);
    cs(
        &mut g,
        t,
        CsEvent::SetStack {
            stack: stack("YNNYYN"),
        },
    );
    cs_moves(&mut g, t, &["e5", "Qh4#"]); // CS-7: refused, no mate.
    assert!(!g.is_over());
    cs_save_and_pgn(out, "cs7_board_mate_refused_by_no_card", &g);
    let mut g = cs_board("YYYNNN");
    let t = cs_moves(&mut g, 0, &["f3", "g4", "a3", "h3", "h4", "b3"]);
    cs(
        &mut g,
        t,
        CsEvent::SetStack {
            stack: stack("YNYNNY"),
        },
    );
    cs_moves(&mut g, t, &["e5", "a6", "Qh4#"]);
    assert!(g.is_over());
    cs_save_and_pgn(out, "cs7_board_mate", &g);

    let mut g = cs_board("YYYNNN");
    let t = cs_moves(&mut g, 0, &["Nf3", "Ng1", "Nf3", "Nh4", "Ne5", "Ng5"]);
    cs(
        &mut g,
        t,
        CsEvent::SetStack {
            stack: stack("YYYNNN"),
        },
    );
    let t = cs_moves(&mut g, t, &["Nf6", "Ng8", "Nf6", "Nh5", "Ne4", "Ng4"]);
    cs(
        &mut g,
        t,
        CsEvent::SetStack {
            stack: stack("YYYNNN"),
        },
    );
    let t = cs_moves(&mut g, t, &["Ng1", "Nf3", "Ng1", "Nh3", "Nc3", "Na3"]);
    cs(
        &mut g,
        t,
        CsEvent::SetStack {
            stack: stack("YYYNNN"),
        },
    );
    let t = cs_moves(&mut g, t, &["Ng8", "Nf6", "Ng8", "Nh6", "Nc6", "Na6"]);
    cs(&mut g, t, CsEvent::Claim(DrawClaim::Threefold));
    cs_save_and_pgn(out, "c2_board_threefold_claimed", &g);

    let mut g = cs_board("YNYNYN");
    cs_moves(&mut g, 0, &["e4", "d4"]);
    assert!(g.tick(1_000_000));
    cs_save_and_pgn(out, "c2_board_flag", &g);

    // No clock (CS-9: clocks are optional).
    let setup = CsSetup::new("Anna", "Boris", InputMode::Board, StackSource::Secret);
    let mut g = CsGame::new(setup).unwrap();
    cs(
        &mut g,
        0,
        CsEvent::SetStack {
            stack: stack("YNYNYN"),
        },
    );
    cs(&mut g, 10, CsEvent::Start);
    let t = cs_moves(&mut g, 10, &["e4", "d4", "Nf3"]);
    cs(
        &mut g,
        t + 5,
        CsEvent::Resign {
            colour: Colour::Black,
        },
    );
    cs_save_and_pgn(out, "cs9_board_no_clock_resignation", &g);

    // Blind stacks (CS-8): the seed deals; the save seals or withholds it.
    let setup = cs_setup(InputMode::Board, StackSource::Blind);
    let g = CsGame::new_blind(setup, KEY, &[] as &[&str]).unwrap();
    cs_save(out, "cs8_blind_board_awaiting_words", &g, true);
    let mut g = g.with_words(&["apple", "Straße"]).unwrap();
    cs_save(out, "cs8_blind_board_words_locked", &g, false);
    cs(&mut g, 0, CsEvent::Start);
    let t = cs_moves(&mut g, 0, &["a3", "b3", "h3", "g3", "Nc3", "Nf3"]);
    let t = cs_moves(&mut g, t, &["a6", "b6", "h6", "g6", "Nc6", "Nf6"]);
    let t = cs_moves(&mut g, t, &["e3"]);
    cs_save_and_pgn(out, "cs8_blind_board_mid", &g);
    cs(
        &mut g,
        t + 1,
        CsEvent::Resign {
            colour: Colour::White,
        },
    );
    cs_save_and_pgn(out, "cs8_blind_board_resigned_reveal", &g);

    let setup = CsSetup::new("Anna", "Boris", InputMode::Clock, StackSource::Blind);
    let mut g = CsGame::new_blind(before_named_repeats(setup), KEY, &["one"]).unwrap();
    cs(&mut g, 0, CsEvent::Start);
    for k in 0..8u64 {
        cs(&mut g, 1_000 * (k + 1), played(k == 5, None));
    }
    cs_save(out, "cs8_blind_clock_mid", &g, false);
    cs(&mut g, 10_000, CsEvent::Report(CsReport::Stalemate));
    cs_save(out, "cs8_blind_clock_stalemate_reveal", &g, false);
}

fn uc(g: &mut UcGame, t: u64, e: UcEvent) {
    let shown = format!("{e:?}");
    g.apply(t, e)
        .unwrap_or_else(|err| panic!("{shown} at {t}: {err}"));
}

fn uc_moves(g: &mut UcGame, t: u64, moves: &[&str]) -> u64 {
    let mut t = t;
    for m in moves {
        t += 1_000;
        uc(g, t, UcEvent::Move { mv: (*m).into() });
    }
    t
}

fn uc_save(out: &mut Out, name: &str, g: &UcGame) {
    out.put(&format!("undo/{name}.json"), g.to_json());
}

fn uc_save_and_pgn(out: &mut Out, name: &str, g: &UcGame) {
    uc_save(out, name, g);
    out.put(&format!("undo/{name}.pgn"), uc_to_pgn(g, &info()).unwrap());
}

fn uc_setup(m: InputMode, start: StartChoice) -> UcSetup {
    UcSetup::new(
        "Lena",
        "Omar \u{1F600}",
        m,
        start,
        TimeControl::fischer(300_000, 3_000),
    )
}

fn standard() -> StartChoice {
    StartChoice::Fixed(StartPosition::standard())
}

/// Undo Chess: both modes, tokens (UC-2…UC-6), UC-7's decision with each
/// way out, every end, drawn starts and their pending secret.
fn undo(out: &mut Out) {
    use Colour::{Black, White};
    // Clock mode.
    let new = UcGame::new(uc_setup(InputMode::Clock, standard())).unwrap();
    uc_save(out, "uc2_clock_new_standard", &new);
    let mut g = new.clone();
    uc(&mut g, 0, UcEvent::Start);
    uc(&mut g, 1_000, UcEvent::Press);
    uc(&mut g, 2_000, UcEvent::Press);
    uc(&mut g, 3_000, UcEvent::Press);
    uc(&mut g, 3_500, UcEvent::Pause);
    uc(
        &mut g,
        3_500,
        UcEvent::Adjust {
            colour: Black,
            remaining_ms: 250_000,
        },
    );
    uc(&mut g, 4_000, UcEvent::Resume);
    uc(&mut g, 5_000, UcEvent::Undo { by: Black }); // UC-3
    uc(&mut g, 6_000, UcEvent::Press);
    uc_save(out, "uc3_clock_mid_pause_adjust_undo", &g);
    // C-4a: a mistaken tap corrected (the new event kind "undo_tap").
    uc(&mut g, 8_000, UcEvent::Press);
    uc(&mut g, 9_500, UcEvent::UndoTap);
    uc(&mut g, 11_000, UcEvent::Press);
    uc_save(out, "c4a_clock_tap_corrected", &g);

    let mut base = new.clone();
    uc(&mut base, 0, UcEvent::Start);
    for t in [1_000, 2_000, 3_000] {
        uc(&mut base, t, UcEvent::Press);
    }
    let mut g = base.clone();
    uc(&mut g, 4_000, UcEvent::Report(UcReport::Checkmate));
    uc_save(out, "uc7_clock_decision_pending_after_mate_report", &g);
    let pending = g;
    let mut g = pending.clone();
    uc(&mut g, 9_000, UcEvent::Undo { by: Black });
    uc_save(out, "uc7_clock_undo_instead_of_mate", &g);
    let mut g = pending.clone();
    uc(&mut g, 9_000, UcEvent::Accept);
    uc_save(out, "uc7_clock_mate_accepted", &g);
    let mut g = pending.clone();
    assert!(g.tick(2_000_000));
    uc_save(out, "uc7_clock_flag_while_deciding", &g);
    let mut g = base.clone();
    uc(&mut g, 4_000, UcEvent::Report(UcReport::Stalemate));
    uc(&mut g, 4_500, UcEvent::Accept);
    uc_save(out, "uc7_clock_stalemate_accepted", &g);
    let mut g = base.clone();
    assert!(g.tick(2_000_000));
    uc_save(out, "c2_clock_flag", &g);
    let mut g = base.clone();
    uc(&mut g, 4_000, UcEvent::AgreeDraw);
    uc_save(out, "c2_clock_draw_agreed", &g);

    let mut g = UcGame::new(uc_setup(InputMode::Clock, standard()).with_tokens(0, 0)).unwrap();
    uc(&mut g, 0, UcEvent::Start);
    uc(&mut g, 1_000, UcEvent::Press);
    uc(&mut g, 2_000, UcEvent::Report(UcReport::Checkmate));
    uc_save(out, "uc7_clock_mate_without_tokens_ends", &g);

    // Board mode.
    let typed = StartChoice::Fixed(StartPosition::new(959).unwrap());
    let mut setup = uc_setup(InputMode::Board, typed).with_tokens(3, 1);
    setup.control = TimeControl::custom(180_000, 240_000, Increment::Bronstein(2_000));
    let new = UcGame::new(setup).unwrap();
    uc_save_and_pgn(out, "uc1_board_new_typed_959", &new);
    let mut g = new.clone();
    uc(&mut g, 0, UcEvent::Start);
    let t = uc_moves(&mut g, 0, &["e2e4", "e7e5", "g2g3"]);
    uc(&mut g, t + 100, UcEvent::Pause);
    uc(
        &mut g,
        t + 100,
        UcEvent::Adjust {
            colour: White,
            remaining_ms: 100_000,
        },
    );
    uc(&mut g, t + 500, UcEvent::Resume);
    uc(&mut g, t + 1_000, UcEvent::Undo { by: Black });
    uc_moves(&mut g, t + 1_000, &["d7d5"]);
    uc_save_and_pgn(out, "uc3_board_mid_pause_adjust_undo", &g);

    let fools = ["f2f3", "e7e5", "g2g4", "d8h4"];
    let new = UcGame::new(uc_setup(InputMode::Board, standard())).unwrap();
    let mut g = new.clone();
    uc(&mut g, 0, UcEvent::Start);
    let t = uc_moves(&mut g, 0, &fools);
    uc_save_and_pgn(out, "uc7_board_decision_pending", &g);
    let pending = g;
    let mut g = pending.clone();
    uc(&mut g, t + 2_000, UcEvent::Accept);
    uc_save_and_pgn(out, "uc7_board_mate_accepted", &g);
    let mut g = pending.clone();
    uc(&mut g, t + 2_000, UcEvent::Undo { by: White });
    let t2 = uc_moves(&mut g, t + 2_000, &["g2g3", "d8g5", "d2d4"]);
    uc(&mut g, t2 + 500, UcEvent::Undo { by: Black }); // Several in a row.
    uc(&mut g, t2 + 600, UcEvent::Undo { by: Black });
    uc_save_and_pgn(out, "uc7_board_undo_instead_of_mate_then_two_undos", &g);
    let mut g = pending.clone();
    assert!(g.tick(2_000_000));
    uc_save_and_pgn(out, "uc7_board_flag_while_deciding", &g);

    let mut g = UcGame::new(uc_setup(InputMode::Board, standard()).with_tokens(0, 2)).unwrap();
    uc(&mut g, 0, UcEvent::Start);
    uc_moves(&mut g, 0, &fools);
    assert!(g.is_over());
    uc_save_and_pgn(out, "uc7_board_mate_without_tokens_ends", &g);

    let mut g = new.clone();
    uc(&mut g, 0, UcEvent::Start);
    let t = uc_moves(
        &mut g,
        0,
        &[
            "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
        ],
    );
    uc(&mut g, t, UcEvent::Claim(DrawClaim::Threefold));
    uc_save_and_pgn(out, "c2_board_threefold_claimed", &g);
    let mut g = new.clone();
    uc(&mut g, 0, UcEvent::Start);
    let t = uc_moves(&mut g, 0, &["e2e4"]);
    uc(&mut g, t + 10, UcEvent::Resign { colour: Black });
    uc_save_and_pgn(out, "c2_board_resignation", &g);
    let mut g = new.clone();
    uc(&mut g, 0, UcEvent::Start);
    uc_moves(&mut g, 0, &["e2e4", "e7e5"]);
    assert!(g.tick(2_000_000));
    uc_save_and_pgn(out, "c2_board_flag", &g);

    // Drawn starts (UC-1, C-3): the pending secret, then the game.
    let drawn = uc_setup(InputMode::Board, StartChoice::Drawn);
    out.put(
        "undo/uc1_drawn_board_pending_plain.pending.txt",
        pending_text(&drawn, &format!("plain:{}", hex::encode(KEY))),
    );
    let drawn_clock = uc_setup(InputMode::Clock, StartChoice::Drawn).with_tokens(1, 3);
    out.put(
        "undo/uc1_drawn_clock_pending_sealed.pending.txt",
        pending_text(&drawn_clock, VAULT),
    );
    // The same two as the versioned JSON this version writes.
    let board_pending = UcPending {
        setup: drawn.clone(),
        secret: SecretAtRest::Plain(KEY),
    };
    out.put(
        "undo/uc1_drawn_board_pending_plain.pending.json",
        board_pending.to_json(),
    );
    let clock_pending = UcPending {
        setup: drawn_clock.clone(),
        secret: SecretAtRest::Sealed(VAULT.to_owned()),
    };
    out.put(
        "undo/uc1_drawn_clock_pending_sealed.pending.json",
        clock_pending.to_json(),
    );
    let g = UcGame::new_drawn(drawn_clock, KEY, &[] as &[&str]).unwrap();
    uc_save(out, "uc1_drawn_clock_words_locked", &g);
    let mut g = UcGame::new_drawn(drawn, KEY, &["apple", "pear"]).unwrap();
    uc_save_and_pgn(out, "uc1_drawn_board_words_locked", &g);
    uc(&mut g, 0, UcEvent::Start);
    let t = uc_moves(&mut g, 0, &["a2a3", "h7h6", "b2b3", "g7g6"]);
    uc(&mut g, t + 1, UcEvent::Undo { by: White });
    uc_save_and_pgn(out, "uc1_drawn_board_started_reveal", &g);
}

/// Exports of the golden codec saves (tests/fixtures/codec).
fn nordau_and_crazyhouse(out: &mut Out) {
    for name in ["nordau-log-claim", "nordau-log-correction", "table-over"] {
        let game = ns_game(&Path::new(CODEC_DIR).join(format!("{name}.json")));
        out.put(
            &format!("nordau/{name}.pgn"),
            to_pgn(&game, &info()).unwrap(),
        );
    }
    for name in [
        "table-committed",
        "table-drawn",
        "table-playing-board",
        "table-playing-clock",
    ] {
        let table =
            Table::from_json(&read(&Path::new(CODEC_DIR).join(format!("{name}.json")))).unwrap();
        out.put(
            &format!("nordau/{name}.withheld.json"),
            table.to_sealed_json("withheld"),
        );
    }
    for name in [
        "zh-board-new",
        "zh-board-resigned",
        "zh-imported-recorded",
        "zh-imported-continued",
    ] {
        let game =
            ZhGame::from_json(&read(&Path::new(CODEC_DIR).join(format!("{name}.json")))).unwrap();
        out.put(
            &format!("crazyhouse/{name}.pgn"),
            zh_to_pgn(&game, &info()).unwrap(),
        );
    }
}

fn generate() -> Vec<(String, String)> {
    let mut out = Out(Vec::new());
    bughouse(&mut out);
    cards(&mut out);
    undo(&mut out);
    nordau_and_crazyhouse(&mut out);
    evening(&mut out);
    out.0
}

// ---------------------------------------------------------------- the tests

/// Every fixture file (not the expectations) under DIR, by relative path.
fn stored() -> BTreeMap<String, PathBuf> {
    let mut found = BTreeMap::new();
    for module in std::fs::read_dir(DIR).expect("tests/fixtures/saves exists") {
        let module = module.unwrap().path();
        for file in std::fs::read_dir(&module).unwrap() {
            let path = file.unwrap().path();
            let rel = path
                .strip_prefix(DIR)
                .unwrap()
                .to_str()
                .unwrap()
                .replace('\\', "/");
            if !rel.ends_with(EXPECT) {
                found.insert(rel, path);
            }
        }
    }
    found
}

fn updating() -> bool {
    std::env::var("UPDATE_SAVE_FIXTURES").as_deref() == Ok("1")
}

/// (d) The generator writes exactly the committed files, no more, no fewer.
/// With `UPDATE_SAVE_FIXTURES=1` it rewrites them and their expectations.
#[test]
fn generator_writes_exactly_the_committed_fixtures() {
    let generated = generate();
    if updating() {
        let _ = std::fs::remove_dir_all(DIR);
        for (rel, text) in &generated {
            let path = Path::new(DIR).join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, text).unwrap();
        }
        for (rel, _) in &generated {
            let path = Path::new(DIR).join(rel);
            std::fs::write(format!("{}{EXPECT}", path.display()), check(&path)).unwrap();
        }
    }
    let stored = stored();
    let names: Vec<&String> = generated.iter().map(|(rel, _)| rel).collect();
    let on_disk: Vec<&String> = stored.keys().collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(
        sorted, on_disk,
        "generated fixtures differ from the committed set"
    );
    for (rel, text) in &generated {
        let file = read(&stored[rel]);
        if is_record(Path::new(rel)) {
            assert_lines_fit(rel, text);
            assert!(
                record_content(text) == record_content(&file),
                "{rel}: the generator now writes\n{text}\n--- committed\n{file}"
            );
            continue;
        }
        assert!(
            *text == file,
            "{rel}: the generator now writes\n{text}\n--- committed\n{file}"
        );
    }
}

/// (a)–(c) Every committed fixture loads, to the same game, and is written
/// back byte for byte.
#[test]
fn every_fixture_loads_to_its_expectation_and_is_rewritten_unchanged() {
    let stored = stored();
    assert!(stored.len() > 100, "only {} fixtures", stored.len());
    let mut failures = Vec::new();
    for (rel, path) in &stored {
        let summary = check(path);
        let expect_path = format!("{}{EXPECT}", path.display());
        let expected = std::fs::read_to_string(&expect_path)
            .unwrap_or_else(|_| panic!("{expect_path} exists (UPDATE_SAVE_FIXTURES=1 makes it)"));
        if summary != expected {
            failures.push(format!(
                "{rel}:\n--- loaded\n{summary}--- expected\n{expected}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // No expectation without its fixture.
    for module in std::fs::read_dir(DIR).unwrap() {
        for file in std::fs::read_dir(module.unwrap().path()).unwrap() {
            let path = file.unwrap().path();
            let rel = path
                .strip_prefix(DIR)
                .unwrap()
                .to_str()
                .unwrap()
                .replace('\\', "/");
            if let Some(fixture) = rel.strip_suffix(EXPECT) {
                assert!(stored.contains_key(fixture), "{rel} has no fixture");
            }
        }
    }
}

/// Every module and every format has fixtures (a guard against a generator
/// that silently stops writing a kind).
#[test]
fn every_format_is_covered() {
    let stored = stored();
    for kind in [
        "bughouse/*.json",
        "bughouse/*.bpgn",
        "cards/*.sealed.json",
        "cards/*.withheld.json",
        "cards/*.pgn",
        "undo/*.pending.txt",
        "undo/*.pending.json",
        "undo/*.pgn",
        "nordau/*.pgn",
        "nordau/*.withheld.json",
        "crazyhouse/*.pgn",
        "evening/*.json",
    ] {
        let (dir, ext) = kind.split_once("/*").unwrap();
        assert!(
            stored
                .keys()
                .any(|k| k.starts_with(&format!("{dir}/")) && k.ends_with(ext)),
            "no fixture of {kind}"
        );
    }
}
