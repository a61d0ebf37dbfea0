//! The duel screen as lines of text: a pure function of the duel and the terminal size, like the
//! other screens, for either game (through [`DuelBoard`]).
//!
//! Whose turn it is must be impossible to miss: a line says it in the player's own colour, and
//! that player's board carries a `▶` mark and their colour (the mark is what remains without
//! colour). Both boards stand side by side when they fit, boards as roomy as the terminal
//! allows; otherwise the board of the player to move is drawn and the other player shrinks to
//! their name, score and turns under it.

use crate::cards::engine::Game;
use crate::classic::ClassicGame;
use crate::duel::{Duel, DuelResult, Playable};

use super::cards::{Columns, card_block};
use super::classic::{Below, Bottom, Tiles, grid, help_lines};
use crate::ui::kit::{
    Canvas, Note, Overlay, Theme, Tone, Words, centre, centre_offset, choices, fill, first_fit,
    fit, pack, pad, pair, widest, wrap,
};

/// What the duel screen says that depends on the game.
pub(crate) struct Texts {
    /// What "survived" counts: cards played, or moves.
    pub survived: &'static str,
    /// Beside the name of a player whose game ended won: the card game's whole deck played.
    pub done: &'static str,
    /// After the game's name in the title.
    pub tag: String,
    pub footer: String,
    /// The keys' help, only the keys that hold under these rules.
    pub help_keys: Vec<String>,
}

/// What the duel screens (two players at one terminal, or across two) need from one game: its
/// board, drawn several ways, its texts, and its figures in words.
pub(crate) trait DuelBoard: Playable {
    /// How many ways [`DuelBoard::body`] can draw a board.
    const WAYS: usize;
    /// How many columns the highlight moves over (none in classic).
    fn columns(&self) -> usize;
    /// The board, the `tight`-th way (0 the roomiest); `dense` as small as it can be drawn
    /// that way. With where its columns are in these lines, when it has columns to click.
    fn body(
        &self,
        words: &Words,
        theme: Theme,
        tight: usize,
        dense: bool,
        cursor: Option<usize>,
    ) -> Option<(Vec<String>, Option<Columns>)>;
    /// What the screen says about a duel at this game.
    fn texts(&self, words: &Words) -> Texts;
    /// What the screen says of the game besides its board: score, cards left (classic: moves)
    /// and the highest card or tile, each in words.
    fn brief(&self, words: &Words) -> [String; 3];
    /// Whether its rules allow discards (a click on the card in hand discards; the footer
    /// offers `d`).
    fn discards(&self) -> bool {
        false
    }
    /// A move's word as the log shows it: the key the player presses for it.
    fn shown(word: &str) -> String {
        word.to_string()
    }
}

/// The highest card or tile as the figures show it: a dash until there is one.
fn highest_shown(highest: u64) -> String {
    if highest == 0 {
        "-".to_string()
    } else {
        highest.to_string()
    }
}

impl DuelBoard for Game {
    const WAYS: usize = 3;

    fn columns(&self) -> usize {
        self.rules().board.columns as usize
    }

    fn body(
        &self,
        words: &Words,
        theme: Theme,
        tight: usize,
        dense: bool,
        cursor: Option<usize>,
    ) -> Option<(Vec<String>, Option<Columns>)> {
        card_block(self, words, theme, tight, dense, cursor).map(|(b, at)| (b, Some(at)))
    }

    fn texts(&self, words: &Words) -> Texts {
        Texts {
            survived: words.cards_played,
            done: words.deck_played_mark,
            tag: format!("{}  {} {}", words.duel_tag, words.rules, self.rules().name),
            footer: fill(words.duel_footer_cards, &[&self.columns()]),
            help_keys: super::cards::rules_keys(words.duel_help_keys_cards, self.rules()).collect(),
        }
    }

    fn brief(&self, words: &Words) -> [String; 3] {
        [
            format!("{} {}", words.score, self.score()),
            format!("{} {}", words.cards_left, self.cards_left()),
            format!("{} {}", words.highest, highest_shown(self.highest())),
        ]
    }

    fn discards(&self) -> bool {
        self.rules().has_discards()
    }
}

impl DuelBoard for ClassicGame {
    const WAYS: usize = 4;

    fn columns(&self) -> usize {
        0
    }

    fn body(
        &self,
        _: &Words,
        theme: Theme,
        tight: usize,
        _: bool,
        _: Option<usize>,
    ) -> Option<(Vec<String>, Option<Columns>)> {
        let tiles = *Tiles::all(self.board()).get(tight)?;
        Some((grid(self.board(), theme, tiles), None))
    }

