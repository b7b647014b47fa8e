//! The Tonight screen (`#/tonight`): who is at the table (CE-1), the next
//! game with the players the app proposes (CE-2, CE-3) and the table's
//! change of them, the game being played, tonight's table (CE-4), the
//! evening's commitments and the codes that take it home (CE-5).

use leptos::prelude::*;
use sha2::{Digest, Sha256};

use super::strings::{ClubTexts, TEXTS};
use super::take_home::TakeHome;
use crate::referee::club::record::TonightError;
use crate::referee::club::rotation::{Proposal, propose, teams};
use crate::referee::club::{ClubError, ClubGame, PersonId, PlayerOutcome, Tonight, standings};
use crate::ui::confirm::ConfirmButton;
use crate::ui::evening::{DrawList, stored_draws};
use crate::ui::format;
use crate::ui::games;
use crate::ui::i18n::{I18n, use_i18n};
use crate::ui::names::name_problem_text;
use crate::web::{self, device, storage};

/// The evening's tie-break secret: the bytes of a proposal's draw among
/// equals come from it, the number of games started and the game, so
/// choosing the same game again proposes the same players (a tie is never
/// re-rolled by tapping again). Kept beside the record, never shown.
const TIES_KEY: &str = "club.tonight.ties";

fn tie_bytes(tonight: &Tonight, game: ClubGame) -> [u8; 32] {
    let secret = storage::get(TIES_KEY).unwrap_or_else(|| {
        let fresh = hex::encode(device::random_seed().unwrap_or_default());
        storage::set(TIES_KEY, &fresh);
        fresh
    });
    let mut hash = Sha256::new();
    hash.update(secret.as_bytes());
    hash.update((tonight.games.len() as u64).to_le_bytes());
    hash.update(game.id().as_bytes());
    hash.finalize().into()
}

/// The seats of `game` in the order of its players (`TableGame::players`).
fn seat_labels(t: &ClubTexts, game: ClubGame) -> Vec<String> {
    match game {
        ClubGame::Bughouse => [
            t.board_a_white,
            t.board_a_black,
            t.board_b_white,
            t.board_b_black,
        ]
        .map(str::to_owned)
        .to_vec(),
        ClubGame::Nordau => (1..=3)
            .map(|n| format::fill(t.player_n, &[("n", &n.to_string())]))
            .collect(),
        _ => vec![t.white.to_owned(), t.black.to_owned()],
    }
}

fn game_name(i18n: &I18n, game: ClubGame) -> &'static str {
    games::find(game.id()).map_or(game.id(), |entry| (entry.name)(i18n.t()))
}

