//! One or more tests per bughouse rule of RULES.md (BH-1…BH-9), and the clock
//! rules the match shares (C-1, C-4, C-4a), on `BughouseBoards` and `BhGame`.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::bughouse::game::{default_control, presets};
use nordau_shift::referee::bughouse::{
    BH_PLY_LIMIT, BhError, BhEvent, BhGame, BhOutcome, BhPhase, BhReason, BhReport, BhSetup,
    BoardId, BoardsEnd, BughouseBoards, Seat, Team,
};
use nordau_shift::referee::module::GameModule;
use nordau_shift::referee::{ClockError, Colour, Increment, InputMode, Pocket, TimeControl};

use BoardId::{A, B};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

fn boards(a: &str, b: &str) -> BughouseBoards {
    BughouseBoards::from_fens(a, b).unwrap_or_else(|| panic!("bad FENs {a} | {b}"))
}

fn play(b: &mut BughouseBoards, board: BoardId, moves: &[&str]) {
    for m in moves {
        b.play_text(board, m)
            .unwrap_or_else(|e| panic!("{e} (FEN {})", b.fen(board)));
    }
}

fn names() -> [&'static str; 4] {
    ["Ann", "Ben", "Cat", "Dov"]
}

fn board_match() -> BhGame {
    BhGame::new(BhSetup::new(names(), InputMode::Board)).unwrap()
}

fn clock_match() -> BhGame {
    BhGame::new(BhSetup::new(names(), InputMode::Clock)).unwrap()
}

fn mv(board: BoardId, m: &str) -> BhEvent {
    BhEvent::Move {
        board,
        mv: m.to_owned(),
    }
}

/// Plays `moves` (board, SAN) one second apart from `t`; returns the last time.
fn play_match(g: &mut BhGame, moves: &[(BoardId, &str)], mut t: u64) -> u64 {
    for (board, m) in moves {
        t += 1_000;
        g.apply(t, mv(*board, m))
            .unwrap_or_else(|e| panic!("{m} on {board:?} at {t}: {e}"));
    }
    t
}

/// A move on A, then scholar's mate on B (White on B mates).
const SCHOLAR: [(BoardId, &str); 8] = [
    (A, "e4"),
    (B, "e4"),
    (B, "e5"),
    (B, "Bc4"),
    (B, "Nc6"),
    (B, "Qh5"),
    (B, "Nf6"),
    (B, "Qxf7#"),
];

fn one(role: &str) -> Pocket {
    let mut p = Pocket::default();
    match role {
        "p" => p.pawn = 1,
        "n" => p.knight = 1,
        "b" => p.bishop = 1,
        "r" => p.rook = 1,
        "q" => p.queen = 1,
        _ => unreachable!(),
    }
    p
}

// ---- BH-1 teams and seats -----------------------------------------------------

#[test]
fn bh_1_teams_are_white_a_with_black_b_and_black_a_with_white_b() {
    assert_eq!(Team::of(A, Colour::White), Team::One);
    assert_eq!(Team::of(B, Colour::Black), Team::One);
    assert_eq!(Team::of(A, Colour::Black), Team::Two);
    assert_eq!(Team::of(B, Colour::White), Team::Two);
    let white_a = Seat {
        board: A,
        colour: Colour::White,
    };
    assert_eq!(
        white_a.partner(),
        Seat {
            board: B,
            colour: Colour::Black
        }
    );
    assert_eq!(white_a.partner().team(), white_a.team());
    assert_eq!(Team::One.colour_on(B), Colour::Black);
    let setup = BhSetup::new(names(), InputMode::Board);
    assert_eq!(setup.name(white_a), "Ann");
    assert_eq!(setup.name(white_a.partner()), "Dov");
    let v = board_match().view(0);
    assert_eq!(v.boards[0].names, ["Ann", "Ben"]);
    assert_eq!(v.boards[1].names, ["Cat", "Dov"]);
}

// ---- BH-2 two independent boards -----------------------------------------------

