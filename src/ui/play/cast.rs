//! `replay --cast FILE`: the replay screen recorded as an asciicast (version 2), so a game can be
//! shared as a file, played in any asciinema player (`asciinema play FILE`) or embedded in a web
//! page.
//!
//! The recording is the replay screen playing at its normal speed from the first move to the
//! last, drawn by the same pure function the terminal shows ([`super::replay::frame`]) at the
//! size asked for, with each card game move in motion between two steps as the game screen
//! animates it (the same frames, held as long as at the normal pace). It ends paused on the last
//! step, where the screen says how the game ended. It draws what the replay screen draws (the
//! best score in the header too) but for the keys line, which no one watching can press; its last
//! event gives the terminal back as it found it, on a new line. Nothing here reads a clock: the times are the
//! replay's own, and the header's timestamp is given.
//!
//! The format: a first line with a JSON object (`version` 2, `width`, `height`, `timestamp`,
//! `title`, `env`), then one JSON array a line, `[seconds, "o", text]`, with times ascending.
//! Each event's text clears the screen and draws the frame whole, so a player may start
//! anywhere.

use std::fmt::Write;
use std::time::Duration;

use crate::ui::kit::{Canvas, Theme, Words};
use crate::ui::term::Motion;
use crate::ui::widgets::timing;

use super::on_screen::OnScreen;
use super::replay::{Playback, Recording, Solo, recorded_frame as frame};

/// Where a recording is made for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CastSetup {
    pub width: usize,
    pub height: usize,
    /// Seconds since the epoch, for the header.
    pub timestamp: u64,
    pub title: String,
}

/// What the last event writes: colours reset, the cursor shown, a new line.
const RESTORE: &str = "\x1b[0m\x1b[?25h\r\n";

/// The time between two steps: the replay's normal speed.
const STEP: Duration = Duration::from_millis(500);
/// The last frame is held this long, so a player does not end on it at once.
const HOLD: Duration = Duration::from_secs(2);

/// What one event draws: the screen cleared, the cursor home, the frame's lines.
fn screenful(lines: &[String]) -> String {
    format!("\x1b[H\x1b[2J{}", lines.join("\r\n"))
}

/// The recording of one player's game on the replay screen (`reel`: the game and the best score
/// its header shows).
pub(crate) fn cast<G: OnScreen>(
    mut reel: Solo<G>,
    words: &'static Words,
    theme: Theme,
    setup: &CastSetup,
) -> String {
    let len = reel.len();
    let canvas = Canvas::new(words, theme, setup.width, setup.height);
    let mut events: Vec<(Duration, String)> = Vec::new();
    let mut at = Duration::ZERO;
    let playing = |step: usize| Playback {
        step,
        playing: step < len,
        ..Playback::START
    };
    events.push((at, screenful(&frame(&reel, playing(0), canvas))));
    let pace = Motion { pace: Some(100) };
    for i in 0..len {
        at += STEP;
        let frames = reel.game.motion(i);
        let lengths: Vec<u64> = frames.iter().map(|f| f.ms).collect();
        for (f, held) in frames.into_iter().zip(timing(&lengths, pace)) {
            // The move in motion: the replay after it, with this moment drawn over it.
            reel.frame = Some(f);
            let shown = Playback {
                step: i + 1,
                playing: true,
                ..Playback::START
            };
            events.push((at, screenful(&frame(&reel, shown, canvas))));
            at += held;
        }
        reel.frame = None;
        events.push((at, screenful(&frame(&reel, playing(i + 1), canvas))));
    }
    let end = at + HOLD;
    asciicast(setup, &events, end)
}

/// The asciicast text of `events` (times from the start), with a last, empty event at `end` so
/// the last frame is held.
fn asciicast(setup: &CastSetup, events: &[(Duration, String)], end: Duration) -> String {
    let header = serde_json::json!({
        "version": 2,
        "width": setup.width,
        "height": setup.height,
        "timestamp": setup.timestamp,
        "title": setup.title,
        "env": {"TERM": "xterm-256color"},
    });
    let mut out = format!("{header}\n");
    let mut last: Option<&str> = None;
    // The cursor hidden for the whole recording; at its end the terminal is left as it was
    // found (colours reset, the cursor shown) with the cursor on a line of its own, so the
    // prompt after `asciinema play` does not join the last line drawn.
    let _ = writeln!(out, "{}", serde_json::json!([0.0, "o", "\x1b[?25l"]));
    for (t, text) in events {
        // A frame the same as the one before adds nothing.
        if last == Some(text.as_str()) {
            continue;
        }
        last = Some(text);
        let _ = writeln!(out, "{}", serde_json::json!([secs(*t), "o", text]));
    }
    let _ = writeln!(out, "{}", serde_json::json!([secs(end), "o", RESTORE]));
    out
}

