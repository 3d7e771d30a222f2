// Each seat's time left, as the view's clock gives it at the server's time; the running seat's
// figures count down here between pushes (the server decides, this only shows).

import { h } from "./ui.js";

export function formatSeconds(s) {
  if (s == null) return "";
  const t = Math.max(0, Math.ceil(s));
  const hrs = Math.floor(t / 3600);
  const min = Math.floor((t % 3600) / 60);
  const sec = String(t % 60).padStart(2, "0");
  return hrs ? `${hrs}:${String(min).padStart(2, "0")}:${sec}` : `${min}:${sec}`;
}

function parseAt(at) {
  if (at == null) return null;
  if (typeof at === "number") return at < 1e12 ? at * 1000 : at;
  const t = Date.parse(at);
  return Number.isNaN(t) ? null : t;
}

export class SeatClocks {
  constructor() {
    this.clock = null;
    this.received = 0; // this browser's time when the clock arrived
    this.nodes = new Map(); // seat -> element showing its time
    this.timer = setInterval(() => this.tick(), 250);
  }

  // a new view: its clock replaces the figures counted down so far
  update(clock) {
    this.clock = clock || null;
    this.received = Date.now();
    // the server's `at` is when it measured; the figures are already as of `at`, and the time
    // since then is the push's travel time, too small to matter (browser clocks may be off)
    this.serverAt = clock ? parseAt(clock.at) : null;
  }

  // seconds left for a seat now: the per-move time first, then the bank
  left(seat) {
    const c = this.clock;
    if (!c) return null;
    const s = (c.seats || []).find((x) => x.seat === seat);
    if (!s) return null;
    const spent = s.running ? (Date.now() - this.received) / 1000 : 0;
    let move = s.move_left;
    let bank = s.bank_left;
    let rest = spent;
    if (move != null) {
      const used = Math.min(move, rest);
      move -= used;
      rest -= used;
    }
    if (bank != null) bank = Math.max(0, bank - rest);
    return { move, bank, running: !!s.running };
  }

  text(seat) {
    const t = this.left(seat);
    if (!t) return "";
    const parts = [];
    // both: the move's own time, then the bank the game shares
    if (t.move != null) parts.push(t.bank != null ? `${formatSeconds(t.move)} move` : formatSeconds(t.move));
    if (t.bank != null) parts.push(t.move != null ? `+ ${formatSeconds(t.bank)} bank` : formatSeconds(t.bank));
    return `◷ ${parts.join(" ")}`;
  }

  // the element a seat header shows; kept so the ticks update it in place
  node(seat) {
    const el = h("span", { class: "seat-clock", "data-clock-seat": seat, role: "timer", "aria-label": `time left, seat ${seat + 1}` });
    this.nodes.set(seat, el);
    this.paint(seat, el);
    return el;
  }

  paint(seat, el) {
    const t = this.left(seat);
    el.textContent = this.text(seat);
    el.classList.toggle("running", !!(t && t.running));
    const total = t ? (t.move || 0) + (t.bank || 0) : Infinity;
    el.classList.toggle("low", !!(t && t.running && total <= 10));
  }

  tick() {
    for (const [seat, el] of this.nodes) {
      if (!el.isConnected) this.nodes.delete(seat);
      else this.paint(seat, el);
    }
  }

  stop() {
    clearInterval(this.timer);
  }
}
