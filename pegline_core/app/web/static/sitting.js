// At a table (/t/ID?seat=TOKEN): the name asked once where other people play, the links for the
// creator to send, live updates over the table's socket (polling while it is down), "waiting
// for ..." for a person who is not there (and, for the creator, a button to give their seat to a
// bot once the table's time has passed). Moves go with the number of events this seat has seen,
// so a double click or a retry is applied once; the coach, abandoning (where no other person
// plays) and the record go with the seat's token too. A spectator (/t/ID?watch=TOKEN) sees the
// public table. Loaded after app.js.
"use strict";

(() => {
  const P = window.Pegline;
  const $ = (id) => document.getElementById(id);
  const found = window.location.pathname.match(/^\/t\/([\w-]+)$/);
  if (!found) return;
  const id = found[1];
  const query = new URLSearchParams(window.location.search);
  const watching = !query.get("seat") && Boolean(query.get("watch"));
  const token = query.get("seat") || query.get("watch") || "";
  let received = Date.now();
  let events = [];
  let next = 0;
  let last = null;
  let socket = null;
  let polling = null;
  let drawing = Promise.resolve();

  async function call(method, path, body, bearer = token) {
    const init = {method, headers: {authorization: `Bearer ${bearer}`, "x-pegline-lang": P.lang}};
    if (body !== undefined) {
      init.headers["content-type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await P.reach(path, init);
    const data = await response.json().catch(() => ({error: response.statusText}));
    if (response.status === 409 && data.state) {  // the table moved on: here it is now
      P.showError(data.error);
      return data.state;
    }
    if (!response.ok) {
      P.showError(data.error || response.statusText);
      throw new Error(data.error || response.statusText);
    }
    P.showError("");
    return data;
  }

  // A state holds the events since `since`; the page keeps them all, in order.
  function merge(state) {
    if (state.since > events.length) return null;
    events = events.slice(0, state.since).concat(state.events);
    next = state.next;
    last = {...state, events};
    return last;
  }

  // Draws go one after another, in the order the states came.
  function queue(work) {
    drawing = drawing.then(work).catch((error) => P.showError(String(error.message || error)));
    return drawing;
  }

  async function shown(whole, fresh) {
    await P.render(whole, {fresh});
    received = Date.now();
    people(whole);
    if (!folded && whole.seats.every((s) => s.taken)) {
      $("invites").open = false;
      folded = true;
    }
    P.show("play");
  }

  async function whole() {
    events = [];
    await shown(merge(await call("GET", `/api/tables/${id}?since=0`)), true);
  }

  // A state that changes nothing drawn (a socket's first line, a poll while nothing moved) only
  // says who is at the table: the table is not drawn again under the player's pointer.
  function unchanged(state) {
    if (!last || state.events.length || state.since !== next) return false;
    const drawn = ({events, since, seats, ...rest}) => JSON.stringify(rest);
    return drawn(state) === drawn(last);
  }

  // A seat's new name is in the lines to come and in those already shown: then the whole log.
  function draw(state) {
    return queue(async () => {
      if (unchanged(state)) {
        last = {...last, seats: state.seats};
        received = Date.now();
        people(last);
        return;
      }
      const renamed = last && JSON.stringify(state.names) !== JSON.stringify(last.names);
      const merged = renamed ? null : merge(state);
      await (merged ? shown(merged, false) : whole());
    });
  }

  // The whole table again, from its first event (the page's language changed).
  function redraw() {
    return queue(whole);
  }

  function mine() {
    let kept = [];
    try { kept = JSON.parse(window.localStorage.getItem("pegline-tables") || "[]"); } catch { kept = []; }
    return kept.find((t) => t.id === id) || null;
  }

  // Who is away; for the creator, once a seat's person has been away the table's time, a button
  // that gives the seat to a bot.
  function people(state) {
    if (!state) return;
    const away = state.seats.filter((s) => s.kind === "person" && !s.present);
    const host = (mine() || {}).host;
    const after = state.hand_over_after;
    const gone = (Date.now() - received) / 1000;
    const offered = (s) => host && after !== null && s.away + gone >= after;
    const box = $("people-status");
    box.hidden = !away.length || state.over;
    // Redrawn only when what it says changes, so a button is never swapped under a click.
    const says = JSON.stringify([P.lang, away.map((s) => [s.seat, s.name, offered(s)])]);
    if (box.dataset.says === says) return;
    box.dataset.says = says;
    box.replaceChildren(...away.map((s) => P.el("span", {class: "away", "data-seat": s.seat},
      P._("waiting for {name}", {name: s.name}), " ",
      offered(s)
        ? P.el("button", {type: "button", class: "hand-over", "data-seat": s.seat,
                          onclick: P.quietly(() => call("POST", `/api/tables/${id}/hand-over`,
                                                         {seat: s.seat}, host))},
          P._("let a bot play seat {n}", {n: s.seat})) : null, " ")));
  }


  // The table's live line. It speaks the language it was opened in, so a new language opens a
  // new one (`reconnect`); a line replaced so is let go quietly.
  let retry = null;

  function connect() {
    window.clearTimeout(retry);
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const query = `${watching ? "watch" : "seat"}=${encodeURIComponent(token)}&since=${next}&lang=${P.lang}`;
    const line = new WebSocket(`${scheme}://${window.location.host}/api/tables/${id}/socket?${query}`);
    socket = line;
    line.addEventListener("message", (message) => {
      if (line !== socket) return;
      const data = JSON.parse(message.data);
      if (data.state) draw(data.state);
      else if (data.error) P.showError(data.error);
    });
    line.addEventListener("open", () => {
      if (line !== socket) return;
      window.clearInterval(polling);
      polling = null;
    });
    line.addEventListener("close", () => {
      if (line !== socket) return;
      socket = null;
      if (!polling) {  // the plain fallback: ask every second until a socket opens again
        polling = window.setInterval(() => {
          call("GET", `/api/tables/${id}?since=${next}`).then(draw, () => {});
        }, 1000);
      }
      retry = window.setTimeout(connect, 3000);
    });
  }

  function reconnect() {
    const old = socket;
    connect();
    if (old) old.close();
  }

  // The creator's links to send, each whole in view; folded once every seat is taken (a click
  // opens them again).
  let folded = false;

  function invitations() {
    const table = mine();
    const box = $("invites");
    if (watching || !table || (table.seats.length < 2 && !table.watch)) { box.hidden = true; return; }
    const line = (label, link, attrs) => P.el("li", {}, P.el("span", {}, label),
      P.el("input", {type: "text", readonly: true, value: `${window.location.origin}${link}`,
                     ...attrs}));
    box.replaceChildren(P.el("summary", {}, P._("Send each person their seat's link:")),
      P.el("ul", {}, table.seats.slice(1).map((s) => line(P._("seat {n}", {n: s.seat}), s.link,
        {class: "seat-link", "data-seat": s.seat})),
      table.watch ? line(P._("spectators"), table.watch.link, {class: "watch-link"}) : null));
    box.hidden = false;
  }

  // The name this browser sits down with, if it has one, sent before the table is first drawn
  // (so it is drawn with it): whether the seat has its name.
  async function sitWithSavedName() {
    const named = `pegline-named-${id}`;
    if (window.localStorage.getItem(named)) return true;
    const saved = window.localStorage.getItem("pegline-name");
    if (!saved) return false;
    await call("POST", `/api/tables/${id}/name`, {name: saved});
    window.localStorage.setItem(named, "1");
    return true;
  }

  // A name asked once, where other people play.
  async function askName() {
    const named = `pegline-named-${id}`;
    const form = $("name-ask");
    form.hidden = false;
    await new Promise((resolve) => {
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        const name = $("name-field").value.trim();
        if (!name) return;
        call("POST", `/api/tables/${id}/name`, {name}).then(() => {
          window.localStorage.setItem("pegline-name", name);
          window.localStorage.setItem(named, "1");
          form.hidden = true;
          resolve();
        }, () => {});
      });
    });
  }

  document.addEventListener("DOMContentLoaded", () => {
    const play = $("play");
    play.prepend(P.el("p", {id: "people-status", class: "hint", hidden: true}));
    play.prepend(P.el("details", {id: "invites", hidden: true, open: true}));
    play.prepend(P.el("form", {id: "name-ask", hidden: true},  // data-i18n: in the page's language
      P.el("label", {}, P.el("span", {"data-i18n": "Your name at this table"},
        P._("Your name at this table")), " ",
        P.el("input", {id: "name-field", type: "text", maxlength: 40})), " ",
      P.el("button", {type: "submit", id: "sit-down", "data-i18n": "Sit down"}, P._("Sit down"))));
    $("setup").hidden = true;
    $("nav-new").addEventListener("click", () => { window.location.href = "/"; });
    P.seat = {
      move: async (move) => merge(await call("POST", `/api/tables/${id}/moves`,
        {expect: next, move})) || last,
      compare: async () => {
        const answer = await call("POST", `/api/tables/${id}/compare`);
        return {...answer, state: merge(answer.state) || last};
      },
      abandon: async () => merge(await call("POST", `/api/tables/${id}/abandon`)) || last,
      recordLink: `/api/tables/${id}/record?format=toml&seat=${encodeURIComponent(token)}`,
    };
    P.reloader = () => {
      invitations();
      if (socket || retry !== null) reconnect();  // not before the first line was opened
      return redraw();
    };
  });

  document.addEventListener("pegline:ready", P.quietly(async () => {
    if (watching) {
      for (const button of ["abandon", "compare", "download", "replay-this"]) $(button).hidden = true;
    }
    invitations();
    const named = !watching && await sitWithSavedName();
    await draw(await call("GET", `/api/tables/${id}`));
    const seats = last ? last.seats : [];
    const others = seats.filter((s) => s.kind === "person" && s.seat !== last.seat);
    $("abandon").hidden = watching || others.length > 0;  // a game others play goes on
    window.setInterval(() => people(last), 5000);  // the creator's buttons come when time is up
    if (!watching && !named && others.length) await askName();
    connect();
  }));
})();
