//! Property tests over random seeds, setups and legal games (proptest).
// Native only: these tests read files, run Node and use proptest.
#![cfg(not(target_arch = "wasm32"))]

mod nordau_common;

use nordau_common::NAMES;
use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::nordau::verify::schedule;
use nordau_shift::referee::{
    Colour, DrawClaim, Event, Game, InputMode, Outcome, Seat, Seating, Setup, ShiftUnit, ViewPhase,
};
use proptest::prelude::*;

fn setup_strategy() -> impl Strategy<Value = Setup> {
    (1u32..=8, 0u32..=5, any::<bool>(), 0u32..=1000).prop_map(|(min, extra, half, bonus)| {
        let mut s = Setup::standard(NAMES);
        s.min_shift = min;
        s.max_shift = min + extra;
        s.unit = if half {
            ShiftUnit::HalfMoves
        } else {
            ShiftUnit::FullMoves
        };
        s.bonus_permille = bonus;
        s
    })
}

/// NS-1/NS-3: from one seating to the next, either nothing changed or the
/// Observer traded places with exactly one of White and Black.
fn assert_no_direct_colour_change(before: Seating, after: Seating) {
    if before == after {
        return;
    }
    let moved: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|&s| before.person_at(s) != after.person_at(s))
        .collect();
    assert_eq!(moved.len(), 2, "{before:?} -> {after:?}");
    assert!(
        moved.contains(&Seat::Observer),
        "a person changed colour directly: {before:?} -> {after:?}"
    );
}

