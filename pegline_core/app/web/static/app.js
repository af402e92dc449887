// Pegline's page: the setup form, the event log, the coach, records and replays. A new game is a
// table of one person and bots, played at its seat's link like any table (static/sitting.js,
// which gives this page the seat's calls). Any game's table is drawn by the script its plugin
// ships (/tables/<game>.js), which registers itself with
// Pegline.registerTable(game, {render, renderReplay, renderCompare}).
"use strict";

const Pegline = (() => {
  const tables = {};
  const loading = {};
  let options = null;
  let state = null;
  let replay = null;
  let words = {};
  let ruleNames = {};
  let variantRuleNames = {};  // the names a variant's own rules carry (house rules as data)
  let lang = "en";
  let seat = null;  // the seat's calls, with its token: move, compare, abandon, record (sitting.js)
  let reloader = null;  // and how the table draws itself again (a new language)

  const $ = (id) => document.getElementById(id);

  // The page's words come from the catalogs (/api/messages): _("English {name}", {name: ...}).
  function _(text, values = {}) {
    const said = Object.prototype.hasOwnProperty.call(words, text) ? words[text] : text;
    return said.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  }

  function ruleName(id) {
    return variantRuleNames[id] || ruleNames[id] || id;
  }

  function preferredLanguage() {
    const kept = window.localStorage.getItem("pegline-lang");
    if (kept) return kept;
    const browser = (navigator.language || "en").toLowerCase();
    if (browser.startsWith("ja")) return "ja";
    if (browser.startsWith("zh") && !/(hant|tw|hk|mo)/.test(browser)) return "zh-Hans";
    return "en";
  }

  async function useLanguage(chosen) {
    const answer = await api("GET", `/api/messages?lang=${encodeURIComponent(chosen)}`);
    lang = answer.lang;
    words = answer.messages;
    ruleNames = answer.rules;
    window.localStorage.setItem("pegline-lang", lang);
    document.documentElement.lang = lang;
    const menu = $("lang");
    menu.replaceChildren(...Object.entries(answer.languages).map(([tag, name]) =>
      el("option", {value: tag}, name)));
    menu.value = lang;
    for (const node of document.querySelectorAll("[data-i18n]")) {
      node.textContent = _(node.dataset.i18n);
    }
    for (const node of document.querySelectorAll("[data-i18n-title]")) {
      node.title = _(node.dataset.i18nTitle);
    }
    for (const node of document.querySelectorAll("[data-i18n-placeholder]")) {
      node.placeholder = _(node.dataset.i18nPlaceholder);
    }
  }

  async function switchLanguage() {
    await useLanguage($("lang").value);
    if (options) {
      chooseVariant();
      options = await api("GET", "/api/options");
      await describeChoice();  // in the language
    }
    if (reloader) await reloader();
    if (replay && replay.text) {
      const at = replay.at;
      await startReplay(replay.text);
      step(at);
    }
    document.dispatchEvent(new Event("pegline:language"));  // lobby.js
  }

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  function showError(message) {
    const box = $("error");
    box.textContent = message;
    box.hidden = !message;
  }

  // The server could not be asked at all (it is down, or the connection is): not the browser's
  // "Failed to fetch", but what happened.
  class Unreachable extends Error {}

  async function reach(path, init) {
    try {
      return await fetch(path, init);
    } catch {
      const error = new Unreachable(_("The server cannot be reached: check the connection, or try again in a moment."));
      showError(error.message);
      throw error;
    }
  }

  async function api(method, path, body) {
    const init = {method, headers: {"x-pegline-lang": lang}};
    if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await reach(path, init);
    const data = await response.json().catch(() => ({error: response.statusText}));
    if (!response.ok) {
      showError(data.error || response.statusText);
      throw new Error(data.error || response.statusText);
    }
    showError("");
    return data;
  }

  function loadTable(game) {
    if (tables[game]) return Promise.resolve(tables[game]);
    if (!loading[game]) {
      loading[game] = new Promise((resolve, reject) => {
        document.head.append(el("link", {rel: "stylesheet", href: `/tables/${game}.css`}));
        const script = el("script", {src: `/tables/${game}.js`});
        script.addEventListener("load", () => resolve(tables[game]));
        script.addEventListener("error", () => reject(new Error(_("no table for {game}", {game}))));
        document.head.append(script);
      });
    }
    return loading[game];
  }

  function show(section) {
    for (const id of ["setup", "play", "replay"]) $(id).hidden = id !== section;
  }

  // -- setup ----------------------------------------------------------------------------------

  async function setup() {
    options = await api("GET", "/api/options");
    const select = $("variant");
    select.replaceChildren();
    for (const variant of options.variants) {
      const label = variant.playable ? variant.name : `${variant.name} (${variant.problem})`;
      select.append(el("option", {value: variant.name, disabled: !variant.playable}, label));
    }
    const first = options.variants.find((v) => v.name === "two-player" && v.playable)
      || options.variants.find((v) => v.playable);
    if (first) select.value = first.name;
    chooseVariant();
  }

  function chosenVariant() {
    return options.variants.find((v) => v.name === $("variant").value);
  }

  function chooseVariant() {
    const variant = chosenVariant();
    if (!variant) return;
    $("variant-description").textContent = variant.description || "";
    const box = $("game-options");
    box.onchange = quietly(describeChoice);
    box.replaceChildren();
    for (const option of options.options[variant.game] || []) {
      const set = el("fieldset", {}, el("legend", {}, _(option.label)));
      option.choices.forEach((choice, index) => {
        set.append(el("label", {class: "choice"},
          el("input", {type: "radio", name: `option-${option.name}`, value: choice.value,
                       checked: index === 0, "data-option": option.name}),
          " ", _(choice.label)));
      });
      box.append(set);
    }
    const opponents = $("opponents");
    opponents.replaceChildren(el("legend", {}, _("Opponents")));
    const bots = options.bots[variant.game] || [];
    for (let seat = 1; seat < variant.players; seat += 1) {
      const select = el("select", {id: `bot-${seat}`, "data-seat": seat},
        bots.map((name) => el("option", {value: name}, name)));
      if (bots.includes("greedy")) select.value = "greedy";
      opponents.append(el("label", {class: "choice"}, _("seat {n}", {n: seat}), " ", select));
    }
  }

  function chosenOptions() {
    const chosen = {};
    for (const input of document.querySelectorAll("#game-options input:checked")) {
      chosen[input.dataset.option] = input.value;
    }
    return chosen;
  }

  async function describeChoice() {
    // the variant as the choices make it (a target of 61 reads "to 61"), in the language
    const variant = chosenVariant();
    if (!variant || !variant.playable) return;
    const described = await api("POST", "/api/describe",
      {variant: variant.name, options: chosenOptions()});
    if (chosenVariant() === variant) {
      $("variant-description").textContent = described.description || "";
    }
  }

  async function start(event) {
    event.preventDefault();
    const variant = chosenVariant();
    const chosen = chosenOptions();
    const bots = [...document.querySelectorAll("#opponents select")].map((s) => s.value);
    const seed = $("seed").value === "" ? null : Number($("seed").value);
    const created = await api("POST", "/api/tables",
      {variant: variant.name, options: chosen, seats: ["person", ...bots.map((b) => `bot:${b}`)],
       seed});
    window.location.href = created.seats[0].link;
  }

  // -- playing ----------------------------------------------------------------------------------

  function logEntries(list, entries, from = 0, mark = null) {
    for (const entry of entries.slice(from)) {
      for (const text of entry.text) {
        list.append(el("li", {class: `event event-${entry.type}${mark ? " " + mark : ""}`,
                              "data-seq": entry.seq}, text.trim()));
      }
    }
  }

  // Draw a state; the log gets the events it has not shown yet (all of them if ``fresh``).
  async function render(next, {fresh = false} = {}) {
    const previous = !fresh && state && state.id === next.id ? state.events.length : 0;
    state = next;
    variantRuleNames = state.rules || {};
    const table = await loadTable(state.game);
    // "two-player+muggins" is the file's way to say it; a player reads "two-player with muggins"
    $("variant-name").textContent = state.variant.name.split("+").join(_(" with "));
    $("notices").textContent = state.variant.notices.join("; ");
    $("assist").hidden = !state.assist_used;
    const open = !state.over && !state.abandoned;
    $("compare").disabled = !state.can_compare;  // after the last move too
    $("abandon").disabled = !open;
    $("download").disabled = open;
    $("replay-this").disabled = open;
    const list = $("log");
    if (previous === 0) list.replaceChildren();
    logEntries(list, state.events, previous);
    list.scrollTop = list.scrollHeight;
    if (state.watching) {  // a spectator: the public table, drawn as a replay's with no hands
      table.renderReplay($("table"), state.table,
        {el, sides: state.sides, names: state.names, _, ruleName});
    } else {
      table.render($("table"), state, {send: quietly(send), el, _, ruleName});
    }
    const result = $("result");
    result.hidden = !(state.result || state.abandoned);
    if (state.result) {
      const winner = state.result.sides[0];
      const points = state.result.game_points;
      const won = state.result.lowball
        ? (points === 1 ? _("{side} wins (lowball), 1 game point")
          : _("{side} wins (lowball), {n} game points"))
        : (points === 1 ? _("{side} wins, 1 game point") : _("{side} wins, {n} game points"));
      result.replaceChildren(...[  // replaceChildren would write a null as the text "null"
        el("strong", {}, won.replace("{side}", winner.name).replace("{n}", points)),
        el("ol", {}, state.result.sides.map((s) =>
          el("li", {}, `${s.name}: ${s.score}${s.mark ? _(", ") + s.mark : ""}`))),
        state.result.assist_used.length ? el("p", {}, _("assist used")) : null].filter(Boolean));
    } else if (state.abandoned) {
      result.replaceChildren(el("strong", {}, _("Game abandoned: download its record or replay it.")));
    }
  }

  let busy = false;

  async function send(move) {
    if (busy) return;  // one move at a time: a double click sends it once
    busy = true;
    try {
      $("coach").hidden = true;
      await render(await seat.move(move));
    } catch (error) {
      if (error instanceof Unreachable) {
        showError(_("The server cannot be reached: your move was not made. Make it again once the server is back."));
      }
      throw error;
    } finally {
      busy = false;
    }
  }

  async function compare() {
    const answer = await seat.compare();
    await render(answer.state);
    const box = $("coach");
    box.hidden = false;
    box.replaceChildren(el("h3", {}, _("The coach compares your last move")),
      el("button", {type: "button", class: "close", onclick: () => { box.hidden = true; }}, "×"));
    tables[state.game].renderCompare(box, answer.compare, {el, _, ruleName});
  }

  async function abandon() {
    if (!window.confirm(_("Abandon this game? You can still download and replay its record."))) return;
    await render(await seat.abandon());
  }

  function download() {
    window.location.href = seat.recordLink;
  }

  async function replayThis() {
    const response = await reach(seat.recordLink);
    if (!response.ok) {
      showError((await response.json()).error);
      return;
    }
    await startReplay(await response.text());
  }

  // -- replaying --------------------------------------------------------------------------------

  async function startReplay(text) {
    replay = await api("POST", "/api/replay", {record: text});
    replay.text = text;
    await loadTable(replay.game);
    show("replay");
    $("replay-view").hidden = false;
    $("step-slider").max = replay.steps.length - 1;
    step(0);
  }

  function step(index) {
    const last = replay.steps.length - 1;
    index = Math.max(0, Math.min(last, index));
    replay.at = index;
    variantRuleNames = replay.rules || {};
    $("step-slider").value = index;
    $("step-label").textContent = _("step {index} of {last}", {index, last}) +
      (index === last ? (replay.over ? _(" (the end)") : _(" (the record stops here)")) : "");
    const list = $("replay-log");
    list.replaceChildren();
    replay.steps.slice(0, index + 1).forEach((s, i) =>
      logEntries(list, s.events, 0, i === index ? "current" : null));
    list.scrollTop = list.scrollHeight;
    tables[replay.game].renderReplay($("replay-table"), replay.steps[index].table,
      {el, sides: replay.sides, _, ruleName});
  }

  async function readFile() {
    const file = $("record-file").files[0];
    if (file) await startReplay(await file.text());
  }

  // -- wiring -----------------------------------------------------------------------------------

  function quietly(handler) {
    return (...args) => Promise.resolve(handler(...args)).catch((error) => {
      if (!$("error").textContent) showError(String(error.message || error));
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("variant").addEventListener("change", chooseVariant);
    $("setup-form").addEventListener("submit", quietly(start));
    $("compare").addEventListener("click", quietly(compare));
    $("abandon").addEventListener("click", quietly(abandon));
    $("download").addEventListener("click", download);
    $("replay-this").addEventListener("click", quietly(replayThis));
    $("nav-new").addEventListener("click", () => { showError(""); show("setup"); });
    $("nav-replay").addEventListener("click", () => { showError(""); show("replay"); });
    $("record-file").addEventListener("change", quietly(readFile));
    $("step-first").addEventListener("click", () => step(0));
    $("step-back").addEventListener("click", () => step(replay.at - 1));
    $("step-next").addEventListener("click", () => step(replay.at + 1));
    $("step-last").addEventListener("click", () => step(replay.steps.length - 1));
    $("step-slider").addEventListener("input", (e) => step(Number(e.target.value)));
    $("lang").addEventListener("change", quietly(switchLanguage));
    quietly(async () => {
      await useLanguage(preferredLanguage());
      await setup();
      document.dispatchEvent(new Event("pegline:ready"));  // lobby.js, sitting.js
    })();
  });

  return {
    registerTable(game, table) { tables[game] = table; },
    el,
    _,
    ruleName,
    get state() { return state; },
    render, api, reach, show, quietly, showError, chosenVariant,
    get lang() { return lang; },
    set seat(calls) { seat = calls; },
    set reloader(reload) { reloader = reload; },
  };
})();
window.Pegline = Pegline;
