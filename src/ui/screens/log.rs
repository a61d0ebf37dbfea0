//! The log look: the game played as a storage service's log scrolling by.
//!
//! The terminal 2048 this game descends from was written to look like a log, so it could be
//! played at work without standing out; `--theme log` (or `theme = "log"` in the settings file,
//! or the boss key `b` at any moment) brings that back. The disguise holds only if nothing gives
//! it away, so the game is told in a service's words throughout, and a player who knows the
//! mapping reads it all:
//!
//! ```text
//! column N            shard=N, its cards as chunk sizes: 2k 4k … 512k 1M 2M (a bomb: evict,
//!                     a wild card: any)
//! score, best, deck   stats: ops= peak= backlog= (drops= where the rules have discards)
//! the card in hand    ingest: next= and the cards after it queued=
//! the highlight       router: affinity shard=N
//! a move              ingest: appended, compactor: merged … ops=+N, sealed, gc: evicted
//! a refused move      WARN router: … rejected
//! the hint            balancer: least loaded shard=N
//! the help            the service's usage text, true for the rules in force
//! the result          main: backlog drained / ERROR … ingest halted, then the operator's choices
//! ```
//!
//! Records are appended to the [`Journal`] only when what they say changed (a queue's chunks,
//! the stats, the last move), so the screen scrolls like `tail -f` as the game goes on and
//! drawing the same state twice adds nothing. The words are the service's in both languages:
//! a real service writes its log in English whatever the desktop's language (its operators
//! grep it and paste it into tickets), so a log in Chinese would be the one that stands out.
//!
//! Like the other screens it is pure: the clock is read by the caller and passed in as `now`.

use crate::cards::card::Card;
use crate::cards::engine::{Clear, Game, Move, MoveError, Turn};
use crate::cards::rules::Rules;
use crate::cards::summary::Ending;
use crate::classic::{ClassicGame, Dir};

use crate::ui::kit::{Journal, Level, Overlay, Stamp, shown_choices};

/// What the last key did in the card game, as the log tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Event {
    Played(Turn),
    Refused(MoveError),
    /// The hint: the bot's move (`None`: no move is left).
    Suggested(Option<Move>),
}

/// What the last key did in classic 2048, as the log tells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slid {
    Moved(Dir),
    /// A slide that moves nothing (refused).
    Stuck(Dir),
    /// The hint: the bot's direction (`None`: no move is left).
    Suggested(Option<Dir>),
}

/// What the card game shows, in the log look.
pub(crate) struct CardLog<'a> {
    pub game: &'a Game,
    pub best: Option<u64>,
    pub cursor: usize,
    pub overlay: Overlay,
    /// The last key's event with a number that changes at every key (so the same refusal made
    /// twice is logged twice).
    pub event: Option<(u64, Event)>,
}

/// A card's value as the size of a chunk: `8k`, `512k`, `1M`, `2M`; a bomb evicts, a wild card
/// fits anything.
fn size(card: Card) -> String {
    match card.value() {
        None if card.is_bomb() => "evict".to_string(),
        None => "any".to_string(),
        Some(v) => size_of(v),
    }
}

/// A value as a size in kibibytes: `8k`, `1M`, `4G`.
fn size_of(v: u64) -> String {
    match v {
        v if v < 1 << 10 => format!("{v}k"),
        v if v < 1 << 20 => format!("{}M", v >> 10),
        v => format!("{}G", v >> 20),
    }
}

/// The stats line: score, best and what is left.
fn stats(score: u64, best: Option<u64>, rest: &str) -> String {
    let best = best.map_or("-".to_string(), |b| b.to_string());
    format!("ops={score} peak={best} {rest}")
}

/// Logs `text` when the fact `key` says something new.
fn fact(j: &mut Journal, now: Stamp, key: &str, level: Level, target: &'static str, text: &str) {
    if j.changed(key, text) {
        j.log(now, level, target, text);
    }
}