fn assert_points_sum(g: &Game) {
    if let Some(r) = g.result() {
        let p = g.setup().points;
        let sum: u32 = r.points.iter().sum();
        match r.outcome {
            Outcome::Draw => assert_eq!(sum, 3 * p.draw),
            Outcome::Win(_) => assert_eq!(sum, p.win + p.observer + p.loss),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn ns_2_shift_lengths_always_within_range(seed in any::<[u8; 32]>(), setup in setup_strategy()) {
        let r = schedule(&setup, &seed, &[] as &[&str], 50);
        for s in &r.shifts {
            prop_assert!(s.length >= setup.min_shift && s.length <= setup.max_shift);
            prop_assert_eq!(s.plies, setup.unit.plies(s.length));
        }
        let mut people = r.seating.people;
        people.sort();
        prop_assert_eq!(people, [0, 1, 2]);
    }

    #[test]
    fn c_3_setup_text_round_trips(setup in setup_strategy()) {
        prop_assert_eq!(Setup::from_text(&setup.to_text()).unwrap(), setup);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Random legal board-mode games: swaps exactly where the draw says, banks
    /// after each swap, no direct colour change, replay equals live, NS-8 sums.
    #[test]
    fn ns_random_legal_games_follow_the_draw(
        seed in any::<[u8; 32]>(),
        setup in setup_strategy(),
        choices in proptest::collection::vec((any::<u16>(), 1u64..3000), 1..300),
    ) {
        let mut g = Game::new(setup.clone(), seed, vec![], InputMode::Board).unwrap();
        let plan = schedule(&setup, &seed, &[] as &[&str], 200);
        let mut ends = Vec::new();
        let mut acc = 0;
        for s in &plan.shifts {
            acc += s.plies;
            ends.push(acc);
        }
        let mut t = 0;
        g.apply(t, Event::Start).unwrap();
        for (choice, dt) in choices {
            if g.is_over() {
                break;
            }
            t += dt;
            if matches!(g.view(t).phase, ViewPhase::AwaitingSeated { .. }) {
                g.apply(t, Event::Seated).unwrap();
                continue;
            }
            let legal = g.view(t).legal_moves_uci;
            let mv = legal[usize::from(choice) % legal.len()].clone();
            let before = g.seating();
            let swaps_before = g.swaps().len();
            g.apply(t, Event::Move { mv }).unwrap();
            assert_no_direct_colour_change(before, g.seating());
            let ply = g.ply();
            let k = swaps_before;
            if ends[k] == ply && !g.is_over() {
                // A swap, exactly here, by the drawn coin.
                prop_assert_eq!(g.swaps().len(), k + 1);
                let sw = &g.swaps()[k];
                prop_assert_eq!(sw.coin, plan.shifts[k].coin);
                prop_assert_eq!(sw.after_ply, ply);
                prop_assert_eq!(sw.stood_up, before.person_at(Seat::of_colour(sw.coin)));
                prop_assert_eq!(sw.sat_down, before.person_at(Seat::Observer));
                // NS-5: one block each, the seater's side plus the bonus.
                let block = 15_000;
                for c in [Colour::White, Colour::Black] {
                    let want = if c == sw.coin { block + setup.bonus_ms(block) } else { block };
                    prop_assert_eq!(g.remaining_ms(c, t), want);
                }
            } else {
                prop_assert_eq!(g.swaps().len(), k);
            }
        }
        assert_points_sum(&g);
        prop_assert_eq!(&Game::from_json(&g.to_json()).unwrap(), &g);
    }

    /// Random event soup in clock mode (including refused events, undo, pause,
    /// flags, reports): refused events change nothing, seats never change colour
    /// directly, replay equals live, points sum per NS-8.
    #[test]
    fn c_4_random_event_sequences_replay_identically(
        seed in any::<[u8; 32]>(),
        setup in setup_strategy(),
        steps in proptest::collection::vec((0u8..40, prop_oneof![9 => 0u64..4_000, 1 => 4_000u64..20_000]), 1..200),
    ) {
        let mut g = Game::new(setup, seed, vec!["proptest".into()], InputMode::Clock).unwrap();
        let mut t = 0u64;
        g.apply(t, Event::Start).unwrap();
        for (kind, dt) in steps {
            t += dt;
            let event = match kind {
                0..=19 => Event::Press,
                20..=27 => Event::Seated,
                28 => Event::Pause,
                29 => Event::Resume,
                30 | 31 => Event::UndoPress,
                32 => Event::Flag,
                33 => Event::AgreeDraw { person: (dt % 4) as u8 },
                34 if dt % 7 == 0 => Event::Resign { seat: Colour::of_ply(dt as u32) },
                35 if dt % 5 == 0 => Event::ReportMate { winner: Colour::of_ply(dt as u32) },
                36 if dt % 11 == 0 => Event::ReportStalemate,
                37 => Event::Start,
                38 => Event::CorrectAfterSwap { by: (dt % 3) as u8 },
                _ => Event::ClaimDraw { claim: DrawClaim::Threefold },
            };
            let before = g.clone();
            match g.apply(t, event) {
                Ok(()) => assert_no_direct_colour_change(before.seating(), g.seating()),
                Err(_) => prop_assert_eq!(&g, &before),
            }
            // Banks never exceed what was credited, and never go below zero.
            let v = g.view(t);
            prop_assert!(v.white_ms < 10_000_000 && v.black_ms < 10_000_000);
        }
        assert_points_sum(&g);
        prop_assert_eq!(&Game::from_json(&g.to_json()).unwrap(), &g);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Corrupt logs are refused with an error, never a panic; any log that
    /// does load replays to a state whose own log loads to the same state.
    #[test]
    fn log_corruption_never_panics(pos in any::<prop::sample::Index>(), byte in 32u8..127, garbage in ".{0,40}") {
        let mut g = Game::new(Setup::standard(NAMES), [9; 32], vec![], InputMode::Board).unwrap();
        for (t, m) in [(0, None), (10, Some("e4")), (20, Some("e5")), (30, Some("Nf3")), (40, Some("Nc6"))] {
            let e = m.map_or(Event::Start, |m: &str| Event::Move { mv: m.into() });
            g.apply(t, e).unwrap();
        }
        let json = g.to_json();
        let mut bytes = json.into_bytes();
        let i = pos.index(bytes.len());
        bytes[i] = byte;
        let mutated = String::from_utf8(bytes).unwrap();
        if let Ok(loaded) = Game::from_json(&mutated) {
            prop_assert_eq!(&Game::from_json(&loaded.to_json()).unwrap(), &loaded);
        }
        let _ = Game::from_json(&garbage);
    }
}

/// Texts near the setup grammar: arbitrary strings, strings over its alphabet,
/// and canonical texts (with arbitrary Unicode names) with one edit.
fn setup_text_strategy() -> impl Strategy<Value = String> {
    let edited = (
        setup_strategy(),
        prop::array::uniform3(".{0,6}"),
        any::<bool>(),
        any::<prop::sample::Index>(),
        0u8..4,
        "[ns1fhx0-9.%_A-Fa-f -]{0,3}",
    )
        .prop_map(|(mut setup, names, keep_names, at, op, piece)| {
            if !keep_names {
                setup.names = names;
            }
            let mut text = setup.to_text(); // ASCII: every index is a char boundary
            let i = at.index(text.len() + 1);
            match op {
                0 => text.insert_str(i, &piece),
                1 if i < text.len() => {
                    text.remove(i);
                }
                2 => text.replace_range(i..(i + piece.len()).min(text.len()), &piece),
                _ => {}
            }
            text
        });
    prop_oneof![any::<String>(), "[ns1fhx0-9.%_A-Fa-f -]{0,80}", edited,]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// NS-11, docs/fairness.md §1.3: a pasted text never panics the parser,
    /// and an accepted text is the one text of its setup.
    #[test]
    fn ns_11_setup_texts_never_panic_and_accepted_ones_round_trip(text in setup_text_strategy()) {
        if let Ok(setup) = Setup::from_text(&text) {
            prop_assert_eq!(setup.to_text(), text);
            prop_assert!(setup.validate().is_ok());
        }
    }

    /// C-3: the verifier never panics on anything pasted into its fields.
    #[test]
    fn c_3_verify_never_panics(
        commitment in prop_oneof![any::<String>(), "[0-9a-fA-F ]{60,68}"],
        seed in prop_oneof![any::<String>(), "[0-9a-f]{64}"],
        text in setup_text_strategy(),
        words in prop::collection::vec(".{0,300}", 0..18),
    ) {
        let _ = nordau_shift::referee::verify(&commitment, &seed, &text, &words);
    }
}

/// C-4b: plays `choices` (clock mode: presses; board mode: the n-th legal
/// move), seating after every swap. After the k-th announced swap, when
/// `correct(k)`, the opponent allows a correction (on the notice or after
/// "seated") and the half-move is played again (board mode: another move
/// where there is one).
fn play_with_corrections(
    g: &mut Game,
    choices: &[(u16, bool)],
    correct: impl Fn(usize) -> bool,
) -> Result<(), TestCaseError> {
    let mut t = 0u64;
    g.apply(t, Event::Start).unwrap();
    let half_move = |g: &mut Game, t: u64, choice: u16| {
        let event = match g.board() {
            None => Event::Press,
            Some(_) => {
                let legal = g.view(t).legal_moves_uci;
                Event::Move {
                    mv: legal[usize::from(choice) % legal.len()].clone(),
                }
            }
        };
        g.apply(t, event).unwrap();
    };
    for &(choice, seat_first) in choices {
        if g.is_over() {
            break;
        }
        t += 700;
        if matches!(g.view(t).phase, ViewPhase::AwaitingSeated { .. }) {
            g.apply(t, Event::Seated).unwrap();
            t += 300;
        }
        let swaps = g.swaps().len();
        half_move(g, t, choice);
        if g.swaps().len() > swaps && correct(swaps) {
            let announced = g.view(t).phase;
            if seat_first {
                t += 200;
                g.apply(t, Event::Seated).unwrap();
            }
            t += 500;
            prop_assert!(g.apply(t, Event::UndoPress).is_err());
            let by = g.view(t).swap_correction.unwrap().opponent_person;
            g.apply(t, Event::CorrectAfterSwap { by }).unwrap();
            prop_assert_eq!(g.swaps().len(), swaps);
            t += 400;
            half_move(g, t, choice.wrapping_add(1));
            // The same notice, unless the new move ended the game.
            if !g.is_over() {
                prop_assert_eq!(g.view(t).phase, announced);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// C-4b: a game corrected after announced swaps has the schedule of swaps
    /// and coins of the same game uncorrected (the draw is never advanced
    /// twice), and both replay from their logs.
    #[test]
    fn c_4b_corrections_after_announced_swaps_keep_the_schedule(
        seed in any::<[u8; 32]>(),
        setup in setup_strategy(),
        board in any::<bool>(),
        choices in proptest::collection::vec((any::<u16>(), any::<bool>()), 1..160),
        corrected in proptest::collection::vec(any::<bool>(), 40),
    ) {
        let mode = if board { InputMode::Board } else { InputMode::Clock };
        let mut plain = Game::new(setup.clone(), seed, vec![], mode).unwrap();
        let mut fixed = plain.clone();
        play_with_corrections(&mut plain, &choices, |_| false)?;
        play_with_corrections(&mut fixed, &choices, |k| corrected.get(k) == Some(&true))?;
        // Each correction kept the swap it took back (unless the new move ended the game).
        for c in fixed.corrections() {
            let kept = fixed.swaps().iter().find(|s| s.after_ply == c.ply);
            prop_assert!(kept.is_some() || fixed.ply() == c.ply);
            if let Some(s) = kept {
                prop_assert_eq!((s.coin, s.stood_up, s.sat_down), (c.coin, c.stood_up, c.sat_down));
            }
        }
        if !board {
            let wanted = (0..fixed.swaps().len()).filter(|&k| corrected.get(k) == Some(&true)).count();
            prop_assert_eq!(fixed.corrections().len(), wanted);
        }
        // Board mode: the moves differ, so a game may end earlier; compare the
        // swaps both games reached.
        let reached = plain.ply().min(fixed.ply());
        let upto = |g: &Game| g.swaps().iter().filter(|s| s.after_ply < reached || !g.is_over()).cloned().collect::<Vec<_>>();
        let (a, b) = (upto(&plain), upto(&fixed));
        let n = a.len().min(b.len());
        prop_assert_eq!(&a[..n], &b[..n]);
        if !board {
            prop_assert_eq!(plain.swaps(), fixed.swaps());
            prop_assert_eq!(plain.seating(), fixed.seating());
        }
        for g in [&mut plain, &mut fixed] {
            if !g.is_over() {
                let t = g.last_event_ms() + 1;
                g.apply(t, Event::Resign { seat: Colour::White }).unwrap();
            }
        }
        // The revealed schedule (lengths and coins) is the same.
        let coins = |g: &Game| g.reveal().unwrap().shifts.iter().map(|s| (s.length, s.coin)).collect::<Vec<_>>();
        let (ca, cb) = (coins(&plain), coins(&fixed));
        let n = ca.len().min(cb.len());
        prop_assert_eq!(&ca[..n], &cb[..n]);
        prop_assert_eq!(&Game::from_json(&fixed.to_json()).unwrap(), &fixed);
    }
}