fn names_of(tonight: &Tonight, ids: &[PersonId]) -> String {
    ids.iter()
        .map(|id| tonight.people[*id].name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn refusal_text(i18n: &I18n, error: &ClubError, game: Option<ClubGame>) -> String {
    let t = i18n.of(&TEXTS);
    match error {
        ClubError::Name(problem) => name_problem_text(i18n, t.add_required, 0, *problem),
        ClubError::NameTaken(name) => format::fill(t.name_taken, &[("name", name)]),
        ClubError::TooFew { needed, free } => format::fill(
            t.too_few,
            &[
                ("game", game.map_or("", |g| game_name(i18n, g))),
                ("n", &needed.to_string()),
                ("free", &free.to_string()),
            ],
        ),
        ClubError::NotAvailable(_) => t.twice.to_owned(),
        other => other.to_string(),
    }
}

fn outcome_word(t: &ClubTexts, outcome: PlayerOutcome) -> &'static str {
    match outcome {
        PlayerOutcome::Won => t.won,
        PlayerOutcome::Drawn => t.drawn,
        PlayerOutcome::Lost => t.lost,
        PlayerOutcome::Observed => t.observed,
    }
}

/// The evening's state on screen, stored before it is shown.
#[derive(Clone, Copy)]
struct Evening {
    tonight: RwSignal<Tonight>,
    /// Why the stored evening cannot be continued here (a newer app's).
    locked: RwSignal<Option<TonightError>>,
    unsaved: RwSignal<bool>,
    problem: RwSignal<Option<String>>,
}

impl Evening {
    fn change(
        &self,
        i18n: &I18n,
        game: Option<ClubGame>,
        f: impl FnOnce(&mut Tonight) -> Result<(), ClubError>,
    ) -> bool {
        if self.locked.get_untracked().is_some() {
            return false;
        }
        let mut next = self.tonight.get_untracked();
        if let Err(error) = f(&mut next) {
            self.problem.set(Some(refusal_text(i18n, &error, game)));
            return false;
        }
        self.problem.set(None);
        self.unsaved.set(!super::save(&next));
        self.tonight.set(next);
        true
    }
}

#[component]
pub fn TonightPage() -> impl IntoView {
    let i18n = use_i18n();
    let (read, moved_aside) = super::load_noting_damage();
    let (tonight, locked) = match read {
        Ok(tonight) => (tonight, None),
        Err(error) => (Tonight::new(), Some(error)),
    };
    let evening = Evening {
        tonight: RwSignal::new(tonight),
        locked: RwSignal::new(locked),
        unsaved: RwSignal::new(false),
        problem: RwSignal::new(None),
    };
    // Another window (or a game ending there) changed the evening: show it.
    let listener = web::while_window_event("storage", move || {
        if let Ok(stored) = super::load() {
            evening.tonight.try_set(stored);
        }
    });
    // Dropped (and removed) with this stored value, when the screen goes.
    let _listener = StoredValue::new_local(listener);
    let record = Signal::derive(move || Some(("tonight", evening.tonight.with(Tonight::to_text))));
    view! {
        <section class="tonight" data-testid="tonight">
            <h1>{i18n.word(|i| i.of(&TEXTS).title)}</h1>
            <p class="hint">{i18n.word(|i| i.of(&TEXTS).intro)}</p>
            {move || evening.locked.get().map(|error| {
                let t = i18n.of(&TEXTS);
                let why = match error {
                    TonightError::Newer { .. } => t.newer,
                    TonightError::Corrupt(_) => t.damaged,
                };
                view! { <p class="notice warn" role="alert">{why}</p> }
            })}
            {moved_aside.then(|| view! {
                <p class="notice warn" role="status" data-testid="tonight-damaged">{i18n.word(|i| i.of(&TEXTS).damaged)}</p>
            })}
            <Show when=move || evening.unsaved.get()>
                <p class="notice warn" role="alert">{i18n.word(|i| i.of(&TEXTS).unsaved)}</p>
            </Show>
            <NextGame evening=evening/>
            <People evening=evening/>
            <Standings tonight=evening.tonight.into()/>
            <GamesTonight tonight=evening.tonight.into()/>
            <DrawList draws=stored_draws("")/>
            <TakeHome record=record file_name="tonight.json"/>
        </section>
    }
}

#[component]
fn People(evening: Evening) -> impl IntoView {
    let i18n = use_i18n();
    let name = RwSignal::new(String::new());
    let add = move || {
        let typed = name.get_untracked().trim().to_owned();
        if evening.change(&i18n, None, |t| t.arrive(&typed).map(|_| ())) {
            name.set(String::new());
        }
    };
    view! {
        <div class="group people">
            <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).people_title)}</h2>
            <ul class="people-list">
                {move || {
                    let t = i18n.of(&TEXTS);
                    evening.tonight.with(|tonight| {
                        let busy = tonight.busy();
                        tonight.people.iter().enumerate().map(|(id, person)| {
                            let playing = busy.contains(&id);
                            let played = format::fill(t.games_count, &[("n", &tonight.games_played(id).to_string())]);
                            let status = if playing {
                                Some(t.playing)
                            } else if !person.present {
                                Some(t.gone)
                            } else {
                                None
                            };
                            let present = person.present;
                            view! {
                                <li class="person" class:gone=!present data-name=person.name.clone()>
                                    <span class="person-name">{person.name.clone()}</span>
                                    <span class="person-count">{played}</span>
                                    {status.map(|s| view! { <span class="person-status">{s}</span> })}
                                    {(!playing).then(|| view! {
                                        <button type="button" class="button person-toggle" on:click=move |_| {
                                            evening.change(&i18n, None, |t| if present { t.leave(id) } else { t.back(id) });
                                        }>{if present { t.leave } else { t.back }}</button>
                                    })}
                                </li>
                            }
                        }).collect_view()
                    })
                }}
            </ul>
            <form class="add-person" on:submit=move |ev| { ev.prevent_default(); add(); }>
                <label class="field">
                    <span class="field-label">{i18n.word(|i| i.of(&TEXTS).add_label)}</span>
                    <input type="text" class="text-input" autocomplete="off" enterkeyhint="done"
                        prop:value=move || name.get()
                        on:input=move |ev| { name.set(event_target_value(&ev)); evening.problem.set(None); }/>
                </label>
                <button type="submit" class="button">{i18n.word(|i| i.of(&TEXTS).add_button)}</button>
            </form>
            {move || evening.problem.get().map(|why| view! { <p class="form-error" role="alert">{why}</p> })}
        </div>
    }
}

