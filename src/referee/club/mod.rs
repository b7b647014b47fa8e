//! A club evening (RULES "Club evening", CE-1…CE-4): the people at the table
//! tonight, the games they played, who plays next and tonight's standings.
//! Pure and deterministic like every referee piece: the random tie-break of a
//! proposal takes its 32 bytes from the caller.
//!
//! - [`Tonight`]: who is present (CE-1) and every game started tonight, with
//!   the proposal it came from, so an override stays recorded (CE-2).
//! - [`rotation`]: the proposal for the next game (CE-2) and Swedish chess's
//!   partners (CE-3).
//! - [`standings`]: tonight's table (CE-4).

pub mod outcomes;
pub mod record;
pub mod rotation;
pub mod standings;

use crate::referee::Colour;
use crate::referee::bughouse::{BoardId, Seat as BhSeat};
use crate::referee::names::{NameProblem, check_name, comparison_key};
use std::fmt;

/// Swedish chess's seats in the order of [`TableGame::players`]: board A
/// White, board A Black, board B White, board B Black.
pub const BUGHOUSE_SEATS: [BhSeat; 4] = [
    BhSeat {
        board: BoardId::A,
        colour: Colour::White,
    },
    BhSeat {
        board: BoardId::A,
        colour: Colour::Black,
    },
    BhSeat {
        board: BoardId::B,
        colour: Colour::White,
    },
    BhSeat {
        board: BoardId::B,
        colour: Colour::Black,
    },
];

/// A person at the table tonight: their place in [`Tonight::people`].
pub type PersonId = usize;

/// The games an evening can hold, with how many play each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ClubGame {
    Nordau,
    Crazyhouse,
    Bughouse,
    Cards,
    Undo,
}

impl ClubGame {
    pub const ALL: [ClubGame; 5] = [
        ClubGame::Nordau,
        ClubGame::Crazyhouse,
        ClubGame::Bughouse,
        ClubGame::Cards,
        ClubGame::Undo,
    ];

    /// Players per game (CE-2): Nordau Shift 3, Swedish chess 4, the duels 2.
    pub fn players(self) -> usize {
        match self {
            ClubGame::Nordau => 3,
            ClubGame::Bughouse => 4,
            ClubGame::Crazyhouse | ClubGame::Cards | ClubGame::Undo => 2,
        }
    }

    /// The id written in the evening's record (the game module's own id).
    pub fn id(self) -> &'static str {
        match self {
            ClubGame::Nordau => "nordau",
            ClubGame::Crazyhouse => "crazyhouse",
            ClubGame::Bughouse => "bughouse",
            ClubGame::Cards => "cards",
            ClubGame::Undo => "undo",
        }
    }
}

/// One person tonight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    pub name: String,
    pub present: bool,
    /// Waiting since (CE-2): the number of games finished tonight when they
    /// last finished a game, arrived or came back. Smaller waited longer.
    pub waiting_since: usize,
}

/// How a game ended for one of its players (CE-4). In Nordau Shift the
/// people on the winning and the losing seat win and lose, the Observer
/// neither; a draw is drawn for all three.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerOutcome {
    Won,
    Drawn,
    Lost,
    /// Nordau Shift's Observer at a decisive end: played, neither won nor lost.
    Observed,
}

/// A game started at the table tonight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableGame {
    pub game: ClubGame,
    /// Who played, in the game's seat order (a duel: White, Black; Swedish
    /// chess: board A White, board A Black, board B White, board B Black;
    /// Nordau Shift: the three, seated by the game's own draw).
    pub players: Vec<PersonId>,
    /// What the app proposed (CE-2), in the same order.
    pub proposed: Vec<PersonId>,
    /// The proposal's last places were decided by a random draw among equals.
    pub tie_drawn: bool,
    /// Once finished: how it ended, and its record.
    pub result: Option<TableResult>,
}

/// How a game at the table ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableResult {
    /// Each player's outcome, in `players` order.
    pub outcomes: Vec<PlayerOutcome>,
    /// Nordau Shift's seat points (NS-8) per player; none in other games.
    pub seat_points: Option<Vec<u32>>,
    /// The game's own exported record (PGN, BPGN or its log), which goes
    /// home with the evening (CE-5).
    pub record: String,
}

