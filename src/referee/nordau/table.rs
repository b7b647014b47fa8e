//! The table: everything the phone between three players keeps over an evening —
//! the session's running score, the game in play (or just finished), and a game
//! whose commitment is shown but which has not started. The UI stores it after
//! every event and restores it after a reload; a restored table is the replay of
//! the stored logs, so it is exactly the table that was saved.

use crate::referee::commitment::{HexError, parse_hex32};
use crate::referee::nordau::game::{Event, Game, GameError, InputMode};
use crate::referee::nordau::log::{LogError, NordauLog};
use crate::referee::nordau::session::Session;
use crate::referee::nordau::setup::{Setup, SetupError, SetupTextError};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Where the table is.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// Choosing names and options.
    Setup,
    /// NS-11: the commitment is shown and the setup is fixed; the players may
    /// add words before the first move.
    Committed {
        setup: Setup,
        seed: [u8; 32],
        mode: InputMode,
    },
    /// A game being played, or finished and waiting for "next game".
    Playing(Box<Game>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The running score; `None` until the first commitment.
    pub session: Option<Session>,
    pub stage: Stage,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// That step does not fit the table's stage (e.g. an event before the start).
    WrongStage,
    /// The setup or the words were refused.
    Setup(SetupError),
    /// The game refused the event; nothing changed.
    Game(GameError),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::WrongStage => f.write_str("that is not possible at this point"),
            TableError::Setup(e) => write!(f, "{e}"),
            TableError::Game(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for TableError {}

impl Default for Table {
    fn default() -> Self {
        Table {
            session: None,
            stage: Stage::Setup,
        }
    }
}

impl Table {
    /// Fixes the setup and seed and shows the commitment (NS-11). A session
    /// with other people (or in another order) is closed and a new one begins.
    pub fn commit(
        &mut self,
        setup: Setup,
        seed: [u8; 32],
        mode: InputMode,
    ) -> Result<(), TableError> {
        if matches!(&self.stage, Stage::Playing(game) if !game.is_over()) {
            return Err(TableError::WrongStage);
        }
        setup.validate().map_err(TableError::Setup)?;
        if self.session.as_ref().is_none_or(|s| s.names != setup.names) {
            self.session = Some(Session::new(setup.names.clone()));
        }
        self.stage = Stage::Committed { setup, seed, mode };
        Ok(())
    }

    /// The next game of the session: same setup and mode, a fresh seed.
    pub fn next_game(&mut self, seed: [u8; 32]) -> Result<(), TableError> {
        let Stage::Playing(game) = &self.stage else {
            return Err(TableError::WrongStage);
        };
        let (setup, mode) = (game.setup().clone(), game.mode());
        self.commit(setup, seed, mode)
    }

    /// Starts the committed game with the players' words (may be empty).
    pub fn start(&mut self, words: Vec<String>) -> Result<(), TableError> {
        let Stage::Committed { setup, seed, mode } = &self.stage else {
            return Err(TableError::WrongStage);
        };
        let game = Game::new(setup.clone(), *seed, words, *mode).map_err(TableError::Setup)?;
        self.stage = Stage::Playing(Box::new(game));
        Ok(())
    }

    /// Feeds an event to the game; a game that ends enters the session table.
    pub fn apply(&mut self, t_ms: u64, event: Event) -> Result<(), TableError> {
        let Stage::Playing(game) = &mut self.stage else {
            return Err(TableError::WrongStage);
        };
        game.apply(t_ms, event).map_err(TableError::Game)?;
        self.record_if_over();
        Ok(())
    }

    /// Records a flag that fell by `now_ms` (NS-6). Returns whether the game ended.
    pub fn tick(&mut self, now_ms: u64) -> bool {
        let Stage::Playing(game) = &mut self.stage else {
            return false;
        };
        let ended = game.tick(now_ms);
        if ended {
            self.record_if_over();
        }
        ended
    }

    /// Leaves the current game or commitment for the setup screen. An unfinished
    /// game is abandoned: it never enters the session table.
    pub fn back_to_setup(&mut self) {
        self.stage = Stage::Setup;
    }

    /// Forgets the running score.
    pub fn new_session(&mut self) {
        self.session = None;
        if !matches!(self.stage, Stage::Playing(ref g) if !g.is_over()) {
            self.stage = Stage::Setup;
        }
    }

    pub fn game(&self) -> Option<&Game> {
        match &self.stage {
            Stage::Playing(game) => Some(game),
            _ => None,
        }
    }

    fn record_if_over(&mut self) {
        if let (Stage::Playing(game), Some(session)) = (&self.stage, &mut self.session)
            && game.is_over()
        {
            // A game is recorded once; a replayed table records nothing twice.
            let _ = session.add(game);
        }
    }
}

// ---- storage format ----------------------------------------------------------

const TABLE_FORMAT: &str = "nordau-shift-table";
pub const TABLE_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
struct TableFile {
    format: String,
    version: u32,
    session: Option<Session>,
    stage: StageFile,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "stage", rename_all = "snake_case")]
enum StageFile {
    Setup,
    Committed {
        setup: String,
        seed: String,
        mode: InputMode,
    },
    Playing {
        log: NordauLog,
    },
}

/// Why a stored table cannot be restored. The stored text is left as it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableLoadError {
    /// Not JSON, or not a table.
    Corrupt(String),
    /// Saved by a newer version of the app.
    NewerVersion {
        found: u64,
        supported: u32,
    },
    BadSetup(SetupTextError),
    BadSeed(HexError),
    /// The game's log does not replay.
    BadGame(LogError),
}

