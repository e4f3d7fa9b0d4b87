//! Budgets of expanded nodes, for the command line and the window alike.
//!
//! Owns how a budget is read (`1200000`, `1,200,000`, `1_200_000`, `1.2M`, `10k`, `2G`), how it
//! is shown (`1,200,000` in full, `1.2M` in short; [`thousands`] and [`rounded`] for any
//! count: every number formatter of the project is here), and each
//! engine's default (stated once, in [`Budget::default_for`]). Whether a classic budget fits
//! in memory is the classic engine's to say (`Budget::check_memory`, in
//! [`super::engines::classic`]), from what [`super::system_memory`] reads of the system.

use super::Engine;
use std::fmt;
use std::str::FromStr;

/// A budget of expanded nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Budget(pub u64);

/// Why a text is not a budget.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BudgetError {
    /// Not a whole number of nodes (with an optional k, M or G).
    #[error(
        "`{0}` is not a budget: expected a whole number of nodes such as 1200000, 1.2M or 10k"
    )]
    NotANumber(String),
    /// A minus sign.
    #[error("`{0}` is not a budget: it cannot be negative")]
    Negative(String),
    /// Commas that do not separate thousands (`1,2,3`, `1,5M`).
    #[error(
        "`{0}` is not a budget: commas may only separate thousands, in groups of three \
         digits (1,200,000); write 1.5M for one and a half million"
    )]
    Grouping(String),
}

impl Budget {
    /// The classic search's budget when none is given: the assignment's code's default.
    pub const CLASSIC_DEFAULT: Budget = Budget(1_000_000);

    /// The budget an engine runs with when none is given: classic,
    /// [`Budget::CLASSIC_DEFAULT`]; exact and fewest moves, none (they run to their proof).
    pub fn default_for(engine: Engine) -> Option<Budget> {
        match engine {
            Engine::Classic => Some(Budget::CLASSIC_DEFAULT),
            Engine::Exact | Engine::FewestMoves => None,
        }
    }

    /// The budget `engine` runs with when asked for `budget` (`None`: its default).
    pub fn resolve(engine: Engine, budget: Option<u64>) -> Option<u64> {
        budget.or(Budget::default_for(engine).map(|b| b.0))
    }

    /// The number of nodes.
    pub fn nodes(self) -> u64 {
        self.0
    }

    /// Shown short, as people write it: `10k`, `1.5M`, or the whole number when no suffix
    /// with at most one decimal is exact (`1234567`).
    pub fn label(self) -> String {
        let budget = self.0;
        for (scale, suffix) in [(1_000_000_000u64, "G"), (1_000_000, "M"), (1_000, "k")] {
            if budget >= scale {
                if budget.is_multiple_of(scale) {
                    return format!("{}{suffix}", budget / scale);
                }
                if budget.is_multiple_of(scale / 10) {
                    return format!(
                        "{}.{}{suffix}",
                        budget / scale,
                        budget % scale / (scale / 10)
                    );
                }
            }
        }
        budget.to_string()
    }
}

impl FromStr for Budget {
    type Err = BudgetError;

    /// Reads a budget as people write it.
    ///
    /// ```
    /// use pegsol_solver::Budget;
    /// assert_eq!("1.2M".parse(), Ok(Budget(1_200_000)));
    /// assert_eq!("10k".parse(), Ok(Budget(10_000)));
    /// assert_eq!("1,500,000".parse(), Ok(Budget(1_500_000)));
    /// assert!("-5".parse::<Budget>().is_err());
    /// assert!("lots".parse::<Budget>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Budget, BudgetError> {
        if !thousands_grouped(text.trim()) {
            return Err(BudgetError::Grouping(text.to_string()));
        }
        let cleaned: String = text
            .trim()
            .chars()
            .filter(|c| !matches!(c, ',' | '_'))
            .collect();
        let bad = || BudgetError::NotANumber(text.to_string());
        if cleaned.starts_with('-') {
            return Err(BudgetError::Negative(text.to_string()));
        }
        // A count has no sign: Rust's own parser would take `+5` without a word. (`1_500_000`
        // stays: in a list of budgets, where commas separate the items, it groups digits.)
        if cleaned.starts_with('+') {
            return Err(bad());
        }
        let (number, scale) = match cleaned.char_indices().last() {
            Some((i, 'k' | 'K')) => (&cleaned[..i], 1e3),
            Some((i, 'm' | 'M')) => (&cleaned[..i], 1e6),
            Some((i, 'g' | 'G' | 'b' | 'B')) => (&cleaned[..i], 1e9),
            Some(_) => (cleaned.as_str(), 1.0),
            None => return Err(bad()),
        };
        if scale == 1.0 {
            return number.parse::<u64>().map(Budget).map_err(|_| bad());
        }
        if !number.chars().all(|c| c.is_ascii_digit() || c == '.') || number.is_empty() {
            return Err(bad());
        }
        let value: f64 = number.parse().map_err(|_| bad())?;
        let nodes = value * scale;
        if nodes.fract() != 0.0 || nodes > u64::MAX as f64 {
            return Err(bad());
        }
        Ok(Budget(nodes as u64))
    }
}

impl fmt::Display for Budget {
    /// In full with thousands separators: `1,234,567`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&grouped(&self.0.to_string()))
    }
}

/// `1234567` as `1,234,567`: every count and budget a person reads.
pub fn thousands(n: u64) -> String {
    grouped(&n.to_string())
}