    fn texts(&self, words: &Words) -> Texts {
        let n = self.board().size();
        Texts {
            survived: words.moves,
            // A classic game in a duel ends only stuck.
            done: words.game_over_mark,
            tag: format!("{}  {}", words.duel_tag, fill(words.classic_tag, &[&n, &n])),
            footer: words.duel_footer_classic.to_string(),
            help_keys: words
                .duel_help_keys_classic
                .iter()
                .map(ToString::to_string)
                .collect(),
        }
    }

    fn brief(&self, words: &Words) -> [String; 3] {
        [
            format!("{} {}", words.score, Playable::score(self)),
            format!("{} {}", words.moves, self.move_count()),
            format!("{} {}", words.highest_tile, highest_shown(self.highest())),
        ]
    }

    /// A slide as the arrow key that makes it (the word is the protocol's letter).
    fn shown(word: &str) -> String {
        let arrow = match word {
            "u" | "up" => "↑",
            "d" | "down" => "↓",
            "l" | "left" => "←",
            "r" | "right" => "→",
            other => other,
        };
        arrow.to_string()
    }
}

/// Everything the duel screen shows.
pub(crate) struct DuelScreen<'a, G> {
    pub duel: &'a Duel<G>,
    pub names: &'a [String; 2],
    /// Each player's highlighted column (card duels).
    pub cursors: [usize; 2],
    pub notes: &'a [Note],
    pub overlay: Overlay,
    /// Leave the last line empty (a prompt goes there).
    pub prompt_line: bool,
    /// The prompt is a question in play (giving up): the keys' lines keep their room, so the
    /// boards stay where they were.
    pub asking: bool,
    /// The player who gave the duel up (its result screen then says the other wins).
    pub gave_up: Option<usize>,
}

/// One way of laying out the screen.
#[derive(Clone, Copy, Debug)]
struct DuelLayout {
    /// Which of the game's board drawings ([`DuelBoard::body`]), 0 the roomiest.
    tight: usize,
    side_by_side: bool,
    airy: bool,
    /// The tightest: no title (the turn line says whose duel it is), each player's name and
    /// figures on one line.
    dense: bool,
}

const MARGIN: &str = "  ";
const GAP: usize = 4;

/// A player's colour.
pub(crate) fn tone(player: usize) -> Tone {
    if player == 0 {
        Tone::Player1
    } else {
        Tone::Player2
    }
}

/// The screen on canvas `c`, or the smallest size that would fit.
pub(crate) fn lay_out_duel<G: DuelBoard>(
    s: &DuelScreen<G>,
    c: Canvas,
) -> Result<Vec<String>, (usize, usize)> {
    fit_duel(s, c).map(|(lines, _)| lines)
}

/// Where the columns of the player to move are on the screen [`lay_out_duel`] draws (`None`:
/// classic, the duel decided, or the window too small): the card screen's own hit-testing, on
/// the board as the duel draws it.
pub(crate) fn duel_columns_at<G: DuelBoard>(s: &DuelScreen<G>, c: Canvas) -> Option<Columns> {
    fit_duel(s, c.plain()).ok()?.1
}

/// [`lay_out_duel`], with where the columns of the player to move are.
fn fit_duel<G: DuelBoard>(
    s: &DuelScreen<G>,
    c: Canvas,
) -> Result<(Vec<String>, Option<Columns>), (usize, usize)> {
    let mut layouts = Vec::new();
    for side_by_side in [true, false] {
        for airy in [true, false] {
            for tight in 0..G::WAYS {
                layouts.push(DuelLayout {
                    tight,
                    side_by_side,
                    airy,
                    dense: false,
                });
            }
        }
    }
    layouts.extend((0..G::WAYS).map(|tight| DuelLayout {
        tight,
        side_by_side: false,
        airy: false,
        dense: true,
    }));
    // The columns of the layout tried last (the one that fit, when one did).
    let tried = std::cell::Cell::new(None);
    let build = |l: DuelLayout, c: Canvas| {
        let (lines, need_w, at) = screen(s, c, l);
        tried.set(at);
        (lines, need_w)
    };
    // Two boards and the result cannot always shrink to the window: what does not fit is paged
    // (as the help is), the board first.
    let lines = first_fit(&layouts, build, true, c)?;
    let (left, top) = centre_offset(&lines, c.width, c.height);
    let columns = tried.get().map(|at| at.shifted(left, top));
    Ok((centre(lines, c.width, c.height), columns))
}

/// The player whose board is drawn large when only one fits: the one to move, else (the duel
/// decided) the winner.
fn featured<G: Playable>(s: &DuelScreen<G>) -> usize {
    match (s.gave_up, s.duel.to_move(), s.duel.result()) {
        (Some(i), _, _) => 1 - i,
        (None, Some(i), _) => i,
        (None, None, Some(DuelResult::Win { winner, .. })) => winner,
        _ => 0,
    }
}