impl fmt::Display for TableLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableLoadError::Corrupt(why) => write!(f, "the saved table is damaged: {why}"),
            TableLoadError::NewerVersion { found, supported } => write!(
                f,
                "the saved table is from a newer version of the app (format {found}, this app reads up to {supported})"
            ),
            TableLoadError::BadSetup(e) => write!(f, "the saved setup is damaged: {e}"),
            TableLoadError::BadSeed(e) => write!(f, "the saved seed is damaged: {e}"),
            TableLoadError::BadGame(e) => write!(f, "the saved game does not replay: {e}"),
        }
    }
}

impl std::error::Error for TableLoadError {}

impl Table {
    pub fn to_json(&self) -> String {
        let stage = match &self.stage {
            Stage::Setup => StageFile::Setup,
            Stage::Committed { setup, seed, mode } => StageFile::Committed {
                setup: setup.to_text(),
                seed: hex::encode(seed),
                mode: *mode,
            },
            Stage::Playing(game) => StageFile::Playing { log: game.to_log() },
        };
        let file = TableFile {
            format: TABLE_FORMAT.to_owned(),
            version: TABLE_VERSION,
            session: self.session.clone(),
            stage,
        };
        serde_json::to_string(&file).expect("a table always serialises")
    }

    pub fn from_json(json: &str) -> Result<Table, TableLoadError> {
        let value: serde_json::Value =
            serde_json::from_str(json).map_err(|e| TableLoadError::Corrupt(e.to_string()))?;
        if value.get("format").and_then(|f| f.as_str()) != Some(TABLE_FORMAT) {
            return Err(TableLoadError::Corrupt("not a Nordau Shift table".into()));
        }
        let version = value
            .get("version")
            .and_then(|v| v.as_u64())
            .ok_or_else(|| TableLoadError::Corrupt("no version".into()))?;
        if version > u64::from(TABLE_VERSION) {
            return Err(TableLoadError::NewerVersion {
                found: version,
                supported: TABLE_VERSION,
            });
        }
        let file: TableFile =
            serde_json::from_value(value).map_err(|e| TableLoadError::Corrupt(e.to_string()))?;
        let stage = match file.stage {
            StageFile::Setup => Stage::Setup,
            StageFile::Committed { setup, seed, mode } => Stage::Committed {
                setup: Setup::from_text(&setup).map_err(TableLoadError::BadSetup)?,
                seed: parse_hex32(&seed).map_err(TableLoadError::BadSeed)?,
                mode,
            },
            StageFile::Playing { log } => Stage::Playing(Box::new(
                Game::from_log(&log).map_err(TableLoadError::BadGame)?,
            )),
        };
        Ok(Table {
            session: file.session,
            stage,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::nordau::seats::Colour;

    fn committed_table() -> Table {
        let mut table = Table::default();
        table
            .commit(
                Setup::standard(["Ada", "Bo", "Cy"]),
                [7; 32],
                InputMode::Clock,
            )
            .unwrap();
        table
    }

    #[test]
    fn ns_11_commit_then_start_plays_the_committed_setup_and_seed() {
        let mut table = committed_table();
        table.start(vec!["boulevard".into()]).unwrap();
        let game = table.game().unwrap();
        assert_eq!(game.seed(), &[7; 32]);
        assert_eq!(game.words(), ["boulevard"]);
        assert_eq!(game.names(), &["Ada", "Bo", "Cy"].map(String::from));
    }

    #[test]
    fn ns_8_finished_game_enters_the_session_once_and_next_game_has_a_new_seed() {
        let mut table = committed_table();
        table.start(vec![]).unwrap();
        table.apply(0, Event::Start).unwrap();
        table
            .apply(
                1000,
                Event::Resign {
                    seat: Colour::White,
                },
            )
            .unwrap();
        let session = table.session.clone().unwrap();
        assert_eq!(session.games.len(), 1);
        assert_eq!(session.totals().iter().sum::<u32>(), 3);

        // Restoring the table does not count the game twice.
        let restored = Table::from_json(&table.to_json()).unwrap();
        assert_eq!(restored, table);

        table.next_game([8; 32]).unwrap();
        assert!(matches!(table.stage, Stage::Committed { seed, .. } if seed == [8; 32]));
        assert_eq!(table.session.as_ref().unwrap().games.len(), 1);
    }

    #[test]
    fn c_4_a_refused_event_changes_nothing() {
        let mut table = committed_table();
        table.start(vec![]).unwrap();
        let before = table.clone();
        assert_eq!(
            table.apply(0, Event::Press),
            Err(TableError::Game(GameError::NotStarted))
        );
        assert_eq!(table, before);
        assert_eq!(
            Table::default().apply(0, Event::Start),
            Err(TableError::WrongStage)
        );
    }

    #[test]
    fn ns_11_no_new_commitment_while_a_game_runs() {
        let mut table = committed_table();
        table.start(vec![]).unwrap();
        assert_eq!(
            table.commit(
                Setup::standard(["Ada", "Bo", "Cy"]),
                [9; 32],
                InputMode::Clock
            ),
            Err(TableError::WrongStage)
        );
    }

    #[test]
    fn other_people_start_a_new_session() {
        let mut table = committed_table();
        table.start(vec![]).unwrap();
        table.apply(0, Event::Start).unwrap();
        table
            .apply(
                10,
                Event::Resign {
                    seat: Colour::Black,
                },
            )
            .unwrap();
        table
            .commit(
                Setup::standard(["Ada", "Bo", "Dan"]),
                [1; 32],
                InputMode::Clock,
            )
            .unwrap();
        let session = table.session.unwrap();
        assert!(session.games.is_empty());
        assert_eq!(session.names[2], "Dan");
    }

    #[test]
    fn every_stage_survives_a_round_trip() {
        let mut table = Table::default();
        assert_eq!(Table::from_json(&table.to_json()).unwrap(), table);
        table = committed_table();
        assert_eq!(Table::from_json(&table.to_json()).unwrap(), table);
        table.start(vec![]).unwrap();
        table.apply(5, Event::Start).unwrap();
        table.apply(900, Event::Press).unwrap();
        table.apply(1900, Event::Pause).unwrap();
        assert_eq!(Table::from_json(&table.to_json()).unwrap(), table);
    }

    #[test]
    fn damaged_or_newer_saves_are_refused_with_a_reason() {
        assert!(matches!(
            Table::from_json("{"),
            Err(TableLoadError::Corrupt(_))
        ));
        assert!(matches!(
            Table::from_json(r#"{"format":"something-else","version":1}"#),
            Err(TableLoadError::Corrupt(_))
        ));
        let newer = committed_table()
            .to_json()
            .replace(r#""version":1"#, r#""version":99"#);
        assert_eq!(
            Table::from_json(&newer),
            Err(TableLoadError::NewerVersion {
                found: 99,
                supported: TABLE_VERSION
            })
        );
        let bad_seed = committed_table()
            .to_json()
            .replace(&hex::encode([7u8; 32]), "zz");
        assert!(matches!(
            Table::from_json(&bad_seed),
            Err(TableLoadError::BadSeed(_))
        ));
    }
}
