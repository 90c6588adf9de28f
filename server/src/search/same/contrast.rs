//! When two titles ask different questions whatever else they share: a
//! swap inside a contrast kind, a shared frame around swapped parts, or
//! much shared and much more on each side that the other lacks.

use super::concepts::{Concepts, Unit};
use super::weight;

/// Whether one title holds a concept that the other lacks, and the other
/// one of the same kind that the first lacks: a substitution inside a
/// contrast kind (the invoices' storage and the avatars'); or whether
/// the titles share a frame (the same units before and after) around one
/// part each that the other lacks ("用户信息缓存多久" / "商品信息缓存多久"):
/// a rewording says the whole question again, a near miss swaps a part;
/// or whether each says at least [`SWAPPED`] that the other does not,
/// beside at least that much they share (a rewording's concepts are the
/// same, and what one adds the other seldom balances).
pub(super) fn contrasted(table: &Concepts, a: &[Unit], b: &[Unit]) -> bool {
    substituted(a, b) || swapped_kind(table, a, b) || swapped(a, b)
}

/// Whether each title names a thing (`=jest`, `=vitest`: `Concepts::names`)
/// the other does not: of one kind, yet two things to decide on.
pub(super) fn named_apart(a: &[String], b: &[String]) -> bool {
    let only = |x: &[String], y: &[String]| x.iter().any(|n| !y.contains(n));
    only(a, b) && only(b, a)
}

/// How much each title must say that the other does not (beside at least
/// one concept shared): more than one concept each (a rewording often trades one word for another
/// of no kind the table knows; a near miss that swaps more says so).
const SWAPPED: f32 = 1.5;

fn swapped(a: &[Unit], b: &[Unit]) -> bool {
    let only = |x: &[Unit], y: &[Unit]| -> f32 {
        x.iter()
            .filter(|u| !y.iter().any(|v| v.text == u.text))
            .map(|u| u.weight)
            .sum()
    };
    let shared = weight(a) - only(a, b);
    shared >= 1.0 && only(a, b) >= SWAPPED && only(b, a) >= SWAPPED
}

fn substituted(a: &[Unit], b: &[Unit]) -> bool {
    let same = |x: &Unit, y: &Unit| x.text == y.text;
    let before = a.iter().zip(b).take_while(|(x, y)| same(x, y)).count();
    let after = a[before..]
        .iter()
        .rev()
        .zip(b[before..].iter().rev())
        .take_while(|(x, y)| same(x, y))
        .count();
    let frame: f32 = a[..before]
        .iter()
        .chain(&a[a.len() - after..])
        .map(|u| u.weight)
        .sum();
    let (left, right) = (&a[before..a.len() - after], &b[before..b.len() - after]);
    frame >= 1.0
        && frame > weight(left).max(weight(right))
        && !left.is_empty()
        && !right.is_empty()
        && !left.iter().any(|x| right.iter().any(|y| same(x, y)))
}

fn swapped_kind(table: &Concepts, a: &[Unit], b: &[Unit]) -> bool {
    let only = |x: &[Unit], y: &[Unit]| -> Vec<String> {
        x.iter()
            .filter(|u| !y.iter().any(|v| v.text == u.text))
            .filter_map(|u| table.concept(&u.text)?.kind.clone())
            .collect()
    };
    let kinds = only(a, b);
    !kinds.is_empty() && only(b, a).iter().any(|k| kinds.contains(k))
}
