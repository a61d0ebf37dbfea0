//! The card game on the screen: what its keys do and how it is kept (through
//! [`crate::store::Store`]). The loop itself (signals, resizes, quitting, help, the
//! result) is the one all games share ([`session`](super::session)), and saving, undo and restart
//! are the one-player games' ([`super::solo`]). Every move is checked by the engine first
//! ([`Game::play`] refuses illegal ones), so a key can only ever produce a move or a short message.

use crate::cards::engine::{Game, Move, Turn};
use crate::cards::summary::Ending;
use crate::deal::{Deal, GameMeta};
use crate::store::Store;
use crate::strategy::exact::{self, Solution};
use crate::strategy::review::{self, Loss};

use crate::ui::kit::{Frame, Laid, Note, Overlay, Stamp, Tone, View, Words, fill};
use crate::ui::screens::{CardLog, Event, Goal, Screen, columns_at, lay_out_cards, log_cards};
use crate::ui::term::{Action, Look, Mouse, Ui};
use crate::ui::widgets::{card_frames, show_frames};

use super::insight::{self, Judged, Pending};
use super::notes::{describe, refusal};
use super::replay::{Annotated, Solo, show_replay};
use super::session::{End, click};
use super::solo::{self, OnePlayer, SoloGame};

/// What the title says about the deal: the date of a daily deal or daily puzzle, marked
/// practice when `again` (it was finished before: only the first finished play counts), or a
/// puzzle's seed (its rules already say it is one), so the puzzle can be named again.
fn tag(meta: &GameMeta, words: &Words, again: bool) -> Option<String> {
    let practice = if again {
        format!(" · {}", words.practice)
    } else {
        String::new()
    };
    match &meta.deal {
        Deal::Daily { date, .. } => Some(format!("{} {date}{practice}", words.daily)),
        Deal::Puzzle {
            date: Some(date), ..
        } => Some(format!("{} {date}{practice}", words.puzzle)),
        Deal::Puzzle { seed, .. } => Some(format!("{} {seed}", words.puzzle)),
        _ => None,
    }
}

/// The card game's own screen state: the highlighted column, the hinted move, the title's tag,
/// the column whose card was just placed or made.
pub(crate) struct Cards {
    cursor: usize,
    hint: Option<Move>,
    /// The best moves the hint's search found, each with what it gives up against the best:
    /// kept with the hint, so the second press explains it without searching again.
    advice: Vec<(Move, Loss)>,
    /// The explanation shown (the second press of the hint key), one item a move.
    explained: Vec<String>,
    tag: Option<String>,
    fresh: Option<usize>,
    /// Par of this deal (worked out from the game's start) and the review of the game as it
    /// ended.
    judged: Judged<Move>,
    /// A puzzle's target (worked out from its start by the exact search); off for other deals.
    target: Pending<Solution>,
    /// A puzzle's best score still reachable after this many moves (the exact search again
    /// from each position the game reaches); off for other deals.
    reach: (usize, Pending<Solution>),
    /// The result screen's lines about the target, par and accuracy.
    lines: Vec<String>,
    /// What the last key did, for the log look, numbered so each key is logged once.
    event: Option<(u64, Event)>,
}

impl Cards {
    /// The position changed: the hint and its explanation are about the one before.
    fn forget_hint(&mut self) {
        self.hint = None;
        self.advice.clear();
        self.explained.clear();
    }

    fn happened(&mut self, e: Event) {
        let n = self.event.map_or(0, |(n, _)| n + 1);
        self.event = Some((n, e));
    }
}

