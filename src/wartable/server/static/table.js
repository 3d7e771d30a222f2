// The table: one match seen from one seat (or as a spectator). The game's own view module
// draws the board; this shell draws whose turn it is, the choice tray, the list of every
// legal move, the event log and the end of the game.

import { api, Live } from "./api.js";
import { h, inkOn, seatColour, toast, rememberSeat, copyText, titleCase, youGrammar } from "./ui.js";
import { loadView, loadCatalogue } from "./views.js";
import { CardDetail, HelpDialog, focusableCards, genericCardDetail } from "./panels.js";
import { ChatPanel } from "./chat.js";
import { SeatClocks } from "./clock.js";
import { turnChanged, settingsPanel, settings, confirmMove } from "./notify.js";
import { myName } from "./lobby/state.js";

export function seatLabel(view, seat, mine) {
  if (seat === mine) return "You";
  const s = (view.seats || []).find((x) => x.seat === seat);
  if (s && s.kind === "bot") return `Bot ${seat + 1}` + (s.agent ? ` (${String(s.agent).split(":")[0]})` : "");
  if (s && s.name) return s.name;
  return `Player ${seat + 1}`;
}

export function outcomeText(outcome, mine, view) {
  if (!outcome) return "";
  const w = outcome.winners || [];
  if (!w.length) return mine != null && (view && view.seats || []).length === 1 ? "You lose" : "Draw"; // one seat: no winner is a loss
  if (mine != null && w.includes(mine)) return w.length > 1 ? "Shared victory — you win!" : "You win!";
  return `${w.map((s) => seatLabel(view, s, mine)).join(" and ")} win${w.length > 1 ? "" : "s"}`;
}

export class Table {
  constructor(root, { id, seat, token, game }) {
    this.root = root;
    this.id = id;
    this.seat = seat == null ? null : Number(seat);
    this.token = token || null;
    this.game = game || null;
    this.view = null;
    this.module = null;
    this.catalogue = null;
    this.selected = null;
    this.busy = null; // { version } of the action waiting for the server's answer
    this.log = [];
    this.lastEvents = [];
    this.seenVersion = -1;
    this.conn = "connecting";
    this.briefingOpen = true; // open at the first view, then as the person leaves it
    this.allMovesOpen = false;
    this.logBox = h("ol", { id: "log", class: "log", "aria-label": "what happened", tabindex: "0" });
    this.logShown = 0; // log entries already in logBox: the log grows, it is never redrawn
    this.logPinned = true; // follow the newest entry until the person scrolls up to read
    this.logBox.addEventListener("scroll", () => {
      this.logPinned = this.logBox.scrollTop + this.logBox.clientHeight >= this.logBox.scrollHeight - 8;
      this.newest.hidden = this.logPinned;
    });
    this.newest = h("button", { class: "btn small newest", type: "button", hidden: true, onclick: () => this.scrollLog(true) }, "↓ Newest");
    this.detail = new CardDetail((name) => this.cardDetail(name));
    this.chat = new ChatPanel(id, this.token, this.seat);
    this.clocks = new SeatClocks();
    this.settingsEl = settingsPanel();
  }

  async start() {
    this.root.replaceChildren(h("div", { class: "loading" }, "Setting up the table…"));
    // the match's catalogue comes while the first view does
    this.cataloguePromise = loadCatalogue(this.id, this.game);
    this.help = new HelpDialog();
    this.detail.wire(this.root);
    this.live = new Live(this.id, this.token, (v) => this.onView(v), (s, err) => this.onConn(s, err));
    this.live.onChat = (m) => this.chat.add(m);
    this.live.start();
    this.chat.load();
    this.keys = (e) => {
      if (e.key === "Escape" && this.detail.name && !(this.help && this.help.el.open)) {
        this.detail.close();
        return;
      }
      if (e.key === "Escape" && this.selected) {
        this.selected = null;
        this.noDefault = true;
        this.render();
      }
    };
    document.addEventListener("keydown", this.keys);
  }

  stop() {
    if (this.live) this.live.close();
    if (this.keys) document.removeEventListener("keydown", this.keys);
    if (this.help) this.help.remove();
    this.detail.unwire();
    this.clocks.stop();
    document.title = "wartable";
  }

