use crate::decide::ctx::Ctx;
use crate::error::CliError;
use crate::stdout::print_lines;
use app::i18n::{AgentMsg, Msg};

/// `aide decide guide`: the instruction block for `AGENTS.md` /
/// `CLAUDE.md`, on stdout so it can be appended to one.
pub fn run(ctx: &Ctx) -> Result<(), CliError> {
    print_lines(Msg::Agent(AgentMsg::Guide).text(ctx.lang).split('\n'))
}

#[cfg(test)]
mod tests {
    use app::Lang;
    use app::i18n::{AgentMsg, Msg};

    #[test]
    fn the_readme_shows_the_block_guide_prints() {
        let readme = include_str!("../../../README.md");
        let block = Msg::Agent(AgentMsg::Guide).text(Lang::En);
        assert!(
            readme.contains(&block),
            "README.md lacks `aide decide guide`'s block"
        );
    }
}
