// The lobby: start a match (game, mode, options, who sits where), open tables to join or
// watch, and the seats this browser holds.

import { api } from "./api.js";
import { h, titleCase, toast, mySeats, rememberSeat, forgetSeat, copyText, matchLink, seatColour } from "./ui.js";

const BLURB = {
  draconia: "Deploy units face down on three lines, then skirmish for the land of Draconia.",
  invasion: "Build your deck, hire defenders and drive back the invaders for glory.",
  skirm: "A duel of cards and dice: reveal, reroll and score your skills.",
  weapons: "Attack with weapons, defend with stronger ones — a skirmish of cards.",
  graxia: "Guardians of Graxia on a hex map.",
};
const ICON = { draconia: "⚜", invasion: "☠", skirm: "⚅", weapons: "⚔", graxia: "⬢" };
const LEVELS = [
  ["easy", "Easy"],
  ["normal", "Normal"],
  ["hard", "Hard"],
  ["heuristic", "Quick (heuristic)"],
  ["random", "Random"],
];

function defaults(game) {
  const out = {};
  for (const [k, f] of Object.entries(game.config_fields || {})) out[k] = f.default;
  return out;
}

function seatCount(game, config) {
  if (typeof config.players === "number") return config.players;
  if (game.id === "graxia") return String(config.scenario || "").startsWith("solo") ? 1 : 2; // §9.2 solo: the person alone
  return game.min_players;
}

function field(name, f, value, onChange) {
  const id = `cfg-${name}`;
  const label = h("label", { for: id, title: f.description || "" }, titleCase(name));
  let input;
  const type = String(f.type || "");
  if (f.allowed) {
    input = h("select", { id }, f.allowed.map((a) => h("option", { value: JSON.stringify(a), selected: JSON.stringify(a) === JSON.stringify(value) }, titleCase(a))));
    input.addEventListener("change", () => onChange(JSON.parse(input.value)));
  } else if (type === "boolean") {
    input = h("input", { id, type: "checkbox", checked: !!value });
    input.addEventListener("change", () => onChange(input.checked));
  } else if (type === "integer") {
    input = h("input", { id, type: "number", value: value ?? "", min: f.minimum, max: f.maximum });
    input.addEventListener("change", () => onChange(input.value === "" ? f.default : Number(input.value)));
  } else if (type.includes("null") && type.includes("integer")) {
    input = h("input", { id, type: "number", value: value ?? "", placeholder: "random" });
    input.addEventListener("change", () => onChange(input.value === "" ? null : Number(input.value)));
  } else {
    input = h("input", { id, type: "text", value: value == null ? "" : typeof value === "string" ? value : JSON.stringify(value) });
    input.addEventListener("change", () => {
      const raw = input.value.trim();
      if (raw === "") return onChange(f.default);
      try {
        onChange(type.includes("array") || type.includes("object") ? JSON.parse(raw) : raw);
      } catch {
        onChange(raw);
      }
    });
  }
  return h("div", { class: "field" }, label, input, f.description ? h("small", {}, f.description) : null);
}

export class Lobby {
  constructor(root) {
    this.root = root;
    this.games = [];
    this.game = null;
    this.config = {};
    this.seats = [];
    this.created = null;
  }

  async start() {
    this.root.replaceChildren(h("div", { class: "loading" }, "Opening the war room…"));
    try {
      this.games = await api.games();
    } catch (err) {
      this.root.replaceChildren(h("div", { class: "panel error-panel" }, `The server did not answer: ${err.message}`));
      return;
    }
    this.pick(this.games[0].id);
    this.refreshMatches();
    this.timer = setInterval(() => this.refreshMatches(), 4000);
  }

  stop() {
    clearInterval(this.timer);
  }

  pick(id) {
    this.game = this.games.find((g) => g.id === id);
    this.config = defaults(this.game);
    // a quick, sensible table: Invasion's 2-player mode, everything else as its defaults
    this.resetSeats();
    this.render();
  }

  resetSeats() {
    const n = seatCount(this.game, this.config);
    const old = this.seats;
    this.seats = Array.from({ length: n }, (_, i) => old[i] || (i === 0 ? { kind: "human" } : { kind: "bot", agent: this.defaultAgent() }));
  }

  defaultAgent() {
    const agents = this.game.agents || [];
    return agents.includes("normal") ? "normal" : agents.includes("heuristic") ? "heuristic" : agents[0] || "random";
  }

  setConfig(k, v) {
    this.config[k] = v;
    if (k === "mode" && this.game.id === "invasion") {
      const want = { solo: 1, two_player: 2, team: 4, basic: 3 }[v];
      if (want) this.config.players = want;
    }
    this.resetSeats();
    this.render();
  }

