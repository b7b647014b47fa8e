//! JSON text to a [`Value`] tree: the reading half of the codec
//! ([`crate::referee::json::parse`] is its one caller).
//!
//! Our own instead of serde_json's deserializer (issue #25): that brought its
//! generic visitor plumbing, its float tables and its error texts; this
//! reader in its place made the download 4.9 kB smaller as sent. It takes what serde_json takes and builds the
//! same tree: the same number kinds (`u64`, negative `i64`, else `f64`), the
//! same nesting limit (127 levels), the last of two equal keys, a lone surrogate
//! refused. `tests/json_text.rs` holds it to serde_json on generated and
//! mangled texts.
//!
//! Numbers: every decimal the app writes (a number field's value, at most a
//! few decimals: `m / 10^k`) reads back as exactly the `f64` that was
//! written, as serde_json reads it, because an integer below 2^53 and a power
//! of ten up to 10^22 are exact in an `f64` and one multiplication or
//! division rounds correctly. A number beyond that (more than 15 significant
//! digits, or an exponent past ±22) is read to within a few units in the
//! last place, where serde_json's own default reading is not exact either.

use serde_json::{Map, Number, Value};

/// Why a text is not JSON, and where (1-based line and column, in bytes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub reason: &'static str,
    pub line: usize,
    pub column: usize,
}

/// Nesting deeper than this is refused (serde_json's limit: a hostile save
/// cannot exhaust the stack).
const MAX_DEPTH: usize = 127;

/// Parses one JSON value, with only whitespace around it.
pub fn parse(text: &str) -> Result<Value, SyntaxError> {
    let mut reader = Reader {
        text,
        at: 0,
        depth: 0,
    };
    let value = reader.value();
    let value = value.and_then(|v| {
        reader.skip_space();
        if reader.at < text.len() {
            Err("trailing characters")
        } else {
            Ok(v)
        }
    });
    value.map_err(|reason| reader.error(reason))
}

struct Reader<'a> {
    /// What is read, walked byte by byte (`at`).
    text: &'a str,
    at: usize,
    depth: usize,
}

type Read<T> = Result<T, &'static str>;

