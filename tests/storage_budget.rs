//! What an evening costs in storage (issue #13: "an evening of 50 games keeps
//! storage bounded"). Each module keeps one save: Nordau the table — the
//! session's finished games as one summary line each (score, seats, and the
//! revealed commitment to verify), plus the one game being played with its
//! full log; Crazyhouse the one game being played (a finished game leaves as
//! its PGN). The measured bytes are printed and stated in docs/reliability.md.
#![cfg(not(target_arch = "wasm32"))]

mod nordau_common;

use nordau_common::{NAMES, seed};
use nordau_shift::referee::module::{GameModule, Logged};
use nordau_shift::referee::{
    Colour, Event, GameError, InputMode, Setup, Table, TableError, TimeControl, ZhEvent, ZhGame,
    ZhSetup,
};

/// Plays one clock-mode game at the table: `presses` taps (each swap seated
/// three seconds later), then White resigns. Returns the time after it.
fn play_clock_game(table: &mut Table, mut t: u64, presses: usize) -> u64 {
    table.start(vec![String::new(); 3]).unwrap();
    table.apply(t, Event::Start).unwrap();
    for _ in 0..presses {
        t += 2_000;
        match table.apply(t, Event::Press) {
            Ok(()) => {}
            Err(TableError::Game(GameError::AwaitingSeated)) => {
                table.apply(t, Event::Seated).unwrap();
                table.apply(t, Event::Press).unwrap();
            }
            Err(e) => panic!("press refused: {e}"),
        }
        if table.apply(t + 1_000, Event::Seated).is_ok() {
            t += 1_000;
        }
    }
    t += 1_000;
    table
        .apply(
            t,
            Event::Resign {
                seat: Colour::White,
            },
        )
        .unwrap();
    t
}

#[test]
fn an_evening_of_fifty_nordau_games_grows_the_save_by_a_few_hundred_bytes_a_game() {
    let mut table = Table::default();
    table
        .commit(Setup::standard(NAMES), seed(1), InputMode::Clock)
        .unwrap();
    let mut t = 0;
    let mut sizes = Vec::new();
    for game in 0..50u64 {
        if game > 0 {
            table.next_game(seed(1 + game)).unwrap();
        }
        t = play_clock_game(&mut table, t + 60_000, 40);
        sizes.push(table.to_json().len());
    }
    let session = table.session.as_ref().unwrap();
    assert_eq!(session.games.len(), 50, "every game is in the session");
    // The last game's own log is in the save too; what grows is one summary per game.
    let per_game = (sizes[49] - sizes[0]) as f64 / 49.0;
    let total = sizes[49];
    println!(
        "Nordau: save after 1 game {} B, after 50 games {total} B, {per_game:.0} B per finished game",
        sizes[0]
    );
    assert!(per_game <= 700.0, "{per_game:.0} B per finished game");
    assert!(total <= 48 * 1024, "{total} B after 50 games");
    // And what is kept is enough to verify each game later (NS-11).
    assert!(session.draws.iter().all(|d| d.seed_hex.len() == 64));
}

#[test]
fn a_long_crazyhouse_game_is_one_small_save() {
    let mut g = ZhGame::new(ZhSetup {
        white: "Dana".into(),
        black: "Yossi".into(),
        control: TimeControl::fischer(300_000, 3_000),
        mode: InputMode::Clock,
        start_fen: None,
        opening: Vec::new(),
        recorded: None,
    })
    .unwrap();
    g.apply(0, ZhEvent::Start).unwrap();
    let empty = g.to_json().len();
    // 120 moves a side: a long blitz game, tapped.
    for i in 1..=240u64 {
        g.apply(i * 1_000, ZhEvent::Press).unwrap();
    }
    let per_event = (g.to_json().len() - empty) as f64 / 240.0;
    println!(
        "Crazyhouse: {} B for a 240-tap game, {per_event:.0} B per event",
        g.to_json().len()
    );
    assert!(per_event <= 48.0, "{per_event:.0} B per event");
    assert!(g.to_json().len() <= 16 * 1024);
}
