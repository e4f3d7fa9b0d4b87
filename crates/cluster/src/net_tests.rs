//! The exchange against a plain model: seeded random rounds in which every worker sends
//! forms, forms with counts and figures to random workers, in random batches between paced
//! waits, and checks that what each worker is delivered at the round's end is exactly what
//! the model says was sent to it (forms sorted without repeats, counts added up by form,
//! figures by sender).

use super::Net;
use crate::connect::connect;
use crate::hosts::Cluster;
use std::collections::BTreeMap;
use std::sync::atomic::AtomicBool;

static NEVER: AtomicBool = AtomicBool::new(false);

/// splitmix64: the same numbers on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// One thing a worker does in a round.
#[derive(Clone, Debug)]
enum Op {
    Keys(usize, Vec<u64>),
    Pairs(usize, Vec<(u64, u128)>),
    Step,
}

/// What worker `from` does in `round` of the run `seed` among `peers`: its operations in
/// batches (a paced wait after each but the last), and its figures.
fn plan(seed: u64, round: u64, from: usize, peers: usize) -> (Vec<Vec<Op>>, Vec<u64>) {
    let mut r = Rng(seed ^ (round << 32) ^ (from as u64) << 48);
    let batches = 1 + r.below(5) as usize;
    // Now and then a large send, past the gathering's squeeze threshold.
    let big = r.below(8) == 0;
    let out = (0..batches)
        .map(|_| {
            (0..r.below(6))
                .map(|_| {
                    let to = r.below(peers as u64) as usize;
                    let len = if big { 300_000 } else { r.below(50) } as usize;
                    // Small forms, so workers' sends overlap and repeat.
                    let range = if big { 1 << 22 } else { 200 };
                    match r.below(3) {
                        0 => Op::Keys(to, (0..len).map(|_| r.below(range)).collect()),
                        1 => Op::Pairs(
                            to,
                            (0..len / 3)
                                .map(|_| (r.below(range), u128::from(r.next()) << r.below(60)))
                                .collect(),
                        ),
                        _ => Op::Step,
                    }
                })
                .collect()
        })
        .collect();
    let figures = (0..r.below(4)).map(|_| r.next()).collect();
    (out, figures)
}

/// What the model says worker `me` is delivered in `round`: its forms, its pairs, and each
/// worker's figures.
type Expected = (Vec<u64>, Vec<(u64, u128)>, Vec<Vec<u64>>);

fn model(seed: u64, round: u64, me: usize, peers: usize) -> Expected {
    let mut keys = Vec::new();
    let mut pairs: BTreeMap<u64, u128> = BTreeMap::new();
    let mut figures = Vec::new();
    for from in 0..peers {
        let (batches, f) = plan(seed, round, from, peers);
        figures.push(f);
        for op in batches.into_iter().flatten() {
            match op {
                Op::Keys(to, k) if to == me => keys.extend(k),
                Op::Pairs(to, p) if to == me => {
                    for (k, v) in p {
                        *pairs.entry(k).or_default() += v;
                    }
                }
                _ => {}
            }
        }
    }
    keys.sort_unstable();
    keys.dedup();
    (keys, pairs.into_iter().collect(), figures)
}

/// Runs `rounds` rounds of `seed` on `peers` worker threads; every mismatch found.
fn run(seed: u64, rounds: u64, peers: usize) -> Vec<String> {
    let (builders, guard) = connect(&Cluster::alone(peers)).expect("threads connect");
    let guards = timely::execute::execute_from(
        builders,
        guard,
        timely::WorkerConfig::default(),
        move |worker| {
            let mut net = Net::new(worker, 23, &NEVER);
            let me = net.index;
            let mut wrong = Vec::new();
            for round in 0..rounds {
                let (batches, figures) = plan(seed, round, me, peers);
                // Figures go out first in a paced round, or last, as the count and the
                // solutions send theirs.
                let early = round % 2 == 0;
                if early {
                    net.send_figures(&figures);
                }
                let mut left = batches.len();
                let mut batches = batches.into_iter();
                loop {
                    for op in batches.next().into_iter().flatten() {
                        match op {
                            Op::Keys(to, k) => net.send_keys(to, k),
                            Op::Pairs(to, p) => net.send_pairs(to, &p),
                            Op::Step => net.step(),
                        }
                    }
                    left = left.saturating_sub(1);
                    if !net.pace(left > 0) {
                        break;
                    }
                }
                if !early {
                    net.send_figures(&figures);
                }
                let got = net.finish();
                let (keys, pairs, figures) = model(seed, round, me, peers);
                if got.keys != keys {
                    wrong.push(format!(
                        "seed {seed} round {round} worker {me}: forms differ"
                    ));
                }
                if got.pairs != pairs {
                    wrong.push(format!(
                        "seed {seed} round {round} worker {me}: pairs differ"
                    ));
                }
                if got.figures != figures {
                    wrong.push(format!(
                        "seed {seed} round {round} worker {me}: figures differ"
                    ));
                }
                if got.overflow {
                    wrong.push(format!("seed {seed} round {round} worker {me}: overflow"));
                }
            }
            wrong
        },
    )
    .expect("workers start");
    guards
        .join()
        .into_iter()
        .flat_map(|r| r.expect("a worker panicked"))
        .collect()
}

#[test]
fn paced_rounds_deliver_what_the_model_says_was_sent_on_any_number_of_workers() {
    for seed in 0..12 {
        let peers = 1 + (seed % 4) as usize;
        let wrong = run(seed, 6, peers);
        assert!(wrong.is_empty(), "{wrong:#?}");
    }
}
