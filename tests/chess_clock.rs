//! Tests of the reusable two-player chess clock (`referee::chess_clock`), C-4 and timing controls.
// Native only: these tests use proptest.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::chess_clock::Stage;
use nordau_shift::referee::{ChessClock, ClockError, ClockEvent, Colour, Increment, TimeControl};
use proptest::prelude::*;

const W: Colour = Colour::White;
const B: Colour = Colour::Black;
const MIN: u64 = 60_000;

fn started(tc: TimeControl, at: u64) -> ChessClock {
    let mut c = ChessClock::new(tc).unwrap();
    c.press(B, at).unwrap();
    c
}

#[test]
fn sudden_death_flag_at_the_exact_ms() {
    let mut c = started(TimeControl::sudden_death(5_000), 1_000);
    assert_eq!(c.flagged(5_999), None);
    assert_eq!(c.remaining_ms(W, 5_999), 1);
    assert_eq!(c.flagged(6_000), Some((W, 6_000)));
    // Asked much later, the fall is still reported at the exact instant.
    assert_eq!(c.flagged(90_000), Some((W, 6_000)));
    assert_eq!(c.remaining_ms(W, 90_000), 0);
    assert_eq!(
        c.press(W, 7_000),
        Err(ClockError::Flagged {
            colour: W,
            at_ms: 6_000
        })
    );
    assert!(c.low_time(W, 5_000, 1_000));
    assert!(!c.low_time(B, 5_000, 1_000));
}

#[test]
fn fischer_adds_after_each_move() {
    let mut c = started(TimeControl::fischer(MIN, 2_000), 0);
    c.press(W, 3_000).unwrap();
    assert_eq!(c.remaining_ms(W, 3_000), MIN - 3_000 + 2_000);
    assert_eq!(c.moves_made(W), 1);
    c.press(B, 4_000).unwrap();
    assert_eq!(c.remaining_ms(B, 4_000), MIN - 1_000 + 2_000);
    c.press(W, 4_000).unwrap();
    assert_eq!(c.remaining_ms(W, 4_000), MIN - 3_000 + 4_000);
    assert_eq!(c.moves_made(W), 2);
    assert_eq!(c.moves_made(B), 1);
}

#[test]
fn bronstein_never_adds_more_than_used() {
    let mut c = started(TimeControl::bronstein(MIN, 5_000), 0);
    // White uses 2 s: gets 2 s back.
    c.press(W, 2_000).unwrap();
    assert_eq!(c.remaining_ms(W, 2_000), MIN);
    // Black uses 9 s: gets 5 s back.
    c.press(B, 11_000).unwrap();
    assert_eq!(c.remaining_ms(B, 11_000), MIN - 4_000);
    // Time used across a pause counts as one move.
    c.pause(12_000).unwrap();
    c.resume(100_000).unwrap();
    c.press(W, 101_000).unwrap();
    assert_eq!(c.remaining_ms(W, 101_000), MIN);
}

#[test]
fn simple_delay_does_not_count_down_during_the_delay() {
    let mut c = started(TimeControl::simple_delay(MIN, 5_000), 0);
    assert_eq!(c.remaining_ms(W, 3_000), MIN);
    assert_eq!(c.delay_left_ms(W, 3_000), 2_000);
    // The face shows the delay while it runs, and says so (issue #25: the
    // redraw timer never writes a delay into the bank's face).
    assert_eq!(c.shown_ms(3_000), Some(2_000));
    assert!(c.delay_running(3_000));
    assert_eq!(c.remaining_ms(W, 5_000), MIN);
    assert_eq!(c.delay_left_ms(W, 5_000), 0);
    assert!(!c.delay_running(5_000));
    assert_eq!(c.shown_ms(6_000), Some(MIN - 1_000));
    assert_eq!(c.remaining_ms(W, 8_000), MIN - 3_000);
    c.press(W, 8_000).unwrap();
    assert_eq!(c.remaining_ms(W, 8_000), MIN - 3_000);
    assert_eq!(c.delay_left_ms(W, 9_000), 0);
    assert_eq!(c.delay_left_ms(B, 9_000), 4_000);
    // Black moves within the delay: no time used.
    c.press(B, 12_000).unwrap();
    assert_eq!(c.remaining_ms(B, 12_000), MIN);
    // A pause keeps the unexpired delay; it continues after resume.
    c.pause(14_000).unwrap();
    assert_eq!(c.delay_left_ms(W, 50_000), 3_000);
    assert!(!c.delay_running(50_000), "no clock runs while paused");
    c.resume(50_000).unwrap();
    assert_eq!(c.remaining_ms(W, 53_000), MIN - 3_000);
    assert_eq!(c.remaining_ms(W, 54_000), MIN - 4_000);
    // The flag falls after delay plus balance.
    assert_eq!(c.flagged(u64::MAX), Some((W, 53_000 + MIN - 3_000)));
}

