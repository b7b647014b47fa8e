//! PGN basics every game module's records use: the roster values, tag pairs,
//! comments and movetext wrapping, `[%clk]` and `TimeControl` values, and the
//! reader's tokenizer (tags, comments, variations, move numbers, dialects).

use crate::referee::chess_clock::{Increment, TimeControl};
#[cfg(any(feature = "cards", feature = "undo"))]
use crate::referee::committed::DrawReveal;
use crate::referee::common::{Colour, Outcome};

/// Optional roster values; `?` is written when absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnInfo {
    pub event: Option<String>,
    pub site: Option<String>,
    /// `YYYY.MM.DD`.
    pub date: Option<String>,
    pub round: Option<String>,
}

/// Writes one `[Name "value"]` tag pair, escaping `\` and `"`.
pub(crate) fn tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// Text safe inside a `{comment}`.
pub(crate) fn comment_text(s: &str) -> String {
    // `}` would end the comment early.
    s.replace('}', ")")
}

/// A record's tag section, in the order every game writes it: the roster
/// (Event … Result), the game's own tags, then `TimeControl`, the
/// commitment and its reveal, and `Termination`, where they apply.
pub(crate) struct TagSection {
    out: String,
}

impl TagSection {
    /// The roster of a two-player game: Event (`game` unless `info` names
    /// the event), Site, Date, Round, White, Black, Result.
    pub(crate) fn new(info: &PgnInfo, game: &str, white: &str, black: &str, result: &str) -> Self {
        Self::with_players(info, game, &[("White", white), ("Black", black)], result)
    }

    /// As [`TagSection::new`] with other player tags (bughouse's four seats).
    pub(crate) fn with_players(
        info: &PgnInfo,
        game: &str,
        players: &[(&str, &str)],
        result: &str,
    ) -> Self {
        let mut tags = TagSection { out: String::new() };
        let given = |o: &Option<String>, absent: &str| o.clone().unwrap_or_else(|| absent.into());
        tags.tag("Event", &given(&info.event, game));
        tags.tag("Site", &given(&info.site, "?"));
        tags.tag("Date", &given(&info.date, "????.??.??"));
        tags.tag("Round", &given(&info.round, "?"));
        for (name, value) in players {
            tags.tag(name, value);
        }
        tags.tag("Result", result);
        tags
    }

    /// One `[Name "value"]` pair.
    pub(crate) fn tag(&mut self, name: &str, value: &str) {
        tag(&mut self.out, name, value);
    }

    /// A game from a set-up position: `[SetUp "1"]` and its `FEN`.
    pub(crate) fn set_up(&mut self, fen: &str) {
        self.tag("SetUp", "1");
        self.tag("FEN", fen);
    }

    /// The `TimeControl` tag, where the standard form can say the control.
    pub(crate) fn time_control(&mut self, control: &TimeControl) {
        if let Some(tc) = time_control_tag(control) {
            self.tag("TimeControl", &tc);
        }
    }

    /// A committed draw: its `Commitment` and, once revealed, the `Seed`
    /// and `SetupText` (seed and setup text in hex and as written).
    // Only the games with a committed draw (C-3) use it.
    #[cfg(any(feature = "cards", feature = "undo"))]
    pub(crate) fn committed(&mut self, commitment: Option<String>, reveal: Option<&DrawReveal>) {
        if let Some(commitment) = commitment {
            self.tag("Commitment", &commitment);
        }
        if let Some(r) = reveal {
            self.tag("Seed", &r.seed_hex);
            self.tag("SetupText", &r.setup_text);
            self.words(&r.words);
        }
    }

    /// `Words`: the players' entries as a JSON array, absent when nobody
    /// typed any (the draw then used the seed alone).
    pub(crate) fn words(&mut self, words: &[String]) {
        if !words.is_empty() {
            self.tag("Words", &crate::referee::json::to_string(words));
        }
    }

    /// `Termination` of a finished game: lost on time or not.
    pub(crate) fn termination(&mut self, on_time: bool) {
        self.tag(
            "Termination",
            if on_time { "time forfeit" } else { "normal" },
        );
    }
}

/// Movetext as it is written: move numbers where PGN wants them (before
/// White's move, and before Black's at the start or after a comment),
/// comments and `[%clk]` values.
pub(crate) struct Movetext {
    tokens: Vec<String>,
    ply: u32,
    after_comment: bool,
}