#[component]
fn NextGame(evening: Evening) -> impl IntoView {
    let i18n = use_i18n();
    let chosen = RwSignal::new(None::<ClubGame>);
    let proposal = Memo::new(move |_| {
        let game = chosen.get()?;
        Some(evening.tonight.with(|t| {
            if t.in_progress().is_some() {
                return Err(ClubError::GameInProgress);
            }
            propose(t, game, &tie_bytes(t, game))
        }))
    });
    // The seats as the table sets them: the proposal until someone changes one.
    let seats = RwSignal::new(Vec::<PersonId>::new());
    Effect::new(move |_| {
        if let Some(Ok(p)) = proposal.get() {
            seats.set(p.players.clone());
        }
    });
    let start = move |p: Proposal| {
        let players = seats.get_untracked();
        let game = p.game;
        if evening.change(&i18n, Some(game), |t| t.start(&p, players))
            && let Some(entry) = games::find(game.id())
        {
            web::set_location_hash(entry.href);
        }
    };
    let playing = move || {
        evening
            .tonight
            .with(|t| t.in_progress().map(|g| (g.game, names_of(t, &g.players))))
    };
    view! {
        <div class="group next-game">
            <h2 class="card-title">{move || {
                let t = i18n.of(&TEXTS);
                if playing().is_some() { t.playing_now } else { t.next_title }
            }}</h2>
            {move || match playing() {
                Some((game, names)) => {
                    let t = i18n.of(&TEXTS);
                    let href = games::find(game.id()).map_or("#/", |e| e.href);
                    view! {
                        <div class="playing-now" data-testid="playing-now">
                            <p class="playing-title">{game_name(&i18n, game)}</p>
                            <p class="playing-names">{names}</p>
                            <div class="button-row">
                                <a class="button primary" href=href>{t.go_to_game}</a>
                                <ConfirmButton label=Signal::derive(i18n.owned_word(|i| i.of(&TEXTS).give_up))
                                    on_confirm=move |()| { evening.change(&i18n, Some(game), Tonight::abandon); }/>
                            </div>
                            <p class="hint">{t.give_up_hint}</p>
                        </div>
                    }.into_any()
                }
                None => view! {
                    <div class="game-choice" role="group">
                        {ClubGame::ALL.into_iter().filter(|g| games::find(g.id()).is_some()).map(|game| view! {
                            <button type="button" class="button choice" data-game=game.id()
                                class:chosen=move || chosen.get() == Some(game)
                                aria-pressed=move || (chosen.get() == Some(game)).to_string()
                                on:click=move |_| chosen.set(Some(game))>
                                {move || game_name(&i18n, game)}
                            </button>
                        }).collect_view()}
                    </div>
                    {move || proposal.get().map(|p| match p {
                        Ok(p) => view! { <ProposalCard evening=evening proposal=p seats=seats on_start=start/> }.into_any(),
                        Err(error) => view! {
                            <p class="notice" role="status">{refusal_text(&i18n, &error, chosen.get_untracked())}</p>
                        }.into_any(),
                    })}
                }.into_any(),
            }}
        </div>
    }
}

