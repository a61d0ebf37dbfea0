//! The card game on the screen: what its keys do and how it is kept (through
//! [`crate::store::Store`]). The loop itself (signals, resizes, quitting, help, the
//! result) is the one all games share ([`session`](super::session)), and saving, undo and restart
//! are the one-player games' ([`super::solo`]). Every move is checked by the engine first
//! ([`Game::play`] refuses illegal ones), so a key can only ever produce a move or a short message.

use console::Key;

use crate::cards::engine::{Game, Move, Turn};
use crate::cards::summary::Ending;
use crate::start::{Deal, GameMeta};
use crate::store::Store;
use crate::strategy::exact::{self, Solution};
use crate::strategy::review::{self, Loss};

use crate::ui::kit::{Frame, Laid, Note, Overlay, Stamp, Tone, View, Words, fill};
use crate::ui::screens::{CardLog, Event, Player, Screen, columns_at, lay_out_cards, log_cards};
use crate::ui::term::{Action, Look, Mouse, Ui, action};
use crate::ui::widgets::{card_frames, show_frames};

use super::insight::{self, Judged, Pending};
use super::notes::{describe, refusal};
use super::replay::{Annotated, Solo, show_replay};
use super::session::{End, click};
use super::solo::{self, Kept, OnePlayer};

/// What the title says about the deal: the date of a daily deal or daily puzzle (a puzzle's
/// rules already say it is one).
fn tag(meta: &GameMeta, words: &Words) -> Option<String> {
    match &meta.deal {
        Deal::Daily { date, .. } => Some(format!("{} {date}", words.daily)),
        Deal::Puzzle {
            date: Some(date), ..
        } => Some(format!("{} {date}", words.puzzle)),
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
    keeper: &mut Store,
    game: Game,
    meta: GameMeta,
    target: Option<Solution>,
) -> (End, Option<u64>) {
    let puzzle = matches!(meta.deal, Deal::Puzzle { .. });
    let cards = Cards {
        cursor: game.rules().board.columns as usize / 2,
        hint: None,
        advice: Vec::new(),
        explained: Vec::new(),
        tag: tag(&meta, ui.words),
        fresh: None,
        judged: Judged::new(if puzzle {
            Pending::Off
        } else {
            insight::start_par(&game)
        }),
        target: match target {
            Some(s) if puzzle => Pending::Ready(s),
            _ if puzzle => {
                let (rules, deck) = (game.rules_arc().clone(), game.deck().clone());
                Pending::start(move |_| Some(exact::solve(&rules, &deck)))
            }
            _ => Pending::Off,
        },
        lines: Vec::new(),
        event: None,
    };
    let (end, mut cards) = solo::play(ui, keeper, game, meta, cards);
    (end, cards.judged.par_now())
}

/// How many of the best moves the second press of the hint key shows (fewer where the screen
/// has no room: see the cards screen).
const EXPLAINED: usize = 3;

/// Plays a move (shown in motion when animations are on), or says why it cannot be made.
fn make(s: &mut Kept<Game>, mv: Move) {
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
            // The news and the hand change when the move has played out, not before.
            animate(s, &before, ahead, &turn);
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
    s: &Kept<Game>,
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
        lay_out_cards(
            &screen(s, v, Some(f)),
            s.ui.words,
            v.theme,
            v.width,
            v.height,
        )
    });
}

/// A puzzle's news with the rest of its deck after it (the cards beyond those the panel shows):
/// every card of a puzzle is known from the start. `None` for other deals.
fn with_rest(s: &Kept<Game>) -> Option<Vec<Note>> {
    if !matches!(s.meta.deal, Deal::Puzzle { .. }) {
        return None;
    }
    let words = s.ui.words;
    let played = s.game.moves().len() + s.game.visible().len();
    let rest = s.game.deck().get(played..).unwrap_or_default();
    let mut notes = s.notes.clone();
    if !rest.is_empty() {
        let cards: Vec<String> = rest.iter().map(|&c| words.card(c)).collect();
        notes.push(Note::new(
            format!("{} {}", words.puzzle_then, cards.join(" ")),
            Tone::Dim,
        ));
    }
    Some(notes)
}