impl Movetext {
    /// Movetext whose first move is half-move `first_ply` (0: White's first).
    pub(crate) fn new(first_ply: u32) -> Self {
        Movetext {
            tokens: Vec::new(),
            ply: first_ply,
            after_comment: false,
        }
    }

    /// The half-move the next move is.
    // Only the card duel, which writes null moves, asks.
    #[cfg(feature = "cards")]
    pub(crate) fn ply(&self) -> u32 {
        self.ply
    }

    /// The next move, with its number where needed.
    pub(crate) fn push_move(&mut self, san: &str) {
        if self.ply.is_multiple_of(2) || self.tokens.is_empty() || self.after_comment {
            self.tokens.push(move_number(self.ply));
        }
        self.push_san(san);
    }

    /// A move after its own label (bughouse's `12b.`) instead of a number.
    pub(crate) fn push_labelled(&mut self, label: String, san: &str) {
        self.tokens.push(label);
        self.push_san(san);
    }

    fn push_san(&mut self, san: &str) {
        self.tokens.push(san.to_owned());
        self.ply += 1;
        self.after_comment = false;
    }

    /// A `{comment}`.
    pub(crate) fn comment(&mut self, text: &str) {
        self.tokens.push(format!("{{{}}}", comment_text(text)));
        self.after_comment = true;
    }

    /// The clock after a move: `{[%clk 0:04:58]}`.
    pub(crate) fn clk(&mut self, ms: u64) {
        self.comment(&format!("[%clk {}]", clk(ms)));
    }
}

/// The whole record: the tags, a blank line, the movetext and the result
/// token.
pub(crate) fn record(tags: TagSection, mut movetext: Movetext, result: &str) -> String {
    let mut out = tags.out;
    out.push('\n');
    movetext.tokens.push(result.to_owned());
    push_movetext(&mut out, movetext.tokens);
    out
}

/// The longest movetext line: the PGN export format wants fewer than 80
/// characters. Only a single word longer than that stands alone on a longer
/// line.
const MAX_LINE_CHARS: usize = 79;

/// Appends movetext tokens, wrapped to [`MAX_LINE_CHARS`], and a final
/// newline. A comment wraps between its words (a comment may span lines).
fn push_movetext(out: &mut String, tokens: Vec<String>) {
    let mut line = String::new();
    let chars = |s: &str| s.chars().count();
    let words = tokens
        .iter()
        .flat_map(|t| t.split(' ').filter(|w| !w.is_empty()));
    for t in words {
        if !line.is_empty() && chars(&line) + 1 + chars(t) > MAX_LINE_CHARS {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(t);
    }
    out.push_str(&line);
    out.push('\n');
}

// ---- shared by the PGN and BPGN readers and writers ----------------------

/// The result token of a two-sided game: `1-0`, `0-1`, `1/2-1/2`, or `*`
/// while it runs.
pub(crate) fn result_token(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Win(Colour::White)) => "1-0",
        Some(Outcome::Win(Colour::Black)) => "0-1",
        Some(Outcome::Draw) => "1/2-1/2",
        None => "*",
    }
}

/// Why a game has no PGN: only board-mode games have moves to export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotBoardMode;

impl std::fmt::Display for NotBoardMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("only board-mode games have moves to export")
    }
}

impl std::error::Error for NotBoardMode {}

/// A player's name from a roster tag: `None` for an empty value or `?`.
pub(crate) fn roster_name(value: String) -> Option<String> {
    (!value.trim().is_empty() && value != "?").then_some(value)
}

/// A `Variant` tag's value reduced for comparison: letters and digits only,
/// lower case (`Chess 960`, `chess960`, `Chess-960` are one).
pub(crate) fn squashed(variant: &str) -> String {
    let mut out = String::with_capacity(variant.len());
    for c in variant.chars().filter(|c| c.is_alphanumeric()) {
        super::case::push_lower(&mut out, c);
    }
    out
}

