// The table of any game that uses Pegline's card table (pegline_core/app/web/card_table.py): the
// scores, the piles of cards face up, status lines, the seat's hand, and its moves (a move that
// plays a card is that card, clickable; any other is a button). Served as /tables/<game>.js, it
// registers itself under the game its address names.
"use strict";

(() => {
  const game = decodeURIComponent(document.currentScript.src.match(/\/tables\/([^/]+)\.js/)[1]);
  const SUITS = {C: "♣", D: "♦", H: "♥", S: "♠"};
  const _ = (text, values) => window.Pegline._(text, values);
  const rankText = (code) => (code[0] === "T" ? "10" : code[0]);
  const seatName = (names, seat) => (names && names[seat]) || _("seat {n}", {n: seat});

  function card(el, code, extra = {}) {
    const red = code[1] === "H" || code[1] === "D";
    const {classes = "", ...attrs} = extra;
    return el("div", {class: `card${red ? " red" : ""} ${classes}`, "data-card": code,
                      title: `${rankText(code)}${SUITS[code[1]]}`, ...attrs},
      el("span", {class: "rank"}, rankText(code)), el("span", {class: "suit"}, SUITS[code[1]]));
  }

  function top(el, t, names) {
    return [
      ...t.status.map((line) => el("p", {class: "heading"}, line)),
      el("div", {class: "scoreboard", id: "scores"}, t.scores.map((score, seat) =>
        el("div", {class: `side${seat === t.seat ? " mine" : ""}`, "data-side": seat},
          el("span", {class: "side-name"}, seatName(names, seat)),
          el("span", {class: "score", "data-score": score}, String(score)))))];
  }

  function piles(el, t, names) {
    return el("div", {class: "piles"}, t.piles.map((pile) =>
      el("div", {class: "pile", "data-pile": pile.label},
        el("div", {class: "label"}, pile.label),
        el("div", {class: "cards"}, pile.cards.map((c) =>
          el("div", {class: "played-card"}, card(el, c.card),
            c.seat === null ? null : el("span", {class: "who"}, seatName(names, c.seat))))))));
  }

  function render(container, state, ctx) {
    const el = ctx.el;
    const t = state.table;
    const moves = (state.prompt && state.prompt.moves) || [];
    const byCard = Object.fromEntries(moves.filter((m) => m.card).map((m) => [m.card, m]));
    const hand = el("div", {class: "cards hand", id: "hand"}, t.hand.map((code) => byCard[code]
      ? card(el, code, {classes: "playable", onclick: () => ctx.send(byCard[code].move)})
      : card(el, code)));
    const buttons = moves.filter((m) => !m.card).map((m) =>
      el("button", {type: "button", "data-move": m.label, onclick: () => ctx.send(m.move)}, m.label));
    container.replaceChildren(...top(el, t, state.names),
      el("div", {class: "felt"}, piles(el, t, state.names),
        moves.length ? el("div", {class: "prompt", id: "prompt", "data-kind": "moves"},
          _("Your move"), el("div", {class: "buttons"}, buttons)) : null,
        el("div", {class: "label"}, _("your hand")), hand));
  }

  function renderReplay(container, t, ctx) {
    const el = ctx.el;
    container.replaceChildren(...top(el, {...t, seat: -1}, ctx.names),
      el("div", {class: "felt"}, piles(el, t, ctx.names),
        (t.hands || []).map((held, seat) => el("div", {class: "seat-hand"},
          el("div", {class: "label"}, seatName(ctx.names, seat)),
          el("div", {class: "cards small"}, held.map((code) => card(el, code)))))));
  }

  function renderCompare(box, compare, ctx) {
    const el = ctx.el;
    box.append(el("table", {class: "compare", id: "compare-table"},
      compare.candidates.map((c) => el("tr", {class: c.chosen ? "chosen" : ""},
        el("td", {}, String(c.rank)), el("td", {}, c.move), el("td", {}, c.value.toFixed(2))))),
      el("p", {class: "hint"}, compare.note));
  }

  window.Pegline.registerTable(game, {render, renderReplay, renderCompare});
})();
