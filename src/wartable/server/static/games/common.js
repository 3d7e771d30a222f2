// Pieces several game views share: seat headers, card backs, piles.

import { h, seatColour, pips, stat } from "../ui.js";

export function seatHead(ctx, seat, extra, active) {
  return h("div", { class: "seat-head" },
    h("span", { class: "nm", style: { background: seatColour(seat) } }, ctx.seatName(seat)),
    active ? h("span", { class: "active-mark", title: "acting now" }, "▶") : null,
    extra);
}

export function back(label, cls) {
  return h("div", { class: `card back ${cls || ""}`, title: label || "face down" }, label ? h("span", { class: "sr" }, "") : null);
}

export function backs(n, cls, max) {
  const shown = Math.min(n, max || 8);
  const out = [];
  for (let i = 0; i < shown; i++) out.push(h("div", { class: `card back ${cls || "tiny"}`, title: "face down" }));
  if (n > shown) out.push(h("span", { class: "stat" }, `+${n - shown}`));
  return h("div", { class: "row fan" }, out);
}

export function pile(label, count, cls) {
  return h("div", { class: "pile", title: `${label}: ${count}` },
    count > 0 ? h("div", { class: `card back ${cls || "tiny"}` }) : h("div", { class: `card empty ${cls || "tiny"}` }, "—"),
    h("span", { class: "count" }, `${label} ${count}`));
}

export function health(n, max) {
  return h("span", { class: "stat health", title: `health ${n}` }, "❤ ", String(n), max && max <= 12 ? pips(n, "", 12) : null);
}

export { stat };

export function zone(title, ...children) {
  return h("div", { class: "zone" }, h("div", { class: "zone-title" }, title), ...children);
}
