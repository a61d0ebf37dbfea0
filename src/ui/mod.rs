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
//! - [`menu`]: the dialoguer start menu and yes/no questions;
//! - [`session`]: the loop every game shares (signals, resizes, quit, help, the result);
//! - [`solo`]: what the two one-player games share (keeping, undo, restart);
//! - [`game`]: the card game's keys and keeping;
//! - [`classic`], [`classic_screen`]: classic 2048's keys and keeping, and its screen;
//! - [`duel`], [`duel_screen`]: two players taking turns at either game, and their screen;
//! - [`autoplay`](mod@autoplay): a bot playing on the same screen.
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
pub(crate) mod logtheme;
pub(crate) mod menu;
pub(crate) mod render;
pub(crate) mod session;
pub(crate) mod settings;
pub(crate) mod solo;
pub(crate) mod term;
pub(crate) mod theme;

use std::io::{self, IsTerminal};
use std::sync::Arc;

use console::Term;

use crate::cards::engine::Game;
use crate::cards::rules::Rules;
use crate::classic::ClassicGame;
use crate::store::keeper::{ClassicMeta, GameMeta, Keepers};
use crate::strategy::Strategy;

use self::i18n::{Lang, Words, fill};
use self::session::{After, End};
use self::settings::{Look, Settings};
use self::term::{Signals, TermGuard};
use self::theme::Theme;

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
    let mut next = first;
    let mut farewell = ui.words.bye.to_string();
    loop {
        let chosen = match next.take() {
            Some(m) => m,
            None => match menu::start(ui, &mut rules, keeper) {
                Some(m) => m,
                None => break,
            },
        };
        // How the session ended, what "again" plays, and the farewell of a kept game.
        let (end, again, saved_bye) = match chosen {
            Match::Cards(g, m) => {
                rules = Arc::clone(g.rules_arc());
                let end = game::play(ui, keeper, *g, m);
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
                (end, Match::Duel(setup.again()), ui.words.saved_bye)
            }
        };
        match end {
            End::Over(After::Again) | End::Restart => next = Some(again),
            // The start menu comes next (the loop shows it when nothing is chosen).
            End::Over(After::Menu) => next = None,
            End::Over(After::Quit) => break,
            End::Quit(kept) | End::Stopped(kept) => {
                if let Some(score) = kept {
                    farewell = fill(saved_bye, &[&score]);
                }
                break;
            }
        }
    }
    drop(guard);
    // After a hang-up there is nobody to read this: ignore the error.
    let _ = ui.term.write_line(&farewell);
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
