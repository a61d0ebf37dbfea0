//! Storage: history of finished games, the saved game in progress, best scores, replays.
//!
//! Everything lives in the data folder ([`crate::config::paths::data_dir`], `$NEW2048_DATA_DIR` first), as
//! human-readable JSON files that each carry a `format` version; there is no server and nothing
//! to install:
//!
//! ```text
//! <data dir>/lock                      the folder lock (empty; see fsio)
//! <data dir>/saved-game.json           the card game in progress (saved)
//! <data dir>/saved-game-<time>.json    another one played at the same time (see saved)
//! <data dir>/saved-classic.json        the classic 2048 game in progress (saved)
//! <data dir>/saved-classic-<time>.json another one played at the same time
//! <data dir>/games/<id>.json           one finished game or duel each (history)
//! <data dir>/**/<name>.corrupt-<time>  a damaged file, moved aside
//! <data dir>/**/<name>.newer-<time>    a file from a newer new2048, moved aside
//! ```
//!
//! One job per file: [`fsio`] (atomic writes, the lock, moving aside), [`record`] (the file
//! formats and their versions), [`classic`] and [`duel`] (what classic games and duels add to
//! them), [`history`], [`saved`], [`stats`] and [`report`] (what the `stats` and `history`
//! commands print), [`utc`] (dates without a date crate).
//!
//! [`Store`] is the [`Keeper`] the game screens use, and the [`ClassicKeeper`] and
//! [`DuelKeeper`] of the classic and duel screens: one store, one lock, one history. Storage must never stop play: every problem
//! becomes a message for [`Keeper::take_warnings`], and a folder that cannot be written is
//! reported once, after which the store reads what it can and writes nothing.

pub(crate) mod classic;
pub(crate) mod daily;
pub(crate) mod duel;
pub(crate) mod entry;
pub(crate) mod format;
pub(crate) mod fsio;
pub(crate) mod history;
pub(crate) mod keeper;
pub(crate) mod record;
pub(crate) mod report;
pub(crate) mod saved;
pub(crate) mod stats;
pub(crate) mod utc;

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;

use crate::cards::engine::Game;
use crate::cards::rules::{ClassicRules, Rules};
use crate::cards::summary::Ending;
use crate::classic::ClassicGame;
use crate::duel::Duel;
use crate::store::keeper::{ClassicKeeper, ClassicMeta, DuelKeeper, GameMeta, Keeper};
use classic::{ClassicPlay, ClassicRecord, SavedClassic};
use duel::DuelRecord;
use entry::Entry;
use format::{RecordError, Recorded};
use record::{Record, SavedGame};

/// Why reading a data file gave nothing.
enum ReadFailure {
    Io(io::Error),
    Bad(RecordError),
}

/// Reads a file's text with `decode`.
type Decoder<T> = fn(&str) -> Result<T, RecordError>;

fn read_decode<T>(path: &Path, decode: Decoder<T>) -> Result<Option<T>, ReadFailure> {
    let bytes = match crate::config::paths::read_bytes(path) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(ReadFailure::Io(e)),
    };
    let text = std::str::from_utf8(&bytes)
        .map_err(|_| ReadFailure::Bad(RecordError::Json("it is not UTF-8 text".into())))?;
    decode(text).map(Some).map_err(ReadFailure::Bad)
}

/// Reads a data file as a `T`. A damaged or newer file is moved aside (under the lock, after
/// reading it again in case another process just replaced it) and reported through `warn`.
fn read_checked<T: DeserializeOwned>(
    data_dir: &Path,
    path: &Path,
    what: &str,
    warn: &mut dyn FnMut(String),
) -> Option<T> {
    read_checked_with(data_dir, path, what, warn, format::decode::<T>)
}

/// A history file of any game, as [`read_checked`] reads one kind.
fn read_entry(data_dir: &Path, path: &Path, warn: &mut dyn FnMut(String)) -> Option<Entry> {
    read_checked_with(data_dir, path, "history record", warn, entry::decode_entry)
}

fn read_checked_with<T>(
    data_dir: &Path,
    path: &Path,
    what: &str,
    warn: &mut dyn FnMut(String),
    decode: Decoder<T>,
) -> Option<T> {
    match read_decode(path, decode) {
        Ok(v) => return v,
        Err(ReadFailure::Io(e)) => {
            warn(format!("cannot read the {what} {}: {e}", path.display()));
            return None;
        }
        Err(ReadFailure::Bad(_)) => {}
    }
    let _lock = fsio::DirLock::acquire(data_dir);
    match read_decode(path, decode) {
        Ok(v) => v,
        Err(ReadFailure::Io(e)) => {
            warn(format!("cannot read the {what} {}: {e}", path.display()));
            None
        }
        Err(ReadFailure::Bad(why)) => {
            warn(set_aside(path, what, &why));
            None
        }
    }
}

