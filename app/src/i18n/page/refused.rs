//! What a request is refused with: no session, a bad or forbidden request, a fault of the server.

use super::PageText;
use crate::Lang;

/// The text of a message of this file.
// Inlined in the WASM, so each call folds to its one text (see `PageText::get`).
#[cfg_attr(feature = "hydrate", inline(always))]
pub(super) fn get(text: PageText, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match text {
        PageText::NoSession => lang.pick("没有待决策的内容", "Nothing to decide").into(),
        PageText::Replaced => lang
            .pick(
                "此会话已被新的提交替换,无法再提交;请使用终端中打印的新地址。",
                "This session was replaced by a newer one and can no longer be answered; use the address printed in the terminal.",
            )
            .into(),
        PageText::ProjectGone => lang
            .pick(
                "此问题所在的项目文件夹已被删除,答案无法保存;aide 的这个页面已停止。",
                "The project folder of this question was deleted, so no answers can be saved; this aide page has stopped.",
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
                "访问被拒绝: 缺少或错误的访问密钥。请用 aide 打印的完整地址打开页面;若地址来自较早的问题,该问题已回答、已撤回或已被新的提交替换,此端口现在服务的是另一个问题。aide decide waiting 列出仍在等你回答的问题。",
                "Access denied: the access key is missing or wrong. Open the page with the full address aide printed; if the address is from an earlier question, that question was answered, withdrawn or replaced by a newer one, and this port now serves another. aide decide waiting lists the questions still waiting for you.",
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
        PageText::Back => lang.pick("返回决策页面", "Back to the decision page").into(),
        _ => unreachable!("not a text of refused.rs: {text:?}"),
    }
}
