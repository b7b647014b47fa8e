//! Properties of the card-series duel under random play (CS-2…CS-9, C-3,
//! C-4): every stack holds three Yes and three No, a series turns exactly
//! six cards unless a check ends it, a log replays to the same game, a
//! refused event changes nothing, and blind stacks follow the documented
//! shuffle for any seed.
#![cfg(all(feature = "cards", not(target_arch = "wasm32")))]

use nordau_shift::referee::cards::{
    BlindStacks, Card, CsClock, CsEvent, CsGame, CsPhase, CsSetup, SeriesEnd, Stack, StackSource,
    TurnView,
};
use nordau_shift::referee::commitment::stream_key;
use nordau_shift::referee::draw::{DrawStream, STREAM_CARD_ORDER};
use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::{Colour, InputMode};
use proptest::prelude::*;

/// What a random player or arbiter does next.
#[derive(Clone, Debug)]
enum Op {
    /// Board: the `n`-th permitted legal move; clock: a move, `check` as given.
    Move(u16, bool),
    /// Secret stacks: the `n`-th of the 20 orders (mod 20).
    Stack(u8),
    /// A forbidden move is tried (board mode), if there is one.
    Forbidden,
    Pause,
    Resume,
    Resign(bool),
    /// C-4a: "Undo last tap".
    UndoTap,
    /// Time passes; the app looks for a fallen flag.
    Tick,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        60 => (any::<u16>(), prop::bool::weighted(0.15)).prop_map(|(n, c)| Op::Move(n, c)),
        12 => any::<u8>().prop_map(Op::Stack),
        3 => Just(Op::Forbidden),
        1 => Just(Op::Pause),
        3 => Just(Op::Resume),
        1 => Just(Op::Tick),
        1 => any::<bool>().prop_map(Op::Resign),
        4 => Just(Op::UndoTap),
    ]
}

fn new_game(mode: InputMode, blind: bool, seed: [u8; 32]) -> CsGame {
    let stacks = if blind {
        StackSource::Blind
    } else {
        StackSource::Secret
    };
    let setup =
        CsSetup::new("Ann", "Ben", mode, stacks).with_clock(CsClock::fischer(600_000, 1_000));
    if blind {
        CsGame::new_blind(setup, seed, &["w"]).unwrap()
    } else {
        CsGame::new(setup).unwrap()
    }
}

fn event(g: &CsGame, op: &Op, t: u64) -> Option<CsEvent> {
    let v = g.view(t);
    Some(match op {
        Op::Move(n, check) => match g.board() {
            Some(_) => {
                if v.legal_moves_uci.is_empty() {
                    return None;
                }
                CsEvent::Move {
                    mv: v.legal_moves_uci[usize::from(*n) % v.legal_moves_uci.len()].clone(),
                }
            }
            None => CsEvent::Played {
                check: *check,
                note: Some(format!("m{n}")),
            },
        },
        Op::Stack(n) => CsEvent::SetStack {
            stack: Stack::all()[usize::from(*n) % 20],
        },
        Op::Forbidden => CsEvent::Move {
            mv: v.forbidden_uci.first()?.clone(),
        },
        Op::Pause => CsEvent::Pause,
        Op::Resume => CsEvent::Resume,
        Op::Resign(w) => CsEvent::Resign {
            colour: if *w { Colour::White } else { Colour::Black },
        },
        Op::UndoTap => CsEvent::UndoTap,
        Op::Tick => return None,
    })
}

/// Plays `ops` from the start; returns the game and the time.
fn run(mut g: CsGame, ops: &[Op], steps: &[u64]) -> (CsGame, u64) {
    let mut t = 0;
    if matches!(g.view(0).phase, CsPhase::AwaitingStack { .. }) {
        g.apply(
            0,
            CsEvent::SetStack {
                stack: Stack::all()[7],
            },
        )
        .unwrap();
    }
    g.apply(0, CsEvent::Start).unwrap();
    for (op, dt) in ops.iter().zip(steps) {
        t += dt;
        match event(&g, op, t) {
            Some(e) => {
                let before = g.clone();
                // C-4a: the screen offers the correction exactly when the
                // referee takes it.
                let offered = before.view(t).can_correct_tap;
                if g.apply(t, e.clone()).is_err() {
                    assert_eq!(g, before, "a refused {e:?} changed the game");
                    assert!(!(offered && e == CsEvent::UndoTap), "offered, then refused");
                } else if e == CsEvent::UndoTap {
                    assert!(offered, "taken, but not offered");
                    assert!(
                        matches!(g.view(t).phase, CsPhase::Reply),
                        "a reply is taken back"
                    );
                }
            }
            None => {
                g.tick(t);
            }
        }
    }
    (g, t)
}

