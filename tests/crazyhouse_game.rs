//! The Crazyhouse game module at the table: events, clock, board, log and PGN
//! (C-1, C-4, ZH-1…ZH-6). Whole games are played here without any UI.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::names::{MAX_NAME_BYTES, NameProblem};
use nordau_shift::referee::{
    ClockError, Colour, Increment, InputMode, Outcome, PgnImportError, PgnInfo, Reported,
    TimeControl, ZhError, ZhEvent, ZhGame, ZhLogError, ZhPhase, ZhReason, ZhSetup, zh_from_pgn,
    zh_to_pgn,
};
use proptest::prelude::*;

/// A real game: three captures, three drops, and Black mates with a drop.
const DROP_MATE: [&str; 14] = [
    "d3", "a5", "h4", "g6", "Bh6", "Nxh6", "c4", "B@g4", "Rh3", "a4", "Qxa4", "Rxa4", "P@c2",
    "Q@c1#",
];

fn setup(mode: InputMode, control: TimeControl) -> ZhSetup {
    ZhSetup {
        white: "Dana".into(),
        black: "Yossi".into(),
        control,
        mode,
        start_fen: None,
        opening: Vec::new(),
        recorded: None,
    }
}

fn board_game() -> ZhGame {
    ZhGame::new(setup(InputMode::Board, TimeControl::fischer(60_000, 2_000))).unwrap()
}

/// Plays SAN moves one second apart from `t`, converting each to UCI the way
/// the screen sends it; returns the time after the last move.
fn play_san(g: &mut ZhGame, moves: &[&str], mut t: u64) -> u64 {
    for san in moves {
        let board = g.board().unwrap();
        let mv = board.parse_move(san).unwrap();
        let uci = shakmaty::uci::UciMove::from_move(mv, shakmaty::CastlingMode::Standard);
        t += 1_000;
        g.apply(
            t,
            ZhEvent::Move {
                mv: uci.to_string(),
            },
        )
        .unwrap_or_else(|e| panic!("{san} at {t}: {e}"));
    }
    t
}

#[test]
fn c_1_zh_1_board_mode_game_with_captures_and_drops_ends_in_drop_mate() {
    let mut g = board_game();
    assert_eq!(g.view(0).phase, ZhPhase::AwaitingStart);
    g.apply(0, ZhEvent::Start).unwrap();
    let end = play_san(&mut g, &DROP_MATE, 0);
    let r = g.result().expect("mate ends the game");
    assert_eq!(r.outcome, Outcome::Win(Colour::Black));
    assert_eq!(r.reason, ZhReason::Checkmate);
    assert_eq!(r.at_ms, end);
    let v = g.view(end + 50_000);
    assert_eq!(v.phase, ZhPhase::Over);
    assert!(v.legal_moves_uci.is_empty());
    assert_eq!(v.last_move_san.as_deref(), Some("Q@c1#"));
    // The clocks stand at the moment of mate: each side used 1 s per move and
    // got 2 s back (Fischer), so both have more than they started with.
    assert_eq!(v.remaining_ms, [60_000 + 7 * 1_000, 60_000 + 7 * 1_000]);
    // Material is conserved (ZH-1): 32 pieces on the board and in pockets.
    let pockets = v.pockets.unwrap();
    let on_board = g.board().unwrap().pieces_on_board();
    assert_eq!(on_board + pockets[0].total() + pockets[1].total(), 32);
    assert!(matches!(
        g.apply(
            end + 1,
            ZhEvent::Resign {
                colour: Colour::White
            }
        ),
        Err(ZhError::GameOver)
    ));
}

