//! A game finished in its module enters tonight's table (CE-4): the game the
//! table started, with the same people in whatever seats, once.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::club::rotation::propose;
use nordau_shift::referee::club::{ClubError, ClubGame, PlayerOutcome, Tonight};
use nordau_shift::referee::module::GameModule;
use nordau_shift::referee::{Colour, InputMode, PgnInfo, TimeControl, ZhEvent, ZhGame, ZhSetup};

fn evening(names: &[&str]) -> Tonight {
    let mut tonight = Tonight::new();
    for name in names {
        tonight.arrive(name).unwrap();
    }
    tonight
}

/// A Crazyhouse game between `white` and `black`, resigned by White.
fn resigned(white: &str, black: &str, at: u64) -> ZhGame {
    let mut g = ZhGame::new(ZhSetup {
        white: white.into(),
        black: black.into(),
        control: TimeControl::sudden_death(60_000),
        mode: InputMode::Clock,
        start_fen: None,
        opening: Vec::new(),
        recorded: None,
    })
    .unwrap();
    g.apply(
        at,
        ZhEvent::Resign {
            colour: Colour::White,
        },
    )
    .unwrap();
    g
}

#[test]
fn ce_4_a_finished_duel_enters_in_the_table_players_order() {
    let mut tonight = evening(&["Dana", "Yossi", "Noa"]);
    let proposal = propose(&tonight, ClubGame::Crazyhouse, &[7; 32]).unwrap();
    let players = proposal.players.clone();
    tonight.start(&proposal, players.clone()).unwrap();
    // The game seated them the other way round from the table's order.
    let (first, second) = (
        &tonight.people[players[0]].name,
        &tonight.people[players[1]].name,
    );
    let game = resigned(&second.to_uppercase(), first, 1_000);
    let end = game
        .club_end(&PgnInfo::default())
        .expect("the game is over");
    tonight.enter(end).unwrap();
    let result = tonight.games[0].result.as_ref().unwrap();
    // White (the table's second) resigned: the table's first won.
    assert_eq!(
        result.outcomes,
        vec![PlayerOutcome::Won, PlayerOutcome::Lost]
    );
    assert_eq!(tonight.games_played(players[0]), 1);
    assert!(tonight.in_progress().is_none());
}

#[test]
fn ce_4_a_game_that_is_not_tonights_changes_nothing() {
    let mut tonight = evening(&["Dana", "Yossi", "Noa"]);
    let running = resigned("Dana", "Yossi", 1_000);
    assert_eq!(
        tonight.enter(running.club_end(&PgnInfo::default()).unwrap()),
        Err(ClubError::NoGameInProgress)
    );
    let proposal = propose(&tonight, ClubGame::Crazyhouse, &[1; 32]).unwrap();
    tonight.start(&proposal, proposal.players.clone()).unwrap();
    let names: Vec<String> = proposal
        .players
        .iter()
        .map(|id| tonight.people[*id].name.clone())
        .collect();
    let before = tonight.clone();
    // Another name, another kind of game, a game still running: refused.
    let stranger = resigned(&names[0], "Avi", 1_000);
    assert_eq!(
        tonight.enter(stranger.club_end(&PgnInfo::default()).unwrap()),
        Err(ClubError::NotTonightsGame)
    );
    let mut other_kind = resigned(&names[0], &names[1], 1_000)
        .club_end(&PgnInfo::default())
        .unwrap();
    other_kind.game = ClubGame::Undo;
    assert_eq!(tonight.enter(other_kind), Err(ClubError::NotTonightsGame));
    assert!(
        ZhGame::new(ZhSetup {
            white: names[0].clone(),
            black: names[1].clone(),
            control: TimeControl::sudden_death(60_000),
            mode: InputMode::Clock,
            start_fen: None,
            opening: Vec::new(),
            recorded: None,
        })
        .unwrap()
        .club_end(&PgnInfo::default())
        .is_none(),
        "a running game has no end to enter"
    );
    assert_eq!(tonight, before);

    // The right game enters once; its record a second time is refused.
    let game = resigned(&names[0], &names[1], 2_000);
    let end = game.club_end(&PgnInfo::default()).unwrap();
    tonight.enter(end.clone()).unwrap();
    let proposal = propose(&tonight, ClubGame::Crazyhouse, &[2; 32]).unwrap();
    tonight.start(&proposal, proposal.players.clone()).unwrap();
    let mut again = end;
    again.names = proposal
        .players
        .iter()
        .map(|id| tonight.people[*id].name.clone())
        .collect();
    assert_eq!(tonight.enter(again), Err(ClubError::NotTonightsGame));
}