#[test]
fn bh_2_both_boards_run_at_once_and_neither_waits_for_the_other() {
    let mut g = board_match();
    g.apply(0, BhEvent::Start).unwrap();
    let v = g.view(5_000);
    // Both White clocks run from the start.
    assert_eq!(v.boards[0].remaining_ms, [175_000, 180_000]);
    assert_eq!(v.boards[1].remaining_ms, [175_000, 180_000]);
    // Three moves on A while B has not moved at all.
    play_match(&mut g, &[(A, "e4"), (A, "e5"), (A, "Nf3")], 5_000);
    let v = g.view(9_000);
    assert_eq!(v.boards[0].side_to_move, Colour::Black);
    assert_eq!(v.boards[1].side_to_move, Colour::White);
    assert_eq!(v.boards[1].remaining_ms[0], 171_000);
    // On each board White and Black alternate.
    let e = g.apply(9_000, mv(A, "d4")).unwrap_err();
    assert!(matches!(e, BhError::Move(_)), "{e}");
    assert!(e.to_string().contains("board A"), "{e}");
}

// ---- BH-3 captures pass to the partner -----------------------------------------

#[test]
fn bh_3_a_capture_goes_to_the_partners_pocket_with_its_colour_kept() {
    let mut b = BughouseBoards::new();
    play(&mut b, A, &["e4", "d5", "exd5"]);
    // White on A took a black pawn: Black on B (White A's partner) may drop it.
    assert_eq!(b.pocket(B, Colour::Black), one("p"));
    assert_eq!(b.pocket(A, Colour::White), Pocket::default());
    assert_eq!(b.pocket(B, Colour::White), Pocket::default());
    assert!(b.fen(B).contains("[p]"), "{}", b.fen(B));
    assert!(!b.fen(A).contains("[P]"), "{}", b.fen(A));
    // Black on A takes back: White on B gets a white pawn.
    play(&mut b, A, &["Qxd5"]);
    assert_eq!(b.pocket(B, Colour::White), one("p"));
    // Black on B drops the pawn on its board (White moves first there).
    play(&mut b, B, &["Nf3", "P@e4"]);
    assert_eq!(b.pocket(B, Colour::Black), Pocket::default());
    assert!(b.fen(B).contains("/4p3/"), "{}", b.fen(B));
    assert_eq!(b.moves().last().unwrap().san, "P@e4");
    // The capturer cannot drop what it took.
    let e = b.play_text(A, "P@e4").unwrap_err();
    assert!(e.to_string().contains("illegal"), "{e}");
}

#[test]
fn bh_3_a_captured_promoted_pawn_passes_as_a_pawn() {
    // White on A promotes on b8; Black on A takes the new queen.
    let mut b = boards("r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", START);
    play(&mut b, A, &["b8=Q+"]);
    assert!(b.fen(A).contains("Q~"), "{}", b.fen(A));
    play(&mut b, A, &["Rxb8"]);
    // White on B (Black A's partner) gets a white pawn, not a queen.
    assert_eq!(b.pocket(B, Colour::White), one("p"));
    // A real queen passes as a queen.
    let mut b = boards("r3k3/8/8/8/8/8/8/Q3K3 b - - 0 1", START);
    play(&mut b, A, &["Rxa1+"]);
    assert_eq!(b.pocket(B, Colour::White), one("q"));
}

#[test]
fn bh_3_en_passant_passes_a_pawn() {
    let mut b = BughouseBoards::new();
    play(&mut b, A, &["e4", "a6", "e5", "d5", "exd6"]);
    assert_eq!(b.pocket(B, Colour::Black), one("p"));
}

#[test]
fn bh_3_no_pawn_drop_on_the_first_or_last_rank() {
    let mut b = boards(START, "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1");
    for bad in ["P@a8", "P@h1", "P@e8"] {
        let e = b.play_text(B, bad).unwrap_err();
        assert!(e.to_string().contains(bad), "{e}");
    }
    assert!(
        !b.legal_moves_uci(B)
            .iter()
            .any(|m| m.starts_with("P@") && (m.ends_with('1') || m.ends_with('8')))
    );
    play(&mut b, B, &["P@a2"]);
    // Black too: not on its first rank (8) nor its last (1).
    assert!(b.play_text(B, "P@d8").is_err());
    assert!(b.play_text(B, "P@d1").is_err());
    play(&mut b, B, &["P@d7"]);
    // A pawn dropped on its second rank may still advance two squares.
    play(&mut b, B, &["a4", "d5"]);
}

