// The MCP App view of `decide` and `decide_submit`: the host bridge of the
// MCP Apps extension (JSON-RPC 2.0 over postMessage), and one loop. The
// loop sends the form's events as aide's app-only tool calls, with the
// form's fields (which event on which element sends which call is aide's
// table, `aide-acts`), and does what each answer says: where its HTML
// goes, what else changes, what takes the focus, which call follows. What
// a call does is aide's alone (server/src/mcp/view/update.rs, docs/view.md).
(() => {
  "use strict";
  const PROTOCOL = "2026-01-26";
  // The proof that a call comes from this view: aide hands the token to
  // the view only (in the `_meta` of its tool's definition and result,
  // which hosts keep from the model), and every app-only call carries it.
  const TOKEN_ARG = "__TOKEN_ARG__";
  const TOKEN_META = "__TOKEN_META__";
  const TOKEN_WAIT = 5000; // then the view sends the person to the page
  const [root, link, texts, ACTS] = ["root", "link", "text", "acts"].map((id, n) =>
    n < 2 ? document.getElementById(`aide-${id}`) : JSON.parse(document.getElementById(`aide-${id}`).textContent));
  let host = { capabilities: {}, context: {} };
  let toolInput = null, early = null, ready = false, opening = false, shown = false;
  let token = null, tokenTimer = null, session = null, pageUrl = null, formLang = "";
  const tokenOf = (meta) => (meta && typeof meta[TOKEN_META] === "string" ? meta[TOKEN_META] : null);
  const locale = () => host.context.locale || navigator.language || "";
  // The form's language (aide's setting beats the host's), else the host's.
  const text = (key) => (texts[(formLang || locale()).toLowerCase().startsWith("zh") ? "zh" : "en"] || texts.en)[key] || "";
  const textOf = (result) => (result.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");

  // ---- JSON-RPC over postMessage ----
  let nextId = 1;
  const waiting = new Map(); // id -> { resolve, reject }
  const send = (message) => window.parent.postMessage({ jsonrpc: "2.0", ...message }, "*");
  const request = (method, params) => new Promise((resolve, reject) => {
    waiting.set(nextId, { resolve, reject });
    send({ id: nextId++, method, params });
  });
  window.addEventListener("message", (event) => {
    const message = event.data;
    if (event.source !== window.parent || !message || message.jsonrpc !== "2.0") return;
    if (message.method === undefined && waiting.has(message.id)) {
      const { resolve, reject } = waiting.get(message.id);
      waiting.delete(message.id);
      return message.error ? reject(message.error) : resolve(message.result);
    }
    const params = message.params || {};
    switch (message.method) {
      case "ui/notifications/tool-input": toolInput = params.arguments || {}; if (ready) open(); break;
      case "ui/notifications/tool-result": if (ready) toolResult(params); else early = params; break;
      case "ui/notifications/host-context-changed": applyContext(params); break;
      case "ui/notifications/tool-cancelled": break;
      case "ui/resource-teardown": case "ping": send({ id: message.id, result: {} }); break;
      default:
        if (message.id !== undefined && message.method !== undefined) send({ id: message.id, error: { code: -32601, message: "Method not found" } });
    }
  });

  // ---- the host's theme, colours, fonts and locale; the view's size ----
  const applyContext = (context) => {
    host.context = { ...host.context, ...context };
    const html = document.documentElement;
    if (context.theme) html.dataset.theme = context.theme;
    for (const [name, value] of Object.entries((context.styles || {}).variables || {})) if (value) html.style.setProperty(name, value);
    if (context.locale) html.lang = context.locale;
  };
  let lastHeight = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.documentElement.scrollHeight);
    if (height !== lastHeight) send({ method: "ui/notifications/size-changed", params: { height: (lastHeight = height) } });
  }).observe(document.documentElement);

  // ---- the view's own: its status line, the page's address ----
  const status = (message) =>
    root.replaceChildren(Object.assign(document.createElement("p"), { className: "view-status", role: "status", textContent: message }));
  const showPage = (url) => {
    if (url && !pageUrl) link.hidden = !Object.assign(link.firstChild, { href: (pageUrl = url), textContent: text("openPage") });
  };
  // A link opens outside the view; the page's own, with the page's key.
  document.addEventListener("click", (event) => {
    const a = event.target.closest("a[href]");
    if (!a || a.getAttribute("href").startsWith("#")) return;
    event.preventDefault();
    const url = new URL(a.getAttribute("href"), pageUrl || undefined);
    if (pageUrl && url.origin === new URL(pageUrl).origin) url.search = new URL(pageUrl).search;
    if (host.capabilities.openLinks) request("ui/open-link", { url: url.href }).catch(() => {});
    else window.open(url.href, "_blank", "noopener");
  });

  // ---- the loop: a call, then what its answer says ----
  const call = async (tool, args, failed) => {
    let result;
    try {
      const all = { session_id: session || undefined, lang: locale(), ...args, [TOKEN_ARG]: token };
      result = (await request("tools/call", { name: tool, arguments: all })) || {};
    } catch {
      // The call did not reach aide: where the caller said, if it did.
      const spot = failed.at ? document.querySelector(failed.at) : root;
      if (failed.text && spot === root) status(text(failed.text));
      else if (failed.text && spot) spot.textContent = text(failed.text);
      return;
    }
    apply(result);
  };
  const apply = (result) => {
    const answer = result.structuredContent || {};
    session = answer.session_id || session;
    const message = answer.message || answer.hint || textOf(result);
    for (const { at, how, from } of answer.swaps || []) {
      const found = [...document.querySelectorAll(at)];
      const source = from && document.querySelector(from);
      shown = true;
      if (how === "status" || (from && !source)) status(message || text("noSession"));
      else if (how === "enable") found.forEach((el) => { el.disabled = false; el.removeAttribute("aria-busy"); });
      else if (!found[0]) continue;
      else if (how === "remove") found[0].remove();
      else if (how === "text") found[0].textContent = message;
      else {
        const template = document.createElement("template");
        template.innerHTML = source ? source.innerHTML : answer.html || "";
        found[0][{ inner: "replaceChildren", before: "before", replace: "replaceWith" }[how]](template.content);
      }
    }
    const tagged = root.querySelector("[lang]");
    if (tagged) document.documentElement.lang = formLang = tagged.lang;
    showPage(answer.url); // in the form's language
    const focus = answer.focus && document.querySelector(answer.focus);
    if (focus) (focus.tabIndex < 0 && focus.setAttribute("tabindex", "-1"), focus.focus());
    if (answer.tell) tellConversation();
    if (answer.next) call(answer.next.tool, answer.next.args, answer.next.failed);
  };

  // The form's events, as aide's table names them: its calls go one at a
  // time, in order; a delayed one waits for the last change.
  let turn = Promise.resolve();
  const timers = {};
  for (const on of ACTS.on) {
    root.addEventListener(on.event, (event) => {
      const at = event.target.closest && event.target.closest(on.at);
      if (!at) return;
      if (on.event === "click" || on.event === "submit") event.preventDefault();
      const form = at.closest(ACTS.form);
      if (!form || (on.check && !form.reportValidity())) return;
      const busy = on.event === "click" ? at : event.submitter;
      const fields = () => new URLSearchParams([...new FormData(form), ...(on.press ? [[at.name, at.value]] : [])]);
      const go = () => (turn = turn.then(async () => {
        if (!form.isConnected) return;
        if (busy) (busy.disabled = true, busy.setAttribute("aria-busy", "true"));
        if (on.failed) form.querySelectorAll(on.failed.at).forEach((spot) => (spot.textContent = ""));
        await call(ACTS.calls[on.call], { form: fields().toString() }, on.failed || {});
        if (busy) (busy.disabled = false, busy.removeAttribute("aria-busy"));
      }));
      clearTimeout(timers[on.call]);
      if (on.delay) timers[on.call] = setTimeout(go, on.delay);
      else go();
    });
  }

  // ---- finding the session ----
  const open = () => {
    if (opening) return;
    if (!host.capabilities.serverTools) return status(text("noServerTools"));
    // The tool's result may still bring the token (decide_submit's comes
    // at once); without it aide answers no call of this view.
    if (!token) return (tokenTimer = tokenTimer || setTimeout(() => token || shown || status(text("noToken")), TOKEN_WAIT));
    opening = true;
    const task = !session && toolInput && typeof toolInput.task === "string" ? { task: toolInput.task } : {};
    call(ACTS.calls.open, task, { text: "noSession" }).finally(() => (opening = false));
  };
  // The tool's own result: for `decide_submit` the session and its page;
  // for `decide` the answers (or why none came). A form shown learns from
  // aide what became of its session.
  const toolResult = (result) => {
    token = tokenOf(result._meta) || token;
    const answer = result.structuredContent || {};
    session = session || answer.session_id || null;
    if (session) showPage(answer.url);
    const pending = answer.status === "pending";
    if (!shown && !pending) status(answer.message || answer.hint || textOf(result).split("\n")[0]);
    else if (pending ? !shown : root.querySelector(ACTS.form)) open();
  };
  // After an answer, the conversation learns it: `decide` returns the
  // answers itself, `decide_submit`'s agent has to ask for them.
  const tellConversation = () => {
    const blocking = ((host.context.toolInfo || {}).tool || {}).name === "decide";
    const content = [{ type: "text", text: text(blocking ? "answered" : "answeredFetch") }];
    if (!blocking && host.capabilities.message) request("ui/message", { role: "user", content }).catch(() => {});
    else if (host.capabilities.updateModelContext) request("ui/update-model-context", { content }).catch(() => {});
  };

  status(text("loading"));
  const appInfo = { name: "aide", version: document.documentElement.dataset.version || "" };
  request("ui/initialize", { appInfo, appCapabilities: {}, protocolVersion: PROTOCOL }).then((result) => {
    host.capabilities = result.hostCapabilities || {};
    applyContext(result.hostContext || {});
    // The tool's definition, as the host listed it, carries the token
    // before the call ends (decide's result comes only with the answers).
    token = tokenOf(((host.context.toolInfo || {}).tool || {})._meta);
    send({ method: "ui/notifications/initialized", params: {} });
    ready = true;
    if (early) toolResult(early);
    if (toolInput) open();
  }).catch(() => status(text("noServerTools")));
})();
