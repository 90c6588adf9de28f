//! What the MCP App view says (inside the agent's client), and the
//! descriptions of the tools only the view calls.

use super::Lang;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewText {
    /// While the view asks aide for the session.
    Loading,
    /// The link to the same session on the page in a browser.
    OpenPage,
    /// The host cannot pass the view's calls to aide.
    NoServerTools,
    /// The view could not find the session the tool call started.
    NoSession,
    /// The view's calls arrive on a connection that did not ask its
    /// question (the client reconnected): it shows no session.
    NotBound,
    /// The host passed the view no token, so aide will not answer it.
    NoToken,
    /// The items still coming did not arrive.
    ItemsFailed,
    /// The answer could not be sent.
    SendFailed,
    /// What the view tells the conversation once the person answered.
    Answered,
    /// The same, for `decide_submit`, where the agent must ask for them.
    AnsweredFetch,
}

impl ViewText {
    /// Every text, for the view's table of texts.
    pub const ALL: [ViewText; 10] = [
        ViewText::Loading,
        ViewText::OpenPage,
        ViewText::NoServerTools,
        ViewText::NoSession,
        ViewText::NotBound,
        ViewText::NoToken,
        ViewText::ItemsFailed,
        ViewText::SendFailed,
        ViewText::Answered,
        ViewText::AnsweredFetch,
    ];

    /// The key the view's script looks the text up by.
    pub fn key(self) -> &'static str {
        match self {
            ViewText::Loading => "loading",
            ViewText::OpenPage => "openPage",
            ViewText::NoServerTools => "noServerTools",
            ViewText::NoSession => "noSession",
            ViewText::NotBound => "notBound",
            ViewText::NoToken => "noToken",
            ViewText::ItemsFailed => "itemsFailed",
            ViewText::SendFailed => "sendFailed",
            ViewText::Answered => "answered",
            ViewText::AnsweredFetch => "answeredFetch",
        }
    }

    pub fn get(self, lang: Lang) -> &'static str {
        match self {
            ViewText::Loading => lang.pick("正在载入待定项…", "Loading the decisions…"),
            ViewText::OpenPage => lang.pick(
                "在浏览器中打开决策页面",
                "Open the decision page in a browser",
            ),
            ViewText::NoServerTools => lang.pick(
                "此客户端不能在这里显示决策表单,请在浏览器中作答:",
                "This client cannot show the form here; answer in a browser:",
            ),
            ViewText::NoSession => lang.pick(
                "找不到这次调用提交的会话,请在浏览器中作答。",
                "The session this call submitted was not found; answer in a browser.",
            ),
            ViewText::NotBound => lang.pick(
                "此视图的问题不是在当前连接上提交的(客户端可能已重新连接),这里无法作答;请在 aide 给出的地址打开页面作答。",
                "This view's question was not asked on this connection (the client may have reconnected), so it cannot be answered here; answer on the page at the address aide gave.",
            ),
            ViewText::NoToken => lang.pick(
                "此客户端没有把 aide 的视图令牌交给视图,无法在这里作答,请在浏览器中作答。",
                "This client did not hand aide's view its token, so the form cannot be answered here; answer in a browser.",
            ),
            ViewText::ItemsFailed => lang.pick(
                "其余待定项未能载入,请在浏览器中作答。",
                "The remaining items did not arrive; answer in a browser.",
            ),
            ViewText::SendFailed => lang.pick(
                "答案未能送达 aide,请重试,或在浏览器中作答。",
                "The answers did not reach aide; try again, or answer in a browser.",
            ),
            ViewText::Answered => lang.pick(
                "我已在 aide 视图中回答了待定项。",
                "I answered the decisions in the aide view.",
            ),
            ViewText::AnsweredFetch => lang.pick(
                "我已在 aide 视图中回答了待定项,请用 decide_result 获取答案。",
                "I answered the decisions in the aide view; get them with decide_result.",
            ),
        }
    }
}

/// The descriptions of the tools only the view calls (hosts hide them from
/// the model).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewTool {
    Open,
    Items,
    Answer,
    Draft,
    SessionArg,
    TaskArg,
    LangArg,
    FromArg,
    FormArg,
    TokenArg,
}

impl ViewTool {
    pub fn get(self, lang: Lang) -> &'static str {
        match self {
            ViewTool::Open => lang.pick(
                "仅供 aide 的内嵌视图使用:返回会话的表单(服务端渲染的 HTML)。智能体请使用 decide_result。",
                "For aide's inline view only: the session's form as server HTML. Agents use decide_result instead.",
            ),
            ViewTool::Items => lang.pick(
                "仅供 aide 的内嵌视图使用:从位置 from 起的下一批待定项(服务端渲染的 HTML)。",
                "For aide's inline view only: the next batch of items from position from, as server HTML.",
            ),
            ViewTool::Answer => lang.pick(
                "仅供 aide 的内嵌视图使用:提交表单字段(URL 编码),与页面使用同一解析与校验。",
                "For aide's inline view only: submits the form's fields (URL-encoded), parsed and validated as the page's are.",
            ),
            ViewTool::Draft => lang.pick(
                "仅供 aide 的内嵌视图使用:把表单字段(URL 编码)保存为会话的草稿,与页面保存草稿相同。",
                "For aide's inline view only: saves the form's fields (URL-encoded) as the session's draft, as the page does while the person works.",
            ),
            ViewTool::SessionArg => lang.pick(
                "会话 id,须是本连接提交的会话;省略时为本连接上以 task 提交的最新会话",
                "The session id, one this connection submitted; without it, the newest session this connection submitted with the task given",
            ),
            ViewTool::TaskArg => lang.pick(
                "工具输入中的 task,用于在本连接提交的会话中找到这次调用的会话",
                "The task of the tool input: which of the sessions this connection submitted is this call's",
            ),
            ViewTool::LangArg => lang.pick(
                "宿主的语言区域(BCP 47),例如 zh-CN",
                "The host's locale (BCP 47), such as en-US",
            ),
            ViewTool::FromArg => lang.pick("第一个待取待定项的位置(从 0 起)", "The position of the first item to fetch (from 0)"),
            ViewTool::FormArg => lang.pick(
                "表单字段,URL 编码(application/x-www-form-urlencoded)",
                "The form's fields, URL-encoded (application/x-www-form-urlencoded)",
            ),
            ViewTool::TokenArg => lang.pick(
                "aide 只交给其视图的令牌(见 decide 与 decide_submit 的 _meta)",
                "The token aide hands only to its view (in the _meta of decide and decide_submit)",
            ),
        }
    }
}
