//! The terminal game: the full-screen front end a player uses on a terminal.
//!
//! One job per file:
//! - [`theme`]: colours (the card palette, text tones, the dialoguer theme) and text widths;
//! - [`i18n`]: every text in English and Simplified Chinese;
//! - [`render`]: the screen as lines of text, a pure function (snapshot-tested);
//! - [`anim`]: the frames of a move (pure, snapshot-tested) and the loop that shows them;
//! - [`settings`]: animations, their speed and the look, from the flags, environment and file;
//! - [`logtheme`]: the game drawn as timestamped log lines (`--theme log`, the boss key);
//! - [`input`]: keys to actions;
//! - [`term`]: taking and giving back the terminal, drawing, signals;
//! - [`menu`], [`list`]: the start menu (saved games first) and its lists, yes/no questions;
//! - [`session`]: the loop every game shares (signals, resizes, quit, help, the result);
//! - [`play`]: the session loop, game after game, back to the start menu (see [`then`]);
//! - [`solo`]: what the two one-player games share (keeping, undo, restart);
//! - [`game`]: the card game's keys and keeping;
//! - [`classic`], [`classic_screen`]: classic 2048's keys and keeping, and its screen;
//! - [`duel`], [`duel_screen`]: two players taking turns at either game, and their screen;
//! - [`autoplay`](mod@autoplay): a bot playing on the same screen;
//! - [`replay`](mod@replay), [`wait`]: a record played back on the game screens, and waiting for
//!   a key at most so long.
//!
//! The engine never sees the terminal and the screen never changes the game: the loop turns keys
//! into moves, the engine decides, and the screen is drawn again from the new state.

pub(crate) mod anim;
pub(crate) mod autoplay;
pub(crate) mod classic;
pub(crate) mod classic_screen;
pub(crate) mod duel;
pub(crate) mod duel_screen;
pub(crate) mod game;
pub(crate) mod i18n;
pub(crate) mod input;
pub(crate) mod insight;
pub(crate) mod list;
pub(crate) mod logtheme;
pub(crate) mod menu;
#[allow(dead_code)] // wired into the key reader next
pub(crate) mod mouse;
pub(crate) mod render;
pub(crate) mod replay;
pub(crate) mod session;
pub(crate) mod settings;
pub(crate) mod solo;
pub(crate) mod term;
pub(crate) mod theme;
pub(crate) mod wait;

use std::io::{self, IsTerminal};
use std::sync::Arc;

use console::Term;

use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::classic::ClassicGame;
use crate::store::daily::DailyNews;
use crate::store::keeper::{ClassicMeta, Deal, GameMeta, Keepers};
use crate::store::shelf::Resumed;
use crate::strategy::Strategy;

use self::i18n::{Lang, Words, fill, plural};
use self::session::{After, End};
use self::settings::{Look, Settings};
use self::term::{Signals, TermGuard};
use self::theme::{Theme, Tone};

/// What every screen shares: the terminal, colours, language, the settings (motion, look) and
/// the signal flags.
pub(crate) struct Ui {
    pub term: Term,
    pub theme: Theme,
    pub words: &'static Words,
    pub signals: Signals,
    pub settings: Settings,
    /// The look in force: the settings' at first, switched at once by the boss key.
    pub look: std::cell::Cell<Look>,
}

/// How the screens look and move, from the command line.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Display<'a> {
    pub no_color: bool,
    pub lang: Option<&'a str>,
    pub no_anim: bool,
    pub theme: Option<&'a str>,
}

impl Ui {
    /// Colours from `--no-color`/`NO_COLOR`, language from `--lang` or the locale, motion and
    /// look from the flags, the environment and the settings file; catches the stop signals
    /// from here on. Fails for an unknown `--lang` or `--theme` and a bad settings file.
    pub(crate) fn new(d: Display) -> Result<Ui, String> {
        let lang = Lang::choose(d.lang)?;
        let theme = Theme::choose(d.no_color);
        let settings = Settings::load(d.no_anim, d.theme)?;
        // dialoguer's themes ask console whether to colour: tell it the player's choice.
        console::set_colors_enabled(theme.color);
        Ok(Ui {
            term: Term::stdout(),
            theme,
            words: lang.words(),
            signals: Signals::install(),
            settings,
            look: std::cell::Cell::new(settings.look),
        })
    }

