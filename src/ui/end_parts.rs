//! Parts of a chess-clock module's end screen that every module shows the
//! same way: the clocks as they stood, the record's buttons, and what next.

use leptos::prelude::*;

use crate::ui::clicks;

use crate::ui::copy_button::CopyButton;

use super::board::{FinalPosition, FinalPositionProps, Pockets};
use super::format;
use super::i18n::use_i18n;
use crate::referee::module::GameModule;
use crate::referee::{Colour, Outcome, PgnInfo};
use crate::web::{clock, device};

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
            <h2 class="card-title">{i18n.word(|i| i.t().game.end.final_clocks)}</h2>
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
    view! {
        <div class="button-row">
            <button type="button" class="button record-download" on:click=move |_| {
                if let Some(text) = text.run(()) {
                    device::download(file_name, mime, &text);
                }
            }>{move || download_label.get()}</button>
            <CopyButton text=text label=Signal::derive(i18n.word(|i| i.t().game.end.copy))
                done=Signal::derive(i18n.word(|i| i.t().game.end.copied))/>
            {device::can_share().then(|| view! {
                <button type="button" class="button" on:click=move |_| {
                    if let Some(text) = text.run(()) {
                        let title = title.get_untracked();
                        wasm_bindgen_futures::spawn_local(async move {
                            device::share(title, &text, "").await;
                        });
                    }
                }>{i18n.word(|i| i.t().game.end.share)}</button>
            })}
        </div>
    }
}

/// The end's actions: "Rematch, colours swapped", "New setup", then the
/// module's own (`children`, such as an undo of the last tap).
#[component]
pub fn RematchOrNew(
    #[prop(into)] on_rematch: Callback<()>,
    #[prop(into)] on_new: Callback<()>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="end-actions">
            <button type="button" class="button primary big" on:click=clicks::runs(on_rematch)>
                {i18n.word(|i| i.t().game.end.rematch)}
            </button>
            <button type="button" class="button new-setup" on:click=clicks::runs(on_new)>
                {i18n.word(|i| i.t().game.end.new_setup)}
            </button>
            {children.map(|children| children())}
        </div>
    }
}

/// "Game over", who won and why, while a result stands: `result` gives the
/// result line and the reason.
#[component]
pub fn EndHeading(
    #[prop(into)] kicker: Signal<&'static str>,
    #[prop(into)] result: Signal<Option<(String, &'static str)>>,
) -> impl IntoView {
    view! {
        <p class="end-kicker">{move || kicker.get()}</p>
        {move || result.get().map(|(result, reason)| view! {
            <h1 class="end-result">{result}</h1>
            <p class="end-reason">{reason}</p>
        })}
    }
}

/// The final position of a game on the screen board, as it stood.
#[component]
pub fn EndPosition(
    fen: Option<String>,
    last_move: Option<String>,
    last_san: Option<String>,
    in_check: bool,
    side_to_move: Colour,
    /// Crazyhouse's pockets, where the game has them.
    #[prop(optional)]
    pockets: Option<Pockets>,
) -> impl IntoView {
    FinalPosition(FinalPositionProps {
        fen: Signal::stored(fen),
        last_move: Signal::stored(last_move),
        last_san: Signal::stored(last_san),
        in_check: Signal::stored(in_check),
        side_to_move: Signal::stored(side_to_move),
        pockets: pockets.map(Signal::stored),
        bottom: Colour::White,
    })
}

/// Both clocks of a two-player game: the names, the seats' words
/// (White's first) and the times left.
pub fn two_clocks(names: [&str; 2], seats: [&'static str; 2], ms: [u64; 2]) -> Vec<ClockRow> {
    (0..2)
        .map(|i| (names[i].to_owned(), seats[i], ms[i]))
        .collect()
}

/// A game's PGN as the module's `write` gives it, dated by its first event.
pub fn dated_pgn<G: GameModule, E>(
    game: &G,
    write: impl FnOnce(&G, &PgnInfo) -> Result<String, E>,
) -> Option<String> {
    let info = clock::pgn_info(game.events().first().map(|e| e.t_ms));
    write(game, &info).ok()
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
    /// The share sheet's title (the game's name).
    #[prop(into)]
    title: Signal<&'static str>,
    #[prop(into)] text: Callback<(), Option<String>>,
) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <h2 class="card-title">{i18n.word(|i| i.t().game.end.record)}</h2>
        <RecordButtons
            file_name=file_name
            mime="application/x-chess-pgn"
            download_label=Signal::derive(i18n.word(|i| i.t().game.end.download_pgn))
            title=title
            text=text
        />
    }
}