#[test]
fn bh_3_a_drop_may_give_check_and_mate() {
    // Black on B has a queen from the partner and mates with a contact drop
    // the bishop on e4 protects.
    let mut b = boards(START, "4k3/8/8/8/4b3/8/PP6/K7[q] b - - 0 1");
    play(&mut b, B, &["Q@b1#"]);
    assert!(b.is_mate(B));
    assert_eq!(b.moves().last().unwrap().san, "Q@b1#");
    assert_eq!(
        b.automatic_end(&[B]),
        Some(BoardsEnd::Checkmate { board: B })
    );
    // A back-rank drop check leaves f1 to block: check, not mate (BH-5).
    let mut b = boards(START, "4k3/8/8/8/8/8/5PPP/6K1[q] b - - 0 1");
    play(&mut b, B, &["Q@e1"]);
    assert_eq!(b.moves().last().unwrap().san, "Q@e1+");
    assert!(!b.is_mate(B));
}

// ---- BH-4 the first end ends the match ------------------------------------------

#[test]
fn bh_4_mate_on_one_board_wins_the_match_for_the_mating_team() {
    let mut g = board_match();
    g.apply(0, BhEvent::Start).unwrap();
    // Fool's mate is no mate in bughouse: g3 and f2 could take a drop.
    let t = play_match(
        &mut g,
        &[(A, "e4"), (B, "f3"), (B, "e5"), (B, "g4"), (B, "Qh4+")],
        0,
    );
    assert_eq!(g.result(), None);
    assert_eq!(g.view(t).boards[1].last_move_san.as_deref(), Some("Qh4+"));
    // Scholar's mate on B is: the queen on f7 touches the king.
    let mut g = board_match();
    g.apply(0, BhEvent::Start).unwrap();
    let t = play_match(&mut g, &SCHOLAR, 0);
    let r = g.result().expect("mate ends the match");
    // White on B is team 2.
    assert_eq!(r.outcome, BhOutcome::Win(Team::Two));
    assert_eq!(r.reason, BhReason::Checkmate);
    assert_eq!(r.reason.rule(), "BH-5");
    assert_eq!(
        r.seat,
        Some(Seat {
            board: B,
            colour: Colour::Black
        })
    );
    assert_eq!(r.describe(), "Team 2 wins: checkmate on board B (BH-5)");
    // All four clocks stop at the mate: board A's Black clock too.
    let v = g.view(t + 60_000);
    assert_eq!(v.phase, BhPhase::Over);
    assert_eq!(v.boards[0].remaining_ms[1], 180_000 - 7_000);
    assert_eq!(g.view(t + 1).boards, v.boards);
    assert_eq!(g.apply(t + 1, mv(A, "e5")), Err(BhError::GameOver));
}

#[test]
fn bh_4_a_flag_on_one_board_ends_the_match_for_both() {
    let mut g = board_match();
    g.apply(0, BhEvent::Start).unwrap();
    play_match(&mut g, &[(A, "e4"), (B, "d4")], 0);
    // Black on B's clock started at 2 s; Black on A's at 1 s: A falls first.
    assert!(!g.tick(180_000));
    let e = g.apply(181_500, mv(B, "d5")).unwrap_err();
    assert_eq!(
        e,
        BhError::Clock(ClockError::Flagged {
            colour: Colour::Black,
            at_ms: 181_000
        })
    );
    assert!(g.tick(190_000));
    let r = g.result().unwrap();
    assert_eq!(r.reason, BhReason::Flag);
    assert_eq!(r.at_ms, 181_000);
    assert_eq!(
        r.seat,
        Some(Seat {
            board: A,
            colour: Colour::Black
        })
    );
    // Black on A is team 2: team 1 wins.
    assert_eq!(r.outcome, BhOutcome::Win(Team::One));
    assert_eq!(r.reason.rule(), "BH-4");
    // Board B's running clock stopped at the same instant.
    let v = g.view(300_000);
    assert_eq!(v.boards[1].remaining_ms[1], 180_000 - 179_000);
    assert_eq!(v.boards[0].remaining_ms[1], 0);
    // No undo after a flag; nothing more on either board.
    assert_eq!(
        g.apply(300_000, BhEvent::Undo { board: A }),
        Err(BhError::GameOver)
    );
    assert_eq!(
        g.apply(300_000, BhEvent::Press { board: B }),
        Err(BhError::GameOver)
    );
}

