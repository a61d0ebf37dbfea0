//! The game screen as lines of text: a pure function of what is on screen and the terminal size.
//!
//! Nothing here touches the terminal, so every screen can be checked in a test (with colour off
//! the lines are plain text; see the snapshots in `cards/snapshots/`). The game loop, autoplay
//! and the tests all build a [`Screen`] and call [`render`].
//!
//! Layout: the columns stand side by side, top card first and the tail (where the next card
//! lands) at the bottom, with the column numbers, the fill (`5/7`) and a marker row under them.
//! The card in hand and the next cards sit in a panel on the right when there is room, else on a
//! line under the board. The first layout that fits is used, from roomy (cards up to five rows
//! tall and three times as wide as their number, the hand as large, in a big window) to compact
//! (narrow one-row cards, no blank lines), and the result is centred in the window, so the
//! board fills a large terminal instead of sitting in its corner; when none fits, the screen
//! says how large the terminal must be.
//!
//! A frame of an animation (`ui::widgets::anim`) is drawn by the same code: it only
//! replaces the moving column's cells and puts the floating points under it, so a frame can never
//! be laid out differently from the screen it leads to. When the game is over the screen is the
//! result page (outcome, the game's facts, the final board in small, the choices).
//!
//! Here is the layout: which sizes to try and where the parts go. The parts are drawn in the
//! sub-modules: `board` (the columns, their numbers, fill and markers), `hand` (the card in hand
//! and the next ones), `pages` (the help, the result page, the insight lines).

use crate::cards::card::Card;
use crate::cards::engine::{Game, Move};
use crate::ui::kit::{
    Canvas, Frame, Note, Overlay, Theme, Tone, UNBOUNDED, Words, best_text, centre_offset_on,
    centre_on, fill, first_fit, fit, news, or_too_small, pack, pair,
};

mod board;
mod hand;
mod pages;

use board::{board, face, face_rows, side_by_side};
use hand::{hand_line, hand_on_line, panel, rest_lines};
use pages::{help, result};
pub(crate) use pages::{insight_lines, key_lines, rules_keys};

/// Who is playing, which decides the footer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Player {
    Human,
    Bot,
}

/// Everything the screen shows.
pub(crate) struct Screen<'a> {
    pub game: &'a Game,
    pub best: Option<u64>,
    /// The highlighted column (0-based), for the arrow keys.
    pub cursor: Option<usize>,
    pub hint: Option<Move>,
    /// The explained hint (the hint key pressed twice): the best moves, each with what it gives
    /// up; shown in place of the news and the footer, as many as fit.
    pub explained: &'a [String],
    /// Shown after the rules name in the title (the daily date, the bot's name).
    pub tag: Option<String>,
    pub notes: &'a [Note],
    pub overlay: Overlay,
    pub player: Player,
    /// Leave the last line empty (a prompt goes there).
    pub prompt_line: bool,
    /// The frame of a move being animated, drawn over its column.
    pub frame: Option<&'a Frame>,
    /// The column whose tail was just placed or made: marked until the next move.
    pub fresh: Option<usize>,
    /// Seconds since the game started, for the result screen.
    pub played_secs: Option<u64>,
    /// A daily deal: the best score is of the day's cards, not of every game of the rules.
    pub daily: bool,
    /// Par and accuracy for the result screen (`insight::items`).
    pub insight: &'a [String],
    /// A puzzle's goal: its target in place of the best score, its whole deck in view, the
    /// result judged by the target. `None` for any other game.
    pub goal: Option<Goal>,
    /// Par of this deal (what the best bot scores on it seeing what the player sees), once it
    /// was worked out: the score to beat, shown beside the best. `None` for a puzzle (its
    /// target is its goal) and until par is known.
    pub par: Option<u64>,
}

/// A puzzle's goal as the screen shows it (see [`crate::deal::puzzle`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Goal {
    /// The target, once worked out.
    pub target: Option<crate::deal::puzzle::Target>,
    /// The best score the moves so far still allow, once worked out.
    pub reach: Option<u64>,
}

