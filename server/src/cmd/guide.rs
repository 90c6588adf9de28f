use super::Ctx;
use crate::error::CliError;
use crate::stdout::print_data;
use app::i18n::{AgentMsg, Msg};

/// `aide decide guide`: the instruction block for `AGENTS.md` /
/// `CLAUDE.md`, on stdout so it can be appended to one.
pub fn run(ctx: &Ctx) -> Result<(), CliError> {
    print_data(&Msg::Agent(AgentMsg::Guide).text(ctx.printer.lang))
}
