//! Home: what this app is, whether it is stored for offline use, and the games
//! it can referee.

use leptos::prelude::*;

use super::club;
use super::games::GAMES;
use super::i18n::use_i18n;
use super::offline_status::OfflineStatus;
use crate::web::service_worker::SwStatus;

#[component]
pub fn Home(sw: SwStatus) -> impl IntoView {
    let i18n = use_i18n();
    view! {
        <section class="hero">
            <h1>{i18n.word(|i| i.t().shell.app_name)}</h1>
            <p class="tagline">{i18n.word(|i| i.t().shell.tagline)}</p>
            <OfflineStatus state=sw.offline/>
        </section>
        <section class="home-tonight">
            <a class="game-card tonight-card" href="#/tonight">
                <span class="game-name">{move || i18n.of(&club::strings::TEXTS).title}</span>
                <span class="game-summary">{move || i18n.of(&club::strings::TEXTS).home_summary}</span>
            </a>
        </section>
        <section class="games" aria-labelledby="games-heading">
            <h2 id="games-heading">{i18n.word(|i| i.t().shell.choose_game)}</h2>
            {move || {
                let t = i18n.t();
                if GAMES.is_empty() {
                    view! { <p class="notice">{t.shell.no_games_yet}</p> }.into_any()
                } else {
                    view! {
                        <ul class="game-list">
                            {GAMES
                                .iter()
                                .map(|game| view! {
                                    <li>
                                        <a class="game-card" href=game.href>
                                            <span class="game-name">{(game.name)(t)}</span>
                                            <span class="game-summary">{(game.summary)(t)}</span>
                                        </a>
                                    </li>
                                })
                                .collect_view()}
                        </ul>
                    }
                    .into_any()
                }
            }}
        </section>
        <section class="home-more">
            <a class="game-card verify-card" href="#/verify">
                <span class="game-name">{i18n.word(|i| i.t().verifier.title)}</span>
                <span class="game-summary">{i18n.word(|i| i.t().verifier.home_link_summary)}</span>
            </a>
        </section>
    }
}