#[test]
fn bh_4_resignation_loses_for_the_players_team() {
    let mut g = clock_match();
    g.apply(0, BhEvent::Start).unwrap();
    g.apply(
        10,
        BhEvent::Resign {
            board: B,
            colour: Colour::White,
        },
    )
    .unwrap();
    let r = g.result().unwrap();
    assert_eq!(r.outcome, BhOutcome::Win(Team::One));
    assert_eq!(r.reason, BhReason::Resignation);
    assert_eq!(r.describe(), "Team 1 wins: resignation on board B (BH-4)");
}

#[test]
fn bh_4_clock_mode_mate_is_reported_for_the_side_to_move() {
    let mut g = clock_match();
    g.apply(0, BhEvent::Start).unwrap();
    g.apply(1_000, BhEvent::Press { board: A }).unwrap();
    // Black on A is to move and is mated: team 1 wins.
    g.apply(2_000, BhEvent::Report(BhReport::Checkmate { board: A }))
        .unwrap();
    let r = g.result().unwrap();
    assert_eq!(r.outcome, BhOutcome::Win(Team::One));
    assert_eq!(r.reason, BhReason::Checkmate);
    // Board mode finds mate itself.
    let mut b = board_match();
    b.apply(0, BhEvent::Start).unwrap();
    assert_eq!(
        b.apply(1, BhEvent::Report(BhReport::Checkmate { board: A })),
        Err(BhError::WrongMode)
    );
}

// ---- BH-5 mate --------------------------------------------------------------

#[test]
fn bh_5_a_rook_check_from_a_distance_is_not_mate_even_with_an_empty_pocket() {
    // Back-rank "mate" of standard chess: b8…f8 are empty, so a piece the
    // partner passes could be dropped there.
    let b = boards("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", START);
    assert!(b.is_check(A));
    assert!(!b.can_move(A));
    assert!(!b.is_mate(A));
    assert_eq!(b.automatic_end(&[A]), None);
    // With a piece in the pocket the drop is a legal block.
    let b = boards("R5k1/5ppp/8/8/8/8/8/6K1[n] b - - 0 1", START);
    assert!(b.can_move(A));
    assert!(b.legal_moves_uci(A).contains(&"N@d8".to_owned()));
}

#[test]
fn bh_5_a_protected_queen_adjacent_with_no_escape_is_mate() {
    for fen in [
        "7k/6Q1/5K2/8/8/8/8/8 b - - 0 1",
        // Whatever Black holds: no drop blocks a contact check.
        "7k/6Q1/5K2/8/8/8/8/8[qrbnp] b - - 0 1",
    ] {
        let b = boards(fen, START);
        assert!(b.is_mate(A), "{fen}");
        assert_eq!(
            b.automatic_end(&[A]),
            Some(BoardsEnd::Checkmate { board: A })
        );
    }
    // Unprotected, the king takes the queen: no mate.
    let b = boards("7k/6Q1/8/8/8/8/8/K7 b - - 0 1", START);
    assert!(!b.is_mate(A));
    assert!(b.can_move(A));
}

#[test]
fn bh_5_a_knight_check_cannot_be_blocked() {
    // Smothered: the knight on f7 cannot be taken and nothing stands between.
    let b = boards("6rk/5Npp/8/8/8/8/8/6K1[q] b - - 0 1", START);
    assert!(b.is_mate(A));
    // If the knight can be taken, it is no mate.
    let b = boards("5rrk/5Npp/8/8/8/8/8/6K1 b - - 0 1", START);
    assert!(!b.is_mate(A));
}

#[test]
fn bh_5_the_san_marks_bughouse_mate_not_crazyhouse_mate() {
    // Ra8+ against an empty pocket: shakmaty's Crazyhouse would write `#`.
    let mut b = boards("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", START);
    play(&mut b, A, &["Ra8"]);
    assert_eq!(b.moves()[0].san, "Ra8+");
    assert!(!b.is_mate(A));
}