  onConn(state, err) {
    if (state === "error" && err) {
      // only the server's refusal (no such match, not this token) closes the table; a failure on
      // the way (no answer, 5xx, 429) is retried: giving up there left a view already on its way
      // to draw a board that nothing would ever update again
      const refused = typeof err.status === "number" && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
      if (!this.view && !refused) {
        setTimeout(() => { if (!this.view && !this.live.closed) this.live.refresh(); }, 1000);
      } else if (!this.view) {
        this.root.replaceChildren(
          h("div", { class: "panel error-panel" }, h("h2", {}, "This table cannot be opened"), h("p", {}, err.message),
            h("a", { href: "#/", class: "btn" }, "Back to the lobby")),
        );
        this.live.close();
        return;
      }
    }
    this.conn = state;
    const dot = this.root.querySelector(".conn");
    if (dot) dot.dataset.state = state;
  }

  async onView(v) {
    if (this.view && typeof v.version === "number" && v.version < this.view.version) return;
    if (typeof v.version === "number" && v.version > this.seenVersion + 1) {
      // fetch the events of every action we have not seen (a few at the first view)
      const since = this.seenVersion < 0 ? 0 : this.seenVersion; // the whole game at the first view
      try {
        const full = await api.view(this.id, this.token, since);
        if (full.version >= v.version) v = full;
      } catch {
        /* keep v */
      }
      if (this.view && v.version <= this.view.version && v.version <= this.seenVersion) return;
    }
    const game = v.game || (v.observation && v.observation.game) || this.game;
    if (!this.module || this.game !== game) {
      this.game = game;
      const cat = this.catalogue || this.cataloguePromise || loadCatalogue(this.id, game);
      [this.module, this.catalogue] = await Promise.all([loadView(game), cat]);
    }
    // the "pause before a bot's move" setting: a bot's move is shown a moment later
    const pause = Number(settings().botPause) || 0;
    if (pause && this.view && v.version > this.view.version && this.botsActed()) await new Promise((r) => setTimeout(r, pause));
    // views wait here (a fetch, the view module) in the order their answers came, not in the
    // order the server made them: one made earlier must not replace a newer one drawn meanwhile
    if (this.view && typeof v.version === "number" && v.version < this.view.version) return;
    if (this.live && this.live.closed) return; // the table was left (or refused) meanwhile
    if (v.seat !== undefined && v.seat !== null && this.seat == null && this.token) this.seat = v.seat;
    this.chat.seat = this.seat;
    this.clocks.update(v.clock);
    const rematchNew = !!(this.view && v.rematch && !this.view.rematch);
    if (this.view && v.rematch && !this.view.rematch && this.seat != null) toast("A rematch is ready: press “Join the rematch”");
    const key = JSON.stringify([v.version, v.to_act, v.legal, v.outcome, v.seats, v.status, v.rematch, v.clock]);
    if (this.view && key === this.viewKey) return;
    this.viewKey = key;
    this.mergeEvents(v);
    const changed = !this.view || this.view.version !== v.version;
    this.view = v;
    if (changed) {
      this.selected = null;
      this.noDefault = false;
    }
    if (this.token && this.seat != null) {
      rememberSeat({ id: this.id, seat: this.seat, token: this.token, game: this.game, over: !!v.outcome });
    }
    const wasMine = this.myTurn;
    this.myTurn = this.seat != null && !v.outcome && (v.to_act || []).includes(this.seat);
    this.render();
    turnChanged(this.title || titleCase(this.game || ""), this.myTurn, this.myTurn && !wasMine);
    if (rematchNew) {
      // the other seat's rematch offer: bring it where the person is looking
      const b = this.root.querySelector("[data-rematch]");
      if (b) {
        b.scrollIntoView({ block: "center" });
        b.focus({ preventScroll: true });
      }
    }
  }

  // did only bots have the move in the view shown so far?
  botsActed() {
    const seats = (this.view && this.view.seats) || [];
    const acted = (this.view && this.view.to_act) || [];
    return acted.length > 0 && acted.every((s) => (seats.find((x) => x.seat === s) || {}).kind === "bot");
  }

