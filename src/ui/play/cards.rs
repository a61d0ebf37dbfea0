//! The card game on the screen: what its keys do and how it is kept (through
//! [`crate::store::Keeper`]). The loop itself (signals, resizes, quitting, help, the
//! result) is the one all games share ([`session`](super::session)), and saving, undo and restart
//! are the one-player games' ([`solo`](super::solo)). Every move is checked by the engine first
//! ([`Game::play`] refuses illegal ones), so a key can only ever produce a move or a short message.

use console::Key;

use crate::cards::engine::{Clear, Game, Move, MoveError, Turn};
use crate::cards::summary::Ending;
use crate::cards::text;
use crate::store::{Deal, GameMeta, Keepers};
use crate::strategy;

use crate::ui::kit::{Frame, Laid, Note, Overlay, Stamp, Tone, View, Words, fill};
use crate::ui::screens::{CardLog, Event, Player, Screen, columns_at, lay_out_cards, log_cards};
use crate::ui::term::{Act, Action, Look, Mouse, Ui, action};
use crate::ui::widgets::{card_frames, show_frames};

use super::insight::{self, Accuracy, Pending};
use super::session::End;
use super::solo::{self, Kept, OnePlayer};

/// The notes describing what a move did: the chain with its points, then any clear.
pub(crate) fn describe(turn: &Turn, words: &Words) -> Vec<Note> {
    let mut notes = Vec::new();
    let col = match turn.mv {
        Move::Place(c) => c as usize + 1,
        Move::Discard => 0,
    };
    let chain = text::chain(turn)
        .replace("bomb", words.bomb)
        .replace("wild", words.wild);
    let first = match turn.mv {
        Move::Discard => Note::new(fill(words.discarded, &[&words.card(turn.card)]), Tone::Info),
        Move::Place(_) if chain.is_empty() => Note::new(
            fill(words.placed, &[&words.card(turn.card), &col]),
            Tone::Info,
        ),
        Move::Place(_) => Note::new(format!("{chain}  +{}", turn.points), Tone::Good),
    };
    notes.push(first);
    let mut second = match turn.cleared {
        Some(Clear::Value) => {
            // The chain's last step made the clear value.
            let made = turn.steps().last().map(|s| s.made.to_string());
            fill(words.cleared, &[&col, &made.unwrap_or_default()])
        }
        Some(Clear::Bomb) => fill(words.bombed, &[&col]),
        None => String::new(),
    };
    if turn.discards_gained > 0 {
        if !second.is_empty() {
            second.push_str("  ");
        }
        second.push_str(&fill(words.discards_back, &[&turn.discards_gained]));
    }
    if !second.is_empty() {
        let tone = if turn.cleared == Some(Clear::Bomb) {
            Tone::Bad
        } else {
            Tone::Good
        };
        notes.push(Note::new(second, tone));
    }
    notes
}

/// The message for a refused move.
pub(crate) fn refusal(e: MoveError, game: &Game, words: &Words) -> Note {
    let text = match e {
        MoveError::ColumnFull(n) => fill(words.column_full, &[&n]),
        MoveError::NoSuchColumn { columns, .. } => fill(words.no_such_column, &[&columns]),
        MoveError::NoDiscards if game.rules().has_discards() => words.no_discards.to_string(),
        MoveError::NoDiscards => words.discards_off.to_string(),
        MoveError::GameOver => words.hint_none.to_string(),
    };
    Note::new(text, Tone::Bad)
}

/// What the title says about the deal: the date of a daily deal.
fn tag(meta: &GameMeta, words: &Words) -> Option<String> {
    match &meta.deal {
        Deal::Daily { date, .. } => Some(format!("{} {date}", words.daily)),
        _ => None,
    }
}

/// The card game's own screen state: the highlighted column, the hinted move, the title's tag,
/// the column whose card was just placed or made.
pub(crate) struct Cards {
    cursor: usize,
    hint: Option<Move>,
    tag: Option<String>,
    fresh: Option<usize>,
    /// Par of this deal, worked out from the game's start.
    par: Pending<u64>,
    /// The review of the game as it ended, and the moves it reviewed.
    review: Pending<Accuracy>,
    reviewed: Option<Vec<Move>>,
    /// The result screen's lines about par and accuracy, as they are so far.
    insight: Vec<String>,
    /// What the last key did, for the log look, numbered so each key is logged once.
    event: Option<(u64, Event)>,
}

impl Cards {
    fn happened(&mut self, e: Event) {
        let n = self.event.map_or(0, |(n, _)| n + 1);
        self.event = Some((n, e));
    }
}

/// Plays `game` until it ends, the player leaves, or a signal stops it; returns how, and par of
/// its deal when it was worked out by then (it is never waited for).
pub(crate) fn play_cards(
    ui: &Ui,
    keeper: &mut dyn Keepers,
    game: Game,
    meta: GameMeta,
) -> (End, Option<u64>) {
    let cards = Cards {
        cursor: game.rules().board.columns as usize / 2,
        hint: None,
        tag: tag(&meta, ui.words),
        fresh: None,
        par: insight::start_par(&game),
        review: Pending::Off,
        reviewed: None,
        insight: Vec::new(),
        event: None,
    };
    let (end, mut cards) = solo::play(ui, keeper, game, meta, cards);
    cards.par.poll();
    let par = match cards.par {
        Pending::Ready(p) => Some(p),
        _ => None,
    };
    (end, par)
}

