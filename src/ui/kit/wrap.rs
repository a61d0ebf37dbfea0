//! Where a line of text may end: wrapping text to a width, and cutting it short between words,
//! in English and in Chinese.
//!
//! A job of its own apart from the screens' other text helpers ([`super::text`]) because it is
//! the one place that knows the languages' rules for a line break: English breaks at spaces,
//! Chinese between characters but never inside one of the game's words ([`WORDS`]), before
//! closing punctuation or after opening punctuation, nor between a number and its measure word.
//! Pure functions of their arguments; widths are display columns.

/// Cuts `text` into lines of at most `width` display columns, at spaces when it can.
///
/// Chinese puts no spaces between words, so a line may also end between two wide characters
/// (never before closing punctuation such as `，` or `）`, nor after opening punctuation). The
/// space a template puts between a number and its measure word (`有 1 个存档`, `5 分钟前`)
/// holds them together: a line never ends on the number. A piece still too wide for a line is
/// cut by width.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let w = |s: &str| console::measure_text_width(s);
    let mut lines = Vec::new();
    let mut line = String::new();
    for (gap, piece) in pieces(text) {
        if !line.is_empty() && w(&line) + w(gap) + w(piece) > width {
            lines.push(line.trim_end().to_string());
            line.clear();
        }
        if !line.is_empty() || lines.is_empty() {
            line.push_str(gap);
        }
        for ch in piece.chars() {
            let cw = unicode_width::UnicodeWidthChar::width(ch).unwrap_or(0);
            if cw > width {
                // A wide character in a one-column terminal: nothing can show it.
                continue;
            }
            if w(&line) + cw > width {
                lines.push(line.trim_end().to_string());
                line.clear();
            }
            // A piece cut in two does not begin its next line with a space.
            if !(ch == ' ' && line.is_empty() && !lines.is_empty()) {
                line.push(ch);
            }
        }
    }
    if !line.trim().is_empty() {
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// Whether `c` is a wide (Chinese) character.
fn is_wide(c: char) -> bool {
    unicode_width::UnicodeWidthChar::width(c) == Some(2)
}

/// The words of the game's Chinese a line is never broken inside (Chinese has no spaces
/// between words, so without them a line may break anywhere, splitting a word in two).
const WORDS: [&str; 64] = [
    "合并",
    "高亮",
    "手牌",
    "牌局",
    "撤销",
    "提示",
    "重新",
    "开始",
    "确认",
    "退出",
    "保存",
    "帮助",
    "老板",
    "日志",
    "外观",
    "切换",
    "切回",
    "鼠标",
    "点击",
    "选择",
    "机器人",
    "下面",
    "相同",
    "继续",
    "向上",
    "清空",
    "炸弹",
    "得分",
    "整副",
    "无处",
    "返回",
    "游戏",
    "规则",
    "回放",
    "复盘",
    "对决",
    "玩家",
    "每日",
    "最高",
    "剩余",
    "弃牌",
    "百搭",
    "标准分",
    "准确率",
    "失误",
    "查看",
    "最大",
    "更好",
    "按键",
    "移动",
    "显示",
    "上一步",
    "任意键",
    "经典",
    "方块",
    "滑动",
    "棋盘",
    "存档",
    "删除",
    "历史",
    "统计",
    "离开",
    "暂停",
    "播放",
];

/// `text` as the pieces [`wrap`] keeps whole, each with the spaces before it (a line may end
/// before any piece, and then drops those spaces).
fn pieces(text: &str) -> Vec<(&str, &str)> {
    // Punctuation a Chinese line does not begin with, and punctuation it does not end with.
    const CLOSING: &str = "，。、；：？！）》」』】”’…·";
    const OPENING: &str = "（《「『【“‘";
    // The measure words (and units) the game's Chinese puts after a number.
    const MEASURE: &str = "个张分步列局回次行时小天秒位条项份种倍名场盘轮手点页人组副套格周年月日";
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    // A short aside in full-width brackets, such as a key's hint `（v：查看）`, is kept whole: the
    // characters after its opening bracket up to its closing one are never broken before.
    let mut aside = vec![false; chars.len()];
    for (i, &(_, c)) in chars.iter().enumerate() {
        if c != '（' {
            continue;
        }
        let close = chars[i + 1..]
            .iter()
            .take(8)
            .position(|&(_, c)| c == '）' || c == '（');
        if let Some(k) = close.filter(|&k| chars[i + 1 + k].1 == '）') {
            aside[i + 1..=i + 1 + k].fill(true);
        }
    }
    // The characters that go on the same line as the one before them: inside a word of
    // [`WORDS`] (合并 was broken into 合 / 并, 高亮 into 高 / 亮).
    let mut joined = vec![false; chars.len()];
    for word in WORDS {
        let w: Vec<char> = word.chars().collect();
        for start in 0..chars.len().saturating_sub(w.len() - 1) {
            if (0..w.len()).all(|k| chars[start + k].1 == w[k]) {
                joined[start + 1..start + w.len()].fill(true);
            }
        }
    }
    let mut out = Vec::new();
    // Where the current gap and piece begin.
    let (mut gap, mut piece) = (0, 0);
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        if c == ' ' {
            let mut j = i;
            while j < chars.len() && chars[j].1 == ' ' {
                j += 1;
            }
            let before = i.checked_sub(1).map(|k| chars[k].1);
            let after = chars.get(j).map(|&(_, c)| c);
            let held = before.is_some_and(|c| c.is_ascii_digit())
                && after.is_some_and(|c| MEASURE.contains(c));
            if !held && at > piece {
                out.push((&text[gap..piece], &text[piece..at]));
                gap = at;
                piece = chars.get(j).map_or(text.len(), |&(a, _)| a);
            } else if at == piece {
                piece = chars.get(j).map_or(text.len(), |&(a, _)| a);
            }
            i = j;
            continue;
        }
        let prev = i.checked_sub(1).map(|k| chars[k].1);
        let between = prev.is_some_and(|p| is_wide(p) && !OPENING.contains(p));
        if at > piece && is_wide(c) && between && !CLOSING.contains(c) && !aside[i] && !joined[i] {
            out.push((&text[gap..piece], &text[piece..at]));
            gap = at;
            piece = at;
        }
        i += 1;
    }
    if piece < text.len() || gap < piece {
        out.push((&text[gap..piece], &text[piece..]));
    }
    out
}