/// Moves a file that cannot be used aside (the caller holds the lock) and says where to.
fn set_aside(path: &Path, what: &str, why: &RecordError) -> String {
    let kind = if why.is_newer() { "newer" } else { "corrupt" };
    match fsio::move_aside(path, kind) {
        Ok(to) => format!(
            "the {what} {} cannot be used: {why}. It was moved to {} and play goes on without it.",
            path.display(),
            to.display()
        ),
        Err(e) => format!(
            "the {what} {} cannot be used: {why}. It could not be moved aside ({e}), so it is \
             left as it is and skipped.",
            path.display()
        ),
    }
}

/// History, saved game and best scores in one data folder: the [`Keeper`] of the real game.
pub(crate) struct Store {
    /// `None` when there is no data folder at all.
    dir: Option<PathBuf>,
    /// False when the folder cannot be written: the store then only reads.
    writable: bool,
    warnings: RefCell<Vec<String>>,
    /// Best score per game and rules hash ([`best_key`]), read from history the first time it
    /// is needed. Duels do not count: a best score is one player's game.
    bests: OnceCell<HashMap<String, u64>>,
}

impl Store {
    /// The store in the player's data folder (`$NEW2048_DATA_DIR` or the XDG data folder).
    pub(crate) fn open() -> Store {
        Store::at(crate::config::paths::data_dir())
    }

    /// The store in `dir`; with `None` (no home folder) it keeps nothing, and says so once.
    pub(crate) fn at(dir: Option<PathBuf>) -> Store {
        let mut store = Store {
            dir,
            writable: false,
            warnings: RefCell::default(),
            bests: OnceCell::new(),
        };
        match &store.dir {
            None => store.warn(format!(
                "no folder for history and saved games was found (no home folder); set {} to \
                 one. This game will not be saved or recorded.",
                crate::config::paths::DATA_DIR_ENV
            )),
            Some(d) => match Self::probe(d) {
                Ok(()) => store.writable = true,
                Err(e) => store.warn(format!(
                    "cannot write to the data folder {} ({e}); this game will not be saved or \
                     recorded. Set {} to a folder you can write to.",
                    d.display(),
                    crate::config::paths::DATA_DIR_ENV
                )),
            },
        }
        store
    }

    /// Checks the folder can be written: creating it if needed, a temporary file in it and in
    /// `games/` (made and dropped), and the lock; then sweeps away temporary files an old,
    /// killed process left.
    fn probe(dir: &Path) -> io::Result<()> {
        let games = dir.join(history::GAMES_DIR);
        fs::create_dir_all(&games)?;
        tempfile::tempfile_in(dir)?;
        tempfile::tempfile_in(&games)?;
        fsio::DirLock::acquire(dir)?;
        for d in [dir, games.as_path()] {
            fsio::sweep_temps(d, std::time::Duration::from_secs(3600));
        }
        Ok(())
    }

    /// The data folder, if there is one.
    pub(crate) fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    fn warn(&self, message: String) {
        self.warnings.borrow_mut().push(message);
    }

    fn failed(&mut self, what: &str, e: io::Error) {
        // Once the folder has failed a write, say it once and stop trying: play goes on.
        self.writable = false;
        let dir = self.dir.as_deref().unwrap_or(Path::new("?"));
        self.warn(format!(
            "cannot {what} in {} ({e}); from now on this game is not saved or recorded.",
            dir.display()
        ));
    }

    /// Every recorded card game, newest first (damaged files are moved aside with a warning).
    #[cfg(test)]
    pub(crate) fn history(&self) -> Vec<Record> {
        match &self.dir {
            Some(d) => history::load(d, &mut |m| self.warn(m)),
            None => Vec::new(),
        }
    }

    /// Every recorded card game, classic game and duel, newest first.
    pub(crate) fn entries(&self) -> Vec<Entry> {
        match &self.dir {
            Some(d) => history::load_all(d, &mut |m| self.warn(m)),
            None => Vec::new(),
        }
    }

