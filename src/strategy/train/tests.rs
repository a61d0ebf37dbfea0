//! Tests of self-play training: reproducible from a seed, learning both parts, TD(λ), starting
//! positions, jobs and their merge, and refining with a smaller step.

use super::*;

fn small() -> Rules {
    let text = "[board]\ncolumns = 3\nheight = 4\nclear_value = 64\n[deck.weights]\n\
                2 = 1\n4 = 1\n8 = 1\n16 = 0\n32 = 0\n64 = 0\nbomb = 0\n";
    Rules::parse(text, "small", Some(&Rules::default_rules())).unwrap()
}

#[test]
fn one_job_is_reproducible_and_learns_both_parts() {
    let rules = small();
    let run = |seed| {
        let mut net = Network::new(&rules);
        train(
            &mut net,
            &rules,
            seed,
            300,
            1,
            &TrainSettings::default(),
            |_, _| {},
        );
        net
    };
    let (a, b) = (run(1), run(1));
    assert_eq!(a.weights(), b.weights());
    assert_eq!(a.games, 300);
    assert_ne!(a.weights(), run(2).weights());
    // Survival is learned near 0 to 1, points as points (merges score 1 each here).
    let empty = a.value(&Position::new(&rules));
    assert!(empty.survival > 0.1 && empty.survival < 1.01, "{empty:?}");
    assert!(empty.points > 0.5, "{empty:?}");
}

#[test]
fn a_smaller_step_refines_learned_weights_less_far() {
    let rules = small();
    let mut start = Network::new(&rules);
    train(
        &mut start,
        &rules,
        1,
        300,
        1,
        &TrainSettings::default(),
        |_, _| {},
    );
    let moved = |alpha| {
        let mut net = start.clone();
        let s = TrainSettings {
            alpha,
            ..TrainSettings::default()
        };
        train(&mut net, &rules, 2, 100, 1, &s, |_, _| {});
        net.weights()
            .iter()
            .zip(start.weights())
            .map(|(a, b)| f64::from((a[0] - b[0]).abs() + (a[1] - b[1]).abs()))
            .sum::<f64>()
    };
    let (full, refined) = (moved(1.0), moved(0.1));
    assert!(
        refined > 0.0 && refined < 0.5 * full,
        "{refined} against {full}"
    );
}

#[test]
fn seeing_the_next_card_trains_other_weights_reproducibly() {
    let rules = small();
    let run = |see_next| {
        let mut net = Network::new(&rules);
        let s = TrainSettings {
            see_next,
            ..TrainSettings::default()
        };
        train(&mut net, &rules, 1, 100, 1, &s, |_, _| {});
        net
    };
    let a = run(true);
    assert_eq!(a.weights(), run(true).weights());
    assert_ne!(a.weights(), run(false).weights());
    let v = a.value(&Position::new(&rules));
    assert!(v.survival > 0.1 && v.points > 0.5, "{v:?}");
}

#[test]
fn td_lambda_learns_towards_the_lambda_return() {
    let rules = small();
    let net = Network::new(&rules);
    let len = net.weights().len();
    let s = TrainSettings {
        lambda: 0.5,
        coherence: false,
        ..TrainSettings::default()
    };
    let dealer = Dealer::new(&rules);
    let games = Games {
        seed: 1,
        total: 0,
        starts: &[],
        taken: AtomicU64::new(0),
        round_left: AtomicI64::new(0),
    };
    let mut p = Player::new(&games, &rules, &dealer);
    // Three afterstates, each reading one entry of its own: entry 0, then 1, then 2, which
    // the game lost after.
    let step = |i: u32| {
        let mut f = [0u32; super::super::ntuple::MAX_FEATURES];
        f[0] = i;
        Step {
            f,
            n: 1,
            next: None,
        }
    };
    let o = |s: f64| Outlook {
        survival: s,
        points: 2.0 * s,
    };
    for i in 0..3 {
        p.trace.push_back(step(i));
    }
    p.trace[0].next = Some((o(0.5), o(0.4)));
    p.trace[1].next = Some((o(0.3), o(0.2)));
    p.trace[2].next = Some((Outlook::LOST, Outlook::LOST));
    let mut table = Table {
        net: &net,
        w: vec![[0.0; 2]; len],
        state: vec![Coherence::default(); len],
        touched: None,
    };
    p.learn_trace(&mut table, &s, 0);
    let gl = GAMMA * 0.5;
    let g2 = 0.0;
    let g1 = 0.3 + gl * (g2 - 0.2);
    let g0 = 0.5 + gl * (g1 - 0.4);
    for (i, g) in [g0, g1, g2].into_iter().enumerate() {
        let [sv, pv] = table.w[i];
        assert!(
            (f64::from(sv) - g).abs() < 1e-6,
            "entry {i}: {sv} against {g}"
        );
        assert!(
            (f64::from(pv) - 2.0 * g).abs() < 1e-6,
            "entry {i}: {pv} against {}",
            2.0 * g
        );
    }
    assert!(p.trace.is_empty());
    // Whole trainings with λ are reproducible and learn other weights than TD(0).
    let run = |lambda| {
        let mut net = Network::new(&rules);
        let s = TrainSettings {
            lambda,
            ..TrainSettings::default()
        };
        train(&mut net, &rules, 1, 100, 1, &s, |_, _| {});
        net
    };
    let a = run(0.5);
    assert_eq!(a.weights(), run(0.5).weights());
    assert_ne!(a.weights(), run(0.0).weights());
}

