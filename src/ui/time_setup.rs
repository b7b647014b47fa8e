//! The time-control part of a setup screen, shared by the chess-clock
//! modules: preset chips, or custom minutes per player (a handicap when they
//! differ) with an increment or delay. The choice is remembered with the
//! module's other setup preferences.

use leptos::prelude::*;

use super::i18n::use_i18n;
use super::number_field::{NumberField, NumberRange};
use crate::referee::json::{Json, JsonResult, Obj, f};
use crate::referee::{Increment, TimeControl};

/// `preset` value meaning "custom".
pub const CUSTOM: usize = usize::MAX;
/// Custom minutes per player (half a minute up to ten hours) and the
/// increment or delay in whole seconds.
const MINUTES: NumberRange = NumberRange::decimal(0.5, 600.0);
const INCREMENT_S: NumberRange = NumberRange::whole(0, 300);

/// A time-control choice: a preset, or custom minutes per player.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeChoice {
    /// Index into the module's presets, or `CUSTOM`.
    pub preset: usize,
    /// Custom minutes, one per player in the module's order.
    pub minutes: Vec<f64>,
    /// 0 none, 1 Fischer, 2 Bronstein, 3 simple delay.
    pub increment_kind: u8,
    pub increment_s: f64,
}

impl TimeChoice {
    /// `prefs` (the module's preferences object) with the choice's fields.
    pub fn add_to(&self, mut prefs: Json) -> Json {
        if let Json::Obj(fields) = &mut prefs {
            let own = [
                ("preset", f(&self.preset)),
                ("minutes", f(&self.minutes)),
                ("increment_kind", f(&self.increment_kind)),
                ("increment_s", f(&self.increment_s)),
            ];
            fields.extend(own.into_iter().filter_map(|(k, v)| Some((k, v?))));
        }
        prefs
    }

    /// Reads the fields back; a missing or out-of-range value takes its
    /// default (stored preferences may be old or damaged).
    pub fn from_fields(o: &Obj, default: TimeChoice) -> JsonResult<TimeChoice> {
        let minutes: Vec<f64> = o.or("minutes", default.minutes.clone())?;
        let in_range = |x: &f64| (MINUTES.min..=MINUTES.max).contains(x);
        Ok(TimeChoice {
            preset: o.or("preset", default.preset)?,
            minutes: if minutes.len() == default.minutes.len() && minutes.iter().all(in_range) {
                minutes
            } else {
                default.minutes
            },
            increment_kind: o.or("increment_kind", default.increment_kind)?,
            increment_s: Some(o.or("increment_s", default.increment_s)?)
                .filter(|s| (INCREMENT_S.min..=INCREMENT_S.max).contains(s))
                .unwrap_or(default.increment_s),
        })
    }

    /// The chosen preset's control, if a preset is chosen.
    pub fn preset_control(&self, presets: &[(&str, TimeControl)]) -> Option<TimeControl> {
        presets.get(self.preset).map(|(_, tc)| tc.clone())
    }

    /// The custom control for the players at `white` and `black`.
    pub fn custom_control(&self, white: usize, black: usize) -> TimeControl {
        let inc = ms(self.increment_s, 1000.0);
        let increment = match self.increment_kind {
            1 => Increment::Fischer(inc),
            2 => Increment::Bronstein(inc),
            3 => Increment::SimpleDelay(inc),
            _ => Increment::None,
        };
        let minutes = |i: usize| ms(self.minutes.get(i).copied().unwrap_or(0.0), 60_000.0);
        TimeControl::custom(minutes(white), minutes(black), increment)
    }
}

fn ms(value: f64, unit_ms: f64) -> u64 {
    let v = value * unit_ms;
    if v.is_finite() && v > 0.0 {
        v.round() as u64
    } else {
        0
    }
}

/// The "Time control" group of a setup form.
#[component]
pub fn TimeFields(
    choice: RwSignal<TimeChoice>,
    /// The presets' labels, in order.
    presets: Vec<&'static str>,
    /// The preset chips' radio group ("zh-time").
    radio_name: &'static str,
    /// The increment field's id.
    increment_id: &'static str,
    /// The custom minutes' field ids, one per player.
    minute_ids: &'static [&'static str],
    /// The custom minutes' labels, one per player, in the current language.
    #[prop(into)]
    minute_labels: Signal<Vec<&'static str>>,
    /// A line under the legend (the module's default time), if any.
    #[prop(into)]
    hint: Signal<Option<&'static str>>,
    /// Ids of refused number fields (`ui::number_field`).
    refused: RwSignal<Vec<&'static str>>,
    /// Runs on every change (the form clears its error).
    #[prop(into)]
    on_change: Callback<()>,
) -> impl IntoView {
    let i18n = use_i18n();
    let t = move || &i18n.t().game.time;
    let chip = move |index: usize, label: Signal<&'static str>| {
        view! {
            <label class="chip">
                <input
                    type="radio"
                    name=radio_name
                    prop:checked=move || choice.with(|c| c.preset == index)
                    on:change=move |_| { choice.update(|c| c.preset = index); on_change.run(()); }
                />
                <span>{label}</span>
            </label>
        }
    };
    let minutes = move |i: usize| {
        view! {
            <NumberField
                id=minute_ids[i]
                label=Signal::derive(move || minute_labels.with(|l| l[i]))
                value=Signal::derive(move || choice.with(|c| c.minutes[i]))
                range=MINUTES
                on_valid=move |v: f64| { choice.update(|c| c.minutes[i] = v); on_change.run(()); }
                refused=refused
            />
        }
    };
    view! {
        <fieldset class="group">
            <legend>{i18n.word(|i| i.t().game.time.legend)}</legend>
            {move || hint.get().map(|text| view! { <p class="hint">{text}</p> })}
            <div class="chips">
                {presets.into_iter().enumerate().map(|(i, label)| chip(i, Signal::stored(label))).collect_view()}
                {chip(CUSTOM, Signal::derive(i18n.word(|i| i.t().game.time.custom)))}
            </div>
            <Show when=move || choice.with(|c| c.preset == CUSTOM)>
                <div class="points-grid">
                    {(0..minute_ids.len()).map(minutes).collect_view()}
                </div>
                <p class="hint">{i18n.word(|i| i.t().game.time.handicap_hint)}</p>
                <label class="field">
                    <span class="field-label">{i18n.word(|i| i.t().game.time.increment_kind)}</span>
                    <select
                        class="text-input"
                        on:change=move |ev| {
                            let kind = event_target_value(&ev).parse::<u8>().unwrap_or(0);
                            choice.update(|c| c.increment_kind = kind);
                        }
                    >
                        {(0u8..4).map(|kind| view! {
                            <option value=kind.to_string() selected=move || choice.with(|c| c.increment_kind == kind)>
                                {move || t().increments[usize::from(kind)]}
                            </option>
                        }).collect_view()}
                    </select>
                </label>
                <Show when=move || choice.with(|c| c.increment_kind != 0)>
                    <NumberField
                        id=increment_id
                        label=Signal::derive(i18n.word(|i| i.t().game.time.increment_seconds))
                        value=Signal::derive(move || choice.with(|c| c.increment_s))
                        range=INCREMENT_S
                        on_valid=move |v: f64| { choice.update(|c| c.increment_s = v); on_change.run(()); }
                        refused=refused
                    />
                </Show>
            </Show>
        </fieldset>
    }
}
