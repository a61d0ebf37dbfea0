//! A session of the terminal game: game after game, and what comes after each (the same game
//! again, the start menu, leaving), decided in one place.

use std::io;
use std::sync::Arc;

use crate::cards::rules::Rules;
use crate::deal::Deal;
use crate::store::{DailyNews, Resumed, Store};

use crate::record::GameKind;
use crate::ui::kit::{Level, Stamp};
use crate::ui::kit::{Tone, Words, fill, plural};
use crate::ui::menu::{self, Resume};
use crate::ui::play::{
    After, End, GameToPlay, Setup, play_cards, play_classic, play_duel, resume_duel,
};
use crate::ui::prepare::{Prepared, prepare};
use crate::ui::screens::share_line;
use crate::ui::term::{Look, TermGuard, Ui, hide_in_log};

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

/// What becomes of a card game chosen.
enum Ready {
    /// It is played, with a puzzle's target worked out.
    Play(Option<crate::strategy::exact::Solution>),
    /// Its deal is saved already: the save is taken up rather than the deal played twice.
    Saved(Resumed),
    /// The player gave its preparation up: back to the menu.
    Menu,
    Leave,
}

/// Makes a card game ready to play: a deal saved already is offered to be taken up, and a
/// puzzle's target is worked out before its screen opens (showing progress when it takes a
/// while, which the player may give up: see [`prepare`]).
fn ready(
    ui: &Ui,
    store: &mut Store,
    game: &crate::cards::engine::Game,
    meta: &crate::deal::GameMeta,
    home: bool,
) -> Ready {
    match menu::saved_deal(ui, store, game, meta) {
        Resume::Saved(r) => return Ready::Saved(r),
        Resume::Leave => return Ready::Leave,
        Resume::Fresh => {}
    }
    if !matches!(meta.deal, Deal::Puzzle { .. }) {
        return Ready::Play(None);
    }
    match prepare(ui, game) {
        Prepared::Target(s) => Ready::Play(Some(s)),
        Prepared::Cancelled if home => Ready::Menu,
        Prepared::Cancelled | Prepared::Stopped => Ready::Leave,
    }
}

/// What follows a game that ended with `end`. `home` says whether the player has been at the
/// start menu in this session: a game chosen there, or any game after it, comes back to it (only
/// Quit, or Ctrl-C/Ctrl-D at the menu, leaves), while the first game a command started directly
/// (`play --seed`, `classic`, `daily`, `puzzle`) leaves the program at its end, as a command
/// does. A signal, Ctrl-C or Ctrl-D in a game always leaves.
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

/// A new classic game, unless the player takes up the saved one instead (asked first); `None`:
/// the player left.
fn classic_or_saved(
    ui: &Ui,
    store: &mut Store,
    g: Box<crate::classic::ClassicGame>,
    m: crate::deal::ClassicMeta,
) -> Option<GameToPlay> {
    match menu::saved_classic(ui, store) {
        Resume::Saved(r) => Some(GameToPlay::Saved(r)),
        Resume::Fresh => Some(GameToPlay::Classic(g, m)),
        Resume::Leave => None,
    }
}

/// The terminal game: `first` when the command line chose what to play, else the start menu;
/// then game after game until the player leaves. Prints a last line on the normal screen.
pub(crate) fn play(
    ui: &Ui,
    rules: Rules,
    first: Option<GameToPlay>,
    store: &mut Store,
) -> io::Result<()> {
    play_saying(ui, rules, first, store, Opening::default())
}

/// How a session's start menu opens.
#[derive(Debug, Default)]
pub(crate) struct Opening {
    /// Why the rules file cannot be played (its error): the first menu says it, the default
    /// rules being in force instead.
    pub broken: Option<crate::config::parse::RulesError>,
    /// The rules were asked for on the command line (`--rules`, `--config`): the menu opens on
    /// a game of them (the newest save of them, else a new game), and its daily deal is played
    /// with them rather than with the day's rules.
    pub asked: bool,
}

/// [`play`], the start menu opening as `opening` says.
pub(crate) fn play_saying(
    ui: &Ui,
    rules: Rules,
    first: Option<GameToPlay>,
    store: &mut Store,
    opening: Opening,
) -> io::Result<()> {
    let guard = TermGuard::enter(ui)?;
    let mut session = Session::open(ui, rules, first, store, opening);
    while let Some(chosen) = session.chosen(ui, store) {
        session.daily.clear();
        // How the game ended, what "again" plays, and the farewell of a kept game.
        let (end, again, saved_bye) = match session.play(ui, store, chosen) {
            Turn::Ended(end, again, bye) => (end, again, bye),
            Turn::Next => continue,
            Turn::Leave => break,
        };
        // The game is no longer played here: another window may take its save up.
        store.release();
        session.kept = kept_after(end, store, saved_bye);
        match then(end, session.home) {
            Then::Again => session.next = Some(again),
            Then::Menu => {}
            Then::Leave => break,
        }
    }
    drop(guard);
    let Session {
        kept,
        daily,
        given_up,
        ..
    } = session;
    farewell(
        ui,
        kept.map(|(_, score, bye)| (score, bye)),
        &daily,
        given_up,
    );
    Ok(())
}

