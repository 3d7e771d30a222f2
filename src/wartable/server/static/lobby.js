// The lobby: start a match (game, mode, options, clock, who sits where), the tables to join or
// watch, and the seats this browser holds. The form survives a visit to a table (Back).

import { api } from "./api.js";
import { h, toast, rememberSeat, copyText, matchLink, seatColour } from "./ui.js";
import { loadChoices, loadLevels, levelElo, signed, optionFields, clockFields, clockConfig, seatCount, MAIN_FIELDS } from "./lobby/pickers.js";
import { ICON, TableList, mySeatsPanel } from "./lobby/lists.js";
import { myName, setMyName, loadLobbyState, saveLobbyState, NAME_MAX } from "./lobby/state.js";

const BLURB = {
  draconia: "Deploy units face down on three lines, then skirmish for the land of Draconia.",
  invasion: "Build your deck, hire defenders and drive back the invaders for glory.",
  skirm: "A duel of cards and dice: reveal, reroll and score your skills.",
  weapons: "Attack with weapons, defend with stronger ones — a skirmish of cards.",
  graxia: "Guardians of Graxia on a hex map.",
};
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

export class Lobby {
  constructor(root) {
    this.root = root;
    this.games = [];
    this.game = null;
    this.config = {};
    this.configs = {}; // each game's options as last set, so a tab switch loses nothing
    this.seats = [];
    this.clock = { kind: "none", on_timeout: "lose" };
    this.created = null;
    this.tableName = "";
    this.cat = {};
    this.list = new TableList((id, seat, game) => this.joinSeat(id, seat, game));
  }

  async start() {
    this.root.replaceChildren(h("div", { class: "loading" }, "Opening the war room…"));
    try {
      [this.games, this.cat, this.levels] = await Promise.all([api.games(), loadChoices(), loadLevels()]);
    } catch (err) {
      this.root.replaceChildren(h("div", { class: "panel error-panel" }, `The server did not answer: ${err.message}`));
      return;
    }
    const kept = loadLobbyState();
    const game = kept && this.games.find((g) => g.id === kept.game);
    if (game) {
      this.configs = kept.configs || {};
      this.clock = kept.clock || this.clock;
      this.created = kept.created || null;
      this.tableName = kept.tableName || "";
      this.game = game;
      this.config = { ...defaults(game), ...(this.configs[game.id] || {}) };
      this.seats = Array.isArray(kept.seats) ? kept.seats : [];
      this.resetSeats();
      this.render();
    } else {
      this.pick(this.games[0].id);
    }
    this.timer = setInterval(() => this.list.refresh(), 4000);
  }

  stop() {
    clearInterval(this.timer);
    this.save();
  }

  save() {
    if (!this.game) return;
    this.configs[this.game.id] = this.config;
    saveLobbyState({ game: this.game.id, configs: this.configs, seats: this.seats, clock: this.clock, created: this.created, tableName: this.tableName });
  }

  pick(id) {
    if (this.game) this.configs[this.game.id] = this.config;
    this.game = this.games.find((g) => g.id === id);
    this.config = { ...defaults(this.game), ...(this.configs[id] || {}) };
    this.seats = [];
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
    if (k === "mode" && this.game.id === "draconia" && v === "teams") this.config.players = 4;
    if (k === "settlement_mode" && !v) this.config.settlements = [];
    if (k === "draft" && v) this.config.decks = [];
    this.resetSeats();
    this.render();
  }

  // the config sent: options the person changed (that apply) and the clock
  configBody() {
    const config = {};
    const d = defaults(this.game);
    const shown = optionFields(this.game, this.config, this.cat, () => {});
    for (const [k, v] of Object.entries(this.config)) {
      if (!(k in shown) && k !== "players") continue; // hidden: it does not apply to this mode
      if (JSON.stringify(v) !== JSON.stringify(d[k])) config[k] = v;
    }
    // per-seat lists never name more seats than the table has
    const n = seatCount(this.game, this.config);
    for (const k of ["factions", "settlements", "decks"]) if (Array.isArray(config[k])) config[k] = config[k].slice(0, n);
    return { ...config, ...clockConfig(this.clock) };
  }