impl<'a> Screen<'a> {
    /// The screen of `game` as a player sees it and nothing more: no best score, highlight,
    /// hint, notes or overlay, the whole window used, no frame in motion. A site says what it
    /// shows besides (`Screen { best, notes, ..Screen::of(game) }`), so a new field is one
    /// default here, not a line at every site.
    pub(crate) fn of(game: &'a Game) -> Screen<'a> {
        Screen {
            game,
            best: None,
            cursor: None,
            hint: None,
            explained: &[],
            tag: None,
            notes: &[],
            overlay: Overlay::None,
            player: Player::Human,
            prompt_line: false,
            frame: None,
            fresh: None,
            played_secs: None,
            daily: false,
            insight: &[],
            goal: None,
            par: None,
        }
    }

    /// The cards in view, the hand first: during a move's frames, those before the move.
    fn visible(&self) -> &[Card] {
        match self.frame.and_then(|f| f.before.as_ref()) {
            Some((cards, _)) => cards,
            None => self.game.visible(),
        }
    }

    /// The cards left: during a move's frames, as many as before the move.
    fn cards_left(&self) -> usize {
        match self.frame.and_then(|f| f.before.as_ref()) {
            Some((_, left)) => *left,
            None => self.game.cards_left(),
        }
    }
}

/// One way of laying out the screen.
#[derive(Clone, Copy, Debug)]
struct CardLayout {
    /// Display width of a card face.
    face: usize,
    /// Text rows of a card face (tall cards when there is room).
    rows: usize,
    gap: usize,
    margin: usize,
    /// Hand and next cards on the right of the board (else on a line under it).
    panel: bool,
    /// Blank lines between the parts: 2 around everything, 1 around the board only, 0 none.
    airy: u8,
    /// No marker row: the hint and a move's points take the fill row's place in their column
    /// (the highlight is on the numbers row, a full column's fill in its colour says it is
    /// full), for columns too tall for the window otherwise (solitaire's 8 at 40×15).
    fold: bool,
}

impl CardLayout {
    /// The layouts to try, roomiest first, for card labels of `label` columns and fills of
    /// `fill` columns (`7/7`): in a large window tall, wide cards with the hand and next cards
    /// (as large) on the right; then one-row cards a little wider than their number; then the
    /// hand under the board; then no blank lines; then narrower cards; then cards just as wide
    /// as their label. The sizes grow in steps so that each window size gets the largest board
    /// it can hold, and a board twice as wide as the smallest is still a board of cards, not
    /// of empty space.
    fn all(label: usize, fill: usize) -> Vec<CardLayout> {
        let wide = (label + 2).max(6);
        let layout = |face, rows, gap, margin, panel, airy| CardLayout {
            face,
            rows,
            gap,
            margin,
            panel,
            airy,
            fold: false,
        };
        let mut all: Vec<CardLayout> = [
            (wide + 16, 5, 4),
            (wide + 12, 4, 3),
            (wide + 10, 3, 3),
            (wide + 6, 3, 2),
            (wide + 4, 3, 2),
            (wide + 4, 2, 2),
            (wide + 2, 2, 2),
        ]
        .into_iter()
        .map(|(face, rows, gap)| layout(face, rows, gap, 2, true, 2))
        .collect();
        all.extend([
            layout(wide + 2, 1, 2, 2, true, 2),
            layout(wide, 1, 2, 2, true, 2),
            layout(wide, 1, 2, 2, false, 2),
            // A window of about 60×20: the title and two lines of news, hand under the board.
            layout(wide, 1, 2, 2, false, 1),
            layout(wide, 1, 2, 2, true, 0),
            layout(wide, 1, 2, 2, false, 0),
            layout((label + 1).max(fill), 1, 1, 1, false, 0),
            layout(label.max(fill), 1, 1, 0, false, 0),
            CardLayout {
                fold: true,
                ..layout(label.max(fill), 1, 1, 0, false, 0)
            },
        ]);
        all
    }
}

/// The screen on canvas `c`: at most its height in lines, none wider than its width in display
/// columns.
pub(crate) fn render(s: &Screen, c: Canvas) -> Vec<String> {
    or_too_small(lay_out_cards(s, c), c)
}

/// The lines of the first layout that fits, or the smallest size that would fit.
pub(crate) fn lay_out_cards(s: &Screen, c: Canvas) -> Result<Vec<String>, (usize, usize)> {
    fit_cards(s, c).map(|(lines, _)| lines)
}

/// Where the columns of a laid-out card screen are drawn, to tell which one the mouse is on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Columns {
    /// The screen column where the first card column starts, and the row of its top card.
    left: usize,
    top: usize,
    /// Rows of the board (cards, numbers, fill, marks).
    rows: usize,
    face: usize,
    gap: usize,
    count: usize,
    /// The card in hand: its first and last screen row and column (both included).
    hand: Option<Rect>,
}