  async create() {
    const config = {};
    const d = defaults(this.game);
    for (const [k, v] of Object.entries(this.config)) if (JSON.stringify(v) !== JSON.stringify(d[k])) config[k] = v;
    // a seat "open to anyone" is listed in Tables for a stranger to join; a person's other seats
    // stay reserved for whoever holds their invite link
    const spec = { game: this.game.id, config, seats: this.seats.map((s) => (s.kind === "bot" ? { kind: "bot", agent: s.agent } : s.open ? { kind: "human", open: true } : { kind: "human" })) };
    const name = this.root.querySelector("#match-name");
    if (name && name.value.trim()) spec.name = name.value.trim();
    try {
      const res = await api.create(spec);
      this.created = { ...res, game: this.game.id };
      const seats = res.seats || [];
      seats.forEach((s, i) => {
        if (i === 0) rememberSeat({ id: res.id, seat: s.seat, token: s.token, game: this.game.id });
      });
      if (seats.length === 1) {
        location.hash = `#/m/${res.id}?seat=${seats[0].seat}&token=${encodeURIComponent(seats[0].token)}`;
        return;
      }
      this.render();
      this.refreshMatches();
    } catch (err) {
      toast(err.message, "error");
    }
  }

  async joinSeat(id, seat, game) {
    try {
      const res = await api.join(id, seat);
      rememberSeat({ id, seat: res.seat, token: res.token, game });
      location.hash = `#/m/${id}?seat=${res.seat}&token=${encodeURIComponent(res.token)}`;
    } catch (err) {
      toast(err.message, "error");
    }
  }

  async refreshMatches() {
    let list = [];
    try {
      const res = await api.matches();
      list = Array.isArray(res) ? res : res.matches || [];
    } catch {
      list = [];
    }
    const box = this.root.querySelector("#open-matches");
    if (!box) return;
    box.replaceChildren(...(list.length ? list.map((m) => this.matchRow(m)) : [h("p", { class: "muted" }, "No tables yet. Start one!")]));
  }

  matchRow(m) {
    const seats = m.seats || [];
    // only seats their creator opened are joinable: the others are kept for their invite links
    const free = (m.free_seats || seats.filter((s) => s.kind === "human" && s.open && !s.claimed).map((s) => s.seat)).map((seat) => ({ seat }));
    const over = !!m.outcome || ["finished", "timed_out", "expired", "over"].includes(m.status);
    const mine = mySeats().find((e) => e.id === m.id);
    return h("div", { class: "match-row" },
      h("span", { class: "game-icon" }, ICON[m.game] || "♟"),
      h("div", { class: "match-info" },
        h("strong", {}, m.name || `${titleCase(m.game)} #${String(m.id).slice(0, 6)}`),
        h("div", { class: "seat-dots" }, seats.map((s) => h("span", { class: `dot ${s.kind}${s.claimed ? " taken" : ""}`, style: { background: seatColour(s.seat) }, title: `Seat ${s.seat + 1}: ${s.kind === "bot" ? `bot ${s.agent || ""}` : s.claimed ? "taken" : s.open ? "free" : "reserved"}` }))),
        h("small", { class: "muted" }, over ? "finished" : m.status || `move ${m.version ?? 0}`)),
      h("div", { class: "match-buttons" },
        mine ? h("a", { class: "btn primary small", href: `#/m/${m.id}?seat=${mine.seat}&token=${encodeURIComponent(mine.token)}` }, "Resume") : null,
        !over && !mine ? free.slice(0, 1).map((s) => h("button", { class: "btn primary small", type: "button", "data-join": m.id, onclick: () => this.joinSeat(m.id, s.seat, m.game) }, "Join")) : null,
        h("a", { class: "btn small", href: over ? `#/r/${m.id}` : `#/m/${m.id}` }, over ? "Replay" : "Watch")));
  }

