//! Crazyhouse PGN as other programs write it (issue #11): games python-chess
//! wrote (`tests/fixtures/crazyhouse/`, made by `tests/tools/zh_fixtures.py`),
//! set-up positions with pockets and promoted pieces (ZH-1, ZH-3), and the
//! dialects `0-0`, `gxh8Q` and `Variant "Crazy House"`.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::{
    Colour, CrazyhouseBoard, InputMode, Outcome, PgnImportError, PgnInfo, TimeControl, ZhEvent,
    ZhGame, ZhReason, zh_from_pgn, zh_to_pgn,
};
use std::fs;
use std::path::Path;

/// The same position, however each program writes its FEN (pocket order),
/// without the half-move clock: ZH-6 has no 50-move rule, and python-chess
/// does not reset the clock on a drop where shakmaty does.
fn canonical(fen: &str) -> String {
    let fen = CrazyhouseBoard::from_fen(fen)
        .unwrap_or_else(|| panic!("bad FEN {fen}"))
        .fen();
    let mut fields: Vec<&str> = fen.split(' ').collect();
    fields.remove(4);
    fields.join(" ")
}

fn fixtures() -> Vec<(String, String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/crazyhouse");
    let mut out: Vec<_> = fs::read_dir(&dir)
        .expect("fixtures folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            let pgn = fs::read_to_string(&p).unwrap();
            let fen = fs::read_to_string(p.with_extension("fen")).unwrap();
            (name, pgn, fen.trim().to_owned())
        })
        .collect();
    out.sort();
    out
}

fn game_of(pgn: &str) -> ZhGame {
    let imported = zh_from_pgn(pgn).unwrap_or_else(|e| panic!("{e}"));
    ZhGame::new(imported.into_setup(TimeControl::fischer(60_000, 0))).unwrap()
}

#[test]
fn every_python_chess_game_imports_to_its_final_position() {
    let all = fixtures();
    assert!(all.len() >= 6, "fixtures missing: {}", all.len());
    for (name, pgn, fen) in &all {
        let g = game_of(pgn);
        let board = g.board().unwrap();
        assert_eq!(canonical(&board.fen()), canonical(fen), "{name}");
        assert!(!board.ucis().is_empty(), "{name}");
    }
}

#[test]
fn a_game_from_a_fen_replays_exports_and_continues() {
    let all = fixtures();
    let (_, pgn, _) = all
        .iter()
        .find(|(n, ..)| n == "setup-pockets-promoted")
        .unwrap();
    let imported = zh_from_pgn(pgn).unwrap();
    let start = imported.start_fen.clone().expect("a set-up position");
    assert!(start.contains("Q~") && start.contains("b~"), "{start}");
    assert!(start.ends_with(" b KQkq - 3 21"), "{start}");
    assert_eq!(imported.outcome, None);
    let mut g = ZhGame::new(imported.clone().into_setup(TimeControl::fischer(60_000, 0))).unwrap();
    // The saved log replays the game from the same position.
    assert_eq!(ZhGame::from_json(&g.to_json()).unwrap(), g);
    // It continues: the side to move gets the first running clock and moves.
    let side = g.view(0).side_to_move;
    g.apply(0, ZhEvent::Start).unwrap();
    let mv = g.view(0).legal_moves_uci[0].clone();
    g.apply(1_000, ZhEvent::Move { mv: mv.clone() }).unwrap();
    assert_eq!(g.view(1_000).side_to_move, side.other());
    // …and the new move can be corrected, not the imported ones.
    g.apply(2_000, ZhEvent::Undo).unwrap();
    assert!(!g.view(2_000).undo_available);
    g.apply(3_000, ZhEvent::Move { mv: mv.clone() }).unwrap();
    // The export says where the game started, and reads back the same.
    let out = zh_to_pgn(&g, &PgnInfo::default()).unwrap();
    assert!(out.contains("[SetUp \"1\"]"), "{out}");
    assert!(out.contains(&format!("[FEN \"{start}\"]")), "{out}");
    let again = zh_from_pgn(&out).unwrap();
    assert_eq!(again.start_fen.as_deref(), Some(start.as_str()));
    let mut moves = imported.moves.clone();
    moves.push(mv);
    assert_eq!(again.moves, moves);
    let replayed = ZhGame::new(again.into_setup(TimeControl::fischer(60_000, 0))).unwrap();
    assert_eq!(replayed.board().unwrap().fen(), g.board().unwrap().fen());
}

#[test]
fn a_fen_tag_for_the_usual_start_is_the_usual_start() {
    let pgn = "[Variant \"Crazyhouse\"]\n\
               [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1\"]\n\n\
               1. e4 d5 2. exd5 *\n";
    let imported = zh_from_pgn(pgn).unwrap();
    assert_eq!(imported.start_fen, None);
    assert_eq!(imported.moves, ["e2e4", "d7d5", "e4d5"]);
    let g = ZhGame::new(imported.into_setup(TimeControl::fischer(60_000, 0))).unwrap();
    let out = zh_to_pgn(&g, &PgnInfo::default()).unwrap();
    assert!(!out.contains("[FEN") && !out.contains("[SetUp"), "{out}");
}