/// A rectangle of screen cells: first row, last row, first column, last column.
type Rect = (usize, usize, usize, usize);

impl Columns {
    /// How many of the block's lines are the board (the hand's lines follow).
    pub(crate) fn rows(&self) -> usize {
        self.rows
    }

    /// The card column (0-based) drawn at screen column `x`, row `y`; the gap between two
    /// columns belongs to neither.
    pub(crate) fn at(&self, x: usize, y: usize) -> Option<usize> {
        let dx = x.checked_sub(self.left)?;
        let dy = y.checked_sub(self.top)?;
        let i = dx / (self.face + self.gap);
        (dy < self.rows && i < self.count && dx % (self.face + self.gap) < self.face).then_some(i)
    }

    /// Whether screen column `x`, row `y` is on the card in hand (its label included).
    pub(crate) fn on_hand(&self, x: usize, y: usize) -> bool {
        self.hand.is_some_and(|(top, bottom, left, right)| {
            (top..=bottom).contains(&y) && (left..=right).contains(&x)
        })
    }

    /// The same columns drawn `dx` screen columns right and `dy` rows down (a board placed
    /// inside a larger screen: the duel's).
    pub(crate) fn shifted(self, dx: usize, dy: usize) -> Columns {
        Columns {
            left: self.left + dx,
            top: self.top + dy,
            hand: self
                .hand
                .map(|(t, b, l, r)| (t + dy, b + dy, l + dx, r + dx)),
            ..self
        }
    }
}

/// Where the columns are on the screen [`lay_out_cards`] draws (`None`: it shows no board, or
/// the window is too small).
pub(crate) fn columns_at(s: &Screen, c: Canvas) -> Option<Columns> {
    fit_cards(s, c.plain()).ok()?.1
}

/// [`lay_out_cards`], with where its columns are.
fn fit_cards(s: &Screen, c: Canvas) -> Result<(Vec<String>, Option<Columns>), (usize, usize)> {
    let (words, width, height) = (c.words, c.width, c.height);
    // The layout tried last (the one that fit, when one did) and where its board was.
    let tried: std::cell::Cell<Option<(CardLayout, Option<BoardAt>, usize)>> =
        std::cell::Cell::new(None);
    let label = label_width(s.game, words);
    let fill_w = {
        let h = s.game.rules().board.height;
        format!("{h}/{h}").len()
    };
    let build = |l: CardLayout, c: Canvas| {
        let board_at = std::cell::Cell::new(None);
        let lines = screen(s, c, l, &board_at);
        let need_w = board_width(s, l) + if l.panel { panel_width(s, l, words) } else { 0 };
        tried.set(Some((l, board_at.get(), held_width(s, l, words))));
        (lines, need_w)
    };
    // The help and the result are text to read: paged when taller than the window.
    let paged = matches!(s.overlay, Overlay::Help | Overlay::Result { .. });
    let laid = first_fit(&CardLayout::all(label, fill_w), build, paged, c);
    let lines = laid?;
    // Centred as if the hand and the next cards were all there: the board does not move when
    // they run out at the end of the deck (a replay's last step moved it three columns once).
    let block = tried.get().map_or(0, |(_, _, held)| held);
    let (left, top) = centre_offset_on(&lines, block, width, height);
    let columns = tried.get().and_then(|(l, at, _)| {
        let at = at?;
        Some(Columns {
            left: left + l.margin,
            top: top + at.row,
            rows: at.rows,
            face: l.face,
            gap: l.gap,
            count: s.game.rules().board.columns as usize,
            hand: at
                .hand
                .map(|(t, b, x0, x1)| (top + t, top + b, left + x0, left + x1)),
        })
    });
    Ok((centre_on(lines, block, width, height), columns))
}