#[test]
fn bh_5_double_check_without_escape_is_mate() {
    // Rook e1 down the open file and knight d6 both check the king on e8;
    // e2…e7 are empty, but one drop cannot block two checks.
    let b = boards("3qkb2/3p1p2/3N4/8/8/8/8/4R1K1 b - - 0 1", START);
    assert!(b.is_mate(A));
    // The rook's check alone is blockable (and Bishop or drop could answer).
    let b = boards("3qkb2/3p1p2/8/8/8/8/8/4R1K1 b - - 0 1", START);
    assert!(!b.is_mate(A));
}

// ---- BH-6 no stalemate: a player without a move waits ---------------------------

fn waiting_setup() -> BhSetup {
    let mut s = BhSetup::new(names(), InputMode::Board);
    // Black on A is in a blockable check with nothing to drop; B is the
    // usual start with White to move.
    s.start_fens = Some([
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".to_owned(),
        "rnbqkb1r/pppppppp/8/8/4n3/3P4/PPP1PPPP/RNBQKBNR w KQkq - 0 3".to_owned(),
    ]);
    s
}

#[test]
fn bh_6_a_player_with_no_move_waits_with_the_clock_running_and_the_match_goes_on() {
    let mut g = BhGame::new(waiting_setup()).unwrap();
    assert_eq!(g.result(), None);
    g.apply(0, BhEvent::Start).unwrap();
    let v = g.view(10_000);
    assert!(v.boards[0].waiting);
    assert!(v.boards[0].in_check);
    assert!(v.boards[0].legal_moves_uci.is_empty());
    // Black on A's clock runs while it waits.
    assert_eq!(v.boards[0].remaining_ms[1], 170_000);
    assert_eq!(v.phase, BhPhase::Running);
    // White on B (Black A's partner) takes a knight: it goes to Black on A.
    play_match(&mut g, &[(B, "dxe4")], 10_000);
    let v = g.view(11_000);
    assert_eq!(v.boards[0].pockets.unwrap()[1], one("n"));
    assert!(!v.boards[0].waiting);
    // Black on A blocks with the knight; the match goes on.
    play_match(&mut g, &[(A, "N@d8")], 11_000);
    assert_eq!(g.result(), None);
}

#[test]
fn bh_6_a_waiting_player_loses_on_time() {
    let mut g = BhGame::new(waiting_setup()).unwrap();
    g.apply(0, BhEvent::Start).unwrap();
    // White on B moves on; Black on A can do nothing until its flag falls.
    play_match(&mut g, &[(B, "a3"), (B, "a6"), (B, "b3")], 0);
    assert!(g.tick(180_000));
    let r = g.result().unwrap();
    assert_eq!(r.reason, BhReason::Flag);
    assert_eq!(r.outcome, BhOutcome::Win(Team::One));
    assert_eq!(r.at_ms, 180_000);
}

#[test]
fn bh_6_no_stalemate() {
    // Black on A has no move and is not in check: no draw, it waits.
    let b = boards("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", START);
    assert!(!b.is_check(A));
    assert!(!b.can_move(A));
    assert!(!b.is_mate(A));
    assert_eq!(b.automatic_end(&[A]), None);
}

// ---- BH-7 clocks are mandatory ---------------------------------------------------

#[test]
fn bh_7_three_minutes_each_unless_another_control_is_chosen() {
    assert_eq!(default_control(), TimeControl::sudden_death(180_000));
    let s = BhSetup::new(names(), InputMode::Clock);
    assert_eq!(s.controls, [default_control(), default_control()]);
    let names: Vec<&str> = presets().iter().map(|p| p.0).collect();
    assert_eq!(names, ["3 + 0", "5 + 0", "2 + 1", "3 + 2"]);
    assert_eq!(presets()[2].1, TimeControl::fischer(120_000, 1_000));
}

