//! One or more tests per rule of RULES.md (C-1…C-4, NS-1…NS-11).
// Native only: these tests read files, run Node and use proptest.
#![cfg(not(target_arch = "wasm32"))]

mod nordau_common;

use nordau_common::*;
use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::nordau::draw::draw_seating;
use nordau_shift::referee::nordau::log::LogSetupError;
use nordau_shift::referee::nordau::verify::schedule;
use nordau_shift::referee::{
    BlockSchedule, Colour, DrawClaim, EndReason, Event, Game, GameError, InputMode, Outcome,
    ScheduleLine, Seat, Setup, ShiftUnit, ViewPhase, commitment, stream_key,
};
use nordau_shift::referee::{HeaderError, LogError};
use nordau_shift::referee::{PgnError, PgnInfo, to_pgn};

const CLOCK: InputMode = InputMode::Clock;
const BOARD: InputMode = InputMode::Board;

/// Scholar's mate with a two-move shift: the swap comes after 2... Nc6, so
/// White's mate is given by whoever sat down (or stayed) for the second shift.
fn scholars_mate_across_a_swap(g: &mut Game) {
    play(
        g,
        &[
            (0, Event::Start),
            (1, mv("e4")),
            (2, mv("e5")),
            (3, mv("Bc4")),
            (4, mv("Nc6")),
        ],
    );
    play(
        g,
        &[
            (5, Event::Seated),
            (6, mv("Qh5")),
            (7, mv("Nf6")),
            (8, mv("Qxf7#")),
        ],
    );
}

/// Start at 0 and `n` presses one second apart (at 1000, 2000, …).
fn presses(g: &mut Game, n: u64) {
    if g.events().is_empty() {
        play(g, &[(0, Event::Start)]);
    }
    let t0 = g.events().last().map_or(0, |e| e.t_ms);
    for i in 1..=n {
        play(g, &[(t0 + i * 1000, Event::Press)]);
    }
}

#[test]
fn ns_1_initial_seating_is_drawn_from_the_seed() {
    let mut seen = std::collections::HashSet::new();
    for i in 0..200 {
        let g = game(Setup::standard(NAMES), seed(i), CLOCK);
        assert_eq!(g.seating(), draw_seating(&seed(i)));
        seen.insert(g.seating().people);
    }
    assert_eq!(seen.len(), 6, "all six seatings occur");
}

#[test]
fn ns_1_words_change_the_draw_but_not_the_commitment() {
    let setup = Setup::standard(NAMES);
    let plain = Game::new(setup.clone(), seed(1), vec![], CLOCK).unwrap();
    let worded = Game::new(setup.clone(), seed(1), vec!["blue whale".into()], CLOCK).unwrap();
    assert_eq!(plain.commitment_hex(), worded.commitment_hex());
    let key = stream_key(&seed(1), &["blue whale"]);
    assert_eq!(worded.seating(), draw_seating(&key));
}

#[test]
fn ns_2_full_move_shift_of_n_swaps_after_2n_half_moves() {
    let mut g = game(fixed(3), seed(1), CLOCK);
    presses(&mut g, 5);
    assert_eq!(g.view(5000).phase, ViewPhase::Running);
    presses(&mut g, 1);
    assert!(matches!(
        g.view(6000).phase,
        ViewPhase::AwaitingSeated { .. }
    ));
    assert_eq!(g.swaps()[0].after_ply, 6);
}

#[test]
fn ns_2_half_move_unit_swaps_after_n_half_moves() {
    let mut s = fixed(3);
    s.unit = ShiftUnit::HalfMoves;
    let mut g = game(s, seed(1), CLOCK);
    presses(&mut g, 2);
    assert_eq!(g.view(2000).phase, ViewPhase::Running);
    presses(&mut g, 1);
    assert!(matches!(
        g.view(3000).phase,
        ViewPhase::AwaitingSeated { .. }
    ));
    // NS-3: same side to move after the swap (Black, after three half-moves).
    assert_eq!(g.view(3000).side_to_move, Colour::Black);
}

#[test]
fn ns_2_swaps_happen_where_the_draw_says() {
    let setup = Setup::standard(NAMES);
    for i in 0..20 {
        let report = schedule(&setup, &seed(i), &[] as &[&str], 10);
        let mut g = game(setup.clone(), seed(i), CLOCK);
        play(&mut g, &[(0, Event::Start)]);
        let mut t = 0;
        let mut expected_ply = 0;
        for shift in report.shifts.iter().take(5) {
            expected_ply += shift.plies;
            while g.ply() < expected_ply {
                assert_eq!(g.swaps().len(), shift.number - 1);
                t += 100;
                play(&mut g, &[(t, Event::Press)]);
            }
            let last = g.swaps().last().unwrap();
            assert_eq!(last.after_ply, expected_ply);
            assert_eq!(last.coin, shift.coin);
            t += 100;
            play(&mut g, &[(t, Event::Seated)]);
        }
    }
}

#[test]
fn ns_3_coin_seat_goes_to_observer_and_observer_sits_down() {
    for coin in [Colour::White, Colour::Black] {
        let setup = fixed(3);
        let s = seed_where(&setup, |r| r.shifts[0].coin == coin);
        let mut g = game(setup, s, CLOCK);
        let before = g.seating();
        presses(&mut g, 6);
        let after = g.seating();
        let coin_seat = Seat::of_colour(coin);
        let other_seat = Seat::of_colour(coin.other());
        assert_eq!(after.person_at(Seat::Observer), before.person_at(coin_seat));
        assert_eq!(after.person_at(coin_seat), before.person_at(Seat::Observer));
        assert_eq!(after.person_at(other_seat), before.person_at(other_seat));
        let names = g.names().clone();
        match g.view(7000).phase {
            ViewPhase::AwaitingSeated {
                stood_up,
                sat_down,
                colour,
            } => {
                // NS-10: the announcement names who stands up, who sits down, which colour.
                assert_eq!(stood_up, names[usize::from(before.person_at(coin_seat))]);
                assert_eq!(
                    sat_down,
                    names[usize::from(before.person_at(Seat::Observer))]
                );
                assert_eq!(colour, coin);
            }
            other => panic!("expected a swap, got {other:?}"),
        }
        assert_eq!(g.view(7000).side_to_move, Colour::White);
    }
}

