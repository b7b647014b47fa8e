//! A record that travels in a link (CE-5): a finished game's record or
//! tonight's table, deflated and written in URL-safe base64, so another
//! phone's camera opens it in the app without a network. A record too long
//! for one QR code is cut into a short numbered sequence whose pieces carry
//! a checksum of the whole, so pieces of two records never mix.
//!
//! One payload (what follows the route in the link):
//! `s1.<kind>.<data>`, or a piece of `n`: `s1.<kind>.<i>-<n>-<sum>.<data>`,
//! where `<data>` is the base64url (no padding) of the raw DEFLATE of the
//! record's UTF-8 text (cut into pieces, for a sequence) and `<sum>` the
//! first 8 hex digits of SHA-256 over the whole of `<data>`. Reading refuses,
//! with its reason, anything else: an unknown version or kind, a damaged
//! piece, a record that would inflate past [`MAX_RECORD_BYTES`].

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};
use std::fmt;

use crate::referee::inflate::{InflateError, inflate_raw};

/// The kinds of record a link carries: the games' module ids and tonight's table.
pub const KINDS: [&str; 6] = [
    "nordau",
    "crazyhouse",
    "bughouse",
    "cards",
    "undo",
    "tonight",
];
/// No record read from a link is larger (an evening of 60 games is ~110 kB).
pub const MAX_RECORD_BYTES: usize = 512 * 1024;
/// At most this many pieces in a sequence: more is a file, not codes.
pub const MAX_PIECES: usize = 16;
const VERSION: &str = "s1";

/// Why a link's payload cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareError {
    /// Not a payload of this app, or cut short.
    Malformed,
    /// Written by a newer app.
    Newer(String),
    UnknownKind(String),
    /// Its data does not inflate to text, or fails its checksum.
    Damaged,
    TooLarge,
    /// A piece of another record, or of another sequence length.
    OtherRecord,
}

impl fmt::Display for ShareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShareError::Malformed => write!(
                f,
                "this is not a record link of this app, or it is cut short"
            ),
            ShareError::Newer(v) => write!(
                f,
                "this record link ({v}) is from a newer version of the app"
            ),
            ShareError::UnknownKind(k) => {
                write!(f, "this link carries an unknown kind of record ({k})")
            }
            ShareError::Damaged => write!(f, "this record link is damaged: scan or copy it again"),
            ShareError::TooLarge => write!(f, "this record is too large to open from a link"),
            ShareError::OtherRecord => write!(f, "this code belongs to another record"),
        }
    }
}

fn checksum(data: &str) -> String {
    hex::encode(&Sha256::digest(data.as_bytes())[..4])
}

/// The payloads that carry `text` as `kind`, deflated already (raw deflate,
/// no header; the app has the browser deflate, `web::deflate`): one, or a
/// numbered sequence of at most `max_chars` each (a QR code's comfortable
/// size). `None` when even [`MAX_PIECES`] pieces cannot hold it (offer the
/// file instead). [`read`] inflates every valid stream alike, whoever
/// deflated it.
pub fn encode_deflated(kind: &str, deflated: &[u8], max_chars: usize) -> Option<Vec<String>> {
    debug_assert!(KINDS.contains(&kind));
    let data = URL_SAFE_NO_PAD.encode(deflated);
    let single = format!("{VERSION}.{kind}.{data}");
    if single.len() <= max_chars {
        return Some(vec![single]);
    }
    // Each piece spends its head ("s1.kind.12-16-0123abcd.") on the sequence.
    let head = VERSION.len() + kind.len() + 2 + "16-16-01234567.".len();
    let room = max_chars.checked_sub(head).filter(|r| *r > 0)?;
    let count = data.len().div_ceil(room);
    if count > MAX_PIECES {
        return None;
    }
    let sum = checksum(&data);
    let pieces = data.as_bytes().chunks(room).enumerate().map(|(i, chunk)| {
        let chunk = std::str::from_utf8(chunk).expect("base64 is ASCII");
        format!("{VERSION}.{kind}.{}-{count}-{sum}.{chunk}", i + 1)
    });
    Some(pieces.collect())
}

/// One payload read: the whole record, or one piece of a sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Payload {
    Whole { kind: String, text: String },
    Piece(Piece),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub kind: String,
    /// 1-based.
    pub index: usize,
    pub count: usize,
    sum: String,
    data: String,
}