#[test]
fn bh_7_custom_controls_with_delay_and_a_handicap_per_player() {
    let mut s = BhSetup::new(names(), InputMode::Clock);
    // Ann (White A) gives odds: 1 minute against 3; board B has a 2 s delay.
    s.controls = [
        TimeControl::custom(60_000, 180_000, Increment::None),
        TimeControl::custom(180_000, 180_000, Increment::SimpleDelay(2_000)),
    ];
    let mut g = BhGame::new(s).unwrap();
    g.apply(0, BhEvent::Start).unwrap();
    let v = g.view(5_000);
    assert_eq!(v.boards[0].remaining_ms, [55_000, 180_000]);
    assert_eq!(v.boards[1].remaining_ms, [177_000, 180_000]);
    // Out-of-range times are refused.
    let mut s = BhSetup::new(["a", "b", "c", "d"], InputMode::Clock);
    s.controls[1] = TimeControl::sudden_death(10);
    assert_eq!(BhGame::new(s).unwrap_err(), BhError::BadTime);
    let s = BhSetup::new(["a", " ", "c", "d"], InputMode::Clock);
    assert!(matches!(
        BhGame::new(s).unwrap_err(),
        BhError::BadName { index: 1, .. }
    ));
}

// ---- BH-8 draws --------------------------------------------------------------------

#[test]
fn bh_8_a_draw_needs_all_four_and_names_the_rule() {
    let mut g = clock_match();
    g.apply(0, BhEvent::Start).unwrap();
    g.apply(500, BhEvent::AgreeDraw).unwrap();
    let r = g.result().unwrap();
    assert_eq!(r.outcome, BhOutcome::Draw);
    assert_eq!(r.reason, BhReason::Agreement);
    assert_eq!(r.describe(), "Draw: draw agreed by all four players (BH-8)");
}

#[test]
fn bh_8a_nobody_to_move_can_move_is_a_draw() {
    // Both players to move wait: Black on A (blockable check, empty pocket)
    // and White on B (boxed in, not in check).
    let b = boards(
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
        "8/8/8/8/8/1q6/2k5/K7 w - - 0 1",
    );
    assert!(!b.can_move(A) && !b.can_move(B));
    assert_eq!(b.automatic_end(&[B]), Some(BoardsEnd::NobodyCanMove));
    // In a match the move that leaves both stuck ends it.
    let mut s = BhSetup::new(names(), InputMode::Board);
    s.start_fens = Some([
        "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".to_owned(),
        "8/8/8/8/8/1q6/8/K1k5 b - - 0 1".to_owned(),
    ]);
    let mut g = BhGame::new(s).unwrap();
    g.apply(0, BhEvent::Start).unwrap();
    // Board B's clock started with Black to move.
    play_match(&mut g, &[(B, "Kc2")], 0);
    let r = g.result().expect("BH-8a");
    assert_eq!(r.outcome, BhOutcome::Draw);
    assert_eq!(r.reason, BhReason::NobodyCanMove);
    assert_eq!(r.reason.rule(), "BH-8a");
    // It was found by the app, so the move that caused it can be undone.
    g.apply(3_000, BhEvent::Undo { board: B }).unwrap();
    assert_eq!(g.result(), None);
    assert_eq!(g.view(3_000).phase, BhPhase::Paused);
    // Clock mode: a report all four confirm.
    let mut c = clock_match();
    c.apply(0, BhEvent::Start).unwrap();
    c.apply(9, BhEvent::Report(BhReport::NobodyCanMove))
        .unwrap();
    assert_eq!(c.result().unwrap().reason, BhReason::NobodyCanMove);
}

