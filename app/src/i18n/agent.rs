//! What agents read: the MCP tools' descriptions and answers, and the CLI's
//! lines written for agents (`submit --json`, `status`, `guide`).

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
    /// The `replace` argument's description.
    ReplaceArg,
    /// The `wait_seconds` argument's description.
    WaitArg,
    /// The `session_id` argument's description.
    SessionArg,
    /// `decide_cancel`'s description.
    CancelTool,
    /// `decide_cancel`'s `session_id` argument.
    CancelSessionArg,
    /// `decide_cancel`'s `reason` argument.
    ReasonArg,
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
    BadArguments { detail: String },
    /// No browser was opened: the address must reach the person.
    GiveAddress,
    /// Over plain SSH: the tunnel the person runs on their own machine.
    Tunnel { command: String },
    /// One line the agent can paste to the person: what to answer, where.
    ForPerson {
        task: String,
        items: usize,
        url: String,
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
    /// `aide mcp` could not talk MCP with its client.
    McpFailed { detail: String },
    /// The view's call could not reach the session's page server.
    PageUnreachable { detail: String },
    /// `aide mcp --http`: where it serves MCP.
    McpHttpServing { url: String },
    /// `aide mcp --http` on an address other machines can reach.
    McpHttpExposed { bind: String },
    /// `aide mcp --http` could not listen on its address.
    McpHttpBind { addr: String, detail: String },
    /// URL elicitation: what the agent's client shows when it asks the
    /// person to open the page.
    ElicitOpen { task: String, items: usize },
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

const GUIDE_EN: &str = "## Asking the person: aide

When a decision is not yours to make alone (a design choice with real
trade-offs, a product or naming question, anything costly to undo), do not
guess: ask the person with aide, then act on the answer.

- With the aide MCP server: call `decide` (waits for the answers), or
  `decide_submit`, show the person the returned address, then call
  `decide_result` with `wait_seconds` below your tool time limit until its
  status is `decided`. Every result names its `session_id`; use only
  answers of the session you submitted. `decide_cancel` withdraws a
  question that became moot.
- From the shell (commands killed after a time limit): pipe the input to
  `aide decide submit - --detach --json`, which prints
  `{\"session_id\",\"url\",\"message\",\"port\",\"pid\"}`; paste the message (the
  address with what to answer) to the person;
  then `aide decide result --wait --timeout 100 --session ID` until it exits
  0 (124: still deciding, run it again; 3: withdrawn). `aide decide status`
  says how far the person is; `aide decide cancel --session ID --reason …`
  withdraws the question.
- Input: `aide decide schema` (for a question from the chat, `source` is
  `chat`); check it first with `aide decide submit - --check`. Give each
  item 2+ options, a recommend, and a location when it comes from the code.
- Never invent an answer. The answers are what `aide decide result`
  prints (`decide_result`'s `decisions`); read the person's notes, they
  may qualify the choice.";

const GUIDE_ZH: &str = "## 向用户请求决策:aide

当某个决定不应由你独自做出(有实际取舍的设计选择、产品或命名问题、难以撤销的操作)时,
不要猜测:用 aide 询问用户,再按答案行动。

- 使用 aide 的 MCP 服务:调用 `decide`(等待答案),或调用 `decide_submit`,
  把返回的地址告诉用户,再以小于工具时限的 `wait_seconds` 调用 `decide_result`,
  直到 status 为 `decided`。每个结果都带 `session_id`;只采用你所提交会话的答案。
  问题已无意义时用 `decide_cancel` 撤回。
- 在 shell 中(命令有时限):把输入通过管道交给 `aide decide submit - --detach --json`,
  它输出 `{\"session_id\",\"url\",\"message\",\"port\",\"pid\"}`;把 message(地址与要回答的内容)转告用户;
  然后运行 `aide decide result --wait --timeout 100 --session ID`,直到退出码为 0
  (124 表示用户仍在决策,再运行一次;3 表示已撤回)。`aide decide status` 显示用户的进度;
  `aide decide cancel --session ID --reason …` 撤回问题。
- 输入格式:`aide decide schema`(来自对话的问题,`source` 写 `chat`);
  先用 `aide decide submit - --check` 检查。
  每个待定项至少 2 个选项,给出 recommend,来自代码时附上 location。
- 绝不编造答案。答案即 `aide decide result` 的输出(`decide_result` 的
  `decisions`);请阅读用户的备注,它可能限定所选的选项。";

impl AgentMsg {
    pub(crate) fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            AgentMsg::SubmitTool => lang
                .pick(
                    "把你不应独自做出的决定交给用户:存储待定项,在后台启动决策页面,并立即返回页面地址。把地址告诉用户,然后调用 decide_result 获取答案。参数与 aide decide schema 相同;仍在等待的其他会话保留在新会话旁边,各有页面,replace: true 则停止并替换最近的那个。",
                    "Hand the person decisions you should not make alone: stores the items, starts the decision page in the background and returns its address at once. Show the address to the person, then call decide_result for the answers. Arguments as `aide decide schema`; a session still waiting stays beside the new one, each on its own page, unless replace: true stops and replaces the latest one.",
                )
                .into(),
            AgentMsg::ResultTool => lang
                .pick(
                    "获取用户对一个会话的答案:session_id 指定的会话;未指定时,为本连接上此前提交的会话(仍在提交中则等它完成),否则为项目当前的待定会话(有多个待定会话时拒绝并列出它们)。wait_seconds(0-600,默认 0)内等待用户完成。每个结果都带 session_id:decided 及答案、pending 及进度、closed(页面已不在服务)或 replaced(被之后的提交替换)。从不猜测答案,也从不返回其他会话的答案。",
                    "Get the person's answers to one session: the one session_id names; without it, the session submitted before this call on this connection (waiting for that submit if it is still being stored), else the project's pending session (refused, naming them, while several are pending). Waits up to wait_seconds (0-600, default 0) for the person. Every result names its session_id: decided with the answers, pending with how far the person is, closed when no page serves the session any more, or replaced when a later submit replaced it. Never a guessed answer, never another session's answers.",
                )
                .into(),
            AgentMsg::DecideTool => lang
                .pick(
                    "与 decide_submit 参数相同:提交后一直等待用户作答并返回答案,等待期间发送进度通知。适合没有工具调用时限的客户端;被取消时页面保持打开,之后用 decide_result 获取答案。",
                    "The arguments of decide_submit: submits, then waits for the person and returns the answers, sending progress notifications while it waits. For clients without a short tool time limit; when cancelled the page stays up and decide_result collects the answers later.",
                )
                .into(),
            AgentMsg::ReplaceArg => lang
                .pick(
                    "停止仍在等待答案的旧会话的页面并替换它",
                    "Stop the page of an earlier session still waiting for answers and replace it",
                )
                .into(),
            AgentMsg::WaitArg => lang
                .pick(
                    "最多等待用户作答的秒数(0-600);选小于客户端工具时限的值",
                    "How many seconds to wait for the person (0-600); pick less than your client's tool time limit",
                )
                .into(),
            AgentMsg::SessionArg => lang
                .pick(
                    "要获取答案的会话(decide_submit 返回的 session_id);省略时为本连接上此前提交的会话",
                    "The session to answer for (the session_id decide_submit returned); without it, the session submitted before this call on this connection",
                )
                .into(),
            AgentMsg::CancelTool => lang
                .pick(
                    "撤回一个问题(它已无意义,或用户已在对话中回答):页面停止并告知用户已撤回及原因,等待它的 decide 和 decide_result 返回 withdrawn。省略 session_id 时撤回本连接上此前提交的会话。已作答的会话不能撤回。",
                    "Withdraw a question (it became moot, or the person answered in the chat): its page stops and tells the person it was withdrawn and why, and a decide or decide_result waiting on it returns withdrawn. Without session_id it withdraws the session submitted before this call on this connection. An answered session cannot be withdrawn.",
                )
                .into(),
            AgentMsg::CancelSessionArg => lang
                .pick(
                    "要撤回的会话(decide_submit 返回的 session_id);省略时为本连接上此前提交的会话",
                    "The session to withdraw (the session_id decide_submit returned); without it, the session submitted before this call on this connection",
                )
                .into(),
            AgentMsg::ReasonArg => lang
                .pick(
                    "撤回原因,简短;页面会显示给用户",
                    "Why, in a few words: the page shows it to the person",
                )
                .into(),
            AgentMsg::Tunnel { command } if zh => format!(
                "通过 SSH 连接,这台机器上没有浏览器:请用户在自己的电脑上运行 {command},再打开上面的地址"
            ),
            AgentMsg::Tunnel { command } => format!(
                "Reached over SSH, with no browser here: on their own machine the person runs {command}, then opens the address above"
            ),
            AgentMsg::ForPerson { task, items, url } if zh => {
                format!("请在这里回答「{task}」的 {items} 个问题: {url}")
            }
            AgentMsg::ForPerson { task, items, url } => {
                let noun = if *items == 1 { "question" } else { "questions" };
                format!("Please answer {items} {noun} for \"{task}\" here: {url}")
            }
            AgentMsg::NotifyTitle => lang.pick("aide: 有问题等你回答", "aide: a question waits for you").into(),
            AgentMsg::RelayLine { message } if zh => format!("转告用户: {message}"),
            AgentMsg::RelayLine { message } => format!("For the person: {message}"),
            AgentMsg::FromNetwork { url } if zh => format!("从其他设备访问: {url}"),
            AgentMsg::FromNetwork { url } => format!("From other machines: {url}"),
            AgentMsg::NoQr => lang
                .pick("地址太长,无法生成二维码", "The address is too long for a QR code")
                .into(),
            AgentMsg::SubmitFailed => lang
                .pick(
                    "本连接上此前发出的 decide_submit 失败了,没有可供回答的会话;请查看它的错误,修正后重新提交。",
                    "The decide_submit sent before this call on this connection failed, so there is no session to answer for; see its error, fix the input and submit again.",
                )
                .into(),
            AgentMsg::Replaced { by } if zh => format!(
                "此会话在作答前已被会话 {by} 替换,不会再有答案。若仍需答案,请重新提交。"
            ),
            AgentMsg::Replaced { by } => format!(
                "This session was replaced by session {by} before it was answered; it will get no answers. Submit again if the answers are still needed."
            ),
            AgentMsg::Submitted { url } if zh => format!(
                "决策页面已打开: {url}\n请把这个地址告诉用户(其中的密钥只能打开这一个会话),然后调用 decide_result(wait_seconds 最多 600)获取答案。"
            ),
            AgentMsg::Submitted { url } => format!(
                "The decision page is up: {url}\nShow this address to the person (its key opens this one session and nothing else), then call decide_result (wait_seconds up to 600) for the answers."
            ),
            AgentMsg::StillPending { url, answered, total } if zh => format!(
                "用户尚未完成:已回答 {answered}/{total} 项。页面仍在 {url}。再次调用 decide_result 继续等待。"
            ),
            AgentMsg::StillPending { url, answered, total } => format!(
                "The person has not finished: {answered}/{total} answered. The page is still at {url}. Call decide_result again to keep waiting."
            ),
            AgentMsg::Decided => lang
                .pick("用户已完成决策,答案如下:", "The person decided; the answers:")
                .into(),
            AgentMsg::Closed => lang
                .pick(
                    "没有服务在提供此会话的页面,尚无答案。用 decide_submit 重新提交,或在项目中运行 aide decide serve --detach 重新打开页面。",
                    "No server serves this session's page any more, and it has no answers. Submit again with decide_submit, or run aide decide serve --detach in the project to serve the page again.",
                )
                .into(),
            AgentMsg::Progress { answered, total, url } if zh => {
                format!("等待用户作答: 已回答 {answered}/{total},页面 {url}")
            }
            AgentMsg::Progress { answered, total, url } => {
                format!("Waiting for the person: {answered}/{total} answered, at {url}")
            }
            AgentMsg::Instructions => lang
                .pick(
                    "aide 把你不应独自做出的决定交给用户,并把答案作为数据返回。客户端允许一次工具调用等待数分钟时,调用 decide:它等待用户作答,每 10 秒发送一次进度。否则调用 decide_submit,把返回的 message(含地址)转告用户,再调用 decide_result,wait_seconds 取小于客户端工具调用时限的值,直到 status 为 decided。每个结果都带 session_id:只采用你所提交会话的答案。问题已无意义时用 decide_cancel 撤回。绝不编造答案;请阅读用户的备注。",
                    "aide hands the person the decisions you should not make alone and returns their answers as data. When your client lets one tool call wait for minutes, call decide: it waits for the person and reports progress every 10 s. Otherwise call decide_submit, pass the returned message (with the page's address) to the person, then call decide_result with wait_seconds below your client's tool-call time limit until its status is decided. Every result names its session_id: use only the answers of the session you submitted. decide_cancel withdraws a question that became moot. Never invent an answer; read the person's notes.",
                )
                .into(),
            AgentMsg::BadArguments { detail } if zh => format!("参数无效: {detail}"),
            AgentMsg::BadArguments { detail } => format!("Invalid arguments: {detail}"),
            AgentMsg::GiveAddress => lang
                .pick(
                    "未打开浏览器:请把上面的地址交给用户。地址中的密钥只能打开这一个会话,不能访问其他任何内容",
                    "No browser was opened: give the address above to the person. Its key opens this one session and nothing else",
                )
                .into(),
            AgentMsg::PortMoved { wanted, used } if zh => {
                format!("端口 {wanted} 已被占用,改用端口 {used}")
            }
            AgentMsg::PortMoved { wanted, used } => {
                format!("Port {wanted} is in use; serving on port {used} instead")
            }
            AgentMsg::NotOpened => lang
                .pick("用户尚未打开页面", "The person has not opened the page yet")
                .into(),
            AgentMsg::OpenedAt { at } if zh => format!("用户已于 {at} 打开页面"),
            AgentMsg::OpenedAt { at } => format!("The person opened the page at {at}"),
            AgentMsg::Answered { answered, total, at: Some(at) } if zh => {
                format!("已回答 {answered}/{total} 项,最后活动于 {at}")
            }
            AgentMsg::Answered { answered, total, at: Some(at) } => {
                format!("{answered}/{total} answered, last activity at {at}")
            }
            AgentMsg::Answered { answered, total, at: None } if zh => {
                format!("已回答 {answered}/{total} 项")
            }
            AgentMsg::Answered { answered, total, at: None } => {
                format!("{answered}/{total} answered")
            }
            AgentMsg::CheckPassed { items } if zh => {
                format!("输入有效({items} 项),未启动任何服务")
            }
            AgentMsg::CheckPassed { items } => {
                let noun = if *items == 1 { "item" } else { "items" };
                format!("The input is valid ({items} {noun}); nothing was started")
            }
            AgentMsg::MissingFile { path, file } if zh => format!("{path}: 文件 {file} 不存在"),
            AgentMsg::MissingFile { path, file } => format!("{path}: the file {file} does not exist"),
            AgentMsg::MissingLines { path, file, lines } if zh => {
                format!("{path}: {file} 只有 {lines} 行")
            }
            AgentMsg::MissingLines { path, file, lines } => {
                format!("{path}: {file} ends at line {lines}")
            }
            AgentMsg::LocationAbsolute { path, file } if zh => {
                format!("{path}: {file} 是绝对路径,页面只显示项目内相对路径的文件,不会显示这些行")
            }
            AgentMsg::LocationAbsolute { path, file } => format!(
                "{path}: {file} is an absolute path; the page shows only files relative to the project, so it will not show these lines"
            ),
            AgentMsg::LocationOutside { path, file } if zh => {
                format!("{path}: {file} 指向项目之外(.. 或符号链接),页面不会显示这些行")
            }
            AgentMsg::LocationOutside { path, file } => format!(
                "{path}: {file} leads outside the project (.. or a symlink); the page will not show these lines"
            ),
            AgentMsg::LocationPrivate { path, file } if zh => {
                format!("{path}: {file} 位于 .aide/ 或 .git/ 中,aide 从不读取,页面不会显示这些行")
            }
            AgentMsg::LocationPrivate { path, file } => format!(
                "{path}: {file} is inside .aide/ or .git/, which aide never reads; the page will not show these lines"
            ),
            AgentMsg::LocationNotRegular { path, file } if zh => {
                format!("{path}: {file} 不是普通文件(目录、FIFO、套接字或设备),页面不会显示这些行")
            }
            AgentMsg::LocationNotRegular { path, file } => format!(
                "{path}: {file} is not a regular file (a folder, FIFO, socket or device); the page will not show these lines"
            ),
            AgentMsg::LocationTooLarge { path, file, line, mib } if zh => format!(
                "{path}: {file} 过大,无法检查:第 {line} 行在 aide 读取的前 {mib} MiB 之后,页面不显示其后的行"
            ),
            AgentMsg::LocationTooLarge { path, file, line, mib } => format!(
                "{path}: {file} is too large to check: line {line} lies past the first {mib} MiB, which is all aide reads, and the page shows no lines past them"
            ),
            AgentMsg::LocationUnreadable { path, file } if zh => {
                format!("{path}: 无法读取 {file},页面不会显示这些行")
            }
            AgentMsg::LocationUnreadable { path, file } => {
                format!("{path}: {file} cannot be read; the page will not show these lines")
            }
            AgentMsg::CheckFailed { count } if zh => format!("{count} 个位置无法找到"),
            AgentMsg::CheckFailed { count: 1 } => "1 location cannot be found".to_owned(),
            AgentMsg::CheckFailed { count } => format!("{count} locations cannot be found"),
            AgentMsg::Guide => lang.pick(GUIDE_ZH, GUIDE_EN).into(),
            AgentMsg::McpFailed { detail } if zh => format!("MCP 会话失败: {detail}"),
            AgentMsg::McpFailed { detail } => format!("The MCP session failed: {detail}"),
            AgentMsg::PageUnreachable { detail } if zh => {
                format!("无法连接此会话的页面服务: {detail}")
            }
            AgentMsg::PageUnreachable { detail } => {
                format!("The session's page server could not be reached: {detail}")
            }
            AgentMsg::McpHttpServing { url } if zh => format!("MCP 服务地址 {url}(Ctrl-C 停止)"),
            AgentMsg::McpHttpServing { url } => format!("Serving MCP at {url} (Ctrl-C stops it)"),
            AgentMsg::McpHttpExposed { bind } if zh => format!(
                "MCP 服务监听 {bind},不只本机:能连到这台机器的任何人都能调用 aide 的工具,而 MCP 没有密钥;请只在可信网络中这样做"
            ),
            AgentMsg::McpHttpExposed { bind } => format!(
                "MCP listens on {bind}, not only this machine: anyone who can reach it can call aide's tools, and MCP has no key; do this only on a network you trust"
            ),
            AgentMsg::McpHttpBind { addr, detail } if zh => {
                format!("无法在 {addr} 上监听 MCP: {detail}")
            }
            AgentMsg::McpHttpBind { addr, detail } => {
                format!("Cannot listen for MCP on {addr}: {detail}")
            }
            AgentMsg::ElicitOpen { task, items } if zh => format!(
                "aide 请你回答「{task}」的 {items} 个问题。打开决策页面作答,智能体正在等待你的答案。"
            ),
            AgentMsg::ElicitOpen { task, items } => {
                let noun = if *items == 1 { "question" } else { "questions" };
                format!(
                    "aide asks you {items} {noun} for \"{task}\". Open the decision page to answer; the agent waits for your answers."
                )
            }
            AgentMsg::ElicitForm { task, items } if zh => {
                format!("请为「{task}」做决定({items} 个问题),智能体正在等待你的答案。")
            }
            AgentMsg::ElicitForm { task, items } => {
                let noun = if *items == 1 { "question" } else { "questions" };
                format!("Please decide for \"{task}\" ({items} {noun}); the agent waits for your answers.")
            }
            AgentMsg::FormChoice { label, score, recommended } => {
                let mut title = label.clone();
                if let Some(score) = score {
                    title.push_str(&format!(" · {} {score}", lang.pick("评分", "score")));
                }
                if *recommended {
                    title.push_str(&format!(" · {}", lang.pick("推荐", "recommended")));
                }
                title
            }
            AgentMsg::FormSkip => lang.pick("跳过(暂不决定)", "Skip (leave it undecided)").into(),
            AgentMsg::FormNote { title } if zh => format!("「{title}」的备注(可选)"),
            AgentMsg::FormNote { title } => format!("Note on \"{title}\" (optional)"),
            AgentMsg::ElicitDeclined { url } if zh => format!(
                "用户拒绝在客户端中作答。问题仍在 {url} 等待回答:稍后用 decide_result(带此 session_id)获取答案,或用 decide_cancel 撤回。"
            ),
            AgentMsg::ElicitDeclined { url } => format!(
                "The person declined to answer in the client. The question stays open at {url}: call decide_result later (with this session_id) to collect the answers, or decide_cancel to withdraw it."
            ),
            AgentMsg::FormRefused { detail, url } if zh => format!(
                "客户端表单的答案未被记录: {detail}\n问题仍在 {url} 等待回答:稍后用 decide_result(带此 session_id)获取答案,或用 decide_cancel 撤回。"
            ),
            AgentMsg::FormRefused { detail, url } => format!(
                "The answers of the client's form were not recorded: {detail}\nThe question stays open at {url}: call decide_result later (with this session_id) to collect the answers, or decide_cancel to withdraw it."
            ),
            AgentMsg::FormUnknownChoice { item, value } if zh => {
                format!("第 {item} 项: 「{value}」不是它的选项")
            }
            AgentMsg::FormUnknownChoice { item, value } => {
                format!("item {item}: \"{value}\" is not one of its choices")
            }
            AgentMsg::RequestStateRefused => lang
                .pick(
                    "requestState 没有指向本项目中询问这些待定项的会话,未记录任何内容。请不带 requestState 重新调用 decide。",
                    "requestState names no session of this project that asks these items; nothing was recorded. Call decide again without requestState to ask anew.",
                )
                .into(),
            AgentMsg::SessionIdNeeded => lang
                .pick(
                    "此调用无法关联到之前的提交:在协议 2026-07-28 的 HTTP 上每个请求彼此独立,而项目中的待定会话不是恰好一个。请传入 session_id(decide_submit 和 decide 的每个结果都带有它)。",
                    "This call cannot be tied to an earlier submit: over HTTP on protocol 2026-07-28 each request stands alone, and the project has not exactly one pending session. Pass session_id (every result of decide_submit and decide names it).",
                )
                .into(),
            AgentMsg::GitignoreCreated { path } if zh => {
                format!("已创建 {path}(git 忽略 .aide/ 中除 config.toml 外的一切)")
            }
            AgentMsg::GitignoreCreated { path } => {
                format!("Created {path} (git ignores everything in .aide/ but config.toml)")
            }
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
            AgentMsg::CheckFailed { .. } => Some(lang.pick(
                "修正 location 中的文件路径(相对项目根目录)和行号",
                "Fix the file paths (relative to the project root) and lines of these locations",
            )),
            _ => None,
        }
    }
}