impl Reader<'_> {
    fn error(&self, reason: &'static str) -> SyntaxError {
        let before = &self.text.as_bytes()[..self.at.min(self.text.len())];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        SyntaxError {
            reason,
            line,
            column: before.len() - line_start + 1,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.at).copied()
    }

    fn next(&mut self) -> Read<u8> {
        let byte = self.peek().ok_or("unexpected end of text")?;
        self.at += 1;
        Ok(byte)
    }

    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.at += 1;
        }
    }

    /// The next byte after whitespace, consumed.
    fn token(&mut self) -> Read<u8> {
        self.skip_space();
        self.next()
    }

    fn value(&mut self) -> Read<Value> {
        self.skip_space();
        let Some(first) = self.peek() else {
            return Err("unexpected end of text, a value expected");
        };
        match first {
            b'n' => self.word("null", Value::Null),
            b't' => self.word("true", Value::Bool(true)),
            b'f' => self.word("false", Value::Bool(false)),
            b'"' => {
                self.at += 1;
                self.string().map(Value::String)
            }
            b'[' | b'{' => {
                self.at += 1;
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err("nested too deep");
                }
                let value = if first == b'[' {
                    self.array()
                } else {
                    self.object()
                };
                self.depth -= 1;
                value
            }
            b'-' | b'0'..=b'9' => self.number().map(Value::Number),
            _ => Err("a value expected"),
        }
    }

    fn word(&mut self, word: &'static str, value: Value) -> Read<Value> {
        if self
            .text
            .as_bytes()
            .get(self.at..)
            .is_some_and(|rest| rest.starts_with(word.as_bytes()))
        {
            self.at += word.len();
            Ok(value)
        } else {
            Err("a value expected")
        }
    }

    /// After `[`.
    fn array(&mut self) -> Read<Value> {
        let mut items = Vec::new();
        let mut more = !self.closed_by(b']');
        while more {
            items.push(self.value()?);
            more = self.more_before(b']', "`,` or `]` expected")?;
        }
        Ok(Value::Array(items))
    }

    /// After `{`. Of two equal keys the last counts.
    fn object(&mut self) -> Read<Value> {
        let mut fields = Map::new();
        let mut more = !self.closed_by(b'}');
        while more {
            if self.token()? != b'"' {
                return Err("a key in quotes expected");
            }
            let key = self.string()?;
            if self.token()? != b':' {
                return Err("`:` expected");
            }
            fields.insert(key, self.value()?);
            more = self.more_before(b'}', "`,` or `}` expected")?;
        }
        Ok(Value::Object(fields))
    }

    /// Whether the next byte after whitespace is `close` (then consumed): an
    /// empty array or object.
    fn closed_by(&mut self, close: u8) -> bool {
        self.skip_space();
        let closed = self.peek() == Some(close);
        if closed {
            self.at += 1;
        }
        closed
    }

    /// After an element: `true` at a comma, `false` at `close`.
    fn more_before(&mut self, close: u8, expected: &'static str) -> Read<bool> {
        match self.token()? {
            b',' => Ok(true),
            byte if byte == close => Ok(false),
            _ => Err(expected),
        }
    }

    /// After the opening quote, through the closing one.
    fn string(&mut self) -> Read<String> {
        let mut out = String::new();
        loop {
            // Copy the plain run at once, as the text's own characters: a run
            // starts and ends at an ASCII byte or the end, always a character
            // boundary, so the slice is never refused and never checked again.
            let start = self.at;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.at += 1;
            }
            out.push_str(self.text.get(start..self.at).ok_or("bad text")?);
            match self.next()? {
                b'"' => return Ok(out),
                b'\\' => {
                    let c = match self.next()? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode_escape()?,
                        _ => return Err("unknown escape"),
                    };
                    out.push(c);
                }
                _ => return Err("control character in a string"),
            }
        }
    }

    /// After `\u`: one character, a surrogate pair as two escapes.
    fn unicode_escape(&mut self) -> Read<char> {
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if self.next()? != b'\\' || self.next()? != b'u' {
                    return Err("lone surrogate in an escape");
                }
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err("lone surrogate in an escape");
                }
                0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err("lone surrogate in an escape"),
            _ => first,
        };
        char::from_u32(code).ok_or("lone surrogate in an escape")
    }

    fn hex4(&mut self) -> Read<u32> {
        let mut code = 0;
        for _ in 0..4 {
            let digit = char::from(self.next()?)
                .to_digit(16)
                .ok_or("bad hex escape")?;
            code = code * 16 + digit;
        }
        Ok(code)
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as serde_json reads
    /// it into a `Value`: a whole number a `u64` (or a negative `i64`) when it
    /// fits, else an `f64`; `-0` the float −0.
    fn number(&mut self) -> Read<Number> {
        let negative = self.peek() == Some(b'-');
        if negative {
            self.at += 1;
        }
        // The significant digits while they fit a u64, and the power of ten
        // the digits after them and the point stand for.
        let mut digits: u64 = 0;
        let mut scale: i64 = 0;
        let mut whole = true;
        let mut take = |digit: u8, fraction: bool| match digits
            .checked_mul(10)
            .and_then(|d| d.checked_add(u64::from(digit - b'0')))
        {
            Some(more) => {
                digits = more;
                if fraction {
                    scale -= 1;
                }
            }
            None if !fraction => scale += 1,
            None => {}
        };
        match self.next()? {
            b'0' => {}
            d @ b'1'..=b'9' => {
                take(d, false);
                while let Some(d @ b'0'..=b'9') = self.peek() {
                    self.at += 1;
                    take(d, false);
                }
            }
            _ => return Err("a digit expected"),
        }
        if self.peek() == Some(b'.') {
            self.at += 1;
            whole = false;
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err("a digit expected after the point");
            }
            while let Some(d @ b'0'..=b'9') = self.peek() {
                self.at += 1;
                take(d, true);
            }
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.at += 1;
            whole = false;
            let minus = match self.peek() {
                Some(b'-') => {
                    self.at += 1;
                    true
                }
                Some(b'+') => {
                    self.at += 1;
                    false
                }
                _ => false,
            };
            if !matches!(self.peek(), Some(b'0'..=b'9')) {
                return Err("a digit expected in the exponent");
            }
            let mut exponent: i64 = 0;
            while let Some(d @ b'0'..=b'9') = self.peek() {
                self.at += 1;
                // Past ±10^6 any mantissa is out of range or zero.
                exponent = (exponent * 10 + i64::from(d - b'0')).min(1_000_000);
            }
            scale += if minus { -exponent } else { exponent };
        }
        if whole && scale == 0 {
            if !negative {
                return Ok(Number::from(digits));
            }
            if let Some(n) = 0i64.checked_sub_unsigned(digits).filter(|&n| n < 0) {
                return Ok(Number::from(n));
            }
        }
        let magnitude = decimal(digits, scale).ok_or("number out of range")?;
        Number::from_f64(if negative { -magnitude } else { magnitude }).ok_or("number out of range")
    }
}

/// 10^0 … 10^22, each exact in an `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// `digits × 10^scale` as the nearest `f64` when both parts are exact (see
/// the module's comment), else to within a few units in the last place;
/// `None` when it is too large for an `f64`.
fn decimal(digits: u64, scale: i64) -> Option<f64> {
    if digits == 0 {
        return Some(0.0);
    }
    let mut x = digits as f64;
    let mut scale = scale;
    // At most 10^22 a step: each power of ten is then exact, and a
    // representable result is not lost to an intermediate infinity or zero.
    while scale != 0 && x.is_finite() && x != 0.0 {
        let step = scale.clamp(-22, 22);
        let power = POW10[step.unsigned_abs() as usize];
        x = if step > 0 { x * power } else { x / power };
        scale -= step;
    }
    x.is_finite().then_some(x)
}