#[test]
fn ns_4_one_block_is_credited_when_a_seat_completes_a_move() {
    let mut g = game(fixed(6), seed(2), CLOCK);
    play(&mut g, &[(0, Event::Start)]);
    assert_eq!(g.remaining_ms(Colour::White, 4_000), 11_000);
    play(&mut g, &[(4_000, Event::Press)]);
    assert_eq!(g.remaining_ms(Colour::White, 9_000), 26_000);
    assert_eq!(g.remaining_ms(Colour::Black, 9_000), 10_000);
    play(&mut g, &[(9_000, Event::Press)]);
    // Unspent time carries over: 15 - 5 + 15 for Black.
    assert_eq!(g.remaining_ms(Colour::Black, 9_000), 25_000);
    assert_eq!(g.view(9_500).clock_running, Some(Colour::White));
}

#[test]
fn ns_5_game_start_gives_one_block_each_without_bonus() {
    let g = game(Setup::standard(NAMES), seed(3), CLOCK);
    let v = g.view(0);
    assert_eq!((v.white_ms, v.black_ms), (15_000, 15_000));
    assert_eq!(v.phase, ViewPhase::AwaitingFirstPress);
    assert_eq!(v.clock_running, None);
}

#[test]
fn ns_5_swap_resets_banks_with_seater_bonus() {
    for coin in [Colour::White, Colour::Black] {
        let setup = fixed(3);
        let s = seed_where(&setup, |r| r.shifts[0].coin == coin);
        let mut g = game(setup, s, CLOCK);
        presses(&mut g, 6);
        let expect = |c: Colour| if c == coin { 22_500 } else { 15_000 };
        // Clocks stand until "seated", however long the announcement takes.
        for now in [6_000, 60_000] {
            assert_eq!(g.remaining_ms(Colour::White, now), expect(Colour::White));
            assert_eq!(g.remaining_ms(Colour::Black, now), expect(Colour::Black));
            assert_eq!(g.view(now).clock_running, None);
        }
        assert_eq!(
            g.apply(61_000, Event::Press),
            Err(GameError::AwaitingSeated)
        );
        play(&mut g, &[(70_000, Event::Seated)]);
        assert_eq!(
            g.remaining_ms(Colour::White, 71_000),
            expect(Colour::White) - 1_000
        );
        assert_eq!(g.remaining_ms(Colour::Black, 71_000), expect(Colour::Black));
    }
}

#[test]
fn ns_6_flag_during_the_seaters_bonus_time_loses() {
    let setup = fixed(3);
    let s = seed_where(&setup, |r| r.shifts[0].coin == Colour::White);
    let mut g = game(setup, s, CLOCK);
    let start = g.seating();
    presses(&mut g, 6);
    play(&mut g, &[(10_000, Event::Seated)]);
    // Inside the bonus: the block is spent but the half-block is not.
    let v = g.view(10_000 + 20_000);
    assert_eq!(v.phase, ViewPhase::Running);
    assert_eq!(v.white_ms, 2_500);
    assert_eq!(
        g.apply(32_500, Event::Press),
        Err(GameError::FlagFell {
            seat: Colour::White,
            at_ms: 32_500
        })
    );
    assert!(matches!(
        g.view(32_500).phase,
        ViewPhase::Over {
            reason: EndReason::Flag,
            ..
        }
    ));
    // Noticed ten minutes late (a hidden tab): the flag still fell at 32 500.
    assert!(g.tick(632_500));
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.at_ms),
        (Outcome::Win(Colour::Black), EndReason::Flag, 32_500)
    );
    // The person who sat down on White loses; the one who stood up is Observer.
    let seater = usize::from(start.person_at(Seat::Observer));
    let stood = usize::from(start.person_at(Seat::White));
    let black = usize::from(start.person_at(Seat::Black));
    assert_eq!(r.points[seater], 0);
    assert_eq!(r.points[stood], 1);
    assert_eq!(r.points[black], 2);
}

#[test]
fn ns_6_flag_is_refused_while_time_remains_and_loses_in_board_mode() {
    let mut g = game(Setup::standard(NAMES), seed(4), BOARD);
    play(&mut g, &[(0, Event::Start), (1_000, mv("e4"))]);
    assert_eq!(g.apply(15_999, Event::Flag), Err(GameError::NoFlag));
    // NS-6: no insufficient-material exception is even consulted.
    play(&mut g, &[(16_000, Event::Flag)]);
    assert_eq!(g.result().unwrap().outcome, Outcome::Win(Colour::White));
    assert_eq!(g.apply(17_000, mv("e5")), Err(GameError::GameOver));
}

#[test]
fn ns_7_block_schedule_switches_mid_shift() {
    let mut s = fixed(10);
    s.schedule = BlockSchedule {
        lines: vec![
            ScheduleLine {
                block_ms: 15_000,
                moves: 2,
            },
            ScheduleLine {
                block_ms: 10_000,
                moves: 0,
            },
        ],
    };
    let mut g = game(s, seed(5), CLOCK);
    presses(&mut g, 2);
    // After move 1 each side was credited the block of its move 2: 15 s.
    assert_eq!(g.remaining_ms(Colour::White, 2_000), 29_000);
    assert_eq!(g.remaining_ms(Colour::Black, 2_000), 29_000);
    presses(&mut g, 2);
    // After move 2 the credit budgets move 3: 10 s.
    assert_eq!(g.remaining_ms(Colour::White, 4_000), 38_000);
    assert_eq!(g.remaining_ms(Colour::Black, 4_000), 38_000);
}

