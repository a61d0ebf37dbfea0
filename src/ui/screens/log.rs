//! The log look: the game drawn as a program's log output.
//!
//! The terminal 2048 this game descends from was written to look like a log, so it could be
//! played at work without standing out; `--theme log` (or `theme = "log"` in the settings file,
//! or the boss key `b` at any moment) brings that back. Every line is a timestamped log record
//! in the terminal's own colours (no escape codes at all), naming no game: the score as a job's
//! status, each column as a queue, the hand as the next batch, the news as events, refusals as
//! warnings. The keys are the same as on the board.
//!
//! Like the other screens it is a pure function: the clock is read by the caller and passed in
//! as `stamp` (seconds since the Unix epoch and milliseconds), so it can be snapshot-tested.
//! Lines never wrap (they are cut to the width) and, like a log scrolling by, only the newest
//! `height` lines are kept, so the log look fits any terminal.

use crate::cards::engine::Game;
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;

use crate::ui::kit::{Note, Overlay, Tone, Words, best_text, fill, fit, shown_choices};

/// When the screen is drawn: seconds since the Unix epoch, and milliseconds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Stamp {
    pub secs: u64,
    pub millis: u32,
}

impl Stamp {
    pub(crate) fn now() -> Stamp {
        let d = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        Stamp {
            secs: d.as_secs(),
            millis: d.subsec_millis(),
        }
    }
}

/// Collects log records, each stamped a few milliseconds after the one before (as a real log
/// written in one burst would be).
struct Log {
    stamp: Stamp,
    lines: Vec<String>,
}

impl Log {
    fn record(&mut self, level: &str, target: &str, text: &str) {
        let ms = u64::from(self.stamp.millis) + 3 * self.lines.len() as u64;
        let secs = self.stamp.secs + ms / 1000;
        let day = secs % 86_400;
        let time = format!(
            "{:02}:{:02}:{:02}.{:03}",
            day / 3600,
            day / 60 % 60,
            day % 60,
            ms % 1000
        );
        let date = crate::utc::date(secs);
        self.lines
            .push(format!("{date}T{time}Z {level:<5} {target}: {text}"));
    }

    fn note(&mut self, n: &Note) {
        let level = match n.tone {
            Tone::Bad => "WARN",
            _ => "INFO",
        };
        self.record(level, "worker::event", &n.text);
    }

    /// The newest `height` lines, each cut to `width`.
    fn finish(self, width: usize, height: usize) -> Vec<String> {
        let skip = self.lines.len().saturating_sub(height);
        self.lines
            .into_iter()
            .skip(skip)
            .map(|l| fit(&l, width))
            .collect()
    }
}

/// The result's choices as a log line: `[ Play again ]  Undo …  Back to the menu  Quit`.
fn choices_line(words: &Words, choice: u8, undo: bool) -> String {
    shown_choices(undo)
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let text = words.choices[c as usize];
            if i == choice as usize {
                format!("[ {text} ]")
            } else {
                text.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("  ")
}

/// What the card game shows, in the log look.
pub(crate) struct CardLog<'a> {
    pub game: &'a Game,
    pub best: Option<u64>,
    pub cursor: usize,
    pub notes: &'a [Note],
    pub overlay: Overlay,
    /// Par and accuracy for the result (`insight::items`).
    pub insight: &'a [String],
}