/// What a session keeps from one game to the next.
struct Session {
    rules: Arc<Rules>,
    /// The rules were asked for on the command line (see [`Opening::asked`]).
    asked: bool,
    /// Why the rules file cannot be played, for the first menu to say.
    broken: Option<(String, Tone)>,
    /// Whether the player has been at the start menu: from then on every game comes back to
    /// it, however the session began (`play --seed`, `puzzle`, `daily`, a resume).
    home: bool,
    /// What to play next without asking the menu.
    next: Option<GameToPlay>,
    /// The game the last one left saved: its save's id (the newest save, just written), its
    /// score, and the farewell that says so. Forgotten once the save is gone (deleted from the
    /// menu, or taken up and finished), so the farewell never tells of a save that is not there.
    kept: Option<(String, u64, &'static str)>,
    /// What a finished daily deal says: the line to share, the streak, the deal's best.
    daily: Vec<String>,
    /// What became of a duel given up (who gave up, the score, whether it is recorded).
    given_up: Option<String>,
}

/// What became of a game chosen.
enum Turn {
    /// It was played: how it ended, what "again" plays, the farewell of a game kept.
    Ended(End, GameToPlay, &'static str),
    /// Something else comes first ([`Session::next`], else the menu).
    Next,
    Leave,
}

impl Session {
    /// A session opening on `first` (else the menu) with `rules` in force.
    fn open(
        ui: &Ui,
        rules: Rules,
        first: Option<GameToPlay>,
        store: &mut Store,
        opening: Opening,
    ) -> Session {
        let Opening { broken, asked } = opening;
        let rules = Arc::new(rules);
        // The log look opens on the game, not on a menu (which cannot be drawn as a log).
        let first =
            first.or_else(|| (ui.look.get() == Look::Log).then(|| log_first(store, &rules)));
        Session {
            broken: broken.map(|e| (menu::unplayable(ui.words, &e), Tone::Bad)),
            rules,
            asked,
            home: first.is_none(),
            next: first,
            kept: None,
            daily: Vec::new(),
            given_up: None,
        }
    }

    /// The game to play now: the one set to come next, else the menu's choice (with what the
    /// last game left to say above it); `None` when the player left the menu.
    fn chosen(&mut self, ui: &Ui, store: &mut Store) -> Option<GameToPlay> {
        if let Some(m) = self.next.take() {
            return Some(m);
        }
        let mut news = menu_news(ui.words, self.kept.as_ref().map(|k| k.1), &self.daily);
        news.extend(self.given_up.take().map(|l| (l, Tone::Info)));
        news.extend(self.broken.take());
        // A menu reached in the log look is covered by the log until `b`.
        hide_in_log(ui);
        let chosen = menu::start(ui, &mut self.rules, store, &news, self.asked);
        self.home = true;
        self.kept = self
            .kept
            .take()
            .filter(|(id, ..)| store.saved_games().iter().any(|i| i.id == *id));
        chosen
    }

    /// Plays `chosen`, or sets what comes first ([`Session::next`]): a save to take up, a
    /// classic game's save offered.
    fn play(&mut self, ui: &Ui, store: &mut Store, chosen: GameToPlay) -> Turn {
        let words = ui.words;
        let (end, again, bye) = match chosen {
            GameToPlay::Cards(g, m) => return self.play_cards(ui, store, *g, m),
            GameToPlay::ClassicOrSaved(g, m) => {
                self.next = classic_or_saved(ui, store, g, m);
                return if self.next.is_some() {
                    Turn::Next
                } else {
                    Turn::Leave
                };
            }
            GameToPlay::Classic(g, m) => {
                let fresh = menu::fresh_classic(g.rules(), &m.rules_name);
                (
                    play_classic(ui, store, *g, m),
                    fresh,
                    words.classic_saved_bye,
                )
            }
            GameToPlay::Duel(setup) => {
                let (end, said) = play_duel(ui, store, &setup);
                self.given_up = said;
                (end, GameToPlay::Duel(setup.again()), words.duel_saved_bye)
            }
            GameToPlay::Saved(Resumed::Cards(g, m)) => {
                self.next = Some(GameToPlay::Cards(g, m));
                return Turn::Next;
            }
            GameToPlay::Saved(Resumed::Classic(g, m)) => {
                self.next = Some(GameToPlay::Classic(g, m));
                return Turn::Next;
            }
            GameToPlay::Saved(r @ (Resumed::CardDuel(..) | Resumed::ClassicDuel(..))) => {
                let again = Setup::after(&r, words);
                let (end, said) = resume_duel(ui, store, r);
                self.given_up = said;
                (end, GameToPlay::Duel(again), words.duel_saved_bye)
            }
        };
        Turn::Ended(end, again, bye)
    }