/// Seconds as the format writes them: to the millisecond.
fn secs(t: Duration) -> f64 {
    (t.as_millis() as f64) / 1000.0
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::cards::engine::{Game, Move};
    use crate::cards::rules::Rules;
    use crate::ui::kit::EN;

    fn setup() -> CastSetup {
        CastSetup {
            width: 80,
            height: 24,
            timestamp: 1_764_806_400,
            title: "a test".into(),
        }
    }

    /// A game of a few moves, with chains in them.
    fn game() -> Game {
        let mut g = Game::with_seed(Arc::new(Rules::default_rules()), 42);
        for i in 0..30 {
            let mv = crate::strategy::hint(&g).unwrap_or(Move::Place((i % 5) as u8));
            if g.play(mv).is_err() {
                break;
            }
        }
        g
    }

    /// A terminal of `w` × `h` cells after `text`: the few controls a cast uses (home, clear,
    /// colours, cursor shown or hidden), `\r`, `\n` and characters by their width.
    fn terminal(text: &str, w: usize, h: usize) -> Vec<String> {
        let mut grid = vec![vec![' '; w]; h];
        let (mut x, mut y) = (0usize, 0usize);
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\x1b' => {
                    assert_eq!(chars.next(), Some('['), "a CSI sequence");
                    let mut params = String::new();
                    let end = loop {
                        match chars.next().expect("a CSI ends") {
                            p @ ('0'..='9' | ';' | '?') => params.push(p),
                            e => break e,
                        }
                    };
                    match (end, params.as_str()) {
                        ('H', "") => (x, y) = (0, 0),
                        ('J', "2") => grid = vec![vec![' '; w]; h],
                        ('m' | 'h' | 'l', _) => {}
                        other => panic!("a control a cast does not use: {other:?}"),
                    }
                }
                '\r' => x = 0,
                '\n' => y += 1,
                c => {
                    let cw = unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
                    assert!(y < h && x + cw <= w, "drawn inside the terminal");
                    grid[y][x] = c;
                    for k in 1..cw {
                        grid[y][x + k] = '\0';
                    }
                    x += cw;
                }
            }
        }
        grid.into_iter()
            .map(|row| row.into_iter().filter(|&c| c != '\0').collect::<String>())
            .map(|l| l.trim_end().to_string())
            .collect()
    }

    /// Played through a terminal, the last frame is the replay screen at the end of the game:
    /// its final board, score and outcome.
    #[test]
    fn the_last_frame_is_the_final_board() {
        let g = game();
        let text = cast(Solo::new(g.clone(), None), &EN, Theme::PLAIN, &setup());
        let mut screen = Vec::new();
        for line in text.lines().skip(1) {
            let e: serde_json::Value = serde_json::from_str(line).expect("an event");
            let out = e[2].as_str().expect("text");
            if out.starts_with("\x1b[H") {
                screen = terminal(out, 80, 24);
            }
        }
        let end = Playback {
            step: g.moves().len(),
            playing: false,
            ..Playback::START
        };
        let expected: Vec<String> = frame(
            &Solo::new(g.clone(), None),
            end,
            Canvas::new(&EN, Theme::PLAIN, 80, 24),
        )
        .iter()
        .map(|l| l.trim_end().to_string())
        .collect();
        assert_eq!(screen[..expected.len()], expected[..]);
        let shown = screen.join("\n");
        assert!(
            shown.contains(&format!("Score {}", g.position().score)),
            "{shown}"
        );
        // The final board row by row: each column's card at that height, or an empty slot.
        let columns = g.position().columns();
        let height = g.rules().board.height as usize;
        for r in 0..height {
            let row: Vec<String> = columns
                .iter()
                .map(|c| c.cards().get(r).map_or(".".to_string(), |&k| EN.card(k)))
                .collect();
            // Plain cards are drawn `[ 32 ]`; the panel follows the board on its rows.
            let cells = |l: &String| {
                l.replace(['[', ']'], " ")
                    .split_whitespace()
                    .take(columns.len())
                    .map(String::from)
                    .collect::<Vec<_>>()
            };
            assert!(
                screen.iter().any(|l| cells(l) == row),
                "row {r} {row:?} in\n{shown}"
            );
        }
    }

    /// A recording draws what the replay draws (the best score: it said `Best -`), without the
    /// live screen's keys, and gives the terminal back on a line of its own.
    #[test]
    fn a_cast_draws_the_replay_without_keys_and_ends_restored() {
        let g = game();
        let text = cast(Solo::new(g.clone(), Some(34)), &EN, Theme::PLAIN, &setup());
        let frames: Vec<String> = text
            .lines()
            .skip(1)
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()[2].to_string())
            .collect();
        let drawn: Vec<&String> = frames.iter().filter(|f| f.contains("2J")).collect();
        assert!(drawn.len() > 10);
        for f in &drawn {
            assert!(f.contains("Best 34"), "{f}");
            assert!(!f.contains("q leave") && !f.contains("space"), "{f}");
            assert!(f.contains("replay"), "the status line stays: {f}");
        }
        let last: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).unwrap();
        assert_eq!(last[2], "\u{1b}[0m\u{1b}[?25h\r\n");
        assert!(text.ends_with('\n'));
    }

    #[test]
    fn a_cast_is_asciicast_version_2() {
        let g = game();
        let text = cast(Solo::new(g.clone(), None), &EN, Theme::PLAIN, &setup());
        let mut lines = text.lines();
        let header: serde_json::Value =
            serde_json::from_str(lines.next().expect("a header")).expect("JSON");
        assert_eq!(header["version"], 2);
        assert_eq!(header["width"], 80);
        assert_eq!(header["height"], 24);
        assert_eq!(header["timestamp"], 1_764_806_400);
        let mut last = -1.0;
        let mut count = 0;
        for line in lines {
            let e: serde_json::Value = serde_json::from_str(line).expect("an event");
            let t = e[0].as_f64().expect("a time");
            assert!(t >= last, "times ascend: {t} after {last}");
            last = t;
            assert_eq!(e[1], "o");
            assert!(e[2].is_string());
            count += 1;
        }
        // A frame a move and its motion: more events than moves.
        assert!(count > g.moves().len() + 2, "{count} events");
    }
}
