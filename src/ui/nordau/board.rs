//! Board mode's on-screen board (C-1): the shared board (`ui::board`) fed from
//! the game's public view; a legal move played on it is the clock press.

use leptos::prelude::*;

use super::{current_view, use_table};
use crate::referee::{Colour, Event, PublicView, ViewPhase};
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
    // Each input is its own memo: the view changes with every clock tick, the
    // board only when the position does.
    fn field<T: Clone + PartialEq + Send + Sync + 'static>(
        view_now: Memo<Option<PublicView>>,
        get: fn(&PublicView) -> T,
        none: T,
    ) -> Signal<T> {
        Memo::new(move |_| view_now.with(|v| v.as_ref().map_or_else(|| none.clone(), get))).into()
    }
    view! {
        <board::Board
            fen=field(view_now, |v| v.fen.clone(), None)
            legal=field(view_now, |v| v.legal_moves_uci.clone(), Vec::new())
            last_move=field(view_now, |v| v.last_move_uci.clone(), None)
            in_check=field(view_now, |v| v.in_check, false)
            side_to_move=field(view_now, |v| v.side_to_move, Colour::White)
            last_san=field(view_now, |v| v.last_move_san.clone(), None)
            notice=notice
            on_move=move |mv| {
                ctx.send(Event::Move { mv });
            }
        />
    }
}