    fn bests(&self) -> &HashMap<String, u64> {
        self.bests.get_or_init(|| {
            let mut bests = HashMap::new();
            for e in self.entries() {
                let (key, score) = match &e {
                    Entry::Cards(r) => (best_key(false, &r.play.rules.hash), r.score),
                    Entry::Classic(r) => (best_key(true, &r.play.rules.hash), r.score),
                    Entry::Duel(_) => continue,
                };
                let b = bests.entry(key).or_insert(0);
                *b = score.max(*b);
            }
            bests
        })
    }

    /// Counts a finished game's score in the best scores; true when it is a new best.
    fn note_score(&mut self, key: String, score: u64) -> bool {
        let previous = self.bests().get(&key).copied();
        let new_best = previous.map_or(score > 0, |b| score > b);
        if let Some(bests) = self.bests.get_mut() {
            let b = bests.entry(key).or_insert(0);
            *b = score.max(*b);
        }
        new_best
    }

    /// Adds `record` to history, if the folder can be written.
    fn record<R: Recorded>(&mut self, record: &mut R) {
        self.write("record the game in history", |dir| {
            history::add(dir, record).map(drop)
        });
    }

    /// The save in file `name`, rebuilt; one that does not rebuild is moved aside with a warning.
    fn resume<T: DeserializeOwned, G>(
        &mut self,
        name: &str,
        what: &str,
        rebuild: impl FnOnce(T) -> Result<G, RecordError>,
    ) -> Option<G> {
        let dir = self.dir.clone()?;
        let (path, save): (PathBuf, T) = saved::read_slot(&dir, name, what, &mut |m| self.warn(m))?;
        match rebuild(save) {
            Ok(g) => Some(g),
            Err(why) => {
                let _lock = fsio::DirLock::acquire(&dir);
                self.warn(set_aside(&path, what, &why));
                None
            }
        }
    }

    /// Runs `change` on the data folder, if it can be written; a failure (`what`) stops writes.
    fn write(&mut self, what: &str, change: impl FnOnce(&Path) -> io::Result<()>) {
        if let (Some(dir), true) = (self.dir.clone(), self.writable)
            && let Err(e) = change(&dir)
        {
            self.failed(what, e);
        }
    }
}

/// The key of a best score: card and classic rules hashes digest different texts, and the prefix
/// keeps them apart whatever they are.
fn best_key(classic: bool, hash: &str) -> String {
    if classic {
        format!("classic {hash}")
    } else {
        hash.to_string()
    }
}

impl Keeper for Store {
    fn best(&self, rules: &Rules) -> Option<u64> {
        self.bests().get(&best_key(false, &rules.hash())).copied()
    }

    fn save(&mut self, game: &Game, meta: &GameMeta) {
        let save = SavedGame::of(game, meta, utc::now());
        self.write("save the game", |dir| saved::write(dir, &save));
    }

    fn finish(&mut self, game: &Game, meta: &GameMeta, ending: Ending) -> bool {
        let mut record = Record::of(game, meta, ending, utc::now(), String::new());
        let new_best = self.note_score(best_key(false, &record.play.rules.hash), record.score);
        self.record(&mut record);
        self.write("remove the saved game", |dir| {
            saved::remove_if_same(dir, &record.play).map(drop)
        });
        new_best
    }

    fn saved(&mut self) -> Option<(Game, GameMeta)> {
        self.resume(saved::SAVE_FILE, "saved game", |s: SavedGame| {
            s.play.rebuild()
        })
    }

    fn forget(&mut self, game: &Game, meta: &GameMeta) {
        let play = record::Play::of(game, meta);
        self.write("remove the saved game", |dir| {
            saved::remove_if_same(dir, &play).map(drop)
        });
    }

    fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(self.warnings.get_mut())
    }

    fn daily_best(&self, rules: &Rules, date: &str) -> Option<u64> {
        daily::best_of(&self.entries(), &rules.hash(), date)
    }

    fn daily_news(&self, rules: &Rules, date: &str) -> Option<daily::DailyNews> {
        let today = utc::date(utc::now());
        daily::news(&self.entries(), &rules.hash(), date, &today)
    }
}

/// Removes the saved classic game if it is `play`'s.
fn remove_classic_save(dir: &Path, play: &ClassicPlay) -> io::Result<()> {
    saved::remove_slot_if(dir, classic::SAVE_FILE, |s: &SavedClassic| {
        s.play.same_game(play)
    })
    .map(drop)
}

impl ClassicKeeper for Store {
    fn classic_best(&self, rules: &ClassicRules) -> Option<u64> {
        self.bests().get(&best_key(true, &rules.hash())).copied()
    }