#[test]
fn c_1_board_mode_move_is_the_press_and_only_legal_moves_are_taken() {
    let mut g = board_game();
    assert_eq!(
        g.apply(0, ZhEvent::Move { mv: "e2e4".into() }),
        Err(ZhError::NotStarted)
    );
    g.apply(100, ZhEvent::Start).unwrap();
    let before = g.clone();
    for bad in ["e2e5", "N@f3", "hello", "e7e5"] {
        assert!(
            matches!(
                g.apply(200, ZhEvent::Move { mv: bad.into() }),
                Err(ZhError::Move(_))
            ),
            "{bad} must be refused"
        );
        assert_eq!(g, before, "a refused move changes nothing");
    }
    assert_eq!(g.apply(200, ZhEvent::Press), Err(ZhError::WrongMode));
    g.apply(3_100, ZhEvent::Move { mv: "e2e4".into() }).unwrap();
    let v = g.view(3_100);
    assert_eq!(v.side_to_move, Colour::Black);
    assert_eq!(v.remaining_ms, [60_000 - 3_000 + 2_000, 60_000]);
    assert_eq!(v.last_move_uci.as_deref(), Some("e2e4"));
    assert_eq!(
        g.apply(3_000, ZhEvent::Move { mv: "e7e5".into() }),
        Err(ZhError::TimeWentBackwards)
    );
}

#[test]
fn c_1_clock_mode_game_with_increment_to_a_flag() {
    let mut g = ZhGame::new(setup(InputMode::Clock, TimeControl::fischer(10_000, 1_000))).unwrap();
    assert_eq!(g.apply(0, ZhEvent::Press), Err(ZhError::NotStarted));
    g.apply(0, ZhEvent::Start).unwrap();
    // White moves in 2 s, Black in 3 s, White in 4 s.
    g.apply(2_000, ZhEvent::Press).unwrap();
    g.apply(5_000, ZhEvent::Press).unwrap();
    g.apply(9_000, ZhEvent::Press).unwrap();
    let v = g.view(9_000);
    assert_eq!(
        v.remaining_ms,
        [10_000 - 2_000 + 1_000 - 4_000 + 1_000, 8_000]
    );
    assert_eq!(v.moves_made, [2, 1]);
    assert_eq!(v.move_number, 2, "Black is to make its second move");
    assert_eq!(v.side_to_move, Colour::Black);
    // Black thinks for ever: the flag falls 8 s later, exactly.
    assert!(!g.tick(16_999));
    assert!(g.tick(30_000));
    let r = g.result().unwrap();
    assert_eq!(r.outcome, Outcome::Win(Colour::White));
    assert_eq!(r.reason, ZhReason::Flag);
    assert_eq!(r.at_ms, 17_000);
    assert_eq!(g.view(99_000).remaining_ms[1], 0);
    assert_eq!(g.apply(31_000, ZhEvent::Undo), Err(ZhError::GameOver));
}

#[test]
fn c_4_an_event_after_a_fallen_flag_is_refused_until_the_flag_is_recorded() {
    let mut g = ZhGame::new(setup(InputMode::Clock, TimeControl::sudden_death(5_000))).unwrap();
    g.apply(0, ZhEvent::Start).unwrap();
    let before = g.clone();
    assert!(matches!(
        g.apply(6_000, ZhEvent::Press),
        Err(ZhError::Clock(ClockError::Flagged {
            colour: Colour::White,
            at_ms: 5_000
        }))
    ));
    assert_eq!(g, before);
    assert!(g.tick(6_000));
    assert_eq!(g.result().unwrap().outcome, Outcome::Win(Colour::Black));
}