/// The screen of the game as it is, or with one frame of a move drawn over it.
fn screen<'a>(s: &'a Kept<Game>, v: View, frame: Option<&'a Frame>) -> Screen<'a> {
    Screen {
        game: &s.game,
        best: s.best,
        cursor: Some(s.extra.cursor),
        hint: s.extra.hint,
        explained: &s.extra.explained,
        tag: s.extra.tag.clone(),
        notes: &s.notes,
        overlay: v.overlay,
        player: Player::Human,
        prompt_line: v.prompt_line,
        frame,
        fresh: s.extra.fresh,
        played_secs: Some(s.played_secs()),
        daily: matches!(s.meta.deal, Deal::Daily { .. }),
        insight: &s.extra.lines,
    }
}

impl OnePlayer for Game {
    type Extra = Cards;

    fn action(key: &Key) -> Action {
        action(key)
    }

    fn undo(&mut self, extra: &mut Cards) -> bool {
        extra.forget_hint();
        extra.fresh = None;
        Game::undo(self)
    }

    fn lost(&self) -> bool {
        Ending::of(self) == Ending::Lost
    }

    fn result_shown(s: &mut Kept<Self>) {
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
    fn open_mistake(s: &mut Kept<Self>) -> bool {
        if let Pending::Ready(line) = &s.extra.target {
            // A puzzle's: the solver's line, move by move.
            let mut solved = Game::new(s.game.rules_arc().clone(), s.game.deck().clone());
            for &mv in &line.moves {
                if solved.play(mv).is_err() {
                    break;
                }
            }
            show_replay(s.ui, &Solo(solved, None), 0);
            return true;
        }
        let Some(a) = s.extra.judged.review() else {
            return false;
        };
        let Some((n, _)) = a.mistake else {
            return false;
        };
        let reel = Annotated::reviewed(s.game.clone(), &a.moves, a.tolerance, s.best);
        // At the mistake itself: `move 16 of N` with its rating, as the result screen names it
        // (it opened on the move before, `move 15`).
        show_replay(s.ui, &reel, n);
        true
    }

    fn result_poll(s: &mut Kept<Self>) -> (bool, bool) {
        let words = s.ui.words;
        let score = s.game.position().score;
        let (changed, more) = s.extra.judged.poll(words, score);
        let came = s.extra.target.poll();
        let mut lines = match &s.extra.target {
            Pending::Computing(..) => vec![words.target_computing.to_string()],
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

    fn lay_out(s: &Kept<Self>, v: View) -> Laid {
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
                v.width,
                v.height,
            ));
        }
        let rest = with_rest(s);
        let mut shown = screen(s, v, None);
        if let Some(notes) = &rest {
            shown.notes = notes;
        }
        lay_out_cards(&shown, s.ui.words, v.theme, v.width, v.height)
    }

    /// A click on a column places the card there, and a click on the card in hand discards it
    /// where the rules have discards; the pointer over a column highlights it, as the arrows do.
    /// Where the columns and the hand are comes from the layout the screen is drawn with.
    fn mouse(s: &mut Kept<Self>, m: Mouse) -> Option<Action> {
        if s.ui.look.get() == Look::Log {
            return None;
        }
        let (width, height) = crate::ui::term::size(&s.ui.term);
        let view = View::plain(Overlay::None, width, height);
        let at = columns_at(&screen(s, view, None), s.ui.words, width, height)?;
        click(&at, m, s.extra.cursor, s.game.rules().has_discards())
    }

    fn act(s: &mut Kept<Self>, act: Action) {
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
                s.extra.explained = review::explanation(&s.extra.advice, &words.explain);
                s.notes.clear();
            }
            Action::Hint => {
                let game = s.game.clone();
                let Some(advice) = insight::unless_stopped(&|| s.ui.signals.stop(), move || {
                    review::explain(&game, EXPLAINED)
                }) else {
                    return; // A stop signal: the game loop leaves, saving the game.
                };
                let hint = advice.first().map(|&(m, _)| m);
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
            // The shared loop and [`Kept`] handle the others; a slide is not a card game key.
            _ => {}
        }
    }
}