/// Plays `game` until it ends, the player leaves, or a signal stops it; returns how, and par of
/// its deal when it was worked out by then (it is never waited for). A puzzle's `target` is
/// its exact solution when it was prepared before (else it is worked out while it is played).
pub(crate) fn play_cards(
    ui: &Ui,
    store: &mut Store,
    game: Game,
    meta: GameMeta,
    target: Option<Solution>,
) -> (End, Option<u64>) {
    let puzzle = matches!(meta.deal, Deal::Puzzle { .. });
    let again = match &meta.deal {
        Deal::Daily { date, .. }
        | Deal::Puzzle {
            date: Some(date), ..
        } => store.daily_news(game.rules(), date).is_some(),
        _ => false,
    };
    let cards = Cards {
        cursor: game.rules().board.columns as usize / 2,
        hint: None,
        advice: Vec::new(),
        explained: Vec::new(),
        tag: tag(&meta, ui.words, again),
        fresh: None,
        judged: Judged::new(if puzzle {
            Pending::Off
        } else {
            insight::start_par(&game)
        }),
        // Prepared before the screen opened (see `ui::prepare`), else searched now, even when
        // the deal has kept it (a puzzle taken up): `v` shows its line.
        target: match target {
            Some(s) if puzzle => Pending::Ready(s),
            _ if puzzle => {
                let (rules, deck) = (game.rules_arc().clone(), game.deck().clone());
                Pending::start(move |_| Some(exact::solve(&rules, &deck)))
            }
            _ => Pending::Off,
        },
        reach: (0, Pending::Off),
        lines: Vec::new(),
        event: None,
    };
    let mut meta = meta;
    let mut cards = cards;
    if puzzle {
        // The target on the screen from the first card: prepared before the screen opened
        // (else the search takes about 10 ms for half the deals, 1.5 s at worst); a stop signal
        // ends the wait at once.
        goal_news(&mut cards, &game, &mut meta.deal, ui);
    }
    let (end, mut cards) = solo::play(ui, store, game, meta, cards);
    (end, cards.judged.par_now())
}

/// How long a puzzle's screen waits for its target, and for the reach after a move, before it is
/// drawn without them (they are drawn when they come, at the next key).
const TARGET_WAIT: std::time::Duration = std::time::Duration::from_millis(2500);
const REACH_WAIT: std::time::Duration = std::time::Duration::from_millis(150);
/// The reach's search is kept cheap: a quarter of the target's (a reach it cannot prove is not
/// shown).
const REACH_BUDGET: exact::Budget = exact::Budget(exact::EXACT_BUDGET / 4);

/// Takes in what came of a puzzle's searches: the target (kept in the deal, so the save and the
/// record are judged by it) and the reach of the position now, started again when the game has
/// moved on (a move, an undo). Nothing for another game.
fn goal_poll(extra: &mut Cards, game: &Game, deal: &mut Deal) {
    if !matches!(deal, Deal::Puzzle { .. }) {
        return;
    }
    extra.target.poll();
    if let Pending::Ready(t) = &extra.target {
        crate::deal::puzzle::keep_target(deal, crate::deal::puzzle::Target::of(t));
    }
    reach_poll(extra, game);
}

/// The reach part of [`goal_poll`] (an undo has no deal at hand); nothing for another game.
fn reach_poll(extra: &mut Cards, game: &Game) {
    if matches!(extra.target, Pending::Off) {
        return;
    }
    let at = game.moves().len();
    let (was, pending) = &mut extra.reach;
    pending.poll();
    // From the start the reach is the target itself. One search at a time: the search cannot
    // be stopped, so moves made faster than it (a loaded machine) would pile them up and starve
    // the screen; the position the game has come to is searched once the last search is done.
    if at > 0 && (*was != at || matches!(pending, Pending::Off)) && !pending.computing() {
        let (rules, pos) = (game.rules_arc().clone(), *game.position());
        let rest = game.deck().get(at..).unwrap_or_default().to_vec();
        *pending =
            Pending::start(move |_| Some(exact::solve_from(&rules, &pos, &rest, REACH_BUDGET)));
        *was = at;
    }
}

/// Whether a puzzle's reach is still to come for the position the game is at.
fn reach_coming(extra: &Cards, game: &Game) -> bool {
    let at = game.moves().len();
    let (was, pending) = &extra.reach;
    !matches!(extra.target, Pending::Off) && at > 0 && (pending.computing() || *was != at)
}