/// The one reader of a record's frame, for every module: the tag pairs,
/// each handed to `on_tag` as it comes, then the movetext split into
/// tokens. `%` lines are escape lines (PGN 6) and ignored. A tag line that
/// cannot be read is refused with `bad_tag`.
pub(crate) fn read_record<E: From<MovetextError>>(
    text: &str,
    bad_tag: impl Fn(String) -> E,
    mut on_tag: impl FnMut(String, String) -> Result<(), E>,
) -> Result<Vec<String>, E> {
    let mut movetext = String::new();
    let mut in_tags = true;
    for line in text.lines() {
        let trimmed = line.trim();
        if in_tags && trimmed.starts_with('[') {
            let (name, value) = parse_tag(trimmed).ok_or_else(|| bad_tag(trimmed.to_owned()))?;
            on_tag(name, value)?;
        } else if (!trimmed.is_empty() || !movetext.is_empty()) && !trimmed.starts_with('%') {
            in_tags = false;
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    Ok(movetext_tokens(&movetext)?)
}

/// A record reader's error: the enum with the variants every reader has
/// (`Empty`, `BadTag`, `UnclosedComment`, `UnbalancedVariation`,
/// `AfterResult`) and the game's own, `std::error::Error`, the tokenizer's
/// errors as its `UnclosedComment` and `UnbalancedVariation`, and the
/// texts of the shared variants (`Empty` says `$empty`). The game's own
/// variants are worded by its match arms, written with the formatter named
/// `$f`. With `refusals by $at`, the error also has `Unreadable`, `Illegal`
/// and `Ambiguous` moves (a Crazyhouse board's refusals), each named by its
/// field `$at` and its `text`.
macro_rules! record_error {
    (
        $(#[$meta:meta])*
        pub enum $error:ident ($empty:literal), refusals by $at:ident {
            $($variant:tt)*
        }
        |$f:ident| { $($arm:tt)* }
    ) => {
        $crate::referee::pgn::record_error! {
            $(#[$meta])*
            pub enum $error ($empty) {
                $($variant)*
                /// A token that is no move, move number, annotation or result.
                Unreadable { $at: String, text: String },
                Illegal { $at: String, text: String },
                Ambiguous { $at: String, text: String },
            }
            |$f| {
                $error::Unreadable { $at, text } => {
                    write!($f, "move {} {text}: not a move", $at)
                }
                $error::Illegal { $at, text } => {
                    write!($f, "move {} {text}: illegal in that position", $at)
                }
                $error::Ambiguous { $at, text } => {
                    write!($f, "move {} {text}: ambiguous, say which piece moves", $at)
                }
                $($arm)*
            }
        }
    };
    (
        $(#[$meta:meta])*
        pub enum $error:ident ($empty:literal) {
            $($variant:tt)*
        }
        |$f:ident| { $($arm:tt)* }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum $error {
            /// No tags and no moves.
            Empty,
            /// A tag line that is not `[Name "value"]`.
            BadTag(String),
            UnclosedComment,
            UnbalancedVariation,
            /// Something after the result token, e.g. a second game.
            AfterResult(String),
            $($variant)*
        }

        impl std::fmt::Display for $error {
            fn fmt(&self, $f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $error::Empty => $f.write_str($empty),
                    $error::BadTag(line) => write!($f, "unreadable tag line: {line}"),
                    $error::UnclosedComment => $f.write_str("a {comment} is not closed"),
                    $error::UnbalancedVariation => $f.write_str("unbalanced ( ) in the moves"),
                    $error::AfterResult(text) => {
                        write!($f, "unexpected text after the result: {text}")
                    }
                    $($arm)*
                }
            }
        }

        impl std::error::Error for $error {}

        impl From<$crate::referee::pgn::MovetextError> for $error {
            fn from(e: $crate::referee::pgn::MovetextError) -> Self {
                match e {
                    $crate::referee::pgn::MovetextError::UnclosedComment => $error::UnclosedComment,
                    $crate::referee::pgn::MovetextError::UnbalancedVariation => {
                        $error::UnbalancedVariation
                    }
                }
            }
        }
    };
}
pub(crate) use record_error;

/// Why a movetext cannot be split into tokens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MovetextError {
    UnclosedComment,
    UnbalancedVariation,
}

/// `h:mm:ss` as in `[%clk 0:04:58]` (whole seconds, rounded down).
pub(crate) fn clk(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// The standard `TimeControl` tag where the control fits it (equal bases,
/// Fischer or no increment): `300+3`, `40/5400+30:1800+30`.
pub(crate) fn time_control_tag(tc: &TimeControl) -> Option<String> {
    if tc.base_ms[0] != tc.base_ms[1] {
        return None;
    }
    let mut base = tc.base_ms[0];
    let mut parts = Vec::new();
    for stage in &tc.stages {
        let inc = match stage.increment {
            Increment::None => 0,
            Increment::Fischer(ms) => ms,
            Increment::Bronstein(_) | Increment::SimpleDelay(_) => return None,
        };
        let secs = (base + stage.add_ms) / 1000;
        let mut part = match stage.moves {
            Some(n) => format!("{n}/{secs}"),
            None => secs.to_string(),
        };
        if inc > 0 {
            part.push_str(&format!("+{}", inc / 1000));
        }
        parts.push(part);
        base = 0;
    }
    Some(parts.join(":"))
}

/// `[Name "value"]` → (name, unescaped value).
pub(crate) fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_owned(), value))
}

/// Strips comments, NAGs, annotation marks and variations; returns the
/// remaining tokens (move numbers, SAN, result).
pub(crate) fn movetext_tokens(text: &str) -> Result<Vec<String>, MovetextError> {
    let mut tokens = Vec::new();
    let mut current = String::new();
    let mut depth = 0usize;
    let mut chars = text.chars();
    let flush = |current: &mut String, tokens: &mut Vec<String>, depth: usize| {
        if !current.is_empty() && depth == 0 {
            tokens.push(std::mem::take(current));
        }
        current.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut current, &mut tokens, depth);
                if !chars.by_ref().any(|c| c == '}') {
                    return Err(MovetextError::UnclosedComment);
                }
            }
            ';' => {
                flush(&mut current, &mut tokens, depth);
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut current, &mut tokens, depth);
                depth += 1;
            }
            ')' => {
                flush(&mut current, &mut tokens, depth);
                depth = depth
                    .checked_sub(1)
                    .ok_or(MovetextError::UnbalancedVariation)?;
            }
            c if c.is_whitespace() => flush(&mut current, &mut tokens, depth),
            c => current.push(c),
        }
    }
    flush(&mut current, &mut tokens, depth);
    if depth != 0 {
        return Err(MovetextError::UnbalancedVariation);
    }
    Ok(tokens)
}

