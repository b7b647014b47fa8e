//! How numbers look on clock faces and in translated templates (shared by the game modules).

/// A bank: `m:ss` from 10 s up, `s.t` (tenths) below 10 s — the last seconds
/// matter most. Rounds down: the display never promises time that is not there.
pub fn bank(ms: u64) -> String {
    if ms < 10_000 {
        format!("{}.{}", ms / 1000, (ms % 1000) / 100)
    } else {
        let seconds = ms / 1000;
        format!("{}:{:02}", seconds / 60, seconds % 60)
    }
}

/// How long until `bank(ms)` shows something else, while it runs down.
pub fn next_change_in(ms: u64) -> u64 {
    let step = if ms < 10_000 { 100 } else { 1000 };
    ms % step + 1
}

/// Hex in groups of eight, so people can read it aloud and compare it.
pub fn grouped_hex(hex: &str) -> String {
    hex.as_bytes()
        .chunks(8)
        .map(|chunk| String::from_utf8_lossy(chunk).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Replaces `{name}` placeholders in a translated template.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values
        .iter()
        .fold(template.to_owned(), |text, (name, value)| {
            text.replace(&format!("{{{name}}}"), value)
        })
}

/// A chess clock's face: `h:mm:ss` from one hour up, otherwise as [`bank`].
pub fn clock_face(ms: u64) -> String {
    if ms < 3_600_000 {
        bank(ms)
    } else {
        let seconds = ms / 1000;
        format!(
            "{}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        )
    }
}

/// Seconds with tenths, `2.9` (a running delay).
pub fn tenths(ms: u64) -> String {
    format!("{}.{}", ms / 1000, (ms % 1000) / 100)
}

/// A counted noun in one language: English has one form for 1 and another for
/// every other count; Russian has three (1 ход, 2 хода, 5 ходов; 11–14 take
/// the third, 21 the first again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plural {
    En {
        one: &'static str,
        other: &'static str,
    },
    Ru {
        one: &'static str,
        few: &'static str,
        many: &'static str,
    },
    /// Hebrew (CLDR): one for 1, a dual for 2 where the noun has one
    /// (שתי דקות; otherwise give the plural twice), the plural otherwise.
    He {
        one: &'static str,
        two: &'static str,
        other: &'static str,
    },
}

impl Plural {
    /// The form that goes with `n`.
    pub fn of(&self, n: u64) -> &'static str {
        match *self {
            Plural::En { one, other } => {
                if n == 1 {
                    one
                } else {
                    other
                }
            }
            Plural::Ru { one, few, many } => match (n % 10, n % 100) {
                (1, r) if r != 11 => one,
                (2..=4, r) if !(12..=14).contains(&r) => few,
                _ => many,
            },
            Plural::He { one, two, other } => match n {
                1 => one,
                2 => two,
                _ => other,
            },
        }
    }

    /// "3 хода", "1 move".
    pub fn count(&self, n: u64) -> String {
        format!("{n} {}", self.of(n))
    }
}

/// A clock's time as it is said, not shown: "4 minutes 58 seconds", never
/// "4:58", which a screen reader reads as a time of day. Whole seconds, as
/// the face's first digits; hours only from an hour up, minutes only when
/// there are any.
pub fn spoken_duration(ms: u64, t: &crate::ui::i18n::game::ControlTexts) -> String {
    let s = ms / 1000;
    let (h, m, sec) = (s / 3600, s / 60 % 60, s % 60);
    let mut parts = Vec::new();
    if h > 0 {
        parts.push(t.hours.count(h));
    }
    if h > 0 || m > 0 {
        parts.push(t.minutes.count(m));
    }
    parts.push(t.seconds.count(sec));
    parts.join(" ")
}
