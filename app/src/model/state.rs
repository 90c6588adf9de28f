//! Where a session stands: the one list of its states. Whoever tells a
//! session's state says it with this enum, carrying what it knows of each
//! state: the store's lookup the pending session, the record's answers,
//! the session that replaced it and the withdrawal; `history` only which
//! state (the default, `()` throughout); the page's end no pending state
//! at all (`Infallible`). No other enum lists these states again.

use serde::{Serialize, Serializer};

/// Where a session stands, with what each state carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SessionState<P = (), D = (), R = (), W = ()> {
    /// Submitted and waiting for the person.
    Pending(P),
    /// Its record (the answers) is stored.
    Decided(D),
    /// A later submit took its place before it was answered.
    Replaced(R),
    /// The agent withdrew it before it was answered.
    Withdrawn(W),
}

impl<P, D, R, W> SessionState<P, D, R, W> {
    /// Which state it is, without what it carries.
    pub fn kind(&self) -> SessionState {
        match self {
            SessionState::Pending(_) => SessionState::PENDING,
            SessionState::Decided(_) => SessionState::DECIDED,
            SessionState::Replaced(_) => SessionState::REPLACED,
            SessionState::Withdrawn(_) => SessionState::WITHDRAWN,
        }
    }
}

impl SessionState {
    pub const PENDING: Self = SessionState::Pending(());
    pub const DECIDED: Self = SessionState::Decided(());
    pub const REPLACED: Self = SessionState::Replaced(());
    pub const WITHDRAWN: Self = SessionState::Withdrawn(());

    /// The state as JSON names it (`history --json`'s `status`, the
    /// page's `data-outcome`).
    pub fn word(self) -> &'static str {
        match self {
            SessionState::Pending(()) => "pending",
            SessionState::Decided(()) => "decided",
            SessionState::Replaced(()) => "replaced",
            SessionState::Withdrawn(()) => "withdrawn",
        }
    }
}

/// Which state alone is written as its word.
impl Serialize for SessionState {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_tells_its_kind_and_the_kind_is_written_as_its_word() {
        let found: SessionState<&str, u8, char, ()> = SessionState::Replaced('x');
        assert_eq!(found.kind(), SessionState::REPLACED);
        let words: Vec<String> = [
            SessionState::PENDING,
            SessionState::DECIDED,
            SessionState::REPLACED,
            SessionState::WITHDRAWN,
        ]
        .iter()
        .map(|s| serde_json::to_string(s).unwrap())
        .collect();
        assert_eq!(
            words,
            [
                r#""pending""#,
                r#""decided""#,
                r#""replaced""#,
                r#""withdrawn""#
            ]
        );
    }
}