#[test]
fn c_1_clock_mode_ends_are_reported_by_the_players() {
    let tc = TimeControl::sudden_death(60_000);
    let mut g = ZhGame::new(setup(InputMode::Clock, tc.clone())).unwrap();
    g.apply(0, ZhEvent::Start).unwrap();
    g.apply(1_000, ZhEvent::Press).unwrap();
    g.apply(
        2_000,
        ZhEvent::Report(Reported::Checkmate {
            winner: Colour::White,
        }),
    )
    .unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::Win(Colour::White));
    assert_eq!(g.result().unwrap().reason, ZhReason::Checkmate);
    // A deliberate end cannot be undone.
    assert_eq!(g.apply(3_000, ZhEvent::Undo), Err(ZhError::GameOver));

    let mut g = ZhGame::new(setup(InputMode::Clock, tc.clone())).unwrap();
    g.apply(0, ZhEvent::Start).unwrap();
    g.apply(1_000, ZhEvent::Report(Reported::Stalemate))
        .unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::Draw);

    let mut g = ZhGame::new(setup(InputMode::Board, tc)).unwrap();
    g.apply(0, ZhEvent::Start).unwrap();
    assert_eq!(
        g.apply(1_000, ZhEvent::Report(Reported::Stalemate)),
        Err(ZhError::WrongMode),
        "board mode finds mate and stalemate itself"
    );
    g.apply(
        1_000,
        ZhEvent::Resign {
            colour: Colour::White,
        },
    )
    .unwrap();
    assert_eq!(g.result().unwrap().outcome, Outcome::Win(Colour::Black));
}

#[test]
fn c_4a_undo_takes_back_the_move_and_charges_the_tapper() {
    let mut g = board_game();
    g.apply(0, ZhEvent::Start).unwrap();
    g.apply(10_000, ZhEvent::Move { mv: "e2e4".into() })
        .unwrap();
    // Black's clock runs 5 s, then White's move is taken back.
    g.apply(15_000, ZhEvent::Undo).unwrap();
    let v = g.view(15_000);
    assert_eq!(v.side_to_move, Colour::White);
    assert_eq!(v.last_move_uci, None);
    // C-4a: White is charged from the start (no increment); Black's clock
    // shows again what it showed at the tap.
    assert_eq!(v.remaining_ms, [45_000, 60_000]);
    assert!(!v.undo_available, "the starting press is not a move");
    assert_eq!(g.apply(16_000, ZhEvent::Undo), Err(ZhError::NothingToUndo));
}

#[test]
fn zh_5_a_mis_tapped_mating_drop_can_be_taken_back() {
    let mut g = board_game();
    g.apply(0, ZhEvent::Start).unwrap();
    let t = play_san(&mut g, &DROP_MATE, 0);
    assert!(g.is_over());
    let at_mate = g.view(t);
    assert!(at_mate.undo_available);
    // Half a minute looking at the result, then the mating drop is taken back.
    g.apply(t + 30_000, ZhEvent::Undo).unwrap();
    assert!(!g.is_over());
    let v = g.view(t + 30_000);
    assert_eq!(v.phase, ZhPhase::Paused, "the clocks stopped at the mate");
    assert_eq!(v.side_to_move, Colour::Black);
    assert_eq!(
        v.pockets.unwrap()[1].queen,
        1,
        "the queen is back in the pocket"
    );
    // C-4a: White shows its time at the tap; Black loses the increment of
    // the undone move (its thinking time stays spent); no clock ran since the
    // tap (the mate stopped them), so nobody pays for the half minute.
    assert_eq!(v.remaining_ms[0], at_mate.remaining_ms[0]);
    assert_eq!(v.remaining_ms[1], at_mate.remaining_ms[1] - 2_000);
    g.apply(t + 31_000, ZhEvent::Resume).unwrap();
    assert_eq!(
        g.view(t + 32_000).remaining_ms[1],
        v.remaining_ms[1] - 1_000
    );
}

#[test]
fn zh_6_threefold_with_equal_pockets_is_a_claim_in_board_mode() {
    let mut g = board_game();
    g.apply(0, ZhEvent::Start).unwrap();
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let t = play_san(&mut g, &cycle, 0);
    assert_eq!(g.apply(t, ZhEvent::ClaimThreefold), Err(ZhError::NoClaim));
    let t = play_san(&mut g, &cycle, t);
    assert!(g.view(t).can_claim_threefold);
    g.apply(t, ZhEvent::ClaimThreefold).unwrap();
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason),
        (Outcome::Draw, ZhReason::ThreefoldClaim)
    );
}

