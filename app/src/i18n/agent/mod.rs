//! What agents read: the MCP tools' descriptions and answers, and the CLI's
//! lines written for agents (`submit --json`, `status`, `guide`).

mod answers;
mod check;
mod elicit;
mod guide;
mod reach;
mod setup;
mod tools;

use crate::Lang;

/// A message for agents (wrapped in `Msg::Agent`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AgentMsg {
    /// `decide_submit`'s description.
    SubmitTool,
    /// `decide_result`'s description.
    ResultTool,
    /// `decide`'s description.
    DecideTool,
    /// `decide_cancel`'s description.
    CancelTool,
    /// `decide_cancel`'s `reason` argument.
    ReasonArg,
    /// `decide_search`'s description.
    SearchTool,
    /// `decide_search` found earlier decisions (they follow as JSON).
    FoundBefore { count: usize },
    /// `decide_search` found nothing.
    FoundNothing { query: String },
    /// Of `decide_search`'s hits, `count` came with the repository: not
    /// the person's own answers, given here.
    FoundFromRepository { count: usize },
    /// `decide_result` waited for the submit sent before it on the same
    /// connection, and that submit stored no session.
    SubmitFailed,
    /// The session was replaced by a later submit before it was answered.
    Replaced { by: String },
    /// A session was submitted and its page is up.
    Submitted { url: String },
    /// The person has not finished yet.
    StillPending {
        url: String,
        answered: usize,
        total: usize,
    },
    /// The answers are there.
    Decided,
    /// No server serves the session any more, and it is unanswered.
    Closed,
    /// Why an answer is provisional: nobody answered the reversible item
    /// within `after`, so its rule took the recommended option.
    ProvisionalReason { after: String },
    /// Why an answer is provisional: the person chose "Decide later" on a
    /// reversible item, so its recommended option is taken meanwhile.
    LaterReason,
    /// Why an item is deferred: the person chose "Decide later" on an item
    /// that takes no default; the agent works around it.
    DeferredReason,
    /// `decide_result`: some answers are provisional; the person has not
    /// answered yet.
    Provisional,
    /// A progress notification while `decide` waits: how far the person
    /// is, and where they answer.
    Progress {
        answered: usize,
        total: usize,
        url: String,
    },
    /// The MCP server's instructions: when to use which tool.
    Instructions,
    /// The tool's arguments are not an object, or a known one has the
    /// wrong type.
    BadArguments { damage: super::Damage },
    /// No browser was opened: the address must reach the person.
    GiveAddress,
    /// Over plain SSH: the tunnel the person runs on their own machine.
    Tunnel { command: String },
    /// One line the agent can paste to the person: what to answer, where.
    ForPerson {
        task: String,
        items: usize,
        url: String,
        /// Over SSH, the tunnel the person runs first on their own machine:
        /// the line travels to them whole, so the advice travels with it.
        tunnel: Option<String>,
    },
    /// The heading of the desktop notification of a new question (its
    /// body is `ForPerson`).
    NotifyTitle,
    /// `ForPerson` as a line for the agent that relays it.
    RelayLine { message: String },
    /// Bound to every interface: an address other machines can use.
    FromNetwork { url: String },
    /// `--qr` with an address too long for a QR code.
    NoQr,
    /// The configured port was taken; another one serves the page.
    PortMoved { wanted: u16, used: u16 },
    /// The configured port is one browsers refuse to open a page on (X11's
    /// 6000, IRC's 6665-6669…); another one serves the page.
    PortRefused { wanted: u16, used: u16 },
    /// `status`: the page has not been opened yet.
    NotOpened,
    /// `status`: the page was opened at this time.
    OpenedAt { at: String },
    /// `status`: how many items the draft answers, and when it was saved.
    Answered {
        answered: usize,
        total: usize,
        at: Option<String>,
    },
    /// `submit --check`: the input is valid (and every location found).
    CheckPassed { items: usize },
    /// `submit --check`: a location whose file is missing.
    MissingFile { path: String, file: String },
    /// `submit --check`: a location whose lines are past the file's end.
    MissingLines {
        path: String,
        file: String,
        lines: usize,
    },
    /// `submit --check`: the page shows no lines for this location, as its
    /// path is absolute (a warning, as are the five below).
    LocationAbsolute { path: String, file: String },
    /// `submit --check`: the path leads outside the project.
    LocationOutside { path: String, file: String },
    /// `submit --check`: the path leads into `.aide/` or `.git/`.
    LocationPrivate { path: String, file: String },
    /// `submit --check`: a folder, FIFO, socket or device.
    LocationNotRegular { path: String, file: String },
    /// `submit --check`: line `line` lies past the first `mib` MiB, the part
    /// of a file aide reads.
    LocationTooLarge {
        path: String,
        file: String,
        line: u32,
        mib: u64,
    },
    /// `submit --check`: the file is there but cannot be read.
    LocationUnreadable { path: String, file: String },
    /// `submit --check` found missing locations.
    CheckFailed { count: usize },
    /// `init` wrote `.aide/.gitignore`.
    GitignoreCreated { path: String },
    /// `aide decide guide`: the block for `AGENTS.md` / `CLAUDE.md`.
    Guide,
    /// `aide setup`: aide was registered with a client in `path` (in place
    /// of the command `replaced`, if another was there).
    SetupDone {
        client: String,
        path: String,
        replaced: Option<String>,
    },
    /// `aide setup`: aide is registered there already, the same.
    SetupAlready { client: String, path: String },
    /// `aide setup --print`: what would be added, not written.
    SetupWould { client: String, path: String },
    /// `aide setup`: the client's file cannot be read as its format.
    SetupUnreadable {
        path: String,
        line: usize,
        column: usize,
        reason: String,
    },
    /// `aide setup`: the file reads, but aide cannot add itself to it.
    SetupRefused { path: String, reason: String },
    /// `aide setup`: where the client keeps its settings cannot be told.
    SetupNowhere { client: String },
    /// `aide setup --list`: one client, where aide is registered with it.
    SetupListed {
        client: String,
        path: String,
        command: Option<String>,
    },
    /// `aide setup --list` outside a project: a client whose settings are
    /// the project's `file`.
    SetupListedNoProject { client: String, file: String },
    /// `aide setup`: this aide runs from `runner`'s cache, so the client
    /// got the runner's `command`, not the cached copy's path.
    SetupRunner { runner: String, command: String },
    /// `aide setup`: the project's file `path`, read on other machines,
    /// names `aide` from the PATH.
    SetupShared { path: String },
    /// `aide setup`: the client starts servers only in folders it trusts.
    SetupTrust { client: String, list: String },
    /// `aide mcp` could not talk MCP with its client.
    McpFailed { detail: String },
    /// The view's call could not reach the session's page server.
    PageUnreachable { detail: String },
    /// The session's page server did not answer the view's call in time.
    PageSilent { secs: u64 },
    /// A call named a tool aide does not have.
    UnknownTool { name: String },
    /// A read named a resource aide does not have.
    UnknownResource { uri: String },
    /// `tasks/get`, `tasks/update` or `tasks/cancel` of a task this server
    /// does not hold for the caller (never made, made by another server,
    /// gone with the server that made it, or ended more than 5 minutes ago,
    /// `server/src/mcp/task/mod.rs` FINISHED_KEEP): the same words whichever.
    UnknownTask { task: String },
    /// A list of resources was asked from a cursor aide did not give.
    BadCursor { cursor: String },
    /// An answered session as a resource: when, and how many items.
    RecordResource { completed: String, items: usize },
    /// An app-only tool called on a connection whose client declared no
    /// MCP Apps extension: only aide's view may call it.
    AppOnly { name: String },
    /// An app-only tool called without the token aide gives only its view.
    ViewTokenRefused { name: String },
    /// `aide mcp --http`: where it serves MCP.
    McpHttpServing { url: String },
    /// `aide mcp --http` on an address other machines can reach.
    McpHttpExposed { bind: String },
    /// `aide mcp --http` could not listen on its address.
    McpHttpBind { addr: String, detail: String },
    /// `aide mcp --http`: the header every client request must carry.
    McpHttpHeader { header: String },
    /// `aide mcp --http`: a request without the token, or with another.
    McpHttpUnauthorized,
    /// `aide mcp --http`: a new session while `max` are open.
    McpHttpBusy { max: usize },
    /// `aide mcp --http`: a request body that did not arrive in time.
    McpHttpBodyLate { secs: u64 },
    /// `aide mcp --http`: a request body over the limit.
    McpHttpBodyLarge { max_bytes: usize },
    /// `aide mcp --http`: a request body that is not a JSON-RPC message.
    McpHttpNotJsonRpc,
    /// URL elicitation: what the agent's client shows when it asks the
    /// person to open the page.
    /// `shows`: some option shows a preview, a diff or a picture, which
    /// only the page shows.
    ElicitOpen {
        task: String,
        items: usize,
        shows: bool,
    },
    /// Form elicitation: the heading of the form the client draws.
    ElicitForm { task: String, items: usize },
    /// A choice in the client's form: an option's label, its score and
    /// whether it is recommended.
    FormChoice {
        label: String,
        score: Option<u8>,
        recommended: bool,
    },
    /// The choice in the client's form that leaves an item undecided.
    FormSkip,
    /// The optional note on an item in the client's form.
    FormNote { title: String },
    /// The person declined (or dismissed) the client's prompt; the page
    /// stays up.
    ElicitDeclined { url: String },
    /// The answers of the client's form were not recorded; the page stays
    /// up.
    FormRefused { detail: String, url: String },
    /// The client's form names a choice the item does not have.
    FormUnknownChoice { item: u32, value: String },
    /// A `decide` retry whose `requestState` names no session of this
    /// project that asks these items.
    RequestStateRefused,
    /// A result or cancel call without `session_id` that nothing binds to
    /// a submit (each request stands alone), when the project has not
    /// exactly one pending session.
    SessionIdNeeded,
}

