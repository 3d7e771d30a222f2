// The replay viewer: step through a finished match, board by board.

import { api } from "./api.js";
import { h, titleCase, seatColour, toast } from "./ui.js";
import { loadView, loadCatalogue } from "./views.js";
import { outcomeText, seatLabel } from "./table.js";
import { CardDetail, HelpDialog, focusableCards, genericCardDetail } from "./panels.js";

export class Replay {
  constructor(root, id) {
    this.root = root;
    this.id = id;
    this.step = 0;
    this.cacheViews = new Map();
    this.stepped = true;
    this.detail = new CardDetail((name) => (this.module.cardDetail && this.module.cardDetail(name, this.ctx)) || genericCardDetail(name, this.catalogue));
  }

  async start() {
    this.root.replaceChildren(h("div", { class: "loading" }, "Fetching the replay…"));
    try {
      const res = await api.replay(this.id);
      if (res && res.complete === false) throw new Error("This match is still being played: its replay opens when it ends.");
      this.log = (res && res.replay) || res;
      this.seats = { seats: (res && res.seats) || [] }; // who sat where, to name seats as the table does
    } catch (err) {
      this.root.replaceChildren(h("div", { class: "panel error-panel" }, h("h2", {}, "No replay"), h("p", {}, err.message), h("a", { class: "btn", href: "#/" }, "Lobby")));
      return;
    }
    this.game = this.log.game;
    this.module = await loadView(this.game);
    this.catalogue = await loadCatalogue(this.id, this.game);
    this.detail.wire(this.root);
    this.actions = this.log.actions || [];
    this.keys = (e) => {
      if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
      if (e.key === "ArrowRight") this.go(this.step + 1);
      if (e.key === "ArrowLeft") this.go(this.step - 1);
      if (e.key === "Home") this.go(0);
      if (e.key === "End") this.go(this.actions.length);
      if (e.key === "Escape" && !(this.help && this.help.el.open)) this.detail.close();
    };
    document.addEventListener("keydown", this.keys);
    await this.go(this.actions.length);
  }

  stop() {
    if (this.keys) document.removeEventListener("keydown", this.keys);
    if (this.playing) clearInterval(this.playing);
    if (this.help) this.help.remove();
    this.detail.unwire();
  }

  openHelp() {
    if (!this.help) this.help = new HelpDialog();
    let content = null;
    try {
      content = this.module.help && this.ctx ? this.module.help(this.ctx) : null;
    } catch (err) {
      console.error(err);
    }
    this.help.open(`How to play ${titleCase(this.game)}`, content);
  }

  async fetchStep(n) {
    if (this.cacheViews.has(n)) return this.cacheViews.get(n);
    let v = null;
    if (this.stepped) {
      try {
        v = await api.replay(this.id, null, n);
        if (!v || v.observation === undefined) {
          this.stepped = false;
          v = null;
        }
      } catch {
        this.stepped = false;
      }
    }
    if (!v && n === this.actions.length) {
      try {
        v = await api.view(this.id, null);
      } catch {
        v = null;
      }
    }
    if (v) this.cacheViews.set(n, v);
    return v;
  }

  async go(n) {
    n = Math.max(0, Math.min(this.actions.length, n));
    this.step = n;
    const v = await this.fetchStep(n);
    if (this.step !== n) return;
    this.render(v);
  }

