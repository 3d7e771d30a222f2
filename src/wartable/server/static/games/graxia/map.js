// Guardians of Graxia: the hex map. Each hex carries data-hex="q,r"; a unit on it also
// data-unit (its name), data-owner (the seat) and data-card (for the card detail). Seat 0's
// tokens are round, seat 1's square; the owner's own face-down placements are dashed.

import { h, titleCase, seatColour } from "../../ui.js";

const SVG = "http://www.w3.org/2000/svg";
export const TERRAIN = {
  plains: "#a7c76f", forest: "#3f7d3a", hills: "#b39655", mountains: "#8d8d8d", swamp: "#5f7048", lake: "#4f8fcf",
  rough_lands: "#b48d5e", boulder_fields: "#a39884", columns: "#cfc6ae", city: "#e3cf9d", castle: "#b7a58f", village: "#ddb57e",
};
const ROWS = ["A", "B", "C", "D"];
let zoom = 1; // kept across renders: the person's chosen zoom

function s(tag, attrs, ...kids) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v != null) el.setAttribute(k, String(v));
  for (const k of kids) if (k != null) el.appendChild(typeof k === "string" ? document.createTextNode(k) : k);
  return el;
}

function initials(name) {
  const words = name.replace(/'/g, "").split(/\s+/).filter((w) => /^[A-Za-z]/.test(w) && !["of", "the"].includes(w.toLowerCase()));
  return words.length === 1 ? words[0].slice(0, 4) : words.map((w) => w[0]).join("").slice(0, 3);
}

export function scenarioOf(ctx) {
  const sid = (ctx.obs.config && ctx.obs.config.scenario) || "2p-1";
  const sc = ctx.cat.scenarios && ctx.cat.scenarios[sid];
  return sc && sc.cells.length === (ctx.obs.unit || []).length ? sc : null;
}

function applyZoom(svg) {
  svg.style.width = `${Math.round(zoom * 100)}%`;
  svg.style.maxWidth = `${Math.round(Number(svg.dataset.base) * zoom)}px`;
  svg.style.minWidth = zoom > 1 ? `${Math.round(Number(svg.dataset.base) * zoom * 0.6)}px` : "";
}

// zoom buttons (named for screen readers); the map scrolls inside .map-wrap when zoomed in
export function mapControls(svg) {
  const set = (z) => { zoom = Math.max(1, Math.min(3, z)); applyZoom(svg); };
  return h("div", { class: "graxia-zoom", role: "group", "aria-label": "map zoom" },
    h("button", { class: "btn small", type: "button", "aria-label": "Zoom in", onclick: () => set(zoom + 0.5) }, "+ Zoom in"),
    h("button", { class: "btn small", type: "button", "aria-label": "Zoom out", onclick: () => set(zoom - 0.5) }, "− Zoom out"),
    h("button", { class: "btn small", type: "button", "aria-label": "Fit the map", onclick: () => set(1) }, "Fit"));
}

function token(ctx, x, y, R, u, owner, opts) {
  const ut = ctx.cat.units[u] || { name: "?", health: 0 };
  const colour = seatColour(owner);
  const g = s("g", { class: `unit-token seat-${owner}${opts.faceDown ? " face-down" : ""}` });
  const r = R * 0.6;
  const ring = opts.shield ? "#ffffff" : opts.guardian ? "#f0c35e" : "#111";
  const width = opts.shield || opts.guardian ? 3 : 1.5;
  const shape = owner === 0
    ? s("circle", { cx: x, cy: y + 1, r, fill: colour, stroke: ring, "stroke-width": width })
    : s("rect", { x: x - r, y: y + 1 - r, width: 2 * r, height: 2 * r, rx: 4, fill: colour, stroke: ring, "stroke-width": width });
  if (opts.faceDown) shape.setAttribute("stroke-dasharray", "4 3");
  g.appendChild(shape);
  g.appendChild(s("text", { x, y: y - 1, class: "unit-label" }, initials(ut.name)));
  const left = Math.max(0, (ut.health || 0) - (opts.wounds || 0));
  g.appendChild(s("text", { x, y: y + 12, class: "unit-hp" }, `❤${left}`));
  return g;
}

export function hexMap(ctx, sc, acts, schedule) {
  const o = ctx.obs;
  const R = 30;
  const W = Math.sqrt(3);
  const pts = sc.cells.map(([q, r]) => [1.5 * R * q, W * R * (r + q / 2)]);
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const minX = Math.min(...xs) - R - 2, minY = Math.min(...ys) - R - 2;
  const width = Math.max(...xs) - minX + R + 2, height = Math.max(...ys) - minY + R + 2;
  const svg = s("svg", { class: "hexmap graxia-map", viewBox: `${minX} ${minY} ${width} ${height}`, role: "group", "aria-label": `${sc.title}: the map` });
  svg.dataset.base = String(Math.round(width * 1.6));
  applyZoom(svg);
  const sel = ctx.selected ? ctx.selected.key : "";
  const srcSel = sel.startsWith("src-") ? sel.slice(4) : null;
  const cardSel = sel.startsWith("card-") ? sel.slice(5) : null;
  const home = [new Set(sc.home[0]), new Set(sc.home[1])];
  const vital = new Set(sc.vital || []);
  const rowOf = new Map();
  (sc.home_rows || []).forEach((row, k) => row.forEach((c) => rowOf.set(c, k)));
  const fixedPortal = new Set((sc.portals || []).flat());
  const mine = new Map((o.placing || []).map(([u, c]) => [c, u]));
  const me = ctx.seat;
  // corner labels overhang the hex: drawn after every hex so the next one does not cover them
  const labels = s("g", { class: "map-labels", "aria-hidden": "true" });
  sc.cells.forEach(([q, r], i) => {
    const key = `${q},${r}`;
    const [x, y] = pts[i];
    const corners = [0, 1, 2, 3, 4, 5].map((k) => [x + (R - 1) * Math.cos((Math.PI / 3) * k), y + (R - 1) * Math.sin((Math.PI / 3) * k)].map((v) => v.toFixed(1)).join(",")).join(" ");
    const ctrl = o.control[i];
    const terrain = titleCase(String(sc.terrain[i]).replace(/_/g, " "));
    if (o.gone && o.gone[i]) { // §9.2 Solo Scenario 1: the tile left the game
      svg.appendChild(s("g", { class: "hex gone", "data-hex": key, "data-cell": key }, s("title", {}, `${key}: left the game`),
        s("polygon", { points: corners, fill: "#1b1b1b", stroke: "#0006", "stroke-dasharray": "4 3", "stroke-width": 1 })));
      return;
    }
    const g = s("g", { class: "hex", "data-hex": key, "data-cell": key });
    const title = s("title", {}, `${key} ${terrain}${sc.mana[i] ? `, ${sc.mana[i]} mana` : ""}${ctrl >= 0 ? `, held by ${ctx.seatName(ctrl)}` : ""}${vital.has(i) ? ", objective" : ""}`);
    g.appendChild(title);
    g.appendChild(s("polygon", { points: corners, fill: TERRAIN[sc.terrain[i]] || "#999", stroke: ctrl >= 0 ? seatColour(ctrl) : "#0006", "stroke-width": ctrl >= 0 ? 3 : 1, class: "hex-shape" }));
    if (home[0].has(i) || home[1].has(i)) g.appendChild(s("polygon", { points: corners, fill: "none", stroke: seatColour(home[0].has(i) ? 0 : 1), "stroke-dasharray": "4 3", "stroke-width": 2, class: "home-row", transform: `translate(${x} ${y}) scale(0.84) translate(${-x} ${-y})` }));
    g.appendChild(s("text", { x, y: y - R * 0.6, class: "hex-coord" }, key));
    if (sc.mana[i]) labels.appendChild(s("text", { x: x + R * 0.5, y: y + R * 0.78, class: "hex-mana", "data-hex": key }, `✦${sc.mana[i]}`));
    if (vital.has(i)) { g.appendChild(s("text", { x: x - R * 0.55, y: y - R * 0.2, class: "hex-mark objective" }, "★")); g.classList.add("objective"); }
    if (rowOf.has(i)) { labels.appendChild(s("text", { x: x - R * 0.5, y: y + R * 0.78, class: "hex-mark home-row-letter", "data-hex": key }, ROWS[rowOf.get(i)])); g.dataset.homeRow = ROWS[rowOf.get(i)]; title.textContent += `, Home Row ${ROWS[rowOf.get(i)]}`; }
    if (schedule.cells.has(i)) { g.classList.add("leaving"); g.appendChild(s("text", { x: x + R * 0.55, y: y - R * 0.2, class: "hex-mark warn" }, "⚠")); title.textContent += `, leaves the game at turn ${schedule.next.turn}`; }
    if ((o.portal && o.portal[i] >= 0) || fixedPortal.has(i)) {
      g.appendChild(s("circle", { cx: x - R * 0.6, cy: y + R * 0.15, r: 6, class: "portal", fill: o.portal && o.portal[i] >= 0 ? seatColour(o.portal[i]) : "#7c3aed", stroke: "#fff", "stroke-width": 1.5 }));
      title.textContent += ", portal";
    }
    let u = o.unit[i];
    let owner = o.owner[i];
    let faceDown = false;
    if (u < 0 && mine.has(i)) { u = mine.get(i); owner = me; faceDown = true; }
    if (u >= 0) {
      const ut = ctx.cat.units[u] || { name: "?" };
      const flags = o.flags[i] || 0;
      const guardian = (o.guardians || []).includes(u);
      g.appendChild(token(ctx, x, y, R, u, owner, { faceDown, wounds: o.wounds[i], guardian, shield: flags & ((ctx.cat.flags || {}).shield || 64) }));
      if (o.wounds[i]) g.appendChild(s("text", { x: x + R * 0.62, y: y + R * 0.05, class: "wounds" }, `−${o.wounds[i]}`));
      if (flags & ((ctx.cat.flags || {}).stunned || 32)) g.appendChild(s("text", { x: x - R * 0.62, y: y + R * 0.62, class: "stunned" }, "z"));
      title.textContent += ` — ${ut.name} (${ctx.seatName(owner)}${faceDown ? ", placed face down" : ""}), ${Math.max(0, (ut.health || 0) - o.wounds[i])}/${ut.health} health`;
      g.dataset.unit = ut.name;
      g.dataset.owner = String(owner);
      g.dataset.card = ut.name;
    }
    let list = [];
    if (srcSel) list = acts.two.filter((a) => a.src === srcSel && a.dst === key).map((a) => a.n);
    if (cardSel) list = acts.card.filter((a) => a.name === cardSel && a.at === key).map((a) => a.n);
    if (list.length) { ctx.bind(g, list, `dst-${key}`); g.classList.add("legal-hex"); } else {
      const own = [...acts.two.filter((a) => a.src === key).map((a) => a.n), ...acts.one.filter((a) => a.at === key).map((a) => a.n)];
      if (own.length) ctx.bind(g, own, `src-${key}`);
    }
    if (srcSel === key) g.classList.add("selected-hex");
    svg.appendChild(g);
  });
  svg.appendChild(labels);
  return svg;
}
