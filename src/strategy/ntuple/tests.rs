//! The network's values, its stored form and its layouts.

use super::file::MAGIC;
use super::*;
use crate::cards::card::Card;

#[test]
fn round_trip() {
    let r = Rules::default_rules();
    let mut net = Network::new(&r);
    net.games = 7;
    let pos = Position::with_columns(&r, &[&[Card::from_exponent(3)]]);
    let (f, n) = net.features(&pos);
    net.add(&f[..n], [0.125, 3.5]);
    net.weights[5] = [-0.5, 12.25];
    let back = Network::decode(&net.encode(), &r).unwrap();
    assert_eq!(back.weights, net.weights);
    assert_eq!(back.games, 7);
    let hard = crate::config::presets::get("hard").unwrap();
    let hard = Rules::parse(hard, "hard", Some(&r)).unwrap();
    assert!(matches!(
        Network::decode(&net.encode(), &hard),
        Err(WeightsError::OtherRules(_))
    ));
    assert_eq!(
        Network::decode(&net.encode()[..40], &r).err(),
        Some(WeightsError::TooShort)
    );
}

#[test]
fn column_order_does_not_matter() {
    let r = Rules::default_rules();
    let mut net = Network::new(&r);
    for (i, w) in net.weights.iter_mut().enumerate() {
        *w = [(i % 97) as f32 * 0.01, (i % 13) as f32];
    }
    let c = |e| Card::from_exponent(e);
    let a = Position::with_columns(&r, &[&[c(5), c(3)], &[], &[c(1)], &[c(6), c(2), c(4)]]);
    let b = Position::with_columns(&r, &[&[c(1)], &[c(6), c(2), c(4)], &[], &[], &[c(5), c(3)]]);
    let (va, vb) = (net.value(&a), net.value(&b));
    assert!((va.survival - vb.survival).abs() < 1e-4);
    assert!((va.points - vb.points).abs() < 1e-3);
}

fn preset(name: &str) -> Rules {
    let d = Rules::default_rules();
    Rules::parse(crate::config::presets::get(name).unwrap(), name, Some(&d)).unwrap()
}

#[test]
fn both_layouts_round_trip_and_the_shipped_files_keep_theirs() {
    let r = preset("hard");
    for layout in [Layout::Split, Layout::Whole] {
        let mut net = Network::of_layout(&r, layout);
        let last = net.weights.len() - 1;
        net.weights[last] = [0.25, -3.0];
        let back = Network::decode(&net.encode(), &r).unwrap();
        assert_eq!(back.layout(), layout);
        assert_eq!(back.weights, net.weights);
        assert!(back.fits(&r));
    }
    // A whole network begins with a split one's tables: widened, split weights value every
    // position as before.
    let (split, whole) = (Shape::of(&r, Layout::Split), Shape::of(&r, Layout::Whole));
    assert_eq!(split.mid, whole.mid);
    assert!(whole.len > split.len);
    // The shipped default weights are split (the hard ones whole, since issue 45).
    let d = Rules::default_rules();
    let shipped = embedded(&d).unwrap();
    assert_eq!(shipped.layout(), Layout::Split);
    assert_eq!(embedded(&r).unwrap().layout(), Layout::Whole);
    let wide = shipped.clone().widened(Layout::Whole).unwrap();
    assert!(wide.fits(&d));
    assert_eq!(wide.weights.len(), Shape::of(&d, Layout::Whole).len);
    let c = |e| Card::from_exponent(e);
    let pos = Position::with_columns(&d, &[&[c(3), c(9), c(6)], &[c(10)], &[], &[c(1)]]);
    assert_eq!(shipped.value(&pos), wide.value(&pos));
    assert!(wide.widened(Layout::Split).is_none());
    // Weights written before format 3 are still read, as what they are.
    for name in ["default", "hard", "solitaire"] {
        let rules = preset(name);
        let net = embedded(&rules).unwrap();
        assert!(net.fits(&rules), "{name}");
    }
    let mut bytes = Network::new(&r).encode();
    bytes[MAGIC.len()..MAGIC.len() + 4].copy_from_slice(&4u32.to_le_bytes());
    assert_eq!(
        Network::decode(&bytes, &r).err(),
        Some(WeightsError::Version(4))
    );
}

#[test]
fn the_shape_of_a_column_tells_one_that_can_clear_from_one_that_cannot() {
    let r = preset("hard");
    let shape = Shape::of(&r, Layout::Whole);
    let c = |e| Card::from_exponent(e);
    let entry = |cards: &[Card]| {
        let pos = Position::with_columns(&r, &[cards]);
        shape.column(&pos.columns()[0]).entries[3]
    };
    // 1024, 512, 64 (top to tail): a chain from the tail can reach the top.
    let clears = entry(&[c(10), c(9), c(6)]);
    // 8, 512, 64: the 8 stops every chain, the same cards otherwise.
    let stuck = entry(&[c(3), c(9), c(6)]);
    assert_ne!(clears, stuck);
    let decode = |e: u32| {
        let mut i = e as usize - shape.run;
        let stop = i % shape.codes;
        i /= shape.codes;
        let top = i % shape.codes;
        i /= shape.codes;
        (i / (shape.height + 1), i % (shape.height + 1), top, stop)
    };
    assert_eq!(decode(clears), (3, 3, 10, 0));
    assert_eq!(decode(stuck), (3, 2, 9, 3));
    assert_eq!(decode(entry(&[])), (0, 0, 0, 0));
    // The middle window sees the fourth card from the tail with the fifth.
    let deep = [c(10), c(2), c(8), c(7), c(6), c(5)];
    let shallow = [c(2), c(10), c(8), c(7), c(6), c(5)];
    let mid = |cards: &[Card]| {
        let pos = Position::with_columns(&r, &[cards]);
        shape.column(&pos.columns()[0]).entries[2]
    };
    assert_ne!(mid(&deep), mid(&shallow));
}

#[test]
fn a_move_valued_from_its_column_is_valued_exactly() {
    // Every rule set shipped, both layouts, weights that differ per entry, and random games:
    // the value of each afterstate read from its parent is the full value to the last bit.
    for (name, layout) in ["default", "hard", "solitaire"]
        .into_iter()
        .flat_map(|n| [(n, Layout::Split), (n, Layout::Whole)])
    {
        let r = preset(name);
        let mut net = Network::of_layout(&r, layout);
        for (i, w) in net.weights.iter_mut().enumerate() {
            *w = [
                ((i * 7919) % 1009) as f32 * 1e-3,
                ((i * 104_729) % 611) as f32 * 0.37,
            ];
        }
        let dealer = crate::cards::deck::Dealer::new(&r);
        let mut rng = crate::cards::deck::rng(3);
        let mut pos = Position::new(&r);
        let mut checked = 0;
        for _ in 0..1000 {
            let card = dealer.draw(&mut rng);
            let base = net.read(&pos);
            let mut next = None;
            super::super::each_move(&pos, card, &r, |col, child| {
                let (full, quick) = (net.value(child), net.value_after(&base, child, col));
                assert_eq!(full.survival.to_bits(), quick.survival.to_bits(), "{name}");
                assert_eq!(full.points.to_bits(), quick.points.to_bits(), "{name}");
                checked += 1;
                next = Some(*child);
            });
            match next {
                Some(p) => pos = p,
                None => pos = Position::new(&r),
            }
        }
        assert!(checked > 1000, "{name}: {checked}");
    }
}
