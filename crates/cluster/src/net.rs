//! The one dataflow every worker runs: messages addressed to a worker, exchanged to it, and
//! gathered there round by round.
//!
//! A round is one timestamp: a worker sends what it has for the round (canonical forms, in
//! batches, to the worker that owns them; its figures to every worker), then advances its
//! input past the round and steps until the round is complete everywhere (the probe passes
//! it). What arrived for the round is then the worker's: the forms sorted and without
//! repeats, the figures by sender. Mail is kept by round, since a peer that finished a round
//! first may send the next one's before this worker has seen the round end.
//!
//! A level's exchange is paced ([`Net::pace`]): every few chunks the workers wait for each
//! other in a round of their own, so what is in flight (sent but not yet gathered, held by
//! timely's network buffers, which have no backpressure) stays a few chunks' worth instead
//! of growing with the level. What such rounds bring is carried into the level's round.

use pegsol_solver::engines::levels::{merge_dedup, sort_dedup};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use timely::dataflow::channels::pact::Exchange;
use timely::dataflow::operators::generic::operator::Operator;
use timely::dataflow::operators::{Input, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

/// One message: (the worker it is for, its kind, its words).
type Msg = (u64, u64, Vec<u64>);
/// Canonical forms for their owner.
const KEYS: u64 = 0;
/// A worker's figures, for every worker.
const FIGURES: u64 = 1;
/// Canonical forms with a count each, for their owner: three words a pair (the form, the
/// count's low and high 64 bits).
const PAIRS: u64 = 2;
/// Whether a worker has more to send in this level, for every worker ([`Net::pace`]).
const MORE: u64 = 3;

/// Forms gathered unsorted before they are sorted and merged into the rest: memory follows
/// the distinct forms, not all that were sent.
const SQUEEZE: usize = 1 << 20;

/// What one worker received in one round.
#[derive(Default)]
struct Mail {
    /// Forms not yet sorted.
    loose: Vec<u64>,
    /// Forms sorted, without repeats.
    sorted: Vec<u64>,
    /// Figures, by sender.
    figures: BTreeMap<u64, Vec<u64>>,
    /// Forms with counts, not yet sorted.
    loose_pairs: Vec<(u64, u128)>,
    /// Forms with counts, sorted, each form once with its counts added up.
    pairs: Vec<(u64, u128)>,
    /// Whether a count passed 128 bits.
    overflow: bool,
    /// Workers that said they have more to send ([`MORE`]).
    more: u64,
    /// Bits of the largest form (for the radix sort).
    bits: u32,
}

impl Mail {
    /// Takes one message of `kind`.
    fn take(&mut self, kind: u64, words: Vec<u64>) {
        match kind {
            KEYS => {
                if self.loose.is_empty() && words.len() >= SQUEEZE {
                    self.loose = words;
                } else {
                    self.loose.extend_from_slice(&words);
                }
                if self.loose.len() >= SQUEEZE.max(self.sorted.len() / 2) {
                    self.squeeze();
                }
            }
            PAIRS => {
                self.loose_pairs.extend(
                    words
                        .chunks_exact(3)
                        .map(|w| (w[0], u128::from(w[1]) | (u128::from(w[2]) << 64))),
                );
                if self.loose_pairs.len() >= SQUEEZE.max(self.pairs.len() / 2) {
                    self.squeeze_pairs();
                }
            }
            MORE => self.more += words.first().copied().unwrap_or(0),
            _ => {
                let from = words.first().copied().unwrap_or(0);
                self.figures
                    .insert(from, words.get(1..).unwrap_or(&[]).to_vec());
            }
        }
    }

    /// Takes in what `other` (an earlier paced round's mail) holds.
    fn absorb(&mut self, other: Mail) {
        for keys in [other.sorted, other.loose] {
            if !keys.is_empty() {
                self.take(KEYS, keys);
            }
        }
        if !other.pairs.is_empty() || !other.loose_pairs.is_empty() {
            self.loose_pairs.extend(other.pairs);
            self.loose_pairs.extend(other.loose_pairs);
            if self.loose_pairs.len() >= SQUEEZE.max(self.pairs.len() / 2) {
                self.squeeze_pairs();
            }
        }
        self.figures.extend(other.figures);
        self.overflow |= other.overflow;
    }

    /// Sorts the loose pairs into the rest, adding up the counts of a form.
    fn squeeze_pairs(&mut self) {
        let mut all = std::mem::take(&mut self.pairs);
        all.append(&mut self.loose_pairs);
        all.sort_unstable_by_key(|p| p.0);
        let mut out: Vec<(u64, u128)> = Vec::with_capacity(all.len());
        for (k, v) in all {
            match out.last_mut() {
                Some(last) if last.0 == k => match last.1.checked_add(v) {
                    Some(sum) => last.1 = sum,
                    None => self.overflow = true,
                },
                _ => out.push((k, v)),
            }
        }
        self.pairs = out;
    }

    /// Sorts the loose forms into the rest, without repeats.
    fn squeeze(&mut self) {
        let loose = std::mem::take(&mut self.loose);
        let loose = sort_dedup(loose, self.bits);
        self.sorted = merge_dedup(std::mem::take(&mut self.sorted), loose);
    }
}

/// What a round brought: the forms sent to this worker and every worker's figures.
pub struct Delivered {
    /// The forms, sorted, without repeats.
    pub keys: Vec<u64>,
    /// Each worker's figures, in worker order (every worker sends figures each round).
    pub figures: Vec<Vec<u64>>,
    /// The forms with counts sent to this worker, sorted, each once with its counts added.
    pub pairs: Vec<(u64, u128)>,
    /// Whether a count added up here passed 128 bits.
    pub overflow: bool,
}

/// One worker's end of the exchange.
pub struct Net<'w> {
    worker: &'w mut Worker,
    input: InputHandle<u64, timely::container::CapacityContainerBuilder<Vec<Msg>>>,
    probe: ProbeHandle<u64>,
    mail: Rc<RefCell<BTreeMap<u64, Mail>>>,
    round: u64,
    bits: u32,
    /// What the paced rounds of the level under way brought.
    carry: Mail,
    /// Set by Ctrl+C: looked at whenever messages move and while waiting for a round.
    cancel: &'static AtomicBool,
    /// This worker's index and the workers in all.
    pub index: usize,
    /// Workers in all.
    pub peers: usize,
}

