use super::json::JsonError;

/// One problem, at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationError {
    /// Where, written for whoever reads it.
    pub place: Place,
    /// What is wrong there.
    pub kind: ErrorKind,
}

/// Where a problem is, for its reader: a JSON client reads a field path;
/// the person on the page reads the item's number and title.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// A field of a JSON document, as `items[0].options[1].value`; empty
    /// for the document itself.
    Field(String),
    /// One item's answer in the page's form (the plain form, the island,
    /// the App view or an elicitation form).
    Item {
        /// Its number on the page, from 1.
        number: usize,
        title: String,
    },
}

impl Place {
    /// The field path, when the place is one.
    pub fn field(&self) -> Option<&str> {
        match self {
            Place::Field(path) => Some(path),
            Place::Item { .. } => None,
        }
    }
}

/// Every rule a field can break.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A required field is absent or null.
    Missing,
    /// The field has the wrong JSON type.
    WrongType {
        expected: JsonKind,
        actual: JsonKind,
    },
    /// A string that must say something is empty or blank.
    EmptyString,
    /// `items` is an empty array.
    NoItems,
    /// An item has fewer than two options.
    TooFewOptions { count: usize },
    /// Not an integer from `min` to `max`; `actual` is the JSON text.
    IntegerOutOfRange { min: u64, max: u64, actual: String },
    /// `location.end` is before `location.start`.
    EndBeforeStart { start: u32, end: u32 },
    /// Two items share an id.
    DuplicateId { id: u32, first: usize },
    /// Two options of one item share a value.
    DuplicateValue { value: String, first: usize },
    /// `recommend` names no option of its item.
    RecommendNotInOptions { value: String },
    /// A field aide does not know; `suggestion` is the likely intended one.
    UnknownField { suggestion: Option<&'static str> },
    /// A decision names an id that the input does not have.
    UnknownItem { id: u32 },
    /// Two decisions answer the same item.
    DuplicateDecision { id: u32, first: usize },
    /// An item of the input has no decision.
    MissingDecision { id: u32 },
    /// `chosen` is not a value of the item's options.
    ChosenNotInOptions { value: String, allowed: Vec<String> },
    /// An array that needs at least one value is empty (`recommend`,
    /// `chosen`).
    EmptyArray,
    /// A value listed twice in one array; `first` is its first index.
    RepeatedValue { value: String, first: usize },
    /// `recommend` is an array, but the item does not set `multiple`.
    RecommendNotMultiple,
    /// `chosen` is an array, but `items[item]` does not set `multiple`.
    ChosenNotMultiple { item: usize },
    /// `other` answers `items[item]`, which does not set `allow_other`.
    OtherNotAllowed { item: usize },
    /// `skipped` answers `items[item]`, which does not set `allow_skip`.
    SkipNotAllowed { item: usize },
    /// `skipped` is there but `false`.
    SkippedNotTrue,
    /// Two kinds of answer in one decision (`chosen`, `other`, `skipped`);
    /// the error is at the second, `first` names the other.
    SeveralAnswers { first: &'static str },
    /// A decision with none of the kinds of answer its item allows.
    NoAnswer { allowed: Vec<&'static str> },
    /// An answer of one's own longer than `max` characters.
    OtherTooLong { max: usize, actual: usize },
    /// A session id that is not of the form `YYYY-MM-DDTHH-mm-ss`.
    BadSessionId { actual: String },
    /// A time that is not RFC 3339 (`2025-01-15T10:30:00+08:00`).
    BadTimestamp { actual: String },
    /// A stored file's `version` that is not a `"MAJOR.MINOR"` string.
    BadVersion { actual: String },
    /// Not one of the names the field takes.
    NotOneOf {
        allowed: Vec<&'static str>,
        actual: String,
    },
    /// Text of more than `max` bytes (`preview`, `diff`).
    TooLarge { max: usize, actual: usize },
    /// Not a unified diff: it goes wrong at `line` (from 1).
    NotADiff { line: usize },
    /// Both `diff` and `diff_file` (the error is at `diff_file`).
    DiffTwice,
    /// The file `file` the field names is not read; `max` is the field's
    /// limit in bytes.
    FileRefused {
        file: String,
        why: super::FileRefusal,
        max: usize,
    },
    /// `image` names a file that is not a PNG, JPEG, WebP or GIF by its
    /// name (an SVG among them).
    NotAnImageName { file: String },
    /// The bytes of `file` are not the picture its name says; `found` is
    /// the kind they are, when aide shows that kind.
    ImageBytes {
        file: String,
        expected: crate::model::ImageFormat,
        found: Option<crate::model::ImageFormat>,
    },
    /// A stored `image_data` that is not base64.
    NotBase64,
    /// `if_unanswered.after` that is not a duration such as `15m`.
    NotADuration { actual: String },
    /// `if_unanswered.after` under a minute or over a week.
    DurationOutOfRange { actual: String },
    /// `if_unanswered` on an item without `"reversible": true`.
    RuleNotReversible,
    /// `if_unanswered.take` is `recommended`, but the item recommends
    /// nothing.
    NothingToTake,
    /// The session's previews, diffs and pictures together are more than
    /// `max` bytes; named at the first field past it.
    SessionTooLarge { max: usize },
}

/// The JSON types, for "expected X, got Y".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JsonKind {
    Null,
    Bool,
    Number,
    Integer,
    String,
    Array,
    Object,
}

/// All problems found in one value; never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationErrors(Vec<ValidationError>);

impl JsonKind {
    /// The kind of a parsed value.
    pub fn of(value: &serde_json::Value) -> Self {
        use serde_json::Value;
        match value {
            Value::Null => JsonKind::Null,
            Value::Bool(_) => JsonKind::Bool,
            Value::Number(_) => JsonKind::Number,
            Value::String(_) => JsonKind::String,
            Value::Array(_) => JsonKind::Array,
            Value::Object(_) => JsonKind::Object,
        }
    }
}

impl ValidationErrors {
    pub(crate) fn new(errors: Vec<ValidationError>) -> Option<Self> {
        (!errors.is_empty()).then_some(ValidationErrors(errors))
    }
    /// A single error.
    pub fn single(path: impl Into<String>, kind: ErrorKind) -> Self {
        ValidationErrors(vec![ValidationError {
            place: Place::Field(path.into()),
            kind,
        }])
    }
    /// The errors, in the order they were found.
    pub fn errors(&self) -> &[ValidationError] {
        &self.0
    }
    /// The first error (there is always one).
    pub fn first(&self) -> &ValidationError {
        &self.0[0]
    }
    /// The same errors with `prefix.` put before each field path.
    pub fn prefixed(mut self, prefix: &str) -> Self {
        for error in &mut self.0 {
            if let Place::Field(path) = &mut error.place {
                *path = if path.is_empty() {
                    prefix.to_owned()
                } else if path.starts_with('[') {
                    format!("{prefix}{path}")
                } else {
                    format!("{prefix}.{path}")
                };
            }
        }
        self
    }
}

impl std::error::Error for ValidationErrors {}

/// Why a document could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadError {
    /// It is not JSON.
    Json(JsonError),
    /// It breaks the format's rules.
    Invalid(ValidationErrors),
}

impl From<JsonError> for ReadError {
    fn from(error: JsonError) -> Self {
        ReadError::Json(error)
    }
}

impl From<ValidationErrors> for ReadError {
    fn from(errors: ValidationErrors) -> Self {
        ReadError::Invalid(errors)
    }
}