/// Where the texts of an `AgentMsg` are.
#[derive(Clone, Copy)]
enum AgentPart {
    Tools,
    Answers,
    Reach,
    Check,
    Guide,
    Setup,
    Elicit,
}

impl AgentMsg {
    pub(crate) fn text(&self, lang: Lang) -> String {
        match self.part() {
            AgentPart::Tools => tools::text(self, lang),
            AgentPart::Answers => answers::text(self, lang),
            AgentPart::Reach => reach::text(self, lang),
            AgentPart::Check => check::text(self, lang),
            AgentPart::Guide => guide::text(self, lang),
            AgentPart::Setup => setup::text(self, lang),
            AgentPart::Elicit => elicit::text(self, lang),
        }
    }

    /// The file of this folder that holds the text.
    fn part(&self) -> AgentPart {
        match self {
            AgentMsg::SubmitTool
            | AgentMsg::ResultTool
            | AgentMsg::DecideTool
            | AgentMsg::CancelTool
            | AgentMsg::ReasonArg
            | AgentMsg::SearchTool
            | AgentMsg::Instructions => AgentPart::Tools,
            AgentMsg::SubmitFailed
            | AgentMsg::Replaced { .. }
            | AgentMsg::Submitted { .. }
            | AgentMsg::StillPending { .. }
            | AgentMsg::Decided
            | AgentMsg::FoundBefore { .. }
            | AgentMsg::FoundNothing { .. }
            | AgentMsg::FoundFromRepository { .. }
            | AgentMsg::Closed
            | AgentMsg::ProvisionalReason { .. }
            | AgentMsg::LaterReason
            | AgentMsg::DeferredReason
            | AgentMsg::Provisional
            | AgentMsg::Progress { .. }
            | AgentMsg::BadArguments { .. }
            | AgentMsg::RequestStateRefused
            | AgentMsg::SessionIdNeeded
            | AgentMsg::McpFailed { .. }
            | AgentMsg::PageUnreachable { .. }
            | AgentMsg::PageSilent { .. }
            | AgentMsg::UnknownTool { .. }
            | AgentMsg::UnknownResource { .. }
            | AgentMsg::UnknownTask { .. }
            | AgentMsg::BadCursor { .. }
            | AgentMsg::RecordResource { .. }
            | AgentMsg::AppOnly { .. }
            | AgentMsg::ViewTokenRefused { .. }
            | AgentMsg::McpHttpServing { .. }
            | AgentMsg::McpHttpExposed { .. }
            | AgentMsg::McpHttpBind { .. }
            | AgentMsg::McpHttpHeader { .. }
            | AgentMsg::McpHttpUnauthorized
            | AgentMsg::McpHttpBusy { .. }
            | AgentMsg::McpHttpBodyLate { .. }
            | AgentMsg::McpHttpBodyLarge { .. }
            | AgentMsg::McpHttpNotJsonRpc => AgentPart::Answers,
            AgentMsg::GiveAddress
            | AgentMsg::Tunnel { .. }
            | AgentMsg::ForPerson { .. }
            | AgentMsg::NotifyTitle
            | AgentMsg::RelayLine { .. }
            | AgentMsg::FromNetwork { .. }
            | AgentMsg::NoQr
            | AgentMsg::PortMoved { .. }
            | AgentMsg::PortRefused { .. }
            | AgentMsg::NotOpened
            | AgentMsg::OpenedAt { .. }
            | AgentMsg::Answered { .. } => AgentPart::Reach,
            AgentMsg::CheckPassed { .. }
            | AgentMsg::MissingFile { .. }
            | AgentMsg::MissingLines { .. }
            | AgentMsg::LocationAbsolute { .. }
            | AgentMsg::LocationOutside { .. }
            | AgentMsg::LocationPrivate { .. }
            | AgentMsg::LocationNotRegular { .. }
            | AgentMsg::LocationTooLarge { .. }
            | AgentMsg::LocationUnreadable { .. }
            | AgentMsg::CheckFailed { .. } => AgentPart::Check,
            AgentMsg::GitignoreCreated { .. } | AgentMsg::Guide => AgentPart::Guide,
            AgentMsg::SetupDone { .. }
            | AgentMsg::SetupAlready { .. }
            | AgentMsg::SetupWould { .. }
            | AgentMsg::SetupUnreadable { .. }
            | AgentMsg::SetupRefused { .. }
            | AgentMsg::SetupNowhere { .. }
            | AgentMsg::SetupListed { .. }
            | AgentMsg::SetupListedNoProject { .. }
            | AgentMsg::SetupRunner { .. }
            | AgentMsg::SetupShared { .. }
            | AgentMsg::SetupTrust { .. } => AgentPart::Setup,
            AgentMsg::ElicitOpen { .. }
            | AgentMsg::ElicitForm { .. }
            | AgentMsg::FormChoice { .. }
            | AgentMsg::FormSkip
            | AgentMsg::FormNote { .. }
            | AgentMsg::ElicitDeclined { .. }
            | AgentMsg::FormRefused { .. }
            | AgentMsg::FormUnknownChoice { .. } => AgentPart::Elicit,
        }
    }

