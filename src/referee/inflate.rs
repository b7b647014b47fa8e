//! Raw DEFLATE (RFC 1951) read back with a cap on what it may inflate to: a
//! record link's data (CE-5, [`crate::referee::share`]), where a hostile link
//! must not blow up.
//!
//! Our own instead of miniz_oxide's inflate (issue #25): that was a table-
//! driven state machine written for speed, about 6.7 kB gzip of the wasm;
//! this decodes a code bit by bit from its code-length counts (the method of
//! zlib's `puff.c`), about 2.8 kB of optimised wasm against miniz's 10.5 kB.
//! It is slower, and fast enough: natively a 4 kB record takes 77 µs
//! (miniz 26 µs), a 110 kB evening 0.67 ms (miniz 0.13 ms). It takes the streams miniz_oxide takes,
//! refusing what it refuses: zlib's rules (a code-length code must be
//! complete; a literal or distance code may be incomplete only if it has at
//! most one one-bit code; at most 286 length and 30 distance codes; no
//! distance before the start), and bytes after the final block are ignored.
//! `tests/inflate.rs` holds it to miniz_oxide on valid, mangled and random
//! streams, and `tests/share_links.rs` to Node's zlib.

/// Why a stream was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InflateError {
    /// Not a complete, valid raw DEFLATE stream.
    Damaged,
    /// It would inflate to more than the cap.
    TooLarge,
}

use InflateError::{Damaged, TooLarge};

/// `deflated` inflated, if that is at most `limit` bytes.
pub fn inflate_raw(deflated: &[u8], limit: usize) -> Result<Vec<u8>, InflateError> {
    let mut inflater = Inflater {
        input: deflated,
        at: 0,
        bits: 0,
        count: 0,
        out: Vec::with_capacity(deflated.len().saturating_mul(3).min(limit)),
        limit,
    };
    loop {
        let last = inflater.take(1)?;
        match inflater.take(2)? {
            0 => inflater.stored()?,
            1 => {
                let mut lengths = [8; 288];
                lengths[144..256].fill(9);
                lengths[256..280].fill(7);
                inflater.codes(&Code::new(&lengths, true)?, &Code::new(&[5; 32], true)?)?;
            }
            2 => inflater.dynamic()?,
            _ => return Err(Damaged),
        }
        if last == 1 {
            return Ok(inflater.out);
        }
    }
}

/// Base lengths of length codes 257…285, and base distances of codes 0…29.
const LENGTH_BASE: [u16; 29] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
    163, 195, 227, 258,
];
const DISTANCE_BASE: [u16; 30] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537,
    2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
/// The order in which a dynamic block lists its code-length code's lengths.
const LENGTH_ORDER: [u8; 19] = [
    16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
];

/// A canonical Huffman code: how many codes of each length, and the symbols
/// in code order.
struct Code {
    counts: [u16; 16],
    symbols: [u16; 288],
}

impl Code {
    /// The code of `lengths` (each below 16). `may_be_incomplete`: a literal
    /// or distance code, which may leave codes unused if it has at most one
    /// one-bit code; a code-length code must be complete.
    fn new(lengths: &[u8], may_be_incomplete: bool) -> Result<Code, InflateError> {
        let mut code = Code {
            counts: [0; 16],
            symbols: [0; 288],
        };
        for &length in lengths {
            code.counts[usize::from(length & 15)] += 1;
        }
        let (mut left, mut longest) = (1i32, 0);
        let mut offsets = [0u16; 16];
        for length in 1..16 {
            left = (left << 1) - i32::from(code.counts[length]);
            if left < 0 {
                return Err(Damaged); // more codes than the lengths allow
            }
            if code.counts[length] > 0 {
                longest = length;
            }
            if length < 15 {
                offsets[length + 1] = offsets[length] + code.counts[length];
            }
        }
        if left > 0 && (!may_be_incomplete || longest > 1) {
            return Err(Damaged);
        }
        for (symbol, &length) in lengths.iter().enumerate() {
            if length != 0 {
                let slot = &mut offsets[usize::from(length & 15)];
                code.symbols[usize::from(*slot)] = symbol as u16;
                *slot += 1;
            }
        }
        Ok(code)
    }
}

struct Inflater<'a> {
    input: &'a [u8],
    /// The next byte of `input` to take into `bits`.
    at: usize,
    /// Bits taken from `input` and not used yet, the next one lowest.
    bits: u32,
    count: u32,
    out: Vec<u8>,
    limit: usize,
}