  async create() {
    const name = myName();
    // a seat "open to anyone" is listed in Tables for a stranger to join; a person's other seats
    // stay reserved for whoever holds their invite link
    const seats = this.seats.map((s, i) => (s.kind === "bot" ? { kind: "bot", agent: s.agent } : { kind: "human", ...(s.open ? { open: true } : {}), ...(i === 0 && name ? { name } : {}) }));
    const spec = { game: this.game.id, config: this.configBody(), seats };
    if (this.tableName.trim()) spec.name = this.tableName.trim();
    try {
      const res = await api.create(spec);
      this.created = { ...res, game: this.game.id };
      const made = res.seats || [];
      if (made.length) rememberSeat({ id: res.id, seat: made[0].seat, token: made[0].token, game: this.game.id });
      this.save();
      if (made.length === 1) {
        location.hash = `#/m/${res.id}?seat=${made[0].seat}&token=${encodeURIComponent(made[0].token)}`;
        return;
      }
      this.render();
      // the links appear below the button: bring them to where the person is looking
      const box = this.root.querySelector("#created");
      if (box) {
        box.scrollIntoView({ block: "center" });
        const first = box.querySelector("a, button");
        if (first) first.focus({ preventScroll: true });
      }
    } catch (err) {
      toast(err.message, "error");
      const box = this.root.querySelector("#create-error");
      if (box) box.textContent = err.message;
    }
  }

  async joinSeat(id, seat, game) {
    try {
      const res = await api.join(id, seat, myName() || undefined);
      rememberSeat({ id, seat: res.seat, token: res.token, game });
      location.hash = `#/m/${id}?seat=${res.seat}&token=${encodeURIComponent(res.token)}`;
    } catch (err) {
      toast(err.message, "error");
    }
  }

  nameField() {
    const input = h("input", { id: "my-name", type: "text", maxlength: NAME_MAX, value: myName(), autocomplete: "nickname", placeholder: "shown to the others at the table" });
    const note = h("small", { class: "muted", id: "my-name-note" }, "Kept in this browser; sent when you start or join a table.");
    input.addEventListener("change", () => {
      input.value = setMyName(input.value);
      note.textContent = input.value ? `You are “${input.value}” at the tables you start or join.` : "No name: the others see “Player N”.";
    });
    return h("div", { class: "field name-field" }, h("label", { for: "my-name" }, "Your name"), input, note);
  }