fn check_series(g: &CsGame) -> Result<(), TestCaseError> {
    let history = g.history();
    let n = history.len();
    for (i, turn) in history.iter().enumerate() {
        let TurnView::Series(s) = turn else {
            continue;
        };
        let turned = s.attempts.len();
        let yes = s.attempts.iter().filter(|a| a.card == Card::Yes).count();
        prop_assert!(turned <= 6);
        prop_assert!(yes <= 3 && turned - yes <= 3, "{s:?}");
        match s.end {
            Some(SeriesEnd::Complete) => {
                prop_assert_eq!(turned, 6);
                prop_assert_eq!(yes, 3);
            }
            Some(SeriesEnd::Check) => {
                // The last turned card is a Yes whose move gave check.
                let last = s.attempts.last().unwrap();
                prop_assert!(last.card == Card::Yes && last.check);
                prop_assert!(s.attempts[..turned - 1].iter().all(|a| !a.check));
                if i + 1 < n {
                    prop_assert!(matches!(history[i + 1], TurnView::Reply(_)));
                }
            }
            Some(SeriesEnd::GameOver) => prop_assert!(g.is_over()),
            None => {
                prop_assert!(s.stack.is_none(), "a running series shows no stack");
                prop_assert!(i + 1 == n);
            }
        }
        if let Some(stack) = &s.stack {
            // Every stack: three Yes, three No, and the turned cards are its top.
            prop_assert_eq!(stack.matches('Y').count(), 3);
            let turned_text: String = s.attempts.iter().map(|a| a.card.letter()).collect();
            prop_assert!(stack.starts_with(&turned_text));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, ..ProptestConfig::default() })]

    /// CS-3, CS-5, CS-6: stacks hold 3 Yes and 3 No; a series turns six
    /// cards (three moves stand) unless an accepted check ends it.
    #[test]
    fn cs_3_cs_6_series_turn_six_cards_unless_a_check_ends_them(
        clock_mode in any::<bool>(),
        blind in any::<bool>(),
        seed in any::<[u8; 32]>(),
        ops in prop::collection::vec(op(), 1..250),
        steps in prop::collection::vec(1u64..3_000, 250),
    ) {
        let mode = if clock_mode { InputMode::Clock } else { InputMode::Board };
        let (g, _) = run(new_game(mode, blind, seed), &ops, &steps);
        check_series(&g)?;
    }

    /// C-4: the save is the log; replaying it gives the same game, and the
    /// view holds no unturned card.
    #[test]
    fn c_4_replaying_the_log_gives_the_same_state(
        clock_mode in any::<bool>(),
        blind in any::<bool>(),
        seed in any::<[u8; 32]>(),
        ops in prop::collection::vec(op(), 0..150),
        steps in prop::collection::vec(1u64..20_000, 150),
    ) {
        let mode = if clock_mode { InputMode::Clock } else { InputMode::Board };
        let (g, t) = run(new_game(mode, blind, seed), &ops, &steps);
        let back = CsGame::from_json(&g.to_json()).unwrap();
        prop_assert_eq!(&back, &g);
        prop_assert_eq!(back.view(t + 5), g.view(t + 5));
        prop_assert_eq!(back.to_json(), g.to_json());
    }

    /// CS-8: blind stacks are the documented Fisher–Yates of YYYNNN on
    /// stream 4, for any seed and words, and the game deals them in order.
    #[test]
    fn cs_8_blind_stacks_match_the_documented_algorithm(
        seed in any::<[u8; 32]>(),
        word in "[a-z ]{0,12}",
    ) {
        let key = stream_key(&seed, &[word.as_str()]);
        let mut s = DrawStream::new(&key, STREAM_CARD_ORDER);
        let mut deal = BlindStacks::new(&key);
        for k in 0..10 {
            let mut c = *b"YYYNNN";
            for i in (1..6usize).rev() {
                let n = i as u64 + 1;
                let j = loop {
                    let x = u64::from(s.next_word());
                    if x < (1u64 << 32) - (1u64 << 32) % n {
                        break (x % n) as usize;
                    }
                };
                c.swap(i, j);
            }
            prop_assert_eq!(deal.stack(k).to_text(), String::from_utf8(c.to_vec()).unwrap());
        }
    }

    /// CS-4: in board mode a move refused in a series is never accepted
    /// again in that series. "The same move" is the same piece type between
    /// the same squares (its key), so another piece may still make the same
    /// UCI move (after a refused Bf1–e2, the king's Kf1–e2 stands).
    #[test]
    fn cs_4_no_refused_move_stands_later_in_its_series(
        seed in any::<[u8; 32]>(),
        ops in prop::collection::vec(op(), 1..200),
        steps in prop::collection::vec(1u64..3_000, 200),
    ) {
        let (g, _) = run(new_game(InputMode::Board, true, seed), &ops, &steps);
        for turn in g.history() {
            if let TurnView::Series(s) = turn {
                for (i, a) in s.attempts.iter().enumerate() {
                    if a.card == Card::No {
                        prop_assert!(a.key.is_some());
                        prop_assert!(s.attempts[i + 1..].iter().all(|b| b.key != a.key));
                    }
                }
            }
        }
    }
}