/// A count rounded as people say it, for a progress line: `950`, `12.3k`, `1.2M`, `10M`.
pub fn rounded(n: u64) -> String {
    let (value, unit) = match n {
        0..1_000 => return n.to_string(),
        1_000..1_000_000 => (n as f64 / 1e3, "k"),
        1_000_000..1_000_000_000 => (n as f64 / 1e6, "M"),
        _ => (n as f64 / 1e9, "G"),
    };
    let text = format!("{value:.1}");
    format!("{}{unit}", text.trim_end_matches(".0"))
}

/// A whole number's digits with thousands separators, as budgets and counts are shown
/// everywhere: `grouped("40861647040079968")` is `40,861,647,040,079,968`. For numbers
/// wider than a `u64` (solution counts) as well.
pub fn grouped(digits: &str) -> String {
    let n = digits.len();
    let mut out = String::with_capacity(n + n / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (n - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Whether the commas in `text` (if any) separate thousands: a first group of one to three
/// digits, then groups of exactly three, before any decimal point or suffix.
fn thousands_grouped(text: &str) -> bool {
    if !text.contains(',') {
        return true;
    }
    let number = text.trim_start_matches(['-', '+']);
    let end = number
        .find(|c: char| !(c.is_ascii_digit() || c == ','))
        .unwrap_or(number.len());
    if number[end..].contains(',') {
        return false;
    }
    let mut groups = number[..end].split(',');
    let first = groups.next().unwrap_or("");
    (1..=3).contains(&first.len()) && groups.all(|g| g.len() == 3)
}

/// Reads a budget as a number of nodes (for argument parsers that want a `u64`).
pub fn parse_budget(text: &str) -> Result<u64, BudgetError> {
    text.parse::<Budget>().map(Budget::nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_short() {
        assert_eq!(rounded(950), "950");
        assert_eq!(rounded(12_345), "12.3k");
        assert_eq!(rounded(1_200_000), "1.2M");
        assert_eq!(rounded(10_000_000), "10M");
    }

    #[test]
    fn big_counts_get_thousands_separators() {
        assert_eq!(grouped("40861647040079968"), "40,861,647,040,079,968");
        assert_eq!(grouped("29760"), "29,760");
        assert_eq!(grouped("999"), "999");
        assert_eq!(grouped("1000"), "1,000");
        assert_eq!(grouped("0"), "0");
    }

    #[test]
    fn absurd_budgets_are_refused_with_a_reason() {
        assert!(parse_budget("").is_err());
        assert!(parse_budget("1.5").is_err());
        assert!(parse_budget("1e9").is_err());
        assert!(parse_budget("99999999999999999999999").is_err());
        assert!(parse_budget("1.0000001k").is_err());
        assert_eq!(parse_budget("1.5M"), Ok(1_500_000));
        assert_eq!(parse_budget("0"), Ok(0));
        assert_eq!(
            parse_budget("-5"),
            Err(BudgetError::Negative("-5".to_string()))
        );
    }

    #[test]
    fn a_plus_sign_is_refused_with_a_reason() {
        for text in ["+5", "+1.5M", " +1000"] {
            let e = parse_budget(text).expect_err(text);
            assert!(e.to_string().contains("is not a budget"), "{e}");
        }
        assert_eq!(parse_budget("1,000"), Ok(1_000));
        assert_eq!(parse_budget("1_000"), Ok(1_000));
        assert_eq!(parse_budget(" 1000 "), Ok(1_000));
    }

    #[test]
    fn commas_in_a_budget_separate_thousands_only() {
        assert_eq!(parse_budget("1,200,000"), Ok(1_200_000));
        assert_eq!(parse_budget("12,000"), Ok(12_000));
        assert_eq!(parse_budget("1,500k"), Ok(1_500_000));
        for bad in [
            "1,2,3", "1,5M", "1,2000", ",100", "1000,", "1,,000", "1234,000",
        ] {
            assert_eq!(
                parse_budget(bad),
                Err(BudgetError::Grouping(bad.to_string())),
                "{bad}"
            );
        }
        assert!(BudgetError::Grouping("1,2,3".into())
            .to_string()
            .contains("groups of three"));
    }

    #[test]
    fn budgets_are_shown_in_full_and_short() {
        assert_eq!(Budget(1_234_567).to_string(), "1,234,567");
        assert_eq!(Budget(999).to_string(), "999");
        assert_eq!(Budget(1_000).to_string(), "1,000");
        let labels: Vec<String> = [10_000, 100_000, 1_000_000, 1_500_000, 1_234_567, 999, 0]
            .into_iter()
            .map(|b| Budget(b).label())
            .collect();
        assert_eq!(labels, ["10k", "100k", "1M", "1.5M", "1234567", "999", "0"]);
        // What is shown reads back.
        for b in [0, 7, 12_345, 1_500_000, u64::MAX] {
            assert_eq!(Budget(b).to_string().parse(), Ok(Budget(b)));
            assert_eq!(Budget(b).label().parse(), Ok(Budget(b)));
        }
    }

    #[test]
    fn each_engine_has_one_default() {
        assert_eq!(Budget::resolve(Engine::Classic, None), Some(1_000_000));
        assert_eq!(Budget::resolve(Engine::Classic, Some(5)), Some(5));
        assert_eq!(Budget::resolve(Engine::Exact, None), None);
    }
}
