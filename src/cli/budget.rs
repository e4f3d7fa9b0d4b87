//! Budgets as people write them: `1200000`, `1,200,000`, `1_200_000`, `1.2M`, `10k`, `2G`.

/// Parses a budget of expanded nodes, or says what is wrong with it.
///
/// ```
/// use pegsol::cli::parse_budget;
/// assert_eq!(parse_budget("1.2M"), Ok(1_200_000));
/// assert_eq!(parse_budget("10k"), Ok(10_000));
/// assert_eq!(parse_budget("1,500,000"), Ok(1_500_000));
/// assert!(parse_budget("-5").is_err());
/// assert!(parse_budget("lots").is_err());
/// ```
pub fn parse_budget(text: &str) -> Result<u64, String> {
    let cleaned: String = text
        .trim()
        .chars()
        .filter(|c| !matches!(c, ',' | '_'))
        .collect();
    let bad = || {
        format!("`{text}` is not a budget: expected a whole number of nodes such as 1200000, 1.2M or 10k")
    };
    if cleaned.starts_with('-') {
        return Err(format!("`{text}` is not a budget: it cannot be negative"));
    }
    let (number, scale) = match cleaned.char_indices().last() {
        Some((i, 'k' | 'K')) => (&cleaned[..i], 1e3),
        Some((i, 'm' | 'M')) => (&cleaned[..i], 1e6),
        Some((i, 'g' | 'G' | 'b' | 'B')) => (&cleaned[..i], 1e9),
        Some(_) => (cleaned.as_str(), 1.0),
        None => return Err(bad()),
    };
    if scale == 1.0 {
        return number.parse::<u64>().map_err(|_| bad());
    }
    if !number.chars().all(|c| c.is_ascii_digit() || c == '.') || number.is_empty() {
        return Err(bad());
    }
    let value: f64 = number.parse().map_err(|_| bad())?;
    let nodes = value * scale;
    if nodes.fract() != 0.0 || nodes > u64::MAX as f64 {
        return Err(bad());
    }
    Ok(nodes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absurd_budgets_are_refused_with_a_reason() {
        assert!(parse_budget("").is_err());
        assert!(parse_budget("1.5").is_err());
        assert!(parse_budget("1e9").is_err());
        assert!(parse_budget("99999999999999999999999").is_err());
        assert!(parse_budget("1.0000001k").is_err());
        assert_eq!(parse_budget("1.5M"), Ok(1_500_000));
        assert_eq!(parse_budget("0"), Ok(0));
    }
}