fn is_base64url(s: &str) -> bool {
    s.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// `bytes` as raw deflate's stored blocks: a valid stream that does not
/// compress, for a browser that cannot deflate (no `CompressionStream`).
pub fn deflate_stored(bytes: &[u8]) -> Vec<u8> {
    const BLOCK: usize = 0xffff;
    let mut out = Vec::with_capacity(bytes.len() + 5 * (bytes.len() / BLOCK + 1));
    let mut blocks = bytes.chunks(BLOCK).peekable();
    if blocks.peek().is_none() {
        return vec![1, 0, 0, 0xff, 0xff]; // one final empty block
    }
    while let Some(block) = blocks.next() {
        // BFINAL on the last block, BTYPE 00 (stored), then LEN and NLEN.
        out.push(u8::from(blocks.peek().is_none()));
        let len = u16::try_from(block.len()).unwrap_or(u16::MAX);
        out.extend(len.to_le_bytes());
        out.extend((!len).to_le_bytes());
        out.extend(block);
    }
    out
}

/// Whether `deflated` inflates to exactly `text`: the app checks what the
/// browser deflated before it shows a code made of it.
pub fn inflates_to(deflated: &[u8], text: &str) -> bool {
    inflate_bytes(deflated).is_ok_and(|inflated| inflated == text)
}

fn inflate(data: &str) -> Result<String, ShareError> {
    let deflated = URL_SAFE_NO_PAD
        .decode(data)
        .map_err(|_| ShareError::Damaged)?;
    inflate_bytes(&deflated)
}

fn inflate_bytes(deflated: &[u8]) -> Result<String, ShareError> {
    let bytes = inflate_raw(deflated, MAX_RECORD_BYTES).map_err(|e| match e {
        InflateError::TooLarge => ShareError::TooLarge,
        InflateError::Damaged => ShareError::Damaged,
    })?;
    String::from_utf8(bytes).map_err(|_| ShareError::Damaged)
}

/// Reads one payload (a pasted or scanned link's part after the route).
pub fn read(payload: &str) -> Result<Payload, ShareError> {
    let mut parts = payload.trim().splitn(3, '.');
    let (version, kind, rest) = match (parts.next(), parts.next(), parts.next()) {
        (Some(v), Some(k), Some(r)) => (v, k, r),
        _ => return Err(ShareError::Malformed),
    };
    if version != VERSION {
        return match version
            .strip_prefix('s')
            .and_then(|n| n.parse::<u32>().ok())
        {
            Some(n) if n > 1 => Err(ShareError::Newer(version.chars().take(8).collect())),
            _ => Err(ShareError::Malformed),
        };
    }
    if !KINDS.contains(&kind) {
        return Err(ShareError::UnknownKind(kind.chars().take(20).collect()));
    }
    let kind = kind.to_owned();
    match rest.split_once('.') {
        None if is_base64url(rest) => Ok(Payload::Whole {
            kind,
            text: inflate(rest)?,
        }),
        None => Err(ShareError::Damaged),
        Some((seq, data)) => {
            let mut n = seq.split('-');
            let (index, count, sum) = match (n.next(), n.next(), n.next(), n.next()) {
                (Some(i), Some(c), Some(s), None) => (i.parse::<usize>(), c.parse::<usize>(), s),
                _ => return Err(ShareError::Malformed),
            };
            let (Ok(index), Ok(count)) = (index, count) else {
                return Err(ShareError::Malformed);
            };
            let sum_ok = sum.len() == 8
                && sum
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase());
            if !(1..=MAX_PIECES).contains(&count) || !(1..=count).contains(&index) || !sum_ok {
                return Err(ShareError::Malformed);
            }
            if !is_base64url(data) || data.is_empty() {
                return Err(ShareError::Damaged);
            }
            Ok(Payload::Piece(Piece {
                kind,
                index,
                count,
                sum: sum.to_owned(),
                data: data.to_owned(),
            }))
        }
    }
}

/// The pieces of one sequence gathered so far, in any order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sequence {
    first: Option<Piece>,
    data: Vec<Option<String>>,
}

impl Sequence {
    /// Adds a piece: `Ok(Some(text))` once every piece is in and the whole
    /// checks out. A piece of another record is refused and changes nothing;
    /// a piece already in is taken again without a word (a code scanned twice).
    pub fn add(&mut self, piece: Piece) -> Result<Option<String>, ShareError> {
        if let Some(first) = &self.first {
            if (first.kind.as_str(), first.count, first.sum.as_str())
                != (piece.kind.as_str(), piece.count, piece.sum.as_str())
            {
                return Err(ShareError::OtherRecord);
            }
        } else {
            self.data = vec![None; piece.count];
            self.first = Some(piece.clone());
        }
        self.data[piece.index - 1] = Some(piece.data);
        if self.data.iter().any(Option::is_none) {
            return Ok(None);
        }
        let whole: String = self.data.iter().flatten().map(String::as_str).collect();
        let sum = &self.first.as_ref().expect("a first piece").sum;
        if checksum(&whole) != *sum {
            // Start again: a damaged piece cannot be told from the others.
            *self = Sequence::default();
            return Err(ShareError::Damaged);
        }
        inflate(&whole).map(Some)
    }

    /// The pieces still missing, 1-based, for the screen ("scan 2 and 3").
    pub fn missing(&self) -> Vec<usize> {
        self.data
            .iter()
            .enumerate()
            .filter(|(_, d)| d.is_none())
            .map(|(i, _)| i + 1)
            .collect()
    }

    pub fn kind(&self) -> Option<&str> {
        self.first.as_ref().map(|p| p.kind.as_str())
    }
}