#[test]
fn ns_7_reset_uses_each_colours_next_move_number() {
    let mut s = fixed(3);
    s.unit = ShiftUnit::HalfMoves;
    s.schedule = BlockSchedule {
        lines: vec![
            ScheduleLine {
                block_ms: 15_000,
                moves: 2,
            },
            ScheduleLine {
                block_ms: 10_000,
                moves: 0,
            },
        ],
    };
    let setup = s.clone();
    let sd = seed_where(&setup, |r| r.shifts[0].coin == Colour::Black);
    let mut g = game(s, sd, CLOCK);
    presses(&mut g, 3);
    // After 1. e4 e5 2. Nf3 Black plays move 2 (15 s + 7.5 s bonus), White move 3 (10 s).
    assert_eq!(g.remaining_ms(Colour::Black, 9_000), 22_500);
    assert_eq!(g.remaining_ms(Colour::White, 9_000), 10_000);
}

#[test]
fn ns_8_mate_points_go_to_the_people_seated_at_the_end() {
    let setup = fixed(2);
    // Two full moves: the swap comes after 1. f3 e5 2. g4 ... so mate on the next shift.
    let s = seed_where(&setup, |r| r.shifts[0].coin == Colour::Black);
    let mut g = game(setup, s, BOARD);
    let start = g.seating();
    scholars_mate_across_a_swap(&mut g);
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason),
        (Outcome::Win(Colour::White), EndReason::Checkmate)
    );
    let white = usize::from(start.person_at(Seat::White));
    let old_black = usize::from(start.person_at(Seat::Black));
    let old_observer = usize::from(start.person_at(Seat::Observer));
    assert_eq!(r.points[white], 2);
    assert_eq!(r.points[old_observer], 0, "sat down on Black and was mated");
    assert_eq!(
        r.points[old_black], 1,
        "stood up and is Observer at the end"
    );
}

#[test]
fn ns_8_draw_by_agreement_needs_all_three_and_lapses_on_a_move() {
    let mut g = game(Setup::standard(NAMES), seed(6), CLOCK);
    play(
        &mut g,
        &[
            (0, Event::Start),
            (1, Event::AgreeDraw { person: 0 }),
            (2, Event::AgreeDraw { person: 1 }),
        ],
    );
    assert_eq!(
        g.apply(3, Event::AgreeDraw { person: 1 }),
        Err(GameError::AlreadyAgreed(1))
    );
    assert_eq!(
        g.apply(3, Event::AgreeDraw { person: 3 }),
        Err(GameError::UnknownPerson(3))
    );
    assert_eq!(
        g.view(3).draw_agreed_by,
        vec!["Anna".to_owned(), "Boris".to_owned()]
    );
    play(
        &mut g,
        &[(4, Event::Press), (5, Event::AgreeDraw { person: 2 })],
    );
    assert!(!g.is_over(), "agreements lapse when play goes on");
    play(
        &mut g,
        &[
            (6, Event::AgreeDraw { person: 0 }),
            (7, Event::AgreeDraw { person: 1 }),
        ],
    );
    let r = g.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.points),
        (Outcome::Draw, EndReason::AgreedDraw, [1, 1, 1])
    );
}

#[test]
fn ns_8_custom_points_are_used() {
    let mut s = Setup::standard(NAMES);
    s.points.win = 5;
    s.points.observer = 2;
    s.points.loss = 1;
    s.points.draw = 3;
    let mut g = game(s.clone(), seed(7), CLOCK);
    let seating = g.seating();
    play(
        &mut g,
        &[
            (0, Event::Start),
            (
                1,
                Event::Resign {
                    seat: Colour::Black,
                },
            ),
        ],
    );
    let r = g.result().unwrap();
    assert_eq!(r.points[usize::from(seating.person_at(Seat::White))], 5);
    assert_eq!(r.points[usize::from(seating.person_at(Seat::Black))], 1);
    assert_eq!(r.points[usize::from(seating.person_at(Seat::Observer))], 2);
    let mut d = game(s, seed(7), CLOCK);
    for p in 0..3 {
        play(&mut d, &[(1, Event::AgreeDraw { person: p })]);
    }
    assert_eq!(d.result().unwrap().points, [3, 3, 3]);
}

#[test]
fn ns_9_the_view_does_not_depend_on_the_hidden_schedule() {
    let setup = Setup::standard(NAMES);
    // Two seeds with the same seating but different first shifts and coins.
    let a = seed(1);
    let ra = schedule(&setup, &a, &[] as &[&str], 3);
    let b = (2..10_000)
        .map(seed)
        .find(|s| {
            let r = schedule(&setup, s, &[] as &[&str], 3);
            r.seating == ra.seating
                && r.shifts[0].length != ra.shifts[0].length
                && r.shifts[0].coin != ra.shifts[0].coin
        })
        .unwrap();
    for mode in [CLOCK, BOARD] {
        let mut ga = game(setup.clone(), a, mode);
        let mut gb = game(setup.clone(), b, mode);
        let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5"];
        let mut events = vec![(0, Event::Start)];
        for (i, m) in moves.iter().enumerate() {
            let e = if mode == CLOCK { Event::Press } else { mv(m) };
            events.push((1_000 * (i as u64 + 1), e));
        }
        for (t, e) in events {
            play(&mut ga, &[(t, e.clone())]);
            play(&mut gb, &[(t, e)]);
            for now in [t, t + 500] {
                let mut va = ga.view(now);
                let mut vb = gb.view(now);
                assert_ne!(va.commitment_hex, vb.commitment_hex);
                va.commitment_hex.clear();
                vb.commitment_hex.clear();
                assert_eq!(va, vb, "views differ at {now} in {mode:?}");
                let json = serde_json::to_string(&ga.view(now)).unwrap();
                assert!(
                    !json.contains(&hex::encode(a)),
                    "the seed never reaches the view"
                );
            }
        }
        assert!(ga.reveal().is_none(), "no reveal during the game");
    }
}

