//! Properties of a club evening's rotation (CE-1…CE-4) over random evenings:
//! people arrive, leave and come back, games of every kind follow the
//! proposals (or, sometimes, the table's change of them), and:
//! - CE-2: nobody present sits out a game while someone with more games
//!   tonight plays it; among equals, nobody waiting longer sits out unless the
//!   proposal says a draw decided it; so nobody waits two games running while
//!   someone else plays both and ends two games ahead;
//! - with everyone present all evening, games played differ by at most one;
//! - CE-3: Swedish chess's proposed teams are the least-partnered split;
//! - CE-4: the table adds up, game by game.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::club::rotation::{met, propose, teams};
use nordau_shift::referee::club::standings::table;
use nordau_shift::referee::club::{
    ClubError, ClubGame, PersonId, PlayerOutcome, TableResult, Tonight,
};
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Op {
    Arrive,
    Leave(usize),
    Back(usize),
    /// A game of this kind, its proposal followed (or changed when `swap`),
    /// finished with outcomes picked by `result`.
    Play {
        game: usize,
        seed: [u8; 32],
        swap: bool,
        result: u8,
    },
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        2 => Just(Op::Arrive),
        1 => any::<usize>().prop_map(Op::Leave),
        1 => any::<usize>().prop_map(Op::Back),
        10 => (0..5usize, any::<[u8; 32]>(), prop::bool::weighted(0.1), any::<u8>())
            .prop_map(|(game, seed, swap, result)| Op::Play { game, seed, swap, result }),
    ]
}

fn result(game: ClubGame, pick: u8) -> TableResult {
    let (outcomes, seat_points) = outcomes(game, pick);
    TableResult {
        outcomes,
        seat_points,
        record: format!("a {} game", game.id()),
    }
}

fn outcomes(game: ClubGame, result: u8) -> (Vec<PlayerOutcome>, Option<Vec<u32>>) {
    use PlayerOutcome::*;
    match (game, result % 3) {
        (ClubGame::Nordau, 0) => (vec![Drawn; 3], Some(vec![1, 1, 1])),
        (ClubGame::Nordau, r) => {
            let (w, l, o) = if r == 1 { (0, 1, 2) } else { (2, 0, 1) };
            let mut out = vec![Observed; 3];
            let mut pts = vec![1; 3];
            (out[w], out[l], out[o], pts[w], pts[l]) = (Won, Lost, Observed, 2, 0);
            (out, Some(pts))
        }
        (ClubGame::Bughouse, 0) => (vec![Drawn; 4], None),
        // Team 1 (seats 0 and 3) or team 2 wins.
        (ClubGame::Bughouse, r) => {
            let t1 = if r == 1 { Won } else { Lost };
            let t2 = if r == 1 { Lost } else { Won };
            (vec![t1, t2, t2, t1], None)
        }
        (_, 0) => (vec![Drawn; 2], None),
        (_, 1) => (vec![Won, Lost], None),
        _ => (vec![Lost, Won], None),
    }
}