    pub(crate) fn hint(&self, lang: Lang) -> Option<&'static str> {
        match self {
            AgentMsg::BadArguments { .. } => Some(lang.pick(
                "参数应为一个 JSON 对象,格式见工具的 inputSchema",
                "Pass one JSON object, as the tool's inputSchema describes",
            )),
            AgentMsg::McpFailed { .. } => Some(lang.pick(
                "aide mcp 通过标准输入输出使用 MCP 协议:请由 MCP 客户端启动它(见 README 的 Agent quick start)",
                "aide mcp speaks MCP on stdin and stdout: let an MCP client start it (README, Agent quick start)",
            )),
            AgentMsg::McpHttpBind { .. } => Some(lang.pick(
                "换一个端口,例如 aide mcp --http 127.0.0.1:0 让系统选一个空闲端口",
                "Choose another port; aide mcp --http 127.0.0.1:0 lets the system pick a free one",
            )),
            AgentMsg::SetupUnreadable { .. } | AgentMsg::SetupRefused { .. } => Some(lang.pick(
                "文件未被改动:修正它,或按 docs/clients.md 手动添加 aide",
                "The file was not changed: fix it, or add aide by hand as docs/clients.md shows",
            )),
            AgentMsg::SetupNowhere { .. } => Some(lang.pick(
                "设置 HOME(Codex 也可用 CODEX_HOME)后重试",
                "Set HOME (for Codex, CODEX_HOME also works) and try again",
            )),
            AgentMsg::CheckFailed { .. } => Some(lang.pick(
                "修正 location 中的文件路径(相对项目根目录)和行号",
                "Fix the file paths (relative to the project root) and lines of these locations",
            )),
            _ => None,
        }
    }
}