#[test]
fn ns_9_reveal_after_the_game_shows_the_schedule_next_to_the_swaps() {
    let setup = Setup::standard(NAMES);
    let s = seed(11);
    let mut g = game(setup.clone(), s, CLOCK);
    let r = schedule(&setup, &s, &[] as &[&str], 5);
    presses(&mut g, u64::from(r.shifts[0].plies));
    play(
        &mut g,
        &[
            (100_000, Event::Seated),
            (
                100_001,
                Event::Resign {
                    seat: Colour::White,
                },
            ),
        ],
    );
    let rev = g.reveal().unwrap();
    assert_eq!(rev.seed_hex, hex::encode(s));
    assert_eq!(rev.shifts.len(), 2);
    assert_eq!(rev.shifts[0].length, r.shifts[0].length);
    assert_eq!(rev.shifts[0].ended_at_ply, Some(r.shifts[0].plies));
    assert_eq!(
        rev.shifts[0].swap.as_ref().unwrap().colour,
        r.shifts[0].coin
    );
    assert_eq!(rev.shifts[1].ended_at_ply, None);
    assert_eq!(rev.shifts[1].coin, r.shifts[1].coin);
}

#[test]
fn ns_11_the_game_shows_the_commitment_of_setup_and_seed() {
    let setup = Setup::standard(NAMES);
    let g = game(setup.clone(), seed(9), CLOCK);
    assert_eq!(
        g.commitment_hex(),
        hex::encode(commitment(&setup, &seed(9)))
    );
    assert_eq!(g.view(0).commitment_hex, g.commitment_hex());
}

#[test]
fn ns_3_game_ending_on_the_shift_ending_move_has_no_swap_board_mode() {
    let setup = fixed(2);
    let s = seed(12);
    let mut g = game(setup, s, BOARD);
    let start = g.seating();
    play(
        &mut g,
        &[
            (0, Event::Start),
            (1, mv("f3")),
            (2, mv("e5")),
            (3, mv("g4")),
            (4, mv("Qh4#")),
        ],
    );
    assert!(g.swaps().is_empty());
    let r = g.result().unwrap();
    assert_eq!(r.seating, start);
    assert_eq!(r.points[usize::from(start.person_at(Seat::Black))], 2);
    let rev = g.reveal().unwrap();
    assert_eq!(rev.shifts[0].ended_at_ply, Some(4));
    assert!(rev.shifts[0].swap.is_none());
}

#[test]
fn ns_3_mate_reported_after_a_shift_ending_press_cancels_the_swap() {
    let mut g = game(fixed(2), seed(13), CLOCK);
    let start = g.seating();
    presses(&mut g, 4);
    assert_eq!(g.swaps().len(), 1);
    assert_eq!(
        g.apply(
            5_000,
            Event::ReportMate {
                winner: Colour::White
            }
        ),
        Err(GameError::WrongWinner)
    );
    play(
        &mut g,
        &[(
            5_000,
            Event::ReportMate {
                winner: Colour::Black,
            },
        )],
    );
    assert!(g.swaps().is_empty());
    let r = g.result().unwrap();
    assert_eq!(r.seating, start);
    assert_eq!(r.points[usize::from(start.person_at(Seat::Black))], 2);
    assert_eq!(r.points[usize::from(start.person_at(Seat::White))], 0);
}

#[test]
fn c_1_each_input_mode_refuses_the_others_events() {
    let mut c = game(Setup::standard(NAMES), seed(1), CLOCK);
    let mut b = game(Setup::standard(NAMES), seed(1), BOARD);
    play(&mut c, &[(0, Event::Start)]);
    play(&mut b, &[(0, Event::Start)]);
    assert_eq!(
        c.apply(1, mv("e4")),
        Err(GameError::WrongMode { needs: BOARD })
    );
    assert_eq!(
        b.apply(1, Event::Press),
        Err(GameError::WrongMode { needs: CLOCK })
    );
    assert_eq!(
        b.apply(
            1,
            Event::ReportMate {
                winner: Colour::White
            }
        ),
        Err(GameError::WrongMode { needs: CLOCK })
    );
    assert_eq!(
        c.apply(
            1,
            Event::ClaimDraw {
                claim: DrawClaim::Threefold
            }
        ),
        Err(GameError::WrongMode { needs: BOARD })
    );
    // In board mode the move is the press.
    play(&mut b, &[(2_000, mv("e2e4"))]);
    assert_eq!(b.view(2_000).clock_running, Some(Colour::Black));
    assert_eq!(b.view(2_000).last_move_san.as_deref(), Some("e4"));
    assert_eq!(b.events().last().unwrap().event, mv("e2e4"));
}

#[test]
fn c_2_illegal_moves_are_refused_and_change_nothing() {
    let mut g = game(Setup::standard(NAMES), seed(1), BOARD);
    play(&mut g, &[(0, Event::Start)]);
    let before = g.clone();
    for bad in ["e5", "Ke2", "zz", "e2e5", ""] {
        assert!(
            matches!(g.apply(10, mv(bad)), Err(GameError::IllegalMove { .. })),
            "{bad}"
        );
        assert_eq!(g, before);
    }
    play(&mut g, &[(10, mv("Nf3"))]);
    assert_eq!(g.view(10).legal_moves_uci.len(), 20);
}

