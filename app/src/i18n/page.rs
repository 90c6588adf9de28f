use crate::Lang;
use crate::page::Standout;

/// Texts of the decision page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageText {
    AppName,
    Source,
    ItemNumber(usize),
    Location,
    Lines {
        start: u32,
        end: u32,
    },
    Recommended,
    Score,
    Pros,
    Cons,
    Note,
    NoteFor,
    Progress {
        chosen: usize,
        total: usize,
    },
    Submit,
    Submitting,
    ChooseAll,
    DoneTitle,
    DoneBody,
    /// Above the answers recorded, on a page that did not send them (or
    /// opened after).
    RecordedAnswers,
    /// Under them: nothing is left to do here.
    CanClose,
    /// Before a recorded answer's note.
    RecordedNote,
    WithdrawnTitle,
    WithdrawnBody,
    WithdrawnReason,
    ReplacedTitle,
    ConnectionLost,
    NoSession,
    Replaced,
    AlreadyDecided,
    SaveFailed,
    /// A fault of the server (its files could not be read or written); the
    /// details go to the server's log, not to the page.
    ServerFault,
    BadRequest,
    /// A request's body stopped arriving before it was whole (408).
    BodyTimedOut,
    /// A request's body is over the limit (413); `mib` is the limit.
    BodyTooLarge {
        mib: usize,
    },
    /// A request's body broke off before it was whole.
    BodyBroken,
    /// A body whose form fields cannot be read.
    BadForm,
    /// A body that is neither JSON nor the page's form.
    WrongMediaType,
    Back,
    ForbiddenKey,
    ForbiddenHost,
    ForbiddenOrigin,
    DraftSaved,
    DraftFailed,
    SnippetShort {
        last: u32,
    },
    SnippetCapped {
        shown: usize,
    },
    SnippetNotFound,
    SnippetAbsolute,
    SnippetOutside,
    SnippetUnreadable,
    SnippetNoLines {
        last: u32,
    },
    SnippetTooLarge,
    Standout(Standout),
    AcceptAll,
    AcceptAllCount(usize),
    AcceptedAll(usize),
    SummaryTitle,
    SummaryOpen,
    SummaryDiffers {
        recommended: usize,
    },
    SummaryDiffer,
    SummaryRecommendWas,
    SummaryNoneDiffer,
    Shortcuts,
    ShortcutChoose,
    ShortcutNext,
    ShortcutMove,
    NextUnanswered,
    AllAnswered,
    Language,
    /// The radio for an answer of the person's own.
    Other,
    /// The name of the text box for that answer.
    OwnAnswer,
    /// The radio for leaving an item undecided.
    Skip,
    /// The note's label once an item is skipped.
    WhySkip,
    /// In the summary: "own answer: …".
    SummaryOther,
    /// In the summary: "skipped".
    SummarySkipped,
    ShortcutOther,
    ShortcutSkip,
    /// The items after the first ones (from item `first`) are on their way.
    MoreItems {
        first: usize,
        total: usize,
    },
    /// The link to the page with every item in full.
    ShowAllItems,
    /// Some items could not be fetched, so nothing can be saved or sent.
    ItemsFailed,
    /// The heading of the list of other questions waiting on this machine.
    AlsoWaiting,
    /// One of them: its number of items.
    AlsoWaitingItems(usize),
}