/// The card game as log lines for a terminal of `width` × `height`: what changed since the last
/// time is appended to `journal`, and its newest lines are returned.
pub(crate) fn log_cards(
    s: &CardLog,
    j: &mut Journal,
    now: Stamp,
    width: usize,
    height: usize,
) -> Vec<String> {
    j.boot(now);
    let game = s.game;
    let rules = game.rules();
    let p = game.position();
    let b = &rules.board;
    let profile = format!(
        "profile loaded shards={} depth={} backlog={}",
        b.columns,
        b.height,
        game.deck().len()
    );
    fact(j, now, "profile", Level::Info, "config", &profile);
    let deck: Vec<u8> = game
        .deck()
        .iter()
        .map(|c| c.exponent().unwrap_or(0))
        .collect();
    started(j, now, &deck);
    rollback(j, now, game.moves().len());
    if let Some((n, e)) = s.event
        && j.changed("event", &n.to_string())
    {
        event(j, now, e, game);
    }
    // The whole state after every change, as a service dumps its status: the last lines
    // always show every shard, however far the ones before have scrolled.
    let mut state: Vec<(Level, &'static str, String)> = p
        .columns()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut line = format!("shard={} depth={}/{}", i + 1, c.len(), b.height);
            if !c.is_empty() {
                let chunks: Vec<String> = c.cards().iter().map(|&k| size(k)).collect();
                line = format!("{line} chunks={}", chunks.join(" "));
            }
            (Level::Debug, "shard", line)
        })
        .collect();
    let drops = if rules.has_discards() {
        format!(" drops={}", p.discards)
    } else {
        String::new()
    };
    let left = format!("backlog={}{drops}", game.cards_left());
    state.push((Level::Info, "stats", stats(p.score, s.best, &left)));
    let ingest = match game.visible() {
        [] => "next=none".to_string(),
        [next] => format!("next={}", size(*next)),
        [next, queued @ ..] => {
            let queued: Vec<String> = queued.iter().map(|&k| size(k)).collect();
            format!("next={} queued={}", size(*next), queued.join(" "))
        }
    };
    state.push((Level::Debug, "ingest", ingest));
    dump(j, now, &state);
    let route = format!("affinity shard={}", s.cursor + 1);
    fact(j, now, "route", Level::Debug, "router", &route);
    covered(
        j,
        now,
        s.overlay,
        || card_usage(rules),
        || card_end(game, s.best),
    );
    j.lines(width, height)
}

