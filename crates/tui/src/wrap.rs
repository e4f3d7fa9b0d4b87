//! Text to the terminal's width: lines broken at word boundaries, never cut, so a message,
//! the status and the keys read whole at 80 columns.

/// `text` in lines of at most `width` characters, broken at spaces; a word longer than a line
/// (a long path) is broken where it must. Never empty: an empty text is one empty line.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let needed = if line.is_empty() { 0 } else { 1 } + word.chars().count();
        if !line.is_empty() && line.chars().count() + needed > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
        while line.chars().count() > width {
            let rest: String = line.chars().skip(width).collect();
            line = line.chars().take(width).collect();
            lines.push(std::mem::replace(&mut line, rest));
        }
    }
    lines.push(line);
    lines
}

/// `parts` joined by `separator` in lines of at most `width` characters, broken between
/// parts (a part longer than a line is wrapped at its spaces).
pub fn wrap_parts(parts: &[String], separator: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for part in parts {
        let sep = if line.is_empty() { "" } else { separator };
        if line.chars().count() + sep.chars().count() + part.chars().count() <= width {
            line.push_str(sep);
            line.push_str(part);
            continue;
        }
        if !line.is_empty() {
            // The line break itself separates: nothing is added that could overflow.
            lines.push(std::mem::take(&mut line));
        }
        let mut wrapped = wrap(part, width);
        line = wrapped.pop().unwrap_or_default();
        lines.extend(wrapped);
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_break_at_spaces_and_only_an_overlong_word_is_split() {
        assert_eq!(wrap("one two three", 7), ["one two", "three"]);
        assert_eq!(wrap("", 5), [""]);
        assert_eq!(wrap("abcdefgh ij", 4), ["abcd", "efgh", "ij"]);
        let parts: Vec<String> = ["Pegs left: 3", "Jumps: 1", "Playing"]
            .map(String::from)
            .into();
        assert_eq!(
            wrap_parts(&parts, " | ", 24),
            ["Pegs left: 3 | Jumps: 1", "Playing"]
        );
    }
}