impl<'w> Net<'w> {
    /// The exchange on `worker`, for forms of at most `bits` bits; the process stops when
    /// `cancel` is set ([`crate::lost::interrupted`]).
    pub fn new(worker: &'w mut Worker, bits: u32, cancel: &'static AtomicBool) -> Net<'w> {
        let index = worker.index();
        let peers = worker.peers();
        let mail: Rc<RefCell<BTreeMap<u64, Mail>>> = Rc::default();
        let mut input = InputHandle::new();
        let probe = ProbeHandle::new();
        let inbox = Rc::clone(&mail);
        worker.dataflow::<u64, _, _>(|scope| {
            // The probe follows the gathering operator, so a round is over only once every
            // message of it has been gathered by its worker.
            scope
                .input_from(&mut input)
                .unary::<timely::container::CapacityContainerBuilder<Vec<()>>, _, _, _>(
                    Exchange::new(|m: &Msg| m.0),
                    "PegsolGather",
                    move |_, _| {
                        move |input, _output| {
                            input.for_each(|cap, data| {
                                let round = cap.least().copied().unwrap_or(0);
                                let mut boxes = inbox.borrow_mut();
                                let mail = boxes.entry(round).or_insert_with(|| Mail {
                                    bits,
                                    ..Mail::default()
                                });
                                for (_, kind, words) in data.drain(..) {
                                    mail.take(kind, words);
                                }
                            });
                        }
                    },
                )
                .probe_with(&probe);
        });
        Net {
            worker,
            input,
            probe,
            mail,
            round: 0,
            bits,
            carry: Mail {
                bits,
                ..Mail::default()
            },
            cancel,
            index,
            peers,
        }
    }

    /// Sends `keys` to worker `to` in this round.
    pub fn send_keys(&mut self, to: usize, keys: Vec<u64>) {
        if !keys.is_empty() {
            self.input.send((to as u64, KEYS, keys));
        }
    }

    /// Sends `pairs` (forms with counts) to worker `to` in this round.
    pub fn send_pairs(&mut self, to: usize, pairs: &[(u64, u128)]) {
        if pairs.is_empty() {
            return;
        }
        let mut words = Vec::with_capacity(pairs.len() * 3);
        for &(k, v) in pairs {
            words.extend([k, v as u64, (v >> 64) as u64]);
        }
        self.input.send((to as u64, PAIRS, words));
    }

    /// Sends this worker's `figures` to every worker in this round.
    pub fn send_figures(&mut self, figures: &[u64]) {
        for to in 0..self.peers {
            let mut words = Vec::with_capacity(figures.len() + 1);
            words.push(self.index as u64);
            words.extend_from_slice(figures);
            self.input.send((to as u64, FIGURES, words));
        }
    }

    /// Lets messages move (and what has arrived be gathered) without waiting. What was
    /// sent is flushed first: the input would otherwise hold a thousand messages (a level's
    /// worth of children) before it lets them go.
    pub fn step(&mut self) {
        self.stop_if_cancelled();
        self.input.flush();
        self.worker.step();
    }

    /// Waits for every worker to reach this point of a level's exchange, saying whether
    /// this one has `more` to send: whether any has. What arrived meanwhile is kept for the
    /// level's [`Net::finish`]. Every worker must call it equally often in a level, so it
    /// is called until none has more (see [`paced`](crate::count::paced)).
    pub fn pace(&mut self, more: bool) -> bool {
        for to in 0..self.peers {
            self.input.send((to as u64, MORE, vec![u64::from(more)]));
        }
        let mail = self.end_round();
        let any = mail.more > 0;
        self.carry.absorb(mail);
        any
    }

    /// Ends this worker's part of the round and waits for the round to end everywhere:
    /// what was sent to this worker in it (and in the paced rounds before it).
    pub fn finish(&mut self) -> Delivered {
        let last = self.end_round();
        let mut mail = std::mem::replace(
            &mut self.carry,
            Mail {
                bits: self.bits,
                ..Mail::default()
            },
        );
        mail.absorb(last);
        if !mail.loose.is_empty() {
            mail.squeeze();
        }
        if !mail.loose_pairs.is_empty() {
            mail.squeeze_pairs();
        }
        Delivered {
            keys: mail.sorted,
            figures: mail.figures.into_values().collect(),
            pairs: mail.pairs,
            overflow: mail.overflow,
        }
    }

    /// Ends the process if Ctrl+C was pressed.
    fn stop_if_cancelled(&self) {
        if self.cancel.load(Ordering::Relaxed) {
            crate::lost::interrupted();
        }
    }

    /// Ends this worker's part of the round, waits for the round to end everywhere and
    /// takes its mail, the forms sorted.
    fn end_round(&mut self) -> Mail {
        let round = self.round;
        self.round += 1;
        self.input.advance_to(self.round);
        // Parked while waiting, not spinning: several processes may share a machine's
        // cores, and a spinning one takes them from the others.
        while self.probe.less_than(&self.round) {
            self.stop_if_cancelled();
            self.worker
                .step_or_park(Some(std::time::Duration::from_millis(10)));
        }
        // The sink has run on everything of the round once the probe passed it.
        let mut mail = self.mail.borrow_mut().remove(&round).unwrap_or(Mail {
            bits: self.bits,
            ..Mail::default()
        });
        if !mail.loose.is_empty() {
            mail.squeeze();
        }
        mail
    }
}

#[cfg(test)]
#[path = "net_tests.rs"]
mod tests;
