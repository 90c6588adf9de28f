// The MCP App view of `decide` and `decide_submit`: speaks the host bridge
// of the MCP Apps extension (JSON-RPC 2.0 over postMessage) and shows the
// form aide's server renders, the same item cards as the page. It renders
// nothing of its own and parses nothing: the markup comes from aide, and
// the answers go back to aide as the form's own fields.
(() => {
  "use strict";
  const PROTOCOL = "2026-01-26";
  // The tools' names, written in by aide (mcp/tool_name.rs).
  const TOOL_OPEN = "__TOOL_OPEN__";
  const TOOL_ITEMS = "__TOOL_ITEMS__";
  const TOOL_ANSWER = "__TOOL_ANSWER__";
  const TOOL_DRAFT = "__TOOL_DRAFT__";
  // The proof that a call comes from this view: aide hands the token to
  // the view only (in the `_meta` of its tool's definition and result,
  // which hosts keep from the model), and every app-only call carries it.
  const TOKEN_ARG = "__TOKEN_ARG__";
  const TOKEN_META = "__TOKEN_META__";
  // How long the view waits for the token before it sends the person to
  // the page.
  const TOKEN_WAIT = 5000;
  const root = document.getElementById("aide-root");
  const texts = JSON.parse(document.getElementById("aide-text").textContent);
  // What the script finds in the view's markup, and the draft's delay (as
  // the page's island: this long after the last change, one save at a
  // time), written in by aide from the code that writes the markup.
  const NAMES = JSON.parse(document.getElementById("aide-names").textContent);
  const DRAFT_DELAY = NAMES.draftDelayMs;

  let host = { capabilities: {}, context: {} };
  let toolInput = null;
  let early = null; // a tool result that came before ui/initialize ended
  let session = null; // { id, url }
  let ready = false; // after ui/initialize
  let opening = false;
  let done = false;
  let sending = false; // the answers are on their way
  let token = null; // the view's token, once the host passed it
  let tokenTimer = null;
  const tokenOf = (meta) => (meta && typeof meta[TOKEN_META] === "string" ? meta[TOKEN_META] : null);

  // The language of the form aide rendered (aide's own setting beats the
  // host's locale), else the host's.
  let formLang = "";
  const lang = () => {
    const locale = formLang || host.context.locale || navigator.language || "";
    return locale.toLowerCase().startsWith("zh") ? "zh" : "en";
  };
  const text = (key) => (texts[lang()] || texts.en)[key] || "";

  // ---- JSON-RPC over postMessage ----
  let nextId = 1;
  const waiting = new Map();
  const send = (message) => window.parent.postMessage({ jsonrpc: "2.0", ...message }, "*");
  const request = (method, params) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      send({ id, method, params });
    });
  const notify = (method, params) => send({ method, params });

  window.addEventListener("message", (event) => {
    if (event.source !== window.parent) return;
    const message = event.data;
    if (!message || message.jsonrpc !== "2.0") return;
    if (message.method === undefined && waiting.has(message.id)) {
      const { resolve, reject } = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) reject(message.error);
      else resolve(message.result);
      return;
    }
    const params = message.params || {};
    switch (message.method) {
      case "ui/notifications/tool-input":
        toolInput = params.arguments || {};
        if (ready) open();
        break;
      case "ui/notifications/tool-result":
        if (ready) toolResult(params);
        else early = params;
        break;
      case "ui/notifications/host-context-changed":
        applyContext(params);
        break;
      case "ui/notifications/tool-cancelled":
        break;
      case "ui/resource-teardown":
      case "ping":
        send({ id: message.id, result: {} });
        break;
      default:
        if (message.id !== undefined && message.method !== undefined) {
          send({ id: message.id, error: { code: -32601, message: "Method not found" } });
        }
    }
  });

  // Every call the view makes is an app-only one: each carries the token.
  const callTool = async (name, args) => {
    const result = await request("tools/call", { name, arguments: { ...args, [TOKEN_ARG]: token } });
    return result || {};
  };

  // ---- the host's theme, colours, fonts and locale ----
  const applyContext = (context) => {
    host.context = { ...host.context, ...context };
    const html = document.documentElement;
    if (context.theme) html.dataset.theme = context.theme;
    const variables = context.styles && context.styles.variables;
    if (variables) {
      for (const [name, value] of Object.entries(variables)) {
        if (value) html.style.setProperty(name, value);
      }
    }
    if (context.locale) html.lang = context.locale;
  };

  // ---- size ----
  let lastHeight = 0;
  const reportSize = () => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height !== lastHeight) {
      lastHeight = height;
      notify("ui/notifications/size-changed", { height });
    }
  };
  new ResizeObserver(reportSize).observe(document.documentElement);

  // ---- what the view shows ----
  const status = (message) => {
    root.replaceChildren();
    const line = document.createElement("p");
    line.className = "view-status";
    line.setAttribute("role", "status");
    line.textContent = message;
    root.append(line);
    if (session && session.url) root.append(pageLink(session.url));
  };

  const pageLink = (url) => {
    const line = document.createElement("p");
    line.className = "view-link";
    const link = document.createElement("a");
    link.href = url;
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    link.textContent = text("openPage");
    link.addEventListener("click", (event) => {
      if (host.capabilities.openLinks) {
        event.preventDefault();
        request("ui/open-link", { url }).catch(() => {});
      }
    });
    line.append(link);
    return line;
  };

  const fromTemplate = (html) => {
    const template = document.createElement("template");
    template.innerHTML = html;
    return template.content;
  };

  // A result of aide's: the structured answer, or the text it carries.
  const answerOf = (result) => result.structuredContent || {};
  const textOf = (result) =>
    (result.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");

  // ---- finding the session and showing its form ----
  const open = async () => {
    if (opening || done) return;
    if (!host.capabilities.serverTools) {
      status(text("noServerTools"));
      return;
    }
    if (!token) {
      // The tool's result may still bring it (decide_submit's comes at
      // once); without it aide answers no call of this view.
      if (!tokenTimer) {
        tokenTimer = setTimeout(() => {
          if (!token && !done) status(text("noToken"));
        }, TOKEN_WAIT);
      }
      return;
    }
    opening = true;
    try {
      const args = { lang: host.context.locale || lang() };
      if (session) args.session_id = session.id;
      else if (toolInput && typeof toolInput.task === "string") args.task = toolInput.task;
      const result = await callTool(TOOL_OPEN, args);
      const answer = answerOf(result);
      if (answer.session_id) session = { id: answer.session_id, url: answer.url };
      if (result.isError || answer.status !== "pending" || !answer.html) {
        status(answer.message || textOf(result) || text("noSession"));
        return;
      }
      showForm(answer.html);
    } catch (error) {
      status(text("noSession"));
    } finally {
      opening = false;
    }
  };

  const showForm = (html) => {
    root.replaceChildren(fromTemplate(html));
    const main = root.querySelector(NAMES.main);
    formLang = (main && main.lang) || "";
    if (formLang) document.documentElement.lang = formLang;
    if (session.url) root.append(pageLink(session.url));
    const form = root.querySelector(NAMES.form);
    // Hosts may sandbox the view without `allow-forms`, which stops a
    // form's submission before its submit event: the button sends it.
    const button = form.querySelector(NAMES.submit);
    button.type = "button";
    button.addEventListener("click", () => submit(form));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      submit(form);
    });
    loadRest();
  };

  // The items after the first ones, a batch at a time, as the page's
  // island fetches them.
  const loadRest = async () => {
    const main = root.querySelector(NAMES.main);
    let from = main && main.hasAttribute(NAMES.nextAttr) ? Number(main.getAttribute(NAMES.nextAttr)) : null;
    const more = root.querySelector(NAMES.more);
    const form = root.querySelector(NAMES.form);
    const bar = form.querySelector(NAMES.bar);
    form.querySelector(NAMES.submit).disabled = from !== null;
    while (from !== null) {
      let result;
      try {
        result = await callTool(TOOL_ITEMS, { session_id: session.id, from, lang: host.context.locale || lang() });
      } catch (error) {
        result = { isError: true };
      }
      const answer = answerOf(result);
      if (result.isError || typeof answer.html !== "string") {
        if (more) more.textContent = answer.message || textOf(result) || text("itemsFailed");
        return;
      }
      const items = fromTemplate(answer.html);
      const count = items.querySelectorAll(NAMES.item).length;
      if (count === 0) break;
      form.insertBefore(items, more || bar);
      from += count;
    }
    if (more) more.remove();
    form.querySelector(NAMES.submit).disabled = false;
    keepDrafts(form);
    keepPrecedents(form);
  };

  // ---- precedents: what the person decided before, beside an item ----
  // Its button answers the item as then (options by position, or the own
  // answer), as the page's island does; its link opens that record's page
  // (with the page's key, which the view's address carries).
  const keepPrecedents = (form) => {
    form.querySelectorAll(NAMES.follow).forEach((button) => (button.disabled = false));
    form.addEventListener("click", (event) => {
      const link = event.target.closest(NAMES.precedentLink);
      if (link && session && session.url) {
        event.preventDefault();
        const url = new URL(link.getAttribute("href"), session.url);
        url.search = new URL(session.url).search;
        if (host.capabilities.openLinks) request("ui/open-link", { url: url.href }).catch(() => {});
        else window.open(url.href, "_blank", "noopener");
        return;
      }
      const button = event.target.closest(NAMES.follow);
      const item = button && button.closest(NAMES.item);
      if (!item) return;
      const choices = [...item.querySelectorAll(NAMES.choice)];
      choices.forEach((input) => (input.checked = false));
      const own = button.getAttribute(NAMES.followOtherAttr);
      let chosen;
      if (own !== null) {
        const text = item.querySelector(NAMES.otherText);
        if (text) text.value = own;
        chosen = choices.filter((input) => input.value === NAMES.choiceOther);
      } else {
        const positions = (button.getAttribute(NAMES.followAttr) || "").split(",");
        chosen = choices.filter((input) => positions.includes(input.value));
      }
      chosen.forEach((input) => (input.checked = true));
      if (chosen.length) {
        chosen[0].focus();
        chosen[0].dispatchEvent(new Event("change", { bubbles: true }));
      }
    });
  };

  // ---- drafts: the answers so far, saved as the page saves them ----
  // Only the whole form is saved (a draft replaces the last one), so this
  // starts once every item is in it.
  let draftTimer = null;
  let drafting = false;
  let draftAgain = false;
  const keepDrafts = (form) => {
    const changed = () => {
      if (done || sending) return;
      clearTimeout(draftTimer);
      draftTimer = setTimeout(() => saveDraft(form), DRAFT_DELAY);
    };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
  };
  const saveDraft = async (form) => {
    if (drafting) {
      draftAgain = true;
      return;
    }
    drafting = true;
    do {
      draftAgain = false;
      if (done || sending) break;
      const fields = new URLSearchParams(new FormData(form)).toString();
      try {
        const result = await callTool(TOOL_DRAFT, { session_id: session.id, form: fields, lang: host.context.locale || lang() });
        // Answered meanwhile, on the page or elsewhere.
        if (answerOf(result).status === "decided") showDone();
      } catch (error) {
        // A draft that did not reach aide is saved with the next change.
      }
    } while (draftAgain);
    drafting = false;
  };

  const submit = async (form) => {
    if (sending || !form.reportValidity()) return;
    sending = true;
    clearTimeout(draftTimer);
    const button = form.querySelector(NAMES.submit);
    const error = form.querySelector(NAMES.error);
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    error.textContent = "";
    const fields = new URLSearchParams(new FormData(form)).toString();
    let result;
    try {
      result = await callTool(TOOL_ANSWER, { session_id: session.id, form: fields, lang: host.context.locale || lang() });
    } catch (failure) {
      result = { isError: true, structuredContent: { message: text("sendFailed") } };
    }
    button.removeAttribute("aria-busy");
    sending = false;
    const answer = answerOf(result);
    if (result.isError || answer.status !== "decided") {
      button.disabled = false;
      error.textContent = answer.message || textOf(result) || text("sendFailed");
      return;
    }
    showDone();
    tellConversation();
  };

  const showDone = () => {
    if (done) return;
    done = true;
    const template = root.querySelector(NAMES.doneTemplate);
    if (template) root.replaceChildren(template.content.cloneNode(true));
    const screen = root.querySelector(NAMES.done);
    if (screen) {
      screen.setAttribute("tabindex", "-1");
      screen.focus();
    }
  };

  // After an answer, the conversation learns it: `decide` returns the
  // answers itself, `decide_submit`'s agent has to ask for them.
  const tellConversation = () => {
    const tool = host.context.toolInfo && host.context.toolInfo.tool && host.context.toolInfo.tool.name;
    const blocking = tool === "decide";
    const content = [{ type: "text", text: text(blocking ? "answered" : "answeredFetch") }];
    if (!blocking && host.capabilities.message) {
      request("ui/message", { role: "user", content }).catch(() => {});
    } else if (host.capabilities.updateModelContext) {
      request("ui/update-model-context", { content }).catch(() => {});
    }
  };

  // The tool's own result: for `decide_submit` the session and its page;
  // for `decide` the answers (or why none came).
  const toolResult = (result) => {
    token = tokenOf(result._meta) || token;
    const answer = answerOf(result);
    if (answer.session_id && !session) session = { id: answer.session_id, url: answer.url };
    if (answer.url && session && !session.url) session.url = answer.url;
    if (answer.status === "decided") {
      if (!done && !root.querySelector(NAMES.doneTemplate)) {
        done = true;
        status(textOf(result).split("\n")[0]);
      } else {
        showDone();
      }
      return;
    }
    if (answer.status === "pending") {
      if (!host.capabilities.serverTools) status(text("noServerTools"));
      else if (!root.querySelector(NAMES.form)) open();
      return;
    }
    if (!done) status(answer.message || answer.hint || textOf(result));
  };

  // ---- start ----
  status(text("loading"));
  request("ui/initialize", {
    appInfo: { name: "aide", version: document.documentElement.dataset.version || "" },
    appCapabilities: {},
    protocolVersion: PROTOCOL,
  })
    .then((result) => {
      host.capabilities = result.hostCapabilities || {};
      applyContext(result.hostContext || {});
      // The tool's definition, as the host listed it, carries the token
      // before the call ends (decide's result comes only with the answers).
      const info = host.context.toolInfo;
      token = tokenOf(info && info.tool && info.tool._meta);
      notify("ui/notifications/initialized", {});
      ready = true;
      if (early) toolResult(early);
      if (toolInput) open();
    })
    .catch(() => status(text("noServerTools")));
})();