#[test]
fn classical_90_40_30_adds_30_min_exactly_when_move_40_is_completed() {
    let mut c = started(TimeControl::classical_90_40_30_inc30(), 0);
    let mut t = 0;
    for n in 1..=40u32 {
        let before_w = c.remaining_ms(W, t);
        t += 1_000;
        c.press(W, t).unwrap();
        let bonus = if n == 40 { 30 * MIN } else { 0 };
        assert_eq!(
            c.remaining_ms(W, t),
            before_w - 1_000 + 30_000 + bonus,
            "White move {n}"
        );
        if n == 40 {
            // Black has not completed move 40 yet: no bonus for Black so far.
            assert_eq!(c.remaining_ms(B, t), 90 * MIN + 39 * 28_000);
        }
        let before_b = c.remaining_ms(B, t);
        t += 2_000;
        c.press(B, t).unwrap();
        assert_eq!(
            c.remaining_ms(B, t),
            before_b - 2_000 + 30_000 + bonus,
            "Black move {n}"
        );
    }
    assert_eq!(c.remaining_ms(W, t), 90 * MIN + 40 * 29_000 + 30 * MIN);
    assert_eq!(c.remaining_ms(B, t), 90 * MIN + 40 * 28_000 + 30 * MIN);
    // Move 41 and later: increment only, no more bonus.
    t += 1_000;
    c.press(W, t).unwrap();
    assert_eq!(c.remaining_ms(W, t), 90 * MIN + 41 * 29_000 + 30 * MIN);
}

#[test]
fn bounded_last_stage_repeats() {
    let tc = TimeControl {
        base_ms: [10_000, 10_000],
        stages: vec![Stage {
            moves: Some(2),
            add_ms: 0,
            increment: Increment::None,
        }]
        .into_iter()
        .chain([Stage {
            moves: Some(1),
            add_ms: 1_000,
            increment: Increment::None,
        }])
        .collect(),
    };
    let mut c = started(tc, 0);
    let mut t = 0;
    let mut seen = vec![];
    for _ in 0..4 {
        c.press(W, t).unwrap();
        seen.push(c.remaining_ms(W, t));
        c.press(B, t).unwrap();
    }
    // After move 2 the second stage starts (+1 s); it covers one move and repeats.
    assert_eq!(seen, vec![10_000, 11_000, 12_000, 13_000]);
    t += 1;
    assert_eq!(c.remaining_ms(W, t), 12_999);
}

#[test]
fn invalid_time_controls_are_refused() {
    let mut tc = TimeControl::sudden_death(1_000);
    tc.stages.clear();
    assert_eq!(ChessClock::new(tc).err(), Some(ClockError::NoStages));
    let mut tc = TimeControl::classical_90_40_30_inc30();
    tc.stages.swap(0, 1);
    assert!(ChessClock::new(tc).is_err());
    let mut tc = TimeControl::classical_90_40_30_inc30();
    tc.stages[0].moves = Some(0);
    assert_eq!(ChessClock::new(tc).err(), Some(ClockError::EmptyStage));
}

#[test]
fn handicap_base_times() {
    let tc = TimeControl::fischer(5 * MIN, 1_000).with_bases(5 * MIN, 2 * MIN);
    let mut c = started(tc, 0);
    assert_eq!(c.remaining_ms(W, 0), 5 * MIN);
    assert_eq!(c.remaining_ms(B, 0), 2 * MIN);
    c.press(W, 1_000).unwrap();
    assert_eq!(c.flagged(u64::MAX), Some((B, 1_000 + 2 * MIN)));
}