#[test]
fn c_4_pause_adjust_resume() {
    let mut g = ZhGame::new(setup(InputMode::Clock, TimeControl::sudden_death(60_000))).unwrap();
    g.apply(0, ZhEvent::Start).unwrap();
    assert!(matches!(
        g.apply(
            1_000,
            ZhEvent::Adjust {
                colour: Colour::Black,
                remaining_ms: 90_000
            }
        ),
        Err(ZhError::Clock(ClockError::Running))
    ));
    g.apply(1_000, ZhEvent::Pause).unwrap();
    assert_eq!(g.view(50_000).phase, ZhPhase::Paused);
    assert_eq!(g.view(50_000).remaining_ms[0], 59_000);
    g.apply(
        2_000,
        ZhEvent::Adjust {
            colour: Colour::Black,
            remaining_ms: 90_000,
        },
    )
    .unwrap();
    assert_eq!(g.apply(2_500, ZhEvent::Press), Err(ZhError::NotRunning));
    g.apply(3_000, ZhEvent::Resume).unwrap();
    assert_eq!(g.view(4_000).remaining_ms, [58_000, 90_000]);
}

/// The one name rule of every game (docs/rules.md, fairness.md §1.2).
#[test]
fn names_are_required_and_bounded() {
    let mut s = setup(InputMode::Clock, TimeControl::sudden_death(60_000));
    s.white = "  ".into();
    assert!(matches!(
        ZhGame::new(s.clone()),
        Err(ZhError::BadName { index: 0, .. })
    ));
    s.white = "x".repeat(MAX_NAME_BYTES + 1);
    assert_eq!(
        ZhGame::new(s.clone()).err(),
        Some(ZhError::BadName {
            index: 0,
            problem: NameProblem::TooLong { bytes: 65 }
        })
    );
    s.white = "Dana".into();
    s.black = "Eli\u{a0}Ben".into();
    assert_eq!(
        ZhGame::new(s.clone()).err(),
        Some(ZhError::BadName {
            index: 1,
            problem: NameProblem::Character('\u{a0}')
        })
    );
    s.black = "Eli".into();
    s.white = "Dana".into();
    s.control = TimeControl::custom(0, 60_000, Increment::None);
    assert_eq!(ZhGame::new(s.clone()).err(), Some(ZhError::BadTime));
    s.control = TimeControl::custom(60_000, 60_000, Increment::Fischer(3_600_000));
    assert_eq!(ZhGame::new(s.clone()).err(), Some(ZhError::BadTime));
    // A handicap: White 5 minutes, Black 3.
    s.control = TimeControl::custom(300_000, 180_000, Increment::SimpleDelay(5_000));
    let g = ZhGame::new(s).unwrap();
    assert_eq!(g.view(0).remaining_ms, [300_000, 180_000]);
}

#[test]
fn every_preset_is_a_valid_control() {
    for (name, tc) in TimeControl::presets() {
        assert!(tc.validate().is_ok() && tc.within_limits(), "{name}");
    }
}

#[test]
fn c_4_the_log_replays_to_the_same_game_and_bad_logs_are_refused() {
    let mut g = board_game();
    g.apply(0, ZhEvent::Start).unwrap();
    let t = play_san(&mut g, &DROP_MATE[..8], 0);
    g.apply(t + 1, ZhEvent::Pause).unwrap();
    let json = g.to_json();
    assert_eq!(ZhGame::from_json(&json).unwrap(), g);

    assert!(matches!(
        ZhGame::from_json("{not json"),
        Err(ZhLogError::Header(_))
    ));
    let newer = json.replace("\"version\":1", "\"version\":9");
    assert!(ZhGame::from_json(&newer).unwrap_err().is_newer_version());
    let other = json.replace("\"game\":\"crazyhouse\"", "\"game\":\"nordau-shift\"");
    assert!(matches!(
        ZhGame::from_json(&other),
        Err(ZhLogError::Header(_))
    ));
    let illegal = json.replace("\"mv\":\"d2d3\"", "\"mv\":\"d2d5\"");
    assert!(matches!(
        ZhGame::from_json(&illegal),
        Err(ZhLogError::Event { index: 1, .. })
    ));
    let message = ZhGame::from_json(&illegal).unwrap_err().to_string();
    assert!(message.contains("event 2"), "{message}");
}

