use super::WrittenVersion;
use super::{DecideInput, DecideOutput, ItemId, SessionId, Timestamp};
use serde::{Deserialize, Serialize, Serializer};

/// The `_meta` block that `aide` adds to a stored input.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Meta {
    /// When the session was submitted.
    pub created_at: Timestamp,
    /// The session's id, also the name of its record file.
    pub session_id: SessionId,
}

/// `pending.json`: the input being decided, with its `_meta`.
#[derive(Clone, Debug)]
pub struct Pending {
    pub input: DecideInput,
    pub meta: Meta,
    /// The file as it was read, if it was: writing the pending session
    /// again (as a record's `input`) copies it whole, so fields added by a
    /// newer minor version of the format are kept. `None` for a new session.
    pub source: Option<serde_json::Value>,
}

/// `{session_id}.json`: what was asked, what was answered, when, and where.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DecisionRecord {
    pub version: WrittenVersion,
    /// The session, named by the record's file name (records in the
    /// format's own shape carry no `_meta`, so the name is the one source).
    #[serde(skip)]
    pub session_id: SessionId,
    pub input: RecordInput,
    pub output: DecideOutput,
    pub completed_at: Timestamp,
    /// Where the person gave the answers (records of earlier releases and
    /// of the format's own shape do not say).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<Via>,
    /// The precedents the person followed: items answered as an earlier
    /// decision shown beside them was (records before 1.3 do not say).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub followed: Vec<Followed>,
    /// The items the person said to decide later before answering them
    /// (issue 58): their answers went to the agent provisionally or
    /// deferred first. Absent when none was.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub said_later: Vec<ItemId>,
}

/// An item answered as the earlier decision its page showed beside it:
/// the person took the precedent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Followed {
    /// The item of this record.
    pub id: ItemId,
    /// The earlier record, and its item.
    pub session_id: SessionId,
    pub item: ItemId,
}

/// The answers as given: what, where, and which precedents they follow.
#[derive(Clone, Debug, PartialEq)]
pub struct Given {
    pub output: DecideOutput,
    pub via: Via,
    pub followed: Vec<Followed>,
    /// The items the person said to decide later before answering them.
    pub said_later: Vec<ItemId>,
}

impl From<(DecideOutput, Via)> for Given {
    /// Answers that follow no precedent.
    fn from((output, via): (DecideOutput, Via)) -> Self {
        Given {
            output,
            via,
            followed: Vec::new(),
            said_later: Vec::new(),
        }
    }
}

/// Where the person gave the answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Via {
    /// aide's page in a browser (the island, or the plain form).
    Page,
    /// The MCP App view inside the agent's client.
    View,
    /// The client's own form (MCP form elicitation).
    Elicitation,
    /// A program, posting JSON to the page server.
    Api,
    /// The person's standing rulings, at submit (issue 56).
    Ruling,
}

impl Via {
    /// Every one, in the order the format lists them.
    pub const ALL: [Via; 5] = [
        Via::Page,
        Via::View,
        Via::Elicitation,
        Via::Api,
        Via::Ruling,
    ];

    /// The name as written.
    pub fn name(self) -> &'static str {
        match self {
            Via::Page => "page",
            Via::View => "view",
            Via::Elicitation => "elicitation",
            Via::Api => "api",
            Via::Ruling => "ruling",
        }
    }

    /// The one named `name`.
    pub fn parse(name: &str) -> Option<Via> {
        Via::ALL.into_iter().find(|via| via.name() == name)
    }
}

/// A record's `input`: the input that was decided, with the `_meta` that
/// aide writes into it. A record in the format's own shape (and every
/// record the upstream aide writes) has none.
#[derive(Clone, Debug)]
pub struct RecordInput {
    pub input: DecideInput,
    pub meta: Option<Meta>,
    /// The value as read (or the pending file's), copied whole on writing.
    pub source: Option<serde_json::Value>,
}

impl Pending {
    /// A new pending session (not read from a file).
    pub fn new(input: DecideInput, meta: Meta) -> Self {
        Pending {
            input,
            meta,
            source: None,
        }
    }
}

/// Two pendings are the same session when what they ask and their `_meta`
/// agree; how they were read does not matter.
impl PartialEq for Pending {
    fn eq(&self, other: &Self) -> bool {
        self.input == other.input && self.meta == other.meta
    }
}

impl Serialize for Pending {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct FreshPending<'a> {
            version: WrittenVersion,
            #[serde(flatten)]
            input: &'a DecideInput,
            #[serde(rename = "_meta")]
            meta: &'a Meta,
        }
        match &self.source {
            Some(source) => source.serialize(serializer),
            None => FreshPending {
                version: WrittenVersion,
                input: &self.input,
                meta: &self.meta,
            }
            .serialize(serializer),
        }
    }
}

impl DecisionRecord {
    /// The record of `input` answered with `output` at `completed_at`.
    pub fn new(input: Pending, output: DecideOutput, completed_at: Timestamp) -> Self {
        DecisionRecord {
            version: WrittenVersion,
            session_id: input.meta.session_id.clone(),
            input: input.into(),
            output,
            completed_at,
            via: None,
            followed: Vec::new(),
            said_later: Vec::new(),
        }
    }

    /// The record of `input` answered as `given` says, at `completed_at`.
    pub fn given(input: Pending, given: Given, completed_at: Timestamp) -> Self {
        DecisionRecord {
            via: Some(given.via),
            followed: given.followed,
            said_later: given.said_later,
            ..DecisionRecord::new(input, given.output, completed_at)
        }
    }
}

impl From<Pending> for RecordInput {
    fn from(pending: Pending) -> Self {
        RecordInput {
            input: pending.input,
            meta: Some(pending.meta),
            source: pending.source,
        }
    }
}

impl RecordInput {
    /// Whether this record answers `pending`: the same input, and the same
    /// `_meta` where the record kept one (the session id already matched,
    /// through the file name).
    pub fn answers(&self, pending: &Pending) -> bool {
        self.input == pending.input && self.meta.as_ref().is_none_or(|meta| *meta == pending.meta)
    }
}

/// Two record inputs are equal when what they ask and their `_meta` agree.
impl PartialEq for RecordInput {
    fn eq(&self, other: &Self) -> bool {
        self.input == other.input && self.meta == other.meta
    }
}

impl Serialize for RecordInput {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct FreshRecord<'a> {
            #[serde(flatten)]
            input: &'a DecideInput,
            #[serde(rename = "_meta", skip_serializing_if = "Option::is_none")]
            meta: &'a Option<Meta>,
        }
        match &self.source {
            Some(source) => source.serialize(serializer),
            None => FreshRecord {
                input: &self.input,
                meta: &self.meta,
            }
            .serialize(serializer),
        }
    }
}