  render(v) {
    const n = this.step;
    let board = h("div", { class: "panel muted" }, "This server does not step through replays; the move list is below.");
    if (v) {
      const ctx = {
        view: v, obs: v.observation || {}, seat: null, spectator: true, legal: [], myTurn: false,
        toAct: v.to_act || [], outcome: v.outcome || null, cat: this.catalogue, lastEvents: v.events || [], showCard: (name) => this.detail.show(name), selected: null, used: new Set(),
        seatName: (s) => this.seatName(s), has: () => false, matching: () => [], bind: (el) => el, button: (nn, t) => h("button", { class: "btn act", disabled: true }, t || nn),
      };
      this.ctx = ctx;
      try {
        board = this.module.render(ctx);
      } catch (err) {
        board = h("pre", {}, String(err));
      }
      this.phase = (this.module.phase && this.module.phase(ctx)) || "";
    }
    const outcome = this.log.outcome;
    const moves = h("ol", { class: "log replay-moves", start: "1" }, this.actions.map((a, i) =>
      h("li", { class: i + 1 === n ? "current" : "", style: { borderLeftColor: seatColour(a[0]) } },
        h("button", { class: "linkish", type: "button", onclick: () => this.go(i + 1) }, `${this.seatName(a[0])}: ${this.moveLabel(a[1])}`))));
    const slider = h("input", { type: "range", min: 0, max: this.actions.length, value: n, "aria-label": "Move number", oninput: (e) => this.go(Number(e.target.value)) });
    const controls = h("div", { class: "replay-controls" },
      this.stepButton("first", "«", "First", "The start of the match", () => this.go(0)),
      this.stepButton("prev", "‹", "Previous", "The previous move", () => this.go(this.step - 1)),
      h("span", { class: "step-count", "aria-live": "polite" }, `move ${n} / ${this.actions.length}`),
      this.stepButton("next", "›", "Next", "The next move", () => this.go(this.step + 1)),
      this.stepButton("last", "»", "Last", "The end of the match", () => this.go(this.actions.length)),
      h("button", { class: "btn small", type: "button", "aria-pressed": this.playing ? "true" : "false", onclick: () => this.togglePlay() }, this.playing ? "Pause" : "Play"),
      slider);
    const last = n > 0 ? this.actions[n - 1] : null;
    const boardRoot = h("section", { id: "board", class: `board game-${this.game}`, "data-game": this.game, "data-seat": "spectator", "data-version": String(n), "data-outcome": n === this.actions.length && outcome ? ((outcome.winners || []).join(",") || "draw") : undefined }, board);
    this.root.replaceChildren(
      h("header", { class: "table-head" }, h("a", { href: "#/", class: "logo" }, "⚔ wartable"), h("div", { class: "table-title" }, h("strong", {}, `Replay — ${titleCase(this.game)}`)),
        h("button", { class: "btn small help-button", type: "button", "aria-haspopup": "dialog", "aria-label": `Help: the rules of ${titleCase(this.game)}`, onclick: () => this.openHelp() }, "? Help"),
        h("div", { class: "who" }, h("span", { class: "badge spectator" }, "Replay"))),
      h("div", { class: "status replay" }, this.phase ? h("span", { class: "phase" }, this.phase) : null,
        h("span", { class: "turn" }, last ? `${this.seatName(last[0])}: ${this.moveLabel(last[1])}` : "The start of the match"),
        outcome && n === this.actions.length ? h("span", { class: "turn" }, ` — ${outcomeText(outcome, null, this.seats)}`) : null),
      controls,
      h("div", { class: "table-main" }, boardRoot, h("aside", { class: "side", "aria-label": "card detail and moves" }, this.detail.el, h("h3", {}, "Moves"), moves)),
    );
    focusableCards(boardRoot);
    this.detail.refresh();
    const cur = this.root.querySelector(".replay-moves .current");
    // the move list follows the current move; the page itself stays where the person put it
    const list = this.root.querySelector(".replay-moves");
    if (cur && list) list.scrollTop = cur.offsetTop - list.offsetTop - list.clientHeight / 2;
  }

  seatName(seat) {
    return seatLabel(this.seats, seat, null);
  }

  stepButton(step, icon, text, name, go) {
    return h("button", { class: "btn small", type: "button", "data-step": step, "aria-label": `${text}: ${name.toLowerCase()}`, onclick: go },
      ...(["next", "last"].includes(step) ? [text, h("span", { "aria-hidden": "true" }, icon)] : [h("span", { "aria-hidden": "true" }, icon), text]));
  }

  moveLabel(notation) {
    try {
      return (this.module.label && this.module.label(notation, { cat: this.catalogue, obs: {}, view: {} })) || notation;
    } catch {
      return notation;
    }
  }

  togglePlay() {
    if (this.playing) {
      clearInterval(this.playing);
      this.playing = null;
    } else {
      if (this.step >= this.actions.length) this.step = 0;
      this.playing = setInterval(() => {
        if (this.step >= this.actions.length) this.togglePlay();
        else this.go(this.step + 1).catch((e) => toast(String(e), "error"));
      }, 700);
    }
    this.go(this.step);
  }
}