impl Inflater<'_> {
    /// The next `n` (at most 16) bits, first bit lowest.
    fn take(&mut self, n: u32) -> Result<u32, InflateError> {
        while self.count < n {
            self.bits |= u32::from(self.byte()?) << self.count;
            self.count += 8;
        }
        let value = self.bits & ((1 << n) - 1);
        self.bits >>= n;
        self.count -= n;
        Ok(value)
    }

    /// The next byte of the input as it is.
    fn byte(&mut self) -> Result<u8, InflateError> {
        let byte = *self.input.get(self.at).ok_or(Damaged)?;
        self.at += 1;
        Ok(byte)
    }

    /// Whether one more byte fits under the cap.
    fn room(&self) -> Result<(), InflateError> {
        if self.out.len() >= self.limit {
            return Err(TooLarge);
        }
        Ok(())
    }

    fn put(&mut self, byte: u8) -> Result<(), InflateError> {
        self.room()?;
        self.out.push(byte);
        Ok(())
    }

    /// The next symbol of `code`, read a bit at a time: codes of one length
    /// are consecutive numbers, so each length is one comparison.
    fn symbol(&mut self, code: &Code) -> Result<usize, InflateError> {
        let (mut value, mut first, mut index) = (0i32, 0i32, 0i32);
        for &count in &code.counts[1..] {
            value |= self.take(1)? as i32;
            let count = i32::from(count);
            if value - first < count {
                return Ok(usize::from(code.symbols[(index + value - first) as usize]));
            }
            index += count;
            first = (first + count) << 1;
            value <<= 1;
        }
        Err(Damaged) // a code the stream's code leaves unused
    }

    /// A stored block: from the next byte boundary, its length, the length's
    /// complement, then that many bytes as they are.
    fn stored(&mut self) -> Result<(), InflateError> {
        // At most seven bits are held, the rest of the current byte.
        (self.bits, self.count) = (0, 0);
        let length = self.take(16)?;
        if length != self.take(16)? ^ 0xffff {
            return Err(Damaged);
        }
        // The cap before the input, as miniz_oxide (the oracle) checks them.
        for _ in 0..length {
            self.room()?;
            let byte = self.byte()?;
            self.out.push(byte);
        }
        Ok(())
    }

    /// A block with its own codes: their lengths, coded by a code-length code.
    fn dynamic(&mut self) -> Result<(), InflateError> {
        let literals = self.take(5)? as usize + 257;
        let distances = self.take(5)? as usize + 1;
        let listed = self.take(4)? as usize + 4;
        if literals > 286 || distances > 30 {
            return Err(Damaged);
        }
        let mut code_lengths = [0u8; 19];
        for &symbol in &LENGTH_ORDER[..listed] {
            code_lengths[usize::from(symbol)] = self.take(3)? as u8;
        }
        let length_code = Code::new(&code_lengths, false)?;
        let total = literals + distances;
        let mut lengths = [0u8; 286 + 30];
        let mut n = 0;
        while n < total {
            let symbol = self.symbol(&length_code)?;
            let (length, times) = match symbol {
                0..16 => (symbol as u8, 1),
                16 => {
                    let previous = *lengths[..n].last().ok_or(Damaged)?;
                    (previous, 3 + self.take(2)?)
                }
                17 => (0, 3 + self.take(3)?),
                _ => (0, 11 + self.take(7)?),
            };
            let end = n + times as usize;
            lengths.get_mut(n..end).ok_or(Damaged)?.fill(length);
            n = end;
        }
        if n != total {
            return Err(Damaged);
        }
        let distance = Code::new(&lengths[literals..total], true)?;
        self.codes(&Code::new(&lengths[..literals], true)?, &distance)
    }

    /// A block's literals and copies, up to its end.
    fn codes(&mut self, literal: &Code, distance: &Code) -> Result<(), InflateError> {
        loop {
            let symbol = self.symbol(literal)?;
            if symbol < 256 {
                self.put(symbol as u8)?;
                continue;
            }
            if symbol == 256 {
                return Ok(());
            }
            let index = symbol - 257;
            let base = *LENGTH_BASE.get(index).ok_or(Damaged)?;
            let extra = if index < 8 || index == 28 {
                0
            } else {
                (index as u32 - 4) / 4
            };
            let length = u32::from(base) + self.take(extra)?;
            let index = self.symbol(distance)?;
            let base = *DISTANCE_BASE.get(index).ok_or(Damaged)?;
            let extra = if index < 4 { 0 } else { (index as u32 - 2) / 2 };
            let back = usize::from(base) + self.take(extra)? as usize;
            if back > self.out.len() {
                return Err(Damaged);
            }
            for _ in 0..length {
                self.put(self.out[self.out.len() - back])?;
            }
        }
    }
}