/// The widest card label these rules can show: the largest number below `clear_value` (no
/// dealt card reaches it, the rules and deck files are checked for that), or the word for bomb
/// and wild.
fn label_width(game: &Game, words: &Words) -> usize {
    let clear = game.rules().board.clear_value.value().unwrap_or(2048);
    (clear / 2)
        .to_string()
        .len()
        .max(console::measure_text_width(words.bomb))
        .max(console::measure_text_width(words.wild))
}

fn board_width(s: &Screen, l: CardLayout) -> usize {
    let n = s.game.rules().board.columns as usize;
    l.margin + n * l.face + n.saturating_sub(1) * l.gap
}

fn panel_width(s: &Screen, l: CardLayout, words: &Words) -> usize {
    let next = s.game.rules().deck.lookahead.saturating_sub(1) as usize;
    let cards = l.face + next * (l.face + 1);
    4 + cards
        .max(console::measure_text_width(words.next) + 1 + next * (l.face + 1))
        .max(console::measure_text_width(words.none_left))
}

/// How wide the board and the panel beside it are drawn while the panel holds the hand and every
/// next card (0 when no board is shown): what the screen is centred on.
fn held_width(s: &Screen, l: CardLayout, words: &Words) -> usize {
    if s.overlay != Overlay::None || !l.panel {
        return 0;
    }
    let w = console::measure_text_width;
    let next = s.game.rules().deck.lookahead.saturating_sub(1) as usize;
    let cards = (next * (l.face + 1)).saturating_sub(1).max(l.face);
    let labels = w(words.hand).max(w(words.next)).max(w(words.none_left));
    board_width(s, l) + 4 + cards.max(labels)
}

/// The row where a screen's board starts and how many rows it has (`None`: no board shown).
/// Where a laid-out screen drew its board (its first row and how many) and the card in hand
/// (rows and columns, both ends included), before the screen is centred in the window.
#[derive(Clone, Copy, Debug)]
struct BoardAt {
    row: usize,
    rows: usize,
    hand: Option<Rect>,
}

/// The screen in layout `l`; `board_at` is set to where the board and the card in hand are.
fn screen(
    s: &Screen,
    c: Canvas,
    l: CardLayout,
    board_at: &std::cell::Cell<Option<BoardAt>>,
) -> Vec<String> {
    let (words, theme, width) = (c.words, c.theme, c.width);
    let mut out = Vec::new();
    if l.airy > 0 {
        out.push(title(s, words, theme, width));
    }
    if l.airy > 1 {
        out.push(String::new());
    }
    if matches!(s.overlay, Overlay::Result { .. }) {
        out.extend(result(s, words, theme, l, width));
        if s.prompt_line {
            out.push(String::new());
        }
        return out;
    }
    out.extend(stats(s, words, theme, l, width));
    if l.airy > 0 {
        out.push(String::new());
    }
    if s.overlay == Overlay::Help {
        out.extend(help(s, words, theme, width));
        return out;
    }
    let at = board_and_hand(s, c, l, &mut out);
    out.extend(rest_lines(s, words, theme, l, width));
    board_at.set(Some(at));
    if l.airy > 0 {
        out.push(String::new());
    }
    out.extend(below_board(s, c, l));
    out
}

/// The board with the panel (the hand and the next cards) beside it, or the hand on a line
/// under it, appended to `out`: where they were drawn.
fn board_and_hand(s: &Screen, c: Canvas, l: CardLayout, out: &mut Vec<String>) -> BoardAt {
    let (words, theme) = (c.words, c.theme);
    let margin = " ".repeat(l.margin);
    let board = board(s, words, theme, l);
    let panel = if l.panel {
        panel(s, words, theme, l)
    } else {
        Vec::new()
    };
    let bw = board_width(s, l);
    // The hand is the panel's label and first card (the label and the rows of its face).
    let hand_rows = if s.visible().is_empty() {
        2
    } else {
        1 + l.rows
    };
    let mut at = BoardAt {
        row: out.len(),
        rows: board.len(),
        hand: None,
    };
    for i in 0..board.len().max(panel.len()) {
        let row = board.get(i).map_or("", String::as_str);
        let mut line = format!("{margin}{row}");
        if let Some(p) = panel.get(i) {
            let used = console::measure_text_width(&line);
            line.push_str(&" ".repeat(bw.saturating_sub(used) + 4));
            if i < hand_rows {
                let x0 = console::measure_text_width(&line);
                let x1 = x0 + console::measure_text_width(p).max(1) - 1;
                let (t, b, l0, l1) = at.hand.unwrap_or((out.len(), out.len(), x0, x1));
                at.hand = Some((t, b.max(out.len()), l0.min(x0), l1.max(x1)));
            }
            line.push_str(p);
        }
        out.push(line.trim_end().to_string());
    }
    if !l.panel {
        let line = hand_line(s, words, theme, l, c.width);
        at.hand = hand_on_line(&line, out.len());
        out.extend(line);
    }
    at
}

