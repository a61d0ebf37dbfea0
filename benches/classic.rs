//! Classic 2048 bot speed: one decision on positions from real games (target: < 10 ms a move).
//!
//! Run: `cargo bench --bench classic`.

use new2048::cards::rules::ClassicRules;
use new2048::classic::{ClassicGame, bot};

fn main() {
    divan::main();
}

/// Positions the bot meets: every 50th position of a game it plays itself, early to late.
fn positions() -> Vec<new2048::classic::Board> {
    let mut g = ClassicGame::new(ClassicRules { size: 4, win: 2048 }, 1);
    let mut out = Vec::new();
    while let Some(d) = bot::best_move(g.board()) {
        if g.moves().len().is_multiple_of(50) {
            out.push(*g.board());
        }
        g.play(d);
        if g.won() {
            break;
        }
    }
    out
}

#[divan::bench(sample_count = 20)]
fn decision_4x4(bencher: divan::Bencher) {
    let ps = positions();
    let mut i = 0;
    bencher.bench_local(|| {
        i = (i + 1) % ps.len();
        bot::best_move(divan::black_box(&ps[i]))
    });
}

/// The same positions searched by nneonneo's depth rule within 100 ms (the hint's budget).
#[divan::bench(sample_count = 10)]
fn decision_4x4_within_100ms(bencher: divan::Bencher) {
    let ps = positions();
    let mut i = 0;
    let think = bot::Think::Within(std::time::Duration::from_millis(100));
    bencher.bench_local(|| {
        i = (i + 1) % ps.len();
        bot::best_move_with(divan::black_box(&ps[i]), think)
    });
}