#[test]
fn pgn_export_has_variant_drops_clocks_and_result() {
    let mut g = board_game();
    g.apply(0, ZhEvent::Start).unwrap();
    play_san(&mut g, &DROP_MATE, 0);
    let pgn = zh_to_pgn(&g, &PgnInfo::default()).unwrap();
    for expected in [
        "[Variant \"Crazyhouse\"]",
        "[White \"Dana\"]",
        "[Black \"Yossi\"]",
        "[Result \"0-1\"]",
        "[TimeControl \"60+2\"]",
        "B@g4",
        "P@c2",
        "Q@c1#",
        "{[%clk 0:01:01]}",
        "{checkmate} 0-1",
    ] {
        assert!(pgn.contains(expected), "missing {expected} in\n{pgn}");
    }
    assert!(pgn.lines().all(|l| l.len() <= 80));
    let clock_only =
        ZhGame::new(setup(InputMode::Clock, TimeControl::sudden_death(1_000))).unwrap();
    assert!(zh_to_pgn(&clock_only, &PgnInfo::default()).is_err());
}

#[test]
fn pgn_import_reads_back_the_export() {
    let mut g = board_game();
    g.apply(0, ZhEvent::Start).unwrap();
    play_san(&mut g, &DROP_MATE, 0);
    let pgn = zh_to_pgn(&g, &PgnInfo::default()).unwrap();
    let imported = zh_from_pgn(&pgn).unwrap();
    assert_eq!(imported.white.as_deref(), Some("Dana"));
    assert_eq!(imported.moves, g.board().unwrap().ucis());
    assert_eq!(imported.outcome, Some(Outcome::Win(Colour::Black)));
    // A finished import is shown for review and takes no more moves.
    let review = ZhGame::new(imported.into_setup(TimeControl::sudden_death(60_000))).unwrap();
    assert!(review.is_over());
    assert_eq!(review.result().unwrap().reason, ZhReason::Recorded);
}

#[test]
fn pgn_import_of_an_unfinished_game_continues_with_the_right_side_to_move() {
    let pgn = "[Event \"Club\"]\n[White \"A\"]\n[Black \"B\"]\n[Variant \"crazyhouse\"]\n\n\
               1. e4 {a comment} d5 (1... e5 2. Nf3) 2. exd5 Qxd5 3. Nc3 $1 *\n";
    let imported = zh_from_pgn(pgn).unwrap();
    assert_eq!(imported.moves, ["e2e4", "d7d5", "e4d5", "d8d5", "b1c3"]);
    assert_eq!(imported.outcome, None);
    let mut g = ZhGame::new(imported.into_setup(TimeControl::fischer(60_000, 0))).unwrap();
    assert_eq!(g.view(0).side_to_move, Colour::Black);
    // White presses to start Black's clock; Black's first move is a drop.
    g.apply(0, ZhEvent::Start).unwrap();
    g.apply(4_000, ZhEvent::Move { mv: "P@e4".into() }).unwrap();
    let v = g.view(4_000);
    assert_eq!(v.remaining_ms, [60_000, 56_000]);
    assert_eq!(v.move_number, 4);
    // The imported moves cannot be undone; the new one can.
    g.apply(5_000, ZhEvent::Undo).unwrap();
    assert!(!g.view(5_000).undo_available);
}

