// Cribbage's table for Pegline's page: the board with its pegs, the cards, the count and the
// series, the show, and the buttons for discards, plays, go and counting by hand (muggins).
"use strict";

(() => {
  const SUITS = {C: "♣", D: "♦", H: "♥", S: "♠"};
  const COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#ef6c00"];
  const PIPS = {A: 1, T: 10, J: 10, Q: 10, K: 10};
  const SVG = "http://www.w3.org/2000/svg";
  let selected = new Set();
  let selectedAt = -1;

  const pips = (code) => PIPS[code[0]] || Number(code[0]);
  const rankText = (code) => (code[0] === "T" ? "10" : code[0]);
  // The page's words in the chosen language (Pegline._ reads the catalogs); rule ids by name.
  const _ = (text, values) => window.Pegline._(text, values);
  const ruleName = (id) => window.Pegline.ruleName(id);
  const seatName = (names, seat) => (names && names[seat]) || _("seat {n}", {n: seat});

  function card(el, code, extra = {}) {
    if (code === null) return el("div", {class: "card back", title: _("face down")});
    const red = code[1] === "H" || code[1] === "D";
    const {classes = "", ...attrs} = extra;
    return el("div", {class: `card${red ? " red" : ""} ${classes}`, "data-card": code,
                      title: `${rankText(code)}${SUITS[code[1]]}`, ...attrs},
      el("span", {class: "rank"}, rankText(code)), el("span", {class: "suit"}, SUITS[code[1]]));
  }

  const cardsText = (codes) => codes.map((c) => `${rankText(c)}${SUITS[c[1]]}`).join(" ");

  // -- the board --------------------------------------------------------------------------------

  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    return node;
  }

  function board(t, sideNames) {
    const target = t.target;
    const holes = target - 1;
    const perRow = 30;
    const rows = Math.max(1, Math.ceil(holes / perRow));
    const lanes = t.sides.length;
    const dx = 13, gap = 7, dy = 13, x0 = 58, y0 = 22;
    const rowHeight = lanes * dy + 16;
    const width = x0 + perRow * dx + 5 * gap + 60;
    const height = y0 + rows * rowHeight + 6;
    const root = svg("svg", {viewBox: `0 0 ${width} ${height}`, class: "board", role: "img",
      "aria-label": _("cribbage board to {target}: ", {target}) +
        t.pegs.map((p, s) => `${sideNames[s]} ${p.front}`).join(", ")});
    root.append(svg("rect", {x: 2, y: 2, width: width - 4, height: height - 4, rx: 14,
                             class: "wood"}));
    const gameHole = {x: width - 26, y: y0 + (rows * rowHeight) / 2 - 8};
    const position = (side, score, back) => {
      if (score <= 0) return {x: back ? 16 : 32, y: y0 + side * dy};
      if (score >= target) return {x: gameHole.x + (back ? -8 : 0), y: gameHole.y};
      const index = score - 1;
      const row = Math.floor(index / perRow);
      const col = index % perRow;
      return {x: x0 + col * dx + Math.floor(col / 5) * gap, y: y0 + row * rowHeight + side * dy};
    };
    for (let row = 0; row < rows; row += 1) {
      const label = svg("text", {x: x0 - 12, y: y0 + row * rowHeight + 4, class: "row-label",
                                 "text-anchor": "end"});
      label.textContent = String(row * perRow + 1);
      root.append(label);
    }
    for (let side = 0; side < lanes; side += 1) {
      for (let score = 1; score < target; score += 1) {
        const p = position(side, score, false);
        root.append(svg("circle", {cx: p.x, cy: p.y, r: 2.4, class: "hole"}));
      }
      for (const back of [true, false]) {
        const p = position(side, 0, back);
        root.append(svg("circle", {cx: p.x, cy: p.y, r: 2.4, class: "hole"}));
      }
    }
    root.append(svg("circle", {cx: gameHole.x, cy: gameHole.y, r: 6, class: "hole game-hole"}));
    const goal = svg("text", {x: gameHole.x, y: gameHole.y + 20, "text-anchor": "middle",
                              class: "row-label"});
    goal.textContent = String(target);
    root.append(goal);
    t.pegs.forEach((peg, side) => {
      const colour = COLOURS[side % COLOURS.length];
      const back = position(side, peg.back, true);
      const front = position(side, peg.front, false);
      root.append(svg("circle", {cx: back.x, cy: back.y, r: 5, fill: colour, class: "peg back-peg",
                                 "data-side": side, "data-score": peg.back}));
      root.append(svg("circle", {cx: front.x, cy: front.y, r: 5.5, fill: colour,
                                 class: "peg front-peg", "data-side": side,
                                 "data-score": peg.front}));
    });
    return root;
  }

  function scoreboard(el, t, sideNames) {
    return el("div", {class: "scoreboard"}, t.scores.map((score, side) => {
      const seats = t.sides[side];
      const dealing = seats.includes(t.dealer);
      return el("div", {class: `side${side === t.side ? " mine" : ""}`, "data-side": side},
        el("span", {class: "dot", style: `background:${COLOURS[side % COLOURS.length]}`}),
        el("span", {class: "side-name"}, sideNames[side]),
        el("span", {class: "score", "data-score": score}, String(score)),
        dealing ? el("span", {class: "badge"}, _("deals · crib")) : null);
    }), el("span", {class: "target"},
      t.lowball ? _("lowball: first to {n}", {n: t.target}) : _("game to {n}", {n: t.target})));
  }

  function heading(el, t, names, replay = false) {
    if (t.dealer === null || t.hand === 0) return el("p", {class: "heading"}, _("Cutting for deal"));
    if (replay) {  // a record's replay, or a spectator's table (with the seats' names)
      return el("p", {class: "heading", id: "heading"},
        _("Hand {hand} · {dealer} deals and owns the crib · {phase}",
          {hand: t.hand, dealer: seatName(names, t.dealer), phase: phaseName(t.phase)}));
    }
    const dealer = t.dealer === t.seat ? _("you deal")
      : _("{seat} deals", {seat: seatName(names, t.dealer)});
    const crib = t.sides[t.side].includes(t.crib_owner)
      ? (t.crib_owner === t.seat ? _("the crib is yours") : _("the crib is your partner's"))
      : _("the crib is theirs");
    const partner = t.partners.length
      ? _(" · your partner: {seats}", {seats: t.partners.map((s) => seatName(names, s)).join(_(", "))})
      : "";
    return el("p", {class: "heading", id: "heading"},
      _("Hand {hand} · {dealer}, {crib}{partner} · {phase}",
        {hand: t.hand, dealer, crib, partner, phase: phaseName(t.phase)}));
  }

  // What a player calls each phase of a hand (the state's phase names are the rules' own).
  function phaseName(phase) {
    const names = {cut: _("cutting for deal"), deal: _("dealing"), discard: _("laying away"),
                   starter: _("turning the starter"), pegging: _("pegging"),
                   show: _("the show"), over: _("game over")};
    return names[phase] || _(phase);
  }

  function seatRow(el, t, names, seat, hands) {
    const played = t.played.filter(([s]) => s === seat).map(([, c]) => c);
    const faceUp = hands ? hands[seat] : null;
    const backs = faceUp ? [] : Array.from({length: t.holding[seat] || 0}, () => null);
    return el("div", {class: "seat", "data-seat": seat},
      el("div", {class: "seat-name"}, seatName(names, seat),
        t.partners.includes(seat) && names ? el("span", {class: "badge partner"}, _("partner")) : null,
        t.dealer === seat ? el("span", {class: "badge"}, _("dealer")) : null),
      el("div", {class: "cards small"}, (faceUp || backs).map((c) => card(el, c))),
      played.length ? el("div", {class: "played"}, _("played "),
        el("span", {class: "cards tiny"}, played.map((c) => card(el, c)))) : null);
  }

  function middle(el, t, crib) {
    return el("div", {class: "middle"},
      el("div", {class: "starter"}, el("div", {class: "label"}, _("starter")),
        t.starter ? card(el, t.starter, {id: "starter"}) : card(el, null)),
      el("div", {class: "series"},
        el("div", {class: "label"}, _("count "), el("strong", {id: "count"}, String(t.count)),
          _(" of {limit}", {limit: t.limit})),
        el("div", {class: "cards", id: "series"}, t.series.map((c) => card(el, c)))),
      crib ? el("div", {class: "crib"}, el("div", {class: "label"}, _("crib")),
        el("div", {class: "cards tiny"}, crib.map((c) => card(el, c)))) : null);
  }

  function shows(el, t, names, me) {
    if (!t.shows.length) return null;
    return el("div", {class: "shows", id: "shows"},
      el("h4", {}, _("The show, hand {hand}", {hand: t.shows[0].hand})),
      t.shows.map((s) => {
        const whose = s.seat === me ? (s.crib ? _("your crib") : _("your hand"))
          : (s.crib ? _("{seat}'s crib", {seat: seatName(names, s.seat)})
            : _("{seat}'s hand", {seat: seatName(names, s.seat)}));
        const settled = s.outcome
          ? el("div", {class: "settled"},
            _("declared {declared}, true count {points}: {outcome}",
              {declared: s.declared, points: s.points, outcome: _(s.outcome)}) +
            (s.claimant !== undefined && s.claimant !== null
              ? _(" (called by {seat})", {seat: seatName(names, s.claimant)}) : ""))
          : null;
        return el("div", {class: "show"},
          el("div", {class: "show-title"}, `${whose}: `,
            el("span", {class: "cards tiny"}, [...s.cards, s.starter].map((c) => card(el, c))),
            el("strong", {}, ` ${s.points}`)),
          settled,
          el("table", {}, s.lines.map((line) => el("tr", {},
            el("td", {}, ruleName(line.rule)), el("td", {}, cardsText(line.cards)),
            el("td", {class: "points"}, String(line.points))))),
          s.moves.length ? el("ul", {class: "moves"}, s.moves.map((m) =>
            el("li", {}, _("{points} {rule} to {seat}", {points: `${m.points > 0 ? "+" : ""}${m.points}`,
              rule: ruleName(m.rule), seat: seatName(names, m.seat)})))) : null);
      }));
  }

  // -- the person's hand and what they are asked --------------------------------------------

  function hand(el, t, prompt, ctx, events) {
    if (selectedAt !== events) {
      selected = new Set();
      selectedAt = events;
    }
    const room = t.limit - t.count;
    const playable = new Set(prompt.kind === "play" ? prompt.playable : []);
    const cards = t.held.map((code) => {
      let classes = "";
      let onclick = null;
      if (prompt.kind === "discard") {
        classes = `selectable${selected.has(code) ? " selected" : ""}`;
        onclick = () => {
          if (selected.has(code)) selected.delete(code); else selected.add(code);
          ctx.rerender();
        };
      } else if (prompt.kind === "play" && playable.has(code)) {
        classes = "playable";
        onclick = () => ctx.send({type: "play", card: code});
      } else if (t.phase === "pegging") {
        classes = pips(code) > room ? "unplayable" : "";
      }
      return card(el, code, {classes, onclick});
    });
    return el("div", {class: "my-hand"},
      el("div", {class: "label"}, _("your hand"), t.kept.length > t.held.length
        ? _(" (for the show: {cards})", {cards: cardsText(t.kept)}) : ""),
      el("div", {class: "cards", id: "hand"}, cards));
  }

  function ask(el, t, prompt, ctx, names) {
    const box = el("div", {class: "prompt", id: "prompt", "data-kind": prompt.kind});
    if (prompt.kind === "discard") {
      const crib = t.crib_owner === t.seat ? _("your crib")
        : _("{seat}'s crib", {seat: seatName(names, t.crib_owner)});
      box.append(el("span", {}, prompt.need > 1
        ? _("Lay away {n} cards to {crib}: ", {n: prompt.need, crib}) + _("click them, then ")
        : _("Lay away {n} card to {crib}: ", {n: prompt.need, crib}) + _("click it, then ")),
        el("button", {type: "button", id: "lay-away", class: "primary",
                      disabled: selected.size !== prompt.need,
                      onclick: () => ctx.send({type: "discard", cards: [...selected]})},
          _("Lay away")));
    } else if (prompt.kind === "play") {
      box.append(_("Your turn: play a card (count {count}; the highlighted cards fit).",
        {count: t.count}));
    } else if (prompt.kind === "go") {
      box.append(_("Nothing you hold fits under {limit} at count {count}: ",
        {limit: prompt.limit, count: prompt.count}),
        el("button", {type: "button", id: "go", class: "primary",
                      onclick: () => ctx.send({type: "go"})}, "Go"));
    } else if (prompt.kind === "declare") {
      // empty, not 0: a count is the player's to make, and 0 is a count of its own
      const input = el("input", {type: "number", id: "declare-points", min: 0, max: prompt.max,
                                 step: 1, placeholder: _("points"), required: true});
      box.append(prompt.crib ? _("Count your crib ") : _("Count your hand "),
        el("span", {class: "cards tiny"}, [...prompt.cards, t.starter].map((c) => card(el, c))),
        _(" (0 to {max}): ", {max: prompt.max}), input,
        el("button", {type: "button", id: "declare", class: "primary",
                      onclick: () => (input.value === "" ? input.focus()
                        : ctx.send({type: "declare", points: Number(input.value)}))},
          _("Declare")));
    } else if (prompt.kind === "respond") {
      const input = el("input", {type: "number", id: "muggins-points", min: 1, max: prompt.max,
                                 value: 1, step: 1});
      box.append(
        el("div", {}, (prompt.crib ? _("{seat} declares {declared} for the crib ", {
          seat: seatName(names, prompt.counter), declared: prompt.declared})
          : _("{seat} declares {declared} for the hand ", {
            seat: seatName(names, prompt.counter), declared: prompt.declared})),
          el("span", {class: "cards tiny"}, [...prompt.cards, t.starter].map((c) => card(el, c)))),
        el("div", {class: "buttons"},
          el("button", {type: "button", id: "accept", class: "primary",
                        onclick: () => ctx.send({type: "respond", response: "accept"})}, _("Accept")),
          el("span", {class: "muggins"}, _("points missed "), input,
            el("button", {type: "button", id: "muggins",
                          onclick: () => ctx.send({type: "respond", response: "muggins",
                                                   points: Number(input.value)})}, _("Muggins"))),
          el("button", {type: "button", id: "overcount",
                        onclick: () => ctx.send({type: "respond", response: "overcount"})},
            _("Overcount"))));
    } else {
      return null;
    }
    return box;
  }

  // -- the table, a replay's table, the coach -------------------------------------------------

  function sideNamesOf(state) {
    return state.sides;
  }

  // The crib as this seat may see it: its own laid cards face up, the others' backs.
  function liveCrib(t) {
    if (!t.crib_cards) return null;
    return [...t.laid, ...Array(Math.max(0, t.crib_cards - t.laid.length)).fill(null)];
  }

  function render(container, state, ctx) {
    const el = ctx.el;
    const t = state.table;
    const names = state.names;
    const others = [...Array(t.holding.length).keys()].filter((s) => s !== t.seat);
    const draw = () => {
      const local = {...ctx, rerender: draw};
      container.replaceChildren(...[
        heading(el, t, names),
        scoreboard(el, t, sideNamesOf(state)),
        el("div", {class: "felt"},
          el("div", {class: "opponents"}, others.map((s) => seatRow(el, t, names, s, null))),
          middle(el, t, liveCrib(t)),
          ask(el, t, state.prompt, local, names),
          hand(el, t, state.prompt, local, state.events.length),
          t.played.some(([s]) => s === t.seat) ? el("div", {class: "played mine"}, _("you played "),
            el("span", {class: "cards tiny"},
              t.played.filter(([s]) => s === t.seat).map(([, c]) => card(el, c)))) : null),
        board(t, sideNamesOf(state)),  // below the felt: the hand stays in view on a laptop
        shows(el, t, names, t.seat)].filter(Boolean));
    };
    draw();
  }

  function renderReplay(container, t, ctx) {
    const el = ctx.el;
    const seats = [...Array(t.holding.length).keys()];
    container.replaceChildren(...[
      heading(el, t, ctx.names || null, true),
      scoreboard(el, {...t, side: -1}, ctx.sides),
      board(t, ctx.sides),
      el("div", {class: "felt"},
        el("div", {class: "opponents"}, seats.map((s) => seatRow(el, t, ctx.names || null, s, t.hands))),
        middle(el, t, t.crib)),
      shows(el, t, ctx.names || null, -1)].filter(Boolean));
  }

  function reasonValue(value) {
    if (value === true) return _("yes");
    if (value === false) return _("no");
    return String(value);
  }

  function renderCompare(box, compare, ctx) {
    const el = ctx.el;
    const names = compare.candidates.length
      ? compare.candidates[0].reasons.map((r) => r.label || r.name) : [];
    const chosen = compare.candidates.find((c) => c.chosen);
    const best = compare.candidates.filter((c) => c.rank === 1);
    const verdict = chosen && chosen.rank === 1
      ? (chosen.tied ? _("Your move ties for the coach's best.") : _("Your move is the coach's best."))
      : _("The coach prefers {best}; yours ranks {rank}{tied} of {n}.", {
        best: best.map((c) => cardsText(c.cards)).join(_(" or ")),
        rank: chosen ? chosen.rank : "?", tied: chosen && chosen.tied ? _(" (tied)") : "",
        n: compare.candidates.length});
    const chance = (c) => {  // the coach's win chance, where it has a win table
      const reason = c && c.reasons.find((r) => r.name === "win chance (%)");
      return reason ? `${reason.value.toFixed(1)}%` : null;
    };
    const odds = chance(chosen) && chance(compare.candidates[0])
      ? _(" Your move leaves {chance} to win; the best, {best}.",
        {chance: chance(chosen), best: chance(compare.candidates[0])}) : "";
    box.append(
      el("p", {class: "verdict", id: "verdict"}, verdict + odds),
      el("table", {class: "compare", id: "compare-table"},
        el("tr", {}, el("th", {}, _("rank")),
          el("th", {}, compare.decision === "discard" ? _("lay away") : _("play")),
          names.map((n) => el("th", {}, n))),
        compare.candidates.map((c) => el("tr", {class: c.chosen ? "chosen" : ""},
          el("td", {}, `${c.tied ? "=" : ""}${c.rank}`),
          el("td", {}, cardsText(c.cards), c.chosen ? el("span", {class: "badge"}, _("your move")) : null),
          c.reasons.map((r) => el("td", {}, reasonValue(r.said === undefined ? r.value : r.said)))))),
      el("details", {}, el("summary", {}, _("about the coach")), el("p", {class: "hint"}, compare.note)),
      el("p", {class: "hint"}, _("Asking marks this game \"assist used\".")));
  }

  window.Pegline.registerTable("cribbage", {render, renderReplay, renderCompare});
})();