#[test]
fn first_press_by_black_starts_white() {
    let mut c = ChessClock::new(TimeControl::sudden_death(MIN)).unwrap();
    assert_eq!(c.running(), None);
    assert_eq!(c.press(W, 0), Err(ClockError::WrongSide { expected: B }));
    c.press(B, 500).unwrap();
    assert_eq!(c.running(), Some(W));
    assert_eq!(c.moves_made(B), 0);
    assert_eq!(c.remaining_ms(B, 10_000), MIN);
    assert_eq!(c.remaining_ms(W, 10_500), MIN - 10_000);
}

#[test]
fn wrong_side_pressing_is_refused() {
    let mut c = started(TimeControl::sudden_death(MIN), 0);
    let before = c.clone();
    assert_eq!(c.press(B, 100), Err(ClockError::WrongSide { expected: W }));
    assert_eq!(c, before);
    c.press(W, 200).unwrap();
    assert_eq!(c.press(W, 300), Err(ClockError::WrongSide { expected: B }));
    assert_eq!(c.running(), Some(B));
}

#[test]
fn pause_resume_adjust() {
    let mut c = ChessClock::new(TimeControl::sudden_death(MIN)).unwrap();
    assert_eq!(c.pause(0), Err(ClockError::NotStarted));
    assert_eq!(c.resume(0), Err(ClockError::NotPaused));
    c.press(B, 0).unwrap();
    assert_eq!(c.adjust(W, 1), Err(ClockError::Running));
    c.pause(10_000).unwrap();
    assert_eq!(c.running(), None);
    assert_eq!(c.pause(11_000), Err(ClockError::Paused));
    assert_eq!(c.press(W, 11_000), Err(ClockError::Paused));
    assert_eq!(c.remaining_ms(W, 1_000_000), MIN - 10_000);
    c.adjust(W, 30_000).unwrap();
    c.adjust(B, 45_000).unwrap();
    assert_eq!(c.remaining_ms(W, 1_000_000), 30_000);
    c.resume(100_000).unwrap();
    assert_eq!(c.running(), Some(W));
    assert_eq!(c.remaining_ms(W, 105_000), 25_000);
    assert_eq!(c.remaining_ms(B, 105_000), 45_000);
    assert_eq!(c.flagged(u64::MAX), Some((W, 130_000)));
}

#[test]
fn c_4a_undo_charges_the_tapper_and_restores_the_opponent() {
    let mut c = started(TimeControl::fischer(MIN, 5_000), 0);
    c.press(W, 10_000).unwrap();
    assert_eq!(c.remaining_ms(W, 10_000), MIN - 5_000);
    // Black's clock runs 4 s, then the tap is corrected: White was moving all
    // along (4 s more, no increment), Black shows what it showed at the tap.
    c.undo_press(14_000).unwrap();
    assert_eq!(c.running(), Some(W));
    assert_eq!(c.moves_made(W), 0);
    assert_eq!(c.remaining_ms(W, 14_000), MIN - 14_000);
    assert_eq!(c.remaining_ms(B, 14_000), MIN);
    assert_eq!(c.remaining_ms(B, 99_000), MIN);
    // The same as a replay of the recorded events.
    let r = ChessClock::replay(c.control().clone(), c.events()).unwrap();
    assert_eq!(r.remaining_ms(W, 20_000), c.remaining_ms(W, 20_000));
    assert_eq!(r.remaining_ms(B, 20_000), c.remaining_ms(B, 20_000));
    // Undo the starting press too: the clock stands again, White shows its
    // time at the start and Black, who tapped, pays the 15 s White's clock ran.
    c.undo_press(15_000).unwrap();
    assert_eq!(c.running(), None);
    assert!(!c.started());
    assert_eq!(c.remaining_ms(W, 99_000), MIN);
    assert_eq!(c.remaining_ms(B, 99_000), MIN - 15_000);
    assert_eq!(c.undo_press(16_000), Err(ClockError::NothingToUndo));
}

