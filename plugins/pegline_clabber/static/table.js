// Clabber's table for Pegline's page: trump and the turn card, the naming rounds as buttons, the
// trick on the table, tricks taken, melds and the bella, the hand's count and the set, the
// running totals to 500, and the renege calls where reneges stand until called.
"use strict";

(() => {
  const SUITS = {C: "♣", D: "♦", H: "♥", S: "♠"};
  const COLOURS = ["#c62828", "#1565c0"];

  // The page's words in the chosen language (Pegline._ reads the catalogs); rule ids by name.
  const _ = (text, values) => window.Pegline._(text, values);
  const ruleName = (id) => window.Pegline.ruleName(id);
  const SUIT_NAMES = () => ({C: _("clubs"), D: _("diamonds"), H: _("hearts"), S: _("spades")});
  const rankText = (code) => (code[0] === "T" ? "10" : code[0]);
  const cardText = (code) => `${rankText(code)}${SUITS[code[1]]}`;
  const seatName = (names, seat) => (names && names[seat]) || _("seat {n}", {n: seat});
  const suitText = (suit) => `${SUITS[suit]} ${SUIT_NAMES()[suit]}`;

  function card(el, code, extra = {}) {
    if (code === null) return el("div", {class: "card back", title: _("face down")});
    const red = code[1] === "H" || code[1] === "D";
    const {classes = "", ...attrs} = extra;
    return el("div", {class: `card${red ? " red" : ""} ${classes}`, "data-card": code,
                      title: cardText(code), ...attrs},
      el("span", {class: "rank"}, rankText(code)), el("span", {class: "suit"}, SUITS[code[1]]));
  }

  function teamName(t, side, sideNames) {
    return (sideNames && sideNames[side])
      || _("team {side} (seats {seats})", {side, seats: t.sides[side].join(_(" & "))});
  }

  // -- the heading and the scores ---------------------------------------------------------------

  function heading(el, t, names) {
    if (t.dealer === null || t.hand === 0) return el("p", {class: "heading"}, _("Cutting for deal"));
    const dealer = t.dealer === t.seat ? _("you deal")
      : _("{seat} deals", {seat: seatName(names, t.dealer)});
    const partner = t.partners.length && names
      ? _(" · your partner: {seats}", {seats: t.partners.map((s) => seatName(names, s)).join(_(", "))})
      : "";
    const trump = t.trump
      ? _(" · trump {suit}, made by team {side}", {suit: SUITS[t.trump], side: t.makers})
      : _(" · naming trump, round {n}", {n: t.round});
    return el("p", {class: "heading", id: "heading"},
      _("Hand {hand} · {dealer}{partner}{trump}", {hand: t.hand, dealer, partner, trump}));
  }

  function scoreboard(el, t, sideNames) {
    return el("div", {class: "scoreboard", id: "scores"}, t.scores.map((score, side) =>
      el("div", {class: `side${side === t.side ? " mine" : ""}`, "data-side": side},
        el("span", {class: "dot", style: `background:${COLOURS[side % COLOURS.length]}`}),
        el("span", {class: "side-name"}, teamName(t, side, sideNames)),
        el("span", {class: "score", "data-score": score}, String(score)),
        el("span", {class: "taken", "data-taken": t.taken[side] || 0},
          _("tricks {n}", {n: t.taken[side] || 0})),
        t.makers === side ? el("span", {class: "badge"}, _("makers")) : null)),
      el("span", {class: "target"}, _("game to {n}", {n: t.target})));
  }

  // -- the felt ---------------------------------------------------------------------------------

  function callText(call) {
    return call.suit ? `${SUITS[call.suit]}` : _("pass");
  }

  function seatRow(el, t, names, seat, hands) {
    const calls = t.calls.filter((c) => c.seat === seat).map(callText);
    const melds = t.melds.filter((m) => m.seat === seat);
    const faceUp = hands ? hands[seat] : null;
    const backs = faceUp ? [] : Array.from({length: t.holding[seat] || 0}, () => null);
    return el("div", {class: "seat", "data-seat": seat},
      el("div", {class: "seat-name"}, seatName(names, seat),
        t.partners.includes(seat) && names ? el("span", {class: "badge partner"}, _("partner")) : null,
        t.dealer === seat ? el("span", {class: "badge"}, _("dealer")) : null,
        t.bella === seat ? el("span", {class: "badge bella"}, ruleName("bella")) : null),
      el("div", {class: "cards small"}, (faceUp || backs).map((c) => card(el, c))),
      calls.length ? el("div", {class: "calls"}, _("calls: {calls}", {calls: calls.join(_(", "))})) : null,
      melds.length ? meldList(el, melds) : null);
  }

  function meldList(el, melds) {
    return el("ul", {class: "melds"}, melds.map((m) => el("li", {"data-rule": m.rule},
      _("{meld} ({points})", {meld: ruleName(m.rule), points: m.points}), m.cards.length
        ? el("span", {class: "cards tiny"}, m.cards.map((c) => card(el, c))) : _(" announced"))));
  }

  function middle(el, t, names) {
    const trick = el("div", {class: "cards", id: "trick"}, t.trick.map(([seat, code]) =>
      el("div", {class: "played-card", "data-seat": seat}, card(el, code),
        el("div", {class: "who"}, seat === t.seat ? _("you") : _("seat {n}", {n: seat})))));
    const last = t.last_trick;
    return el("div", {class: "middle"},
      el("div", {class: "turn"}, el("div", {class: "label"}, _("turn card")),
        t.turn_card ? card(el, t.turn_card, {id: "turn-card"}) : card(el, null)),
      el("div", {class: "trump"}, el("div", {class: "label"}, _("trump")),
        el("div", {class: `trump-suit${t.trump === "H" || t.trump === "D" ? " red" : ""}`,
                   id: "trump", "data-trump": t.trump}, t.trump ? SUITS[t.trump] : "?")),
      el("div", {class: "trick"},
        el("div", {class: "label"},
          t.trump ? _("trick {n} of 6", {n: t.tricks_played + 1}) : _("the trick")),
        trick),
      last ? el("div", {class: "last-trick", id: "last-trick"},
        el("div", {class: "label"},
          _("trick {n} to {seat}", {n: last.number, seat: seatName(names, last.winner)})),
        el("span", {class: "cards tiny"}, last.cards.map((c) => card(el, c)))) : null);
  }

  function settlement(el, t, names, sideNames) {
    const s = t.settlement;
    if (!s) return null;
    const o = s.outcome || {};
    let verdict = "";
    if (o.kind === "made" || o.kind === "set") {
      const others = o.totals.filter((_, side) => side !== o.makers);
      const values = {makers: teamName(t, o.makers, sideNames), points: o.totals[o.makers],
                      others: Math.max(...others)};
      verdict = o.kind === "made"
        ? _("The makers, {makers}, count {points} against {others}: made.", values)
        : _("The makers, {makers}, count {points} against {others}: set — their count is lost.",
          values);
    } else if (o.kind === "renege") {
      const values = {seat: seatName(names, o.caller), reason: o.said || o.reason,
                      side: teamName(t, o.offender, sideNames)};
      verdict = o.proved
        ? _("{seat} called a renege: proved ({reason}); {side} reneged.", values)
        : _("{seat} called a renege: not proved, a false call ({reason}); {side} reneged.", values);
    } else if (o.kind === "void") {
      verdict = _("Both teams reneged: no score; the same dealer deals again.");
    } else if (o.kind === "dead") {
      verdict = _("All passed twice: the hand is dead; the same dealer deals again.");
    }
    return el("div", {class: "settlement", id: "settlement", "data-outcome": o.kind || ""},
      el("h4", {}, _("The count, hand {n}", {n: s.hand})),
      s.counts.map((c) => el("div", {class: "count", "data-side": c.side},
        el("div", {class: "count-title"}, `${teamName(t, c.side, sideNames)}: `,
          el("strong", {}, String(c.total)),
          c.tricks === 1 ? _(" (1 trick)") : _(" ({n} tricks)", {n: c.tricks})),
        el("table", {}, c.lines.map((line) => el("tr", {},
          el("td", {}, ruleName(line.rule)), el("td", {class: "points"}, String(line.points))))))),
      el("p", {class: "verdict"}, verdict),
      s.scored.length ? el("ul", {class: "scored"}, s.scored.map((p) =>
        el("li", {}, _("{points} {rule} to team {side} ({total})", {
          points: `${p.points > 0 ? "+" : ""}${p.points}`, rule: ruleName(p.rule), side: p.side,
          total: p.total})))) : null);
  }

  // -- the person's hand and what they are asked ------------------------------------------------

  function hand(el, t, prompt, ctx) {
    const legal = new Set(prompt.kind === "play" ? prompt.playable : []);
    const any = new Set(prompt.kind === "play" ? prompt.any : []);
    const cards = t.held.map((code) => {
      if (legal.has(code)) {
        return card(el, code, {classes: "playable",
                               onclick: () => ctx.send({type: "play", card: code})});
      }
      if (any.has(code)) {  // reneges stand until called: it may be played, at a risk
        return card(el, code, {classes: "risky",
                               title: _("{card}: a renege — it stands unless called",
                                        {card: cardText(code)}),
                               onclick: () => ctx.send({type: "play", card: code})});
      }
      return card(el, code, {classes: prompt.kind === "play" ? "unplayable" : ""});
    });
    return el("div", {class: "my-hand"}, el("div", {class: "label"}, _("your hand")),
      el("div", {class: "cards", id: "hand"}, cards),
      meldList(el, t.melds.filter((m) => m.seat === t.seat)));
  }

  function renegeButtons(el, prompt, ctx, names) {
    if (!prompt.calls || !prompt.calls.length) return null;
    return el("div", {class: "renege-calls", id: "renege-calls"},
      el("span", {}, _("Call a renege on: ")),
      prompt.calls.map((call) => el("button", {
        type: "button", class: "renege-call", "data-target": call.target,
        onclick: () => ctx.send({type: "renege", target: call.target})},
      call.card ? _("{seat}'s {card}", {seat: seatName(names, call.seat), card: cardText(call.card)})
        : _("the naming at event {n}", {n: call.target}))));
  }

  function ask(el, t, prompt, ctx, names) {
    const box = el("div", {class: "prompt", id: "prompt", "data-kind": prompt.kind});
    if (prompt.kind === "name") {
      const verb = (suit) => (t.round === 1 ? _("Play {suit}", {suit: suitText(suit)})
        : _("Name {suit}", {suit: suitText(suit)}));
      box.append(
        el("span", {}, t.round === 1
          ? _("Round 1: take the turn card's suit, {suit}, as trump, or pass.",
            {suit: suitText(t.turn_card[1])})
          : _("Round 2: name another suit as trump, or pass.")),
        el("div", {class: "buttons"},
          prompt.suits.map((suit) => el("button", {
            type: "button", class: "primary name-suit", "data-suit": suit,
            onclick: () => ctx.send({type: "name", suit})},
          verb(suit))),
          el("button", {type: "button", id: "pass", onclick: () => ctx.send({type: "pass"})},
            _("Pass"))));
    } else if (prompt.kind === "play") {
      box.append(el("span", {}, t.trick.length
        ? _("Your turn: play a highlighted card.") : _("Your lead: play a card.")));
      if (prompt.announce) {
        box.append(el("button", {type: "button", id: "announce", class: "primary",
                                 onclick: () => ctx.send({type: "announce"})},
          _("Announce your melds")));
      }
      if (prompt.show) {
        box.append(el("button", {type: "button", id: "show", class: "primary",
                                 onclick: () => ctx.send({type: "show"})}, _("Show your melds")));
      }
      if (prompt.any.length > prompt.playable.length) {
        box.append(el("span", {class: "hint"},
          _("Reneges stand until called: the dimmed-gold cards break a rule of play.")));
      }
    } else if (prompt.kind === "calls") {
      box.append(
        el("span", {}, "The last trick is complete: call a renege, or let the hand stand."),
        el("div", {class: "buttons"},
          el("button", {type: "button", id: "stand", class: "primary",
                        onclick: () => ctx.send({type: "stand"})}, "Let it stand")));
    } else {
      return null;
    }
    const calls = renegeButtons(el, prompt, ctx, names);
    if (calls) box.append(calls);
    return box;
  }

  // -- the table, a replay's table, the coach ---------------------------------------------------

  function render(container, state, ctx) {
    const el = ctx.el;
    const t = state.table;
    const names = state.names;
    const others = [...Array(t.holding.length).keys()].filter((s) => s !== t.seat);
    container.replaceChildren(...[
      heading(el, t, names),
      scoreboard(el, t, state.sides),
      el("div", {class: "felt"},
        el("div", {class: "opponents"}, others.map((s) => seatRow(el, t, names, s, null))),
        middle(el, t, names),
        ask(el, t, state.prompt, ctx, names),
        hand(el, t, state.prompt, ctx),
        t.calls.some((c) => c.seat === t.seat) ? el("div", {class: "calls mine"}, _("your calls: {calls}",
          {calls: t.calls.filter((c) => c.seat === t.seat).map(callText).join(_(", "))})) : null),
      settlement(el, t, names, state.sides)].filter(Boolean));
  }

  function renderReplay(container, t, ctx) {
    const el = ctx.el;
    const seats = [...Array(t.holding.length).keys()];
    const view = {...t, partners: []};
    container.replaceChildren(...[
      heading(el, view, ctx.names || null),
      scoreboard(el, {...t, side: -1}, ctx.sides),
      el("div", {class: "felt"},
        el("div", {class: "opponents"}, seats.map((s) => seatRow(el, view, ctx.names || null, s, t.hands))),
        middle(el, view, null)),
      settlement(el, view, null, ctx.sides)].filter(Boolean));
  }

  function renderCompare(box, compare, ctx) {
    const el = ctx.el;
    const chosen = compare.candidates.find((c) => c.chosen);
    const best = compare.candidates.filter((c) => c.rank === 1).map((c) => c.move);
    const verdict = chosen && chosen.rank === 1
      ? (chosen.tied ? _("Your move ties for the coach's best.") : _("Your move is the coach's best."))
      : _("The coach prefers {best}; yours ranks {rank}{tied} of {n}.", {
        best: best.join(_(" or ")), rank: chosen ? chosen.rank : "?",
        tied: chosen && chosen.tied ? _(" (tied)") : "", n: compare.candidates.length});
    box.append(
      el("p", {class: "verdict", id: "verdict"}, verdict),
      el("table", {class: "compare", id: "compare-table"},
        el("tr", {}, el("th", {}, _("rank")), el("th", {}, compare.said || compare.decision),
          el("th", {}, _("value")), el("th", {}, _("why"))),
        compare.candidates.map((c) => el("tr", {class: c.chosen ? "chosen" : ""},
          el("td", {}, `${c.tied ? "=" : ""}${c.rank}`),
          el("td", {}, c.move, c.chosen ? el("span", {class: "badge"}, _("your move")) : null),
          el("td", {}, c.value.toFixed(2)),
          el("td", {}, c.reasons.map((r) => `${r.label || r.name}: ${r.value}`).join(_("; ")))))),
      el("details", {}, el("summary", {}, _("about the coach")), el("p", {class: "hint"}, compare.note)),
      el("p", {class: "hint"}, _("Asking marks this game \"assist used\".")));
  }

  window.Pegline.registerTable("clabber", {render, renderReplay, renderCompare});
})();