#[component]
fn ProposalCard(
    evening: Evening,
    proposal: Proposal,
    seats: RwSignal<Vec<PersonId>>,
    #[prop(into)] on_start: Callback<Proposal>,
) -> impl IntoView {
    let i18n = use_i18n();
    let game = proposal.game;
    let free = evening.tonight.with_untracked(Tonight::free);
    let names = evening
        .tonight
        .with_untracked(|t| t.people.iter().map(|p| p.name.clone()).collect::<Vec<_>>());
    let proposed = proposal.players.clone();
    let drawn_among = proposal.drawn_among.clone();
    let tie_drawn = proposal.tie_drawn;
    let partners_drawn = proposal.partners_drawn;
    // People are never renamed or removed, so the names read now stay true.
    let name_list = move |ids: &[PersonId]| evening.tonight.with_untracked(|t| names_of(t, ids));
    let twice = move || seats.with(|s| s.iter().enumerate().any(|(i, id)| s[..i].contains(id)));
    view! {
        <div class="proposal" data-testid="proposal" data-game=game.id()>
            <p class="hint">{i18n.word(|i| i.of(&TEXTS).proposal_rule)}</p>
            <div class="seats">
                {move || seat_labels(i18n.of(&TEXTS), game).into_iter().enumerate().map(|(i, label)| {
                    let free = free.clone();
                    let names = names.clone();
                    view! {
                        <label class="field seat">
                            <span class="field-label">{label}</span>
                            <select class="text-input seat-select" data-seat=i
                                on:change=move |ev| {
                                    if let Ok(id) = event_target_value(&ev).parse::<PersonId>() {
                                        seats.update(|s| if let Some(seat) = s.get_mut(i) { *seat = id });
                                    }
                                }>
                                {free.iter().map(|id| {
                                    let id = *id;
                                    view! {
                                        <option value=id.to_string() selected=move || seats.with(|s| s.get(i) == Some(&id))>
                                            {names[id].clone()}
                                        </option>
                                    }
                                }).collect_view()}
                            </select>
                        </label>
                    }
                }).collect_view()}
            </div>
            {(game == ClubGame::Nordau).then(|| view! { <p class="hint">{i18n.word(|i| i.of(&TEXTS).nordau_seating)}</p> })}
            {
                move || (game == ClubGame::Bughouse && seats.with(|s| s.len() == 4)).then(|| {
                    let [one, two] = teams(&seats.get());
                    let t = i18n.of(&TEXTS);
                    let pair = |team: [PersonId; 2]| {
                        let both = name_list(&team);
                        let (a, b) = both.split_once(", ").map_or((both.clone(), String::new()), |(a, b)| (a.to_owned(), b.to_owned()));
                        format::fill(t.partners, &[("a", &a), ("b", &b)])
                    };
                    view! { <p class="partners">{pair(one)}</p><p class="partners">{pair(two)}</p> }
                })
            }
            {
                let drawn = name_list(&drawn_among);
                (tie_drawn).then(|| view! {
                    <p class="tie-drawn" data-testid="tie-drawn">{move || format::fill(i18n.of(&TEXTS).tie_drawn, &[("names", &drawn)])}</p>
                })
            }
            {partners_drawn.then(|| view! { <p class="tie-drawn">{i18n.word(|i| i.of(&TEXTS).partners_drawn)}</p> })}
            {
                let proposed_names = name_list(&proposed);
                let proposed = proposed.clone();
                move || (seats.get() != proposed).then(|| view! {
                    <p class="overridden" data-testid="overridden">{format::fill(i18n.of(&TEXTS).overridden, &[("names", &proposed_names)])}</p>
                })
            }
            {move || twice().then(|| view! { <p class="form-error" role="alert">{i18n.of(&TEXTS).twice}</p> })}
            <button type="button" class="button primary big start-game" disabled=twice
                on:click=move |_| on_start.run(proposal.clone())>
                {move || format::fill(i18n.of(&TEXTS).start, &[("game", game_name(&i18n, game))])}
            </button>
        </div>
    }
}