/// Under the board: the news (or the explained hint in its place and the footer's), then the
/// keys, or as many empty lines where a question is asked.
fn below_board(s: &Screen, c: Canvas, l: CardLayout) -> Vec<String> {
    let (words, theme, width) = (c.words, c.theme, c.width);
    let margin = " ".repeat(l.margin);
    let shown = if l.airy > 0 { 2 } else { 1 };
    if !s.explained.is_empty() && !s.prompt_line && s.overlay == Overlay::None {
        return explained(s, words, l, &margin, width, shown);
    }
    let mut out = news(s.notes, theme, &margin, width, shown);
    if s.overlay == Overlay::None {
        if l.airy > 1 {
            out.push(String::new());
        }
        let foot = footer(s, words, l, &margin, width);
        if s.prompt_line {
            // A question takes the keys' place: as many lines, the last one its own, so the
            // board above stays where it was (it moved down a row when the question came).
            out.extend(vec![String::new(); foot.len().max(1)]);
        } else {
            out.extend(foot.iter().map(|line| theme.paint(line, Tone::Dim)));
        }
    } else if s.prompt_line {
        out.push(String::new());
    }
    out
}

/// The explained hint on the rows of the news and the footer (so the screen keeps its height):
/// the moves packed `column 2: best · column 4: -3.1 points expected`, as many whole ones as
/// those rows hold, and at least the best and the next on a row each (40 columns hold either).
fn explained(
    s: &Screen,
    words: &Words,
    l: CardLayout,
    margin: &str,
    width: usize,
    shown: usize,
) -> Vec<String> {
    let mut rows = shown + footer(s, words, l, margin, width).len();
    if l.airy > 1 {
        rows += 1;
    }
    let mut items = s.explained.to_vec();
    loop {
        let lines = pack(&items, " · ", margin, width);
        if lines.len() <= rows || items.len() <= 2 {
            let mut lines: Vec<String> = lines.into_iter().take(rows).collect();
            lines.resize(rows, String::new());
            return lines;
        }
        items.pop();
    }
}

fn title(s: &Screen, words: &Words, theme: Theme, width: usize) -> String {
    let mut t = format!(
        "  {}  {}",
        theme.paint(words.title, Tone::Title),
        theme.paint(
            &format!("{} {}", words.rules, s.game.rules().name),
            Tone::Label
        )
    );
    if let Some(tag) = &s.tag {
        t.push_str(&format!("  {}", theme.paint(tag, Tone::Info)));
    }
    fit(&t, width)
}

fn best(s: &Screen) -> String {
    best_text(s.best)
}

fn stats(s: &Screen, words: &Words, theme: Theme, l: CardLayout, width: usize) -> Vec<String> {
    let game = s.game;
    let p = game.position();
    // During a move's animation the score counts up with its chain.
    let score = s.frame.map_or(p.score, |f| f.score);
    let mut items = vec![pair(theme, words.score, &score.to_string())];
    if let Some(goal) = s.goal {
        // A puzzle: the target and how far the moves so far can still go, in place of the
        // best score of other deals; its cards left are all on the screen.
        items.extend(pages::goal_items(goal, words, theme));
    } else {
        items.push(pair(theme, words.best, &best(s)));
        // The score to beat on this deal, as a puzzle shows its target.
        items.extend(s.par.map(|p| pair(theme, words.par, &p.to_string())));
        items.push(pair(theme, words.cards_left, &s.cards_left().to_string()));
    }
    if game.rules().has_discards() {
        items.push(pair(theme, words.discards, &p.discards.to_string()));
    }
    if s.goal.is_none() && s.best.is_some_and(|b| p.score > b) && s.overlay == Overlay::None {
        items.push(theme.paint(words.new_best, Tone::Good));
    }
    let sep = if l.airy > 0 { "    " } else { "  " };
    pack(&items, sep, &" ".repeat(l.margin), width)
}