/// A player's header: the mark and name (and whether their game is over), then the score and
/// turns survived; on two lines, or `dense` on as few as `width` allows.
fn header<G: DuelBoard>(
    s: &DuelScreen<G>,
    i: usize,
    words: &Words,
    theme: Theme,
    dense: Option<usize>,
) -> Vec<String> {
    let g = &s.duel.players[i];
    let mark = if s.duel.to_move() == Some(i) && s.gave_up.is_none() {
        "▶ "
    } else {
        "  "
    };
    let mut name = theme.paint(&format!("{mark}{}", s.names[i]), tone(i));
    if g.finished() {
        // A whole deck played is no game over: it is the card game won.
        let said = if g.ending() == crate::cards::summary::Ending::Won {
            g.texts(words).done
        } else {
            words.game_over_mark
        };
        name.push_str(&format!(
            "  {}",
            theme.paint(&format!("({said})"), Tone::Dim)
        ));
    }
    let score = pair(theme, words.score, &g.score().to_string());
    let survived = pair(theme, g.texts(words).survived, &g.survived().to_string());
    match dense {
        Some(width) => pack(&[name, score, survived], "  ", "", width),
        None => vec![name, format!("  {score}  {survived}")],
    }
}

/// A player's block: the header, then the board; with the width the board needs.
fn block<G: DuelBoard>(
    s: &DuelScreen<G>,
    i: usize,
    words: &Words,
    theme: Theme,
    tight: usize,
    dense: Option<usize>,
) -> (Vec<String>, usize, Option<Columns>) {
    let cursor = (s.duel.to_move() == Some(i) && s.gave_up.is_none()).then_some(s.cursors[i]);
    let (body, at) = s.duel.players[i]
        .body(words, theme, tight, dense.is_some(), cursor)
        .unwrap_or_default();
    let head = header(s, i, words, theme, dense);
    let w = widest(&body).max(widest(&head));
    // The board is indented two columns under the header.
    let at = at.map(|at| at.shifted(2, head.len()));
    let mut lines: Vec<String> = head.into_iter().collect();
    lines.extend(body.into_iter().map(|l| format!("  {l}")));
    (lines, w + 2, at)
}

/// The screen in layout `l`, the width it needs, and where the columns of the player to move
/// are (before the screen is centred), for the mouse.
fn screen<G: DuelBoard>(
    s: &DuelScreen<G>,
    c: Canvas,
    l: DuelLayout,
) -> (Vec<String>, usize, Option<Columns>) {
    let (words, theme, width) = (c.words, c.theme, c.width);
    let texts = s.duel.players[0].texts(words);
    let mut out = top(s, c, l, &texts);
    if s.overlay == Overlay::Help {
        out.extend(help_lines(
            &texts.help_keys,
            words.duel_help_rules,
            "",
            words,
            theme,
            width,
        ));
        return (out, 0, None);
    }
    let row = out.len();
    let (boards, need_w, columns) = if l.side_by_side {
        side_by_side(s, words, theme, l.tight)
    } else {
        featured_alone(s, c, l)
    };
    out.extend(boards);
    let bottom = Bottom {
        result: matches!(s.overlay, Overlay::Result { .. }).then(|| result(s, words, theme, width)),
        notes: s.notes,
        footer: &texts.footer,
        below: Below::of(s.prompt_line, s.asking),
        airy: l.airy,
        dense: l.dense,
    };
    out.extend(bottom.lines(theme, width));
    (out, need_w, columns.map(|at| at.shifted(0, row)))
}

/// Above the boards: the title (not when `dense`), then whose turn it is, or the result.
fn top<G: DuelBoard>(s: &DuelScreen<G>, c: Canvas, l: DuelLayout, texts: &Texts) -> Vec<String> {
    let (words, theme, width) = (c.words, c.theme, c.width);
    let title = format!(
        "{MARGIN}{}  {}",
        theme.paint(words.title, Tone::Title),
        theme.paint(&texts.tag, Tone::Label)
    );
    let mut out = Vec::new();
    if !l.dense {
        out.push(fit(&title, width));
    }
    if l.airy {
        out.push(String::new());
    }
    if let (None, Some(i)) = (s.gave_up, s.duel.to_move()) {
        let turn = theme.paint(&fill(words.to_move, &[&s.names[i]]), tone(i));
        out.push(fit(&format!("{MARGIN}{turn}"), width));
    } else {
        // The result is wrapped, never cut (`A draw: both survived 100 turns and sc`); its
        // margin only where a word fits beside it.
        let (head, shade) = result_head(s, words);
        let margin = if width > MARGIN.len() { MARGIN } else { "" };
        for line in wrap(&head, (width - margin.len()).max(1)) {
            out.push(format!("{margin}{}", theme.paint(&line, shade)));
        }
    }
    if l.airy {
        out.push(String::new());
    }
    out
}