impl PageText {
    /// The text in one language.
    pub fn get(self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        match self {
            PageText::AppName => lang.pick("aide 决策", "aide decisions").into(),
            PageText::MoreItems { first, total } if zh => {
                format!("第 {first}–{total} 项正在载入…")
            }
            PageText::MoreItems { first, total } => format!("Items {first}–{total} are loading…"),
            PageText::ShowAllItems => lang.pick("一次显示全部事项", "Show every item at once").into(),
            PageText::AlsoWaiting => lang.pick("也在等你回答", "Also waiting for you").into(),
            PageText::AlsoWaitingItems(items) if zh => format!("{items} 个问题"),
            PageText::AlsoWaitingItems(1) => "1 question".into(),
            PageText::AlsoWaitingItems(items) => format!("{items} questions"),
            PageText::ItemsFailed => lang
                .pick(
                    "部分事项未能载入,所以无法保存或提交;你的选择都还在。请确认 aide 仍在运行后刷新页面,或一次显示全部事项。",
                    "Some items could not be loaded, so nothing can be saved or submitted yet; your choices are kept. Check that aide is still running and reload the page, or show every item at once.",
                )
                .into(),
            PageText::Source => lang.pick("来源", "Source").into(),
            PageText::ItemNumber(n) if zh => format!("第 {n} 项"),
            PageText::ItemNumber(n) => format!("Item {n}"),
            PageText::Location => lang.pick("位置", "Location").into(),
            PageText::Lines { start, end } if start == end && zh => format!("第 {start} 行"),
            PageText::Lines { start, end } if start == end => format!("line {start}"),
            PageText::Lines { start, end } if zh => format!("第 {start}-{end} 行"),
            PageText::Lines { start, end } => format!("lines {start}-{end}"),
            PageText::Recommended => lang.pick("推荐", "Recommended").into(),
            PageText::Score => lang.pick("评分", "Score").into(),
            PageText::Pros => lang.pick("优点", "Pros").into(),
            PageText::Cons => lang.pick("缺点", "Cons").into(),
            PageText::Note => lang.pick("备注(可选)", "Note (optional)").into(),
            PageText::NoteFor => lang.pick("的备注", "note for").into(),
            PageText::Progress { chosen, total } if zh => format!("{chosen}/{total} 已选择"),
            PageText::Progress { chosen, total } => format!("{chosen}/{total} chosen"),
            PageText::Submit => lang.pick("提交决策", "Submit decisions").into(),
            PageText::Submitting => lang.pick("正在提交…", "Submitting…").into(),
            PageText::ChooseAll => lang
                .pick("请为每个待定项选择一个选项后再提交", "Choose one option for every item to submit")
                .into(),
            PageText::DoneTitle => lang.pick("决策已记录", "Decisions recorded").into(),
            PageText::DoneBody => lang
                .pick(
                    "你的选择已保存,可以关闭此页面,回到终端继续。",
                    "Your choices are saved. You can close this page and return to the terminal.",
                )
                .into(),
            PageText::RecordedAnswers => lang.pick("已记录的答案:", "The answers recorded:").into(),
            PageText::RecordedNote => lang.pick("备注", "note").into(),
            PageText::CanClose => lang
                .pick("可以关闭此页面,回到终端继续。", "You can close this page and return to the terminal.")
                .into(),
            PageText::WithdrawnTitle => lang.pick("问题已撤回", "Question withdrawn").into(),
            PageText::WithdrawnBody => lang
                .pick(
                    "智能体撤回了这个问题,这里不再需要回答。你已填写的内容保留在草稿中。",
                    "The agent withdrew this question, so nothing needs answering here. What you filled in is kept in the draft.",
                )
                .into(),
            PageText::WithdrawnReason => lang.pick("原因", "Reason").into(),
            PageText::ReplacedTitle => lang.pick("已被新的问题替换", "Replaced by a newer question").into(),
            PageText::ConnectionLost => lang
                .pick(
                    "无法连接到 aide 服务,提交未完成;你的选择都还在,请确认 aide 仍在运行后重试。",
                    "Could not reach the aide server, so nothing was submitted. Your choices are kept; check that aide is still running and try again.",
                )
                .into(),
            PageText::NoSession => lang.pick("没有待决策的内容", "Nothing to decide").into(),
            PageText::Replaced => lang
                .pick(
                    "此会话已被新的提交替换,无法再提交;请使用终端中打印的新地址。",
                    "This session was replaced by a newer one and can no longer be answered; use the address printed in the terminal.",
                )
                .into(),
            PageText::AlreadyDecided => lang
                .pick("此会话的决策已经提交过了。", "The answers to this session were already submitted.")
                .into(),
            PageText::SaveFailed => lang.pick("aide 无法保存决策", "aide could not save the answers").into(),
            PageText::BodyTimedOut => lang
                .pick(
                    "请求内容没有按时送达,什么也没有保存;请重试。",
                    "The request's content did not arrive in time, so nothing was saved; try again.",
                )
                .into(),
            PageText::BodyTooLarge { mib } if zh => {
                format!("请求内容超过 {mib} MiB,什么也没有保存。")
            }
            PageText::BodyTooLarge { mib } => {
                format!("The request's content is over {mib} MiB, so nothing was saved.")
            }
            PageText::BodyBroken => lang
                .pick(
                    "请求内容没有完整送达,什么也没有保存;请重试。",
                    "The request's content broke off before it was whole, so nothing was saved; try again.",
                )
                .into(),
            PageText::BadForm => lang
                .pick(
                    "无法读取表单字段(不是 application/x-www-form-urlencoded 格式)",
                    "The form's fields cannot be read (not application/x-www-form-urlencoded)",
                )
                .into(),
            PageText::WrongMediaType => lang
                .pick(
                    "Content-Type 必须是 application/json 或 application/x-www-form-urlencoded",
                    "Content-Type must be application/json or application/x-www-form-urlencoded",
                )
                .into(),
            PageText::ServerFault => lang
                .pick(
                    "aide 无法读写它在 .aide/decisions 中的文件。详情见运行 aide 的终端(或 .aide/decisions/servers/ 中该会话的 .log);你的选择仍在页面上。",
                    "aide could not read or write its files in .aide/decisions. The details are in the terminal running aide (or the session's .log in .aide/decisions/servers/); your choices are still on the page.",
                )
                .into(),
            PageText::BadRequest => lang.pick("提交的数据无效", "The submitted data is invalid").into(),
            PageText::ForbiddenKey => lang
                .pick(
                    "访问被拒绝: 缺少或错误的访问密钥。请用 aide 打印的完整地址打开页面;若此页面来自较早的提交,它已被新的提交替换。",
                    "Access denied: the access key is missing or wrong. Open the page with the full address aide printed; if this page comes from an earlier submit, it was replaced by a newer one.",
                )
                .into(),
            PageText::ForbiddenHost => lang
                .pick(
                    "访问被拒绝: 请求的主机名不是此 aide 服务。",
                    "Access denied: the requested host name is not this aide server.",
                )
                .into(),
            PageText::ForbiddenOrigin => lang
                .pick(
                    "访问被拒绝: 只有 aide 页面本身可以提交决策。",
                    "Access denied: only the aide page itself can submit decisions.",
                )
                .into(),
            PageText::DraftSaved => lang
                .pick(
                    "草稿已自动保存:刷新或重新打开页面不会丢失选择和备注",
                    "Draft saved: reloading or reopening the page keeps your choices and notes",
                )
                .into(),
            PageText::DraftFailed => lang
                .pick(
                    "草稿未能保存到 aide;选择仍保留在此页面",
                    "Could not save the draft to aide; your choices stay on this page",
                )
                .into(),
            PageText::SnippetShort { last } if zh => format!("文件只有 {last} 行,已显示到末尾"),
            PageText::SnippetShort { last } => format!("The file has only {last} lines; shown to its end"),
            PageText::SnippetCapped { shown } if zh => format!("只显示前 {shown} 行"),
            PageText::SnippetCapped { shown } => format!("Only the first {shown} lines are shown"),
            PageText::SnippetNotFound => lang
                .pick("项目中没有这个文件", "This file does not exist in the project")
                .into(),
            PageText::SnippetAbsolute => lang
                .pick(
                    "不显示绝对路径的文件:只读取项目内的相对路径",
                    "Files at absolute paths are not shown: only paths relative to the project are read",
                )
                .into(),
            PageText::SnippetOutside => lang
                .pick(
                    "不显示此文件:路径指向项目之外(.. 或符号链接)或 aide 自己的 .aide 目录",
                    "This file is not shown: the path leads outside the project (.. or a symlink) or into aide's own .aide folder",
                )
                .into(),
            PageText::SnippetUnreadable => lang
                .pick("无法读取此文件", "This file cannot be read")
                .into(),
            PageText::SnippetNoLines { last } if zh => {
                format!("文件只有 {last} 行,没有所指的行")
            }
            PageText::SnippetNoLines { last } => {
                format!("The file has only {last} lines, so these lines do not exist")
            }
            PageText::SnippetTooLarge => lang
                .pick(
                    "所指的行位于文件中过远的位置,未读取",
                    "These lines lie too far into a large file and were not read",
                )
                .into(),
            PageText::Standout(reason) => standout(reason, lang),
            PageText::AcceptAll => lang.pick("采纳全部推荐", "Accept all recommendations").into(),
            PageText::AcceptAllCount(n) if zh => format!("为 {n} 个尚未选择的项填入推荐选项"),
            PageText::AcceptAllCount(1) => "fills in 1 unanswered item".into(),
            PageText::AcceptAllCount(n) => format!("fills in {n} unanswered items"),
            PageText::AcceptedAll(n) if zh => format!("已为 {n} 项填入推荐选项,请在提交前核对"),
            PageText::AcceptedAll(1) => "Filled in the recommendation for 1 item; check it before you submit".into(),
            PageText::AcceptedAll(n) => {
                format!("Filled in the recommendations for {n} items; check them before you submit")
            }
            PageText::SummaryTitle => lang.pick("提交前核对", "Before you submit").into(),
            PageText::SummaryOpen => lang.pick("尚未选择", "not chosen yet").into(),
            PageText::SummaryDiffers { recommended } if zh => {
                format!("有 {recommended} 项的选择与推荐不同")
            }
            PageText::SummaryDiffers { recommended: 1 } => "1 choice differs from the recommendation".into(),
            PageText::SummaryDiffers { recommended } => {
                format!("{recommended} choices differ from the recommendation")
            }
            PageText::SummaryDiffer => lang.pick("与推荐不同", "differs from the recommendation").into(),
            PageText::SummaryRecommendWas => lang.pick("推荐", "recommended").into(),
            PageText::SummaryNoneDiffer => lang
                .pick("所有已选项都与推荐一致(或没有推荐)", "Every choice so far follows the recommendation (or has none)")
                .into(),
            PageText::Shortcuts => lang.pick("键盘快捷键", "Keyboard shortcuts").into(),
            PageText::ShortcutChoose => lang
                .pick("选择当前项的第 1–9 个选项", "choose option 1–9 of the item you are in")
                .into(),
            PageText::ShortcutNext => lang
                .pick("跳到下一个尚未选择的项", "go to the next unanswered item")
                .into(),
            PageText::ShortcutMove => lang
                .pick(
                    "在控件之间移动;方向键在同一项的选项之间切换",
                    "move between controls; arrow keys move between the options of an item",
                )
                .into(),
            PageText::NextUnanswered => lang.pick("下一个未选项", "Next unanswered").into(),
            PageText::AllAnswered => lang
                .pick("所有项都已选择,可以提交了", "Every item is answered: ready to submit")
                .into(),
            PageText::Language => lang.pick("语言", "Language").into(),
            PageText::Other => lang.pick("其他", "Other").into(),
            PageText::OwnAnswer => lang.pick("其他答案", "Your own answer").into(),
            PageText::Skip => lang.pick("跳过", "Skip").into(),
            PageText::WhySkip => lang.pick("跳过原因", "Why skip?").into(),
            PageText::SummaryOther => lang.pick("其他答案", "own answer").into(),
            PageText::SummarySkipped => lang.pick("跳过", "skipped").into(),
            PageText::ShortcutOther => lang
                .pick("选择“其他”并填写自己的答案", "choose Other and write your own answer")
                .into(),
            PageText::ShortcutSkip => lang
                .pick("跳过当前项(并说明原因)", "skip the item you are in (and say why)")
                .into(),
            PageText::Back => lang.pick("返回决策页面", "Back to the decision page").into(),
        }
    }
}

