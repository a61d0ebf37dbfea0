//! Every text the terminal game shows, in English and Simplified Chinese.
//!
//! The texts live in one struct per language ([`EN`], [`ZH`]) so the compiler refuses a text that
//! exists in one language only. Texts with values use `{}` placeholders filled in order by
//! [`fill`]; keeping them as plain data (not `format!` calls spread over the code) lets a
//! translator see a whole language at once: each language is its own file (`en.rs`, `zh.rs`),
//! both fill the struct of `words.rs`, and this one holds the language choice and the filling.

use crate::classic::Dir;

mod en;
mod net;
mod words;
mod zh;

pub(crate) use en::EN;
pub(crate) use net::NetWords;
pub(crate) use words::Words;
pub(crate) use zh::ZH;

/// A language of the screens.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Lang {
    En,
    Zh,
}

impl Lang {
    /// `--lang` when given (`en` or `zh`), else the locale (`LC_ALL`, then `LC_MESSAGES`, then
    /// `LANG`): Chinese when it starts with `zh`, English otherwise.
    pub(crate) fn choose(flag: Option<&str>) -> Result<Lang, String> {
        if let Some(f) = flag {
            return Lang::parse(f)
                .ok_or_else(|| format!("unknown language `{f}` for --lang; choose en or zh"));
        }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|v| std::env::var(v).ok())
            .find(|v| !v.is_empty())
            .unwrap_or_default();
        Ok(Lang::from_locale(&locale))
    }

    fn parse(s: &str) -> Option<Lang> {
        match s.to_ascii_lowercase().as_str() {
            "en" | "english" => Some(Lang::En),
            "zh" | "cn" | "chinese" | "中文" => Some(Lang::Zh),
            _ => None,
        }
    }

    /// Chinese for a locale such as `zh_CN.UTF-8`, English for anything else.
    pub(crate) fn from_locale(locale: &str) -> Lang {
        if locale.to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    pub(crate) fn words(self) -> &'static Words {
        match self {
            Lang::En => &EN,
            Lang::Zh => &ZH,
        }
    }
}

/// Fills the `{}` of `template` with `args`, in order. A missing value leaves `{}` as is, so a
/// template mistake shows on screen instead of crashing the game.
pub(crate) fn fill(template: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = String::with_capacity(template.len() + 8);
    let mut rest = template;
    let mut args = args.iter();
    while let Some(i) = rest.find("{}") {
        out.push_str(&rest[..i]);
        match args.next() {
            Some(a) => out.push_str(&a.to_string()),
            None => out.push_str("{}"),
        }
        rest = &rest[i + 2..];
    }
    out.push_str(rest);
    out
}

/// `n` things with the word `[one, many]` (`1 card`, `14 cards`).
pub(crate) fn plural(word: [&str; 2], n: u64) -> String {
    fill(word[usize::from(n != 1)], &[&n])
}