/// Both players' blocks side by side, the board drawn the `tight`-th way: their lines, the
/// width they need, and where the columns of the player to move are in them.
fn side_by_side<G: DuelBoard>(
    s: &DuelScreen<G>,
    words: &Words,
    theme: Theme,
    tight: usize,
) -> (Vec<String>, usize, Option<Columns>) {
    let (a, wa, at_a) = block(s, 0, words, theme, tight, None);
    let (b, wb, at_b) = block(s, 1, words, theme, tight, None);
    let columns = match s.duel.to_move().filter(|_| s.gave_up.is_none()) {
        Some(0) => at_a.map(|at| at.shifted(MARGIN.len(), 0)),
        Some(_) => at_b.map(|at| at.shifted(MARGIN.len() + wa + GAP, 0)),
        None => None,
    };
    let lines = (0..a.len().max(b.len()))
        .map(|row| {
            let left = a.get(row).map_or("", String::as_str);
            let right = b.get(row).map_or("", String::as_str);
            let line = format!("{MARGIN}{}{}{right}", pad(left, wa), " ".repeat(GAP));
            line.trim_end().to_string()
        })
        .collect();
    (lines, MARGIN.len() + wa + GAP + wb, columns)
}

/// The [`featured`] player's block, the other's header under it: their lines, the width they
/// need, and where the columns of the player to move are in them.
fn featured_alone<G: DuelBoard>(
    s: &DuelScreen<G>,
    c: Canvas,
    l: DuelLayout,
) -> (Vec<String>, usize, Option<Columns>) {
    let (words, theme, width) = (c.words, c.theme, c.width);
    let first = featured(s);
    let dense = l.dense.then_some(width.saturating_sub(MARGIN.len()));
    let (a, wa, at) = block(s, first, words, theme, l.tight, dense);
    let other = header(s, 1 - first, words, theme, dense);
    let columns = if s.duel.to_move() == Some(first) {
        at.map(|at| at.shifted(MARGIN.len(), 0))
    } else {
        None
    };
    let mut lines: Vec<String> = a
        .iter()
        .map(|r| format!("{MARGIN}{r}").trim_end().to_string())
        .collect();
    lines.extend(other.iter().map(|r| fit(&format!("{MARGIN}{r}"), width)));
    (lines, MARGIN.len() + wa, columns)
}

/// Who won and why, and the winner's colour to say it in.
fn result_head<G: DuelBoard>(s: &DuelScreen<G>, words: &Words) -> (String, Tone) {
    let [a, b] = &s.duel.players;
    if let Some(i) = s.gave_up {
        let text = fill(words.duel_gave_up_head, &[&s.names[i], &s.names[1 - i]]);
        return (text, tone(1 - i));
    }
    match s.duel.result() {
        None => (String::new(), Tone::Good),
        Some(DuelResult::Draw) => (
            fill(words.duel_draw, &[&a.survived(), &a.score()]),
            Tone::Good,
        ),
        Some(DuelResult::Win {
            winner, by_score, ..
        }) => {
            let (w, l) = if winner == 0 { (a, b) } else { (b, a) };
            let name = &s.names[winner];
            let text = if by_score {
                fill(
                    words.duel_won_score,
                    &[name, &w.score(), &l.score(), &w.survived()],
                )
            } else {
                fill(words.duel_won_longer, &[name, &w.survived(), &l.survived()])
            };
            (text, tone(winner))
        }
    }
}

/// Each player's score and turns (the line at the top already says who won and why), in
/// columns that line up whatever the names' lengths, then the choices.
fn result<G: DuelBoard>(
    s: &DuelScreen<G>,
    words: &Words,
    theme: Theme,
    width: usize,
) -> Vec<String> {
    let mut lines = Vec::new();
    let name_w = widest(s.names);
    let score_w = s
        .duel
        .players
        .iter()
        .map(|g| g.score().to_string().len())
        .max()
        .unwrap_or(1);
    for i in 0..2 {
        let g = &s.duel.players[i];
        let score = format!("{:>score_w$}", g.score());
        let items = [
            theme.paint(&pad(&s.names[i], name_w), tone(i)),
            pair(theme, words.score, &score),
            pair(theme, g.texts(words).survived, &g.survived().to_string()),
        ];
        lines.extend(pack(&items, "    ", MARGIN, width));
    }
    if let Overlay::Result { choice, .. } = s.overlay {
        lines.push(String::new());
        lines.extend(choices(words, theme, choice, false, MARGIN, width));
    }
    lines
}

#[cfg(test)]
mod tests;