#[test]
fn bh_8b_800_half_moves_on_both_boards_together_is_a_draw() {
    assert_eq!(BH_PLY_LIMIT, 800);
    // Board mode: knights shuffle on both boards, 200 half-moves each cycle pair.
    let mut g = board_match();
    g.apply(0, BhEvent::Start).unwrap();
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut t = 0;
    for i in 0..(800 / 4) {
        let board = if i % 2 == 0 { A } else { B };
        assert_eq!(g.result(), None, "ended early at cycle {i}");
        for m in cycle {
            t += 10;
            g.apply(t, mv(board, m)).unwrap();
        }
    }
    let r = g.result().expect("BH-8b");
    assert_eq!(r.reason, BhReason::PlyLimit);
    assert_eq!(r.outcome, BhOutcome::Draw);
    assert_eq!(r.reason.rule(), "BH-8b");
    assert_eq!(g.view(t).half_moves, 800);
    // BH-9: the positions repeated hundreds of times; no repetition draw came first.

    // Clock mode counts presses on both boards.
    let mut c = clock_match();
    c.apply(0, BhEvent::Start).unwrap();
    let mut t = 0;
    for i in 0..800u32 {
        assert_eq!(c.result(), None);
        t += 10;
        let board = if (i / 2) % 2 == 0 { A } else { B };
        c.apply(t, BhEvent::Press { board }).unwrap();
    }
    assert_eq!(c.result().unwrap().reason, BhReason::PlyLimit);
    // A mate on that last tap stands.
    c.apply(t + 5, BhEvent::Report(BhReport::Checkmate { board: B }))
        .unwrap();
    let r = c.result().unwrap();
    assert_eq!(r.reason, BhReason::Checkmate);
    assert_eq!(r.at_ms, t);
}

// ---- BH-9 no repetition draw -----------------------------------------------------

#[test]
fn bh_9_threefold_repetition_is_no_draw() {
    let mut g = board_match();
    g.apply(0, BhEvent::Start).unwrap();
    let mut moves = Vec::new();
    for _ in 0..5 {
        for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
            moves.push((A, m));
        }
    }
    play_match(&mut g, &moves, 0);
    assert_eq!(g.result(), None);
}

// ---- C-4a undo per board --------------------------------------------------------

#[test]
fn c_4a_undo_is_per_board_and_charges_the_tapper() {
    let mut g = clock_match();
    g.apply(0, BhEvent::Start).unwrap();
    g.apply(10_000, BhEvent::Press { board: A }).unwrap();
    g.apply(12_000, BhEvent::Press { board: B }).unwrap();
    // White on A pressed by mistake at 10 s; noticed at 15 s.
    g.apply(15_000, BhEvent::Undo { board: A }).unwrap();
    let v = g.view(15_000);
    // White on A is charged the 5 s Black's clock ran; Black shows 3:00 again.
    assert_eq!(v.boards[0].remaining_ms, [165_000, 180_000]);
    assert_eq!(v.boards[0].side_to_move, Colour::White);
    // Board B is untouched.
    assert_eq!(v.boards[1].side_to_move, Colour::Black);
    assert_eq!(v.boards[1].remaining_ms, [168_000, 177_000]);
    // The start is not undone.
    assert_eq!(
        g.apply(16_000, BhEvent::Undo { board: A }),
        Err(BhError::NothingToUndo)
    );
}

#[test]
fn c_4a_undo_of_a_capture_takes_the_piece_back_from_the_partner() {
    let mut g = board_match();
    g.apply(0, BhEvent::Start).unwrap();
    let t = play_match(&mut g, &[(A, "e4"), (A, "d5"), (A, "exd5")], 0);
    assert_eq!(g.view(t).boards[1].pockets.unwrap()[1], one("p"));
    g.apply(t + 1, BhEvent::Undo { board: A }).unwrap();
    let v = g.view(t + 1);
    assert_eq!(v.boards[1].pockets.unwrap()[1], Pocket::default());
    assert_eq!(v.boards[0].last_move_san.as_deref(), Some("d5"));
    // Once the partner has dropped the piece, the capture cannot be undone.
    let t = play_match(&mut g, &[(A, "exd5"), (B, "e4")], t + 1);
    assert!(
        g.view(t).boards[0].undo_available,
        "the pawn is still in the pocket"
    );
    let t = play_match(&mut g, &[(B, "P@d4")], t);
    assert_eq!(
        g.apply(t + 1, BhEvent::Undo { board: A }),
        Err(BhError::UndoBlocked { board: B })
    );
    // Issue #21, 9: so it is not offered either.
    assert!(!g.view(t + 1).boards[0].undo_available);
    assert!(
        g.view(t + 1).boards[1].undo_available,
        "board B's drop may be undone"
    );
    let e = BhError::UndoBlocked { board: B }.to_string();
    assert!(e.contains("dropped on board B"), "{e}");
    // Board B's own last move can be undone.
    g.apply(t + 1, BhEvent::Undo { board: B }).unwrap();
}

