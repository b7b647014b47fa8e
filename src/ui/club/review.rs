//! A record opened from a code (`#/open/<payload>`, CE-5): a game's record
//! shown as it was exported (its players, result and moves), or an evening's
//! table; a piece of a sequence is kept until the others are scanned. Nothing
//! on this phone changes but those pieces; a damaged or foreign code is
//! refused with its reason.

use leptos::prelude::*;

use super::strings::TEXTS;
use super::tonight::{GamesTonight, Standings};
use crate::referee::club::Tonight;
use crate::referee::json;
use crate::referee::pgn::tags_and_moves;
use crate::referee::share::{self, Payload, Sequence, ShareError};
use crate::ui::copy_button::CopyButton;
use crate::ui::format;
use crate::ui::games;
use crate::ui::i18n::use_i18n;
use crate::web::{device, storage};

/// The pieces of the sequence being scanned (their payloads, JSON).
const PIECES_KEY: &str = "club.share.pieces";

/// What a payload opens: a whole record, a sequence still missing pieces, or
/// a refusal.
enum Opened {
    Whole {
        kind: String,
        text: String,
    },
    Waiting {
        got: usize,
        count: usize,
        missing: Vec<usize>,
    },
    Refused(ShareError),
}

/// Reads `payload`, adding a piece to the ones kept from earlier scans.
fn open(payload: &str) -> Opened {
    let piece = match share::read(payload) {
        Ok(Payload::Whole { kind, text }) => return Opened::Whole { kind, text },
        Ok(Payload::Piece(piece)) => piece,
        Err(error) => return Opened::Refused(error),
    };
    let kept: Vec<String> = storage::get(PIECES_KEY)
        .and_then(|t| json::from_str(&t).ok())
        .unwrap_or_default();
    let mut sequence = Sequence::default();
    let mut stored = Vec::new();
    for earlier in &kept {
        if let Ok(Payload::Piece(p)) = share::read(earlier)
            && sequence.add(p.clone()).is_ok()
        {
            stored.push(earlier.clone());
        }
    }
    // A piece of another record begins a new sequence.
    let (index, count) = (piece.index, piece.count);
    let added = match sequence.add(piece.clone()) {
        Err(ShareError::OtherRecord) => {
            sequence = Sequence::default();
            stored.clear();
            sequence.add(piece)
        }
        other => other,
    };
    match added {
        Ok(Some(text)) => {
            storage::remove(PIECES_KEY);
            let kind = sequence.kind().unwrap_or_default().to_owned();
            Opened::Whole { kind, text }
        }
        Ok(None) => {
            if !stored.iter().any(|s| s == payload) {
                stored.push(payload.to_owned());
            }
            storage::set(PIECES_KEY, &json::to_string(&stored));
            let missing = sequence.missing();
            Opened::Waiting {
                got: index,
                count,
                missing,
            }
        }
        Err(error) => {
            storage::remove(PIECES_KEY);
            Opened::Refused(error)
        }
    }
}

/// Why a code cannot be opened: the one notice for a bad link and a bad record.
fn refused(reason: String) -> AnyView {
    let i18n = use_i18n();
    view! {
        <div class="notice warn" role="alert" data-testid="review-refused">
            <strong>{i18n.word(|i| i.of(&TEXTS).review_refused)}</strong>
            <p>{reason}</p>
        </div>
    }
    .into_any()
}

#[component]
pub fn Review(payload: String) -> impl IntoView {
    let i18n = use_i18n();
    let opened = open(&payload);
    let body = match opened {
        Opened::Refused(error) => refused(error.to_string()),
        Opened::Waiting {
            got,
            count,
            missing,
        } => {
            let missing = missing
                .iter()
                .map(usize::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            view! {
                <p class="notice" role="status" data-testid="review-waiting">
                    {move || format::fill(i18n.of(&TEXTS).review_pieces, &[
                        ("got", &got.to_string()), ("n", &count.to_string()), ("missing", &missing),
                    ])}
                </p>
            }
            .into_any()
        }
        Opened::Whole { kind, text } if kind == "tonight" => match Tonight::from_text(&text) {
            Ok(tonight) => {
                let tonight = Signal::stored(tonight);
                view! {
                    <h2>{i18n.word(|i| i.of(&TEXTS).review_tonight)}</h2>
                    <Standings tonight=tonight/>
                    <GamesTonight tonight=tonight/>
                    <RecordFile kind="tonight" text=text/>
                }
                .into_any()
            }
            Err(error) => refused(error.to_string()),
        },
        Opened::Whole { kind, text } => {
            let game = games::find(&kind);
            let (tags, moves) = tags_and_moves(&text);
            let pgn = !tags.is_empty();
            view! {
                <h2 class="review-game" data-game=kind.clone()>
                    {move || game.map_or("", |g| (g.name)(i18n.t()))}
                </h2>
                {pgn.then(|| view! {
                    <dl class="review-tags">
                        {tags.into_iter().map(|(name, value)| {
                            let tag = name.clone();
                            view! { <div class="review-tag" data-tag=tag><dt>{name}</dt><dd>{value}</dd></div> }
                        }).collect_view()}
                    </dl>
                })}
                <div class="group">
                    <h3 class="card-title">{i18n.word(|i| i.of(&TEXTS).review_moves)}</h3>
                    <pre class="review-moves" data-testid="review-moves">{if pgn { moves } else { text.clone() }}</pre>
                </div>
                <RecordFile kind=kind_static(&kind) text=text/>
            }
            .into_any()
        }
    };
    view! {
        <section class="review" data-testid="review">
            <h1>{i18n.word(|i| i.of(&TEXTS).review_title)}</h1>
            <p class="hint">{i18n.word(|i| i.of(&TEXTS).review_from)}</p>
            {body}
        </section>
    }
}

/// The kind as one of `share::KINDS` (a file name is made of it).
fn kind_static(kind: &str) -> &'static str {
    share::KINDS
        .iter()
        .find(|k| **k == kind)
        .copied()
        .unwrap_or("record")
}

/// The opened record's buttons: save it as a file, copy it.
#[component]
fn RecordFile(kind: &'static str, text: String) -> impl IntoView {
    let i18n = use_i18n();
    let json = text.trim_start().starts_with('{');
    let file = format!(
        "{kind}.{}",
        if json {
            "json"
        } else if kind == "bughouse" {
            "bpgn"
        } else {
            "pgn"
        }
    );
    let copy_text = text.clone();
    view! {
        <div class="button-row">
            <button type="button" class="button" on:click=move |_| {
                device::download(&file, if json { "application/json" } else { "application/x-chess-pgn" }, &text);
            }>{i18n.word(|i| i.of(&TEXTS).save_file)}</button>
            <CopyButton text=move |()| Some(copy_text.clone())
                label=Signal::derive(i18n.word(|i| i.t().game.end.copy))
                done=Signal::derive(i18n.word(|i| i.t().game.end.copied))/>
        </div>
    }
}
