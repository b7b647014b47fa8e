//! The table: everything the phone between three players keeps over an evening —
//! the session's running score and record of commitments, the game in play (or
//! just finished), and a commitment shown whose game has not started. The UI
//! stores it after every event and restores it after a reload; a restored table
//! is the replay of the stored logs, so it is exactly the table that was saved.
//!
//! Fairness (docs/fairness.md "Threat model"): nothing derived from the seed
//! exists before the players' words are locked ([`Table::lock_words`]), and a
//! commitment that is left ([`Table::back_to_setup`]) is revealed into the
//! session record at once, so a quiet re-roll is impossible.

use crate::referee::commitment::{HexError, parse_hex32};
use crate::referee::json::{
    self, FromJson, Json, JsonResult, Obj, ToJson, f, obj, tagged, unknown_variant,
};
use crate::referee::module::{GameModule, Logged};
use crate::referee::nordau::commitment::commitment;
use crate::referee::nordau::game::{Event, Game, GameError, InputMode};
use crate::referee::nordau::log::{LogError, NordauLog};
use crate::referee::nordau::session::{DrawFate, DrawRecord, Session};
use crate::referee::nordau::setup::{Setup, SetupError, SetupTextError};
use serde_json::Value;
use std::fmt;

/// Where the table is.
#[derive(Clone, Debug, PartialEq)]
pub enum Stage {
    /// Choosing names and options.
    Setup,
    /// NS-11: the commitment is shown and the setup is fixed; the players may
    /// type words. Nothing derived from the seed is computed yet.
    Committed {
        setup: Setup,
        seed: [u8; 32],
        mode: InputMode,
    },
    /// The words are locked and the seats drawn; shown until "Begin".
    Drawn(Box<Game>),
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
    /// A commitment still outstanding must be left first ([`Table::back_to_setup`]),
    /// so it is revealed rather than replaced.
    pub fn commit(
        &mut self,
        setup: Setup,
        seed: [u8; 32],
        mode: InputMode,
    ) -> Result<(), TableError> {
        if self.secret_seed().is_some() {
            return Err(TableError::WrongStage);
        }
        setup.validate().map_err(TableError::Setup)?;
        if self.session.as_ref().is_none_or(|s| s.names != setup.names) {
            // The evening's commitments stay listed even when the people change.
            let draws = self.session.take().map(|s| s.draws).unwrap_or_default();
            let mut session = Session::new(setup.names.clone());
            session.draws = draws;
            self.session = Some(session);
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

    /// Locks the players' words (one entry per player, may be empty) and draws
    /// the seats: only now is anything derived from the seed.
    pub fn lock_words(&mut self, words: Vec<String>) -> Result<(), TableError> {
        let Stage::Committed { setup, seed, mode } = &self.stage else {
            return Err(TableError::WrongStage);
        };
        let game = Game::new(setup.clone(), *seed, words, *mode).map_err(TableError::Setup)?;
        self.stage = Stage::Drawn(Box::new(game));
        Ok(())
    }

    /// After the drawn seats were shown: the game begins (awaiting the first tap).
    pub fn begin(&mut self) -> Result<(), TableError> {
        let Stage::Drawn(game) = &self.stage else {
            return Err(TableError::WrongStage);
        };
        self.stage = Stage::Playing(game.clone());
        Ok(())
    }

    /// [`Table::lock_words`] then [`Table::begin`].
    pub fn start(&mut self, words: Vec<String>) -> Result<(), TableError> {
        self.lock_words(words)?;
        self.begin()
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

    /// Leaves the current game or commitment for the setup screen. An
    /// outstanding commitment is revealed at once: its seed goes into the
    /// session record with its fate, which is returned. An unfinished game
    /// never enters the score.
    pub fn back_to_setup(&mut self) -> Option<DrawRecord> {
        let record = match std::mem::replace(&mut self.stage, Stage::Setup) {
            Stage::Setup => None,
            Stage::Committed { setup, seed, .. } => Some(DrawRecord::revealed(
                hex::encode(commitment(&setup, &seed)),
                setup.to_text(),
                &seed,
                &[],
                DrawFate::Withdrawn,
            )),
            Stage::Drawn(game) => {
                Some(DrawRecord::of(&game, DrawFate::Abandoned { half_moves: 0 }))
            }
            Stage::Playing(game) if game.is_over() => None,
            Stage::Playing(game) => Some(DrawRecord::of(
                &game,
                DrawFate::Abandoned {
                    half_moves: game.ply(),
                },
            )),
        }?;
        if let Some(session) = &mut self.session {
            session.record_draw(record.clone());
        }
        Some(record)
    }

    /// Forgets the running score and the evening's record. Refused while a
    /// commitment is outstanding: it must be played or revealed first.
    pub fn new_session(&mut self) -> Result<(), TableError> {
        if self.secret_seed().is_some() {
            return Err(TableError::WrongStage);
        }
        self.session = None;
        self.stage = Stage::Setup;
        Ok(())
    }

    pub fn game(&self) -> Option<&Game> {
        match &self.stage {
            Stage::Playing(game) => Some(game),
            _ => None,
        }
    }

    /// The seed of the commitment shown and not yet revealed (committed, drawn,
    /// or in a game not over): the one secret the table holds (NS-9).
    pub fn secret_seed(&self) -> Option<[u8; 32]> {
        match &self.stage {
            Stage::Setup => None,
            Stage::Committed { seed, .. } => Some(*seed),
            Stage::Drawn(game) => Some(*game.seed()),
            Stage::Playing(game) => (!game.is_over()).then(|| *game.seed()),
        }
    }

    /// The commitment shown and its setup, while the stage has one.
    pub fn commitment(&self) -> Option<(String, &Setup)> {
        match &self.stage {
            Stage::Setup => None,
            Stage::Committed { setup, seed, .. } => {
                Some((hex::encode(commitment(setup, seed)), setup))
            }
            Stage::Drawn(game) | Stage::Playing(game) => {
                Some((game.commitment_hex(), game.setup()))
            }
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
/// 2: the drawn stage, the record of commitments, the sealed seed.
pub const TABLE_VERSION: u32 = 2;
/// Written where the secret seed would be when it is sealed.
const SEALED_MARK: &str = "sealed";

struct TableFile {
    format: String,
    version: u32,
    session: Option<Session>,
    stage: StageFile,
    /// The secret seed encrypted by the UI (opaque here); the stage then
    /// holds [`SEALED_MARK`] instead of it.
    sealed_seed: Option<String>,
}

enum StageFile {
    Setup,
    Committed {
        setup: String,
        seed: String,
        mode: InputMode,
    },
    Drawn {
        log: NordauLog,
    },
    Playing {
        log: NordauLog,
    },
}

/// Written in this order; `sealed_seed` only when there is one.
impl ToJson for TableFile {
    fn to_json(&self) -> Json {
        obj([
            ("format", f(&self.format)),
            ("version", f(&self.version)),
            ("session", f(&self.session)),
            ("stage", f(&self.stage)),
            (
                "sealed_seed",
                self.sealed_seed.as_ref().map(|s| s.to_json()),
            ),
        ])
    }
}

impl FromJson for TableFile {
    fn from_json(v: &Value) -> JsonResult<TableFile> {
        let o = Obj::of(v)?;
        Ok(TableFile {
            format: o.req("format")?,
            version: o.req("version")?,
            session: o.opt("session")?,
            stage: o.req("stage")?,
            sealed_seed: o.opt("sealed_seed")?,
        })
    }
}

/// Internally tagged: `{"stage":"playing","log":{…}}`.
impl ToJson for StageFile {
    fn to_json(&self) -> Json {
        match self {
            StageFile::Setup => tagged("stage", "setup", []),
            StageFile::Committed { setup, seed, mode } => tagged(
                "stage",
                "committed",
                [("setup", f(setup)), ("seed", f(seed)), ("mode", f(mode))],
            ),
            StageFile::Drawn { log } => tagged("stage", "drawn", [("log", f(log))]),
            StageFile::Playing { log } => tagged("stage", "playing", [("log", f(log))]),
        }
    }
}

impl FromJson for StageFile {
    fn from_json(v: &Value) -> JsonResult<StageFile> {
        let o = Obj::of(v)?;
        Ok(match o.tag("stage")? {
            "setup" => StageFile::Setup,
            "committed" => StageFile::Committed {
                setup: o.req("setup")?,
                seed: o.req("seed")?,
                mode: o.req("mode")?,
            },
            "drawn" => StageFile::Drawn { log: o.req("log")? },
            "playing" => StageFile::Playing { log: o.req("log")? },
            other => return Err(unknown_variant(other)),
        })
    }
}

impl StageFile {
    /// Where the seed is written (none at setup).
    fn seed_mut(&mut self) -> Option<&mut String> {
        match self {
            StageFile::Setup => None,
            StageFile::Committed { seed, .. } => Some(seed),
            StageFile::Drawn { log } | StageFile::Playing { log } => {
                log.draw.as_mut().map(|d| &mut d.seed)
            }
        }
    }
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
    /// The seed is sealed and was not unsealed (the key is gone or the text damaged).
    Sealed,
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
            TableLoadError::Sealed => {
                f.write_str("the saved seed is sealed with a key this browser no longer has")
            }
        }
    }
}

impl std::error::Error for TableLoadError {}

/// The sealed seed (`sealed_seed`), read with the one codec of a secret at rest.
impl crate::referee::secret::SealsSecret for Table {
    fn secret_at_rest(stored: &str) -> Option<crate::referee::secret::SecretAtRest> {
        crate::referee::secret::SecretAtRest::sealed(&Table::sealed_seed_of(stored)?).ok()
    }
}

impl Table {
    /// The table with its seed readable (no sealing available, or revealed).
    pub fn to_json(&self) -> String {
        json::to_string(&self.to_file())
    }

    /// The table with the secret seed replaced by `sealed`, the UI's
    /// encryption of [`Table::secret_seed`]. Revealed seeds stay readable.
    pub fn to_sealed_json(&self, sealed: &str) -> String {
        let mut file = self.to_file();
        if self.secret_seed().is_some()
            && let Some(seed) = file.stage.seed_mut()
        {
            *seed = SEALED_MARK.to_owned();
            file.sealed_seed = Some(sealed.to_owned());
        }
        json::to_string(&file)
    }

    /// The sealed seed of a stored table, to be unsealed before
    /// [`Table::from_json_with_seed`]; `None` if the seed is stored readable.
    pub fn sealed_seed_of(json: &str) -> Option<String> {
        let value = json::parse(json).ok()?;
        Some(value.get("sealed_seed")?.as_str()?.to_owned())
    }

    fn to_file(&self) -> TableFile {
        let stage = match &self.stage {
            Stage::Setup => StageFile::Setup,
            Stage::Committed { setup, seed, mode } => StageFile::Committed {
                setup: setup.to_text(),
                seed: hex::encode(seed),
                mode: *mode,
            },
            Stage::Drawn(game) => StageFile::Drawn { log: game.to_log() },
            Stage::Playing(game) => StageFile::Playing { log: game.to_log() },
        };
        TableFile {
            format: TABLE_FORMAT.to_owned(),
            version: TABLE_VERSION,
            session: self.session.clone(),
            stage,
            sealed_seed: None,
        }
    }

    /// A stored table whose seed is readable.
    pub fn from_json(json: &str) -> Result<Table, TableLoadError> {
        Table::from_json_with_seed(json, None)
    }

    /// A stored table; `seed` is the unsealed seed of a sealed one.
    pub fn from_json_with_seed(
        json: &str,
        seed: Option<[u8; 32]>,
    ) -> Result<Table, TableLoadError> {
        let value = json::parse(json).map_err(|e| TableLoadError::Corrupt(e.0))?;
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
        let mut file = TableFile::from_json(&value).map_err(|e| TableLoadError::Corrupt(e.0))?;
        if file.sealed_seed.is_some() {
            let (Some(seed), Some(slot)) = (seed, file.stage.seed_mut()) else {
                return Err(TableLoadError::Sealed);
            };
            *slot = hex::encode(seed);
        }
        let stage = match file.stage {
            StageFile::Setup => Stage::Setup,
            StageFile::Committed { setup, seed, mode } => Stage::Committed {
                setup: Setup::from_text(&setup).map_err(TableLoadError::BadSetup)?,
                seed: parse_hex32(&seed).map_err(TableLoadError::BadSeed)?,
                mode,
            },
            StageFile::Drawn { log } => Stage::Drawn(Box::new(
                Game::from_log(&log).map_err(TableLoadError::BadGame)?,
            )),
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

    /// A committed table whose game `seat` resigned at `t_ms`.
    fn resigned_game(t_ms: u64, seat: Colour) -> Table {
        let mut table = committed_table();
        table.start(vec![]).unwrap();
        table.apply(0, Event::Start).unwrap();
        table.apply(t_ms, Event::Resign { seat }).unwrap();
        table
    }

    /// Commits a game of other people (Dan instead of Cy).
    fn commit_other_people(table: &mut Table) {
        table
            .commit(
                Setup::standard(["Ada", "Bo", "Dan"]),
                [1; 32],
                InputMode::Clock,
            )
            .unwrap();
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
        let mut table = resigned_game(1000, Colour::White);
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
        let mut table = resigned_game(10, Colour::Black);
        commit_other_people(&mut table);
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
        table.lock_words(vec!["blue whale".into()]).unwrap();
        assert_eq!(Table::from_json(&table.to_json()).unwrap(), table);
        table.begin().unwrap();
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
            .replace(&format!(r#""version":{TABLE_VERSION}"#), r#""version":99"#);
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

    fn resign(table: &mut Table) {
        table.apply(0, Event::Start).unwrap();
        table
            .apply(
                10,
                Event::Resign {
                    seat: Colour::White,
                },
            )
            .unwrap();
    }

    #[test]
    fn c_3_nothing_is_drawn_until_the_words_are_locked_and_then_they_stay() {
        use crate::referee::commitment::stream_key;
        use crate::referee::nordau::draw::draw_seating;
        let mut table = committed_table();
        // Committed: no game, hence no seating, exists yet.
        assert!(table.game().is_none());
        assert!(matches!(table.stage, Stage::Committed { .. }));
        assert_eq!(table.begin(), Err(TableError::WrongStage));
        let words = vec!["blue whale".to_owned(), String::new(), "Ёж".to_owned()];
        table.lock_words(words.clone()).unwrap();
        let Stage::Drawn(game) = &table.stage else {
            panic!("not drawn: {:?}", table.stage);
        };
        // One entry per player: "blue whale" stays one entry.
        assert_eq!(
            game.initial_seating(),
            draw_seating(&stream_key(&[7; 32], &["blue whale", "Ёж"]))
        );
        // Locked: the words cannot change any more.
        assert_eq!(
            table.lock_words(vec!["other".into()]),
            Err(TableError::WrongStage)
        );
        assert_eq!(table.apply(0, Event::Start), Err(TableError::WrongStage));
        table.begin().unwrap();
        assert_eq!(table.game().unwrap().words(), words.as_slice());
    }

    #[test]
    fn c_3_every_commitment_left_is_revealed_with_its_fate() {
        let mut table = committed_table();
        let seeds = [[7u8; 32], [8; 32], [9; 32], [10; 32]];
        // Draw 1: setup changed before the words were locked.
        let r1 = table.back_to_setup().unwrap();
        assert_eq!(r1.fate, DrawFate::Withdrawn);
        assert_eq!(r1.seed_hex, hex::encode(seeds[0]));
        // Draw 2: abandoned after the seats were drawn, before move one.
        let setup = Setup::standard(["Ada", "Bo", "Cy"]);
        table
            .commit(setup.clone(), seeds[1], InputMode::Clock)
            .unwrap();
        table.lock_words(vec!["x".into()]).unwrap();
        let r2 = table.back_to_setup().unwrap();
        assert_eq!(r2.fate, DrawFate::Abandoned { half_moves: 0 });
        assert_eq!(r2.words, ["x"]);
        // Draw 3: abandoned two half-moves in.
        table
            .commit(setup.clone(), seeds[2], InputMode::Clock)
            .unwrap();
        table.start(vec![]).unwrap();
        table.apply(0, Event::Start).unwrap();
        table.apply(100, Event::Press).unwrap();
        table.apply(200, Event::Press).unwrap();
        assert_eq!(
            table.back_to_setup().unwrap().fate,
            DrawFate::Abandoned { half_moves: 2 }
        );
        // Draw 4: played to the end; leaving a finished game reveals nothing new.
        table
            .commit(setup.clone(), seeds[3], InputMode::Clock)
            .unwrap();
        table.start(vec![]).unwrap();
        resign(&mut table);
        let session = table.session.clone().unwrap();
        assert_eq!(session.games.len(), 1, "only the played game is scored");
        let fates: Vec<_> = session.draws.iter().map(|d| d.fate).collect();
        assert_eq!(
            fates,
            [
                DrawFate::Withdrawn,
                DrawFate::Abandoned { half_moves: 0 },
                DrawFate::Abandoned { half_moves: 2 },
                DrawFate::Played,
            ]
        );
        for (draw, seed) in session.draws.iter().zip(seeds) {
            assert_eq!(draw.seed_hex, hex::encode(seed));
            assert_eq!(draw.commitment_hex, hex::encode(commitment(&setup, &seed)));
            assert_eq!(draw.setup_text, setup.to_text());
        }
        assert_eq!(table.back_to_setup(), None);
        assert_eq!(table.session.unwrap().draws.len(), 4);
    }

    #[test]
    fn c_3_a_commitment_is_never_replaced_silently() {
        let mut table = committed_table();
        let setup = Setup::standard(["Ada", "Bo", "Cy"]);
        assert_eq!(
            table.commit(setup.clone(), [9; 32], InputMode::Clock),
            Err(TableError::WrongStage)
        );
        table.lock_words(vec![]).unwrap();
        assert_eq!(
            table.commit(setup.clone(), [9; 32], InputMode::Clock),
            Err(TableError::WrongStage)
        );
        assert_eq!(table.new_session(), Err(TableError::WrongStage));
        table.begin().unwrap();
        resign(&mut table);
        assert_eq!(table.secret_seed(), None);
        table.new_session().unwrap();
        assert_eq!(table.session, None);
    }

    #[test]
    fn c_3_the_record_of_commitments_survives_other_people() {
        let mut table = committed_table();
        table.back_to_setup();
        commit_other_people(&mut table);
        let session = table.session.unwrap();
        assert_eq!(session.names[2], "Dan");
        assert_eq!(session.draws.len(), 1);
        assert_eq!(session.draws[0].seed_hex, hex::encode([7u8; 32]));
    }

    #[test]
    fn ns_9_the_sealed_save_holds_no_secret_seed_and_restores_exactly() {
        let seed_hex = hex::encode([7u8; 32]);
        let mut table = committed_table();
        for step in 0..3 {
            let json = table.to_sealed_json("opaque");
            assert!(!json.contains(&seed_hex), "step {step}: {json}");
            assert_eq!(Table::sealed_seed_of(&json).as_deref(), Some("opaque"));
            assert_eq!(Table::from_json(&json), Err(TableLoadError::Sealed));
            assert_eq!(
                Table::from_json_with_seed(&json, Some([7; 32])).unwrap(),
                table
            );
            match step {
                0 => table.lock_words(vec!["w".into()]).unwrap(),
                1 => {
                    table.begin().unwrap();
                    table.apply(0, Event::Start).unwrap();
                }
                _ => {}
            }
        }
        // Revealed: nothing left to seal.
        table
            .apply(
                5,
                Event::Resign {
                    seat: Colour::Black,
                },
            )
            .unwrap();
        let json = table.to_sealed_json("opaque");
        assert_eq!(Table::sealed_seed_of(&json), None);
        assert_eq!(Table::from_json(&json).unwrap(), table);
    }

    #[test]
    fn version_1_saves_still_load() {
        let table = committed_table();
        let v1 = table
            .to_json()
            .replace(r#""version":2"#, r#""version":1"#)
            .replace(r#","draws":[]"#, "");
        assert!(!v1.contains("draws"));
        assert_eq!(Table::from_json(&v1).unwrap(), table);
    }
}
