//! Reading Rust source as code (`one_name.rs` checks what each module
//! uses): comments and literals blanked, test items left out whole.

/// `text` with what is not code (comments, and the insides of strings and
/// character literals) blanked, its lines kept: a `}` in a string closes
/// nothing, a `crate::` in a comment uses nothing.
pub fn masked(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && matches!(next, Some('"' | '#')) && !word_before(&chars, i) {
            // A raw string: r"…", r#"…"#.
            let hashes = chars[i + 1..].iter().take_while(|c| **c == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let close: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            out.push_str(&" ".repeat(hashes + 2));
            i += hashes + 2;
            while i < chars.len() && !chars[i..].starts_with(&close.chars().collect::<Vec<_>>()) {
                out.push(blank(chars[i]));
                i += 1;
            }
            out.push_str(&" ".repeat(close.chars().count()));
            i += close.chars().count();
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                let step = if chars[i] == '\\' { 2 } else { 1 };
                for k in 0..step {
                    if let Some(&c) = chars.get(i + k) {
                        out.push(blank(c));
                    }
                }
                i += step;
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A character literal ('}', '\''), not a lifetime ('a).
            let len = match (next, chars.get(i + 2)) {
                (Some('\\'), _) => chars[i + 3..]
                    .iter()
                    .position(|c| *c == '\'')
                    .map(|p| p + 4),
                (Some(_), Some('\'')) => Some(3),
                _ => None,
            };
            match len {
                Some(len) => {
                    out.push_str(&" ".repeat(len));
                    i += len;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn word_before(chars: &[char], at: usize) -> bool {
    at > 0 && (chars[at - 1].is_alphanumeric() || chars[at - 1] == '_')
}

/// The lines of (masked) code outside its test items: an item under a
/// `#[cfg(…test…)]` (not `not(test)`) is left out to its `;` or the `}`
/// that closes it, whether a module, a `mod tests;` or a function.
pub fn outside_tests(code: &str) -> Vec<&str> {
    let mut kept = Vec::new();
    let mut lines = code.lines();
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        let for_tests = trimmed.starts_with("#[cfg(")
            && trimmed.contains("test")
            && !trimmed.contains("not(test");
        if !for_tests {
            kept.push(line);
            continue;
        }
        let mut depth = 0usize;
        for line in lines.by_ref() {
            if depth == 0 && line.trim_start().starts_with("#[") {
                continue;
            }
            for c in line.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth = depth.saturating_sub(1),
                    _ => {}
                }
            }
            if depth == 0 && (line.contains('}') || line.trim_end().ends_with(';')) {
                break;
            }
        }
    }
    kept
}
