//! Yes/no questions, asked on the line where the cursor is (the last line of whatever screen is
//! showing, which the screen leaves free for it): the question line, and what a key answers.
//!
//! Pure, as the screens are: the loop that shows a question and reads its keys is
//! [`crate::ui::play::confirm`]. A question left (Esc, `q`, Ctrl-C, Ctrl-D) counts as "no" /
//! "quit": answering a question must never crash the game or leave it by surprise.

use crate::ui::term::Key;

use crate::ui::kit::{Theme, Tone, Words, cut_words};

/// What a key answers to a yes/no question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Answer {
    Yes,
    No,
    /// Esc, `q`, Ctrl-C or Ctrl-D: the question was left.
    Left,
}

/// What `key` answers (`default` is Enter's answer); `None`: the key means nothing here.
pub(crate) fn answer(key: &Key, default: bool) -> Option<Answer> {
    Some(match key {
        Key::Char('y' | 'Y') => Answer::Yes,
        Key::Char('n' | 'N') => Answer::No,
        Key::Enter if default => Answer::Yes,
        Key::Enter => Answer::No,
        Key::Escape | Key::Char('q' | 'Q') | Key::Ctrl('c' | 'd') => Answer::Left,
        _ => return None,
    })
}

/// `? Quit? (y/n, Enter: no)`: the question in the player's colours and language, its keys and Enter's
/// answer, on one line of at most `width` columns (a wrapped prompt would scroll the screen
/// behind it: at 40 columns, the score off the top), the question cut between words.
pub(crate) fn question_line(
    words: &Words,
    theme: Theme,
    question: &str,
    default: bool,
    width: usize,
) -> String {
    let word = if default { words.yes } else { words.no };
    // Enter's answer is said as the key's (`(y/n, Enter: no)`): a bare `no` after the keys
    // read as if the question had been answered already.
    let w = console::measure_text_width;
    let long = crate::ui::kit::fill(words.yes_no_keys, &[&word]);
    // Narrow, the question is read whole and Enter's answer is said by its capital.
    let keys = if w(question) + w(&long) + 4 <= width {
        long
    } else {
        words.yes_no_short[usize::from(!default)].to_string()
    };
    let question = cut_words(question, width.saturating_sub(w(&keys) + 4).max(8));
    let line = format!(
        "{} {} {}",
        theme.paint("?", Tone::Title),
        theme.paint(&question, Tone::Value),
        theme.paint(&keys, Tone::Dim),
    );
    crate::ui::kit::fit(&line, width)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::kit::{EN, ZH};

    #[test]
    fn keys_answer() {
        assert_eq!(answer(&Key::Char('y'), false), Some(Answer::Yes));
        assert_eq!(answer(&Key::Char('N'), true), Some(Answer::No));
        assert_eq!(answer(&Key::Enter, true), Some(Answer::Yes));
        assert_eq!(answer(&Key::Enter, false), Some(Answer::No));
        assert_eq!(answer(&Key::Escape, true), Some(Answer::Left));
        assert_eq!(answer(&Key::Ctrl('d'), true), Some(Answer::Left));
        assert_eq!(answer(&Key::Char('x'), true), None);
        assert_eq!(answer(&Key::ArrowUp, true), None);
    }

    #[test]
    fn one_line_at_every_width() {
        let q = "Quit? The game is saved and can be resumed from the menu.";
        for words in [&EN, &ZH] {
            for width in [20, 40, 80, 160] {
                let line = question_line(words, Theme::PLAIN, q, false, width);
                assert!(console::measure_text_width(&line) <= width, "{line}");
                assert!(line.starts_with("? "), "{line}");
                let keys = crate::ui::kit::fill(words.yes_no_keys, &[&words.no]);
                let short = words.yes_no_short[1];
                assert!(
                    line.contains(&keys) || line.contains(short) || width < 30,
                    "{line}"
                );
            }
        }
        assert_eq!(
            question_line(&EN, Theme::PLAIN, "Quit?", false, 80),
            "? Quit? (y/n, Enter: no)"
        );
    }

    /// The game's own questions are read whole in the narrowest window the game plays in.
    #[test]
    fn the_games_questions_fit_forty_columns() {
        for words in [&EN, &ZH] {
            for q in [
                words.confirm_quit,
                words.confirm_quit_fresh,
                words.confirm_restart,
                words.confirm_give_up,
                words.editor_leave_unsaved,
            ] {
                let line = question_line(words, Theme::PLAIN, q, false, 40);
                assert!(line.contains(q), "{line}");
            }
        }
    }
}
