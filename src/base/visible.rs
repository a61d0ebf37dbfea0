//! Text shown as what it is. A name, a rules file's string, a peer's reason or a restored row is
//! text the program did not write, and some characters in it do not show as themselves: control
//! characters (an escape sequence takes over the terminal), and the format and separator
//! characters of Unicode, which change how the text *around* them shows: U+202E (right-to-left
//! override) prints what follows it backwards (`Ann` U+202E `txt.exe` shows as `Annexe.txt`),
//! U+2028 breaks a line where a table has none, U+200B and U+FEFF are not seen at all (two names
//! that look alike are not the same).
//!
//! [`is_hidden`] says which characters these are: Unicode's general categories Cc (control), Cf
//! (format), Zl (line separator) and Zp (paragraph separator). Rust's `char::is_control` is only
//! Cc, so the Cf ranges are kept here as a table of Unicode 16.0 (checked in the tests against
//! the tables of `regex-syntax`, character by character). [`escape`] writes each of them as its
//! code (`\u{202e}`), so what is shown is what is there. Names typed or read on entry refuse them
//! ([`first_hidden`] finds one to name); text from a file or a peer is shown escaped.

/// The format characters (Cf) of Unicode 16.0, as inclusive ranges in order.
const FORMAT: [(char, char); 21] = [
    ('\u{ad}', '\u{ad}'),
    ('\u{600}', '\u{605}'),
    ('\u{61c}', '\u{61c}'),
    ('\u{6dd}', '\u{6dd}'),
    ('\u{70f}', '\u{70f}'),
    ('\u{890}', '\u{891}'),
    ('\u{8e2}', '\u{8e2}'),
    ('\u{180e}', '\u{180e}'),
    ('\u{200b}', '\u{200f}'),
    ('\u{202a}', '\u{202e}'),
    ('\u{2060}', '\u{2064}'),
    ('\u{2066}', '\u{206f}'),
    ('\u{feff}', '\u{feff}'),
    ('\u{fff9}', '\u{fffb}'),
    ('\u{110bd}', '\u{110bd}'),
    ('\u{110cd}', '\u{110cd}'),
    ('\u{13430}', '\u{1343f}'),
    ('\u{1bca0}', '\u{1bca3}'),
    ('\u{1d173}', '\u{1d17a}'),
    ('\u{e0001}', '\u{e0001}'),
    ('\u{e0020}', '\u{e007f}'),
];

/// Whether `c` does not show as itself: a control (Cc), format (Cf), line separator (Zl) or
/// paragraph separator (Zp) character.
pub fn is_hidden(c: char) -> bool {
    if c.is_control() || c == '\u{2028}' || c == '\u{2029}' {
        return true;
    }
    // Every format character is at U+00AD or above: plain text costs one comparison.
    c >= '\u{ad}'
        && FORMAT
            .binary_search_by(|&(lo, hi)| {
                if hi < c {
                    std::cmp::Ordering::Less
                } else if lo > c {
                    std::cmp::Ordering::Greater
                } else {
                    std::cmp::Ordering::Equal
                }
            })
            .is_ok()
}

/// The first character of `text` that does not show as itself, if any.
pub fn first_hidden(text: &str) -> Option<char> {
    text.chars().find(|&c| is_hidden(c))
}

/// A character's code as messages name it: `U+202E`.
pub fn code(c: char) -> String {
    format!("U+{:04X}", u32::from(c))
}

/// `text` with every character that does not show as itself written as its code (`\u{1b}`,
/// `\u{202e}`, `\t`), line breaks kept: what the program shows or keeps of text it did not write
/// (a name, a file name, a rules file's line, a peer's reason), so that nothing in it reaches the
/// terminal, a table or a file raw.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == '\n' || !is_hidden(c) {
            out.push(c);
        } else if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.extend(c.escape_unicode());
        }
    }
    out
}

/// Escapes `text` in place ([`escape`]) where it holds a character that does not show as itself.
pub fn escape_in_place(text: &mut String) {
    if text.chars().any(|c| c != '\n' && is_hidden(c)) {
        *text = escape(text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The characters of the general categories Cc, Cf, Zl and Zp as `regex-syntax`'s Unicode
    /// tables have them: every character of Unicode is classified as they classify it.
    #[test]
    fn the_table_is_unicodes_cc_cf_zl_zp() {
        let hir = regex_syntax::Parser::new()
            .parse(r"[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]")
            .unwrap();
        let regex_syntax::hir::HirKind::Class(regex_syntax::hir::Class::Unicode(class)) =
            hir.kind()
        else {
            panic!("a class: {hir:?}")
        };
        let ranges: Vec<(char, char)> = class.iter().map(|r| (r.start(), r.end())).collect();
        let mut wrong = Vec::new();
        for c in (0..=0x10_FFFF).filter_map(char::from_u32) {
            let theirs = ranges.iter().any(|&(lo, hi)| lo <= c && c <= hi);
            if theirs != is_hidden(c) {
                wrong.push(code(c));
            }
        }
        assert!(wrong.is_empty(), "classified otherwise: {wrong:?}");
    }

    /// A list written by hand: the characters the issue names, and their neighbours that show.
    #[test]
    fn named_characters() {
        for c in [
            '\0',
            '\t',
            '\n',
            '\r',
            '\u{1b}',
            '\u{7f}',
            '\u{85}',
            '\u{9b}',
            '\u{ad}',
            '\u{61c}',
            '\u{200b}',
            '\u{200c}',
            '\u{200d}',
            '\u{200e}',
            '\u{200f}',
            '\u{202a}',
            '\u{202e}',
            '\u{2028}',
            '\u{2029}',
            '\u{2060}',
            '\u{2066}',
            '\u{2067}',
            '\u{2068}',
            '\u{2069}',
            '\u{feff}',
            '\u{fff9}',
            '\u{1d179}',
            '\u{e0001}',
            '\u{e007f}',
        ] {
            assert!(is_hidden(c), "{}", code(c));
        }
        for c in [
            ' ',
            'a',
            '=',
            '~',
            '\u{a0}',
            '\u{ac}',
            '\u{ae}',
            'é',
            '默',
            '\u{2027}',
            '\u{202f}',
            '\u{2070}',
            '\u{fffc}',
            '\u{fffd}',
            '😀',
            '\u{e0080}',
            '\u{1d17b}',
        ] {
            assert!(!is_hidden(c), "{}", code(c));
        }
    }

    #[test]
    fn escaped_text_shows_every_code_and_keeps_the_rest() {
        assert_eq!(escape("Ann\u{202e}lla"), "Ann\\u{202e}lla");
        assert_eq!(escape("a\u{1b}[2J\tb\nc"), "a\\u{1b}[2J\\tb\nc");
        assert_eq!(escape("x\u{2028}y\u{feff}"), "x\\u{2028}y\\u{feff}");
        assert_eq!(escape("默认 =cmd"), "默认 =cmd");
        assert!(escape("\u{200b}").chars().all(|c| !is_hidden(c)));
        let mut s = String::from("one\ntwo");
        escape_in_place(&mut s);
        assert_eq!(s, "one\ntwo");
        let mut s = String::from("\u{2066}x\u{2069}");
        escape_in_place(&mut s);
        assert_eq!(s, "\\u{2066}x\\u{2069}");
        assert_eq!(first_hidden("ab\u{ad}c"), Some('\u{ad}'));
        assert_eq!(code('\u{202e}'), "U+202E");
        assert_eq!(code('\u{1b}'), "U+001B");
    }
}
