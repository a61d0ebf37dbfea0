//! Duels on the screen: two players at one terminal, taking turns, for either game.
//!
//! The turn order and the result are [`Duel`]'s; this module reads the key of the player to move,
//! plays it on their game and hands the turn on. The loop is the one every game shares
//! ([`super::session`]), so signals, resizes, quitting and the help behave as in a single
//! game. What differs between the card game and classic 2048 (keys, boards, how a move is told)
//! is [`OnScreen`]; the duel is kept as one [`InPlay`], whichever game it is.
//!
//! No undo: a turn taken is the other player's to answer, and taking it back would change the
//! position they answered. No hints either: with a strong bot one key away, a duel would be the
//! bot playing itself; the hint key says so instead. A duel is saved after every move, so one
//! left at once (Ctrl-C, Ctrl-D, a closed terminal, a signal) is among the saved games of the
//! start menu and goes on with the same player to move; it is recorded once, when decided, or as
//! given up when `q` gives it up after at least one move.

use std::sync::Arc;

use crate::ui::term::Key;

use crate::cards::rules::{ClassicRules, Rules};
use crate::duel::{Duel, Playable};
use crate::store::{InPlay, Resumed, Store};

use crate::ui::kit::{Laid, Note, Overlay, Tone, View, Words, fill};
use crate::ui::screens::{DuelScreen, duel_columns_at, lay_out_duel, tone};
use crate::ui::term::{Act, Action, Mouse, Ui};

use super::classic::drag;
use super::on_screen::OnScreen;
use super::session::{self, End, Play, click};

/// Which game a duel is played at.
#[derive(Clone, Debug)]
pub(crate) enum DuelGame {
    Cards(Arc<Rules>),
    /// Classic rules, and the name of the rules file they come from (for history).
    Classic(ClassicRules, String),
}

/// What starts a duel: the game, the players' names, and the seed (`None`: a fresh one).
#[derive(Clone, Debug)]
pub(crate) struct Setup {
    pub game: DuelGame,
    pub names: [String; 2],
    pub seed: Option<u64>,
}

impl Setup {
    /// A new duel like the saved one `r` (the same game, rules and players), from a fresh seed:
    /// what "play again" plays after it.
    pub(crate) fn after(r: &Resumed, words: &Words) -> Setup {
        let (game, names) = match r {
            Resumed::CardDuel(d, _, names) => (
                DuelGame::Cards(Arc::clone(d.players[0].rules_arc())),
                names.clone(),
            ),
            Resumed::ClassicDuel(d, m, names) => (
                DuelGame::Classic(d.players[0].rules(), m.rules_name.clone()),
                names.clone(),
            ),
            Resumed::Cards(g, _) => (
                DuelGame::Cards(Arc::clone(g.rules_arc())),
                default_names(words),
            ),
            Resumed::Classic(g, m) => (
                DuelGame::Classic(g.rules(), m.rules_name.clone()),
                default_names(words),
            ),
        };
        Setup {
            game,
            names,
            seed: None,
        }
    }

    /// The same duel again from a fresh seed.
    pub(crate) fn again(&self) -> Setup {
        Setup {
            seed: None,
            ..self.clone()
        }
    }
}

/// The default names, in the player's language: `Player 1`, `Player 2`.
pub(crate) fn default_names(words: &Words) -> [String; 2] {
    [fill(words.player, &[&1]), fill(words.player, &[&2])]
}

/// Plays the duel `setup` describes until it is decided, given up, or a signal stops it; with
/// the line that says who gave it up, when it was (see [`Session::given_up`]).
pub(crate) fn play_duel(ui: &Ui, store: &mut Store, setup: &Setup) -> (End, Option<String>) {
    let names = setup.names.clone();
    match &setup.game {
        DuelGame::Cards(rules) => {
            let (g, meta) =
                crate::deal::start(Arc::clone(rules), crate::deal::NewDeal::Seed(setup.seed));
            run(ui, store, Duel::new(g.clone(), g), meta, names)
        }
        DuelGame::Classic(rules, name) => {
            let (g, meta) = crate::deal::start_classic(*rules, name, setup.seed);
            run(ui, store, Duel::new(g.clone(), g), meta, names)
        }
    }
}

/// Plays on a duel taken up from its save (the same player to move as when it was left), as
/// [`play_duel`] does.
pub(crate) fn resume_duel(ui: &Ui, store: &mut Store, resumed: Resumed) -> (End, Option<String>) {
    if let Err(e) = crate::net::refuse_resume(&resumed) {
        let [a, b] = &e.names;
        return (
            End::Quit(None),
            Some(fill(ui.words.net.resume_refused, &[a, b])),
        );
    }
    match resumed {
        Resumed::CardDuel(d, m, names) => run(ui, store, *d, m, names),
        Resumed::ClassicDuel(d, m, names) => run(ui, store, *d, m, names),
        // Not a duel: nothing to play here.
        Resumed::Cards(..) | Resumed::Classic(..) => (End::Quit(None), None),
    }
}

fn run<G: OnScreen>(
    ui: &Ui,
    store: &mut Store,
    duel: Duel<G>,
    meta: G::Meta,
    names: [String; 2],
) -> (End, Option<String>) {
    let middle = duel.players[0].columns() / 2;
    let moved = duel.players.iter().any(|p| p.survived() > 0);
    let mut s = Session {
        ui,
        store,
        duel,
        meta,
        names,
        cursors: [middle; 2],
        notes: Vec::new(),
        moved,
        recorded: false,
        pressed: None,
        gave_up: None,
    };
    s.warnings();
    let end = session::run(&mut s);
    let said = matches!(end, End::Quit(_)).then(|| s.given_up()).flatten();
    (end, said)
}

