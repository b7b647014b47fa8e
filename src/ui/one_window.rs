//! One window owns a running game. The same app open twice on one phone (a
//! second tab, or the installed app beside a browser tab) would otherwise
//! fork a game: two screens, each saving its own version over the other's.
//! The first window to open a game holds its lock (`web::window_lock`); any
//! other shows "open in another window" and a "Take over here" button. A
//! take-over asks the holder to let go; the holder stops, and hands over its
//! game in the same message — the game in memory (`hand_over_with`), not what
//! storage holds — so nothing it recorded is lost, even if its last write has
//! not reached this window's view of storage yet or storage refused it. A holder that
//! cannot answer (frozen, or gone) is overruled after a short wait: a window
//! that does not run records nothing.

use std::cell::Cell;

use leptos::prelude::*;

use super::i18n::use_i18n;
use crate::web::storage;
use crate::web::window_lock::{self, Channel, HeldLock};

const CHANNEL: &str = "nordau-shift.windows";
/// How long a take-over waits for the holder's answer.
const ANSWER_WAIT_MS: u64 = 700;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hold {
    /// Asking the browser (a few milliseconds).
    Asking,
    Here,
    Elsewhere,
    /// "Take over here" was tapped; waiting for the holder to let go.
    Taking,
}

thread_local! {
    /// A game handed over by another window that this phone's storage
    /// refused: (save key, text), read once by the module's load.
    static RECEIVED: std::cell::RefCell<Option<(&'static str, String)>> =
        const { std::cell::RefCell::new(None) };
    /// Set while this window must not record anything: a screen that is being
    /// taken away may still get one last tap before it is gone.
    static STEPPED_DOWN: Cell<bool> = const { Cell::new(false) };
}

/// Whether this window may record events (modules check before saving).
pub fn may_record() -> bool {
    !STEPPED_DOWN.get()
}

/// The game handed over for `save_key` that storage would not keep, once.
pub fn take_received(save_key: &str) -> Option<String> {
    RECEIVED.with_borrow_mut(|r| r.take_if(|(key, _)| *key == save_key).map(|(_, text)| text))
}

/// The text a module hands over on a take-over: its game as it would save it.
type HandOver = StoredValue<Option<Box<dyn Fn() -> Option<String>>>, LocalStorage>;

/// Called by a module inside `OneWindow`: on a take-over, hand over what
/// `save_text` returns (the game in memory, as saved) rather than what
/// storage holds, which may be older when storage refuses writes. `None`
/// (no game, or not loaded yet) hands over what storage holds.
pub fn hand_over_with(save_text: impl Fn() -> Option<String> + 'static) {
    if let Some(hand_over) = use_context::<HandOver>() {
        hand_over.set_value(Some(Box::new(save_text)));
    }
}

/// Shows `children` (a game module) only while this window holds `game`.
#[component]
pub fn OneWindow(
    /// The game's id (`GameEntry::id`): one lock per game.
    game: &'static str,
    /// Where the game is saved: handed over on a take-over.
    save_key: &'static str,
    children: ChildrenFn,
) -> impl IntoView {
    let i18n = use_i18n();
    let me = format!("{:016x}", (js_sys::Math::random() * 2f64.powi(53)) as u64);
    let hold = RwSignal::new(Hold::Asking);
    let lock = StoredValue::new_local(None::<HeldLock>);
    let lock_name = format!("nordau-shift.game.{game}");
    let hand_over: HandOver = StoredValue::new_local(None);
    provide_context(hand_over);

    // Every change of hold goes through here, so the write guard follows it.
    // (Answers may come after the screen is gone: then they change nothing.)
    let set_hold = move |next: Hold| {
        if hold.try_set(next).is_none() {
            STEPPED_DOWN.set(next != Hold::Here);
            if next != Hold::Here {
                lock.try_set_value(None); // lets go of the lock, if held
            }
        }
    };
    let granted = move |held: Option<HeldLock>| match held {
        Some(held) => {
            lock.try_set_value(Some(held));
            set_hold(Hold::Here);
        }
        None => set_hold(Hold::Elsewhere),
    };
    let ask = {
        let lock_name = lock_name.clone();
        move |steal: bool| {
            let asked = window_lock::request(&lock_name, steal, granted, move || {
                set_hold(Hold::Elsewhere)
            });
            if !asked {
                set_hold(Hold::Here); // no Web Locks: every window plays
            }
        }
    };

    let channel = StoredValue::new_local(None::<Channel>);
    let on_message = {
        let me = me.clone();
        let ask = ask.clone();
        move |text: String| {
            let mut parts = text.splitn(4, '|');
            match (parts.next(), parts.next(), parts.next(), parts.next()) {
                (Some("take"), Some(g), Some(from), _)
                    if g == game && from != me && hold.get_untracked() == Hold::Here =>
                {
                    // Take the game as it is now, then stop and hand it over.
                    let save = hand_over
                        .try_with_value(|f| f.as_ref().and_then(|f| f()))
                        .flatten()
                        .or_else(|| storage::get(save_key));
                    set_hold(Hold::Elsewhere);
                    let answer = format!(
                        "released|{game}|{from}|{}",
                        save.map_or("-".to_owned(), |s| format!("+{s}"))
                    );
                    channel.with_value(|c| c.as_ref().map(|c| c.post(&answer)));
                }
                (Some("released"), Some(g), Some(to), Some(save))
                    if g == game && to == me && hold.get_untracked() == Hold::Taking =>
                {
                    if let Some(save) = save.strip_prefix('+')
                        && !storage::set(save_key, save)
                    {
                        RECEIVED.set(Some((save_key, save.to_owned())));
                    }
                    ask(true);
                }
                _ => {}
            }
        }
    };
    channel.set_value(Channel::open(CHANNEL, on_message));
    ask(false);

    let take_over = {
        let me = me.clone();
        move || {
            set_hold(Hold::Taking);
            channel.with_value(|c| c.as_ref().map(|c| c.post(&format!("take|{game}|{me}"))));
            // A holder that does not answer is not running: overrule it.
            let ask = ask.clone();
            set_timeout(
                move || {
                    if hold.try_get_untracked() == Some(Hold::Taking) {
                        ask(true);
                    }
                },
                std::time::Duration::from_millis(ANSWER_WAIT_MS),
            );
        }
    };
    on_cleanup(move || STEPPED_DOWN.set(false));

    let here = Memo::new(move |_| hold.get() == Hold::Here);
    view! {
        {move || here.get().then(|| children())}
        {move || matches!(hold.get(), Hold::Elsewhere | Hold::Taking).then(|| {
            let take_over = take_over.clone();
            view! {
                <div class="elsewhere" role="alert">
                    <h2 class="elsewhere-title">{i18n.word(|i| i.t().game.saves.elsewhere_title)}</h2>
                    <p>{i18n.word(|i| i.t().game.saves.elsewhere_help)}</p>
                    <button
                        type="button"
                        class="button primary big take-over"
                        disabled=move || hold.get() == Hold::Taking
                        on:click=move |_| take_over()
                    >
                        {i18n.word(|i| i.t().game.saves.take_over)}
                    </button>
                </div>
            }
        })}
    }
}
