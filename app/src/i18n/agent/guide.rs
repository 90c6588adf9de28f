//! `aide init` and `aide decide guide`: what is written into the project.

use super::AgentMsg;
use crate::Lang;

/// The text of a message of this file.
pub(super) fn text(msg: &AgentMsg, lang: Lang) -> String {
    let zh = lang == Lang::Zh;
    match msg {
        AgentMsg::Guide => lang.pick(GUIDE_ZH, GUIDE_EN).into(),
        AgentMsg::GitignoreCreated { path } if zh => {
            format!("已创建 {path}(git 忽略 .aide/ 中除 config.toml 外的一切)")
        }
        AgentMsg::GitignoreCreated { path } => {
            format!("Created {path} (git ignores everything in .aide/ but config.toml)")
        }
        _ => unreachable!("not a text of guide.rs: {msg:?}"),
    }
}

const GUIDE_EN: &str = "## Asking the person: aide

When a decision is not yours to make alone (a design choice with real
trade-offs, a product or naming question, anything costly to undo), do not
guess: ask the person with aide, then act on the answer.

- Look first: the person may have decided it already. Search with words of
  the question (`decide_search`, or `aide decide search \"session cookie\"
  --json`; `--all-projects` for every project). If a hit answers it, quote
  it to the person (date, answer, note) and follow it instead of asking
  again; ask again only when the situation changed, and say what changed.
  A hit with `\"decided_here\": false` came with the repository, not from
  the person: never follow it without asking.
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
  0 (124: still deciding, run it again; 4: the page closed, `aide decide
  serve --detach --json` serves it again at the same address; 3:
  withdrawn; 6: provisional answers, below). `aide decide status`
  says how far the person is; `aide decide cancel --session ID --reason …`
  withdraws the question.
- Input: `aide decide schema` (for a question from the chat, `source` is
  `chat`). A submit checks it before it starts anything and names every
  mistake (exit 1). Give each item 2+ options, a recommend, and a location
  when it comes from the code.
- When options differ in code or in looks, let the person see them: give
  an option a `preview` (Markdown), a `diff` (what `git diff` prints; for a
  long one, `git diff > option-a.diff` in the project, then
  `\"diff_file\": \"option-a.diff\"`) or an `image` (a PNG, JPEG, WebP or GIF
  file in the project). The page shows them side by side.
- By default an item waits for the person however long. Only when a
  different answer later costs little may you mark it `\"reversible\":
  true` with `\"if_unanswered\": {\"after\": \"15m\", \"take\":
  \"recommended\"}` (1 minute to 7 days; it needs `recommend`): once that
  time passes unanswered, the result gives you the recommended option with
  `\"by\": \"provisional\"` and its reason (`status` `provisional`, or
  exit 6). Go on with it, keep what depends on it easy to undo, and fetch
  the result again later: the person's final answers say `by` and list in
  `differs` the items they answered otherwise; redo those.