  render() {
    const g = this.game;
    const tabs = h("nav", { class: "game-tabs", "aria-label": "games" }, this.games.map((x) =>
      h("button", { type: "button", class: `game-tab${x.id === g.id ? " active" : ""}`, "data-game-id": x.id, "aria-pressed": x.id === g.id ? "true" : "false", onclick: () => this.pick(x.id) },
        h("span", { class: "game-icon" }, ICON[x.id] || "♟"), h("span", {}, x.title))));
    const fields = optionFields(g, this.config, this.cat, (k, v) => this.setConfig(k, v));
    const main = Object.keys(fields).filter((k) => MAIN_FIELDS.includes(k));
    const more = Object.keys(fields).filter((k) => !MAIN_FIELDS.includes(k));
    const seatRows = this.seats.map((s, i) => h("div", { class: "seat-row", style: { borderLeftColor: seatColour(i) } },
      h("span", { class: "seat-name" }, i === 0 ? `Seat 1 (${myName() || "you"})` : `Seat ${i + 1}`),
      h("select", { "aria-label": `seat ${i + 1}`, "data-seat-kind": i, onchange: (e) => {
        const v = e.target.value;
        this.seats[i] = v === "human" ? { kind: "human" } : v === "open" ? { kind: "human", open: true } : { kind: "bot", agent: v };
        this.render();
      } },
      h("option", { value: "human", selected: s.kind === "human" && !s.open }, i === 0 ? "You" : "Person (invite link)"),
      i > 0 ? h("option", { value: "open", selected: s.kind === "human" && !!s.open }, "Person — open to anyone") : null,
      LEVELS.filter(([a]) => (g.agents || []).includes(a)).map(([a, t]) => {
        const r = this.elo(a);
        return h("option", { value: a, selected: s.kind === "bot" && s.agent === a }, `Bot — ${t}${r ? ` · Elo ${signed(r.elo)}` : ""}`);
      })), s.kind === "bot" ? this.eloNote(s.agent) : null));
    const tableName = h("input", { id: "match-name", type: "text", maxlength: 60, value: this.tableName });
    tableName.addEventListener("input", () => { this.tableName = tableName.value; this.save(); });
    const create = h("section", { class: "panel create" },
      h("h2", {}, `${ICON[g.id] || ""} ${g.title}`),
      h("p", { class: "muted" }, BLURB[g.id] || ""),
      h("div", { class: "fields" }, main.map((k) => fields[k])),
      more.length ? h("details", { class: "more" }, h("summary", {}, "More options"), h("div", { class: "fields" }, more.map((k) => fields[k]))) : null,
      h("h3", {}, "Clock"),
      clockFields(this.clock, (c) => { this.clock = c; this.render(); }),
      h("h3", {}, "Who sits at the table"),
      h("div", { class: "seats" }, seatRows),
      h("div", { class: "field" }, h("label", { for: "match-name" }, "Table name (optional)"), tableName),
      h("button", { class: "btn primary big", type: "button", id: "create", onclick: () => this.create() }, "Start the match"),
      h("p", { class: "error", id: "create-error", role: "alert" }),
      this.created ? this.createdBox() : null);
    this.root.replaceChildren(
      h("header", { class: "lobby-head" }, h("h1", {}, "⚔ wartable"), h("p", {}, "A war table for five battle games — play bots or friends."), this.nameField()),
      tabs,
      h("div", { class: "lobby-grid" }, create, h("div", { class: "lobby-side" }, mySeatsPanel(() => this.render()), this.list.el)),
    );
    this.save();
    this.list.refresh();
  }

  // the level's rating in this game's round robin (null: not measured for this table)
  elo(agent) {
    return levelElo(this.levels, this.game.id, this.config, this.seats.length, agent);
  }

  eloNote(agent) {
    const r = this.elo(agent);
    if (!r) return null;
    return h("small", { class: "level-elo", "data-level-elo": agent },
      `Elo ${signed(r.elo)} (95%: ${signed(r.low)} to ${signed(r.high)}), from ${r.games} game${r.games === 1 ? "" : "s"} against the other levels and the heuristic`);
  }

  createdBox() {
    const c = this.created;
    return h("div", { class: "created", id: "created", tabindex: "-1" },
      h("h3", {}, `${ICON[c.game] || ""} Match created — invite links`),
      h("p", { class: "muted" }, "Send each person their seat's link; yours opens your seat."),
      (c.seats || []).map((s, i) => {
        const link = s.url ? new URL(s.url, location.origin).href : matchLink(c.id, s.seat, s.token);
        return h("div", { class: "invite-row", style: { borderLeftColor: seatColour(s.seat) } },
          h("span", {}, `Seat ${s.seat + 1}${i === 0 ? " (you)" : s.open ? " (open to anyone)" : ""}`),
          i === 0 ? h("a", { class: "btn small primary", href: `#/m/${c.id}?seat=${s.seat}&token=${encodeURIComponent(s.token)}`, "data-open-seat": s.seat }, "Take your seat")
            : h("a", { class: "btn small", href: `#/m/${c.id}?seat=${s.seat}&token=${encodeURIComponent(s.token)}`, "data-open-seat": s.seat, target: "_blank" }, "Open"),
          h("button", { class: "btn small", type: "button", "data-copy": s.seat, onclick: () => copyText(link) }, "Copy link"));
      }),
      h("button", { class: "btn small ghost", type: "button", onclick: () => { this.created = null; this.render(); } }, "Done"));
  }
}
