//! The rank tables' tests: on a small board, ranks are dense and keep the order, and a
//! level's bitset drains back what was set.

use super::*;

/// On a 20-cell "board" whose jumps are every run of three cells in a row: ranks are
/// dense, keep the order, and drain gives back what was set.
#[test]
fn ranks_are_dense_ordered_and_drain_back() {
    let cells = 20;
    let jumps: Vec<u64> = (0..cells - 2).map(|i| 0b111u64 << i).collect();
    let inv = Invariant::new(cells, jumps.iter().copied());
    // Runs of three in a line leave two invariant bits.
    for &j in &jumps {
        assert_eq!(inv.of(j), 0);
    }
    let mut bits = RankedBits::new(cells, &inv).expect("small enough");
    let pegs = 7;
    let class = inv.of(0b1111111);
    let boards: Vec<u64> = (0u64..1 << cells)
        .filter(|b| b.count_ones() == pegs && inv.of(*b) == class)
        .collect();
    assert_eq!(bits.level_len(pegs, class), boards.len() as u64);
    bits.begin(pegs, class).expect("small");
    for (i, &b) in boards.iter().enumerate() {
        assert_eq!(bits.rank(b), Some(i as u64));
    }
    let other = (0u64..1 << cells)
        .find(|b| b.count_ones() == pegs && inv.of(*b) != class)
        .expect("another class");
    assert_eq!(bits.rank(other), None);
    let some: Vec<u64> = boards.iter().copied().step_by(7).collect();
    for &b in some.iter().rev() {
        bits.set(bits.rank(b).expect("in class"));
    }
    assert!(bits.test(bits.rank(some[1]).expect("in class")));
    let n = bits.words();
    let mut back = bits.drain(0, n / 2);
    back.extend(bits.drain(n / 2, n));
    assert_eq!(back, some);
    assert!(bits.drain(0, n).is_empty());
    // A stretch past the last rank (an empty level's, or an empty thread's share).
    assert!(bits.drain(n, n).is_empty());
}

/// The classes of a part's every value, each from one with a bit fewer, are those of the
/// values one by one, low part and high (shifted) alike.
#[test]
fn classes_of_each_value_are_the_classes_one_by_one() {
    let cells = 20;
    let inv = Invariant::new(cells, (0..cells - 2).map(|i| 0b111u64 << i));
    for (bits, shift) in [(12, 0), (8, 12), (4, 16)] {
        let table = inv.of_each(bits, shift).expect("small");
        assert_eq!(table.len(), 1 << bits);
        for (x, &class) in table.iter().enumerate() {
            assert_eq!(class, inv.of((x as u64) << shift), "{x} << {shift}");
        }
    }
}