impl TableResult {
    /// One outcome per player of `game`, and seat points in Nordau Shift only.
    pub fn fits(&self, game: ClubGame) -> bool {
        let n = game.players();
        let points = match (&self.seat_points, game) {
            (Some(p), ClubGame::Nordau) => p.len() == n,
            (None, ClubGame::Nordau) => false,
            (points, _) => points.is_none(),
        };
        self.outcomes.len() == n && points
    }
}

impl TableGame {
    /// The table changed the proposal (CE-2): recorded, never hidden.
    pub fn overridden(&self) -> bool {
        self.players != self.proposed
    }

    pub fn finished(&self) -> bool {
        self.result.is_some()
    }
}

/// A game as it ended in its module: the names in its own seat order (the
/// order of [`TableResult::outcomes`]), its kind and result. The evening
/// enters it in the game being played when it is that game (`Tonight::enter`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub game: ClubGame,
    pub names: Vec<String>,
    pub result: TableResult,
}

/// Why the evening refused a change (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClubError {
    /// The one name rule of every game (docs/rules.md): refused, never stripped.
    Name(NameProblem),
    NameTaken(String),
    NoSuchPerson(PersonId),
    /// Fewer free people present than the game needs.
    TooFew {
        needed: usize,
        free: usize,
    },
    /// The same person twice, someone absent, or someone still in a game.
    NotAvailable(PersonId),
    WrongPlayerCount {
        needed: usize,
        got: usize,
    },
    NoGameInProgress,
    GameInProgress,
    WrongOutcomeCount,
    /// A game ended that is not the one tonight's table started (another
    /// game, other names), or one already entered.
    NotTonightsGame,
}

impl fmt::Display for ClubError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClubError::Name(problem) => write!(f, "the name {problem}"),
            ClubError::NameTaken(n) => write!(f, "{n} is already at the table"),
            ClubError::NoSuchPerson(id) => write!(f, "no person #{id} tonight"),
            ClubError::TooFew { needed, free } => {
                write!(f, "this game needs {needed} players; {free} are free")
            }
            ClubError::NotAvailable(id) => {
                write!(
                    f,
                    "person #{id} cannot play now (absent, twice, or in a game)"
                )
            }
            ClubError::WrongPlayerCount { needed, got } => {
                write!(f, "this game needs {needed} players, not {got}")
            }
            ClubError::NoGameInProgress => write!(f, "no game is being played"),
            ClubError::GameInProgress => write!(f, "a game is being played at the table"),
            ClubError::NotTonightsGame => {
                write!(f, "this game is not the one tonight's table is playing")
            }
            ClubError::WrongOutcomeCount => write!(
                f,
                "one outcome per player is needed (and, in Nordau Shift only, their seat points)"
            ),
        }
    }
}

/// Tonight at one table (CE-1, CE-2): people come and go, games start and
/// finish one at a time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tonight {
    pub people: Vec<Person>,
    pub games: Vec<TableGame>,
}

impl Tonight {
    pub fn new() -> Tonight {
        Tonight::default()
    }

    fn finished_count(&self) -> usize {
        self.games.iter().filter(|g| g.finished()).count()
    }

    /// CE-1: someone arrives. A name already tonight (present or gone) is
    /// refused: that person comes [`Tonight::back`] with their results.
    pub fn arrive(&mut self, name: &str) -> Result<PersonId, ClubError> {
        check_name(name).map_err(ClubError::Name)?;
        let key = comparison_key(name);
        if self.people.iter().any(|p| comparison_key(&p.name) == key) {
            return Err(ClubError::NameTaken(name.to_owned()));
        }
        self.people.push(Person {
            name: name.to_owned(),
            present: true,
            waiting_since: self.finished_count(),
        });
        Ok(self.people.len() - 1)
    }

    /// CE-1: someone leaves; their results stay in tonight's table. One who
    /// is in the game being played leaves once it is finished.
    pub fn leave(&mut self, id: PersonId) -> Result<(), ClubError> {
        if self.busy().contains(&id) {
            return Err(ClubError::GameInProgress);
        }
        self.person_mut(id)?.present = false;
        Ok(())
    }

    /// CE-1: someone who left comes back: waiting from now, not from before.
    pub fn back(&mut self, id: PersonId) -> Result<(), ClubError> {
        let since = self.finished_count();
        let person = self.person_mut(id)?;
        if !person.present {
            person.present = true;
            person.waiting_since = since;
        }
        Ok(())
    }