const NAMES: [&str; 12] = [
    "Anna", "Boris", "Chen", "Dana", "Eli", "Fatma", "Gil", "Hana", "Ivan", "Jo", "Kira", "Lev",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn ce_2_nobody_sits_out_behind_someone_who_has_played_more(start in 2..9usize, ops in prop::collection::vec(op(), 1..80)) {
        let mut tonight = Tonight::new();
        for name in &NAMES[..start] { tonight.arrive(name).unwrap(); }
        let mut followed_runs: Vec<(Vec<PersonId>, Vec<PersonId>)> = Vec::new();
        for op in ops {
            match op {
                Op::Arrive => { let _ = tonight.arrive(NAMES[tonight.people.len() % NAMES.len()]); }
                Op::Leave(i) => { let _ = tonight.leave(i % tonight.people.len()); }
                Op::Back(i) => { tonight.back(i % tonight.people.len()).unwrap(); }
                Op::Play { game, seed, swap, result } => {
                    let game = ClubGame::ALL[game];
                    let proposal = match propose(&tonight, game, &seed) {
                        Ok(p) => p,
                        Err(ClubError::TooFew { needed, free }) => {
                            prop_assert_eq!(needed, game.players());
                            prop_assert!(free < needed);
                            prop_assert_eq!(free, tonight.free().len());
                            continue;
                        }
                        Err(e) => return Err(TestCaseError::fail(format!("{e}"))),
                    };
                    // Always the same proposal from the same evening and bytes.
                    prop_assert_eq!(&propose(&tonight, game, &seed).unwrap(), &proposal);
                    let free = tonight.free();
                    let mut chosen = proposal.players.clone();
                    prop_assert_eq!(chosen.len(), game.players());
                    chosen.sort_unstable();
                    chosen.dedup();
                    prop_assert_eq!(chosen.len(), game.players(), "someone proposed twice");
                    let rank = |id: PersonId| (tonight.games_played(id), tonight.people[id].waiting_since);
                    for out in free.iter().filter(|id| !proposal.players.contains(id)) {
                        for inn in &proposal.players {
                            // CE-2: fewest games first, then longest waiting.
                            prop_assert!(rank(*inn) <= rank(*out), "{} plays before {}", inn, out);
                            if rank(*inn) == rank(*out) {
                                prop_assert!(proposal.tie_drawn, "a tie decided without saying so");
                                prop_assert!(proposal.drawn_among.contains(inn) && proposal.drawn_among.contains(out));
                            }
                        }
                    }
                    if game == ClubGame::Bughouse {
                        // CE-3: no other split of the four has fewer partnerships tonight.
                        let [t1, t2] = teams(&proposal.players);
                        let partnered = |a: [PersonId; 2], b: [PersonId; 2]| met(&tonight, a[0], a[1]).0 + met(&tonight, b[0], b[1]).0;
                        let chosen = partnered(t1, t2);
                        let [a, b, c, d] = [t1[0], t1[1], t2[0], t2[1]];
                        for (x, y) in [([a, c], [b, d]), ([a, d], [b, c])] {
                            prop_assert!(chosen <= partnered(x, y));
                        }
                    }
                    let mut players = proposal.players.clone();
                    let outsiders: Vec<PersonId> = free.iter().copied().filter(|id| !players.contains(id)).collect();
                    let overridden = swap && !outsiders.is_empty();
                    if overridden { players[0] = outsiders[0]; }
                    tonight.start(&proposal, players.clone()).unwrap();
                    prop_assert_eq!(tonight.in_progress().unwrap().overridden(), overridden);
                    tonight.finish(self::result(game, result)).unwrap();
                    if !overridden {
                        followed_runs.push((free, players));
                    } else {
                        followed_runs.clear();
                    }
                    // Two games running, both following the proposal: nobody free for
                    // both sat both out while someone played both and got two ahead.
                    if let [.., (free1, p1), (free2, p2)] = followed_runs.as_slice() {
                        for sat in free1.iter().filter(|id| free2.contains(id) && !p1.contains(id) && !p2.contains(id)) {
                            for both in p1.iter().filter(|id| p2.contains(id)) {
                                prop_assert!(tonight.games_played(*both) < tonight.games_played(*sat) + 2,
                                    "{} sat out two games while {} played both and is two ahead", sat, both);
                            }
                        }
                    }
                }
            }
        }
        // CE-4: every finished game is in tonight's table, once per player.
        for game in ClubGame::ALL {
            let lines = table(&tonight, game);
            let finished: Vec<_> = tonight.games.iter().filter(|g| g.game == game && g.finished()).collect();
            let played: usize = lines.iter().map(|(_, l)| l.played).sum();
            prop_assert_eq!(played, finished.len() * game.players());
            for (_, l) in &lines {
                prop_assert!(l.won + l.drawn + l.lost <= l.played);
                if game != ClubGame::Nordau { prop_assert_eq!(l.won + l.drawn + l.lost, l.played); prop_assert_eq!(l.seat_points, 0); }
            }
            let points: u32 = lines.iter().map(|(_, l)| l.seat_points).sum();
            let per_game = if game == ClubGame::Nordau { 3 } else { 0 };
            prop_assert_eq!(points, per_game * finished.len() as u32, "NS-8: every Nordau game gives 3 seat points in all");
        }
    }

    #[test]
    fn with_everyone_present_all_evening_games_played_differ_by_at_most_one(people in 4..12usize, games in prop::collection::vec((0..5usize, any::<[u8; 32]>()), 1..60)) {
        let mut tonight = Tonight::new();
        for name in &NAMES[..people] { tonight.arrive(name).unwrap(); }
        for (game, seed) in games {
            let game = ClubGame::ALL[game];
            let proposal = propose(&tonight, game, &seed).unwrap();
            tonight.start(&proposal, proposal.players.clone()).unwrap();
            tonight.finish(result(game, seed[0])).unwrap();
            let counts: Vec<usize> = (0..people).map(|id| tonight.games_played(id)).collect();
            let (min, max) = (counts.iter().min().unwrap(), counts.iter().max().unwrap());
            prop_assert!(max - min <= 1, "games played {:?}", counts);
        }
    }
}

