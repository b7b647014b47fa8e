//! A complete Nordau Shift session without any UI: five games with the same
//! three people, swaps in each, ending by mate (board and clock mode), flag,
//! resignation and agreed draw. The expected seats are simulated here from the
//! drawn schedule alone, independently of the game engine.
// Native only: these tests read files, run Node and use proptest.
#![cfg(not(target_arch = "wasm32"))]

mod nordau_common;

use nordau_common::{NAMES, seed};
use nordau_shift::referee::module::GameModule;
use nordau_shift::referee::nordau::session::SessionError;
use nordau_shift::referee::nordau::verify::schedule;
use nordau_shift::referee::{
    Colour, EndReason, Event, Game, InputMode, Outcome, Seat, Seating, Session, Setup, ShiftUnit,
    ViewPhase,
};

fn session_setup() -> Setup {
    let mut s = Setup::standard(NAMES);
    s.unit = ShiftUnit::HalfMoves;
    s.min_shift = 2;
    s.max_shift = 4;
    s
}

/// Seats after `plies` half-moves according to the draw; a swap due on the
/// very last half-move happens only if `swap_on_last` (the game went on).
fn expected_seating(
    setup: &Setup,
    seed: &[u8; 32],
    words: &[&str],
    plies: u32,
    swap_on_last: bool,
) -> Seating {
    let r = schedule(setup, seed, words, 200);
    let mut seating = r.seating;
    let mut end = 0;
    for s in r.shifts {
        end += s.plies;
        if end < plies || (end == plies && swap_on_last) {
            seating.swap_with_observer(s.coin);
        } else {
            break;
        }
    }
    seating
}

fn expected_points(setup: &Setup, seating: Seating, outcome: Outcome) -> [u32; 3] {
    let p = setup.points;
    let mut pts = [0; 3];
    for seat in Seat::ALL {
        pts[usize::from(seating.person_at(seat))] = match (outcome, seat) {
            (Outcome::Draw, _) => p.draw,
            (_, Seat::Observer) => p.observer,
            (Outcome::Win(c), s) if s == Seat::of_colour(c) => p.win,
            _ => p.loss,
        };
    }
    pts
}

/// Plays presses or moves; after each, taps "seated" if a swap was announced
/// (checking the announcement names the right people).
fn drive(g: &mut Game, t: &mut u64, inputs: &[Option<&str>], seat_after_last: bool) {
    for (i, input) in inputs.iter().enumerate() {
        *t += 1_000;
        let event = match input {
            Some(m) => Event::Move {
                mv: (*m).to_owned(),
            },
            None => Event::Press,
        };
        let before = g.seating();
        g.apply(*t, event).unwrap();
        if let ViewPhase::AwaitingSeated {
            stood_up,
            sat_down,
            colour,
        } = g.view(*t).phase
        {
            assert_eq!(
                stood_up,
                NAMES[usize::from(before.person_at(Seat::of_colour(colour)))]
            );
            assert_eq!(
                sat_down,
                NAMES[usize::from(before.person_at(Seat::Observer))]
            );
            if i + 1 < inputs.len() || seat_after_last {
                *t += 3_000;
                g.apply(*t, Event::Seated).unwrap();
            }
        }
    }
}

