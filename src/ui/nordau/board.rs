//! Board mode's on-screen board (C-1): the shared board (`ui::board`) fed from
//! the game's public view; a legal move played on it is the clock press.

use leptos::prelude::*;

use super::{current_view, use_table};
use crate::referee::{Event, ViewPhase};
use crate::ui::i18n::use_i18n;

use super::strings::TEXTS;
use crate::ui::board;

#[component]
pub fn Board() -> impl IntoView {
    let ctx = use_table();
    let i18n = use_i18n();
    let view_now = Memo::new(move |_| current_view(&ctx));
    let waiting = Memo::new(move |_| {
        view_now.with(|v| {
            v.as_ref()
                .is_some_and(|v| v.phase == ViewPhase::AwaitingFirstPress)
        })
    });
    let notice = Signal::derive(move || waiting.get().then(|| i18n.of(&TEXTS).board_waits));
    view! {
        <board::ViewBoard position=move || view_now.with(|v| v.as_ref().map(|v| board::position!(v)))
            notice=notice
            on_move=move |mv: String| { ctx.send(Event::Move { mv }); }/>
    }
}
