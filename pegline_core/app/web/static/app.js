// Pegline's page: the setup form, the event log, the coach, records and replays. Any game's
// table is drawn by the script its plugin ships (/tables/<game>.js), which registers itself with
// Pegline.registerTable(game, {render, renderReplay, renderCompare}).
"use strict";

const Pegline = (() => {
  const tables = {};
  const loading = {};
  let options = null;
  let state = null;
  let replay = null;

  const $ = (id) => document.getElementById(id);

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

  async function api(method, path, body) {
    const init = {method, headers: {}};
    if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(path, init);
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
        script.addEventListener("error", () => reject(new Error(`no table for ${game}`)));
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
    box.replaceChildren();
    for (const option of options.options[variant.game] || []) {
      const set = el("fieldset", {}, el("legend", {}, option.label));
      option.choices.forEach((choice, index) => {
        set.append(el("label", {class: "choice"},
          el("input", {type: "radio", name: `option-${option.name}`, value: choice.value,
                       checked: index === 0, "data-option": option.name}),
          " ", choice.label));
      });
      box.append(set);
    }
    const opponents = $("opponents");
    opponents.replaceChildren(el("legend", {}, "Opponents"));
    const bots = options.bots[variant.game] || [];
    for (let seat = 1; seat < variant.players; seat += 1) {
      const select = el("select", {id: `bot-${seat}`, "data-seat": seat},
        bots.map((name) => el("option", {value: name}, name)));
      if (bots.includes("greedy")) select.value = "greedy";
      opponents.append(el("label", {class: "choice"}, `seat ${seat} `, select));
    }
  }

  async function start(event) {
    event.preventDefault();
    const variant = chosenVariant();
    const chosen = {};
    for (const input of document.querySelectorAll("#game-options input:checked")) {
      chosen[input.dataset.option] = input.value;
    }
    const bots = [...document.querySelectorAll("#opponents select")].map((s) => s.value);
    const seed = $("seed").value === "" ? null : Number($("seed").value);
    const created = await api("POST", "/api/games",
      {variant: variant.name, options: chosen, bots, seed});
    $("log").replaceChildren();
    $("coach").hidden = true;
    await render(created);
    show("play");
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

  async function render(next) {
    const previous = state && state.id === next.id ? state.events.length : 0;
    state = next;
    const table = await loadTable(state.game);
    $("variant-name").textContent = state.variant.name;
    $("notices").textContent = state.variant.notices.join("; ");
    $("assist").hidden = !state.assist_used;
    const open = !state.over && !state.abandoned;
    $("compare").disabled = !(open && state.can_compare);
    $("abandon").disabled = !open;
    $("download").disabled = open;
    $("replay-this").disabled = open;
    const list = $("log");
    if (previous === 0) list.replaceChildren();
    logEntries(list, state.events, previous);
    list.scrollTop = list.scrollHeight;
    table.render($("table"), state, {send: quietly(send), el});
    const result = $("result");
    result.hidden = !(state.result || state.abandoned);
    if (state.result) {
      const winner = state.result.sides[0];
      result.replaceChildren(
        el("strong", {}, `${winner.name} ${state.result.lowball ? "wins (lowball)" : "wins"}, `
          + `${state.result.game_points} game point(s)`),
        el("ol", {}, state.result.sides.map((s) =>
          el("li", {}, `${s.name}: ${s.score}${s.mark ? ", " + s.mark : ""}`))),
        state.result.assist_used.length ? el("p", {}, "assist used") : null);
    } else if (state.abandoned) {
      result.replaceChildren(el("strong", {}, "Game abandoned: download its record or replay it."));
    }
  }

  let busy = false;

  async function send(move) {
    if (busy) return;  // one move at a time: a double click sends it once
    busy = true;
    try {
      $("coach").hidden = true;
      await render(await api("POST", `/api/games/${state.id}/moves`, move));
    } finally {
      busy = false;
    }
  }

  async function compare() {
    const answer = await api("POST", `/api/games/${state.id}/compare`);
    await render(answer.state);
    const box = $("coach");
    box.hidden = false;
    box.replaceChildren(el("h3", {}, "The coach compares your last move"),
      el("button", {type: "button", class: "close", onclick: () => { box.hidden = true; }}, "×"));
    tables[state.game].renderCompare(box, answer.compare, {el});
  }

  async function abandon() {
    if (!window.confirm("Abandon this game? You can still download and replay its record.")) return;
    await render(await api("POST", `/api/games/${state.id}/abandon`));
  }

  function download() {
    window.location.href = `/api/games/${state.id}/record?format=toml`;
  }

  async function replayThis() {
    const response = await fetch(`/api/games/${state.id}/record?format=toml`);
    if (!response.ok) {
      showError((await response.json()).error);
      return;
    }
    await startReplay(await response.text());
  }

  // -- replaying --------------------------------------------------------------------------------

  async function startReplay(text) {
    replay = await api("POST", "/api/replay", {record: text});
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
    $("step-slider").value = index;
    $("step-label").textContent = `step ${index} of ${last}` +
      (index === last ? (replay.over ? " (the end)" : " (the record stops here)") : "");
    const list = $("replay-log");
    list.replaceChildren();
    replay.steps.slice(0, index + 1).forEach((s, i) =>
      logEntries(list, s.events, 0, i === index ? "current" : null));
    list.scrollTop = list.scrollHeight;
    tables[replay.game].renderReplay($("replay-table"), replay.steps[index].table,
      {el, sides: replay.sides});
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
    quietly(setup)();
  });

  return {
    registerTable(game, table) { tables[game] = table; },
    el,
    get state() { return state; },
  };
})();
window.Pegline = Pegline;