    fn save_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta) {
        let save = SavedClassic::of(game, meta, utc::now());
        let json = save.to_json();
        self.write("save the game", |dir| {
            saved::write_slot(dir, classic::SAVE_FILE, &json, |s: &SavedClassic| {
                s.play.same_game(&save.play)
            })
        });
    }

    fn finish_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta) -> bool {
        let mut record = ClassicRecord::of(game, meta, utc::now());
        let new_best = self.note_score(best_key(true, &record.play.rules.hash), record.score);
        self.record(&mut record);
        self.write("remove the saved game", |dir| {
            remove_classic_save(dir, &record.play)
        });
        new_best
    }

    fn saved_classic(&mut self) -> Option<(ClassicGame, ClassicMeta)> {
        self.resume(
            classic::SAVE_FILE,
            "saved classic game",
            |s: SavedClassic| s.rebuild(),
        )
    }

    fn forget_classic(&mut self, game: &ClassicGame, meta: &ClassicMeta) {
        let play = ClassicPlay::of(game, meta);
        self.write("remove the saved game", |dir| {
            remove_classic_save(dir, &play)
        });
    }
}

impl DuelKeeper for Store {
    fn finish_card_duel(&mut self, duel: &Duel<Game>, meta: &GameMeta, names: &[String; 2]) {
        self.record(&mut DuelRecord::of_cards(duel, meta, names, utc::now()));
    }

    fn finish_classic_duel(
        &mut self,
        duel: &Duel<ClassicGame>,
        meta: &ClassicMeta,
        names: &[String; 2],
    ) {
        self.record(&mut DuelRecord::of_classic(duel, meta, names, utc::now()));
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::cards::engine::Move;
    use crate::store::keeper::Deal;

    fn game(seed: u64) -> (Game, GameMeta) {
        let g = Game::with_seed(Arc::new(Rules::default_rules()), seed);
        let meta = GameMeta {
            deal: Deal::Seed { seed },
            started: utc::now(),
        };
        (g, meta)
    }

    #[test]
    fn save_resume_finish() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::at(Some(dir.path().to_path_buf()));
        assert!(s.take_warnings().is_empty());
        assert_eq!(s.saved().map(|(g, _)| g.moves().len()), None);
        let (mut g, meta) = game(9);
        g.play(Move::Place(0)).unwrap();
        g.play(Move::Place(1)).unwrap();
        s.save(&g, &meta);
        let (back, back_meta) = Store::at(Some(dir.path().to_path_buf())).saved().unwrap();
        assert_eq!(back.position(), g.position());
        assert_eq!(back_meta, meta);

        // Another game finishing leaves this save alone; this one finishing drops it.
        let (mut other, other_meta) = game(10);
        other.play(Move::Place(0)).unwrap();
        s.finish(&other, &other_meta, Ending::Quit);
        assert!(s.saved().is_some());
        let new_best = s.finish(&g, &meta, Ending::Quit);
        assert!(s.saved().is_none());
        assert_eq!(s.history().len(), 2);
        assert_eq!(
            new_best,
            g.position().score > other.position().score,
            "{} vs {}",
            g.position().score,
            other.position().score
        );
        let best = g.position().score.max(other.position().score);
        assert_eq!(s.best(&Rules::default_rules()), Some(best));
        assert!(s.take_warnings().is_empty());
    }