/// `text` in at most `width` columns: whole when it fits, else cut with `…` between two words (a
/// word cut in two reads as another word); Chinese, which does not put spaces between words, is
/// cut by width (wide characters whole), as is a first word too long for the width.
pub(crate) fn cut_words(text: &str, width: usize) -> String {
    let w = console::measure_text_width;
    if w(text) <= width {
        return text.to_string();
    }
    if text
        .chars()
        .any(|c| unicode_width::UnicodeWidthChar::width(c) == Some(2))
    {
        return console::truncate_str(text, width, "…").into_owned();
    }
    let mut cut = String::new();
    for word in text.split(' ') {
        let longer = if cut.is_empty() {
            word.to_string()
        } else {
            format!("{cut} {word}")
        };
        if w(&longer) + 1 > width {
            break;
        }
        cut = longer;
    }
    let cut = cut.trim_end_matches([' ', ',', ':', '(', '·']);
    if cut.is_empty() {
        return console::truncate_str(text, width, "…").into_owned();
    }
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::wrap;

    /// The Chinese help at 40 columns breaks no word in two (it broke 合/并 and 高/亮), at any
    /// width: every line break falls outside the words of [`WORDS`].
    #[test]
    fn chinese_lines_break_between_words() {
        let [a, b] = crate::ui::kit::ZH.help_merge;
        let merge = format!("{a}{b}");
        let help = [merge.as_str(), "移动高亮，回车把牌放到高亮的列"];
        for text in help {
            for width in 20..=60 {
                let lines = wrap(text, width);
                for pair in lines.windows(2) {
                    let (a, b) = (pair[0].trim_end(), pair[1].trim_start());
                    for word in super::WORDS {
                        for cut in 1..word.chars().count() {
                            let head: String = word.chars().take(cut).collect();
                            let tail: String = word.chars().skip(cut).collect();
                            assert!(
                                !(a.ends_with(&head) && b.starts_with(&tail)),
                                "{word} broken at {width}: {a:?} / {b:?}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn wraps_at_spaces() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("one two three", 100), ["one two three"]);
        assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
        assert_eq!(wrap("  indented text", 10), ["  indented", "text"]);
        assert_eq!(wrap("a  b", 10), ["a  b"]);
        assert!(wrap("", 5).is_empty());
        // A wide character is dropped, not drawn, where one column is all there is.
        assert_eq!(wrap("a有b", 1), ["a", "b"]);
    }

    /// Chinese breaks between characters, never between a number and its measure word (the
    /// space the template put between them), nor before closing punctuation.
    #[test]
    fn chinese_keeps_a_number_with_its_word() {
        let text = "有 1 个存档正在另一个窗口中进行，没有列出。";
        // From the width of `1 个` on, which is held together.
        for width in 4..40 {
            let lines = wrap(text, width);
            for l in &lines {
                assert!(
                    console::measure_text_width(l) <= width,
                    "{width}: {lines:?}"
                );
                assert!(!l.ends_with('1'), "{width}: {lines:?}");
                assert!(!l.starts_with(['，', '。']), "{width}: {lines:?}");
            }
            assert!(
                lines.iter().any(|l| l.contains("1 个")),
                "{width}: {lines:?}"
            );
            // Only the space a line ends at is dropped.
            let joined: String = lines.concat().replace(' ', "");
            assert_eq!(joined, text.replace(' ', ""), "nothing lost at {width}");
        }
        assert_eq!(
            wrap(text, 12),
            ["有 1 个存档", "正在另一个窗", "口中进行，没", "有列出。"]
        );
        // The first line is filled: it does not stop after "有 1" as it did.
        assert_eq!(wrap(text, 30)[0], "有 1 个存档正在另一个窗口中进");
        // A key's short aside stays whole.
        assert_eq!(
            wrap("最大失误：第 3 步，第 2 列更好  （v：查看）", 30),
            ["最大失误：第 3 步，第 2 列更好", "（v：查看）"]
        );
        // Words of English inside Chinese still break at their spaces.
        assert_eq!(
            wrap("用 new2048 play --rules solitaire 试试", 22),
            ["用 new2048 play", "--rules solitaire 试试"]
        );
    }
}