/// Plays a move (shown in motion when animations are on), or says why it cannot be made.
fn make(s: &mut Kept<Game>, mv: Move) {
    let before = *s.game.position();
    match s.game.play(mv) {
        Ok(turn) => {
            s.extra.hint = None;
            s.extra.fresh = match (turn.mv, turn.cleared) {
                (Move::Place(c), None) => Some(c as usize),
                _ => None,
            };
            s.notes = describe(&turn, s.ui.words);
            s.extra.happened(Event::Played(turn));
            s.save();
            animate(s, &before, &turn);
        }
        Err(e) => {
            s.notes = vec![refusal(e, &s.game, s.ui.words)];
            s.extra.happened(Event::Refused(e));
        }
    }
}

/// Shows the move `turn` that took `before` to the game's position, frame by frame, until it is
/// over or a key is pressed (the key is then read by the loop as usual).
fn animate(s: &Kept<Game>, before: &crate::cards::engine::Position, turn: &Turn) {
    if !s.ui.animated() {
        return;
    }
    let frames = card_frames(s.game.rules(), before, turn, s.game.position());
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

/// The screen of the game as it is, or with one frame of a move drawn over it.
fn screen<'a>(s: &'a Kept<Game>, v: View, frame: Option<&'a Frame>) -> Screen<'a> {
    Screen {
        game: &s.game,
        best: s.best,
        cursor: Some(s.extra.cursor),
        hint: s.extra.hint,
        tag: s.extra.tag.clone(),
        notes: &s.notes,
        overlay: v.overlay,
        player: Player::Human,
        prompt_line: v.prompt_line,
        frame,
        fresh: s.extra.fresh,
        played_secs: Some(s.played_secs(s.meta.started)),
        insight: &s.extra.insight,
    }
}

impl OnePlayer for Game {
    type Meta = GameMeta;
    type Extra = Cards;

    fn action(key: &Key) -> Action {
        action(key)
    }

    fn undo(&mut self, extra: &mut Cards) -> bool {
        extra.hint = None;
        extra.fresh = None;
        Game::undo(self)
    }

    fn lost(&self) -> bool {
        Ending::of(self) == Ending::Lost
    }

    fn best(&self, keeper: &dyn Keepers, meta: &GameMeta) -> Option<u64> {
        match &meta.deal {
            Deal::Daily { date, .. } => keeper.daily_best(self.rules(), date),
            _ => keeper.best(self.rules()),
        }
    }

    fn save(&self, keeper: &mut dyn Keepers, meta: &GameMeta) {
        keeper.save(self, meta);
    }

    fn forget(&self, keeper: &mut dyn Keepers, meta: &GameMeta) {
        keeper.forget(self, meta);
    }

    fn finish(&self, keeper: &mut dyn Keepers, meta: &GameMeta) -> bool {
        // A daily deal is measured against that deal's best, not the best of any game.
        let before = match &meta.deal {
            Deal::Daily { date, .. } => Some(keeper.daily_best(self.rules(), date)),
            _ => None,
        };
        let new_best = keeper.finish(self, meta, Ending::of(self));
        match before {
            Some(b) => b.map_or(self.position().score > 0, |b| self.position().score > b),
            None => new_best,
        }
    }

    fn result_shown(s: &mut Kept<Self>) {
        // A game taken back and ended again is reviewed again.
        let moves = s.game.moves();
        if s.extra.reviewed.as_deref() != Some(moves) {
            s.extra.reviewed = Some(moves.to_vec());
            s.extra.review = insight::start_review(&s.game);
        }
    }

    fn result_poll(s: &mut Kept<Self>) -> (bool, bool) {
        let came = s.extra.par.poll() | s.extra.review.poll();
        let items = insight::items(
            s.ui.words,
            s.game.position().score,
            &s.extra.par,
            &s.extra.review,
        );
        let changed = came || items != s.extra.insight;
        s.extra.insight = items;
        let coming = s.extra.par.computing() || s.extra.review.computing();
        (changed, coming)
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
        lay_out_cards(&screen(s, v, None), s.ui.words, v.theme, v.width, v.height)
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
        let (x, y) = (usize::from(m.x), usize::from(m.y));
        if m.act == Act::Press(0) && at.on_hand(x, y) && s.game.rules().has_discards() {
            return Some(Action::Discard);
        }
        let column = at.at(x, y)?;
        match m.act {
            Act::Press(0) => Some(Action::Place(column)),
            Act::Move | Act::Drag(_) if column != s.extra.cursor => Some(Action::Point(column)),
            _ => None,
        }
    }

    fn act(s: &mut Kept<Self>, act: Action) {
        let words = s.ui.words;
        let columns = s.game.rules().board.columns as usize;
        let cursor = s.extra.cursor;
        s.extra.fresh = None;
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
            Action::Hint => {
                let game = s.game.clone();
                let Some(hint) =
                    insight::unless_stopped(&|| s.ui.signals.stop(), move || strategy::hint(&game))
                else {
                    return; // A stop signal: the game loop leaves, saving the game.
                };
                s.extra.hint = hint;
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