  // the seats' headers: each name, whose move it is, and the clock
  people(ctx) {
    const v = this.view;
    const clockSeats = (v.clock && v.clock.seats) || [];
    return h("div", { class: "people", id: "people", "aria-label": "the players" }, (v.seats || []).map((s) => {
      const c = clockSeats.find((x) => x.seat === s.seat) || {};
      const byBot = s.stand_in || c.timed_out && v.clock.on_timeout === "bot";
      return h("div", { class: `person${ctx.toAct.includes(s.seat) && !v.outcome ? " to-act" : ""}`, "data-person": s.seat, style: { borderColor: seatColour(s.seat) } },
        h("span", { class: "person-name" }, s.seat === this.seat ? `You${s.name ? ` (${s.name})` : ""}` : ctx.seatName(s.seat)),
        byBot ? h("span", { class: "person-bot", title: "this seat ran out of time: a bot plays it" }, `out of time: Bot (${s.stand_in || "heuristic"}) plays`) : null,
        v.clock ? this.clocks.node(s.seat) : null);
    }));
  }

  mergeEvents(v) {
    // events carry the index of the action that made them; keep each action's events once
    const from = this.log.length;
    const first = this.seenVersion < 0;
    for (const e of Array.isArray(v.events) ? v.events : []) {
      const i = typeof e.index === "number" ? e.index : v.version - 1;
      if (i < this.seenVersion) continue;
      this.log.push(e);
    }
    if (typeof v.version === "number") this.seenVersion = Math.max(this.seenVersion, v.version);
    // what the others did since this seat's previous view (at the first view: the last action)
    const fresh = this.log.slice(from);
    if (first) this.lastEvents = fresh.filter((e) => (typeof e.index === "number" ? e.index : v.version - 1) >= v.version - 1);
    else if (fresh.length) this.lastEvents = fresh;
  }

