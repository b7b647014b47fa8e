//! Properties of the bughouse match under random play and random event
//! orders (BH-1…BH-9, C-4, C-4a): material is conserved across both boards
//! and four pockets, a log replays to the same match, a refused event changes
//! nothing, and no event order makes a board's clocks gain time.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::bughouse::{BhEvent, BhGame, BhPhase, BhReason, BhSetup, BoardId};
use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::{Colour, InputMode, TimeControl};
use proptest::prelude::*;

/// What a random player or arbiter does next.
#[derive(Clone, Debug)]
enum Op {
    /// The side to move on a board plays its `n`-th legal move (mod count).
    Move(bool, u16),
    /// Clock mode: the side to move on a board presses.
    Press(bool),
    Undo(bool),
    Pause,
    Resume,
    Resign(bool, bool),
    /// Time passes, then the app looks for a fallen flag.
    Tick,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        12 => (any::<bool>(), any::<u16>()).prop_map(|(b, n)| Op::Move(b, n)),
        3 => any::<bool>().prop_map(Op::Press),
        2 => any::<bool>().prop_map(Op::Undo),
        1 => Just(Op::Pause),
        2 => Just(Op::Resume),
        1 => Just(Op::Tick),
        1 => (any::<bool>(), any::<bool>()).prop_map(|(b, w)| Op::Resign(b, w)),
    ]
}

fn board(b: bool) -> BoardId {
    if b { BoardId::B } else { BoardId::A }
}

fn setup(mode: InputMode, control: TimeControl) -> BhSetup {
    let mut s = BhSetup::new(["Ann", "Ben", "Cat", "Dov"], mode);
    s.controls = [control.clone(), control];
    s
}

/// The event `op` stands for in `g` at `t` (moves are chosen among the legal ones).
fn event(g: &BhGame, op: &Op, t: u64) -> Option<BhEvent> {
    Some(match op {
        Op::Move(b, n) => {
            let legal = &g.view(t).boards[board(*b).index()].legal_moves_uci;
            if legal.is_empty() {
                return None;
            }
            BhEvent::Move {
                board: board(*b),
                mv: legal[usize::from(*n) % legal.len()].clone(),
            }
        }
        Op::Press(b) => BhEvent::Press { board: board(*b) },
        Op::Undo(b) => BhEvent::Undo { board: board(*b) },
        Op::Pause => BhEvent::Pause,
        Op::Resume => BhEvent::Resume,
        Op::Resign(b, w) => BhEvent::Resign {
            board: board(*b),
            colour: if *w { Colour::White } else { Colour::Black },
        },
        Op::Tick => return None,
    })
}

/// Counts per colour `[white, black]` of K, Q, R, B, N, P on both boards and
/// in all four pockets, a promoted piece (`Q~`) counted as the pawn it was.
fn material(g: &BhGame) -> [[u32; 6]; 2] {
    let mut n = [[0u32; 6]; 2];
    let boards = g.boards().unwrap();
    for b in BoardId::BOTH {
        let fen = boards.fen(b);
        let placement = fen.split(' ').next().unwrap();
        let chars: Vec<char> = placement.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let Some(k) = "kqrbnp".find(c.to_ascii_lowercase()) else {
                continue;
            };
            let promoted = chars.get(i + 1) == Some(&'~');
            let colour = usize::from(c.is_ascii_lowercase());
            n[colour][if promoted { 5 } else { k }] += 1;
        }
    }
    n
}