/// The card game as log lines for a terminal of `width` × `height`.
pub(crate) fn log_cards(
    s: &CardLog,
    words: &Words,
    stamp: Stamp,
    width: usize,
    height: usize,
) -> Vec<String> {
    let game = s.game;
    let rules = game.rules();
    let p = game.position();
    let mut log = Log {
        stamp,
        lines: Vec::new(),
    };
    let status = fill(
        words.log_state,
        &[
            &rules.name,
            &p.score,
            &best_text(s.best),
            &game.cards_left(),
        ],
    );
    log.record("INFO", "worker::job", &status);
    let h = rules.board.height;
    for (i, c) in p.columns().iter().enumerate() {
        let cards = if c.is_empty() {
            words.log_empty.to_string()
        } else {
            c.cards()
                .iter()
                .map(|&k| words.card(k))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let mark = if i == s.cursor { " <" } else { "" };
        let line = fill(words.log_board, &[&(i + 1), &c.len(), &h, &cards]);
        log.record("DEBUG", "worker::queue", &format!("{line}{mark}"));
    }
    let visible: Vec<String> = game.visible().iter().map(|&k| words.card(k)).collect();
    let hand = if visible.is_empty() {
        words.none_left.to_string()
    } else {
        visible.join(" | ")
    };
    log.record("INFO", "worker::batch", &fill(words.log_hand, &[&hand]));
    match s.overlay {
        Overlay::Help => {
            for k in super::cards::rules_keys(words.help_keys, rules) {
                log.record("DEBUG", "worker::help", &k);
            }
        }
        Overlay::Result { choice, undo, .. } => {
            let head = if Ending::of(game) == Ending::Won {
                words.won.to_string()
            } else {
                let card = game.hand().map(|c| words.card(c)).unwrap_or_default();
                fill(words.lost, &[&card])
            };
            log.record("INFO", "worker::job", &fill(words.log_over, &[&head]));
            for line in s.insight {
                log.record("INFO", "worker::job", line);
            }
            log.record("INFO", "worker::job", &choices_line(words, choice, undo));
        }
        Overlay::None => {
            for n in s.notes.iter().take(2) {
                log.note(n);
            }
            let keys = fill(words.footer_short, &[&rules.board.columns]);
            log.record("DEBUG", "worker::tty", &fill(words.log_keys, &[&keys]));
        }
    }
    log.finish(width, height)
}

/// Classic 2048 as log lines for a terminal of `width` × `height`.
pub(crate) fn log_classic(
    game: &ClassicGame,
    best: Option<u64>,
    notes: &[Note],
    overlay: Overlay,
    words: &Words,
    stamp: Stamp,
    (width, height): (usize, usize),
) -> Vec<String> {
    let mut log = Log {
        stamp,
        lines: Vec::new(),
    };
    let board = game.board();
    let name = fill(words.classic_tag, &[&board.size(), &board.size()]);
    let status = fill(
        words.log_classic_state,
        &[&name, &game.score(), &best_text(best), &game.moves().len()],
    );
    log.record("INFO", "worker::job", &status);
    for r in 0..board.size() {
        let row: Vec<String> = (0..board.size())
            .map(|c| match board.value(r, c) {
                0 => ".".to_string(),
                v => v.to_string(),
            })
            .collect();
        let line = fill(words.log_classic, &[&(r + 1), &row.join(" ")]);
        log.record("DEBUG", "worker::grid", &line);
    }
    match overlay {
        Overlay::Help => {
            for k in words.classic_help_keys {
                log.record("DEBUG", "worker::help", k);
            }
        }
        Overlay::Result { choice, undo, .. } => {
            log.record(
                "INFO",
                "worker::job",
                &fill(words.log_over, &[&words.classic_lost]),
            );
            log.record("INFO", "worker::job", &choices_line(words, choice, undo));
        }
        Overlay::None => {
            for n in notes.iter().take(2) {
                log.note(n);
            }
            let keys = words.classic_footer_short;
            log.record("DEBUG", "worker::tty", &fill(words.log_keys, &[&keys]));
        }
    }
    log.finish(width, height)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::cards::engine::Move;
    use crate::cards::rules::Rules;
    use crate::ui::kit::Lang;

    const STAMP: Stamp = Stamp {
        secs: 1_764_576_000,
        millis: 120,
    };

    #[test]
    fn the_card_game_as_a_log() {
        let mut g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
        g.play(Move::Place(0)).unwrap();
        let notes = [Note::new("Column 9 does not exist", Tone::Bad)];
        for (lang, name) in [(Lang::En, "en"), (Lang::Zh, "zh")] {
            let s = CardLog {
                game: &g,
                best: Some(120),
                cursor: 2,
                notes: &notes,
                overlay: Overlay::None,
                insight: &[],
            };
            let lines = log_cards(&s, lang.words(), STAMP, 120, 40);
            // No colour, no escape codes: the terminal's own colours.
            assert!(lines.iter().all(|l| !l.contains('\x1b')));
            assert!(lines.iter().any(|l| l.contains(" WARN  ")));
            insta::assert_snapshot!(format!("log_cards_{name}"), lines.join("\n"));
        }
    }

    #[test]
    fn a_small_window_keeps_the_newest_lines() {
        let g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
        let s = CardLog {
            game: &g,
            best: None,
            cursor: 0,
            notes: &[],
            overlay: Overlay::result(false),
            insight: &[],
        };
        let lines = log_cards(&s, Lang::En.words(), STAMP, 30, 4);
        assert_eq!(lines.len(), 4);
        assert!(lines.iter().all(|l| console::measure_text_width(l) <= 30));
    }

    #[test]
    fn classic_as_a_log() {
        let g = ClassicGame::new(Rules::default_rules().classic, 3);
        let lines = log_classic(
            &g,
            None,
            &[],
            Overlay::None,
            Lang::En.words(),
            STAMP,
            (100, 30),
        );
        insta::assert_snapshot!("log_classic_en", lines.join("\n"));
    }
}