    #[test]
    fn two_games_at_once_both_keep_their_saves() {
        let dir = tempfile::tempdir().unwrap();
        let at = || Store::at(Some(dir.path().to_path_buf()));
        let (mut a, a_meta) = game(11);
        let (mut b, b_meta) = game(12);
        let (mut first, mut second) = (at(), at());
        // Two processes playing at once, moves interleaved.
        for col in 0..3 {
            a.play(Move::Place(col)).unwrap();
            first.save(&a, &a_meta);
            b.play(Move::Place(col)).unwrap();
            second.save(&b, &b_meta);
        }
        b.play(Move::Place(4)).unwrap();
        second.save(&b, &b_meta);
        let saves = fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("saved-game"))
            .count();
        assert_eq!(
            saves, 2,
            "one save file per game, however the moves interleave"
        );
        // The newest is offered first; once it is finished, the other one is.
        let (back, _) = at().saved().unwrap();
        assert_eq!(back.position(), b.position());
        second.finish(&b, &b_meta, Ending::Quit);
        let (back, back_meta) = at().saved().unwrap();
        assert_eq!((back.position(), &back_meta), (a.position(), &a_meta));
        first.forget(&a, &a_meta);
        assert!(at().saved().is_none());
    }

    #[test]
    fn no_folder_keeps_nothing_and_says_so_once() {
        let mut s = Store::at(None);
        let (g, meta) = game(1);
        s.save(&g, &meta);
        assert!(!s.finish(&g, &meta, Ending::Quit));
        assert!(s.saved().is_none());
        assert_eq!(s.take_warnings().len(), 1);
        assert!(s.take_warnings().is_empty());
    }

    fn classic(seed: u64, moves: usize) -> (ClassicGame, ClassicMeta) {
        use crate::classic::Dir;
        let rules = Rules::default_rules().classic;
        let mut g = ClassicGame::new(rules, seed);
        for d in Dir::ALL.into_iter().cycle().take(4 * moves) {
            if g.moves().len() == moves {
                break;
            }
            g.play(d);
        }
        let meta = ClassicMeta {
            rules_name: "default".into(),
            started: utc::now(),
        };
        (g, meta)
    }

    #[test]
    fn classic_saves_and_bests_are_kept_apart_from_card_games() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::at(Some(dir.path().to_path_buf()));
        let (mut card, card_meta) = game(3);
        card.play(Move::Place(0)).unwrap();
        s.save(&card, &card_meta);
        let (g, meta) = classic(5, 6);
        s.save_classic(&g, &meta);
        assert_eq!(s.saved().map(|(g, _)| g.moves().len()), Some(1));
        let (back, back_meta) = s.saved_classic().unwrap();
        assert_eq!((back.board(), back.score()), (g.board(), g.score()));
        assert_eq!(back_meta, meta);

        let rules = g.rules();
        assert_eq!(s.classic_best(&rules), None);
        assert_eq!(s.finish_classic(&g, &meta), g.score() > 0);
        assert!(s.saved_classic().is_none(), "finishing drops its own save");
        assert!(s.saved().is_some(), "and leaves the card game's");
        assert_eq!(s.classic_best(&rules), Some(g.score()));
        // A card best is not a classic best, nor the other way round.
        assert_eq!(s.best(&Rules::default_rules()), None);
        let (weaker, weaker_meta) = classic(6, 1);
        assert!(weaker.score() < g.score());
        assert!(!s.finish_classic(&weaker, &weaker_meta));
        let bigger = ClassicRules { size: 5, ..rules };
        assert_eq!(s.classic_best(&bigger), None);
        // Read again from history by a new store.
        let again = Store::at(Some(dir.path().to_path_buf()));
        assert_eq!(again.classic_best(&rules), Some(g.score()));
        assert_eq!(again.entries().len(), 2);
        assert!(again.history().is_empty(), "history() is card games only");

        // Another classic game's end leaves this one's save alone; forgetting drops it.
        s.save_classic(&g, &meta);
        let (other, other_meta) = classic(7, 2);
        s.finish_classic(&other, &other_meta);
        assert!(s.saved_classic().is_some());
        s.forget_classic(&g, &meta);
        assert!(s.saved_classic().is_none());
        assert!(s.take_warnings().is_empty());
    }

    #[test]
    fn a_damaged_classic_save_is_moved_aside() {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::at(Some(dir.path().to_path_buf()));
        let (g, meta) = classic(8, 3);
        s.save_classic(&g, &meta);
        let p = dir.path().join(classic::SAVE_FILE);
        let text = fs::read_to_string(&p).unwrap();
        fs::write(&p, text.replace("\"size\": 4", "\"size\": 9")).unwrap();
        assert!(s.saved_classic().is_none());
        let w = s.take_warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("saved-classic.json.corrupt-"), "{w:?}");
        assert!(!p.exists());
    }

    #[test]
    fn damaged_save_is_moved_aside() {
        let dir = tempfile::tempdir().unwrap();
        let (mut g, meta) = game(2);
        g.play(Move::Place(0)).unwrap();
        let mut s = Store::at(Some(dir.path().to_path_buf()));
        s.save(&g, &meta);
        let p = saved::path(dir.path());
        let text = fs::read_to_string(&p).unwrap();
        fs::write(&p, text.replace("\"moves\": \"1\"", "\"moves\": \"1 99\"")).unwrap();
        assert!(s.saved().is_none());
        let w = s.take_warnings();
        assert_eq!(w.len(), 1, "{w:?}");
        assert!(w[0].contains("saved-game.json.corrupt-"), "{w:?}");
        assert!(!p.exists());
    }
}
