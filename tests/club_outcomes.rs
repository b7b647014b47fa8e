//! Each game's end as tonight's table reads it (CE-4, NS-8, BH-1).
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::bughouse::{BhOutcome, Team};
use nordau_shift::referee::club::outcomes::{bughouse, duel, nordau};
use nordau_shift::referee::club::{BUGHOUSE_SEATS, PlayerOutcome};
use nordau_shift::referee::nordau::{EndReason, GameResult, Seat, Seating};
use nordau_shift::referee::{Colour, Outcome};

#[test]
fn ce_4_a_duel_reads_white_then_black() {
    use PlayerOutcome::*;
    assert_eq!(duel(Outcome::Win(Colour::White)), vec![Won, Lost]);
    assert_eq!(duel(Outcome::Win(Colour::Black)), vec![Lost, Won]);
    assert_eq!(duel(Outcome::Draw), vec![Drawn, Drawn]);
}

#[test]
fn ce_4_bh_1_partners_share_their_team_result() {
    for winner in [Team::One, Team::Two] {
        let read = bughouse(BhOutcome::Win(winner));
        for (seat, outcome) in BUGHOUSE_SEATS.iter().zip(&read) {
            let expected = if seat.team() == winner {
                PlayerOutcome::Won
            } else {
                PlayerOutcome::Lost
            };
            assert_eq!(*outcome, expected, "{seat:?}");
            // BH-1: a seat and its partner always read alike.
            let partner = BUGHOUSE_SEATS
                .iter()
                .position(|s| *s == seat.partner())
                .unwrap();
            assert_eq!(read[partner], *outcome);
        }
    }
    assert!(
        bughouse(BhOutcome::Draw)
            .iter()
            .all(|o| *o == PlayerOutcome::Drawn)
    );
}

#[test]
fn ce_4_ns_8_nordau_reads_the_seats_at_the_end_with_their_points() {
    let orders: [[u8; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    for people in orders {
        let seating = Seating { people };
        for outcome in [
            Outcome::Win(Colour::White),
            Outcome::Win(Colour::Black),
            Outcome::Draw,
        ] {
            // NS-8's default points, given to seats and taken by their people.
            let mut points = [1u32; 3];
            if let Outcome::Win(w) = outcome {
                points[usize::from(seating.person_at(Seat::of_colour(w)))] = 2;
                points[usize::from(seating.person_at(Seat::of_colour(w.other())))] = 0;
            }
            let result = GameResult {
                outcome,
                reason: EndReason::Resignation,
                at_ms: 1,
                seating,
                points,
            };
            let (read, pts) = nordau(&result);
            assert_eq!(pts, points.to_vec());
            for person in 0..3 {
                let expected = match (outcome, points[person]) {
                    (Outcome::Draw, _) => PlayerOutcome::Drawn,
                    (_, 2) => PlayerOutcome::Won,
                    (_, 0) => PlayerOutcome::Lost,
                    _ => PlayerOutcome::Observed,
                };
                assert_eq!(
                    read[person], expected,
                    "{people:?} {outcome:?} person {person}"
                );
            }
        }
    }
}