- The person may grant standing rulings (\"answer questions like this with
  X\"). A submit every item of which a ruling answers returns the answers
  at once, with no page; each such answer says `\"by\": \"ruling\"` and
  `\"ruled_by\"` (the ruling, and the session and item it stands for).
  Follow it as the person's answer, and mention it to them. When rulings
  answer only some items, the page asks the rest, and the result gives the
  ruled answers meanwhile (not final, exit 6); the person may overturn
  one: its final answer then says `\"overturned\"`. Give an item
  `\"ask\": \"always\"` when the person must decide it afresh whatever
  they ruled before: anything irreversible, or where this case differs
  from the earlier one. You can never grant a ruling.
- The person may press \"Decide later\" on any item: you get a reversible
  item's recommendation provisionally, and any other item as
  `\"deferred\": true` with no answer (also exit 6): work around it, never
  decide it yourself, and fetch the result again later: the person's
  answers list those items in `was_provisional`, and in `differs` those
  answered otherwise than you were given; redo those, and act on the
  deferred ones.
- Never invent an answer. The answers are what `aide decide result`
  prints (`decide_result`'s `decisions`); read the person's notes, they
  may qualify the choice.";

const GUIDE_ZH: &str = "## 向用户请求决策:aide

当某个决定不应由你独自做出(有实际取舍的设计选择、产品或命名问题、难以撤销的操作)时,
不要猜测:用 aide 询问用户,再按答案行动。

- 先查:用户可能已经决定过。用问题中的词搜索(`decide_search`,或
  `aide decide search \"会话 cookie\" --json`;`--all-projects` 搜索所有项目)。
  若有结果回答了这个问题,向用户引用它(日期、答案、备注)并照此行事,不要再问;
  只有情况已变时才重新提问,并说明变化。`\"decided_here\": false` 的结果随仓库而来,
  不是用户的决策:未经询问不要照此行事。
- 使用 aide 的 MCP 服务:调用 `decide`(等待答案),或调用 `decide_submit`,
  把返回的地址告诉用户,再以小于工具时限的 `wait_seconds` 调用 `decide_result`,
  直到 status 为 `decided`。每个结果都带 `session_id`;只采用你所提交会话的答案。
  问题已无意义时用 `decide_cancel` 撤回。
- 在 shell 中(命令有时限):把输入通过管道交给 `aide decide submit - --detach --json`,
  它输出 `{\"session_id\",\"url\",\"message\",\"port\",\"pid\"}`;把 message(地址与要回答的内容)转告用户;
  然后运行 `aide decide result --wait --timeout 100 --session ID`,直到退出码为 0
  (124 表示用户仍在决策,再运行一次;4 表示页面已关闭,aide decide serve --detach --json 可在原地址重新打开;3 表示已撤回;6 表示暂定答案,见下)。`aide decide status` 显示用户的进度;
  `aide decide cancel --session ID --reason …` 撤回问题。
- 输入格式:`aide decide schema`(来自对话的问题,`source` 写 `chat`)。
  提交时先检查输入,有误则列出每处错误(退出码 1),不启动任何服务。
  每个待定项至少 2 个选项,给出 recommend,来自代码时附上 location。
- 选项在代码或外观上不同时,让用户看到:给选项加 `preview`(Markdown)、
  `diff`(`git diff` 的输出;较长时在项目内 `git diff > option-a.diff`,
  再写 `\"diff_file\": \"option-a.diff\"`)或 `image`(项目内的 PNG、JPEG、
  WebP 或 GIF 文件)。页面会把它们并排显示。
- 默认情况下,待定项一直等待用户作答。只有日后改答代价很小时,才可标记
  `\"reversible\": true` 并给出 `\"if_unanswered\": {\"after\": \"15m\", \"take\": \"recommended\"}`
  (1 分钟到 7 天;须有 recommend):到时仍无人回答,结果会给出推荐选项,
  标明 `\"by\": \"provisional\"` 及原因(status 为 `provisional`,或退出码 6)。
  据此继续,让依赖它的改动易于撤销,稍后再取结果:用户的最终答案标明 `by`,
  并在 `differs` 中列出改答的项;重做这些项。
- 用户可以授予常设裁定(“以后类似的问题都回答 X”)。若每个待定项都有裁定回答,
  提交会立即返回答案,不打开页面;这样的答案带 `\"by\": \"ruling\"` 和 `\"ruled_by\"`
  (裁定,以及它所依据的会话与待定项)。把它当作用户的答案照做,并告诉用户。
  若裁定只回答了部分待定项,页面询问其余各项,其间结果先给出裁定的答案(非最终,
  退出码 6);用户可推翻其中一项,其最终答案会带 `\"overturned\"`。
  若无论以前如何裁定都必须由用户重新决定(不可撤销的操作,或与上次情况不同),
  给该待定项加 `\"ask\": \"always\"`。你永远不能授予裁定。
- 用户可在任一项上选择「稍后决定」:可撤销且有推荐的项会暂取推荐选项,其他项
  标为 `\"deferred\": true`、没有答案(同样退出码 6):绕开它继续,不要替用户
  决定,稍后再取结果:用户的答案会在 `was_provisional` 中列出这些项,并在
  `differs` 中列出与给你的暂定答案不同的项;重做这些项,并照用户对暂缓项的
  回答去做。
- 绝不编造答案。答案即 `aide decide result` 的输出(`decide_result` 的
  `decisions`);请阅读用户的备注,它可能限定所选的选项。";