#[test]
fn black_to_move_from_a_fen_numbers_the_moves_from_the_fen() {
    let pgn = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3[Qq] b - - 0 30\"]\n\n\
               30... Q@e2+ 31. Kxe2 *\n";
    let imported = zh_from_pgn(pgn).unwrap();
    assert_eq!(imported.moves, ["Q@e2", "e1e2"]);
    let g = ZhGame::new(imported.into_setup(TimeControl::fischer(60_000, 0))).unwrap();
    let out = zh_to_pgn(&g, &PgnInfo::default()).unwrap();
    assert!(out.contains("30... Q@e2+ 31. Kxe2"), "{out}");
    // A bad move after a FEN start is named with the FEN's move number.
    let bad = "[FEN \"4k3/8/8/8/8/8/8/4K3[Qq] b - - 0 30\"]\n\n30... Q@e2+ 31. Kxe2 Kf9 *";
    assert_eq!(
        zh_from_pgn(bad),
        Err(PgnImportError::Unreadable {
            number: "31...".into(),
            text: "Kf9".into()
        })
    );
}

#[test]
fn dialects_zero_castling_promotion_without_equals_and_variant_spellings() {
    for variant in ["Crazy House", "crazyhouse", "Crazyhouse", "CRAZYHOUSE"] {
        let pgn = format!(
            "[Variant \"{variant}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 5. d3 0-0 *"
        );
        let imported = zh_from_pgn(&pgn).unwrap_or_else(|e| panic!("{variant}: {e}"));
        assert_eq!(imported.moves[6], "e1g1", "{variant}");
        assert_eq!(imported.moves[9], "e8g8", "{variant}");
    }
    let long = "[FEN \"r3k3/3p4/8/8/8/8/3P4/R3K3[] w Qq - 0 1\"]\n\n1. 0-0-0 0-0-0 *";
    assert_eq!(zh_from_pgn(long).unwrap().moves, ["e1c1", "e8c8"]);
    // gxh8Q: a pawn takes on the last rank and promotes (ZH-3: it is marked).
    let promo = "[FEN \"4k2r/6P1/8/8/8/8/8/4K3[] w - - 0 1\"]\n\n1. gxh8Q+ Kd7 2. Qh7+ *";
    let imported = zh_from_pgn(promo).unwrap();
    assert_eq!(imported.moves, ["g7h8q", "e8d7", "h8h7"]);
    let g = ZhGame::new(imported.into_setup(TimeControl::fischer(60_000, 0))).unwrap();
    assert!(g.board().unwrap().fen().contains("Q~"));
    // Promotion to a knight, no capture, with a check mark.
    let knight = "[FEN \"4k3/2P5/8/8/8/8/8/4K3[] w - - 0 1\"]\n\n1. c8N *";
    assert_eq!(zh_from_pgn(knight).unwrap().moves, ["c7c8n"]);
    assert_eq!(
        zh_from_pgn("[Variant \"Crazy Houses\"]\n\n1. e4 *"),
        Err(PgnImportError::OtherVariant("Crazy Houses".into()))
    );
}

#[test]
fn a_bad_fen_is_refused_and_named() {
    for fen in [
        "not a fen",
        // Two white kings.
        "4k3/8/8/8/8/8/8/3KK3[] w - - 0 1",
        // The side not to move is in check.
        "4k3/4Q3/8/8/8/8/8/4K3[] w - - 0 1",
        // A pawn on the first rank.
        "4k3/8/8/8/8/8/8/P3K3[] w - - 0 1",
    ] {
        let pgn = format!("[FEN \"{fen}\"]\n\n*");
        assert_eq!(
            zh_from_pgn(&pgn),
            Err(PgnImportError::BadFen(fen.to_owned())),
            "{fen}"
        );
    }
    let message = zh_from_pgn("[FEN \"x\"]\n\n*").unwrap_err().to_string();
    assert_eq!(message, "the FEN tag is not a legal Crazyhouse position: x");
}

#[test]
fn a_finished_python_chess_game_opens_for_review() {
    let all = fixtures();
    let (_, pgn, _) = all.iter().find(|(n, ..)| n == "random-2").unwrap();
    let g = game_of(pgn);
    assert!(g.is_over());
    let r = g.result().unwrap();
    assert_eq!(r.reason, ZhReason::Recorded);
    assert_eq!(r.outcome, Outcome::Win(Colour::White));
    assert_eq!(g.setup().mode, InputMode::Board);
}

#[test]
fn pasted_extremes_never_panic() {
    // The largest move number a FEN can say, Black to move: the game is
    // long past ZH-6's 600 half-moves, so it opens already drawn.
    let pgn = "[FEN \"4k3/8/8/8/8/8/8/4K3[] b - - 0 4294967295\"]\n\n*";
    let g = game_of(pgn);
    assert_eq!(g.result().unwrap().reason, ZhReason::PlyLimit);
    assert!(zh_to_pgn(&g, &PgnInfo::default()).is_ok());
    for text in [
        "[FEN \"\"]\n\n*",
        "[FEN \"8/8/8/8/8/8/8/8[] w - - 0 1\"]\n\n*",
        "[FEN \"4k3/8/8/8/8/8/8/4K3[QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ] w - - 0 1\"]\n\n*",
        "[FEN \"4k3/8/8/8/8/8/8/4K3[] w - - 99999999999999999999 1\"]\n\n*",
        "1. 0-0-0-0 *",
        "1. e4 e5 2. e8Q *",
        "1. h8Q *",
        "1. 0-0+#Q *",
    ] {
        let _ = zh_from_pgn(text);
    }
}