/// [`goal_poll`], then waits for what is still being searched, the target up to
/// [`TARGET_WAIT`], the reach up to [`REACH_WAIT`] (or until a stop, or a key).
fn goal_news(extra: &mut Cards, game: &Game, deal: &mut Deal, ui: &Ui) {
    let began = std::time::Instant::now();
    loop {
        goal_poll(extra, game, deal);
        let waited = began.elapsed();
        let known = crate::deal::puzzle::target_of(deal).is_some();
        let target = !known && extra.target.computing() && waited < TARGET_WAIT;
        let reach = reach_coming(extra, game) && waited < REACH_WAIT;
        // A key typed meanwhile ends the wait: it is played at once.
        if !(target || reach)
            || crate::ui::term::stop_asked(ui)
            || crate::ui::term::input_within(ui, std::time::Duration::from_millis(5))
        {
            return;
        }
    }
}

/// A puzzle's goal as the screen shows it; `None` for another game.
fn goal(s: &SoloGame<Game>) -> Option<Goal> {
    let target = crate::deal::puzzle::target_of(&s.meta.deal);
    if !matches!(s.meta.deal, Deal::Puzzle { .. }) {
        return None;
    }
    let at = s.game.moves().len();
    let reach = match &s.extra.reach {
        _ if at == 0 => target.map(|t| t.score),
        // A reach the search could not prove is no reach: it may be short of the true one.
        (n, Pending::Ready(r)) if *n == at && r.proven => Some(r.score),
        _ => None,
    };
    Some(Goal { target, reach })
}

/// How many of the best moves the second press of the hint key shows (fewer where the screen
/// has no room: see the cards screen).
const EXPLAINED: usize = 3;

/// Plays a move (shown in motion when animations are on), or says why it cannot be made.
fn make(s: &mut SoloGame<Game>, mv: Move) {
    let before = *s.game.position();
    let ahead = (s.game.visible().to_vec(), s.game.cards_left());
    match s.game.play(mv) {
        Ok(turn) => {
            s.extra.forget_hint();
            s.extra.fresh = match (turn.mv, turn.cleared) {
                (Move::Place(c), None) => Some(c as usize),
                _ => None,
            };
            s.save();
            // The reach of a puzzle's new position is searched while the move is shown.
            goal_poll(&mut s.extra, &s.game, &mut s.meta.deal);
            // The news and the hand change when the move has played out, not before.
            animate(s, &before, ahead, &turn);
            goal_news(&mut s.extra, &s.game, &mut s.meta.deal, s.ui);
            s.notes = describe(&turn, s.ui.words);
            s.extra.happened(Event::Played(turn));
        }
        Err(e) => {
            s.notes = vec![refusal(e, &s.game, s.ui.words)];
            s.extra.happened(Event::Refused(e));
        }
    }
}

/// Shows the move `turn` that took `before` to the game's position, frame by frame, until it is
/// over or a key is pressed (the key is then read by the loop as usual); the cards in view and
/// left (`ahead`) and the news stay as they were before the move until then.
fn animate(
    s: &SoloGame<Game>,
    before: &crate::cards::engine::Position,
    ahead: (Vec<crate::cards::card::Card>, usize),
    turn: &Turn,
) {
    if !s.ui.animated() {
        return;
    }
    let mut frames = card_frames(s.game.rules(), before, turn, s.game.position());
    for f in &mut frames {
        f.before = Some(ahead.clone());
    }
    show_frames(s.ui, &frames, |f, v| {
        lay_out_cards(&screen(s, v, Some(f)), v.canvas)
    });
}

/// The screen of the game as it is, or with one frame of a move drawn over it.
fn screen<'a>(s: &'a SoloGame<Game>, v: View, frame: Option<&'a Frame>) -> Screen<'a> {
    Screen {
        best: s.best,
        cursor: Some(s.extra.cursor),
        hint: s.extra.hint,
        explained: &s.extra.explained,
        tag: s.extra.tag.clone(),
        notes: &s.notes,
        overlay: v.overlay,
        prompt_line: v.prompt_line,
        frame,
        fresh: s.extra.fresh,
        played_secs: Some(s.played_secs()),
        daily: matches!(s.meta.deal, Deal::Daily { .. }),
        insight: &s.extra.lines,
        goal: goal(s),
        par: s.extra.judged.par_known(),
        ..Screen::of(&s.game)
    }
}