/// The short reason beside the recommended badge.
fn standout(reason: Standout, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match reason {
        Standout::HighestScore {
            score,
            next: Some(next),
        } if zh => {
            format!("评分最高:{score}(其次 {next})")
        }
        Standout::HighestScore {
            score,
            next: Some(next),
        } => {
            format!("Highest score: {score} (next best {next})")
        }
        Standout::HighestScore { score, next: None } if zh => format!("唯一有评分的选项:{score}"),
        Standout::HighestScore { score, next: None } => format!("The only scored option: {score}"),
        Standout::SharedTopScore { score } if zh => format!("与其他选项并列最高分 {score}"),
        Standout::SharedTopScore { score } => format!("Shares the top score of {score}"),
        Standout::BelowTopScore { score, top } if zh => {
            format!("agent 的判断:评分 {score} 并非最高(最高 {top})")
        }
        Standout::BelowTopScore { score, top } => {
            format!("The agent's judgement: its score {score} is not the highest ({top})")
        }
        Standout::FewestCons => lang.pick("缺点最少", "Fewest cons").into(),
        Standout::MostPros => lang.pick("优点最多", "Most pros").into(),
        Standout::AgentsPick => lang
            .pick(
                "agent 的判断(数据中没有更明显的区别)",
                "The agent's judgement (nothing in the data sets it apart)",
            )
            .into(),
    }
}