#[test]
fn c_4a_after_a_mate_only_that_boards_move_is_undone() {
    let mut g = board_match();
    g.apply(0, BhEvent::Start).unwrap();
    let t = play_match(&mut g, &SCHOLAR, 0);
    assert_eq!(
        g.apply(t + 1, BhEvent::Undo { board: A }),
        Err(BhError::UndoOtherBoard { board: B })
    );
    g.apply(t + 1, BhEvent::Undo { board: B }).unwrap();
    assert_eq!(g.result(), None);
    assert_eq!(g.view(t + 1).phase, BhPhase::Paused);
    g.apply(t + 2, BhEvent::Resume).unwrap();
    play_match(&mut g, &[(B, "d3")], t + 2);
    assert_eq!(g.result(), None);
}

// ---- C-1 / C-4 the four clocks --------------------------------------------------

#[test]
fn c_4_pause_stops_all_four_clocks_and_time_never_runs_backwards() {
    let mut g = clock_match();
    assert_eq!(g.view(0).phase, BhPhase::AwaitingStart);
    assert_eq!(
        g.apply(0, BhEvent::Press { board: A }),
        Err(BhError::NotStarted)
    );
    g.apply(0, BhEvent::Start).unwrap();
    assert_eq!(g.apply(0, BhEvent::Start), Err(BhError::AlreadyStarted));
    g.apply(1_000, BhEvent::Press { board: B }).unwrap();
    g.apply(4_000, BhEvent::Pause).unwrap();
    let paused = g.view(4_000);
    assert_eq!(paused.phase, BhPhase::Paused);
    assert_eq!(g.view(100_000).boards, paused.boards);
    assert_eq!(
        g.apply(5_000, BhEvent::Press { board: A }),
        Err(BhError::NotRunning)
    );
    // While the clocks stand, one player's time can be set.
    g.apply(
        5_000,
        BhEvent::Adjust {
            board: B,
            colour: Colour::Black,
            remaining_ms: 90_000,
        },
    )
    .unwrap();
    g.apply(6_000, BhEvent::Resume).unwrap();
    let v = g.view(7_000);
    assert_eq!(v.boards[0].remaining_ms[0], 180_000 - 5_000);
    assert_eq!(v.boards[1].remaining_ms[1], 89_000);
    assert_eq!(
        g.apply(5_999, BhEvent::Press { board: A }),
        Err(BhError::TimeWentBackwards)
    );
    // Board mode events are refused in clock mode and the other way round.
    assert_eq!(g.apply(7_000, mv(A, "e4")), Err(BhError::WrongMode));
}

#[test]
fn c_4a_an_undo_the_tapper_cannot_pay_is_a_flag_now_and_stops_the_other_board_now() {
    let mut g = clock_match();
    g.apply(0, BhEvent::Start).unwrap();
    g.apply(1_000, BhEvent::Pause).unwrap();
    g.apply(
        1_000,
        BhEvent::Adjust {
            board: A,
            colour: Colour::White,
            remaining_ms: 5_000,
        },
    )
    .unwrap();
    g.apply(1_000, BhEvent::Resume).unwrap();
    // White on A taps with 4 s left; Black's clock then runs 28 s.
    g.apply(2_000, BhEvent::Press { board: A }).unwrap();
    let before = g.view(30_000);
    assert_eq!(before.boards[1].remaining_ms[0], 150_000);
    g.apply(30_000, BhEvent::Undo { board: A }).unwrap();
    // White on A cannot pay 28 s: its flag has fallen, recorded now.
    assert!(g.tick(30_000));
    let r = g.result().unwrap();
    assert_eq!(r.reason, BhReason::Flag);
    assert_eq!(r.outcome, BhOutcome::Win(Team::Two));
    assert_eq!(r.at_ms, 30_000);
    // Board B stopped at 30 s, not at the instant the refolded flag fell.
    let after = g.view(90_000);
    assert_eq!(after.boards[1].remaining_ms, before.boards[1].remaining_ms);
    assert_eq!(after.boards[0].remaining_ms, [0, 180_000]);
}