#[test]
fn ns_8_complete_session_table() {
    let setup = session_setup();
    let mut session = Session::new(NAMES.map(str::to_owned));
    let mut expected_totals = [0u32; 3];
    let mut record = |g: &Game, seating: Seating, outcome: Outcome, reason: EndReason| {
        let r = g.result().expect("game over");
        assert_eq!((r.outcome, r.reason), (outcome, reason));
        assert_eq!(r.seating, seating, "final seats follow the draw");
        let pts = expected_points(g.setup(), seating, outcome);
        assert_eq!(r.points, pts);
        for (t, p) in expected_totals.iter_mut().zip(pts) {
            *t += p;
        }
        session.add(g).unwrap();
        assert_eq!(session.add(g), Err(SessionError::AlreadyRecorded));
    };

    // Game 1, board mode: Scholar's mate on the 7th half-move; swaps before it.
    let s1 = seed(101);
    let mut g = Game::new(setup.clone(), s1, vec![], InputMode::Board).unwrap();
    let mut t = 0;
    g.apply(t, Event::Start).unwrap();
    let moves = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"].map(Some);
    drive(&mut g, &mut t, &moves, true);
    assert!(!g.swaps().is_empty(), "the session game had swaps");
    record(
        &g,
        expected_seating(&setup, &s1, &[], 7, false),
        Outcome::Win(Colour::White),
        EndReason::Checkmate,
    );

    // Game 2, clock mode with player words: 9 presses, then the side to move flags.
    let s2 = seed(102);
    let words = ["Seven", "dwarfs"];
    let mut g = Game::new(
        setup.clone(),
        s2,
        words.map(String::from).to_vec(),
        InputMode::Clock,
    )
    .unwrap();
    let mut t = 0;
    g.apply(t, Event::Start).unwrap();
    drive(&mut g, &mut t, &[None; 9], true);
    let flag_at = t + g.remaining_ms(Colour::Black, t);
    assert!(!g.tick(flag_at - 1));
    assert!(g.tick(flag_at + 50));
    record(
        &g,
        expected_seating(&setup, &s2, &words, 9, true),
        Outcome::Win(Colour::White),
        EndReason::Flag,
    );

    // Game 3, clock mode: White resigns after 12 presses.
    let s3 = seed(103);
    let mut g = Game::new(setup.clone(), s3, vec![], InputMode::Clock).unwrap();
    let mut t = 0;
    g.apply(t, Event::Start).unwrap();
    drive(&mut g, &mut t, &[None; 12], true);
    g.apply(
        t + 500,
        Event::Resign {
            seat: Colour::White,
        },
    )
    .unwrap();
    record(
        &g,
        expected_seating(&setup, &s3, &[], 12, true),
        Outcome::Win(Colour::Black),
        EndReason::Resignation,
    );

    // Game 4, board mode: all three agree a draw after 1. d4 d5 2. c4 e6 3. Nc3.
    let s4 = seed(104);
    let mut g = Game::new(setup.clone(), s4, vec![], InputMode::Board).unwrap();
    let mut t = 0;
    g.apply(t, Event::Start).unwrap();
    drive(
        &mut g,
        &mut t,
        &["d4", "d5", "c4", "e6", "Nc3"].map(Some),
        true,
    );
    for p in [2, 0, 1] {
        g.apply(t + 100, Event::AgreeDraw { person: p }).unwrap();
    }
    record(
        &g,
        expected_seating(&setup, &s4, &[], 5, true),
        Outcome::Draw,
        EndReason::AgreedDraw,
    );

    // Game 5, clock mode: the mate is reported after the 7th press; if that
    // press ended a shift the swap is cancelled (the game ended on that move).
    let s5 = seed(105);
    let mut g = Game::new(setup.clone(), s5, vec![], InputMode::Clock).unwrap();
    let mut t = 0;
    g.apply(t, Event::Start).unwrap();
    drive(&mut g, &mut t, &[None; 7], false);
    g.apply(
        t + 200,
        Event::ReportMate {
            winner: Colour::White,
        },
    )
    .unwrap();
    record(
        &g,
        expected_seating(&setup, &s5, &[], 7, false),
        Outcome::Win(Colour::White),
        EndReason::Checkmate,
    );

    assert_eq!(session.games.len(), 5);
    assert_eq!(session.totals(), expected_totals);
    // 4 decisive games (3 points each) and one draw (3 points).
    assert_eq!(session.totals().iter().sum::<u32>(), 15);

    // Unfinished or foreign games are refused.
    let fresh = Game::new(setup.clone(), seed(106), vec![], InputMode::Clock).unwrap();
    assert_eq!(session.add(&fresh), Err(SessionError::NotOver));
    let mut other = Setup::standard(["Anna", "Boris", "Dora"]);
    other.unit = ShiftUnit::HalfMoves;
    let mut g = Game::new(other, seed(107), vec![], InputMode::Clock).unwrap();
    g.apply(
        0,
        Event::Resign {
            seat: Colour::White,
        },
    )
    .unwrap();
    assert_eq!(session.add(&g), Err(SessionError::DifferentPeople));

    // The table survives serialisation (the UI stores it).
    let json = serde_json::to_string(&session).unwrap();
    assert_eq!(serde_json::from_str::<Session>(&json).unwrap(), session);
}