impl OnePlayer for Game {
    type Extra = Cards;

    fn undo(&mut self, extra: &mut Cards) -> bool {
        extra.forget_hint();
        extra.fresh = None;
        let undone = Game::undo(self);
        reach_poll(extra, self);
        undone
    }

    fn lost(&self) -> bool {
        Ending::of(self) == Ending::Lost
    }

    /// A puzzle left before its target came (a slow search, a quick player) waits for it, so
    /// its record is judged by it; a stop signal ends the wait (the record then has none).
    fn before_record(s: &mut SoloGame<Self>) {
        while s.extra.target.computing() && !crate::ui::term::stop_asked(s.ui) {
            std::thread::sleep(std::time::Duration::from_millis(10));
            s.extra.target.poll();
        }
        if let Pending::Ready(t) = &s.extra.target {
            crate::deal::puzzle::keep_target(&mut s.meta.deal, crate::deal::puzzle::Target::of(t));
        }
    }

    fn result_shown(s: &mut SoloGame<Self>) {
        let game = &s.game;
        // A puzzle is measured against its exact solution, not against `best`.
        if !matches!(s.extra.target, Pending::Off) {
            return;
        }
        s.extra
            .judged
            .ended(game.moves(), || insight::start_review(game));
    }

    /// The review of the game (what `new2048 review` steps through) opened at the move before
    /// its biggest mistake, the better move highlighted; leaving it comes back to the result.
    fn open_mistake(s: &mut SoloGame<Self>) -> bool {
        if let Pending::Ready(line) = &s.extra.target {
            // A puzzle's: the solver's line, move by move.
            let mut solved = Game::new(s.game.rules_arc().clone(), s.game.deck().clone());
            for &mv in &line.moves {
                if solved.play(mv).is_err() {
                    break;
                }
            }
            show_replay(s.ui, &Solo::new(solved, None), 0);
            return true;
        }
        let Some(a) = s.extra.judged.review() else {
            return false;
        };
        let Some((n, _)) = a.mistake else {
            return false;
        };
        let reel = Annotated::reviewed(s.game.clone(), &a.moves, a.tolerance, s.best);
        // On the position the mistake was played from (`before move 16 of N`, as the result
        // screen names it), the better move highlighted and the one played rated.
        show_replay(s.ui, &reel, n.saturating_sub(1));
        true
    }

    /// A puzzle's target and reach, and any other deal's par: drawn as soon as they come.
    fn play_poll(s: &mut SoloGame<Self>) -> (bool, bool) {
        let before = goal(s);
        goal_poll(&mut s.extra, &s.game, &mut s.meta.deal);
        let coming = s.extra.target.computing() || reach_coming(&s.extra, &s.game);
        let par = &mut s.extra.judged.par;
        let par_came = par.poll();
        let par_coming = par.computing();
        (
            goal(s) != before || par_came,
            (before.is_some() && coming) || par_coming,
        )
    }

    fn result_poll(s: &mut SoloGame<Self>) -> (bool, bool) {
        let words = s.ui.words;
        let score = s.game.position().score;
        let help = insight::Help {
            hints: s.meta.hints,
            undos: s.game.undos(),
        };
        let (changed, more) = s.extra.judged.poll(words, score, help);
        let came = s.extra.target.computing();
        goal_poll(&mut s.extra, &s.game, &mut s.meta.deal);
        let came = came && !s.extra.target.computing();
        let mut lines = match &s.extra.target {
            Pending::Computing(..) if crate::deal::puzzle::target_of(&s.meta.deal).is_none() => {
                vec![words.target_computing.to_string()]
            }
            Pending::Computing(..) => Vec::new(),
            Pending::Ready(t) => {
                let target = format!(
                    "{} ({})",
                    t.score,
                    if t.proven {
                        words.target_proven
                    } else {
                        words.target_known
                    }
                );
                vec![format!(
                    "{}  {}",
                    fill(words.target_line, &[&target, &score]),
                    words.see_line
                )]
            }
            Pending::Off | Pending::Failed => Vec::new(),
        };
        lines.extend(s.extra.judged.lines.iter().cloned());
        let changed = changed || came || lines != s.extra.lines;
        s.extra.lines = lines;
        (changed, more || s.extra.target.computing())
    }