    fn person_mut(&mut self, id: PersonId) -> Result<&mut Person, ClubError> {
        self.people.get_mut(id).ok_or(ClubError::NoSuchPerson(id))
    }

    /// The game being played, if any.
    pub fn in_progress(&self) -> Option<&TableGame> {
        self.games.last().filter(|g| !g.finished())
    }

    /// Who plays the game in progress.
    pub fn busy(&self) -> Vec<PersonId> {
        self.in_progress()
            .map(|g| g.players.clone())
            .unwrap_or_default()
    }

    /// Present and not playing: who may be proposed.
    pub fn free(&self) -> Vec<PersonId> {
        let busy = self.busy();
        (0..self.people.len())
            .filter(|id| self.people[*id].present && !busy.contains(id))
            .collect()
    }

    /// Games finished tonight by `id`.
    pub fn games_played(&self, id: PersonId) -> usize {
        self.games
            .iter()
            .filter(|g| g.finished() && g.players.contains(&id))
            .count()
    }

    /// Starts `game` with `players` (the proposal or the table's change of
    /// it). Checked completely first: the right number of distinct, free
    /// people, and no game still being played.
    pub fn start(
        &mut self,
        proposal: &rotation::Proposal,
        players: Vec<PersonId>,
    ) -> Result<(), ClubError> {
        if self.in_progress().is_some() {
            return Err(ClubError::GameInProgress);
        }
        let needed = proposal.game.players();
        if players.len() != needed {
            return Err(ClubError::WrongPlayerCount {
                needed,
                got: players.len(),
            });
        }
        let free = self.free();
        for (i, id) in players.iter().enumerate() {
            if !free.contains(id) || players[..i].contains(id) {
                return Err(ClubError::NotAvailable(*id));
            }
        }
        self.games.push(TableGame {
            game: proposal.game,
            players,
            proposed: proposal.players.clone(),
            tie_drawn: proposal.tie_drawn,
            result: None,
        });
        Ok(())
    }

    /// The game in progress ends: one outcome per player (and Nordau Shift's
    /// seat points). Its players wait from now.
    pub fn finish(&mut self, result: TableResult) -> Result<(), ClubError> {
        let game = self.in_progress().ok_or(ClubError::NoGameInProgress)?;
        if !result.fits(game.game) {
            return Err(ClubError::WrongOutcomeCount);
        }
        let since = self.finished_count() + 1;
        let game = self.games.last_mut().expect("a game is in progress");
        game.result = Some(result);
        for id in game.players.clone() {
            self.people[id].waiting_since = since;
        }
        Ok(())
    }

    /// A game ended in its module (CE-4): entered in the game being played
    /// when it is the same kind of game with the same people (names compared
    /// as the name rule compares them), in whatever seats the game gave them;
    /// its outcomes are put in the table game's player order. Anything else
    /// (a game played outside the evening, names changed in its setup, a
    /// record entered already) is refused and changes nothing.
    pub fn enter(&mut self, end: GameEnd) -> Result<(), ClubError> {
        let playing = self.in_progress().ok_or(ClubError::NoGameInProgress)?;
        let entered = self.games.iter().any(|g| {
            g.result
                .as_ref()
                .is_some_and(|r| r.record == end.result.record)
        });
        if playing.game != end.game
            || entered
            || !end.result.fits(end.game)
            || end.names.len() != playing.players.len()
        {
            return Err(ClubError::NotTonightsGame);
        }
        let keys: Vec<String> = end.names.iter().map(|n| comparison_key(n)).collect();
        let mut order = Vec::with_capacity(keys.len());
        for id in &playing.players {
            let key = comparison_key(&self.people[*id].name);
            match keys.iter().position(|k| *k == key) {
                Some(at) if !order.contains(&at) => order.push(at),
                _ => return Err(ClubError::NotTonightsGame),
            }
        }
        let result = &end.result;
        self.finish(TableResult {
            outcomes: order.iter().map(|&at| result.outcomes[at]).collect(),
            seat_points: result
                .seat_points
                .as_ref()
                .map(|points| order.iter().map(|&at| points[at]).collect()),
            record: end.result.record,
        })
    }

    /// The game in progress is given up: it leaves no result, and its
    /// players wait as they did before it.
    pub fn abandon(&mut self) -> Result<(), ClubError> {
        self.in_progress().ok_or(ClubError::NoGameInProgress)?;
        self.games.pop();
        Ok(())
    }
}