#[test]
fn pgn_import_names_the_bad_move() {
    let cases: [(&str, PgnImportError); 5] = [
        (
            "1. e4 e5 2. Nf9 Nc6 *",
            PgnImportError::Unreadable {
                number: "2.".into(),
                text: "Nf9".into(),
            },
        ),
        (
            "1. e4 d5 2. exd5 N@e4 *",
            PgnImportError::Illegal {
                number: "2...".into(),
                text: "N@e4".into(),
            },
        ),
        (
            "1. e4 e5 2. P@e8 *",
            PgnImportError::Illegal {
                number: "2.".into(),
                text: "P@e8".into(),
            },
        ),
        (
            "[Variant \"Atomic\"]\n\n1. e4 *",
            PgnImportError::OtherVariant("Atomic".into()),
        ),
        ("1. e4 { never closed", PgnImportError::UnclosedComment),
    ];
    for (pgn, expected) in cases {
        assert_eq!(zh_from_pgn(pgn), Err(expected), "{pgn}");
    }
    let message = zh_from_pgn("1. e4 e5 2. Nf9 *").unwrap_err().to_string();
    assert_eq!(message, "move 2. Nf9: not a move");
    assert_eq!(zh_from_pgn("  \n"), Err(PgnImportError::Empty));
    // Kings side by side: no legal position (set-up positions are welcome).
    assert!(matches!(
        zh_from_pgn("[FEN \"8/8/8/8/8/8/8/Kk6 w - - 0 1\"]\n\n*"),
        Err(PgnImportError::BadFen(_))
    ));
    assert!(matches!(
        zh_from_pgn("1. e4 e5 1-0 2. Nf3"),
        Err(PgnImportError::AfterResult(_))
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random board-mode games with random undos and pauses: material is
    /// conserved, a refused event changes nothing, and the log replays to the
    /// same game (ZH-1, C-4).
    #[test]
    fn random_games_conserve_material_and_replay(
        choices in proptest::collection::vec((0usize..1000, 0u8..20, 0u64..3_000), 1..120)
    ) {
        let mut g = ZhGame::new(setup(InputMode::Board, TimeControl::bronstein(600_000, 3_000))).unwrap();
        g.apply(0, ZhEvent::Start).unwrap();
        let mut t = 0;
        for (pick, kind, dt) in choices {
            t += dt;
            let event = match kind {
                0 => ZhEvent::Undo,
                1 => ZhEvent::Pause,
                2 => ZhEvent::Resume,
                3 => ZhEvent::Move { mv: "e2e5".into() },
                _ => {
                    let legal = g.view(t).legal_moves_uci;
                    if legal.is_empty() { ZhEvent::Resume } else { ZhEvent::Move { mv: legal[pick % legal.len()].clone() } }
                }
            };
            let before = g.clone();
            if g.apply(t, event).is_err() {
                prop_assert_eq!(&g, &before);
            }
            if let Some(v) = g.view(t).pockets {
                let on_board = g.board().unwrap().pieces_on_board();
                prop_assert_eq!(on_board + v[0].total() + v[1].total(), 32);
            }
            let remaining = g.view(t).remaining_ms;
            prop_assert!(remaining.iter().all(|&ms| ms <= 600_000 + 3_000 * 200));
            if g.is_over() { break; }
        }
        prop_assert_eq!(ZhGame::from_json(&g.to_json()).unwrap(), g);
    }
}

#[test]
fn c_4a_clock_mode_undo_with_a_pause_in_between() {
    let tc = TimeControl::fischer(60_000, 3_000);
    let mut g = ZhGame::new(setup(InputMode::Clock, tc)).unwrap();
    g.apply(0, ZhEvent::Start).unwrap();
    g.apply(4_000, ZhEvent::Press).unwrap();
    g.apply(6_000, ZhEvent::Press).unwrap();
    // White taps by mistake at 10 s; Black's clock runs 2 s, the players
    // pause for a minute to sort it out, then undo.
    g.apply(10_000, ZhEvent::Press).unwrap();
    assert_eq!(
        g.view(10_000).remaining_ms,
        [60_000 - 8_000 + 6_000, 61_000]
    );
    g.apply(12_000, ZhEvent::Pause).unwrap();
    g.apply(72_000, ZhEvent::Undo).unwrap();
    let v = g.view(72_000);
    assert_eq!(v.phase, ZhPhase::Paused);
    assert_eq!(v.side_to_move, Colour::White);
    assert_eq!(v.moves_made, [1, 1]);
    // White: 55 s at the tap (60 − 4 + 3 − 4), less the 2 s Black's clock
    // ran; Black: 61 s, as at the tap.
    assert_eq!(v.remaining_ms, [53_000, 61_000]);
    assert_eq!(ZhGame::from_json(&g.to_json()).unwrap(), g);
}

/// ZH-6: the 600 half-moves count taps in clock mode (each press after the
/// starting one is a half-move); the 600th ends the game as a draw.
#[test]
fn zh_6_600_taps_end_a_clock_mode_game_in_a_draw() {
    let mut g = ZhGame::new(setup(InputMode::Clock, TimeControl::fischer(60_000, 1_000))).unwrap();
    g.apply(0, ZhEvent::Start).unwrap();
    let mut t = 0;
    for _ in 0..599 {
        t += 100;
        g.apply(t, ZhEvent::Press).unwrap();
    }
    assert!(!g.is_over());
    t += 100;
    g.apply(t, ZhEvent::Press).unwrap();
    let r = g.result().expect("the 600th tap ends the game");
    assert_eq!(
        (r.outcome, r.reason, r.at_ms),
        (Outcome::Draw, ZhReason::PlyLimit, t)
    );
    assert_eq!(g.view(t).moves_made, [300, 300]);
    assert_eq!(g.apply(t + 100, ZhEvent::Press), Err(ZhError::GameOver));
    // The app ended it by itself, so a mistaken 600th tap can be corrected:
    // the game reopens, paused, one tap short.
    let ended = g.clone();
    g.apply(t + 5_000, ZhEvent::Undo).unwrap();
    assert!(!g.is_over());
    assert_eq!(g.view(t + 5_000).phase, ZhPhase::Paused);
    assert_eq!(g.view(t + 5_000).moves_made, [300, 299]);
    // A mate on the 600th half-move stands, as on the board: the players may
    // still report it, and it counts from the tap.
    let mut g = ended;
    g.apply(
        t + 9_000,
        ZhEvent::Report(Reported::Checkmate {
            winner: Colour::Black,
        }),
    )
    .unwrap();
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.at_ms),
        (Outcome::Win(Colour::Black), ZhReason::Checkmate, t)
    );
    assert_eq!(g.apply(t + 9_500, ZhEvent::Undo), Err(ZhError::GameOver));
    assert_eq!(ZhGame::from_json(&g.to_json()).unwrap(), g);
}

/// Saves are sacred: a game saved under the old Crazyhouse name rule (1 to
/// 40 characters) keeps loading after every game took the one rule, though
/// a new game with that name is refused.
#[test]
fn a_save_from_before_the_one_name_rule_keeps_its_names() {
    let mut s = setup(InputMode::Clock, TimeControl::sudden_death(60_000));
    let long = "Ж".repeat(35); // 35 characters, 70 bytes
    s.white = long.clone();
    assert!(matches!(
        ZhGame::new(s.clone()),
        Err(ZhError::BadName { index: 0, .. })
    ));
    s.white = "Dana".into();
    let mut g = ZhGame::new(s).unwrap();
    g.apply(0, ZhEvent::Start).unwrap();
    let old_save = g.to_json().replacen("\"Dana\"", &format!("\"{long}\""), 1);
    let loaded = ZhGame::from_json(&old_save).unwrap();
    assert_eq!(loaded.setup().white, long);
    assert_eq!(loaded.to_json(), old_save);
    // Beyond the old rule too: refused with the reason.
    let too_long = old_save.replacen(&long, &"Ж".repeat(41), 1);
    assert!(ZhGame::from_json(&too_long).is_err());
}
