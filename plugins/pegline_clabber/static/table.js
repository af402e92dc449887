// Clabber's table for Pegline's page: trump and the turn card, the naming rounds as buttons, the
// trick on the table, tricks taken, melds and the bella, the hand's count and the set, the
// running totals to 500, and the renege calls where reneges stand until called.
"use strict";

(() => {
  const SUITS = {C: "♣", D: "♦", H: "♥", S: "♠"};
  const SUIT_NAMES = {C: "clubs", D: "diamonds", H: "hearts", S: "spades"};
  const COLOURS = ["#c62828", "#1565c0"];

  const rankText = (code) => (code[0] === "T" ? "10" : code[0]);
  const cardText = (code) => `${rankText(code)}${SUITS[code[1]]}`;
  const cardsText = (codes) => codes.map(cardText).join(" ");
  const seatName = (names, seat) => (names && names[seat]) || `seat ${seat}`;
  const suitText = (suit) => `${SUITS[suit]} ${SUIT_NAMES[suit]}`;

  function card(el, code, extra = {}) {
    if (code === null) return el("div", {class: "card back", title: "face down"});
    const red = code[1] === "H" || code[1] === "D";
    const {classes = "", ...attrs} = extra;
    return el("div", {class: `card${red ? " red" : ""} ${classes}`, "data-card": code,
                      title: cardText(code), ...attrs},
      el("span", {class: "rank"}, rankText(code)), el("span", {class: "suit"}, SUITS[code[1]]));
  }

  function teamName(t, side, sideNames) {
    return (sideNames && sideNames[side]) || `team ${side} (seats ${t.sides[side].join(" & ")})`;
  }

  // -- the heading and the scores ---------------------------------------------------------------

  function heading(el, t, names) {
    if (t.dealer === null || t.hand === 0) return el("p", {class: "heading"}, "Cutting for deal");
    const dealer = t.dealer === t.seat ? "you deal" : `${seatName(names, t.dealer)} deals`;
    const partner = t.partners.length && names
      ? ` · your partner: ${t.partners.map((s) => seatName(names, s)).join(", ")}` : "";
    const trump = t.trump
      ? ` · trump ${SUITS[t.trump]}, made by team ${t.makers}`
      : ` · naming trump, round ${t.round}`;
    return el("p", {class: "heading", id: "heading"}, `Hand ${t.hand} · ${dealer}${partner}${trump}`);
  }

  function scoreboard(el, t, sideNames) {
    return el("div", {class: "scoreboard", id: "scores"}, t.scores.map((score, side) =>
      el("div", {class: `side${side === t.side ? " mine" : ""}`, "data-side": side},
        el("span", {class: "dot", style: `background:${COLOURS[side % COLOURS.length]}`}),
        el("span", {class: "side-name"}, teamName(t, side, sideNames)),
        el("span", {class: "score", "data-score": score}, String(score)),
        el("span", {class: "taken", "data-taken": t.taken[side] || 0},
          `tricks ${t.taken[side] || 0}`),
        t.makers === side ? el("span", {class: "badge"}, "makers") : null)),
      el("span", {class: "target"}, `game to ${t.target}`));
  }

  // -- the felt ---------------------------------------------------------------------------------

  function callText(call) {
    return call.suit ? `${SUITS[call.suit]}` : "pass";
  }

  function seatRow(el, t, names, seat, hands) {
    const calls = t.calls.filter((c) => c.seat === seat).map(callText);
    const melds = t.melds.filter((m) => m.seat === seat);
    const faceUp = hands ? hands[seat] : null;
    const backs = faceUp ? [] : Array.from({length: t.holding[seat] || 0}, () => null);
    return el("div", {class: "seat", "data-seat": seat},
      el("div", {class: "seat-name"}, seatName(names, seat),
        t.partners.includes(seat) && names ? el("span", {class: "badge partner"}, "partner") : null,
        t.dealer === seat ? el("span", {class: "badge"}, "dealer") : null,
        t.bella === seat ? el("span", {class: "badge bella"}, "bella") : null),
      el("div", {class: "cards small"}, (faceUp || backs).map((c) => card(el, c))),
      calls.length ? el("div", {class: "calls"}, `calls: ${calls.join(", ")}`) : null,
      melds.length ? meldList(el, melds) : null);
  }

  function meldList(el, melds) {
    return el("ul", {class: "melds"}, melds.map((m) => el("li", {"data-rule": m.rule},
      `${m.rule} (${m.points})`, m.cards.length
        ? el("span", {class: "cards tiny"}, m.cards.map((c) => card(el, c))) : " announced")));
  }

  function middle(el, t, names) {
    const trick = el("div", {class: "cards", id: "trick"}, t.trick.map(([seat, code]) =>
      el("div", {class: "played-card", "data-seat": seat}, card(el, code),
        el("div", {class: "who"}, seat === t.seat ? "you" : `seat ${seat}`))));
    const last = t.last_trick;
    return el("div", {class: "middle"},
      el("div", {class: "turn"}, el("div", {class: "label"}, "turn card"),
        t.turn_card ? card(el, t.turn_card, {id: "turn-card"}) : card(el, null)),
      el("div", {class: "trump"}, el("div", {class: "label"}, "trump"),
        el("div", {class: `trump-suit${t.trump === "H" || t.trump === "D" ? " red" : ""}`,
                   id: "trump", "data-trump": t.trump}, t.trump ? SUITS[t.trump] : "?")),
      el("div", {class: "trick"},
        el("div", {class: "label"}, t.trump ? `trick ${t.tricks_played + 1} of 6` : "the trick"),
        trick),
      last ? el("div", {class: "last-trick", id: "last-trick"},
        el("div", {class: "label"}, `trick ${last.number} to ${seatName(names, last.winner)}`),
        el("span", {class: "cards tiny"}, last.cards.map((c) => card(el, c)))) : null);
  }

  function settlement(el, t, names, sideNames) {
    const s = t.settlement;
    if (!s) return null;
    const o = s.outcome || {};
    let verdict = "";
    if (o.kind === "made" || o.kind === "set") {
      const others = o.totals.filter((_, side) => side !== o.makers);
      verdict = `The makers, ${teamName(t, o.makers, sideNames)}, count ${o.totals[o.makers]} `
        + `against ${Math.max(...others)}: ${o.kind === "made" ? "made" : "set — their count is lost"}.`;
    } else if (o.kind === "renege") {
      verdict = `${seatName(names, o.caller)} called a renege: `
        + `${o.proved ? "proved" : "not proved, a false call"} (${o.reason}); `
        + `${teamName(t, o.offender, sideNames)} reneged.`;
    } else if (o.kind === "void") {
      verdict = "Both teams reneged: no score; the same dealer deals again.";
    } else if (o.kind === "dead") {
      verdict = "All passed twice: the hand is dead; the same dealer deals again.";
    }
    return el("div", {class: "settlement", id: "settlement", "data-outcome": o.kind || ""},
      el("h4", {}, `The count, hand ${s.hand}`),
      s.counts.map((c) => el("div", {class: "count", "data-side": c.side},
        el("div", {class: "count-title"}, `${teamName(t, c.side, sideNames)}: `,
          el("strong", {}, String(c.total)), ` (${c.tricks} trick${c.tricks === 1 ? "" : "s"})`),
        el("table", {}, c.lines.map((line) => el("tr", {},
          el("td", {}, line.rule), el("td", {class: "points"}, String(line.points))))))),
      el("p", {class: "verdict"}, verdict),
      s.scored.length ? el("ul", {class: "scored"}, s.scored.map((p) =>
        el("li", {}, `${p.points > 0 ? "+" : ""}${p.points} ${p.rule} to team ${p.side} `
          + `(${p.total})`))) : null);
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
                               title: `${cardText(code)}: a renege — it stands unless called`,
                               onclick: () => ctx.send({type: "play", card: code})});
      }
      return card(el, code, {classes: prompt.kind === "play" ? "unplayable" : ""});
    });
    return el("div", {class: "my-hand"}, el("div", {class: "label"}, "your hand"),
      el("div", {class: "cards", id: "hand"}, cards),
      meldList(el, t.melds.filter((m) => m.seat === t.seat)));
  }

  function renegeButtons(el, prompt, ctx, names) {
    if (!prompt.calls || !prompt.calls.length) return null;
    return el("div", {class: "renege-calls", id: "renege-calls"},
      el("span", {}, "Call a renege on: "),
      prompt.calls.map((call) => el("button", {
        type: "button", class: "renege-call", "data-target": call.target,
        onclick: () => ctx.send({type: "renege", target: call.target})},
      call.card ? `${seatName(names, call.seat)}'s ${cardText(call.card)}`
        : `the naming at event ${call.target}`)));
  }

  function ask(el, t, prompt, ctx, names) {
    const box = el("div", {class: "prompt", id: "prompt", "data-kind": prompt.kind});
    if (prompt.kind === "name") {
      const verb = t.round === 1 ? "Play" : "Name";
      box.append(
        el("span", {}, t.round === 1
          ? `Round 1: take the turn card's suit, ${suitText(t.turn_card[1])}, as trump, or pass.`
          : "Round 2: name another suit as trump, or pass."),
        el("div", {class: "buttons"},
          prompt.suits.map((suit) => el("button", {
            type: "button", class: "primary name-suit", "data-suit": suit,
            onclick: () => ctx.send({type: "name", suit})}, `${verb} ${suitText(suit)}`)),
          el("button", {type: "button", id: "pass", onclick: () => ctx.send({type: "pass"})},
            "Pass")));
    } else if (prompt.kind === "play") {
      box.append(el("span", {}, t.trick.length
        ? "Your turn: play a highlighted card." : "Your lead: play a card."));
      if (prompt.announce) {
        box.append(el("button", {type: "button", id: "announce", class: "primary",
                                 onclick: () => ctx.send({type: "announce"})},
          "Announce your melds"));
      }
      if (prompt.show) {
        box.append(el("button", {type: "button", id: "show", class: "primary",
                                 onclick: () => ctx.send({type: "show"})}, "Show your melds"));
      }
      if (prompt.any.length > prompt.playable.length) {
        box.append(el("span", {class: "hint"},
          "Reneges stand until called: the dimmed-gold cards break a rule of play."));
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
        t.calls.some((c) => c.seat === t.seat) ? el("div", {class: "calls mine"}, "your calls: "
          + t.calls.filter((c) => c.seat === t.seat).map(callText).join(", ")) : null),
      settlement(el, t, names, state.sides)].filter(Boolean));
  }

  function renderReplay(container, t, ctx) {
    const el = ctx.el;
    const seats = [...Array(t.holding.length).keys()];
    const view = {...t, partners: []};
    container.replaceChildren(...[
      heading(el, view, null),
      scoreboard(el, {...t, side: -1}, ctx.sides),
      el("div", {class: "felt"},
        el("div", {class: "opponents"}, seats.map((s) => seatRow(el, view, null, s, t.hands))),
        middle(el, view, null)),
      settlement(el, view, null, ctx.sides)].filter(Boolean));
  }

  function renderCompare(box, compare, ctx) {
    const el = ctx.el;
    const chosen = compare.candidates.find((c) => c.chosen);
    const best = compare.candidates.filter((c) => c.rank === 1).map((c) => c.move);
    const verdict = chosen && chosen.rank === 1
      ? (chosen.tied ? "Your move ties for the coach's best." : "Your move is the coach's best.")
      : `The coach prefers ${best.join(" or ")}; yours ranks ${chosen ? chosen.rank : "?"}`
        + `${chosen && chosen.tied ? " (tied)" : ""} of ${compare.candidates.length}.`;
    box.append(
      el("p", {class: "verdict", id: "verdict"}, verdict),
      el("table", {class: "compare", id: "compare-table"},
        el("tr", {}, el("th", {}, "rank"), el("th", {}, compare.decision),
          el("th", {}, "value"), el("th", {}, "why")),
        compare.candidates.map((c) => el("tr", {class: c.chosen ? "chosen" : ""},
          el("td", {}, `${c.tied ? "=" : ""}${c.rank}`),
          el("td", {}, c.move, c.chosen ? el("span", {class: "badge"}, "your move") : null),
          el("td", {}, c.value.toFixed(2)),
          el("td", {}, c.reasons.map((r) => `${r.name}: ${r.value}`).join("; "))))),
      el("details", {}, el("summary", {}, "about the coach"), el("p", {class: "hint"}, compare.note)),
      el("p", {class: "hint"}, "Asking marks this game \"assist used\"."));
  }

  window.Pegline.registerTable("clabber", {render, renderReplay, renderCompare});
})();
