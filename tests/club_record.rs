//! The evening's stored record ("club.tonight", CE-1…CE-5): a golden fixture
//! that must never change (saves on players' phones are sacred), a round
//! trip, and damaged records refused with their reason, never half-loaded
//! and never a panic.
//!
//! `UPDATE_CLUB_FIXTURE=1 cargo test --test club_record` writes the fixture
//! from the generator below: only for a new format version, on purpose.
#![cfg(not(target_arch = "wasm32"))]

use nordau_shift::referee::club::record::TonightError;
use nordau_shift::referee::club::rotation::propose;
use nordau_shift::referee::club::standings::table;
use nordau_shift::referee::club::{ClubGame, PlayerOutcome, TableResult, Tonight};
use proptest::prelude::*;
use std::path::Path;

const FIXTURE: &str = "tests/fixtures/club/tonight-v1.json";

/// Seven people, a late arrival, one who leaves, an override, a game of
/// every kind and one still being played: every field the format has.
fn generated() -> Tonight {
    use PlayerOutcome::*;
    let mut t = Tonight::new();
    for name in ["Anna", "Boris", "Chen", "Dana", "Eli", "Фатима", "Gil"] {
        t.arrive(name).unwrap();
    }
    let play = |t: &mut Tonight,
                game: ClubGame,
                seed: u8,
                outcomes: Vec<PlayerOutcome>,
                points: Option<Vec<u32>>,
                swap: bool| {
        let p = propose(t, game, &[seed; 32]).unwrap();
        let mut players = p.players.clone();
        if swap {
            let out = t
                .free()
                .into_iter()
                .find(|id| !players.contains(id))
                .unwrap();
            players[0] = out;
        }
        t.start(&p, players).unwrap();
        let record = format!("[Event \"{} {seed}\"]\n\n1. e4 *\n", game.id());
        t.finish(TableResult {
            outcomes,
            seat_points: points,
            record,
        })
        .unwrap();
    };
    play(
        &mut t,
        ClubGame::Nordau,
        1,
        vec![Won, Lost, Observed],
        Some(vec![2, 0, 1]),
        false,
    );
    play(
        &mut t,
        ClubGame::Bughouse,
        2,
        vec![Won, Lost, Lost, Won],
        None,
        false,
    );
    t.arrive("Hana").unwrap();
    play(
        &mut t,
        ClubGame::Crazyhouse,
        3,
        vec![Drawn, Drawn],
        None,
        true,
    );
    t.leave(1).unwrap();
    play(&mut t, ClubGame::Cards, 4, vec![Lost, Won], None, false);
    play(&mut t, ClubGame::Undo, 5, vec![Won, Lost], None, false);
    let p = propose(&t, ClubGame::Nordau, &[6; 32]).unwrap();
    t.start(&p, p.players.clone()).unwrap();
    t
}

/// What the fixture means, written by hand from public fields.
fn summary(t: &Tonight) -> String {
    let mut out = String::new();
    for (id, p) in t.people.iter().enumerate() {
        out += &format!(
            "{id} {} present={} since={} games={}\n",
            p.name,
            p.present,
            p.waiting_since,
            t.games_played(id)
        );
    }
    for g in &t.games {
        out += &format!(
            "{} {:?} proposed {:?} override={} tie={} ",
            g.game.id(),
            g.players,
            g.proposed,
            g.overridden(),
            g.tie_drawn
        );
        match &g.result {
            Some(r) => {
                out += &format!("{:?} {:?} {}B\n", r.outcomes, r.seat_points, r.record.len())
            }
            None => out += "playing\n",
        }
    }
    for game in ClubGame::ALL {
        for (id, l) in table(t, game) {
            out += &format!(
                "{} {id}: {}/{}/{}/{} pts {}\n",
                game.id(),
                l.played,
                l.won,
                l.drawn,
                l.lost,
                l.seat_points
            );
        }
    }
    out
}

#[test]
fn the_golden_evening_loads_means_the_same_and_is_written_back_byte_for_byte() {
    let made = generated();
    if std::env::var_os("UPDATE_CLUB_FIXTURE").is_some() {
        std::fs::write(FIXTURE, made.to_text()).unwrap();
        std::fs::write(format!("{FIXTURE}.expect.txt"), summary(&made)).unwrap();
    }
    let text = std::fs::read_to_string(FIXTURE).expect("the fixture");
    let loaded = Tonight::from_text(&text).expect("the golden evening loads");
    assert_eq!(
        summary(&loaded),
        std::fs::read_to_string(format!("{FIXTURE}.expect.txt")).unwrap()
    );
    assert_eq!(loaded.to_text(), text, "written back, byte for byte");
    assert_eq!(
        made.to_text(),
        text,
        "the generator writes the committed fixture"
    );
    assert!(Path::new(FIXTURE).exists());
}

#[test]
fn ce_4_the_golden_evening_adds_up() {
    let t = generated();
    // Nordau Shift: 2/0/1 given once; nothing of it in any other game's lines.
    let nordau = table(&t, ClubGame::Nordau);
    assert_eq!(nordau.iter().map(|(_, l)| l.seat_points).sum::<u32>(), 3);
    assert_eq!(nordau.iter().map(|(_, l)| l.won).sum::<usize>(), 1);
    for game in [
        ClubGame::Bughouse,
        ClubGame::Crazyhouse,
        ClubGame::Cards,
        ClubGame::Undo,
    ] {
        assert!(table(&t, game).iter().all(|(_, l)| l.seat_points == 0));
    }
    assert_eq!(
        t.games.iter().filter(|g| g.overridden()).count(),
        1,
        "the override is recorded"
    );
    assert!(
        !t.people[1].present && t.games_played(1) > 0,
        "Boris left and kept his games"
    );
}

