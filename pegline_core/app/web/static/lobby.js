// Tables of people, on the setup page: which seats are people, spectators, when an absent
// person's seat may go to a bot, "Open a table", the links to send (kept in this browser for the
// creator, with the creator's token), the lobby of open tables and its free seats to join.
// Loaded after app.js.
"use strict";

(() => {
  const P = window.Pegline;
  const $ = (id) => document.getElementById(id);
  const KEPT = "pegline-tables";
  let options = null;

  function kept() {
    try { return JSON.parse(window.localStorage.getItem(KEPT) || "[]"); } catch { return []; }
  }

  function keep(created, variant) {
    const tables = [{id: created.id, variant, seats: created.seats, host: created.host,
                     watch: created.watch || null}, ...kept()].slice(0, 20);
    window.localStorage.setItem(KEPT, JSON.stringify(tables));
  }

  function seatsBox() {
    const variant = options && options.variants.find((v) => v.name === $("variant").value);
    const box = $("people");
    box.replaceChildren(P.el("legend", {}, P._("People at the table")));
    if (!variant) return;
    for (let seat = 1; seat < variant.players; seat += 1) {
      box.append(P.el("label", {class: "choice"},
        P.el("input", {type: "checkbox", id: `person-${seat}`, "data-seat": seat}), " ",
        P._("seat {n} is a person (instead of its bot)", {n: seat})));
    }
    box.append(P.el("label", {class: "choice"},
      P.el("input", {type: "checkbox", id: "lobby-open"}), " ", P._("list it in the lobby")));
    box.append(P.el("label", {class: "choice"},
      P.el("input", {type: "checkbox", id: "spectators"}), " ",
      P._("a link for spectators (they see the table, every hand face down)")));
    box.append(P.el("label", {class: "choice"}, P._("hand an absent person's seat to a bot after"),
      " ", P.el("input", {type: "number", id: "hand-over-after", min: 1, max: 1440, step: 1,
                          size: 4, placeholder: P._("never")}), " ", P._("minutes")));
  }

  async function openTable() {
    const variant = $("variant").value;
    const chosen = {};
    for (const input of document.querySelectorAll("#game-options input:checked")) {
      chosen[input.dataset.option] = input.value;
    }
    const players = options.variants.find((v) => v.name === variant).players;
    const seats = ["person"];
    for (let seat = 1; seat < players; seat += 1) {
      seats.push($(`person-${seat}`).checked ? "person" : `bot:${$(`bot-${seat}`).value}`);
    }
    const seed = $("seed").value === "" ? null : Number($("seed").value);
    const minutes = $("hand-over-after").value;
    const created = await P.api("POST", "/api/tables",
      {variant, options: chosen, seats, seed, lobby: $("lobby-open").checked,
       spectators: $("spectators").checked,
       hand_over_after: minutes === "" ? null : Number(minutes) * 60});
    keep(created, variant);
    window.location.href = created.seats[0].link;
  }

  async function showLobby() {
    const open = (await P.api("GET", "/api/lobby")).tables;
    const list = $("lobby-list");
    list.replaceChildren(...open.map((t) => P.el("li", {"data-table": t.id}, `${t.variant}: `,
      t.seats.map((s) => (s.taken ? P.el("span", {class: "taken"}, s.name, " ")
        : P.el("button", {type: "button", class: "join", "data-seat": s.seat,
                          onclick: P.quietly(() => join(t.id, s.seat))},
          P._("sit at seat {n}", {n: s.seat})))))));
    if (!open.length) list.append(P.el("li", {class: "hint"}, P._("no table is waiting for players")));
    const mine = $("my-tables");
    mine.replaceChildren(...kept().map((t) => P.el("li", {},
      P.el("a", {href: t.seats[0].link}, `${t.variant} · ${t.id}`))));
  }

  // A free seat of a table in the lobby: the server gives this browser the seat's token.
  async function join(id, seat) {
    const joined = await P.api("POST", `/api/tables/${id}/join`, {seat});
    window.location.href = joined.link;
  }

  document.addEventListener("DOMContentLoaded", () => {
    // data-i18n: the page puts these in its language once it has one (and on every change)
    const button = P.el("button", {type: "button", id: "open-table",
                                   "data-i18n": "Open a table for people"}, P._("Open a table for people"));
    $("start").after(" ", button);
    $("opponents").after(P.el("fieldset", {id: "people"}));
    $("setup").append(P.el("div", {id: "lobby"},
      P.el("h3", {"data-i18n": "Tables waiting for players"}, P._("Tables waiting for players")),
      P.el("ul", {id: "lobby-list"}),
      P.el("h3", {"data-i18n": "Your tables"}, P._("Your tables")), P.el("ul", {id: "my-tables"})));
    $("variant").addEventListener("change", seatsBox);
    button.addEventListener("click", P.quietly(openTable));
  });

  document.addEventListener("pegline:ready", P.quietly(async () => {
    options = await P.api("GET", "/api/options");
    seatsBox();
    await showLobby();
  }));

  document.addEventListener("pegline:language", P.quietly(async () => {
    if (!options) return;
    const people = [...document.querySelectorAll("#people input")].map((i) => [i.id, i.checked, i.value]);
    seatsBox();  // in the new language, each box as it was
    for (const [box, checked, value] of people) {
      const input = $(box);
      if (input) Object.assign(input, input.type === "checkbox" ? {checked} : {value});
    }
    await showLobby();
  }));
})();
