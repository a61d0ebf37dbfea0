//! The shape of a language: [`Words`], one field a text the game shows, so the compiler refuses
//! a text that exists in one language only; and what a language says of a card or a direction.

use super::fill;
use crate::cards::card::Card;
use crate::cards::engine::Move;
use crate::classic::Dir;
use crate::strategy::review::Loss;

/// The texts of one language. `{}` marks a value, filled in order by `fill`.
pub(crate) struct Words {
    /// The words of a duel over the network.
    pub net: &'static super::net::NetWords,
    pub title: &'static str,
    pub tagline: &'static str,
    pub rules: &'static str,
    pub score: &'static str,
    pub best: &'static str,
    pub cards_left: &'static str,
    pub discards: &'static str,
    pub hand: &'static str,
    pub next: &'static str,
    pub none_left: &'static str,
    pub full: &'static str,
    pub hint_mark: &'static str,
    pub bomb: &'static str,
    pub wild: &'static str,
    pub daily: &'static str,
    /// `{}`: the bot's name.
    pub bot: &'static str,
    pub footer: &'static str,
    pub footer_discard: &'static str,
    /// The footer of a narrow window: every key, each with one word (`{}` the columns); the
    /// narrowest window gets the keys alone ([`Words::footer_short_discard`] goes before `q`).
    pub footer_short: &'static str,
    pub footer_short_discard: &'static str,
    pub bot_footer: &'static str,
    /// `{}` column number.
    pub column_full: &'static str,
    /// `{}` the highest column number.
    pub no_such_column: &'static str,
    pub no_discards: &'static str,
    pub discards_off: &'static str,
    pub nothing_to_undo: &'static str,
    pub undone: &'static str,
    /// `{}` the key's name.
    pub unknown_key: &'static str,
    /// `{}` column number.
    pub hint_column: &'static str,
    pub hint_discard: &'static str,
    pub hint_none: &'static str,
    /// `{}` card, `{}` column.
    pub placed: &'static str,
    /// `{}` card.
    pub discarded: &'static str,
    /// `{}` column, `{}` clear value.
    pub cleared: &'static str,
    /// `{}` column.
    pub bombed: &'static str,
    /// A bomb put on an empty column: `{}` the column.
    pub bombed_empty: &'static str,
    /// `{}` discards.
    pub discards_back: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    /// A question's keys, `{}` what Enter answers (said as a key's, not as an answer given).
    pub yes_no_keys: &'static str,
    /// The same keys where the question would not fit beside them: Enter's answer in capitals
    /// (`(y/N)`), when it is yes and when it is no.
    pub yes_no_short: [&'static str; 2],
    pub confirm_quit: &'static str,
    /// The quit question before any move: there is nothing to save.
    pub confirm_quit_fresh: &'static str,
    pub confirm_restart: &'static str,
    pub won: &'static str,
    /// `{}` the card in hand.
    pub lost: &'static str,
    pub new_best: &'static str,
    /// The result's best when it beat an earlier one: `{}` that one.
    pub new_best_was: &'static str,
    /// The result's best when no game under these rules was recorded before.
    /// The result of a daily deal no game of which was recorded before.
    pub first_daily: &'static str,
    pub first_game: &'static str,
    /// `{}` par, `{}` the player's score.
    pub par_line: &'static str,
    /// During play, beside the best score: the score to beat on this deal (par), once known.
    pub par: &'static str,
    /// What each preset asks of a player, in the menu: `default`'s, `hard`'s, `solitaire`'s.
    pub goal_default: &'static str,
    pub goal_hard: &'static str,
    pub goal_solitaire: &'static str,
    /// A new game of a preset with its goal: `{}` the item, `{}` the goal.
    pub goal_item: &'static str,
    pub par_computing: &'static str,
    /// A puzzle's result: `{}` its target (with `target_proven` or `target_known`), `{}` the
    /// player's score.
    pub target_line: &'static str,
    pub target_proven: &'static str,
    pub target_known: &'static str,
    pub target_computing: &'static str,
    /// While a puzzle's target is worked out before it opens (one that takes a while).
    pub puzzle_preparing: &'static str,
    /// `{}` how far the search has come, in percent of the most it will search.
    pub puzzle_progress: &'static str,
    /// The key that gives a puzzle's preparation up.
    pub puzzle_cancel: &'static str,
    /// What opens the solver's line on a puzzle's result screen.
    pub see_line: &'static str,
    /// A puzzle's title tag.
    pub puzzle: &'static str,
    /// Before the rest of a puzzle's deck, after the cards in view.
    pub puzzle_then: &'static str,
    /// A puzzle's target beside its score, and the best score its moves so far still allow.
    pub target: &'static str,
    pub reach: &'static str,
    /// A puzzle's result: `{}` the score (the target) when it was reached; `{}` the score and
    /// `{}` the best known target it beat; `{}` the points short, `{}` the score, `{}` the target
    /// (wrapped in a narrow window).
    pub puzzle_solved: &'static str,
    pub puzzle_beaten: &'static str,
    pub puzzle_short: &'static str,
    /// The help's last rule in a puzzle (in place of `help_end`): `{}` the target.
    pub help_puzzle_end: &'static str,
    /// `{}` the share of accurate moves, in percent.
    pub accuracy_line: &'static str,
    /// [`Words::accuracy_line`] of a game played with help: `{}` the share, `{}` the hints and
    /// undos used ([`Words::hints_used`], [`Words::undos_used`], joined with `help_joined`).
    pub accuracy_helped: &'static str,
    pub hints_used: [&'static str; 2],
    pub undos_used: [&'static str; 2],
    pub help_joined: &'static str,
    pub accuracy_computing: &'static str,
    /// `{}` the move's number, `{}` the better move (`column_n` or `a_discard`).
    pub biggest_mistake: &'static str,
    /// After the biggest mistake on the result screen: the key that opens the review there.
    pub see_mistake: &'static str,
    /// No move a mistake, the score under par: `{}` points under it.
    pub no_big_mistakes: [&'static str; 2],
    pub no_mistakes: &'static str,
    pub column_n: &'static str,
    pub a_discard: &'static str,
    /// The explained hint (the hint key's second press): its moves and what each gives up
    /// against the best, as the review tells it.
    pub explain: ExplainWords,
    pub cards_played: &'static str,
    pub highest: &'static str,
    pub bot_result_keys: &'static str,
    /// `{}` width, `{}` height, `{}` needed width, `{}` needed height.
    pub too_small: &'static str,
    pub too_small_hint: &'static str,
    pub help_title: &'static str,
    pub help_keys: &'static [&'static str],
    /// How cards merge (two lines).
    pub help_merge: [&'static str; 2],
    /// `{}` clear value, `{}` bonus.
    pub help_clear: &'static str,
    pub help_bomb: &'static str,
    pub help_wild: &'static str,
    pub help_full: &'static str,
    /// What a full column still takes, by what the deck deals: `[neither, bombs, wild cards,
    /// both]`.
    pub help_full_merge: [&'static str; 4],
    /// Merges that score only the card they make.
    pub help_score_card: &'static str,
    /// Merges that score nothing.
    pub help_score_none: &'static str,
    /// `{}` the clear value, when a clear scores nothing.
    pub help_clear_plain: &'static str,
    /// `{}` discards left, `{}` given back per clear, `{}` most.
    pub help_discards: &'static str,
    pub help_end: &'static str,
    pub help_back: &'static str,
    /// Text taller than the window: `{}` lines shown so far, `{}` in all.
    pub page_more: &'static str,
    /// The same on a screen whose space and arrows are its own (a duel, the result).
    pub page_more_keys: &'static str,
    /// `{}` lines in all.
    pub page_end: &'static str,
    pub menu_prompt: &'static str,
    pub menu_new: &'static str,
    /// `{}` score, `{}` cards played.
    /// `{}` date.
    pub menu_daily: &'static str,
    /// `{}` rules name.
    pub menu_rules: &'static str,
    pub menu_quit: &'static str,
    pub preset_prompt: &'static str,
    /// `{}` score.
    pub saved_bye: &'static str,
    pub bye: &'static str,
    /// `{}` bot name, `{}` score, `{}` cards played.
    pub bot_bye: &'static str,
    /// `{}` bot name, `{}` score, `{}` moves made (classic).
    pub bot_bye_classic: &'static str,
    /// Classic 2048: the title's tag, `{}` × `{}` the board side.
    pub classic_tag: &'static str,
    pub moves: &'static str,
    /// The four directions in the order of [`crate::classic::Dir::ALL`] (up, down, left, right).
    pub dirs: [&'static str; 4],
    /// `{}` direction (the points follow when a merge scored).
    pub slid: &'static str,
    /// `{}` direction.
    pub slide_nothing: &'static str,
    /// `{}` direction, `{}` arrow.
    pub hint_dir: &'static str,
    /// `{}` the winning tile.
    pub classic_win: &'static str,
    pub classic_lost: &'static str,
    /// `{}` the winning tile.
    pub classic_won_end: &'static str,
    pub highest_tile: &'static str,
    pub classic_footer: &'static str,
    pub classic_footer_short: &'static str,
    pub classic_help_keys: &'static [&'static str],
    /// `{}` the winning tile.
    pub classic_help_rules: &'static [&'static str],
    /// `{}` score.
    pub classic_saved_bye: &'static str,
    /// `{}` side, `{}` side.
    pub menu_classic: &'static str,
    /// `{}` score, `{}` moves.
    /// `{}` score, `{}` moves.
    pub resume_classic: &'static str,
    /// Duels.
    pub menu_duel: &'static str,
    pub duel_prompt: &'static str,
    pub duel_cards: &'static str,
    pub duel_classic: &'static str,
    /// `{}` 1 or 2.
    pub player: &'static str,
    pub duel_tag: &'static str,
    /// `{}` name.
    pub to_move: &'static str,
    pub game_over_mark: &'static str,
    /// Beside a duel player's name once their whole deck is played (a card duel).
    pub deck_played_mark: &'static str,
    /// `{}` the highest column number.
    pub duel_footer_cards: &'static str,
    pub duel_footer_classic: &'static str,
    pub duel_no_undo: &'static str,
    pub duel_no_hint: &'static str,
    pub duel_no_restart: &'static str,
    pub confirm_give_up: &'static str,
    /// `{}` name, `{}` and `{}` the turns each survived.
    pub duel_won_longer: &'static str,
    /// `{}` name, `{}` and `{}` the scores, `{}` the turns both survived.
    pub duel_won_score: &'static str,
    /// `{}` turns, `{}` score.
    pub duel_draw: &'static str,
    pub duel_help_keys_cards: &'static [&'static str],
    pub duel_help_keys_classic: &'static [&'static str],
    pub duel_help_rules: &'static [&'static str],
    // Issue 11: the session loop, replays, the daily result.
    /// Above the start menu after a game was left saved: `{}` its score.
    pub menu_saved: &'static str,
    /// A saved game in the start menu: `{}` its description.
    pub menu_saved_item: &'static str,
    pub menu_saved_rules: &'static str,
    pub menu_saved_score: &'static str,
    pub menu_mode_cards: &'static str,
    /// `{}`×`{}` the board.
    pub menu_mode_classic: &'static str,
    /// One card, and more.
    pub menu_played_cards: [&'static str; 2],
    pub menu_played_moves: [&'static str; 2],
    pub ago_now: &'static str,
    pub ago_min: &'static str,
    pub ago_hours: &'static str,
    pub ago_yesterday: &'static str,
    /// The keys of the start menu with saved games, of a sub-menu, of the menu without saves.
    pub menu_keys: &'static str,
    pub list_keys: &'static str,
    pub list_keys_quit: &'static str,
    /// `{}` the saved game's line in the menu.
    pub menu_delete: &'static str,
    pub menu_deleted: &'static str,
    /// The menu's items in a narrow window: `{}`×`{}` the board, `{}` the date.
    pub menu_classic_short: &'static str,
    pub menu_duel_short: &'static str,
    pub menu_daily_short: &'static str,
    /// `{}` the puzzle's cards.
    pub menu_puzzle: &'static str,
    pub menu_puzzle_short: &'static str,
    /// Today's deal once played: `{}` the date, `{}` the best score of it.
    pub menu_daily_played: &'static str,
    pub menu_daily_played_short: &'static str,
    pub menu_mode_duel_cards: &'static str,
    pub menu_mode_duel_classic: &'static str,
    pub menu_played_turns: [&'static str; 2],
    /// The start menu lists the newest saved games, then this: `{}` how many more.
    pub menu_more_saved: &'static str,
    /// The list of every saved game: `{}` how many; its keys.
    pub saved_prompt: &'static str,
    pub saved_keys: &'static str,
    /// A saved game's row in a narrow window: what it is, in a word.
    pub menu_mode_cards_short: &'static str,
    pub menu_mode_duel_short: &'static str,
    /// How long ago, in a narrow window: now, `{}` minutes, `{}` hours, yesterday (`5m`).
    pub ago_short: [&'static str; 4],
    /// A deal started again while a game of it is saved: `{}` when it was played, its score,
    /// cards played.
    pub resume_deal: &'static str,
    pub resume_deal_ask: &'static str,
    /// The player's record with a preset: `{}` the best score, games played, the share won.
    pub menu_record: &'static str,
    pub menu_record_short: &'static str,
    /// Beside a preset in the start menu: its measured difficulty (`{}` the best bot's % won).
    pub menu_bot_rate: &'static str,
    pub menu_not_played: &'static str,
    /// A rule set that cannot be played, listed to be mended: `{}` its name, `{}` why (the
    /// file's own message); shorter in a narrow window.
    pub menu_mend: &'static str,
    pub menu_mend_short: &'static str,
    /// A rule set that is not TOML, chosen to mend: the question, the ways out (`{}` the
    /// player's text editor; `{}` the preset it came from), and what became of it (`{}` where
    /// the old file is kept, `{}` the file, `{}` the preset).
    pub mend_not_toml: &'static str,
    pub mend_open: &'static str,
    pub mend_again: &'static str,
    pub mend_back: &'static str,
    pub mend_kept: &'static str,
    /// Above the menu when the rules file cannot be played: `{}` where (`config.toml:33:
    /// board.columns`).
    pub menu_broken_rules: &'static str,
    /// The player's rules file is not TOML: the line above its place, line and caret.
    pub menu_broken_not_toml: &'static str,
    /// The player's rules file cannot be read: `{}` which, why and what to do.
    pub menu_broken_unread: &'static str,
    /// After easy wins on `{}` rules (so many in a row, or so high a share won): the next
    /// harder rules `{}` suggested, with the key that starts them.
    pub menu_try_streak: &'static str,
    pub menu_try_rate: &'static str,
    /// Saved games left out of the list: `{}` how many.
    pub menu_open_elsewhere: [&'static str; 2],
    pub menu_elsewhere: &'static str,
    pub menu_gone: &'static str,
    /// After a duel left saved: `{}` the higher score.
    pub duel_saved_bye: &'static str,
    /// A duel given up: `{}` who gave up, then each player's name and score; recorded, or
    /// given up before any move (not recorded).
    pub duel_given_up: &'static str,
    /// The result screen of a duel given up: who gave up, who wins.
    pub duel_gave_up_head: &'static str,
    pub duel_given_up_early: &'static str,
    /// The replay screen: its name, playing or paused, `{}` of `{}` moves, the keys, and how
    /// the recorded game ended.
    pub replay_tag: &'static str,
    pub review_tag: &'static str,
    pub replay_playing: &'static str,
    pub replay_paused: &'static str,
    pub replay_move: &'static str,
    pub replay_keys: &'static str,
    pub replay_keys_short: &'static str,
    /// A review's place: the position move `{}` (of `{}`) is played from.
    pub review_before: &'static str,
    /// A review's note on a mistake, before it is played: `{}` the move's number, `{}` the
    /// move played (`column_n` or `a_discard`), `{}` what it gives up (`explain`'s loss), `{}`
    /// the better move.
    pub review_mistake: &'static str,
    /// A review's note on an accurate move: `{}` its number, `{}` the move.
    pub review_accurate: &'static str,
    /// A review's keys: a replay's and `n`/`N`, to the next or previous mistake.
    pub review_keys: &'static str,
    pub review_keys_short: &'static str,
    pub replay_won: &'static str,
    pub replay_lost: &'static str,
    pub replay_quit: &'static str,
    /// After a daily deal: `{}` its date, over the line to share; `{}` the streak, `{}` the
    /// best streak, `{}` the deal's best score.
    pub daily_share: &'static str,
    /// After a daily deal or puzzle played again: `{}` its date, over the line to share (the
    /// first play's, which alone counts).
    pub daily_practice: &'static str,
    /// The title's tag of a daily deal or puzzle finished before: this play is practice.
    pub practice: &'static str,
    pub daily_streak: &'static str,
    /// The same two lines after a daily puzzle.
    pub puzzle_share: &'static str,
    pub puzzle_streak: &'static str,
    /// `{}` par of the deal.
    pub daily_par: &'static str,
    pub days: [&'static str; 2],
    pub longest_chain: &'static str,
    pub clears: &'static str,
    pub bombs_used: &'static str,
    pub time_played: &'static str,
    pub choice_keys: &'static str,
    pub your_rules: &'static str,
    /// The rules editor: the entry in the rules sub-menu, its title (the file), its actions.
    pub edit_rules: &'static str,
    pub editor_title: &'static str,
    pub editor_save: &'static str,
    pub editor_save_as: &'static str,
    pub editor_play: &'static str,
    pub editor_back: &'static str,
    pub editor_keys: &'static str,
    pub editor_typing_keys: &'static str,
    /// After a value: the key is not in the file, its value is the default's.
    pub editor_inherited: &'static str,
    pub editor_ok: &'static str,
    pub editor_saved: &'static str,
    pub editor_not_saved: &'static str,
    pub editor_name: &'static str,
    pub editor_bad_name: &'static str,
    pub editor_exists: &'static str,
    pub editor_leave_unsaved: &'static str,
    /// The bot's estimate: games won, games played, games planned.
    pub editor_estimate: &'static str,
    pub editor_estimate_done: &'static str,
    /// After the estimate, when only the deck's first `{}` of `{}` cards are played.
    pub editor_estimate_prefix: &'static str,
    /// The selected key explained: what it means, what it allows (from [`crate::config::keys`])
    /// and its default (`{}`), joined by `editor_about`.
    pub editor_about: &'static str,
    pub editor_default: &'static str,
    /// The language the keys are explained in ([`crate::config::keys`] holds `en` and `zh`).
    pub keys_lang: &'static str,
    /// A file opened with bad values: how many, and how to mend them.
    pub editor_bad_keys: [&'static str; 2],
    /// Beside a bad key's value.
    pub editor_bad_mark: &'static str,
    /// Saving or playing refused while keys are bad: `{}` the keys.
    pub editor_fix_first: &'static str,
    /// The first save of rules named after a preset (or not named): the name is asked.
    pub editor_name_first: &'static str,
    /// Under a misspelt key: `r` renames it to the key it was meant to be (`{}`), keeping its
    /// value (`{}`).
    pub editor_rename_offer: &'static str,
    /// A key renamed: the old key, the new one, its value.
    pub editor_renamed: &'static str,
    /// `{}` the points of a merge step.
    pub help_score: &'static str,
    /// `{}` the points of a merge step, twice.
    pub help_score_value: &'static str,
    pub help_boss: &'static str,
    /// The result screen's choices: again, undo, menu, quit.
    pub choices: [&'static str; 4],
    /// One line on each preset (default, solitaire, hard): what it changes, how hard it is.
    /// `{}` best's share of games won (percent), `{}` its mean score: from the measured table
    /// ([`crate::strategy::measured`]); a line may stop before the second.
    pub preset_lines: [&'static str; 3],
    /// A rules sub-menu item: `{}` the preset (or "your rules"), `{}` its line (or the file).
    pub preset_item: &'static str,
}

/// The words of a [`Loss`], each `{}` filled with its number ([`Loss::figure`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct LossWords {
    pub best: &'static str,
    pub as_good: &'static str,
    pub win_chance: &'static str,
    pub survival: &'static str,
    pub points: &'static str,
    pub prefers: &'static str,
}

/// The words an explained hint is told in: one item, `{}` the move (`column_n` or `a_discard`)
/// and `{}` its [`Loss`] in `loss`. The review's notes tell their losses in the same words.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ExplainWords {
    pub item: &'static str,
    pub loss: LossWords,
}

impl Words {
    /// What a move gives up, in this language: `-12% chance to win`, `-3.1 points expected`,
    /// `best`.
    pub(crate) fn loss(&self, loss: &Loss) -> String {
        let w = &self.explain.loss;
        let said = match loss {
            Loss::Best => w.best,
            Loss::AsGood => w.as_good,
            Loss::WinChance(_) => w.win_chance,
            Loss::Survival(_) => w.survival,
            Loss::Points(_) => w.points,
            Loss::Prefers => w.prefers,
        };
        fill(said, &[&loss.figure().unwrap_or_default()])
    }

    /// A move as a sentence's object: `column 3`, `a discard`.
    pub(crate) fn move_at(&self, m: Move) -> String {
        match m {
            Move::Place(c) => fill(self.column_n, &[&(u16::from(c) + 1)]),
            Move::Discard => self.a_discard.to_string(),
        }
    }

    /// The explained hint's moves in this language, one item each: `column 2: best`, `column
    /// 4: -3.1 points expected`.
    pub(crate) fn explanation(&self, advice: &[(Move, Loss)]) -> Vec<String> {
        advice
            .iter()
            .map(|(m, loss)| fill(self.explain.item, &[&self.move_at(*m), &self.loss(loss)]))
            .collect()
    }

    /// The face of a card: its value, or the word for bomb and wild.
    pub(crate) fn card(&self, card: Card) -> String {
        if card.is_bomb() {
            self.bomb.to_string()
        } else if card.is_wild() {
            self.wild.to_string()
        } else {
            card.to_string()
        }
    }

    /// The word for a slide's direction in classic 2048.
    pub(crate) fn dir(&self, d: Dir) -> &'static str {
        let i = Dir::ALL.iter().position(|&x| x == d).unwrap_or(0);
        self.dirs[i]
    }
}
