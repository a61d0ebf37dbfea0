//! What every screen is handed: the terminal, colours, language, the settings and the signal
//! flags, chosen once at the start from the command line, the environment and the settings file.
//!
//! It lives with the terminal, below the widgets and the loops that take it, so that every
//! arrow to it points down.

use std::io::{self, IsTerminal};

use crate::ui::kit::{Canvas, Lang, Stamp, Theme, Words};

use super::boss::Boss;
use super::input::EarlyReads;
use super::paint::Term;

use super::settings::{Look, Settings, SetupError};
use super::signals::Signals;

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
    /// The boss key's state and the log it shows.
    pub boss: Box<Boss>,
    /// Whether the terminal is asked for mouse reports: on by default where the game runs on a
    /// terminal, off with `--no-mouse` or `mouse = false` in the settings file.
    pub mouse: bool,
    /// What was read before its time, for the next reads.
    pub(super) early_reads: EarlyReads,
}

/// How the screens look and move, from the command line.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Display<'a> {
    pub no_color: bool,
    pub lang: Option<&'a str>,
    pub no_anim: bool,
    pub theme: Option<&'a str>,
    pub no_mouse: bool,
}

impl Ui {
    /// Colours from `--no-color`/`NO_COLOR`, language from `--lang` or the locale, motion and
    /// look from the flags, the environment and the settings file; catches the stop signals
    /// from here on. Fails for an unknown `--lang` or `--theme` and a bad settings file.
    pub(crate) fn new(d: Display) -> Result<Ui, SetupError> {
        let lang = Lang::choose(d.lang).map_err(SetupError::Flag)?;
        let theme = Theme::choose(d.no_color);
        let settings = Settings::load(d.no_anim, d.theme)?;
        // console's styles ask it whether to colour: tell it the player's choice.
        console::set_colors_enabled(theme.color);
        Ok(Ui {
            term: Term,
            theme,
            words: lang.words(),
            signals: Signals::install(),
            settings,
            look: std::cell::Cell::new(settings.look),
            boss: Box::new(Boss::new(u64::from(std::process::id()) ^ Stamp::now().secs)),
            mouse: settings.mouse && !d.no_mouse && is_interactive(),
            early_reads: EarlyReads::default(),
        })
    }

    /// The player's words and colours on a window of `width` × `height`.
    pub(crate) fn canvas(&self, width: usize, height: usize) -> Canvas {
        Canvas::new(self.words, self.theme, width, height)
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