#[component]
pub fn Standings(tonight: Signal<Tonight>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <div class="group standings" data-testid="standings">
            <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).table_title)}</h2>
            {move || {
                let t = i18n.of(&TEXTS);
                tonight.with(|tonight| {
                    let played = standings::games_played(tonight);
                    if played.is_empty() {
                        return view! { <p class="hint">{t.table_empty}</p> }.into_any();
                    }
                    played.into_iter().map(|game| {
                        let nordau = game == ClubGame::Nordau;
                        let rows = standings::table(tonight, game);
                        view! {
                            <div class="standings-game" data-game=game.id()>
                                <h3 class="standings-title">{game_name(&i18n, game)}</h3>
                                <div class="table-scroll">
                                    <table class="score-table">
                                        <thead><tr>
                                            <th scope="col">{t.col_name}</th>
                                            <th scope="col" class="num-head">{t.col_played}</th>
                                            <th scope="col" class="num-head" title=t.col_won aria-label=t.col_won>"+"</th>
                                            <th scope="col" class="num-head" title=t.col_drawn aria-label=t.col_drawn>"="</th>
                                            <th scope="col" class="num-head" title=t.col_lost aria-label=t.col_lost>"−"</th>
                                            {nordau.then(|| view! { <th scope="col" class="num-head">{t.col_points}</th> })}
                                        </tr></thead>
                                        <tbody>
                                            {rows.into_iter().map(|(id, line)| view! {
                                                <tr data-name=tonight.people[id].name.clone()>
                                                    <th scope="row">{tonight.people[id].name.clone()}</th>
                                                    <td class="num" data-col="played">{line.played}</td>
                                                    <td class="num" data-col="won">{line.won}</td>
                                                    <td class="num" data-col="drawn">{line.drawn}</td>
                                                    <td class="num" data-col="lost">{line.lost}</td>
                                                    {nordau.then(|| view! { <td class="num" data-col="points">{line.seat_points}</td> })}
                                                </tr>
                                            }).collect_view()}
                                        </tbody>
                                    </table>
                                </div>
                            </div>
                        }
                    }).collect_view().into_any()
                })
            }}
        </div>
    }
}

#[component]
pub fn GamesTonight(tonight: Signal<Tonight>) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <Show when=move || tonight.with(|t| t.games.iter().any(|g| g.finished()))>
            <div class="group games-tonight">
                <h2 class="card-title">{i18n.word(|i| i.of(&TEXTS).games_title)}</h2>
                <ol class="games-tonight-list">
                    {move || {
                        let t = i18n.of(&TEXTS);
                        tonight.with(|tonight| tonight.games.iter().filter(|g| g.finished()).map(|g| {
                            let result = g.result.as_ref().expect("finished");
                            let who = g.players.iter().zip(&result.outcomes).map(|(id, outcome)| {
                                format!("{} ({})", tonight.people[*id].name, outcome_word(t, *outcome))
                            }).collect::<Vec<_>>().join(", ");
                            let changed = g.overridden();
                            view! {
                                <li class="game-tonight" data-game=g.game.id() data-changed=changed.to_string()>
                                    <strong>{game_name(&i18n, g.game)}</strong>": "{who}
                                    {changed.then(|| view! { <span class="changed-mark">" · "{t.changed_mark}</span> })}
                                </li>
                            }
                        }).collect_view())
                    }}
                </ol>
            </div>
        </Show>
    }
}
