//! The data formats of `data-formats.md` §2 and §4.
//!
//! Every type here is built only by `crate::validate`, so a value of one of
//! them always satisfies the rules of `decide-cli.md` §3. Deserialising goes
//! through the same validation (`try_from = "serde_json::Value"`).

mod input;
mod output;
mod record;

pub use input::{DecideInput, DecideItem, DecideOption, ItemId, Location, Score};
pub use output::{DecideOutput, Decision};
pub use record::{DecisionRecord, Meta, Pending, SessionId};
