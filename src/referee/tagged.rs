//! Internally tagged enums as JSON (serde's `#[serde(tag = "...")]`),
//! declared once per enum instead of a hand-written codec each: every game's
//! events, the clock's events and increments, the reports of mates.
//!
//! `tagged_json!` takes the enum, its tag field and, per variant, its name
//! and the shape of its fields:
//!
//! - `Start = "start"`: a unit variant, `{"type":"start"}`;
//! - `Adjust { colour, remaining_ms } = "adjust"`: named fields, written in
//!   the order given after the tag; `note: opt` is an `Option` left out when
//!   `None` and read as absent-or-null;
//! - `Claim(claim) = "claim"`: a one-field tuple variant, its value written
//!   as the field `claim`;
//! - `Report(end: flat) = "report"`: a one-field tuple variant whose value
//!   is itself an object (a tagged enum) whose fields follow the tag
//!   (serde's `flatten`): `{"type":"report","end":"checkmate","winner":"white"}`.
//!
//! Reading refuses a missing or non-string tag and an unknown name as the
//! hand-written codecs did; the bytes written are the same as theirs.

use crate::referee::json::Json;

/// `tagged(tag, name, fields)` with the fields of each `flat` object after
/// them (only objects have fields to add).
pub fn tagged_flat<const N: usize, const M: usize>(
    tag: &'static str,
    name: &str,
    fields: [(&'static str, Option<Json>); N],
    flat: [Json; M],
) -> Json {
    let mut all = crate::referee::json::tagged(tag, name, fields);
    if let Json::Obj(head) = &mut all {
        for inner in flat {
            if let Json::Obj(rest) = inner {
                head.extend(rest);
            }
        }
    }
    all
}

/// `ToJson` and `FromJson` for internally tagged enums (module docs).
macro_rules! tagged_json {
    ($($ty:ident by $tag:literal {
        $($variant:ident
            $({ $($field:ident $(: $fkind:ident)?),* $(,)? })?
            $(( $inner:ident $(: $ikind:ident)? ))?
            = $name:literal),+ $(,)?
    })+) => {$(
        impl $crate::referee::json::ToJson for $ty {
            fn to_json(&self) -> $crate::referee::json::Json {
                match self {
                    $($ty::$variant $({ $($field),* })? $(($inner))? => $crate::referee::tagged::tagged_flat(
                        $tag,
                        $name,
                        $crate::referee::tagged::tagged_json!(@fields [$($(
                            (stringify!($field), $crate::referee::tagged::tagged_json!(@put $field $($fkind)?)),
                        )*)?] $($inner $($ikind)?)?),
                        $crate::referee::tagged::tagged_json!(@flat $($inner $($ikind)?)?),
                    ),)+
                }
            }
        }

        impl $crate::referee::json::FromJson for $ty {
            fn from_json(v: &serde_json::Value) -> $crate::referee::json::JsonResult<$ty> {
                let o = $crate::referee::json::Obj::of(v)?;
                Ok(match o.tag($tag)? {
                    $($name => $ty::$variant
                        $({ $($field: $crate::referee::tagged::tagged_json!(@get o $field $($fkind)?)),* })?
                        $(($crate::referee::tagged::tagged_json!(@get_inner o v $inner $($ikind)?)))?,)+
                    other => return Err($crate::referee::json::unknown_variant(other)),
                })
            }
        }
    )+};

    // A named field's value: always written, or (`opt`) left out when `None`.
    (@put $field:ident) => { $crate::referee::json::f($field) };
    (@put $field:ident opt) => { $field.as_ref().map($crate::referee::json::ToJson::to_json) };
    (@get $o:ident $field:ident) => { $o.req(stringify!($field))? };
    (@get $o:ident $field:ident opt) => { $o.opt(stringify!($field))? };

    // The fields after the tag: the named ones, a tuple variant's one field,
    // or none of its own for a `flat` value (its fields come from `@flat`).
    (@fields [$($named:tt)*]) => { [$($named)*] };
    (@fields [] $inner:ident) => { [(stringify!($inner), $crate::referee::json::f($inner))] };
    (@fields [] $inner:ident flat) => { [] };
    (@flat) => { [] };
    (@flat $inner:ident) => { [] };
    (@flat $inner:ident flat) => { [$crate::referee::json::ToJson::to_json($inner)] };
    (@get_inner $o:ident $v:ident $inner:ident) => { $o.req(stringify!($inner))? };
    (@get_inner $o:ident $v:ident $inner:ident flat) => {
        $crate::referee::json::FromJson::from_json($v)?
    };
}
pub(crate) use tagged_json;