#[test]
fn games_start_from_positions_best_reaches() {
    let rules = small();
    let starts = best_positions(&rules, 3, 5, 1, 2, None).unwrap();
    assert!(!starts.is_empty());
    assert_eq!(starts, best_positions(&rules, 3, 5, 2, 2, None).unwrap());
    assert!(starts.iter().all(|p| p.stats.cards_played % 2 == 0));
    let shared = Games {
        seed: 1,
        total: 10,
        starts: &starts,
        taken: AtomicU64::new(0),
        round_left: AtomicI64::new(0),
    };
    assert_eq!(shared.start_of(0, &rules), Position::new(&rules));
    assert!(starts.contains(&shared.start_of(1, &rules)));
    let run = |starts: &[Position]| {
        let mut net = Network::new(&rules);
        let s = TrainSettings {
            starts,
            ..TrainSettings::default()
        };
        train(&mut net, &rules, 1, 100, 1, &s, |_, _| {});
        net
    };
    let a = run(&starts);
    assert_eq!(a.weights(), run(&starts).weights());
    assert_ne!(a.weights(), run(&[]).weights());
}

#[test]
fn near_a_loss_only_the_last_cards_of_lost_games_are_kept() {
    let rules = small();
    let mut lost = 0;
    for seed in 0..8 {
        // One game a seed, a position every card: the last is where it ended.
        let all = best_positions(&rules, 1, seed, 1, 1, None).unwrap();
        let near = best_positions(&rules, 1, seed, 1, 1, Some(5)).unwrap();
        let end = all.last().unwrap().stats.cards_played;
        if end < MAX_CARDS {
            lost += 1;
            let last: Vec<Position> = all
                .into_iter()
                .filter(|p| p.stats.cards_played + 5 >= end)
                .collect();
            assert_eq!(near, last, "seed {seed}");
            assert_eq!(near.len(), 6, "seed {seed}");
        } else {
            assert!(near.is_empty(), "seed {seed}: a game won keeps nothing");
        }
    }
    assert!(lost > 0, "the small rules lose some games");
}

#[test]
fn jobs_share_the_games_and_merge_their_learning() {
    let rules = small();
    let run = |jobs| {
        let mut net = Network::new(&rules);
        let mut reported = 0;
        train(
            &mut net,
            &rules,
            1,
            301,
            jobs,
            &TrainSettings::default(),
            |n, cards| {
                reported += cards.len() as u64;
                assert!(n <= 301);
            },
        );
        assert_eq!((net.games, reported), (301, 301));
        net
    };
    // Every game is played once, by one job or the other (which one depends on timing).
    let two = run(2);
    assert_ne!(two.weights(), run(1).weights());
    let v = two.value(&Position::new(&rules));
    assert!(v.survival > 0.1 && v.points > 0.5, "{v:?}");
}

#[test]
fn a_merge_adds_every_jobs_changes() {
    let rules = small();
    let net = Network::new(&rules);
    let len = net.weights().len();
    let mut merged = Table {
        net: &net,
        w: vec![[1.0, 2.0]; len],
        state: vec![Coherence::default(); len],
        touched: None,
    };
    let job = Table {
        touched: Some((Vec::new(), vec![false; len])),
        ..merged.clone()
    };
    let mut jobs = vec![job.clone(), job];
    let s = TrainSettings::default();
    jobs[0].learn(&[3], [0.5, 0.0], &s);
    jobs[1].learn(&[3, 4], [0.25, 1.0], &s);
    merged.merge(&mut jobs);
    assert_eq!(
        (merged.w[3], merged.w[4], merged.w[5]),
        ([1.75, 3.0], [1.25, 3.0], [1.0, 2.0])
    );
    assert_eq!(merged.state[3].abs, [0.75, 1.0]);
    for t in &jobs {
        assert_eq!((&t.w, t.state[3].abs), (&merged.w, [0.75, 1.0]));
        assert!(
            t.touched
                .as_ref()
                .is_some_and(|(list, marks)| list.is_empty() && !marks[3])
        );
    }
}
