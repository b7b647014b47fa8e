//! Who plays next (CE-2) and, in Swedish chess, with whom (CE-3).
//!
//! Of the people present and not in a game, those with the fewest games
//! tonight come first, then those waiting longest since their last game
//! (or since they arrived or came back). Equals are put in a random order
//! first, drawn from the caller's 32 bytes, and the proposal says when that
//! draw decided who plays. The proposal is only that: [`super::Tonight::start`]
//! takes whatever players the table settles on and records both.

use super::{BUGHOUSE_SEATS, ClubError, ClubGame, PersonId, Tonight};
use crate::referee::bughouse::Team;
use crate::referee::draw::DrawStream;
use crate::referee::small_sort;

/// The draw streams of one proposal's 32 bytes: one per use, so a change in
/// one (say, the seat order) never moves another.
const STREAM_TIES: u64 = 0;
const STREAM_SEATS: u64 = 1;
const STREAM_PARTNERS: u64 = 2;

/// What the app proposes for the next game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Proposal {
    pub game: ClubGame,
    /// In the game's seat order (see [`super::TableGame::players`]).
    pub players: Vec<PersonId>,
    /// A random draw among equals decided who plays (CE-2: the screen says so).
    pub tie_drawn: bool,
    /// The equals that draw chose among (empty when none was needed).
    pub drawn_among: Vec<PersonId>,
    /// Swedish chess: the partners were drawn among equally fresh pairings.
    pub partners_drawn: bool,
}

/// CE-2's order: fewest games, then longest waiting.
fn rank(tonight: &Tonight, id: PersonId) -> (usize, usize) {
    (tonight.games_played(id), tonight.people[id].waiting_since)
}

/// The proposal for `game` now (CE-2, and CE-3 for Swedish chess).
pub fn propose(
    tonight: &Tonight,
    game: ClubGame,
    random: &[u8; 32],
) -> Result<Proposal, ClubError> {
    let needed = game.players();
    let mut free = tonight.free();
    if free.len() < needed {
        return Err(ClubError::TooFew {
            needed,
            free: free.len(),
        });
    }
    // Equals in a random order, then the stable sort keeps it among them.
    DrawStream::new(random, STREAM_TIES).shuffle(&mut free);
    small_sort::sort_by_key(&mut free, |id| rank(tonight, *id));
    let cut = free.get(needed).map(|next| rank(tonight, *next));
    let last = rank(tonight, free[needed - 1]);
    let tie_drawn = cut == Some(last);
    let drawn_among = if tie_drawn {
        let mut among: Vec<PersonId> = free
            .iter()
            .copied()
            .filter(|id| rank(tonight, *id) == last)
            .collect();
        small_sort::sort(&mut among);
        among
    } else {
        Vec::new()
    };
    let mut players: Vec<PersonId> = free[..needed].to_vec();
    let mut partners_drawn = false;
    if game == ClubGame::Bughouse {
        let (seated, drawn) = partners(tonight, &players, random);
        players = seated.to_vec();
        partners_drawn = drawn;
    } else {
        DrawStream::new(random, STREAM_SEATS).shuffle(&mut players);
    }
    Ok(Proposal {
        game,
        players,
        tie_drawn,
        drawn_among,
        partners_drawn,
    })
}

/// Swedish chess's teams, team 1 first, from the players in seat order
/// ([`BUGHOUSE_SEATS`]; team 1 is board A White and board B Black).
pub fn teams(seats: &[PersonId]) -> [[PersonId; 2]; 2] {
    let of = |team: Team| {
        let mut on = seats
            .iter()
            .zip(BUGHOUSE_SEATS)
            .filter(|(_, s)| s.team() == team)
            .map(|(p, _)| *p);
        [
            on.next().expect("two per team"),
            on.next().expect("two per team"),
        ]
    };
    [of(Team::One), of(Team::Two)]
}

/// How often `a` and `b` were partners, and how often opponents, in the
/// Swedish chess games finished tonight.
pub fn met(tonight: &Tonight, a: PersonId, b: PersonId) -> (usize, usize) {
    let mut together = (0, 0);
    for g in tonight
        .games
        .iter()
        .filter(|g| g.game == ClubGame::Bughouse && g.finished())
    {
        let [t1, t2] = teams(&g.players);
        let on = |team: &[PersonId; 2], p| team.contains(&p);
        if (on(&t1, a) && on(&t1, b)) || (on(&t2, a) && on(&t2, b)) {
            together.0 += 1;
        } else if (on(&t1, a) && on(&t2, b)) || (on(&t2, a) && on(&t1, b)) {
            together.1 += 1;
        }
    }
    together
}

/// CE-3: of the three ways to split four into two teams, the one whose
/// partners played together least tonight, then whose opponents met least;
/// equals drawn. Returns the seats (team 1 on board A White and board B
/// Black) and whether a draw decided the teams.
fn partners(tonight: &Tonight, four: &[PersonId], random: &[u8; 32]) -> ([PersonId; 4], bool) {
    let [a, b, c, d] = [four[0], four[1], four[2], four[3]];
    let mut splits = [[[a, b], [c, d]], [[a, c], [b, d]], [[a, d], [b, c]]];
    let mut stream = DrawStream::new(random, STREAM_PARTNERS);
    stream.shuffle(&mut splits);
    let cost = |[t1, t2]: &[[PersonId; 2]; 2]| {
        let partnered = met(tonight, t1[0], t1[1]).0 + met(tonight, t2[0], t2[1]).0;
        let opposed: usize = t1
            .iter()
            .flat_map(|x| t2.iter().map(move |y| met(tonight, *x, *y).1))
            .sum();
        (partnered, opposed)
    };
    let best = splits.iter().map(cost).min().expect("three splits");
    let drawn = splits.iter().filter(|s| cost(s) == best).count() > 1;
    let [mut t1, mut t2] = *splits
        .iter()
        .find(|s| cost(s) == best)
        .expect("the best split");
    // Who sits on which board, within each team: drawn too.
    stream.shuffle(&mut t1);
    stream.shuffle(&mut t2);
    // Each team's two into its seats, in seat order (t1 is team 1).
    let mut next = [t1.into_iter(), t2.into_iter()];
    let seats = BUGHOUSE_SEATS.map(|seat| {
        let team = usize::from(seat.team() == Team::Two);
        next[team].next().expect("two seats per team")
    });
    (seats, drawn)
}
