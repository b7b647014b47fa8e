//! Parts of a chess-clock module's end screen that every module shows the
//! same way: the clocks as they stood, the record's buttons, and what next.

use leptos::prelude::*;

use super::format;
use super::i18n::use_i18n;
use crate::referee::{Colour, Outcome};
use crate::web::device;

/// One player's clock at the end: name, seat ("White", "Black A"), time.
pub type ClockRow = (String, &'static str, u64);

/// "Clocks at the end": a table of every player's time.
#[component]
pub fn FinalClocks(
    #[prop(into)] rows: Signal<Vec<ClockRow>>,
    /// Extra classes of the table.
    #[prop(optional)]
    class: &'static str,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="group">
            <h2 class="card-title">{move || i18n.t().game.end.final_clocks}</h2>
            <table class=format!("score-table {class}")>
                <tbody>
                    {move || rows.get().into_iter().map(|(name, seat, ms)| view! {
                        <tr>
                            <th scope="row">{name}</th>
                            <td>{seat}</td>
                            <td class="num mono">{format::clock_face(ms)}</td>
                        </tr>
                    }).collect_view()}
                </tbody>
            </table>
        </div>
    }
}

/// The record's buttons: download, copy and (where the phone can) share.
#[component]
pub fn RecordButtons(
    /// The downloaded file's name and type.
    file_name: &'static str,
    mime: &'static str,
    /// "Download PGN".
    #[prop(into)]
    download_label: Signal<&'static str>,
    /// The share sheet's title (the game's name).
    #[prop(into)]
    title: Signal<&'static str>,
    /// The record's text, when there is one.
    #[prop(into)]
    text: Callback<(), Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    let copied = RwSignal::new(false);
    view! {
        <div class="button-row">
            <button type="button" class="button record-download" on:click=move |_| {
                if let Some(text) = text.run(()) {
                    device::download(file_name, mime, &text);
                }
            }>{move || download_label.get()}</button>
            <button type="button" class="button" on:click=move |_| {
                if let Some(text) = text.run(()) {
                    wasm_bindgen_futures::spawn_local(async move {
                        copied.set(device::copy_text(&text).await);
                    });
                }
            }>
                {move || {
                    let t = &i18n.t().game.end;
                    if copied.get() { t.copied } else { t.copy }
                }}
            </button>
            {device::can_share().then(|| view! {
                <button type="button" class="button" on:click=move |_| {
                    if let Some(text) = text.run(()) {
                        let title = title.get_untracked();
                        wasm_bindgen_futures::spawn_local(async move {
                            device::share(title, &text, "").await;
                        });
                    }
                }>{move || i18n.t().game.end.share}</button>
            })}
        </div>
    }
}

/// "Rematch, colours swapped" and "New setup".
#[component]
pub fn RematchOrNew(
    #[prop(into)] on_rematch: Callback<()>,
    #[prop(into)] on_new: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <button type="button" class="button primary big" on:click=move |_| on_rematch.run(())>
            {move || i18n.t().game.end.rematch}
        </button>
        <button type="button" class="button new-setup" on:click=move |_| on_new.run(())>
            {move || i18n.t().game.end.new_setup}
        </button>
    }
}

/// "Dana wins" or "Draw"; nothing while the game runs. `wins` names the
/// winner as `{name}`.
pub fn result_line<N: AsRef<str>>(
    outcome: Option<Outcome>,
    name: impl FnOnce(Colour) -> N,
    wins: &str,
    draw: &str,
) -> String {
    match outcome {
        Some(Outcome::Win(colour)) => format::fill(wins, &[("name", name(colour).as_ref())]),
        Some(Outcome::Draw) => draw.to_owned(),
        None => String::new(),
    }
}

/// A finished game as the live region announces it: the module's
/// `template` ("{result}, {reason}") filled in.
pub fn announce(template: &str, result: &str, reason: &str) -> String {
    format::fill(template, &[("result", result), ("reason", reason)])
}

/// "The record" and its buttons, for a chess record in PGN.
#[component]
pub fn PgnRecord(
    file_name: &'static str,
    /// "Download PGN".
    #[prop(into)]
    download_label: Signal<&'static str>,
    /// The share sheet's title (the game's name).
    #[prop(into)]
    title: Signal<&'static str>,
    #[prop(into)] text: Callback<(), Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <h2 class="card-title">{move || i18n.t().game.end.record}</h2>
        <RecordButtons
            file_name=file_name
            mime="application/x-chess-pgn"
            download_label=download_label
            title=title
            text=text
        />
    }
}