    /// Whether moves are shown in motion: animations on and the board look (log lines do not
    /// move).
    pub(crate) fn animated(&self) -> bool {
        self.settings.motion.pace.is_some() && self.look.get() == Look::Board
    }
}

/// Whether the full-screen game can run: both input and output are a terminal.
pub(crate) fn is_interactive() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// What to play.
pub(crate) enum Match {
    Cards(Box<Game>, GameMeta),
    Classic(Box<ClassicGame>, ClassicMeta),
    /// This new classic game, unless the player takes up the saved one when asked.
    ClassicOrSaved(Box<ClassicGame>, ClassicMeta),
    Duel(duel::Setup),
    /// A saved game taken up from the start menu's list (claimed while it is played).
    Saved(Resumed),
}

/// Where a session goes once a game has ended.
#[derive(Debug, PartialEq, Eq)]
enum Then {
    /// Play this again (the player asked for it).
    Again,
    /// Back to the start menu.
    Menu,
    /// Leave the program.
    Leave,
}

/// What follows a game that ended with `end`. `home` says whether the session began at the start
/// menu: a game chosen there comes back to it (only Quit, or Ctrl-C/Ctrl-D at the menu, leaves),
/// while a game a command started directly (`play --seed`, `classic`, `daily`) leaves the
/// program at its end, as a command does. A signal, Ctrl-C or Ctrl-D in a game always leaves.
///
/// This is the one place that decides: a game screen only says how it ended, so a new choice on
/// the result screen (back to the menu, quit) is a new [`End`] and one more arm here.
fn then(end: End, home: bool) -> Then {
    match end {
        End::Over(After::Again) | End::Restart => Then::Again,
        // The player asked for the menu on the result screen: it comes, whatever began the
        // session.
        End::Over(After::Menu) => Then::Menu,
        End::Over(After::Quit) => Then::Leave,
        End::Quit(_) if home => Then::Menu,
        End::Quit(_) | End::Stopped(_) => Then::Leave,
    }
}

/// The terminal game: `first` when the command line chose what to play, else the start menu;
/// then game after game until the player leaves. Prints a last line on the normal screen.
pub(crate) fn play(
    ui: &Ui,
    rules: Rules,
    first: Option<Match>,
    keeper: &mut dyn Keepers,
) -> io::Result<()> {
    let guard = TermGuard::enter(&ui.term)?;
    let mut rules = Arc::new(rules);
    let home = first.is_none();
    let mut next = first;
    // The score of the game the last one left saved, and the farewell that says so.
    let mut kept: Option<(u64, &str)> = None;
    // What a finished daily deal says: the line to share, the streak, the deal's best.
    let mut daily: Vec<String> = Vec::new();
    loop {
        let chosen = if let Some(m) = next.take() {
            m
        } else {
            let news = menu_news(ui.words, kept.map(|(score, _)| score), &daily);
            match menu::start(ui, &mut rules, keeper, &news) {
                Some(m) => m,
                None => break,
            }
        };
        daily.clear();
        // How the session ended, what "again" plays, and the farewell of a kept game.
        let (end, again, saved_bye) = match chosen {
            Match::Cards(g, m) => {
                rules = Arc::clone(g.rules_arc());
                let deal = m.deal.clone();
                let (end, par) = game::play(ui, keeper, *g, m);
                if let (Deal::Daily { date, .. }, End::Over(_)) = (&deal, end) {
                    daily = daily_lines(ui.words, keeper.daily_news(&rules, date), date, par);
                }
                let (g, m) = menu::fresh_game(&rules);
                (end, Match::Cards(Box::new(g), m), ui.words.saved_bye)
            }
            Match::ClassicOrSaved(g, m) => match menu::saved_classic(ui, keeper) {
                Some(Some((g, m))) => {
                    next = Some(Match::Classic(Box::new(g), m));
                    continue;
                }
                Some(None) => {
                    next = Some(Match::Classic(g, m));
                    continue;
                }
                None => break,
            },
            Match::Classic(g, m) => {
                let fresh = menu::fresh_classic(g.rules(), &m.rules_name);
                let end = classic::play(ui, keeper, *g, m);
                (end, fresh, ui.words.classic_saved_bye)
            }
            Match::Duel(setup) => {
                let end = duel::play(ui, keeper, &setup);
                (end, Match::Duel(setup.again()), ui.words.duel_saved_bye)
            }
            Match::Saved(Resumed::Cards(g, m)) => {
                next = Some(Match::Cards(g, m));
                continue;
            }
            Match::Saved(Resumed::Classic(g, m)) => {
                next = Some(Match::Classic(g, m));
                continue;
            }
            Match::Saved(r @ (Resumed::CardDuel(..) | Resumed::ClassicDuel(..))) => {
                let again = duel::Setup::after(&r, ui.words);
                let end = duel::resume(ui, keeper, r);
                (end, Match::Duel(again), ui.words.duel_saved_bye)
            }
        };
        // The game is no longer played here: another window may take its save up.
        keeper.release();
        kept = match end {
            End::Quit(Some(score)) | End::Stopped(Some(score)) => Some((score, saved_bye)),
            _ => None,
        };
        match then(end, home) {
            Then::Again => next = Some(again),
            Then::Menu => {}
            Then::Leave => break,
        }
    }
    drop(guard);
    // After a hang-up there is nobody to read this: ignore the error.
    for line in &daily {
        let _ = ui.term.write_line(line);
    }
    let farewell = kept.map_or_else(|| ui.words.bye.to_string(), |(s, bye)| fill(bye, &[&s]));
    let _ = ui.term.write_line(&farewell);
    Ok(())
}

