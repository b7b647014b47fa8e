//! Helpers shared by the referee integration tests.
#![allow(dead_code)]

use nordau_shift::referee::module::GameModule;
use nordau_shift::referee::nordau::verify::{Report, schedule};
use nordau_shift::referee::{Colour, Event, Game, InputMode, Setup};

pub const NAMES: [&str; 3] = ["Anna", "Boris", "Chen"];

/// Deterministic seed number `i`.
pub fn seed(i: u64) -> [u8; 32] {
    let mut s = [0u8; 32];
    s[..8].copy_from_slice(&i.to_le_bytes());
    s[31] = 0x5a;
    s
}

/// The first seed (by number) whose schedule satisfies `pred`.
pub fn seed_where(setup: &Setup, pred: impl Fn(&Report) -> bool) -> [u8; 32] {
    (0..100_000)
        .map(seed)
        .find(|s| pred(&schedule(setup, s, &[] as &[&str], 8)))
        .expect("some seed fits")
}

/// Standard setup with a fixed shift length.
pub fn fixed(len: u32) -> Setup {
    let mut s = Setup::standard(NAMES);
    s.min_shift = len;
    s.max_shift = len;
    s
}

pub fn game(setup: Setup, seed: [u8; 32], mode: InputMode) -> Game {
    Game::new(setup, seed, Vec::new(), mode).expect("valid setup")
}

/// Applies events, panicking with context on refusal.
pub fn play(g: &mut Game, events: &[(u64, Event)]) {
    for (t, e) in events {
        if let Err(err) = g.apply(*t, e.clone()) {
            panic!("event {e:?} at {t} refused: {err}");
        }
    }
}

pub fn mv(s: &str) -> Event {
    Event::Move { mv: s.to_owned() }
}

pub fn name(g: &Game, c: Colour) -> String {
    let v = g.view(0);
    match c {
        Colour::White => v.white,
        Colour::Black => v.black,
    }
}
