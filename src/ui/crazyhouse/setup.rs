//! Setup: two names, physical or on-screen board, a time control (presets, or
//! custom per-side minutes and increment for a handicap), the rules in brief,
//! and a PGN import to continue or review a game. Remembered for next time.

use leptos::prelude::*;

use super::strings::{CrazyhouseTexts, TEXTS};
use super::use_zh;
use crate::referee::{PgnImportError, ZhError, ZhGame, ZhSetup, zh_from_pgn};
use crate::ui::format;
use crate::ui::i18n::game::RecordErrorTexts;
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::names::name_problem_text;
use crate::ui::setup_parts::ImportBox;
use crate::ui::setup_parts::form::{
    FormIds, NamesAndMode, RulesAndStart, SetupForm, TwoPlayerPrefs, TwoPlayerTime, form_ids,
};

const PREFS_KEY: &str = "crazyhouse.setup";
const IDS: FormIds = form_ids!("zh");

/// The form's values, remembered for the next game: the shared ones only
/// (the time's preset index is into `TimeControl::presets()`).
type Prefs = TwoPlayerPrefs<()>;

fn setup(p: &Prefs, i18n: &I18n) -> ZhSetup {
    let (white, black) = p.names(i18n);
    ZhSetup {
        white,
        black,
        control: p.control(),
        mode: p.mode(),
        start_fen: None,
        opening: Vec::new(),
        recorded: None,
    }
}

/// Why the referee refused a setup, in the current language: a name, or
/// else a time (the form offers nothing else that can be wrong).
fn setup_problem(i18n: &I18n, e: &ZhError) -> String {
    match *e {
        ZhError::BadName { index, problem } => {
            name_problem_text(i18n, i18n.of(&TEXTS).names_required, index, problem)
        }
        _ => i18n.t().game.time.bad_time.to_owned(),
    }
}

/// The import error in the current language, naming the move.
fn import_error(t: &CrazyhouseTexts, r: &RecordErrorTexts, e: &PgnImportError) -> String {
    let p = &t.pgn_errors;
    match e {
        PgnImportError::Empty => p.empty.to_owned(),
        PgnImportError::BadTag(line) => format::fill(r.bad_tag, &[("text", line)]),
        PgnImportError::OtherVariant(v) => format::fill(p.other_variant, &[("text", v)]),
        PgnImportError::BadFen(fen) => format::fill(p.bad_fen, &[("text", fen)]),
        PgnImportError::UnclosedComment => r.comment.to_owned(),
        PgnImportError::UnbalancedVariation => r.variation.to_owned(),
        PgnImportError::Unreadable { number, text } => {
            format::fill(r.unreadable, &[("move", number), ("text", text)])
        }
        PgnImportError::Illegal { number, text } => {
            format::fill(r.illegal, &[("move", number), ("text", text)])
        }
        PgnImportError::Ambiguous { number, text } => {
            format::fill(r.ambiguous, &[("move", number), ("text", text)])
        }
        PgnImportError::AfterResult(text) => format::fill(r.after_result, &[("text", text)]),
    }
}

#[component]
pub fn SetupScreen() -> impl IntoView {
    let i18n = use_i18n();
    let ctx = use_zh();
    let form = SetupForm::<Prefs>::load(PREFS_KEY);

    let start = move |()| {
        let make = |p: &Prefs| ZhGame::new(setup(p, &i18n)).map_err(|e| setup_problem(&i18n, &e));
        form.start(&i18n, make, move |game| ctx.begin(game));
    };
    let import = move |text: String| {
        let t = i18n.of(&TEXTS);
        let p = form.values();
        let imported = match zh_from_pgn(&text) {
            Ok(imported) => imported,
            Err(e) => {
                let why = import_error(t, &i18n.t().game.record_errors, &e);
                return Some(Signal::stored(why));
            }
        };
        let (white, black) = p.names(&i18n);
        let mut setup = imported.clone().into_setup(p.control());
        if imported.white.is_none() {
            setup.white = white;
        }
        if imported.black.is_none() {
            setup.black = black;
        }
        match ZhGame::new(setup) {
            Ok(game) => {
                ctx.begin(game);
                None
            }
            Err(e) => Some(Signal::stored(setup_problem(&i18n, &e))),
        }
    };

    view! {
        <section class="zh-setup page-narrow">
            <h1>{i18n.word(|i| i.of(&TEXTS).setup_title)}</h1>
            <NamesAndMode form=form ids=&IDS/>
            <TwoPlayerTime form=form ids=&IDS minute_labels=Signal::derive(i18n.word(|i| { let t = i.of(&TEXTS); [t.minutes_white, t.minutes_black] }))/>
            <RulesAndStart form=form rules=Signal::derive(i18n.word(|i| &i.of(&TEXTS).rules[..])) on_start=start/>
            <ImportBox words=Signal::derive(i18n.word(|i| &i.of(&TEXTS).import)) text=form.import on_import=import/>
        </section>
    }
}