#[test]
fn c_2_stalemate_and_fivefold_end_automatically_threefold_is_claimed() {
    // Threefold: a claim the player to move may make.
    let mut g = game(fixed(100), seed(1), BOARD);
    play(&mut g, &[(0, Event::Start)]);
    let cycle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let mut t = 0;
    for m in cycle.iter().chain(cycle.iter()) {
        t += 10;
        play(&mut g, &[(t, mv(m))]);
    }
    assert_eq!(g.view(t).claimable_draws, vec![DrawClaim::Threefold]);
    assert_eq!(
        g.apply(
            t,
            Event::ClaimDraw {
                claim: DrawClaim::FiftyMoves
            }
        ),
        Err(GameError::ClaimNotAvailable(DrawClaim::FiftyMoves))
    );
    let mut claimed = g.clone();
    play(
        &mut claimed,
        &[(
            t,
            Event::ClaimDraw {
                claim: DrawClaim::Threefold,
            },
        )],
    );
    assert_eq!(claimed.result().unwrap().reason, EndReason::ThreefoldClaim);
    for m in cycle.iter().chain(cycle.iter()) {
        t += 10;
        play(&mut g, &[(t, mv(m))]);
    }
    assert_eq!(g.result().unwrap().reason, EndReason::FivefoldRepetition);

    // Fastest known stalemate (Sam Loyd, 10 moves).
    let mut s = game(fixed(100), seed(1), BOARD);
    play(&mut s, &[(0, Event::Start)]);
    let moves = [
        "e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
        "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6",
    ];
    for (i, m) in moves.iter().enumerate() {
        play(&mut s, &[(i as u64 + 1, mv(m))]);
    }
    let r = s.result().unwrap();
    assert_eq!(
        (r.outcome, r.reason, r.points),
        (Outcome::Draw, EndReason::Stalemate, [1, 1, 1])
    );
}

#[test]
fn c_4_undo_press_charges_the_side_that_should_have_been_moving() {
    let mut g = game(fixed(3), seed(1), CLOCK);
    presses(&mut g, 2);
    play(&mut g, &[(5_000, Event::UndoPress)]);
    // As if Black never pressed at 2000: Black's bank ran since 1000.
    assert_eq!(g.view(5_000).side_to_move, Colour::Black);
    assert_eq!(g.remaining_ms(Colour::Black, 5_000), 11_000);
    assert_eq!(g.remaining_ms(Colour::White, 5_000), 29_000);
    assert_eq!(
        g.apply(5_001, Event::UndoPress),
        Err(GameError::NothingToUndo)
    );
    // Replaying the log (with the press and its undo) gives the same state.
    assert_eq!(Game::from_json(&g.to_json()).unwrap(), g);
}

/// The announced swap of a view, as the notice shows it.
fn notice(g: &Game, t: u64) -> ViewPhase {
    let phase = g.view(t).phase;
    assert!(
        matches!(phase, ViewPhase::AwaitingSeated { .. }),
        "no swap notice: {phase:?}"
    );
    phase
}

#[test]
fn c_4b_with_half_move_shifts_the_question_faces_black_when_white_announced_the_swap() {
    // NS-2's half-move option: White's third tap ends a three-half-move shift,
    // so the opponent asked is Black's player, across the table.
    let mut s = fixed(3);
    s.unit = ShiftUnit::HalfMoves;
    let mut g = game(s, seed(1), CLOCK);
    let start = g.seating();
    presses(&mut g, 3);
    let ask = g
        .view(3_500)
        .swap_correction
        .expect("the undo needs the opponent");
    assert_eq!(ask.opponent_colour, Colour::Black);
    assert_eq!(ask.opponent_person, start.person_at(Seat::Black));
    assert_eq!(ask.mover, NAMES[usize::from(start.person_at(Seat::White))]);
}

#[test]
fn c_4b_undo_of_a_tap_that_announced_a_swap_is_refused_without_the_opponent() {
    let mut g = game(fixed(3), seed(1), CLOCK);
    let start = g.seating();
    presses(&mut g, 6);
    // Black's sixth tap ended the shift: Black's player moved, White's is the opponent.
    let opponent = start.person_at(Seat::White);
    let mover = start.person_at(Seat::Black);
    let observer = start.person_at(Seat::Observer);
    let ask = g
        .view(6_500)
        .swap_correction
        .expect("the undo needs the opponent");
    assert_eq!(ask.opponent, NAMES[usize::from(opponent)]);
    assert_eq!(ask.mover, NAMES[usize::from(mover)]);
    assert_eq!(ask.opponent_person, opponent);
    assert_eq!(
        ask.opponent_colour,
        Colour::White,
        "the question faces White's seat"
    );
    // On the notice and after "seated": a plain undo is refused by the referee.
    for (t, then) in [(6_500, Some(Event::Seated)), (8_500, None)] {
        let before = g.clone();
        assert_eq!(
            g.apply(t, Event::UndoPress),
            Err(GameError::SwapAnnounced { opponent })
        );
        assert_eq!(g, before);
        // Only the opponent allows it: not the mover, not the observer.
        for by in [mover, observer, 7] {
            assert_eq!(
                g.apply(t, Event::CorrectAfterSwap { by }),
                Err(GameError::SwapAnnounced { opponent })
            );
            assert_eq!(g, before);
        }
        if let Some(e) = then {
            play(&mut g, &[(8_000, e)]);
        }
    }
    // A correction with no announced swap is an ordinary undo, not this event.
    let mut h = game(fixed(3), seed(1), CLOCK);
    presses(&mut h, 2);
    assert!(h.view(2_000).swap_correction.is_none());
    assert_eq!(
        h.apply(2_100, Event::CorrectAfterSwap { by: opponent }),
        Err(GameError::NoAnnouncedSwap)
    );
    play(&mut h, &[(2_200, Event::UndoPress)]);
    assert_eq!(
        h.apply(2_300, Event::CorrectAfterSwap { by: opponent }),
        Err(GameError::NothingToUndo)
    );
}

