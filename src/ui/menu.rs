//! The dialoguer prompts: the start menu and every yes/no question.
//!
//! All prompts draw on the game's own terminal handle (stdout), never on stderr, because
//! dialoguer refuses to run when its terminal is not a tty and a player may well redirect stderr.
//! A prompt that fails or is left with Esc counts as "no" / "quit": answering a question must
//! never crash the game.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use console::Term;
use dialoguer::{Confirm, Select};

use crate::config;
use crate::engine::Game;
use crate::keeper::{Deal, GameMeta, Keeper};
use crate::presets;
use crate::rules::Rules;

use super::i18n::{Words, fill};
use super::theme::Theme;

/// Asks a yes/no question on the current line; `None` when it was left (Esc, q, an error).
pub fn confirm(
    term: &Term,
    theme: Theme,
    words: &'static Words,
    prompt: &str,
    default: bool,
) -> Option<bool> {
    let t = theme.dialog(words);
    let answer = Confirm::with_theme(&t)
        .with_prompt(prompt)
        .default(default)
        .report(false)
        .interact_on_opt(term)
        .ok()
        .flatten();
    let _ = term.hide_cursor();
    answer
}

/// What the start menu chose.
pub enum Start {
    Play(Box<Game>, GameMeta, Option<String>),
    Quit,
}

/// Seconds since the Unix epoch.
pub fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A new game of `rules` from a fresh seed.
pub fn fresh_game(rules: &Arc<Rules>) -> (Game, GameMeta) {
    let seed = crate::app::fresh_seed();
    (
        Game::with_seed(Arc::clone(rules), seed),
        GameMeta {
            deal: Deal::Seed { seed },
            started: now(),
        },
    )
}

/// Today's daily deal for `rules`: the same cards for everyone on this UTC date.
pub fn daily_game(rules: &Arc<Rules>) -> (Game, GameMeta, String) {
    let date = utc_date(now());
    let seed = crate::deck::daily_seed(&date);
    let game = Game::with_seed(Arc::clone(rules), seed);
    let meta = GameMeta {
        deal: Deal::Daily {
            date: date.clone(),
            seed,
        },
        started: now(),
    };
    (game, meta, date)
}

/// The UTC date `YYYY-MM-DD` of a Unix time (days to civil date, proleptic Gregorian).
pub fn utc_date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The start menu: new game, resume (when a game is saved), daily deal, rules preset, quit.
/// Changing the rules comes back to the menu with the new rules in force.
pub fn start(
    term: &Term,
    theme: Theme,
    words: &'static Words,
    rules: &mut Arc<Rules>,
    keeper: &mut dyn Keeper,
) -> Start {
    let mut saved = keeper.saved();
    loop {
        let _ = term.clear_screen();
        let _ =
            term.write_line(&theme.paint(&format!("  {}", words.title), super::theme::Tone::Title));
        for w in keeper.take_warnings() {
            let _ = term.write_line(&theme.paint(&format!("  {w}"), super::theme::Tone::Bad));
        }
        let _ = term.write_line("");
        let mut items: Vec<(String, Choice)> = vec![(words.menu_new.to_string(), Choice::New)];
        if let Some((g, _)) = &saved {
            let p = g.position();
            items.push((
                fill(words.menu_resume, &[&p.score, &p.stats.cards_played]),
                Choice::Resume,
            ));
        }
        let today = utc_date(now());
        items.push((fill(words.menu_daily, &[&today]), Choice::Daily));
        items.push((fill(words.menu_rules, &[&rules.name]), Choice::Rules));
        items.push((words.menu_quit.to_string(), Choice::Quit));
        let t = theme.dialog(words);
        let picked = Select::with_theme(&t)
            .with_prompt(words.menu_prompt)
            .items(items.iter().map(|(s, _)| s.as_str()))
            .default(0)
            .report(false)
            .interact_on_opt(term);
        let _ = term.hide_cursor();
        let choice = match picked {
            Ok(Some(i)) => items[i].1,
            _ => Choice::Quit,
        };
        match choice {
            Choice::New => {
                let (g, m) = fresh_game(rules);
                return Start::Play(Box::new(g), m, None);
            }
            Choice::Resume => {
                if let Some((g, m)) = saved.take() {
                    let tag = match &m.deal {
                        Deal::Daily { date, .. } => Some(format!("{} {date}", words.daily)),
                        _ => None,
                    };
                    return Start::Play(Box::new(g), m, tag);
                }
            }
            Choice::Daily => {
                let (g, m, date) = daily_game(rules);
                return Start::Play(Box::new(g), m, Some(format!("{} {date}", words.daily)));
            }
            Choice::Rules => {
                if let Some(r) = pick_preset(term, theme, words) {
                    *rules = Arc::new(r);
                }
            }
            Choice::Quit => return Start::Quit,
        }
    }
}

#[derive(Clone, Copy)]
enum Choice {
    New,
    Resume,
    Daily,
    Rules,
    Quit,
}

fn pick_preset(term: &Term, theme: Theme, words: &'static Words) -> Option<Rules> {
    let names: Vec<&str> = presets::ALL.iter().map(|(n, _)| *n).collect();
    let t = theme.dialog(words);
    let i = Select::with_theme(&t)
        .with_prompt(words.preset_prompt)
        .items(&names)
        .default(0)
        .report(false)
        .interact_on_opt(term)
        .ok()
        .flatten()?;
    let _ = term.hide_cursor();
    config::load_preset(names[i]).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates() {
        assert_eq!(utc_date(0), "1970-01-01");
        assert_eq!(utc_date(951_782_400), "2000-02-29");
        assert_eq!(utc_date(1_795_996_799), "2026-11-29");
        assert_eq!(utc_date(1_795_996_800), "2026-11-30");
    }
}
