// The lobby's lists: the seats this browser holds (each with its opponents, game, date, whose
// turn and result, read from the match's view) and the tables to join or watch (open, running
// or finished, a page at a time).

import { api } from "../api.js";
import { h, titleCase, mySeats, forgetSeat, seatColour } from "../ui.js";

export const ICON = { draconia: "⚜", invasion: "☠", skirm: "⚅", weapons: "⚔", graxia: "⬢" };
export const PAGE = 10;
const OVER = ["finished", "timed_out", "expired", "over"];

// a seat's display name as the server gives it ("Player N" / "Bot (hard)" when it has none)
export function seatName(s) {
  if (!s) return "";
  if (s.name) return s.name;
  if (s.kind === "bot") return `Bot (${String(s.agent || "bot").split(":")[0]})`;
  return `Player ${s.seat + 1}`;
}

function when(stamp) {
  if (stamp == null) return "";
  const d = new Date(typeof stamp === "number" && stamp < 1e12 ? stamp * 1000 : stamp);
  if (Number.isNaN(d.getTime())) return "";
  return d.toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

function resultText(outcome, status, seats, mine) {
  const w = (outcome && outcome.winners) || [];
  if (!outcome && !OVER.includes(status)) return null;
  if (!w.length) return status === "timed_out" ? "Ended on time" : "Draw";
  if (mine != null && w.includes(mine)) return "You won";
  return `${w.map((s) => seatName((seats || []).find((x) => x.seat === s))).join(" and ")} won`;
}

// one row of "Your seats", filled in once the match's view answers
export function mySeatRow(e, onForget) {
  const info = h("small", { class: "muted seat-summary" }, "…");
  const title = h("strong", {}, `${titleCase(e.game || "match")} — seat ${e.seat + 1}`);
  const row = h("div", { class: "match-row", "data-my-seat": e.id },
    h("span", { class: "game-icon" }, ICON[e.game] || "♟"),
    h("div", { class: "match-info" }, title, info),
    h("div", { class: "match-buttons" },
      h("a", { class: "btn small primary", href: `#/m/${e.id}?seat=${e.seat}&token=${encodeURIComponent(e.token)}`, "data-resume": e.id }, e.over ? "Open" : "Resume"),
      h("button", { class: "btn small ghost", type: "button", title: "forget this seat", "aria-label": "forget this seat", onclick: () => { forgetSeat(e.id, e.seat); onForget(); } }, "✕")));
  api.view(e.id, e.token).then((v) => {
    const seats = v.seats || [];
    const others = seats.filter((s) => s.seat !== e.seat).map(seatName);
    title.textContent = `${titleCase(v.game || e.game || "match")}${others.length ? ` vs ${others.join(", ")}` : " (solo)"}`;
    const result = resultText(v.outcome, v.status, seats, e.seat);
    const toAct = v.to_act || [];
    const turn = result || (toAct.includes(e.seat) ? "Your move" : toAct.length ? `Waiting for ${toAct.map((s) => seatName(seats.find((x) => x.seat === s))).join(", ")}` : "in play");
    info.textContent = [`seat ${e.seat + 1}`, when(v.created_at || e.at), turn].filter(Boolean).join(" · ");
    row.dataset.state = result ? "over" : toAct.includes(e.seat) ? "my-turn" : "waiting";
  }).catch(() => {
    info.textContent = `seat ${e.seat + 1} · ${when(e.at)} · no longer on this server`;
  });
  return row;
}

export function mySeatsPanel(onForget) {
  const mine = mySeats();
  return h("section", { class: "panel", id: "my-seats" }, h("h2", {}, "Your seats"),
    mine.length ? h("div", { class: "my-seats" }, mine.slice(0, 12).map((e) => mySeatRow(e, onForget)))
      : h("p", { class: "muted" }, "Seats you take are kept in this browser."));
}

// Tables: a tab per state and a page of entries
export class TableList {
  constructor(onJoin) {
    this.onJoin = onJoin;
    this.state = "open";
    this.offset = 0;
    this.box = h("div", { id: "open-matches", "aria-live": "polite" }, h("p", { class: "muted" }, "Loading…"));
    this.pager = h("div", { class: "pager" });
    this.tabs = h("div", { class: "list-tabs", role: "group", "aria-label": "which tables" });
    this.el = h("section", { class: "panel", id: "tables" }, h("h2", {}, "Tables"), this.tabs, this.box, this.pager);
    this.drawTabs();
  }

  drawTabs() {
    const names = [["open", "Open to join"], ["running", "Being played"], ["finished", "Finished"]];
    this.tabs.replaceChildren(...names.map(([s, t]) => h("button", { type: "button", class: `btn small${s === this.state ? " primary" : ""}`, "data-list-state": s, "aria-pressed": s === this.state ? "true" : "false", onclick: () => { this.state = s; this.offset = 0; this.drawTabs(); this.refresh(); } }, t)));
  }

  async refresh() {
    let list;
    try {
      // one more than a page tells whether a next page exists
      list = await api.matches({ state: this.state, offset: this.offset, limit: PAGE + 1 });
      if (!Array.isArray(list)) list = list.matches || [];
    } catch (err) {
      this.box.replaceChildren(h("p", { class: "error" }, `The tables could not be listed: ${err.message}`));
      return;
    }
    const more = list.length > PAGE;
    list = list.slice(0, PAGE);
    const empty = { open: "No table has a free seat. Start one!", running: "No match is being played.", finished: "No finished match yet." }[this.state];
    this.box.replaceChildren(...(list.length ? list.map((m) => this.row(m)) : [h("p", { class: "muted" }, empty)]));
    this.pager.replaceChildren(...[
      this.offset > 0 ? h("button", { class: "btn small", type: "button", "data-page": "prev", onclick: () => { this.offset = Math.max(0, this.offset - PAGE); this.refresh(); } }, "← Newer") : null,
      this.offset > 0 || more ? h("span", { class: "muted" }, `${this.offset + 1}–${this.offset + list.length}`) : null,
      more ? h("button", { class: "btn small", type: "button", "data-page": "next", onclick: () => { this.offset += PAGE; this.refresh(); } }, "Older →") : null,
    ].filter(Boolean));
  }

  row(m) {
    const seats = m.seats || [];
    // only seats their creator opened are joinable: the others are kept for their invite links
    const free = m.free_seats || [];
    const over = !!m.outcome || OVER.includes(m.status);
    const mine = mySeats().find((e) => e.id === m.id);
    const names = seats.map((s) => h("span", { class: "seat-chip", style: { borderColor: seatColour(s.seat) } }, s.kind === "human" && !s.claimed && (!s.name || /^Player \d+$/.test(s.name)) ? (s.open ? "free seat" : "reserved") : seatName(s)));
    const turn = (m.to_act || []).map((s) => seatName(seats.find((x) => x.seat === s))).join(", ");
    const result = resultText(m.outcome, m.status, seats, null);
    const facts = [when(m.created_at), over ? result || "finished" : turn ? `${turn} to move` : null].filter(Boolean).join(" · ");
    return h("div", { class: "match-row", "data-match": m.id },
      h("span", { class: "game-icon" }, ICON[m.game] || "♟"),
      h("div", { class: "match-info" },
        h("strong", {}, m.name || `${titleCase(m.game)} #${String(m.id).slice(0, 6)}`),
        h("div", { class: "seat-chips" }, names),
        h("small", { class: "muted" }, `${titleCase(m.game)}${facts ? ` · ${facts}` : ""}`)),
      h("div", { class: "match-buttons" },
        mine ? h("a", { class: "btn primary small", href: `#/m/${m.id}?seat=${mine.seat}&token=${encodeURIComponent(mine.token)}` }, "Resume") : null,
        !over && !mine && free.length ? h("button", { class: "btn primary small", type: "button", "data-join": m.id, onclick: () => this.onJoin(m.id, free[0], m.game) }, "Join") : null,
        h("a", { class: "btn small", href: over ? `#/r/${m.id}` : `#/m/${m.id}`, "data-watch": m.id }, over ? "Replay" : "Watch")));
  }
}