#[test]
fn c_4b_correction_after_an_announced_swap_keeps_the_swap_and_charges_the_mover() {
    let mut g = game(fixed(3), seed(1), CLOCK);
    let start = g.seating();
    presses(&mut g, 6);
    let announced = notice(&g, 6_000);
    let swapped = g.seating();
    let swaps = g.swaps().to_vec();
    let opponent = start.person_at(Seat::White);
    play(
        &mut g,
        &[
            (8_000, Event::Seated),
            (9_000, Event::CorrectAfterSwap { by: opponent }),
        ],
    );
    // Back to Black's move with the seats as they were; the swap waits for it.
    assert_eq!(g.seating(), start);
    assert!(g.swaps().is_empty());
    assert_eq!(g.view(9_000).phase, ViewPhase::Running);
    assert_eq!(g.view(9_000).side_to_move, Colour::Black);
    assert!(!g.view(9_000).undo_available);
    // C-4a: Black pressed at 2000 and 4000 (15-1+15-1+15 = 43 s) and tapped at
    // 6000 with 42 s; only the 1 s a clock ran after "Seated" is charged, not
    // the announcement (6000–8000).
    assert_eq!(g.remaining_ms(Colour::Black, 9_000), 41_000);
    // White's bank is what it was at the tap: pressed at 1000, 3000 and 5000
    // (15-1+15-1+15-1+15 = 57 s), standing since.
    assert_eq!(g.remaining_ms(Colour::White, 9_000), 57_000);
    // The replacement press is still the last of the shift: the same notice,
    // the same people, the same coin, and nothing new drawn.
    play(&mut g, &[(9_500, Event::Press)]);
    assert_eq!(notice(&g, 9_500), announced);
    assert_eq!(g.seating(), swapped);
    assert_eq!(g.swaps(), &swaps[..]);
    // The next shift is the one the uncorrected game has (fixed 3: six more).
    play(&mut g, &[(10_000, Event::Seated)]);
    presses(&mut g, 6);
    assert_eq!(g.swaps().len(), 2);
    assert_eq!(g.swaps()[1].after_ply, 12);
}

#[test]
fn c_4b_issue_21_board_mode_reproduction_same_notice_after_the_new_move() {
    // 1.Nf3 Nf6 2.Ng1 Ng8 3.Nc3 Nc6: the shift of three moves ends on Nc6.
    let mut g = game(fixed(3), seed(1), BOARD);
    let start = g.seating();
    play(&mut g, &[(0, Event::Start)]);
    for (i, m) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6"]
        .iter()
        .enumerate()
    {
        play(&mut g, &[((i as u64 + 1) * 1_000, mv(m))]);
    }
    let announced = notice(&g, 6_000);
    let (opponent, mover) = (start.person_at(Seat::White), start.person_at(Seat::Black));
    assert_eq!(
        g.apply(6_500, Event::UndoPress),
        Err(GameError::SwapAnnounced { opponent })
    );
    play(&mut g, &[(7_000, Event::CorrectAfterSwap { by: opponent })]);
    assert_eq!(
        g.view(7_000).fen.as_deref().map(|f| f.contains(" b ")),
        Some(true)
    );
    play(&mut g, &[(8_000, mv("a6"))]);
    assert_eq!(notice(&g, 8_000), announced);
    assert_eq!(g.swaps().len(), 1);
    let c = &g.corrections()[0];
    assert_eq!(
        (c.ply, c.taken_back.as_deref(), c.mover, c.allowed_by),
        (6, Some("Nc6"), mover, opponent)
    );
    assert_eq!(g.board().unwrap().sans()[5], "a6");
}

#[test]
fn c_4b_correction_is_recorded_in_the_log_and_the_pgn_and_replays() {
    let mut g = game(fixed(3), seed(1), BOARD);
    let start = g.seating();
    let opponent = start.person_at(Seat::White);
    play(&mut g, &[(0, Event::Start)]);
    for (i, m) in ["Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6"]
        .iter()
        .enumerate()
    {
        play(&mut g, &[((i as u64 + 1) * 1_000, mv(m))]);
    }
    play(
        &mut g,
        &[
            (7_000, Event::CorrectAfterSwap { by: opponent }),
            (8_000, mv("a6")),
        ],
    );
    // The log holds the event with the person who allowed it.
    let json = g.to_json();
    assert!(
        json.contains(&format!(
            r#"{{"type":"correct_after_swap","by":{opponent}}}"#
        )),
        "{json}"
    );
    // Replay reproduces it: same game, same record, same notice.
    let back = Game::from_json(&json).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.corrections(), g.corrections());
    assert_eq!(back.view(8_000).phase, g.view(8_000).phase);
    // A log with a plain undo in its place is refused on load.
    let forged = json.replace(
        &format!(r#"{{"type":"correct_after_swap","by":{opponent}}}"#),
        r#"{"type":"undo_press"}"#,
    );
    assert!(Game::from_json(&forged).is_err());
    // The PGN says it at the replacing move, in lines under 80 characters.
    play(
        &mut g,
        &[
            (9_000, Event::Seated),
            (
                10_000,
                Event::Resign {
                    seat: Colour::White,
                },
            ),
        ],
    );
    let pgn = to_pgn(&g, &PgnInfo::default()).unwrap();
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    let who = NAMES[usize::from(opponent)];
    assert!(
        flat.contains(&format!(
            "3. Nc3 a6 {{Correction after an announced swap: Nc6 taken back, allowed by {who}.}}"
        )),
        "{pgn}"
    );
    for line in pgn.lines().filter(|l| !l.starts_with('[')) {
        assert!(line.chars().count() < 80, "{line}");
    }
}