#[test]
fn c_4a_pauses_after_the_tap_are_charged_to_nobody() {
    let mut c = started(TimeControl::fischer(MIN, 2_000), 0);
    c.press(W, 5_000).unwrap();
    // Black's clock runs 1 s; 60 s of pause sorting it out; 2 s more; undo.
    c.pause(6_000).unwrap();
    c.resume(66_000).unwrap();
    c.undo_press(68_000).unwrap();
    assert_eq!(c.remaining_ms(W, 68_000), MIN - 5_000 - 3_000);
    assert_eq!(c.remaining_ms(B, 68_000), MIN);
    assert_eq!(c.running(), Some(W));
    // An undo while paused leaves the clock paused, with the same charge.
    let mut c = started(TimeControl::fischer(MIN, 2_000), 0);
    c.press(W, 5_000).unwrap();
    c.pause(6_000).unwrap();
    c.undo_press(66_000).unwrap();
    assert!(c.paused());
    assert_eq!(c.remaining_ms(W, 99_000), MIN - 6_000);
    assert_eq!(c.remaining_ms(B, 99_000), MIN);
    c.resume(100_000).unwrap();
    assert_eq!(c.running(), Some(W));
}

#[test]
fn c_4a_undo_takes_back_a_stage_bonus_and_a_bronstein_credit() {
    let mut c = started(TimeControl::classical_90_40_30_inc30(), 0);
    let mut t = 0;
    for _ in 0..39 {
        t += 1_000;
        c.press(W, t).unwrap();
        t += 1_000;
        c.press(B, t).unwrap();
    }
    let at_tap = c.remaining_ms(W, t + 1_000);
    c.press(W, t + 1_000).unwrap();
    assert_eq!(c.remaining_ms(W, t + 1_000), at_tap + 30_000 + 30 * MIN);
    c.undo_press(t + 3_000).unwrap();
    assert_eq!(c.moves_made(W), 39);
    assert_eq!(c.remaining_ms(W, t + 3_000), at_tap - 2_000);

    let mut c = started(TimeControl::bronstein(MIN, 5_000), 0);
    c.press(W, 3_000).unwrap();
    assert_eq!(c.remaining_ms(W, 3_000), MIN);
    c.undo_press(4_000).unwrap();
    assert_eq!(c.remaining_ms(W, 4_000), MIN - 4_000);
}

#[test]
fn undo_press_can_reveal_an_earlier_flag() {
    let mut c = started(TimeControl::sudden_death(5_000), 0);
    c.press(W, 4_000).unwrap();
    c.undo_press(9_000).unwrap();
    assert_eq!(c.flagged(9_000), Some((W, 5_000)));
    assert_eq!(
        c.press(W, 9_000),
        Err(ClockError::Flagged {
            colour: W,
            at_ms: 5_000
        })
    );
}

#[test]
fn c_4_time_never_runs_backwards() {
    let mut c = started(TimeControl::sudden_death(MIN), 5_000);
    c.press(W, 6_000).unwrap();
    let before = c.clone();
    let back = ClockError::TimeWentBackwards {
        last_ms: 6_000,
        at_ms: 5_999,
    };
    assert_eq!(c.press(B, 5_999), Err(back));
    assert_eq!(c.pause(5_999), Err(back));
    assert_eq!(c.undo_press(5_999), Err(back));
    assert_eq!(c, before);
    // Queries with an earlier "now" never panic nor change anything.
    assert_eq!(c.remaining_ms(B, 0), MIN);
    assert_eq!(c.flagged(0), None);
    assert_eq!(c, before);
}

#[test]
fn huge_values_never_panic() {
    let mut c = started(TimeControl::fischer(u64::MAX, u64::MAX), 0);
    c.press(W, 1_000).unwrap();
    assert_eq!(c.remaining_ms(W, u64::MAX), u64::MAX);
    // Black's clock (started at 1 s) saturates at the end of time.
    assert_eq!(c.flagged(u64::MAX - 1), None);
    assert_eq!(c.flagged(u64::MAX), Some((B, u64::MAX)));
    let mut c = started(TimeControl::simple_delay(u64::MAX, u64::MAX), 1);
    assert_eq!(c.flagged(u64::MAX - 1), None);
    c.pause(u64::MAX - 1).unwrap();
    c.undo_press(u64::MAX).unwrap();
    assert_eq!(c.remaining_ms(W, u64::MAX), u64::MAX);
}

#[test]
fn time_control_round_trips_through_json() {
    let tc = TimeControl::classical_90_40_30_inc30().with_bases(1, 2);
    let json = serde_json::to_string(&tc).unwrap();
    assert_eq!(serde_json::from_str::<TimeControl>(&json).unwrap(), tc);
    let ev = ClockEvent::Press {
        colour: B,
        at_ms: 3,
    };
    let json = serde_json::to_string(&ev).unwrap();
    assert_eq!(serde_json::from_str::<ClockEvent>(&json).unwrap(), ev);
}