/// A copy of the golden record with one change in its JSON tree.
fn damaged(edit: impl FnOnce(&mut serde_json::Value)) -> String {
    let mut v: serde_json::Value = serde_json::from_str(&generated().to_text()).unwrap();
    edit(&mut v);
    v.to_string()
}

#[test]
fn a_damaged_evening_is_refused_with_its_reason() {
    let cases: Vec<(String, &str)> = vec![
        ("".into(), "unexpected end of text"),
        ("{\"version\":1}".into(), "missing field `people`"),
        (
            damaged(|v| v["people"][2]["name"] = " Chen".into()),
            "person 3: the name starts or ends with a space",
        ),
        (
            damaged(|v| v["people"][3]["name"] = "ANNA".into()),
            "ANNA is listed twice",
        ),
        (
            damaged(|v| v["games"][0]["players"][1] = v["games"][0]["players"][0].clone()),
            "game 1: no such player",
        ),
        (
            damaged(|v| v["games"][1]["players"][3] = 99.into()),
            "game 2: no such player #99",
        ),
        (
            damaged(|v| v["games"][2]["proposed"] = serde_json::json!([0])),
            "game 3: 1 players, not 2",
        ),
        (
            damaged(|v| v["games"][0]["result"] = serde_json::Value::Null),
            "game 1: unfinished, yet not the last",
        ),
        (
            damaged(|v| v["games"][3]["result"]["seat_points"] = serde_json::json!([2, 0])),
            "game 4: outcomes or seat points",
        ),
        (
            damaged(|v| v["games"][0]["result"]["outcomes"][0] = "victory".into()),
            "unknown variant `victory`",
        ),
        (
            damaged(|v| v["games"][0]["game"] = "go".into()),
            "unknown variant `go`",
        ),
        (
            damaged(|v| v["people"][0]["waiting_since"] = 40.into()),
            "Anna waits since a game not yet played",
        ),
    ];
    for (text, why) in cases {
        match Tonight::from_text(&text) {
            Err(TonightError::Corrupt(e)) => assert!(e.contains(why), "{e:?} does not say {why:?}"),
            other => panic!("{why}: {other:?}"),
        }
    }
    assert_eq!(
        Tonight::from_text(&damaged(|v| v["version"] = 2.into())),
        Err(TonightError::Newer { found: 2 })
    );
}

proptest! {
    /// Whatever arrives (a cut or mangled save, a hostile link): refused or
    /// read, never a panic; what is read is a valid evening that writes
    /// itself back the same.
    #[test]
    fn any_text_is_refused_or_read_never_a_panic(cut in 0usize..4000, at in 0usize..4000, byte in any::<u8>()) {
        let golden = generated().to_text().into_bytes();
        let mut bytes = golden[..cut.min(golden.len())].to_vec();
        if !bytes.is_empty() { let i = at % bytes.len(); bytes[i] = byte; }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(t) = Tonight::from_text(&text) {
            prop_assert_eq!(Tonight::from_text(&t.to_text()).unwrap(), t);
        }
    }
}

/// CE: "an evening of 60 games fits comfortably in storage". Sixty games
/// with real records (the longest PGN and BPGN fixtures, a 4 KB Crazyhouse
/// game among them) and eleven people: the stored evening's size, printed
/// and stated in docs/club.md.
#[test]
fn an_evening_of_sixty_games_fits_comfortably_in_storage() {
    let records: Vec<String> = [
        "tests/fixtures/crazyhouse/random-2.pgn",
        "tests/fixtures/crazyhouse/random-3.pgn",
        "tests/fixtures/saves/nordau/nordau-log-correction.pgn",
        "tests/fixtures/saves/cards/cs8_blind_board_resigned_reveal.pgn",
        "tests/fixtures/saves/undo/uc1_drawn_board_started_reveal.pgn",
    ]
    .iter()
    .map(|p| std::fs::read_to_string(p).expect(p))
    .collect();
    let mut t = Tonight::new();
    for name in [
        "Anna", "Boris", "Chen", "Dana", "Eli", "Fatma", "Gil", "Hana", "Ivan", "Jo", "Kira",
    ] {
        t.arrive(name).unwrap();
    }
    for i in 0..60usize {
        let game = ClubGame::ALL[i % 5];
        let p = propose(&t, game, &[i as u8; 32]).unwrap();
        t.start(&p, p.players.clone()).unwrap();
        let outcomes = match game {
            ClubGame::Nordau => vec![PlayerOutcome::Drawn; 3],
            ClubGame::Bughouse => vec![
                PlayerOutcome::Won,
                PlayerOutcome::Lost,
                PlayerOutcome::Lost,
                PlayerOutcome::Won,
            ],
            _ => vec![PlayerOutcome::Won, PlayerOutcome::Lost],
        };
        let seat_points = (game == ClubGame::Nordau).then(|| vec![1, 1, 1]);
        t.finish(TableResult {
            outcomes,
            seat_points,
            record: records[i % records.len()].clone(),
        })
        .unwrap();
    }
    let bytes = t.to_text().len();
    let records_bytes: usize = t
        .games
        .iter()
        .map(|g| g.result.as_ref().unwrap().record.len())
        .sum();
    println!(
        "Club evening: 60 games, 11 people: {bytes} B stored, of which {records_bytes} B the games' own records"
    );
    assert_eq!(Tonight::from_text(&t.to_text()).unwrap(), t);
    // A phone's storage for this origin is at least 5 MB (localStorage);
    // the evening takes a small part, leaving the games' saves their room.
    assert!(bytes <= 256 * 1024, "{bytes} B");
}