/// A new game (told by its `deal`) is a new job: its moves are not rolled back ones.
fn started(j: &mut Journal, now: Stamp, deal: &[u8]) {
    let id = deal.iter().fold(0x811c_9dc5u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    let mut id = format!("{id:08x}");
    while id.contains("2048") {
        id = id.replace("2048", "2049");
    }
    if j.changed("job", &id) {
        j.forget("moves");
        j.log(now, Level::Info, "main", &format!("job started id={id}"));
    }
}

/// Logs every line of `state` when any of it changed.
fn dump(j: &mut Journal, now: Stamp, state: &[(Level, &'static str, String)]) {
    let all: Vec<&str> = state.iter().map(|(_, _, t)| t.as_str()).collect();
    if j.changed("state", &all.join("\n")) {
        for (level, target, text) in state {
            j.log(now, *level, target, text);
        }
    }
}

/// A move taken back (the journal remembers how many moves were made): a write rolled back.
fn rollback(j: &mut Journal, now: Stamp, moves: usize) {
    let before = j.fact("moves").and_then(|m| m.parse::<usize>().ok());
    if j.changed("moves", &moves.to_string())
        && let Some(before) = before
        && moves < before
    {
        let text = format!("rolled back ops={} wal_seq={moves}", before - moves);
        j.log(now, Level::Info, "wal", &text);
    }
}

/// What covers the game (the help, the result) is logged once, when it is shown.
fn covered(
    j: &mut Journal,
    now: Stamp,
    over: Overlay,
    usage: impl FnOnce() -> Vec<String>,
    end: impl FnOnce() -> Vec<(Level, &'static str, String)>,
) {
    let view = match over {
        Overlay::None => "play",
        Overlay::Help => "help",
        Overlay::Result { .. } => "result",
    };
    let shown = j.changed("view", view);
    match over {
        Overlay::Help if shown => {
            for line in usage() {
                j.print(&line);
            }
        }
        Overlay::Result {
            new_best,
            choice,
            undo,
        } => {
            if shown {
                for (level, target, text) in end() {
                    j.log(now, level, target, &text);
                }
                if new_best {
                    j.log(now, Level::Info, "stats", "peak updated");
                }
            }
            let line = choices(choice, undo);
            fact(j, now, "choice", Level::Info, "supervisor", &line);
        }
        _ => {}
    }
    if !matches!(over, Overlay::Result { .. }) {
        j.forget("choice");
    }
}

/// The result's choices as the operator's: `action=restart [a]restart [u]rollback [m]detach
/// [q]exit`, the highlighted one named first.
fn choices(choice: u8, undo: bool) -> String {
    const NAMES: [&str; 4] = ["[a]restart", "[u]rollback", "[m]detach", "[q]exit"];
    let shown = shown_choices(undo);
    let at = shown.get(choice as usize).copied().unwrap_or(0) as usize;
    let chosen = NAMES[at].split(']').nth(1).unwrap_or_default();
    let all: Vec<&str> = shown.iter().map(|&c| NAMES[c as usize]).collect();
    format!("halted, awaiting action={chosen} {}", all.join(" "))
}

/// The card game's end: the deck played out, or a card that fits nowhere.
fn card_end(game: &Game, best: Option<u64>) -> Vec<(Level, &'static str, String)> {
    let p = game.position();
    let line = stats(p.score, best, &format!("merges={}", p.stats.merges));
    if Ending::of(game) == Ending::Won {
        vec![
            (Level::Info, "main", "backlog drained, ingest idle".into()),
            (Level::Info, "stats", line),
        ]
    } else {
        let next = game.hand().map_or_else(|| "none".into(), size);
        vec![
            (
                Level::Error,
                "router",
                format!("no shard accepts chunk={next}, ingest halted"),
            ),
            (Level::Info, "stats", line),
        ]
    }
}

/// What the last key did, in the service's words.
fn event(j: &mut Journal, now: Stamp, e: Event, game: &Game) {
    let (level, target, text) = match e {
        Event::Played(t) => {
            for (level, target, text) in played(&t, game) {
                j.log(now, level, target, &text);
            }
            return;
        }
        Event::Refused(e) => (Level::Warn, "router", refused(e, game.rules())),
        Event::Suggested(mv) => {
            let text = match mv {
                Some(Move::Place(c)) => format!("least loaded shard={}", c + 1),
                Some(Move::Discard) => "no shard fits, advise drop".to_string(),
                None => "no target available".to_string(),
            };
            (Level::Debug, "balancer", text)
        }
    };
    j.log(now, level, target, &text);
}

/// A move played, as the records it makes: the chunk appended (or dropped), its merges, the
/// shard sealed or evicted, drops granted.
fn played(t: &Turn, game: &Game) -> Vec<(Level, &'static str, String)> {
    let rules = game.rules();
    let mut out = Vec::new();
    let shard = match t.mv {
        Move::Place(c) => c as usize + 1,
        Move::Discard => 0,
    };
    match t.mv {
        Move::Discard => out.push((
            Level::Info,
            "ingest",
            format!(
                "dropped chunk={} drops={}",
                size(t.card),
                game.position().discards
            ),
        )),
        Move::Place(_) if t.steps().is_empty() && t.cleared.is_none() => out.push((
            Level::Debug,
            "ingest",
            format!("appended chunk={} shard={shard}", size(t.card)),
        )),
        Move::Place(_) => {}
    }
    if !t.steps().is_empty() {
        let steps: Vec<String> = t
            .steps()
            .iter()
            .map(|s| format!("{}+{}={}", size(s.onto), size(s.card), size(s.made)))
            .collect();
        out.push((
            Level::Info,
            "compactor",
            format!("shard={shard} merged {} ops=+{}", steps.join(" "), t.points),
        ));
    }
    match t.cleared {
        Some(Clear::Value) => out.push((
            Level::Info,
            "compactor",
            format!(
                "shard={shard} sealed size={} segment rotated",
                size(rules.board.clear_value)
            ),
        )),
        Some(Clear::Bomb) => out.push((Level::Warn, "gc", format!("evicted shard={shard}"))),
        None => {}
    }
    if t.discards_gained > 0 {
        out.push((
            Level::Info,
            "quota",
            format!("drops granted=+{}", t.discards_gained),
        ));
    }
    out
}

/// A refused move as the router's rejection, and why.
fn refused(e: MoveError, rules: &Rules) -> String {
    match e {
        MoveError::ColumnFull(n) => format!(
            "append rejected shard={n} depth={}/{} reason=full",
            rules.board.height, rules.board.height
        ),
        MoveError::NoSuchColumn { column, columns } => {
            format!("append rejected shard={column} reason=unknown_shard valid=1-{columns}")
        }
        MoveError::NoDiscards if rules.has_discards() => {
            "drop rejected drops=0 reason=quota".to_string()
        }
        MoveError::NoDiscards => "drop rejected reason=unsupported".to_string(),
        MoveError::GameOver => "append rejected reason=halted".to_string(),
    }
}

/// The usage the service prints for `?`: its commands and how chunks behave, as the rules in
/// force have them (no drop command where the rules have no discards). Short lines, so the
/// whole of it shows at 40 × 15.
fn card_usage(rules: &Rules) -> Vec<String> {
    let b = &rules.board;
    let mut out = vec![
        "usage: chunkctl <command>".to_string(),
        format!("  1-{}   append next chunk to shard N", b.columns),
        "  <- -> move affinity; enter appends".to_string(),
    ];
    if rules.has_discards() {
        let d = &rules.discards;
        out.push(format!(
            "  d     drop next (quota {}, +{}/seal)",
            d.start, d.per_clear
        ));
    }
    out.extend(
        [
            "  u     roll back last op",
            "  h     ask balancer for a shard",
            "  r     reload from scratch (asks)",
            "  q     shut down (asks; state kept)",
            "  b     toggle console",
        ]
        .map(String::from),
    );
    let s = &rules.scoring;
    let made = if s.merged_value { " +size" } else { "" };
    out.push(format!(
        "merge: equal chunks, {} ops/merge{made}",
        s.per_merge
    ));
    out.push(format!(
        "seal: shard reaching {}, +{} ops",
        size(b.clear_value),
        s.clear_bonus
    ));
    let full = if b.merge_into_full {
        ", full takes merges"
    } else {
        ", full takes none"
    };
    out.push(format!("depth: {} chunks/shard{full}", b.height));
    if rules.weight(Card::BOMB) > 0 {
        out.push("evict: clears the shard it goes to".to_string());
    }
    if rules.weight(Card::WILD) > 0 {
        out.push("any: merges with the chunk it meets".to_string());
    }
    out
}

/// Classic 2048 as log lines for a terminal of `width` × `height`, appended to `journal` as for
/// the card game: each row is a rack of slots.
pub(crate) fn log_classic(
    game: &ClassicGame,
    best: Option<u64>,
    overlay: Overlay,
    event: Option<(u64, Slid)>,
    j: &mut Journal,
    now: Stamp,
    (width, height): (usize, usize),
) -> Vec<String> {
    j.boot(now);
    let n = game.board().size();
    fact(
        j,
        now,
        "profile",
        Level::Info,
        "config",
        &format!("profile loaded racks={n} slots={n}"),
    );
    let seed = game.seed().to_le_bytes();
    started(j, now, &seed);
    rollback(j, now, game.moves().len());
    if let Some((n, e)) = event
        && j.changed("event", &n.to_string())
    {
        let (level, target, text) = slid(e);
        j.log(now, level, target, &text);
    }
    dump(j, now, &racks(game, best));
    covered(
        j,
        now,
        overlay,
        || classic_usage(game),
        || classic_end(game, best),
    );
    j.lines(width, height)
}

/// What the last slide did, as the balancer's record.
fn slid(e: Slid) -> (Level, &'static str, String) {
    let way = |d: Dir| match d {
        Dir::Up => "up",
        Dir::Down => "down",
        Dir::Left => "left",
        Dir::Right => "right",
    };
    match e {
        Slid::Moved(d) => (
            Level::Debug,
            "balancer",
            format!("rebalanced dir={}", way(d)),
        ),
        Slid::Stuck(d) => (
            Level::Warn,
            "balancer",
            format!("rebalance dir={} skipped reason=no_change", way(d)),
        ),
        Slid::Suggested(Some(d)) => (Level::Debug, "balancer", format!("advise dir={}", way(d))),
        Slid::Suggested(None) => (Level::Debug, "balancer", "no direction available".into()),
    }
}

/// Classic 2048's whole state: each row a rack of slots, then the stats.
fn racks(game: &ClassicGame, best: Option<u64>) -> Vec<(Level, &'static str, String)> {
    let board = game.board();
    let n = board.size();
    let mut state: Vec<(Level, &'static str, String)> = (0..n)
        .map(|r| {
            let row: Vec<String> = (0..n)
                .map(|c| match board.value(r, c) {
                    0 => "-".to_string(),
                    v => size_of(v),
                })
                .collect();
            let line = format!("rack={} slots={}", r + 1, row.join(" "));
            (Level::Debug, "rack", line)
        })
        .collect();
    let rest = format!("cycles={}", game.moves().len());
    state.push((Level::Info, "stats", stats(game.score(), best, &rest)));
    state
}

/// Classic 2048's end: the target reached, or no slide left.
fn classic_end(game: &ClassicGame, best: Option<u64>) -> Vec<(Level, &'static str, String)> {
    let line = stats(
        game.score(),
        best,
        &format!("cycles={}", game.moves().len()),
    );
    let head = if game.won() {
        (
            Level::Info,
            "main",
            "target size reached, no rebalance left".into(),
        )
    } else {
        (
            Level::Error,
            "rack",
            "no rebalance possible, racks halted".into(),
        )
    };
    vec![head, (Level::Info, "stats", line)]
}

/// Classic 2048's usage.
fn classic_usage(game: &ClassicGame) -> Vec<String> {
    let goal = size_of(game.rules().win);
    vec![
        "usage: chunkctl <command>".to_string(),
        "  arrows, w a s d: rebalance racks".to_string(),
        "  u     roll back last op".to_string(),
        "  h     ask balancer for a direction".to_string(),
        "  r     reload from scratch (asks)".to_string(),
        "  q     shut down (asks; state kept)".to_string(),
        "  b     toggle console".to_string(),
        "merge: equal chunks meeting, +size".to_string(),
        "a 2k or 4k arrives after each op".to_string(),
        format!("target: a chunk of {goal}"),
    ]
}

#[cfg(test)]
mod tests;