pub(crate) fn outcome_of(token: &str) -> Option<Option<Outcome>> {
    match token {
        "1-0" => Some(Some(Outcome::Win(Colour::White))),
        "0-1" => Some(Some(Outcome::Win(Colour::Black))),
        "1/2-1/2" | "½-½" => Some(Some(Outcome::Draw)),
        "*" => Some(None),
        _ => None,
    }
}

/// Walks a record's movetext tokens of numbered moves up to the result:
/// each move's text, without its move number and annotation marks, goes to
/// `on_move` (NAGs are skipped); a token after the result is refused with
/// `after_result`. Gives the result (`None` for `*` or no result token).
pub(crate) fn read_moves<E>(
    tokens: Vec<String>,
    after_result: impl Fn(String) -> E,
    mut on_move: impl FnMut(&str) -> Result<(), E>,
) -> Result<Option<Outcome>, E> {
    let mut outcome = None;
    let mut ended = false;
    for token in tokens {
        if ended {
            return Err(after_result(token));
        }
        if let Some(o) = outcome_of(&token) {
            outcome = o;
            ended = true;
            continue;
        }
        let text = strip_annotation(strip_move_number(&token));
        if !text.is_empty() && !text.starts_with('$') {
            on_move(text)?;
        }
    }
    Ok(outcome)
}

/// How a reader names the move at half-move `ply`: `12.` or `12...`.
pub(crate) fn move_number(ply: u32) -> String {
    let n = ply / 2 + 1;
    if ply.is_multiple_of(2) {
        format!("{n}.")
    } else {
        format!("{n}...")
    }
}

/// Splits a leading move number (`12.`, `12...`) from a token like `12.e4`.
pub(crate) fn strip_move_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && token[digits..].starts_with('.') {
        token[digits..].trim_start_matches('.')
    } else {
        token
    }
}

/// Annotation marks a move may carry: `!`, `?`, `!?`, …
pub(crate) fn strip_annotation(token: &str) -> &str {
    token.trim_end_matches(['!', '?'])
}

/// SAN as shakmaty reads it from dialects other programs write: castling
/// with zeros (`0-0`, `0-0-0+`) and promotions without `=` (`gxh8Q`).
pub(crate) fn standard_san(text: &str) -> String {
    let core = text.trim_end_matches(['+', '#']);
    let suffix = &text[core.len()..];
    match core {
        "0-0" => return format!("O-O{suffix}"),
        "0-0-0" => return format!("O-O-O{suffix}"),
        _ => {}
    }
    let pawn_move = core.starts_with(|c| ('a'..='h').contains(&c));
    if pawn_move
        && matches!(
            core.as_bytes(),
            [.., b'1' | b'8', b'Q' | b'R' | b'B' | b'N']
        )
    {
        let (head, role) = core.split_at(core.len() - 1);
        return format!("{head}={role}{suffix}");
    }
    text.to_owned()
}

