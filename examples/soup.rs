//! Averages two weight files of the same rules entry by entry (a "model soup": a network refined
//! from another is averaged with it), to try whether the average plays better than either.
//!
//! Run: `cargo run --release --example soup -- hard A.bin B.bin OUT.bin [SHARE_OF_B]`

use new2048::cards::rules::Rules;
use new2048::strategy::ntuple::Network;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [name, a, b, out, rest @ ..] = args.as_slice() else {
        eprintln!("usage: soup PRESET A.bin B.bin OUT.bin [SHARE_OF_B]");
        std::process::exit(2);
    };
    let share: f32 = rest.first().and_then(|s| s.parse().ok()).unwrap_or(0.5);
    let text = new2048::config::presets::get(name).expect("a preset name");
    let rules = Rules::parse(text, name, Some(&Rules::default_rules())).expect("presets parse");
    let read = |p: &str| {
        Network::decode(&std::fs::read(p).expect("readable"), &rules)
            .expect("weights of these rules")
    };
    let mut net = read(a);
    let other = read(b);
    for (w, o) in net.weights_mut().iter_mut().zip(other.weights()) {
        for k in 0..2 {
            w[k] = w[k] * (1.0 - share) + o[k] * share;
        }
    }
    std::fs::write(out, net.encode()).expect("written");
}