  render() {
    const g = this.game;
    const tabs = h("nav", { class: "game-tabs", "aria-label": "games" }, this.games.map((x) =>
      h("button", { type: "button", class: `game-tab${x.id === g.id ? " active" : ""}`, "data-game-id": x.id, "aria-pressed": x.id === g.id ? "true" : "false", onclick: () => this.pick(x.id) },
        h("span", { class: "game-icon" }, ICON[x.id] || "♟"), h("span", {}, x.title))));
    const fields = Object.entries(g.config_fields || {}).filter(([k]) => k !== "data_dir");
    const main = fields.filter(([k]) => ["players", "mode", "variant", "battle_stage", "solo_difficulty", "scenario"].includes(k));
    const more = fields.filter(([k]) => !main.some(([m]) => m === k));
    const seatRows = this.seats.map((s, i) => h("div", { class: "seat-row", style: { borderLeftColor: seatColour(i) } },
      h("span", { class: "seat-name" }, `Seat ${i + 1}`),
      h("select", { "aria-label": `seat ${i + 1}`, "data-seat-kind": i, onchange: (e) => {
        const v = e.target.value;
        this.seats[i] = v === "human" ? { kind: "human" } : v === "open" ? { kind: "human", open: true } : { kind: "bot", agent: v };
        this.render();
      } },
      h("option", { value: "human", selected: s.kind === "human" && !s.open }, "Person (invite link)"),
      i > 0 ? h("option", { value: "open", selected: s.kind === "human" && !!s.open }, "Person — open to anyone") : null,
      LEVELS.filter(([a]) => (g.agents || []).includes(a)).map(([a, t]) => h("option", { value: a, selected: s.kind === "bot" && s.agent === a }, `Bot — ${t}`)))));
    const create = h("section", { class: "panel create" },
      h("h2", {}, `${ICON[g.id] || ""} ${g.title}`),
      h("p", { class: "muted" }, BLURB[g.id] || ""),
      h("div", { class: "fields" }, main.map(([k, f]) => field(k, f, this.config[k], (v) => this.setConfig(k, v)))),
      h("details", { class: "more" }, h("summary", {}, "More options"),
        h("div", { class: "fields" }, more.map(([k, f]) => field(k, f, this.config[k], (v) => this.setConfig(k, v))))),
      h("h3", {}, "Who sits at the table"),
      h("div", { class: "seats" }, seatRows),
      h("div", { class: "field" }, h("label", { for: "match-name" }, "Table name (optional)"), h("input", { id: "match-name", type: "text", maxlength: 60 })),
      h("button", { class: "btn primary big", type: "button", id: "create", onclick: () => this.create() }, "Start the match"),
      this.created ? this.createdBox() : null);
    const mine = mySeats();
    const resume = h("section", { class: "panel" }, h("h2", {}, "Your seats"),
      mine.length ? h("div", { class: "my-seats" }, mine.slice(0, 12).map((e) => h("div", { class: "match-row" },
        h("span", { class: "game-icon" }, ICON[e.game] || "♟"),
        h("div", { class: "match-info" }, h("strong", {}, `${titleCase(e.game || "match")} — seat ${e.seat + 1}`), h("small", { class: "muted" }, e.over ? "finished" : "in play")),
        h("div", { class: "match-buttons" },
          h("a", { class: "btn small primary", href: `#/m/${e.id}?seat=${e.seat}&token=${encodeURIComponent(e.token)}`, "data-resume": e.id }, e.over ? "Open" : "Resume"),
          h("button", { class: "btn small ghost", type: "button", title: "forget this seat", onclick: () => { forgetSeat(e.id, e.seat); this.render(); } }, "✕")))))
        : h("p", { class: "muted" }, "Seats you take are kept in this browser."));
    const open = h("section", { class: "panel" }, h("h2", {}, "Tables"), h("div", { id: "open-matches" }, h("p", { class: "muted" }, "Loading…")));
    this.root.replaceChildren(
      h("header", { class: "lobby-head" }, h("h1", {}, "⚔ wartable"), h("p", {}, "A war table for five battle games — play bots or friends.")),
      tabs,
      h("div", { class: "lobby-grid" }, create, h("div", { class: "lobby-side" }, resume, open)),
    );
    this.refreshMatches();
  }

  createdBox() {
    const c = this.created;
    return h("div", { class: "created" }, h("h3", {}, "Match created — invite links"),
      (c.seats || []).map((s, i) => {
        const link = s.url ? new URL(s.url, location.origin).href : matchLink(c.id, s.seat, s.token);
        return h("div", { class: "invite-row", style: { borderLeftColor: seatColour(s.seat) } },
          h("span", {}, `Seat ${s.seat + 1}${i === 0 ? " (you)" : s.open ? " (open to anyone)" : ""}`),
          i === 0 ? h("a", { class: "btn small primary", href: `#/m/${c.id}?seat=${s.seat}&token=${encodeURIComponent(s.token)}`, "data-open-seat": s.seat }, "Take your seat")
            : h("a", { class: "btn small", href: `#/m/${c.id}?seat=${s.seat}&token=${encodeURIComponent(s.token)}`, "data-open-seat": s.seat, target: "_blank" }, "Open"),
          h("button", { class: "btn small", type: "button", "data-copy": s.seat, onclick: () => copyText(link) }, "Copy link"));
      }));
  }
}
