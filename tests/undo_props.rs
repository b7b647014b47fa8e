//! Properties of Undo Chess under random play (UC-1…UC-7, C-3, C-4): the
//! token total never changes, an undo restores the exact earlier position
//! (FEN and repetition history), a refused event changes nothing, and a log
//! replays to the same game, from any start position, drawn or chosen.
#![cfg(all(feature = "undo", not(target_arch = "wasm32")))]

use nordau_shift::referee::chessboard::{ChessBoard, DrawClaim};
use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::undo::{
    StartChoice, StartPosition, UcEvent, UcGame, UcPhase, UcReport, UcSetup,
};
use nordau_shift::referee::{Colour, InputMode, TimeControl};
use proptest::prelude::*;

/// What a random player or arbiter does next.
#[derive(Clone, Debug)]
enum Op {
    /// Board: the `n`-th legal move; clock: a press.
    Move(u16),
    /// An undo by the side to move (`true`) or by the other side.
    Undo(bool),
    /// C-4a: "Undo last tap".
    UndoTap,
    Accept,
    Report(bool),
    Claim(bool),
    Pause,
    Resume,
    Resign(bool),
    /// Time passes; the app looks for a fallen flag.
    Tick,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        50 => any::<u16>().prop_map(Op::Move),
        14 => any::<bool>().prop_map(Op::Undo),
        4 => Just(Op::UndoTap),
        2 => Just(Op::Accept),
        1 => any::<bool>().prop_map(Op::Report),
        1 => any::<bool>().prop_map(Op::Claim),
        1 => Just(Op::Pause),
        3 => Just(Op::Resume),
        1 => Just(Op::Tick),
        1 => any::<bool>().prop_map(Op::Resign),
    ]
}

fn new_game(mode: InputMode, start: Option<u16>, seed: [u8; 32], tokens: [u8; 2]) -> UcGame {
    let choice = match start {
        Some(n) => StartChoice::Fixed(StartPosition::new(u32::from(n) % 960).unwrap()),
        None => StartChoice::Drawn,
    };
    let setup = UcSetup::new(
        "Ann",
        "Ben",
        mode,
        choice,
        TimeControl::fischer(600_000, 1_000),
    )
    .with_tokens(tokens[0], tokens[1]);
    let mut g = match start {
        Some(_) => UcGame::new(setup).unwrap(),
        None => UcGame::new_drawn(setup, seed, &["w"]).unwrap(),
    };
    g.apply(0, UcEvent::Start).unwrap();
    g
}

fn event(g: &UcGame, op: &Op, t: u64) -> UcEvent {
    let v = g.view(t);
    match op {
        Op::Move(n) => match g.setup().mode {
            InputMode::Board if !v.legal_moves_uci.is_empty() => UcEvent::Move {
                mv: v.legal_moves_uci[*n as usize % v.legal_moves_uci.len()].clone(),
            },
            InputMode::Board => UcEvent::Move { mv: "a1a1".into() },
            InputMode::Clock => UcEvent::Press,
        },
        Op::Undo(mine) => UcEvent::Undo {
            by: if *mine {
                v.side_to_move
            } else {
                v.side_to_move.other()
            },
        },
        Op::UndoTap => UcEvent::UndoTap,
        Op::Accept => UcEvent::Accept,
        Op::Report(mate) => UcEvent::Report(if *mate {
            UcReport::Checkmate
        } else {
            UcReport::Stalemate
        }),
        Op::Claim(three) => UcEvent::Claim(if *three {
            DrawClaim::Threefold
        } else {
            DrawClaim::FiftyMoves
        }),
        Op::Pause => UcEvent::Pause,
        Op::Resume => UcEvent::Resume,
        Op::Resign(w) => UcEvent::Resign {
            colour: if *w { Colour::White } else { Colour::Black },
        },
        Op::Tick => UcEvent::Flag,
    }
}

fn total(g: &UcGame) -> u32 {
    g.tokens().iter().map(|&t| u32::from(t)).sum()
}

