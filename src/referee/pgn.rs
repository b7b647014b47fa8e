//! PGN basics every game module's records use: the roster values, tag pairs,
//! comments and movetext wrapping.

/// Optional roster values; `?` is written when absent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnInfo {
    pub event: Option<String>,
    pub site: Option<String>,
    /// `YYYY.MM.DD`.
    pub date: Option<String>,
    pub round: Option<String>,
}

/// Writes one `[Name "value"]` tag pair, escaping `\` and `"`.
pub(crate) fn tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// Text safe inside a `{comment}`.
pub(crate) fn comment_text(s: &str) -> String {
    // `}` would end the comment early.
    s.replace('}', ")")
}

/// Appends movetext tokens, wrapped at 80 columns, and a final newline.
pub(crate) fn push_movetext(out: &mut String, tokens: Vec<String>) {
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 80 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    out.push_str(&line);
    out.push('\n');
}
