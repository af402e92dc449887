// Tables of people, on the setup page: which seats are people, "Open a table", the links to send
// (kept in this browser for the creator), the lobby of open tables. Loaded after app.js.
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
    const tables = [{id: created.id, variant, seats: created.seats}, ...kept()].slice(0, 20);
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
    const created = await P.api("POST", "/api/tables",
      {variant, options: chosen, seats, seed, lobby: $("lobby-open").checked});
    keep(created, variant);
    window.location.href = created.seats[0].link;
  }

  async function showLobby() {
    const open = (await P.api("GET", "/api/lobby")).tables;
    const list = $("lobby-list");
    list.replaceChildren(...open.map((t) => P.el("li", {"data-table": t.id},
      `${t.variant}: `, t.seats.map((s) => (s.taken ? s.name : P._("seat {n} is free", {n: s.seat})))
        .join(", "))));
    if (!open.length) list.append(P.el("li", {class: "hint"}, P._("no table is waiting for players")));
    const mine = $("my-tables");
    mine.replaceChildren(...kept().map((t) => P.el("li", {},
      P.el("a", {href: t.seats[0].link}, `${t.variant} · ${t.id}`))));
  }

  document.addEventListener("DOMContentLoaded", () => {
    const button = P.el("button", {type: "button", id: "open-table"}, P._("Open a table for people"));
    $("start").after(" ", button);
    $("opponents").after(P.el("fieldset", {id: "people"}));
    $("setup").append(P.el("div", {id: "lobby"},
      P.el("h3", {}, P._("Tables waiting for players")), P.el("ul", {id: "lobby-list"}),
      P.el("h3", {}, P._("Your tables")), P.el("ul", {id: "my-tables"})));
    $("variant").addEventListener("change", seatsBox);
    button.addEventListener("click", P.quietly(openTable));
  });

  document.addEventListener("pegline:ready", P.quietly(async () => {
    options = await P.api("GET", "/api/options");
    seatsBox();
    await showLobby();
  }));
})();