fn run(
    mode: InputMode,
    start: Option<u16>,
    seed: [u8; 32],
    tokens: [u8; 2],
    ops: &[Op],
) -> Result<(), TestCaseError> {
    let mut g = new_game(mode, start, seed, tokens);
    let initial = total(&g);
    // snapshots[k]: the board after the first k standing moves.
    let mut snapshots: Vec<Option<ChessBoard>> = vec![g.board().cloned()];
    let mut t = 0u64;
    for op in ops {
        t += 1_500;
        if matches!(op, Op::Tick) {
            let before = g.clone();
            let later = t + 700_000;
            if g.tick(later) {
                t = g.last_event_ms();
            } else {
                prop_assert_eq!(&g, &before);
            }
            continue;
        }
        let e = event(&g, op, t);
        let before = g.clone();
        let undo = matches!(e, UcEvent::Undo { .. });
        match g.apply(t, e.clone()) {
            Err(err) => {
                prop_assert_eq!(&g, &before, "refused {:?} ({}) changed the game", e, err);
                prop_assert!(!err.to_string().is_empty());
            }
            Ok(()) => {
                let plies = g.plies().len();
                if undo {
                    prop_assert_eq!(plies + 2, before.plies().len());
                    snapshots.truncate(plies + 1);
                    let want = snapshots[plies].as_ref();
                    prop_assert_eq!(g.board(), want, "undo restores the board exactly");
                    if let (Some(a), Some(b)) = (g.board(), want) {
                        prop_assert_eq!(a.fen(), b.fen());
                        prop_assert_eq!(a.repetitions(), b.repetitions());
                        prop_assert_eq!(a.claimable(), b.claimable());
                    }
                    prop_assert_eq!(
                        g.view(t).remaining_ms,
                        before.view(t).remaining_ms,
                        "UC-5: no time returns"
                    );
                } else if matches!(e, UcEvent::UndoTap) {
                    prop_assert_eq!(
                        g.setup().mode,
                        InputMode::Clock,
                        "C-4a: no free undo on the board"
                    );
                    prop_assert_eq!(plies + 1, before.plies().len());
                    snapshots.truncate(plies + 1);
                } else if plies == snapshots.len() {
                    snapshots.push(g.board().cloned());
                } else {
                    prop_assert_eq!(plies + 1, snapshots.len());
                }
            }
        }
        prop_assert_eq!(total(&g), initial, "UC-4: the token total is constant");
        let v = g.view(t);
        prop_assert_eq!(v.tokens, g.tokens());
        if let UcPhase::Decision { colour, .. } = v.phase {
            prop_assert_eq!(colour, v.side_to_move);
            prop_assert!(g.tokens()[colour.index()] > 0, "UC-7 only with a token");
        }
        if v.can_undo {
            prop_assert!(v.plies >= 2 && g.tokens()[v.side_to_move.index()] > 0);
        }
    }
    // C-4: the log replays to the same game, and its text is stable.
    let text = g.to_json();
    let back = UcGame::from_json(&text).map_err(|e| TestCaseError::fail(format!("{e}")))?;
    prop_assert_eq!(&back, &g);
    prop_assert_eq!(back.to_json(), text);
    prop_assert_eq!(back.view(t + 5), g.view(t + 5));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn uc_4_and_c_4_board_mode_random_games(
        start in prop::option::of(any::<u16>()),
        seed in any::<[u8; 32]>(),
        tokens in (0u8..=3, 0u8..=3),
        ops in prop::collection::vec(op(), 1..120),
    ) {
        run(InputMode::Board, start, seed, [tokens.0, tokens.1], &ops)?;
    }

    #[test]
    fn uc_4_and_c_4_clock_mode_random_games(
        start in prop::option::of(any::<u16>()),
        seed in any::<[u8; 32]>(),
        tokens in (0u8..=3, 0u8..=3),
        ops in prop::collection::vec(op(), 1..120),
    ) {
        run(InputMode::Clock, start, seed, [tokens.0, tokens.1], &ops)?;
    }

    /// UC-3: undo after undo walks back through the exact earlier positions.
    #[test]
    fn uc_3_undos_in_a_row_walk_back_exactly(
        start in 0u16..960,
        picks in prop::collection::vec(any::<u16>(), 2..40),
    ) {
        let mut g = new_game(InputMode::Board, Some(start), [0; 32], [3, 3]);
        let mut boards = vec![g.board().unwrap().clone()];
        let mut t = 0;
        for p in picks {
            t += 1_000;
            let legal = g.view(t).legal_moves_uci;
            if legal.is_empty() {
                break;
            }
            g.apply(t, UcEvent::Move { mv: legal[p as usize % legal.len()].clone() }).unwrap();
            boards.push(g.board().unwrap().clone());
        }
        while g.view(t).can_undo {
            t += 1_000;
            let by = g.side_to_move();
            g.apply(t, UcEvent::Undo { by }).unwrap();
            let n = g.plies().len();
            prop_assert_eq!(g.board().unwrap(), &boards[n]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// C-4a for random timings and controls: a tap, perhaps a pause, then
    /// "Undo last tap" leave the game exactly as if the tap had never been
    /// made (the tapper's clock ran all along, without the increment; the
    /// opponent's shows what it showed at the tap), and the log replays.
    #[test]
    fn c4a_uc_tap_then_correction_is_as_if_never_tapped(
        gaps in prop::collection::vec(1u64..20_000, 0..8),
        inc in 0u64..5_000,
        tap_gap in 1u64..20_000,
        pause in prop::option::of((0u64..5_000, 1u64..30_000)),
        fix_gap in 0u64..20_000,
    ) {
        let setup = UcSetup::new("W", "B", InputMode::Clock,
            StartChoice::Fixed(StartPosition::standard()), TimeControl::fischer(300_000, inc));
        let mut g = UcGame::new(setup).unwrap();
        g.apply(0, UcEvent::Start).unwrap();
        let mut t = 0;
        for gap in gaps {
            t += gap;
            g.apply(t, UcEvent::Press).unwrap();
        }
        let mut plain = g.clone();
        t += tap_gap;
        g.apply(t, UcEvent::Press).unwrap();
        let tapper = plain.side_to_move();
        let shown_at_tap = g.view(t).remaining_ms[tapper.other().index()];
        if let Some((a, b)) = pause {
            for (dt, e) in [(a, UcEvent::Pause), (b, UcEvent::Resume)] {
                t += dt;
                g.apply(t, e.clone()).unwrap();
                plain.apply(t, e).unwrap();
            }
        }
        t += fix_gap;
        prop_assert!(g.view(t).can_correct_tap);
        g.apply(t, UcEvent::UndoTap).unwrap();
        for later in [t, t + 1_234] {
            let (v, p) = (g.view(later), plain.view(later));
            prop_assert_eq!(v.remaining_ms, p.remaining_ms);
            prop_assert_eq!(v.remaining_ms[tapper.other().index()], shown_at_tap);
            prop_assert_eq!((v.running, v.side_to_move, v.plies), (p.running, p.side_to_move, p.plies));
        }
        let back = UcGame::from_json(&g.to_json()).map_err(|e| TestCaseError::fail(format!("{e}")))?;
        prop_assert_eq!(back, g);
    }
}