    fn lay_out(s: &SoloGame<Self>, v: View) -> Laid {
        if s.ui.look.get() == Look::Log {
            let log = CardLog {
                game: &s.game,
                best: s.best,
                cursor: s.extra.cursor,
                overlay: v.overlay,
                event: s.extra.event,
            };
            let mut journal = s.ui.boss.journal.borrow_mut();
            return Ok(log_cards(
                &log,
                &mut journal,
                Stamp::now(),
                v.canvas.width,
                v.canvas.height,
            ));
        }
        lay_out_cards(&screen(s, v, None), v.canvas)
    }

    /// A click on a column places the card there, and a click on the card in hand discards it
    /// where the rules have discards; the pointer over a column highlights it, as the arrows do.
    /// Where the columns and the hand are comes from the layout the screen is drawn with.
    fn mouse(s: &mut SoloGame<Self>, m: Mouse) -> Option<Action> {
        if s.ui.look.get() == Look::Log {
            return None;
        }
        let (width, height) = crate::ui::term::size(&s.ui.term);
        let view = View::plain(Overlay::None, s.ui.canvas(width, height));
        let at = columns_at(&screen(s, view, None), view.canvas)?;
        click(&at, m, s.extra.cursor, s.game.rules().has_discards())
    }

    fn act(s: &mut SoloGame<Self>, act: Action) {
        // What a puzzle's searches found since the last key (an undo moved the game too).
        goal_poll(&mut s.extra, &s.game, &mut s.meta.deal);
        let words = s.ui.words;
        let columns = s.game.rules().board.columns as usize;
        let cursor = s.extra.cursor;
        s.extra.fresh = None;
        if act != Action::Hint {
            s.extra.explained.clear();
        }
        match act {
            Action::Place(c) => {
                // The highlight follows the number keys, so Enter repeats the last column.
                if c < columns {
                    s.extra.cursor = c;
                }
                make(s, Move::Place(c.min(255) as u8));
            }
            Action::PlaceAtCursor => make(s, Move::Place(cursor as u8)),
            Action::Point(c) if c < columns => s.extra.cursor = c,
            Action::Discard => make(s, Move::Discard),
            Action::Left => s.extra.cursor = (cursor + columns - 1) % columns,
            Action::Right => s.extra.cursor = (cursor + 1) % columns,
            Action::Hint if s.extra.hint.is_some() && !s.extra.advice.is_empty() => {
                // The second press: the best moves and what each gives up, from the same search.
                s.extra.explained = words.explanation(&s.extra.advice);
                s.notes.clear();
            }
            Action::Hint => {
                let game = s.game.clone();
                let Some(advice) =
                    insight::unless_stopped(&|| crate::ui::term::stop_asked(s.ui), move || {
                        review::explain(&game, EXPLAINED)
                    })
                else {
                    return; // A stop signal: the game loop leaves, saving the game.
                };
                let hint = advice.first().map(|&(m, _)| m);
                // Counted, kept and shared: a daily deal played on hints says so.
                s.meta.hints = s.meta.hints.saturating_add(1);
                s.extra.hint = hint;
                s.extra.advice = advice;
                s.extra.happened(Event::Suggested(hint));
                let text = match s.extra.hint {
                    Some(Move::Place(c)) => {
                        s.extra.cursor = c as usize;
                        fill(words.hint_column, &[&(c + 1)])
                    }
                    Some(Move::Discard) => words.hint_discard.to_string(),
                    None => words.hint_none.to_string(),
                };
                s.notes = vec![Note::new(text, Tone::Info)];
            }
            // The shared loop and [`SoloGame`] handle the others; a slide is not a card game key.
            _ => {}
        }
    }
}