#[test]
fn c_4_undo_is_only_for_the_last_press_until_something_else_happens() {
    let mut g = game(fixed(3), seed(1), CLOCK);
    play(&mut g, &[(0, Event::Start)]);
    assert_eq!(g.apply(1, Event::UndoPress), Err(GameError::NothingToUndo));
    presses(&mut g, 1);
    assert!(g.view(1_000).undo_available);
    // Pause and Resume keep it (players pause to sort out a mis-tap, C-4a)…
    play(&mut g, &[(1_500, Event::Pause), (1_600, Event::Resume)]);
    assert!(g.view(1_600).undo_available);
    // …anything else ends it.
    play(&mut g, &[(1_700, Event::AgreeDraw { person: 0 })]);
    assert!(!g.view(1_700).undo_available);
    assert_eq!(
        g.apply(1_800, Event::UndoPress),
        Err(GameError::NothingToUndo)
    );
}

#[test]
fn c_4a_undo_after_a_pause_charges_only_the_time_a_clock_ran() {
    let mut g = game(fixed(3), seed(1), CLOCK);
    // White taps at 1000 with 14 s (+15 s credit); Black's clock runs 2 s,
    // then 60 s of pause sorting it out, then 1 s more, then the undo.
    presses(&mut g, 1);
    play(
        &mut g,
        &[
            (3_000, Event::Pause),
            (63_000, Event::Resume),
            (64_000, Event::UndoPress),
        ],
    );
    assert_eq!(g.view(64_000).side_to_move, Colour::White);
    assert_eq!(g.remaining_ms(Colour::White, 64_000), 14_000 - 3_000);
    assert_eq!(g.remaining_ms(Colour::Black, 64_000), 15_000);
    assert_eq!(g.view(64_000).clock_running, Some(Colour::White));
    // An undo while paused leaves the game paused, with the same charge.
    let mut p = game(fixed(3), seed(1), CLOCK);
    presses(&mut p, 1);
    play(&mut p, &[(3_000, Event::Pause), (50_000, Event::UndoPress)]);
    assert_eq!(p.view(50_000).phase, ViewPhase::Paused);
    assert_eq!(p.remaining_ms(Colour::White, 90_000), 12_000);
    play(&mut p, &[(90_000, Event::Resume)]);
    assert_eq!(p.remaining_ms(Colour::White, 91_000), 11_000);
    // Both replay from their logs.
    assert_eq!(Game::from_json(&g.to_json()).unwrap(), g);
    assert_eq!(Game::from_json(&p.to_json()).unwrap(), p);
}

#[test]
fn ns_3_mate_reported_after_seated_credits_the_mover_not_the_newcomer() {
    let mut g = game(fixed(3), seed(1), CLOCK);
    let start = g.seating();
    presses(&mut g, 6);
    // The sixth press (Black's) ended the shift; the coin seated the observer.
    let mover = start.person_at(Seat::Black);
    let observer = start.person_at(Seat::Observer);
    let loser = start.person_at(Seat::White);
    assert_eq!(
        g.view(6_000).last_mover.as_deref(),
        Some(NAMES[usize::from(mover)])
    );
    play(&mut g, &[(8_000, Event::Seated)]);
    // Still the mover after "Seated": a report now cancels the swap.
    assert_eq!(
        g.view(8_000).last_mover.as_deref(),
        Some(NAMES[usize::from(mover)])
    );
    play(
        &mut g,
        &[(
            9_000,
            Event::ReportMate {
                winner: Colour::Black,
            },
        )],
    );
    let r = g.result().unwrap();
    assert_eq!(r.reason, EndReason::Checkmate);
    assert!(g.swaps().is_empty(), "the game ended on that move: no swap");
    assert_eq!(g.seating(), start);
    let mut want = [0u32; 3];
    want[usize::from(mover)] = 2;
    want[usize::from(observer)] = 1;
    want[usize::from(loser)] = 0;
    assert_eq!(r.points, want);
    // After the next press the swap stands: a later report is about that move.
    let mut h = game(fixed(3), seed(1), CLOCK);
    presses(&mut h, 6);
    play(&mut h, &[(8_000, Event::Seated), (9_000, Event::Press)]);
    let swapped = h.seating();
    assert_eq!(
        h.view(9_000).last_mover.as_deref(),
        Some(NAMES[usize::from(swapped.person_at(Seat::White))])
    );
}

#[test]
fn c_4_time_never_runs_backwards() {
    let mut g = game(Setup::standard(NAMES), seed(1), CLOCK);
    play(&mut g, &[(5_000, Event::Start)]);
    let before = g.clone();
    assert_eq!(
        g.apply(4_999, Event::Press),
        Err(GameError::TimeWentBackwards {
            last_ms: 5_000,
            got_ms: 4_999
        })
    );
    assert_eq!(g, before);
}

#[test]
fn c_4_pause_stops_the_bank_and_resume_restarts_it() {
    let mut g = game(Setup::standard(NAMES), seed(1), CLOCK);
    play(&mut g, &[(0, Event::Start), (5_000, Event::Pause)]);
    assert_eq!(g.apply(6_000, Event::Press), Err(GameError::Paused));
    assert_eq!(g.view(100_000).white_ms, 10_000);
    play(&mut g, &[(100_000, Event::Resume)]);
    assert_eq!(g.view(101_000).white_ms, 9_000);
    assert_eq!(g.apply(101_000, Event::Resume), Err(GameError::NotPaused));
}

#[test]
fn refused_events_never_change_the_state() {
    let mut g = game(fixed(3), seed(1), CLOCK);
    let bad_before_start = [
        Event::Press,
        Event::Seated,
        Event::Pause,
        Event::Resume,
        Event::UndoPress,
        Event::Flag,
    ];
    for e in bad_before_start {
        let before = g.clone();
        assert!(g.apply(0, e).is_err());
        assert_eq!(g, before);
    }
    presses(&mut g, 6);
    let before = g.clone();
    for e in [
        Event::Press,
        Event::Start,
        Event::Pause,
        Event::Resume,
        Event::Flag,
        mv("e4"),
    ] {
        assert!(g.apply(7_000, e).is_err());
        assert_eq!(g, before);
    }
}