#[test]
fn ce_2_the_proposal_says_when_a_draw_decided_and_among_whom() {
    let mut tonight = Tonight::new();
    for name in ["Anna", "Boris", "Chen"] {
        tonight.arrive(name).unwrap();
    }
    // Three fresh people, two seats: a draw decides, among all three.
    let p = propose(&tonight, ClubGame::Crazyhouse, &[7; 32]).unwrap();
    assert!(p.tie_drawn);
    assert_eq!(p.drawn_among, vec![0, 1, 2]);
    tonight.start(&p, p.players.clone()).unwrap();
    tonight.finish(duel(PlayerOutcome::Won)).unwrap();
    // Now the one who sat out plays, with one of the two: no draw for the
    // first, a draw between the other two (equal games, equal waiting).
    let sat = (0..3).find(|id| !p.players.contains(id)).unwrap();
    let q = propose(&tonight, ClubGame::Undo, &[9; 32]).unwrap();
    assert!(q.players.contains(&sat));
    assert!(q.tie_drawn);
    assert_eq!(
        q.drawn_among,
        p.players
            .iter()
            .copied()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect::<Vec<_>>()
    );
    // Three for Nordau Shift: no draw decides who plays.
    let r = propose(&tonight, ClubGame::Nordau, &[1; 32]).unwrap();
    assert!(!r.tie_drawn && r.drawn_among.is_empty());
}

#[test]
fn ce_1_people_come_and_go_and_keep_their_results() {
    let mut tonight = Tonight::new();
    let anna = tonight.arrive("Anna").unwrap();
    let boris = tonight.arrive("Boris").unwrap();
    assert_eq!(
        tonight.arrive("ANNA"),
        Err(ClubError::NameTaken("ANNA".into())),
        "the same name, another case"
    );
    assert!(
        matches!(tonight.arrive(" Anna"), Err(ClubError::Name(_))),
        "refused, never stripped"
    );
    let p = propose(&tonight, ClubGame::Cards, &[0; 32]).unwrap();
    tonight.start(&p, p.players.clone()).unwrap();
    assert_eq!(
        tonight.leave(anna),
        Err(ClubError::GameInProgress),
        "one who plays leaves after the game"
    );
    tonight.finish(duel(PlayerOutcome::Won)).unwrap();
    tonight.leave(anna).unwrap();
    assert_eq!(
        propose(&tonight, ClubGame::Cards, &[0; 32]),
        Err(ClubError::TooFew { needed: 2, free: 1 })
    );
    tonight.back(anna).unwrap();
    assert_eq!(
        table(&tonight, ClubGame::Cards).len(),
        2,
        "Anna's result stayed while she was away"
    );
    assert_eq!(tonight.games_played(anna) + tonight.games_played(boris), 2);
}

#[test]
fn a_start_is_checked_completely_before_anything_changes() {
    let mut tonight = Tonight::new();
    for name in ["Anna", "Boris", "Chen", "Dana"] {
        tonight.arrive(name).unwrap();
    }
    let p = propose(&tonight, ClubGame::Crazyhouse, &[3; 32]).unwrap();
    let before = tonight.clone();
    assert_eq!(
        tonight.start(&p, vec![0, 0]),
        Err(ClubError::NotAvailable(0))
    );
    assert_eq!(
        tonight.start(&p, vec![0]),
        Err(ClubError::WrongPlayerCount { needed: 2, got: 1 })
    );
    assert_eq!(
        tonight.start(&p, vec![0, 9]),
        Err(ClubError::NotAvailable(9))
    );
    assert_eq!(
        tonight.finish(duel(PlayerOutcome::Won)),
        Err(ClubError::NoGameInProgress)
    );
    assert_eq!(tonight, before);
    tonight.start(&p, vec![2, 3]).unwrap();
    assert!(tonight.in_progress().unwrap().overridden() || p.players == vec![2, 3]);
    let one = TableResult {
        outcomes: vec![PlayerOutcome::Won],
        seat_points: None,
        record: String::new(),
    };
    assert_eq!(tonight.finish(one), Err(ClubError::WrongOutcomeCount));
    let with_points = TableResult {
        seat_points: Some(vec![2, 0]),
        ..duel(PlayerOutcome::Won)
    };
    assert_eq!(
        tonight.finish(with_points),
        Err(ClubError::WrongOutcomeCount),
        "seat points are Nordau Shift's only"
    );
    tonight.abandon().unwrap();
    assert_eq!(
        tonight, before,
        "an abandoned game leaves no trace in the rotation"
    );
}

/// A duel's result: White's outcome, Black's the other side of it.
fn duel(white: PlayerOutcome) -> TableResult {
    let black = match white {
        PlayerOutcome::Won => PlayerOutcome::Lost,
        PlayerOutcome::Lost => PlayerOutcome::Won,
        other => other,
    };
    TableResult {
        outcomes: vec![white, black],
        seat_points: None,
        record: "1. e4 e5".into(),
    }
}