const FULL_SET: [u32; 6] = [2, 2, 4, 4, 4, 16];

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, failure_persistence: None, ..ProptestConfig::default() })]

    /// BH-3: a capture moves a piece from one board to a pocket, a drop from a
    /// pocket to a board, colour kept; promoted pawns go back as pawns. So
    /// each colour always has two full sets: 64 pieces in all.
    #[test]
    fn bh_3_pieces_are_conserved_across_both_boards_and_four_pockets(
        ops in prop::collection::vec(op(), 1..300),
        steps in prop::collection::vec(1u64..4_000, 300),
    ) {
        let mut g = BhGame::new(setup(InputMode::Board, TimeControl::sudden_death(3_600_000))).unwrap();
        g.apply(0, BhEvent::Start).unwrap();
        let mut t = 0;
        for (op, dt) in ops.iter().zip(&steps) {
            t += dt;
            if let Some(e) = event(&g, op, t) {
                let _ = g.apply(t, e);
            } else {
                g.tick(t);
            }
            let m = material(&g);
            prop_assert_eq!(m, [FULL_SET, FULL_SET], "after {:?}", g.boards().unwrap().moves().last());
            let boards = g.boards().unwrap();
            let pieces: u32 = BoardId::BOTH.iter().map(|&b| {
                boards.pieces_on(b) + boards.pocket(b, Colour::White).total() + boards.pocket(b, Colour::Black).total()
            }).sum();
            prop_assert_eq!(pieces, 64);
        }
    }

    /// The save is the log: writing it and reading it back gives the same
    /// match, in either mode; and a refused event changes nothing.
    #[test]
    fn c_4_a_match_replays_from_its_log_and_refusals_change_nothing(
        clock_mode in any::<bool>(),
        ops in prop::collection::vec(op(), 0..120),
        steps in prop::collection::vec(0u64..20_000, 120),
    ) {
        let mode = if clock_mode { InputMode::Clock } else { InputMode::Board };
        let mut g = BhGame::new(setup(mode, TimeControl::fischer(60_000, 1_000))).unwrap();
        g.apply(0, BhEvent::Start).unwrap();
        let mut t = 0;
        for (op, dt) in ops.iter().zip(&steps) {
            t += dt;
            match event(&g, op, t) {
                Some(e) => {
                    let before = g.clone();
                    if g.apply(t, e).is_err() {
                        prop_assert_eq!(&g, &before);
                    }
                }
                None => {
                    g.tick(t);
                }
            }
        }
        let json = g.to_json();
        let back = BhGame::from_json(&json).unwrap();
        prop_assert_eq!(&back, &g);
        prop_assert_eq!(back.to_json(), json);
        prop_assert_eq!(back.view(t + 5_000), g.view(t + 5_000));
    }

    /// C-4, C-4a: without increments no clock ever shows more than before,
    /// whatever the events, except that an undo shows the tapper's opponent
    /// what it showed at the tap; the tapper pays that time, so the board's
    /// two clocks together never gain (if the tapper cannot pay it all, the
    /// tapper's flag falls at once and the match is lost on time). No clock
    /// exceeds its base.
    #[test]
    fn c_4_no_event_order_makes_a_clock_gain_time(
        clock_mode in any::<bool>(),
        ops in prop::collection::vec(op(), 0..150),
        steps in prop::collection::vec(0u64..5_000, 150),
    ) {
        let mode = if clock_mode { InputMode::Clock } else { InputMode::Board };
        let mut g = BhGame::new(setup(mode, TimeControl::sudden_death(120_000))).unwrap();
        g.apply(0, BhEvent::Start).unwrap();
        let mut t = 0;
        let mut last = g.view(0).boards.map(|b| b.remaining_ms);
        for (op, dt) in ops.iter().zip(&steps) {
            t += dt;
            let undo_on = match event(&g, op, t) {
                Some(e) => {
                    let undo_on = match e { BhEvent::Undo { board } => Some(board), _ => None };
                    g.apply(t, e).ok().and(undo_on)
                }
                None => None,
            };
            g.tick(t);
            let v = g.view(t);
            for b in BoardId::BOTH {
                let now = v.boards[b.index()].remaining_ms;
                let before = last[b.index()];
                prop_assert!(now.iter().all(|&r| r <= 120_000));
                if undo_on == Some(b) {
                    let flagged = g.result().is_some_and(|r| r.reason == BhReason::Flag);
                    prop_assert!(
                        now[0] + now[1] <= before[0] + before[1] || flagged,
                        "board {:?}: undo gained time: {:?} -> {:?} at {}", b, before, now, t
                    );
                } else {
                    prop_assert!(
                        now[0] <= before[0] && now[1] <= before[1],
                        "board {:?} gained time: {:?} -> {:?} at {} after {:?}", b, before, now, t, op
                    );
                }
                last[b.index()] = now;
            }
        }
    }

    /// Random legal play to the end never panics, every end names a rule, and
    /// the match is over exactly when a result is set.
    #[test]
    fn random_legal_play_never_panics_and_every_end_names_its_rule(
        moves in prop::collection::vec((any::<bool>(), any::<u16>()), 0..900),
    ) {
        let mut g = BhGame::new(setup(InputMode::Board, TimeControl::sudden_death(36_000_000))).unwrap();
        g.apply(0, BhEvent::Start).unwrap();
        let mut t = 0;
        for (b, n) in moves {
            t += 10;
            let Some(e) = event(&g, &Op::Move(b, n), t)
                .or_else(|| event(&g, &Op::Move(!b, n), t)) else { break };
            g.apply(t, e).unwrap();
            if g.is_over() {
                break;
            }
        }
        prop_assert_eq!(g.is_over(), g.view(t).phase == BhPhase::Over);
        if let Some(r) = g.result() {
            prop_assert!(r.reason.rule().starts_with("BH-"));
            prop_assert!(!r.describe().is_empty());
        } else {
            prop_assert!(g.boards().unwrap().ply() < 800);
        }
    }
}