#[test]
fn log_round_trips_and_refuses_bad_logs() {
    let mut g = game(fixed(3), seed(1), BOARD);
    play(
        &mut g,
        &[
            (0, Event::Start),
            (1_000, mv("e4")),
            (2_000, mv("c5")),
            (3_000, Event::Pause),
        ],
    );
    let json = g.to_json();
    assert_eq!(Game::from_json(&json).unwrap(), g);

    let newer = json.replace("\"version\":1", "\"version\":2");
    assert_eq!(
        Game::from_json(&newer),
        Err(LogError::Header(HeaderError::NewerVersion {
            found: 2,
            supported: 1
        }))
    );
    assert!(matches!(
        Game::from_json(&json[..json.len() - 3]),
        Err(LogError::Header(HeaderError::Json(_)))
    ));
    assert!(matches!(
        Game::from_json("[]"),
        Err(LogError::Header(HeaderError::Json(_)))
    ));
    let illegal = json.replace("c7c5", "c7c4");
    assert!(matches!(
        Game::from_json(&illegal),
        Err(LogError::Event {
            index: 2,
            error: GameError::IllegalMove { .. }
        })
    ));
    let backwards = json.replace("\"t_ms\":2000", "\"t_ms\":500");
    assert!(matches!(
        Game::from_json(&backwards),
        Err(LogError::Event {
            index: 2,
            error: GameError::TimeWentBackwards { .. }
        })
    ));
    let other = json.replace("\"game\":\"nordau-shift\"", "\"game\":\"bughouse\"");
    assert_eq!(
        Game::from_json(&other),
        Err(LogError::Header(HeaderError::WrongGame("bughouse".into())))
    );
    let bad_seed = json.replace(&hex::encode(seed(1)), "abcd");
    assert!(matches!(Game::from_json(&bad_seed), Err(LogError::Seed(_))));
    let bad_setup = json.replace("ns1.f.3-3", "ns1.f.3-2");
    assert!(matches!(
        Game::from_json(&bad_setup),
        Err(LogError::Setup(LogSetupError::Text(_)))
    ));
}

#[test]
fn pgn_export_has_roster_fairness_tags_and_swap_comments() {
    let setup = fixed(2);
    let s = seed_where(&setup, |r| r.shifts[0].coin == Colour::Black);
    let mut g = game(setup.clone(), s, BOARD);
    assert_eq!(to_pgn(&g, &PgnInfo::default()), Err(PgnError::NotOver));
    let start = g.seating();
    scholars_mate_across_a_swap(&mut g);
    let pgn = to_pgn(&g, &PgnInfo::default()).unwrap();
    let n = |seat: Seat| NAMES[usize::from(start.person_at(seat))];
    assert!(
        pgn.contains(&format!("[White \"{}\"]", n(Seat::White))),
        "{pgn}"
    );
    assert!(pgn.contains(&format!("[Black \"{}\"]", n(Seat::Black))));
    assert!(pgn.contains("[Result \"1-0\"]"));
    assert!(pgn.contains("[Variant \"Nordau Shift\"]"));
    assert!(pgn.contains(&format!("[Commitment \"{}\"]", g.commitment_hex())));
    assert!(pgn.contains(&format!("[Seed \"{}\"]", hex::encode(s))));
    assert!(pgn.contains(&format!("[Setup \"{}\"]", setup.to_text())));
    // The verifier reads the draw back from the record (C-3, issue #21).
    let read = nordau_shift::referee::pgn::recorded_draw(&pgn)
        .unwrap()
        .unwrap();
    assert_eq!(read.setup_text, setup.to_text());
    assert_eq!(read.seed_hex, Some(hex::encode(s)));
    assert_eq!(read.commitment_hex, g.commitment_hex());
    let flat = pgn.replace('\n', " ");
    assert!(flat.contains(&format!(
        "2. Bc4 Nc6 {{End of shift 1 (4 half-moves). Coin: Black seat. {} stands up; {} sits down as Black.}} 3. Qh5",
        n(Seat::Black),
        n(Seat::Observer)
    )));
    assert!(flat.contains("3. Qh5 Nf6 4. Qxf7# {checkmate."), "{pgn}");
    assert!(pgn.trim_end().ends_with("1-0"));
    let clock = game(setup, s, CLOCK);
    assert_eq!(
        to_pgn(&clock, &PgnInfo::default()),
        Err(PgnError::NotBoardMode)
    );
}

#[test]
fn ns_10_swap_stays_announced_with_clocks_standing_until_seated() {
    let mut g = game(fixed(3), seed(1), CLOCK);
    presses(&mut g, 6); // the sixth half-move (t = 6000) ends the 3-move shift
    let at_swap = g.view(6_000);
    assert!(matches!(at_swap.phase, ViewPhase::AwaitingSeated { .. }));
    // A minute later the announcement still stands and no bank has moved (NS-5).
    let later = g.view(66_000);
    assert_eq!(later.phase, at_swap.phase);
    assert_eq!(
        (later.white_ms, later.black_ms),
        (at_swap.white_ms, at_swap.black_ms)
    );
    assert_eq!(later.clock_running, None);
    // Nobody can play on before "Seated".
    assert_eq!(
        g.apply(66_000, Event::Press),
        Err(GameError::AwaitingSeated)
    );
    play(&mut g, &[(66_000, Event::Seated)]);
    assert_eq!(g.view(66_000).phase, ViewPhase::Running);
    assert_eq!(g.view(66_000).clock_running, Some(Colour::White));
}