/// The arrow of a slide's direction.
pub(crate) fn arrow(d: Dir) -> &'static str {
    match d {
        Dir::Up => "↑",
        Dir::Down => "↓",
        Dir::Left => "←",
        Dir::Right => "→",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_in_order() {
        assert_eq!(fill("{} on column {}", &[&16, &2]), "16 on column 2");
        assert_eq!(fill("no values", &[]), "no values");
        assert_eq!(fill("{} and {}", &[&1]), "1 and {}");
    }

    #[test]
    fn locale_and_flag() {
        assert_eq!(Lang::from_locale("zh_CN.UTF-8"), Lang::Zh);
        assert_eq!(Lang::from_locale("en_US.UTF-8"), Lang::En);
        assert_eq!(Lang::from_locale(""), Lang::En);
        assert_eq!(Lang::choose(Some("zh")), Ok(Lang::Zh));
        assert_eq!(Lang::choose(Some("EN")), Ok(Lang::En));
        assert!(Lang::choose(Some("fr")).is_err());
    }

    /// The help is drawn two columns in: every line of it fits an 80-column terminal whole.
    #[test]
    fn help_lines_fit_80_columns() {
        for w in [&EN, &ZH] {
            let lines = [
                w.help_keys,
                &w.help_merge,
                w.classic_help_keys,
                w.classic_help_rules,
                w.duel_help_keys_cards,
                w.duel_help_keys_classic,
                w.duel_help_rules,
            ];
            for line in lines.iter().flat_map(|l| l.iter()) {
                let width = console::measure_text_width(&fill(line, &[&2048]));
                assert!(width <= 78, "{width} columns: {line}");
            }
        }
    }

    /// Every field of the `static {name}: Words` table (in `en.rs` or `zh.rs`), with the text of
    /// its string literals in order (escapes left as written: they never make a `{}`). Read from
    /// the source so that no template can be left out of the check below.
    fn templates(name: &str) -> Vec<(String, Vec<String>)> {
        let src = match name {
            "EN" => include_str!("en.rs"),
            _ => include_str!("zh.rs"),
        };
        let head = format!("static {name}: Words = Words {{\n");
        let start = src.find(&head).expect("the table") + head.len();
        let body = &src[start..];
        let body = &body[..body.find("\n};").expect("the table's end")];
        let mut fields: Vec<(String, Vec<String>)> = Vec::new();
        let mut chars = body.chars().peekable();
        let mut line_start = true;
        while let Some(c) = chars.next() {
            match c {
                '"' => {
                    let mut lit = String::new();
                    while let Some(c) = chars.next() {
                        match c {
                            '\\' => {
                                lit.push(c);
                                lit.extend(chars.next());
                            }
                            '"' => break,
                            _ => lit.push(c),
                        }
                    }
                    fields.last_mut().expect("a field").1.push(lit);
                    line_start = false;
                }
                '\n' => line_start = true,
                ' ' => {}
                '/' if line_start && chars.peek() == Some(&'/') => {
                    chars.by_ref().take_while(|&c| c != '\n').for_each(drop);
                }
                c if line_start && (c.is_ascii_lowercase() || c == '_') => {
                    let mut field = String::from(c);
                    while let Some(&c) = chars.peek() {
                        if c == ':' {
                            break;
                        }
                        field.push(c);
                        chars.next();
                    }
                    fields.push((field, Vec::new()));
                    line_start = false;
                }
                _ => line_start = false,
            }
        }
        fields
    }

    /// Both languages fill the same values into every template: each field has as many `{}` in
    /// English as in Chinese, line by line where both have the same lines, else in all.
    #[test]
    fn templates_have_the_same_values_in_both_languages() {
        let count = |s: &str| s.matches("{}").count();
        let (en, zh) = (templates("EN"), templates("ZH"));
        let names = |t: &[(String, Vec<String>)]| t.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
        assert_eq!(names(&en), names(&zh), "the same fields in the same order");
        assert!(en.len() > 150, "every field read: {}", en.len());
        let with_values = en
            .iter()
            .filter(|(_, lits)| lits.iter().any(|l| count(l) > 0))
            .count();
        assert!(
            with_values > 60,
            "templates with values found: {with_values}"
        );
        for ((field, en), (_, zh)) in en.iter().zip(&zh) {
            // A field made elsewhere in both (the explained hint's words, the review's own and
            // their Chinese, checked by the cards screen's tests) holds no text here.
            if en.is_empty() && zh.is_empty() {
                continue;
            }
            assert!(!en.is_empty() && !zh.is_empty(), "{field}: no text read");
            if en.len() == zh.len() {
                for (e, z) in en.iter().zip(zh) {
                    assert_eq!(count(e), count(z), "{field}: {e} / {z}");
                }
            } else {
                let all = |t: &[String]| t.iter().map(|l| count(l)).sum::<usize>();
                assert_eq!(all(en), all(zh), "{field}");
            }
        }
        assert_eq!(EN.help_keys.len(), ZH.help_keys.len());
        assert_eq!(EN.classic_help_keys.len(), ZH.classic_help_keys.len());
        assert_eq!(EN.duel_help_keys_cards.len(), ZH.duel_help_keys_cards.len());
        assert_eq!(
            EN.duel_help_keys_classic.len(),
            ZH.duel_help_keys_classic.len()
        );
    }
}