/// A committed draw as a record carries it, to check in the verifier: the
/// `Commitment`, `SetupText` (Nordau Shift writes `Setup`), `Seed` (absent
/// before the reveal) and `Words` tags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedDraw {
    pub commitment_hex: String,
    pub setup_text: String,
    pub seed_hex: Option<String>,
    pub words: Vec<String>,
}

/// Why a record's draw cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordedDrawError {
    /// A `Commitment` tag without the setup it commits to.
    NoSetup,
    /// The `Words` tag is no JSON array of strings: dropping it would verify
    /// the commitment and print draws the game never used.
    BadWords(String),
}

impl std::fmt::Display for RecordedDrawError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordedDrawError::NoSetup => write!(f, "the record has no SetupText tag"),
            RecordedDrawError::BadWords(why) => write!(f, "the Words tag cannot be read: {why}"),
        }
    }
}

/// The committed draw in a PGN record's tags, if it has a `Commitment` tag
/// (`None`: the text is no such record). Tag lines anywhere in the text
/// count, so a record pasted with text around it still reads.
pub fn recorded_draw(text: &str) -> Option<Result<RecordedDraw, RecordedDrawError>> {
    // A few tags: a list, not a map (a hash map brings its hasher into the
    // wasm). The first of each name counts.
    let tags: Vec<(String, String)> = text
        .lines()
        .filter_map(|line| parse_tag(line.trim()))
        .collect();
    let tag = |name: &str| {
        tags.iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.clone())
    };
    let commitment_hex = tag("Commitment")?;
    let read = || {
        let setup_text = tag("SetupText")
            .or_else(|| tag("Setup"))
            .ok_or(RecordedDrawError::NoSetup)?;
        let words = match tag("Words") {
            Some(json) => crate::referee::json::from_str::<Vec<String>>(&json)
                .map_err(|e| RecordedDrawError::BadWords(e.to_string()))?,
            None => Vec::new(),
        };
        Ok(RecordedDraw {
            commitment_hex,
            setup_text,
            seed_hex: tag("Seed"),
            words,
        })
    };
    Some(read())
}

/// A record read for showing, not replaying (a record opened from another
/// phone, CE-5): its tag pairs in order, and its movetext as written. Lines
/// that are not tag pairs before the movetext are left out.
pub fn tags_and_moves(text: &str) -> (Vec<(String, String)>, String) {
    let mut tags = Vec::new();
    let mut moves = String::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if moves.is_empty() && trimmed.starts_with('[') {
            tags.extend(parse_tag(trimmed));
        } else if !trimmed.is_empty() || !moves.is_empty() {
            moves.push_str(trimmed);
            moves.push('\n');
        }
    }
    (tags, moves.trim_end().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// C-3: the verifier reads a record's draw from its tags; the first tag
    /// of a name counts, `SetupText` before `Setup`, and text around the
    /// record does not matter.
    #[test]
    fn recorded_draw_takes_the_first_tag_of_each_name() {
        let text = "pasted from a chat:\n[Event \"x\"]\n[Commitment \"c1\"]\n[Setup \"old\"]\n\
                    [SetupText \"s1\"]\n[Commitment \"c2\"]\n[SetupText \"s2\"]\n[Seed \"ab\"]\n\
                    [Words \"[\\\"w\\\"]\"]\n\n1. e4 *";
        let draw = recorded_draw(text).unwrap().unwrap();
        assert_eq!(draw.commitment_hex, "c1");
        assert_eq!(draw.setup_text, "s1");
        assert_eq!(draw.seed_hex.as_deref(), Some("ab"));
        assert_eq!(draw.words, ["w"]);
        let only_setup = recorded_draw("[Commitment \"c\"]\n[Setup \"old\"]").unwrap();
        assert_eq!(only_setup.unwrap().setup_text, "old");
        assert!(matches!(
            recorded_draw("[Commitment \"c\"]"),
            Some(Err(RecordedDrawError::NoSetup))
        ));
        assert!(recorded_draw("[Setup \"s\"]\n1. e4").is_none());
        assert!(matches!(
            recorded_draw("[Commitment \"c\"]\n[Setup \"s\"]\n[Words \"nope\"]"),
            Some(Err(RecordedDrawError::BadWords(_)))
        ));
    }
}