#[derive(Clone, Debug)]
enum Op {
    Press(bool),
    Pause,
    Resume,
    Undo,
}

fn op() -> impl Strategy<Value = (Op, u64)> {
    (
        prop_oneof![
            6 => any::<bool>().prop_map(Op::Press),
            1 => Just(Op::Pause),
            1 => Just(Op::Resume),
            2 => Just(Op::Undo),
        ],
        0u64..3_000,
    )
}

proptest! {
    /// C-4a: after any presses, pauses and resumes, undoing the last press
    /// leaves the tapper with its time at the tap less the time a clock ran
    /// since (an unexpired simple delay counted with it), and the opponent
    /// with its time at the tap; the move count is as before the press.
    #[test]
    fn c_4a_undo_charges_exactly_the_running_time_since_the_tap(
        kind in 0u8..5,
        amount in 0u64..5_000,
        white in 1_000u64..60_000,
        black in 1_000u64..60_000,
        ops in proptest::collection::vec(op(), 1..60),
        undo_dt in 0u64..5_000,
    ) {
        let tc = match kind {
            0 => TimeControl::sudden_death(0),
            1 => TimeControl::fischer(0, amount),
            2 => TimeControl::bronstein(0, amount),
            3 => TimeControl::simple_delay(0, amount),
            _ => TimeControl::classical_90_40_30_inc30(),
        }
        .with_bases(white, black);
        let mut c = ChessClock::new(tc.clone()).unwrap();
        let mut t = 0u64;
        // (tapper, time + delay of both sides at the tap, moves before it)
        let mut tap = None;
        let mut ran = 0u64;
        let mut since = None;
        for (op, dt) in ops {
            t += dt;
            match op {
                Op::Press(w) => {
                    let side = if w { W } else { B };
                    let at_tap = [W, B].map(|s| c.remaining_ms(s, t) + c.delay_left_ms(s, t));
                    let moves = c.moves_made(side);
                    if c.press(side, t).is_ok() {
                        tap = Some((side, at_tap, moves));
                        (ran, since) = (0, Some(t));
                    }
                }
                Op::Pause => {
                    if c.pause(t).is_ok() && let Some(from) = since.take() {
                        ran += t - from;
                    }
                }
                Op::Resume => {
                    if c.resume(t).is_ok() {
                        since = Some(t);
                    }
                }
                Op::Undo => {}
            }
        }
        let Some((tapper, at_tap, moves)) = tap else {
            prop_assert_eq!(c.undo_press(t), Err(ClockError::NothingToUndo));
            return Ok(());
        };
        t += undo_dt;
        let ran = ran + since.map_or(0, |from| t - from);
        c.undo_press(t).unwrap();
        let opponent = tapper.other();
        let left = |s: Colour| c.remaining_ms(s, t) + c.delay_left_ms(s, t);
        prop_assert_eq!(left(tapper), at_tap[tapper.index()].saturating_sub(ran));
        prop_assert_eq!(c.remaining_ms(opponent, t), at_tap[opponent.index()]);
        prop_assert_eq!(c.moves_made(tapper), moves);
        // Replay from scratch gives the live clock.
        let r = ChessClock::replay(tc, c.events()).unwrap();
        prop_assert_eq!(r, c);
    }

    #[test]
    fn replay_equals_live_with_any_increment(
        kind in 0u8..4,
        amount in 0u64..5_000,
        ops in proptest::collection::vec(op(), 0..40),
    ) {
        let tc = match kind {
            0 => TimeControl::fischer(20_000, amount),
            1 => TimeControl::bronstein(20_000, amount),
            2 => TimeControl::simple_delay(20_000, amount),
            _ => TimeControl::classical_90_40_30_inc30(),
        };
        let mut c = ChessClock::new(tc.clone()).unwrap();
        let mut t = 0u64;
        for (op, dt) in ops {
            t += dt;
            let _ = match op {
                Op::Press(w) => c.press(if w { W } else { B }, t),
                Op::Pause => c.pause(t),
                Op::Resume => c.resume(t),
                Op::Undo => c.undo_press(t),
            };
        }
        let r = ChessClock::replay(tc, c.events()).unwrap();
        prop_assert_eq!(r, c);
    }
}