  ctx() {
    const v = this.view;
    const legal = (v.legal || []).map((a) => (typeof a === "string" ? a : a.notation));
    const used = new Set();
    const self = this;
    const c = {
      view: v,
      obs: v.observation || {},
      seat: this.seat,
      spectator: this.seat == null,
      legal,
      myTurn: this.seat != null && (v.to_act || []).includes(this.seat),
      toAct: v.to_act || [],
      outcome: v.outcome || null,
      cat: this.catalogue || {},
      lastEvents: this.lastEvents,
      showCard: (name) => this.detail.show(name),
      selected: this.selected,
      used,
      seatName: (s) => seatLabel(v, s, this.seat),
      has: (n) => legal.includes(n),
      matching: (pred) => legal.filter((n) => (typeof pred === "function" ? pred(n) : n.startsWith(pred))),
      // make el take one legal action, or offer several through the choice tray
      bind(el, notations, key) {
        const list = (Array.isArray(notations) ? notations : [notations]).filter((n) => legal.includes(n));
        if (!list.length) return el;
        list.forEach((n) => used.add(n));
        el.classList.add("actionable");
        el.tabIndex = 0;
        el.setAttribute("role", "button");
        const run = () => {
          if (list.length === 1) self.act(list[0]);
          else self.select(key || list.join("|"), list);
        };
        if (list.length === 1) {
          el.dataset.action = list[0];
          el.title = el.title || self.label(list[0]);
          el.setAttribute("aria-label", self.label(list[0]));
        } else {
          el.setAttribute("aria-label", `${el.title || "choose"}: ${list.length} moves`);
          el.dataset.choices = String(list.length);
          if (self.selected && self.selected.key === (key || list.join("|"))) el.classList.add("selected");
        }
        el.addEventListener("click", (e) => {
          e.stopPropagation();
          run();
        });
        el.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            run();
          }
        });
        return el;
      },
      // a view may pre-select an element with several choices, so the board always offers a move
      selectDefault(key, list) {
        const ok = list.filter((n) => legal.includes(n));
        if (!self.selected && !self.noDefault && ok.length > 1) {
          self.selected = { key, list: ok };
          c.selected = self.selected;
        }
      },
      button(notation, text, cls) {
        const b = h("button", { class: `btn act ${cls || ""}`, type: "button" }, text || self.label(notation));
        if (!legal.includes(notation)) {
          b.disabled = true;
          return b;
        }
        used.add(notation);
        b.dataset.action = notation;
        b.addEventListener("click", () => self.act(notation));
        return b;
      },
    };
    return c;
  }

  label(n) {
    try {
      return (this.module.label && this.module.label(n, this._ctx)) || n;
    } catch {
      return n;
    }
  }

  select(key, list) {
    this.selected = this.selected && this.selected.key === key ? null : { key, list };
    if (!this.selected) this.noDefault = true;
    this.render();
    const first = this.root.querySelector(".tray [data-action]");
    if (first) first.focus();
  }

  async act(notation) {
    // one action per position: a second click on the same version waits for the first's answer,
    // but the pushed view of the next position (often ahead of that answer) takes a new move
    if (!this.view || (this.busy && this.busy.version === this.view.version)) return;
    const mine = { version: this.view.version };
    this.busy = mine;
    if (settings().confirm && !(await confirmMove(this.label(notation)))) {
      this.busy = null;
      return;
    }
    this.root.classList.add("busy");
    try {
      await api.act(this.id, this.token, notation, mine.version);
      if (this.view && this.view.version <= mine.version + 1) this.selected = null;
    } catch (err) {
      toast(err.message, "error");
    } finally {
      if (this.busy === mine) {
        this.busy = null;
        this.root.classList.remove("busy");
      }
    }
    await this.live.refresh();
  }

  status(ctx) {
    const v = this.view;
    if (v.outcome) return { cls: "over", text: `Game over — ${outcomeText(v.outcome, this.seat, v)}` };
    const toAct = v.to_act || [];
    const waiting = (ctx.obs.commit && ctx.obs.commit.waiting_for) || [];
    if (ctx.myTurn) {
      const simul = toAct.length > 1 || waiting.length > 1;
      return { cls: "mine", text: simul ? "Your move — everyone chooses at once, in secret" : "Your move" };
    }
    const others = toAct.filter((s) => s !== this.seat).map((s) => ctx.seatName(s));
    if (this.seat != null && waiting.length && !waiting.includes(this.seat)) {
      return { cls: "wait", text: `Choice made — waiting for the others (${others.join(", ")})` };
    }
    if (toAct.length > 1) return { cls: "wait", text: `Waiting for the others: ${others.join(", ")} choose in secret` };
    return { cls: "wait", text: `Waiting for ${others.join(", ") || "…"}` };
  }

  render() {
    const v = this.view;
    const m = this.module;
    const ctx = this.ctx();
    this._ctx = ctx;
    let board;
    try {
      board = m.render(ctx);
    } catch (err) {
      console.error(err);
      board = h("pre", { class: "panel" }, `The ${this.game} view failed: ${err.message}\n` + JSON.stringify(ctx.obs, null, 1));
    }
    const st = this.status(ctx);
    const phase = (m.phase && m.phase(ctx)) || "";
    const title = (m.title && m.title(ctx)) || titleCase(this.game || "");
    this.title = title;
    const rest = ctx.legal.filter((n) => !ctx.used.has(n));
    const tray = h("div", { class: "tray" });
    if (this.selected) {
      tray.appendChild(h("span", { class: "tray-label" }, (m.trayLabel && m.trayLabel(this.selected, ctx)) || "Choose:"));
      for (const n of this.selected.list) tray.appendChild(ctx.button(n, (m.choiceLabel && m.choiceLabel(n, ctx)) || this.label(n), "choice"));
      tray.appendChild(h("button", { class: "btn ghost", type: "button", onclick: () => this.select(this.selected.key, []) }, "Cancel"));
    }
    for (const n of rest) tray.appendChild(ctx.button(n, this.label(n)));
    const all = h("details", { class: "all-moves", open: this.allMovesOpen },
      h("summary", {}, `All legal moves (${ctx.legal.length})`),
      h("div", { class: "move-list" }, ctx.legal.map((n) => {
        const b = h("button", { class: "btn small", type: "button", "data-action": n, onclick: () => this.act(n) }, this.label(n));
        return b;
      })),
    );
    all.addEventListener("toggle", () => { this.allMovesOpen = all.open; });
    const boardRoot = h("section", {
      id: "board",
      class: `board game-${this.game}${ctx.myTurn ? " my-turn" : ""}`,
      "data-game": this.game,
      "data-seat": this.seat == null ? "spectator" : String(this.seat),
      "data-version": String(v.version),
      "data-outcome": v.outcome ? ((v.outcome.winners || []).join(",") || "draw") : undefined,
      "aria-label": "game table",
    }, board, (ctx.legal.length && this.seat != null) ? h("div", { class: "controls" }, tray, all) : null);
    const head = h("header", { class: "table-head" },
      h("a", { href: "#/", class: "logo", title: "Back to the lobby" }, "⚔ wartable"),
      h("div", { class: "table-title" }, h("strong", {}, title), v.name ? h("span", { class: "muted" }, ` · ${v.name}`) : null),
      h("button", { class: "btn small help-button", type: "button", "aria-haspopup": "dialog", "aria-label": `Help: the rules of ${title}`, onclick: () => this.openHelp() }, "? Help"),
      h("div", { class: "who" },
        this.seat == null ? h("span", { class: "badge spectator" }, "Spectating")
          : h("span", { class: "badge", style: { background: seatColour(this.seat), color: inkOn(seatColour(this.seat)) } }, `Seat ${this.seat + 1}`),
        h("span", { class: "conn", "data-state": this.conn, title: "connection", role: "img", "aria-label": `connection: ${this.conn}` })),
    );
    const statusBar = h("div", { class: `status ${st.cls}`, role: "status", "aria-live": "polite" },
      phase ? h("span", { class: "phase" }, phase) : null,
      h("span", { class: "turn" }, st.text));
    this.appendLog(ctx);
    const side = h("aside", { class: "side", "aria-label": "card detail and battle log" }, this.detail.el,
      h("h3", { id: "log-title" }, "Battle log"), h("div", { class: "log-wrap" }, this.logBox, this.newest),
      this.inviteBox(), this.chat.el, this.settingsEl);
    const parts = [head, statusBar, this.people(ctx)];
    if (v.outcome) parts.push(this.endPanel(ctx));
    parts.push(this.briefing(ctx), this.battle(ctx));
    parts.push(h("div", { class: "table-main" }, boardRoot, side));
    const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.action : null;
    const focusedCard = !focused && document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.card : null;
    this.root.replaceChildren(...parts);
    // the sticky side column sits below the sticky status bar, not under it
    this.root.style.setProperty("--status-h", `${statusBar.offsetHeight}px`);
    focusableCards(boardRoot);
    if (m.lastMoves) {
      try {
        m.lastMoves(ctx);
      } catch (err) {
        console.error(err);
      }
    }
    this.detail.refresh();
    this.scrollLog(false);
    this.detail.quietly(() => {
      if (focused) {
        const again = this.root.querySelector(`[data-action="${CSS.escape(focused)}"]`);
        if (again) again.focus();
      } else if (focusedCard) {
        const again = boardRoot.querySelector(`[data-card="${CSS.escape(focusedCard)}"]`);
        if (again) again.focus({ preventScroll: true });
      }
    });
  }

  // the log grows by the entries it has not shown yet; it holds the whole game
  appendLog(ctx) {
    for (let i = this.logShown; i < this.log.length; i++) {
      const e = this.log[i];
      const text = youGrammar(this.describe(e, ctx) || "");
      if (!text) continue;
      const li = h("li", { class: `ev ev-${e.type}${this.logShown > 0 ? " fresh" : ""}`, style: e.seat != null ? { borderLeftColor: seatColour(e.seat) } : undefined }, text);
      this.logBox.appendChild(li);
    }
    this.logShown = this.log.length;
  }

  scrollLog(force) {
    if (force) this.logPinned = true;
    if (this.logPinned) this.logBox.scrollTop = this.logBox.scrollHeight;
    this.newest.hidden = this.logPinned;
  }

  cardDetail(name) {
    const m = this.module;
    const ctx = this._ctx || this.ctx();
    if (m && m.cardDetail) {
      const node = m.cardDetail(name, ctx);
      if (node) return node;
    }
    return genericCardDetail(name, ctx.cat);
  }

  openHelp() {
    let content = null;
    try {
      content = this.module.help ? this.module.help(this._ctx) : null;
    } catch (err) {
      console.error(err);
    }
    this.help.open(`How to play ${this.title || titleCase(this.game || "")}`, content);
  }

  // #briefing: the match's set-up and how it is won, open until the person folds it
  briefing(ctx) {
    let body = null;
    try {
      body = this.module.briefing ? this.module.briefing(ctx) : null;
    } catch (err) {
      console.error(err);
    }
    if (!body) {
      const seats = (this.view.seats || []).map((s) => `${ctx.seatName(s.seat)} (seat ${s.seat + 1})`);
      body = h("p", {}, `${titleCase(this.game || "")}${this.view.name ? `, “${this.view.name}”` : ""}: ${seats.join(", ")}.`);
    }
    const box = h("details", { id: "briefing", class: "briefing panel", open: this.briefingOpen },
      h("summary", {}, "The match: set-up and how it is won"), h("div", { class: "briefing-body" }, body));
    box.addEventListener("toggle", () => { this.briefingOpen = box.open; });
    return box;
  }

  // #battle: shown only while the game view has a battle to explain
  battle(ctx) {
    let body = null;
    try {
      body = this.module.battle ? this.module.battle(ctx) : null;
    } catch (err) {
      console.error(err);
    }
    return h("section", { id: "battle", class: "battle panel", "aria-label": "the battle", hidden: !body }, body);
  }

  describe(e, ctx) {
    if (e.text) return e.text;
    try {
      const t = this.module.event && this.module.event(e, ctx);
      if (t !== undefined) return t;
    } catch {
      /* fall through */
    }
    const who = typeof e.seat === "number" ? `${ctx.seatName(e.seat)}: ` : "";
    const fields = Object.entries(e)
      .filter(([k]) => !["type", "to", "index", "seat"].includes(k))
      .map(([k, x]) => `${k.replace(/_/g, " ")} ${typeof x === "string" ? x : Array.isArray(x) && x.every((y) => typeof y === "string") ? x.join(", ") : JSON.stringify(x)}`);
    return `${who}${titleCase(e.type || "event")}${fields.length ? ` (${fields.join("; ")})` : ""}`;
  }

  inviteBox() {
    const v = this.view;
    const open = (v.seats || []).filter((s) => s.kind === "human" && !s.claimed && s.seat !== this.seat);
    if (!open.length || v.outcome) return null;
    const link = `${location.origin}/?match=${this.id}`;
    return h("div", { class: "invite" }, h("h3", {}, "Free seats"),
      open.map((s) => h("div", { class: "invite-row", style: { borderLeftColor: seatColour(s.seat) } },
        h("span", {}, `Seat ${s.seat + 1}`),
        this.seat == null ? h("button", { class: "btn small primary", type: "button", "data-take-seat": s.seat, onclick: () => this.takeSeat(s.seat) }, "Take this seat") : null)),
      h("button", { class: "btn small", type: "button", onclick: () => copyText(link) }, "Copy the table's link"));
  }

  async takeSeat(seat) {
    try {
      const res = await api.join(this.id, seat, myName() || undefined);
      rememberSeat({ id: this.id, seat: res.seat, token: res.token, game: this.game });
      location.hash = `#/m/${this.id}?seat=${res.seat}&token=${encodeURIComponent(res.token)}`;
    } catch (err) {
      toast(err.message, "error");
    }
  }

  endPanel(ctx) {
    const v = this.view;
    const o = v.outcome;
    const win = this.seat != null && (o.winners || []).includes(this.seat);
    const scores = this.scoreBox(ctx);
    return h("div", { class: `end-panel ${win ? "won" : this.seat == null ? "" : "lost"}` },
      h("div", { class: "end-title" }, outcomeText(o, this.seat, v)),
      o.reason ? h("div", { class: "muted reason" }, this.reasonText(o.reason, ctx)) : null,
      scores,
      h("div", { class: "end-actions" },
        this.seat != null ? h("button", { class: "btn primary", type: "button", "data-rematch": "1", onclick: () => this.rematch() }, v.rematch ? "Join the rematch" : "Rematch") : null,
        h("a", { class: "btn", href: `#/r/${this.id}` }, "Watch the replay"),
        h("a", { class: "btn ghost", href: "#/" }, "Lobby")));
  }

  // each seat's score as the game view words it (victory points, glory...), else the engine's
  scoreBox(ctx) {
    let rows = null;
    try {
      rows = this.module.scores ? this.module.scores(ctx) : null;
    } catch (err) {
      console.error(err);
    }
    const o = this.view.outcome;
    if (!rows || !rows.length) rows = (o.scores || []).map((s, i) => ({ seat: i, text: String(s) }));
    if (!rows.length) return null;
    return h("ul", { class: "scores", "aria-label": "scores" }, rows.map((r) => h("li", { class: "score", style: { borderColor: seatColour(r.seat) } },
      h("strong", {}, `${ctx.seatName(r.seat)}: `), r.text)));
  }

  // the engine's reasons count seats from 0 ("seat 1 wins"); the table names them as it shows them
  reasonText(reason, ctx) {
    const text = youGrammar(String(reason).replace(/\bseat (\d+)\b/gi, (_, n) => ctx.seatName(Number(n))).replace(/_/g, " "));
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  async rematch() {
    try {
      const res = await api.rematch(this.id, this.token);
      rememberSeat({ id: res.id, seat: res.seat, token: res.token, game: this.game });
      location.hash = `#/m/${res.id}?seat=${res.seat}&token=${encodeURIComponent(res.token)}`;
    } catch (err) {
      toast(err.message, "error");
    }
  }
}