    /// A card game made ready ([`ready`]) and played; a finished daily deal's lines kept for
    /// the menu.
    fn play_cards(
        &mut self,
        ui: &Ui,
        store: &mut Store,
        g: crate::cards::engine::Game,
        m: crate::deal::GameMeta,
    ) -> Turn {
        let target = match ready(ui, store, &g, &m, self.home) {
            Ready::Play(target) => target,
            Ready::Saved(r) => {
                self.next = Some(GameToPlay::Saved(r));
                return Turn::Next;
            }
            Ready::Menu => return Turn::Next,
            Ready::Leave => return Turn::Leave,
        };
        let played = Arc::clone(g.rules_arc());
        let deal = m.deal.clone();
        // A game of other rules puts them in force for the menu; a puzzle's rules (a short open
        // deck) are no rules to offer a normal game of, and the day's rules are the daily
        // deal's, not the player's choice.
        if !matches!(deal, Deal::Puzzle { .. } | Deal::Daily { .. }) {
            self.rules = Arc::clone(&played);
        }
        let (end, par) = play_cards(ui, store, g, m, target);
        if let (Some(date), End::Over(_)) = (of_the_day(&deal), end) {
            let news = store.daily_news(&played, date);
            self.daily = daily_lines(ui.words, news, date, par);
        }
        let (g, m) = again(&deal, &played);
        Turn::Ended(end, GameToPlay::Cards(Box::new(g), m), ui.words.saved_bye)
    }
}

/// The game a session's last game left saved, when it was (its save is the newest): its id, its
/// score and the farewell that says so.
fn kept_after(end: End, store: &Store, bye: &'static str) -> Option<(String, u64, &'static str)> {
    match end {
        End::Quit(Some(score)) | End::Stopped(Some(score)) => store
            .saved_games()
            .first()
            .map(|newest| (newest.id.clone(), score, bye)),
        _ => None,
    }
}

/// The last lines, on the shell's screen: a finished daily deal's, a duel given up's, and the
/// farewell (the score of a game left saved); in the log look, the service stopping instead.
fn farewell(ui: &Ui, kept: Option<(u64, &str)>, daily: &[String], given_up: Option<String>) {
    // After a hang-up there is nobody to read these: errors are ignored.
    if ui.look.get() == Look::Log {
        for line in log_farewell(ui, kept.map(|k| k.0)) {
            let _ = ui.term.write_line(&line);
        }
        return;
    }
    for line in daily.iter().chain(&given_up) {
        let _ = ui.term.write_line(line);
    }
    let bye = kept.map_or_else(|| ui.words.bye.to_string(), |(s, bye)| fill(bye, &[&s]));
    let _ = ui.term.write_line(&bye);
}

/// The game the log look opens on: the newest saved card game of `rules` (not open in another
/// window), else a new one.
fn log_first(store: &mut Store, rules: &Arc<Rules>) -> GameToPlay {
    let hash = rules.hash();
    let saved = store
        .saved_games()
        .into_iter()
        .find(|i| i.game == GameKind::Cards && i.rules_hash == hash);
    if let Some(r) = saved.and_then(|i| store.resume(&i.id).ok()) {
        return GameToPlay::Saved(r);
    }
    let (g, m) = menu::fresh_game(rules);
    GameToPlay::Cards(Box::new(g), m)
}

/// The last lines of the log look, printed on the shell's screen: the service shutting down,
/// the state it keeps (`ops=` the score of the game left saved).
fn log_farewell(ui: &Ui, kept: Option<u64>) -> Vec<String> {
    let (width, _) = crate::ui::term::size(&ui.term);
    let mut journal = ui.boss.journal.borrow_mut();
    let now = Stamp::now();
    journal.log(
        now,
        Level::Info,
        "main",
        "received shutdown request, draining",
    );
    let state = match kept {
        Some(ops) => format!("state persisted ops={ops}; exiting code=0"),
        None => "nothing to persist; exiting code=0".to_string(),
    };
    journal.log(now, Level::Info, "main", &state);
    journal.newest(2, width)
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

/// The date of a daily deal or a daily puzzle.
fn of_the_day(deal: &Deal) -> Option<&str> {
    match deal {
        Deal::Daily { date, .. }
        | Deal::Puzzle {
            date: Some(date), ..
        } => Some(date),
        _ => None,
    }
}

/// What "again" deals after a game of `deal`: a new puzzle after a puzzle, else a new game.
fn again(deal: &Deal, rules: &Arc<Rules>) -> (crate::cards::engine::Game, crate::deal::GameMeta) {
    match deal {
        Deal::Puzzle { .. } => crate::deal::puzzle::start(rules, None, None),
        _ => menu::fresh_game(rules),
    }
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
    let puzzle = matches!(n.record.play.deal, Deal::Puzzle { .. });
    // The game just ended is the newest finished play: practice when one came before it.
    let over = match (n.practice > 0, puzzle) {
        (true, _) => words.daily_practice,
        (false, true) => words.puzzle_share,
        (false, false) => words.daily_share,
    };
    let mut lines = vec![
        fill(over, &[&date]),
        share_line(&n.record),
        fill(
            if puzzle {
                words.puzzle_streak
            } else {
                words.daily_streak
            },
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