/// One player's columns and hand as the duel screen draws them, the `tight`-th way (0 is the
/// roomiest; `None` past the tightest): the same columns as the card screen, the hand on a line
/// under them; with `fold`, no marker row (as the card screen's tightest layout). With where
/// its columns and hand are in these lines, for the mouse.
pub(crate) fn card_block(
    game: &Game,
    words: &Words,
    theme: Theme,
    tight: usize,
    fold: bool,
    cursor: Option<usize>,
) -> Option<(Vec<String>, Columns)> {
    let h = game.rules().board.height;
    let layouts = CardLayout::all(label_width(game, words), format!("{h}/{h}").len());
    let n = layouts.len();
    // The distinct one-row card widths and gaps of the card screen's layouts.
    let l = layouts[*[n - 8, n - 3, n - 2].get(tight)?];
    let l = CardLayout {
        margin: 0,
        fold,
        ..l
    };
    let s = Screen {
        cursor,
        ..Screen::of(game)
    };
    let mut rows = board(&s, words, theme, l);
    let hand = hand_line(&s, words, theme, l, usize::MAX / 2);
    let at = Columns {
        left: 0,
        top: 0,
        rows: rows.len(),
        face: l.face,
        gap: l.gap,
        count: game.rules().board.columns as usize,
        hand: hand_on_line(&hand, rows.len()),
    };
    rows.extend(hand);
    Some((rows, at))
}

/// The keys under the board, on lines of `width` after `margin`, split only between two keys.
/// Roomy layouts say each key in full; the tight ones (a narrow window) keep every key with one
/// word each on one line, else the keys alone, so undo and hint are never dropped.
fn footer(s: &Screen, words: &Words, l: CardLayout, margin: &str, width: usize) -> Vec<String> {
    let n = s.game.rules().board.columns;
    let discards = s.game.rules().has_discards();
    let full = match s.player {
        Player::Bot => words.bot_footer.to_string(),
        Player::Human if l.airy == 0 => return tight_footer(words, n, discards, margin, width),
        Player::Human if discards => {
            format!("{}  {}", fill(words.footer, &[&n]), words.footer_discard)
        }
        Player::Human => fill(words.footer, &[&n]),
    };
    // Split at the double spaces, so no key's text is cut in two.
    let keys: Vec<String> = full.split("  ").map(String::from).collect();
    pack(&keys, "  ", margin, width)
}

/// [`footer`] in a tight layout: `1-5 u undo h hint r new q quit ? help` when it fits on one
/// line, else `1-5 u h r q ? help`, packed. Measured unbounded ([`UNBOUNDED`]), it is the
/// narrower, so the size the game asks for is not raised by it.
fn tight_footer(words: &Words, n: u8, discards: bool, margin: &str, width: usize) -> Vec<String> {
    let mut keys: Vec<String> = fill(words.footer_short, &[&n])
        .split("  ")
        .map(String::from)
        .collect();
    if discards {
        keys.insert(
            keys.len().saturating_sub(2),
            words.footer_short_discard.into(),
        );
    }
    // The keys alone, but for help's, which says where the others are explained.
    let bare: Vec<String> = keys
        .iter()
        .map(|k| match k.split_once(' ') {
            Some((key, _)) if key != "?" => key.to_string(),
            _ => k.clone(),
        })
        .collect();
    let one_line = |keys: &[String]| console::measure_text_width(margin) + width_of(keys) <= width;
    if width < UNBOUNDED && one_line(&keys) {
        return pack(&keys, " ", margin, width);
    }
    pack(&bare, " ", margin, width)
}

/// The width of `keys` on one line, a space between two.
fn width_of(keys: &[String]) -> usize {
    keys.iter()
        .map(|k| console::measure_text_width(k))
        .sum::<usize>()
        + keys.len().saturating_sub(1)
}

#[cfg(test)]
mod puzzle_tests;
#[cfg(test)]
mod tests;
