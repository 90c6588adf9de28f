//! Where a problem is, written out only once something is wrong: a rule
//! pass over thousands of items builds no path text while all is well.

use super::{ErrorKind, Place, ValidationError, ValidationErrors};
use crate::model::DecideInput;

/// A field's path in a JSON document, as links on the stack.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Path<'p> {
    /// The document itself.
    Root,
    /// A field of an object.
    Key(&'p Path<'p>, &'static str),
    /// An element of an array.
    Index(&'p Path<'p>, usize),
    /// A field whose name came with the document (an unknown field).
    Named(&'p Path<'p>, &'p str),
}

impl<'p> Path<'p> {
    /// `self.key`.
    pub fn key(&'p self, key: &'static str) -> Path<'p> {
        Path::Key(self, key)
    }

    /// `self[index]`.
    pub fn at(&'p self, index: usize) -> Path<'p> {
        Path::Index(self, index)
    }

    /// The entry of the document's `decisions` this path is in, if any.
    fn entry(&self) -> Option<usize> {
        match self {
            Path::Index(Path::Key(Path::Root, "decisions"), i) => Some(*i),
            Path::Root => None,
            Path::Key(parent, _) | Path::Index(parent, _) | Path::Named(parent, _) => {
                parent.entry()
            }
        }
    }

    /// The path as `items[0].options[1].value` (empty for the root).
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    fn write(&self, out: &mut String) {
        let key = |parent: &Path<'_>, name: &str, out: &mut String| {
            parent.write(out);
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(name);
        };
        match self {
            Path::Root => {}
            Path::Key(parent, name) => key(parent, name, out),
            Path::Named(parent, name) => key(parent, name, out),
            Path::Index(parent, index) => {
                parent.write(out);
                out.push('[');
                out.push_str(&index.to_string());
                out.push(']');
            }
        }
    }
}

/// The problems a rule pass found, in the order found.
#[derive(Debug, Default)]
pub(crate) struct Report<'i> {
    errors: Vec<ValidationError>,
    /// Set when the answers came from the page's form, one entry per item
    /// of this input: a problem is then placed at its item, for the person.
    form: Option<&'i DecideInput>,
}

impl<'i> Report<'i> {
    /// A report on answers read from the page's form for `input`, whose
    /// `decisions[i]` answers `input`'s item `i`.
    pub fn for_form(input: &'i DecideInput) -> Self {
        Report {
            errors: Vec::new(),
            form: Some(input),
        }
    }

    /// A problem at `path` of the document.
    pub fn at(&mut self, path: Path<'_>, kind: ErrorKind) {
        let item = self
            .form
            .zip(path.entry())
            .and_then(|(input, i)| Some((i, input.items().get(i)?)));
        let place = match item {
            Some((i, item)) => Place::Item {
                number: i + 1,
                title: item.title().to_owned(),
            },
            None => Place::Field(path.render()),
        };
        self.place(place, kind);
    }

    /// A problem at `place`.
    pub fn place(&mut self, place: Place, kind: ErrorKind) {
        self.errors.push(ValidationError { place, kind });
    }

    /// How many problems so far (a rule compares before and after).
    pub fn count(&self) -> usize {
        self.errors.len()
    }

    /// `value` when nothing is wrong, else every problem.
    pub fn finish<T>(self, value: Option<T>) -> Result<T, ValidationErrors> {
        match (ValidationErrors::new(self.errors), value) {
            (None, Some(value)) => Ok(value),
            (Some(errors), _) => Err(errors),
            // A rule that built nothing always said why.
            (None, None) => Err(ValidationErrors::single("", ErrorKind::Missing)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_written_as_readers_write_them() {
        let root = Path::Root;
        let items = root.key("items");
        let item = items.at(3);
        let options = item.key("options");
        let option = options.at(1);
        assert_eq!(option.key("value").render(), "items[3].options[1].value");
        assert_eq!(root.render(), "");
        assert_eq!(root.at(2).render(), "[2]");
        assert_eq!(Path::Named(&item, "titel").render(), "items[3].titel");
        let decisions = root.key("decisions");
        let entry = decisions.at(4);
        assert_eq!(entry.key("chosen").entry(), Some(4));
        assert_eq!(decisions.entry(), None);
        assert_eq!(option.entry(), None);
    }
}
