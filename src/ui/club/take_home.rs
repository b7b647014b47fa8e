//! "Take it home" (CE-5): a finished game's record, or tonight's table, as
//! a QR code of a link to this app whose fragment carries the record
//! (`referee::share`); a record too long for one code as a numbered
//! sequence, shown one code at a time; too long for a sequence, the file.

use leptos::prelude::*;

use super::strings::TEXTS;
use crate::referee::share;
use crate::ui::format;
use crate::ui::i18n::use_i18n;
use crate::ui::qr::QrCode;
use crate::web::{self, device};

/// The route that opens a record: `#/open/<payload>`.
pub const OPEN_PREFIX: &str = "#/open/";

/// A link no longer than this fits one QR code a phone's camera reads from
/// another phone's screen at arm's length (version 17 or so, error
/// correction M: about 85 modules across).
const LINK_CHARS: usize = 720;

/// The links that carry `text` as `kind`: one, a short numbered sequence,
/// or none when it is too long for codes. The browser deflates the record;
/// what it made is checked against the record before a code is made of it,
/// and where it cannot, the record goes stored (longer codes).
pub async fn links(kind: &str, text: &str) -> Option<Vec<String>> {
    let base = web::absolute_url(OPEN_PREFIX);
    let room = LINK_CHARS.saturating_sub(base.len());
    let deflated = web::deflate::deflate_raw(text.as_bytes())
        .await
        .filter(|deflated| share::inflates_to(deflated, text))
        .unwrap_or_else(|| share::deflate_stored(text.as_bytes()));
    let payloads = share::encode_deflated(kind, &deflated, room)?;
    Some(payloads.into_iter().map(|p| format!("{base}{p}")).collect())
}

#[component]
pub fn TakeHome(
    /// The record's kind (`share::KINDS`) and text, when there is one.
    #[prop(into)]
    record: Signal<Option<(&'static str, String)>>,
    /// Offer the file too, under this name (the evening's screen).
    #[prop(optional)]
    file_name: Option<&'static str>,
) -> impl IntoView {
    let i18n = use_i18n();
    // The record's codes, once the browser has deflated it (a task or two).
    let codes = RwSignal::new(None::<(&'static str, Option<Vec<String>>)>);
    Effect::new(move |_| {
        // Never a code of the record before: none until this one's are made.
        codes.set(None);
        let Some((kind, text)) = record.get() else {
            return;
        };
        leptos::task::spawn_local(async move {
            let made = links(kind, &text).await;
            // Only if the record is still this one (and the screen still open).
            let current =
                record.try_with_untracked(|r| r.as_ref().is_some_and(|(_, t)| *t == text));
            if current == Some(true) {
                codes.try_set(Some((kind, made)));
            }
        });
    });
    let shown = RwSignal::new(0usize);
    view! {
        {move || codes.get().map(|(kind, codes)| {
            let t = i18n.of(&TEXTS);
            let body = match codes {
                Some(codes) => {
                    let count = codes.len();
                    let at = shown.get().min(count - 1);
                    let link = codes[at].clone();
                    let data_link = link.clone();
                    view! {
                        <div class="take-home-code" data-link=data_link data-count=count>
                            <QrCode text=link label=t.qr_label.to_owned() class="take-home-qr"/>
                            {(count > 1).then(|| view! {
                                <p class="take-home-count">
                                    {format::fill(t.code_of, &[("i", &(at + 1).to_string()), ("n", &count.to_string())])}
                                </p>
                                <div class="button-row">
                                    <button type="button" class="button" disabled=at == 0
                                        on:click=move |_| shown.update(|i| *i = i.saturating_sub(1))>{t.previous}</button>
                                    <button type="button" class="button take-home-next" disabled=at + 1 == count
                                        on:click=move |_| shown.update(|i| *i += 1)>{t.next}</button>
                                </div>
                            })}
                        </div>
                    }.into_any()
                }
                None => view! { <p class="hint take-home-too-long">{t.too_long}</p> }.into_any(),
            };
            view! {
                <div class="group take-home" data-testid=format!("take-home-{kind}")>
                    <h2 class="card-title">{t.take_home_title}</h2>
                    <p class="hint">{t.take_home_hint}</p>
                    {body}
                    {file_name.map(|name| view! {
                        <button type="button" class="button take-home-file" on:click=move |_| {
                            if let Some((_, text)) = record.get_untracked() {
                                device::download(name, "application/json", &text);
                            }
                        }>{t.save_file}</button>
                    })}
                </div>
            }
        })}
    }
}