/// One duel being played on the screen.
struct Session<'a, G: OnScreen> {
    ui: &'a Ui,
    store: &'a mut Store,
    duel: Duel<G>,
    meta: G::Meta,
    names: [String; 2],
    cursors: [usize; 2],
    notes: Vec<Note>,
    /// A move was made (a duel left before is not worth recording).
    moved: bool,
    recorded: bool,
    /// Where a mouse button went down (a classic drag slides from there).
    pressed: Option<(u16, u16)>,
    /// The player who gave the duel up (after a move): its result screen is showing.
    gave_up: Option<usize>,
}

impl<G: OnScreen> Session<'_, G> {
    fn screen_state(&self, overlay: Overlay, prompt_line: bool) -> DuelScreen<'_, G> {
        DuelScreen {
            duel: &self.duel,
            names: &self.names,
            cursors: self.cursors,
            notes: &self.notes,
            overlay,
            prompt_line,
            asking: prompt_line,
            gave_up: self.gave_up,
        }
    }

    fn warnings(&mut self) {
        for w in self.store.take_warnings() {
            self.notes.push(Note::new(w, Tone::Bad));
        }
    }

    /// Records the duel once: decided, or given up after a move.
    fn record(&mut self) {
        if self.moved && !self.recorded {
            let duel = InPlay::duel(&self.duel, &self.names, &self.meta);
            self.store.finish(&duel, None, None);
            self.recorded = true;
            self.warnings();
        }
    }

    /// What giving the duel up did, once it was: who gave up (the player to move), the score,
    /// and whether it is recorded (not when no move was made). `None` for a decided duel.
    fn given_up(&self) -> Option<String> {
        let words = self.ui.words;
        let i = self.duel.to_move()?;
        if !self.recorded {
            return Some(fill(words.duel_given_up_early, &[&self.names[i]]));
        }
        let score = |p: usize| self.duel.players[p].score();
        Some(fill(
            words.duel_given_up,
            &[
                &self.names[i],
                &self.names[0],
                &score(0),
                &score(1),
                &self.names[1],
            ],
        ))
    }

    fn say(&mut self, text: &str) {
        self.notes = vec![Note::new(text, Tone::Bad)];
    }
}

impl<G: OnScreen> Play for Session<'_, G> {
    fn ui(&self) -> &Ui {
        self.ui
    }

    fn is_over(&self) -> bool {
        self.duel.to_move().is_none()
    }

    fn finish(&mut self) -> bool {
        self.record();
        false
    }

    fn leave(&mut self) -> End {
        // SoloGame for later, saved as it was after the last move; a duel not begun is not kept.
        if self.moved && !self.recorded {
            let best = self.duel.players.iter().map(Playable::score).max();
            return End::Stopped(best);
        }
        End::Stopped(None)
    }

    /// `q` answered yes: the player to move gives the duel up. After a move it is recorded as
    /// given up and the result screen says the other player wins, with the choices of any
    /// result (again, the menu, quit); before any move nothing is kept and the duel is left.
    fn quit(&mut self) -> End {
        self.record();
        let Some(i) = self.duel.to_move().filter(|_| self.recorded) else {
            return End::Quit(None);
        };
        self.gave_up = Some(i);
        self.notes.clear();
        session::over_choice(self).unwrap_or(End::Over(super::session::After::Menu))
    }

    fn quit_question(&self) -> &'static str {
        self.ui.words.confirm_give_up
    }

    fn lay_out(&self, v: View) -> Laid {
        let screen = self.screen_state(v.overlay, v.prompt_line);
        lay_out_duel(&screen, v.canvas)
    }

    fn action(&self, key: &Key) -> Action {
        G::action(key)
    }

    /// On a card duel, the mouse on the columns of the player to move does what it does in the
    /// card game (the same hit-testing, on the board as the duel draws it); on a classic duel a
    /// drag slides.
    fn mouse(&mut self, m: Mouse) -> Option<Action> {
        let i = self.duel.to_move()?;
        let (width, height) = crate::ui::term::size(&self.ui.term);
        let screen = self.screen_state(Overlay::None, false);
        if let Some(at) = duel_columns_at(&screen, self.ui.canvas(width, height)) {
            return click(&at, m, self.cursors[i], self.duel.players[i].discards());
        }
        match m.act {
            Act::Press(0) => {
                self.pressed = Some((m.x, m.y));
                None
            }
            Act::Release(_) => drag(self.pressed.take()?, (m.x, m.y)).map(Action::Slide),
            _ => None,
        }
    }

    fn act(&mut self, act: Action) -> Option<End> {
        let words = self.ui.words;
        let i = self.duel.to_move()?;
        let columns = self.duel.players[i].columns().max(1);
        match act {
            Action::Undo => self.say(words.duel_no_undo),
            Action::Hint => self.say(words.duel_no_hint),
            Action::Restart => self.say(words.duel_no_restart),
            Action::Left => self.cursors[i] = (self.cursors[i] + columns - 1) % columns,
            Action::Right => self.cursors[i] = (self.cursors[i] + 1) % columns,
            Action::Point(c) if c < columns => self.cursors[i] = c,
            Action::Unknown(name) => self.notes = vec![session::unknown_key(&name, words)],
            act => match self.duel.players[i].play(&act, self.cursors[i], words) {
                Some(Ok(notes)) => {
                    self.moved = true;
                    let duel = InPlay::duel(&self.duel, &self.names, &self.meta);
                    self.store.save(&duel);
                    self.warnings();
                    // Each note says whose move it was, in their colour.
                    self.notes = notes
                        .into_iter()
                        .map(|n| Note::new(format!("{}: {}", self.names[i], n.text), tone(i)))
                        .collect();
                    self.duel.next_turn();
                }
                Some(Err(note)) => self.notes = vec![note],
                None => {}
            },
        }
        None
    }
}