/// What the start menu says of the last game: the score of a game left saved, the lines of a
/// finished daily deal.
fn menu_news(words: &Words, kept: Option<u64>, daily: &[String]) -> Vec<(String, Tone)> {
    let saved = kept.map(|score| (fill(words.menu_saved, &[&score]), Tone::Good));
    saved
        .into_iter()
        .chain(daily.iter().map(|l| (l.clone(), Tone::Info)))
        .collect()
}

/// What a finished daily deal of `date` says: the line to share under a word saying so, the
/// streak, the best score of the deal. Nothing when it was not recorded.
fn daily_lines(
    words: &Words,
    news: Option<DailyNews>,
    date: &str,
    par: Option<u64>,
) -> Vec<String> {
    let Some(n) = news else {
        return Vec::new();
    };
    let mut lines = vec![
        fill(words.daily_share, &[&date]),
        n.line,
        fill(
            words.daily_streak,
            &[
                &plural(words.days, n.streak.into()),
                &plural(words.days, n.best_streak.into()),
                &n.best,
            ],
        ),
    ];
    // Par of the deal, when it was worked out while the deal was played.
    lines.extend(par.map(|p| fill(words.daily_par, &[&p])));
    lines
}

/// `new2048 replay` on a terminal: `reel` played back on the game screen until the player leaves.
pub(crate) fn replay(ui: &Ui, reel: &dyn replay::Reel) -> io::Result<()> {
    let guard = TermGuard::enter(&ui.term)?;
    replay::show(ui, reel);
    drop(guard);
    Ok(())
}

/// `new2048 autoplay`: `strategy` plays `game` on the game screen, one move every `delay`, until
/// a key is pressed; then one line says how far it got.
pub(crate) fn autoplay(
    ui: &Ui,
    game: Game,
    strategy: Box<dyn Strategy>,
    seed: u64,
    delay: std::time::Duration,
    best: Option<u64>,
) -> io::Result<()> {
    let guard = TermGuard::enter(&ui.term)?;
    let name = strategy.name();
    let game = autoplay::watch(ui, game, strategy, seed, delay, best)?;
    drop(guard);
    let p = game.position();
    let _ = ui.term.write_line(&fill(
        ui.words.bot_bye,
        &[&name, &p.score, &p.stats.cards_played],
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{After, End, Then, then};

    /// A game chosen at the menu comes back to it on quit; one a command started leaves; a
    /// signal, Ctrl-C or Ctrl-D always leaves; the result screen's choices (play again, back to
    /// the menu, quit) and restart are followed either way.
    #[test]
    fn after_a_game() {
        for home in [true, false] {
            let back = if home { Then::Menu } else { Then::Leave };
            assert_eq!(then(End::Over(After::Again), home), Then::Again);
            assert_eq!(then(End::Restart, home), Then::Again);
            assert_eq!(then(End::Over(After::Menu), home), Then::Menu);
            assert_eq!(then(End::Over(After::Quit), home), Then::Leave);
            assert_eq!(then(End::Quit(Some(3)), home), back);
            assert_eq!(then(End::Quit(None), home), back);
            assert_eq!(then(End::Stopped(Some(3)), home), Then::Leave);
            assert_eq!(then(End::Stopped(None), home), Then::Leave);
        }
    }
}
