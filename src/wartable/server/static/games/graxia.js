// Guardians of Graxia: the hex map (axial q,r, flat-topped hexes), units with their owners,
// wounds and shields, the guardians, mana and victory points, hands of unit and spell cards.

import { h, titleCase, seatColour } from "../ui.js";
import { seatHead, stat, zone } from "./common.js";
import generic from "./generic.js";

const SVG = "http://www.w3.org/2000/svg";
const TERRAIN = {
  plains: "#a7c76f", forest: "#3f7d3a", hills: "#b39655", mountains: "#8d8d8d", swamp: "#5f7048", lake: "#4f8fcf",
  rough_lands: "#b48d5e", boulder_fields: "#a39884", columns: "#cfc6ae", city: "#e3cf9d", castle: "#b7a58f", village: "#ddb57e",
};
const PHASES = {
  guardian: "Choose your guardian", draft: "Draft your units", place: "Place your units", draw: "Draw cards", command: "Command phase",
  battle: "Battle!", sacrifice: "Secret sacrifice", retreat: "Retreat", advance: "Advance", buy: "Buy cards", over: "Game over",
};
const CELL = "(-?\\d+,-?\\d+)";
const TWO = new RegExp(`^(move|attack|shoot|ability|portal|give) ${CELL} ${CELL}$`);
const ONE = new RegExp(`^(shield|retreat|drop|target|mend|volley) ${CELL}$`); // target: a choice of a tile (solo: Home Row, the Non-Player's tile, target, spawn)
const CARD = new RegExp(`^(summon|place) "(.+)" ${CELL}$`);
const SPELL_AT = new RegExp(`^(spell) (.+) ${CELL}$`);

function s(tag, attrs, ...kids) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) if (v != null) el.setAttribute(k, String(v));
  for (const k of kids) if (k != null) el.appendChild(typeof k === "string" ? document.createTextNode(k) : k);
  return el;
}

function initials(name) {
  const words = name.replace(/'/g, "").split(/\s+/).filter((w) => /^[A-Za-z]/.test(w) && !["of", "the"].includes(w.toLowerCase()));
  return words.length === 1 ? words[0].slice(0, 3) : words.map((w) => w[0]).join("").slice(0, 3);
}

function scenarioOf(ctx) {
  const sid = (ctx.obs.config && ctx.obs.config.scenario) || "2p-1";
  const sc = ctx.cat.scenarios && ctx.cat.scenarios[sid];
  return sc && sc.cells.length === (ctx.obs.unit || []).length ? sc : null;
}

function parsed(legal) {
  const two = [], one = [], card = [];
  for (const n of legal) {
    let m;
    if ((m = n.match(TWO))) two.push({ n, verb: m[1], src: m[2], dst: m[3] });
    else if ((m = n.match(ONE))) one.push({ n, verb: m[1], at: m[2] });
    else if ((m = n.match(CARD)) || (m = n.match(SPELL_AT))) card.push({ n, verb: m[1], name: m[2], at: m[3] });
  }
  return { two, one, card };
}

function unitCard(ctx, id, cls) {
  const nu = (ctx.cat.units || []).length;
  if (id < nu) {
    const u = ctx.cat.units[id];
    return h("div", { class: `card unit graxia-unit ${cls || ""}`, "data-card": u.name, title: `${u.name}: ${u.class}, ${u.race}; attack ${u.attack} ${u.attack_type}, defence ${u.pdef}/${u.mdef}, health ${u.health}, moves ${u.moves}${u.abilities.length ? `; ${u.abilities.join(", ")}` : ""}` },
      h("div", { class: "name" }, u.name), h("div", { class: "cls" }, `${u.class} · ${u.cost} mana`),
      u.abilities.length ? h("div", { class: "text" }, u.abilities.join(", ")) : null,
      h("div", { class: "nums" }, h("span", { class: "atk" }, `⚔${u.attack}`), h("span", { class: "def" }, `♜${u.pdef}/${u.mdef}`), h("span", {}, `❤${u.health}`)));
  }
  const sp = (ctx.cat.spells || [])[id - nu];
  return h("div", { class: `card spell ${cls || ""}`, "data-card": sp ? sp.name : "", title: sp ? `${sp.name}: ${sp.phase} spell, ${sp.cost} mana` : "" },
    h("div", { class: "name" }, sp ? sp.name : `spell ${id}`), h("div", { class: "cls" }, sp ? `${sp.phase} spell${sp.relic ? " · relic" : ""}` : ""),
    h("div", { class: "nums" }, h("span", {}, sp ? `✦${sp.cost}` : "")));
}

function cardName(ctx, id) {
  const nu = (ctx.cat.units || []).length;
  return id < nu ? ctx.cat.units[id].name : ((ctx.cat.spells || [])[id - nu] || {}).name;
}

function hexMap(ctx, sc, acts) {
  const o = ctx.obs;
  const R = 30;
  const W = Math.sqrt(3);
  const pts = sc.cells.map(([q, r]) => [1.5 * R * q, W * R * (r + q / 2)]);
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const minX = Math.min(...xs) - R - 2, minY = Math.min(...ys) - R - 2;
  const width = Math.max(...xs) - minX + R + 2, height = Math.max(...ys) - minY + R + 2;
  const svg = s("svg", { class: "hexmap", viewBox: `${minX} ${minY} ${width} ${height}`, role: "img", "aria-label": sc.title });
  svg.style.maxWidth = `${Math.round(width * 1.35)}px`;
  const sel = ctx.selected ? ctx.selected.key : "";
  const srcSel = sel.startsWith("src-") ? sel.slice(4) : null;
  const cardSel = sel.startsWith("card-") ? sel.slice(5) : null;
  const home = [new Set(sc.home[0]), new Set(sc.home[1])];
  sc.cells.forEach(([q, r], i) => {
    const key = `${q},${r}`;
    const [x, y] = pts[i];
    const corners = [0, 1, 2, 3, 4, 5].map((k) => [x + (R - 1) * Math.cos((Math.PI / 3) * k), y + (R - 1) * Math.sin((Math.PI / 3) * k)].map((v) => v.toFixed(1)).join(",")).join(" ");
    const ctrl = o.control[i];
    if (o.gone && o.gone[i]) { // §9.2 Solo Scenario 1: the tile left the game
      svg.appendChild(s("g", { class: "hex gone", "data-cell": key }, s("title", {}, `${key}: left the game`),
        s("polygon", { points: corners, fill: "#1b1b1b", stroke: "#0006", "stroke-dasharray": "4 3", "stroke-width": 1 })));
      return;
    }
    const g = s("g", { class: "hex", "data-cell": key });
    g.appendChild(s("title", {}, `${key} ${titleCase(sc.terrain[i])}${sc.tiles[i] ? ` (${sc.tiles[i]})` : ""}${sc.mana[i] ? `, ${sc.mana[i]} mana` : ""}${ctrl >= 0 ? `, held by ${ctx.seatName(ctrl)}` : ""}`));
    g.appendChild(s("polygon", { points: corners, fill: TERRAIN[sc.terrain[i]] || "#999", stroke: ctrl >= 0 ? seatColour(ctrl) : "#0006", "stroke-width": ctrl >= 0 ? 3 : 1, class: "hex-shape" }));
    if (home[0].has(i) || home[1].has(i)) g.appendChild(s("polygon", { points: corners, fill: "none", stroke: seatColour(home[0].has(i) ? 0 : 1), "stroke-dasharray": "3 3", "stroke-width": 1, transform: `translate(${x} ${y}) scale(0.82) translate(${-x} ${-y})` }));
    g.appendChild(s("text", { x, y: y - R * 0.62, class: "hex-coord" }, key));
    if (sc.mana[i]) g.appendChild(s("text", { x, y: y + R * 0.8, class: "hex-mana" }, `✦${sc.mana[i]}`));
    if (o.portal && o.portal[i] >= 0) g.appendChild(s("circle", { cx: x - R * 0.55, cy: y + R * 0.1, r: 5, class: "portal", fill: seatColour(o.portal[i]) }));
    const u = o.unit[i];
    if (u >= 0) {
      const ut = ctx.cat.units[u] || { name: "?" };
      const owner = o.owner[i];
      const flags = o.flags[i] || 0;
      const guardian = (o.guardians || []).includes(u);
      g.appendChild(s("circle", { cx: x, cy: y + 2, r: R * 0.52, fill: seatColour(owner), stroke: flags & ((ctx.cat.flags || {}).shield || 64) ? "#fff" : guardian ? "#f0c35e" : "#0008", "stroke-width": guardian || flags & 64 ? 3 : 1.5 }));
      g.appendChild(s("text", { x, y: y + 6, class: "unit-label" }, initials(ut.name)));
      if (o.wounds[i]) g.appendChild(s("text", { x: x + R * 0.55, y: y - R * 0.25, class: "wounds" }, `-${o.wounds[i]}`));
      if (flags & ((ctx.cat.flags || {}).stunned || 32)) g.appendChild(s("text", { x: x - R * 0.5, y: y + R * 0.62, class: "stunned" }, "z"));
      g.querySelector("title").textContent += ` — ${ut.name} (${ctx.seatName(owner)}), ${Math.max(0, (ut.health || 0) - o.wounds[i])}/${ut.health} health`;
      g.dataset.unit = ut.name;
    }
    // the moves this hex takes: as the target of a selected unit or card, else as a source
    let list = [];
    if (srcSel) list = acts.two.filter((a) => a.src === srcSel && a.dst === key).map((a) => a.n);
    if (cardSel) list = acts.card.filter((a) => a.name === cardSel && a.at === key).map((a) => a.n);
    if (list.length) ctx.bind(g, list, `dst-${key}`);
    else {
      const own = [...acts.two.filter((a) => a.src === key).map((a) => a.n), ...acts.one.filter((a) => a.at === key).map((a) => a.n)];
      if (own.length) ctx.bind(g, own, `src-${key}`);
    }
    if (srcSel === key) g.classList.add("selected-hex");
    svg.appendChild(g);
  });
  return svg;
}

// A solo scenario (§9.2): one seat, the person; side 1 is the Non-Player, played by the rules.
// Its every step reaches the event log (its cards, moves, battles, reinforcements, spawns).
function soloCtx(ctx) {
  const o = ctx.obs || {};
  if (!Array.isArray(o.npc)) return ctx;
  const named = Object.create(ctx);
  named.seatName = (p) => (p === 1 ? "The Non-Player" : ctx.seatName(p));
  return named;
}

const CHOICE = {
  npc_tile: (e) => `which tile the Non-Player's unit at ${e.unit} moves into (${(e.options || []).join(", ")})`,
  npc_foe: (e) => `which of your units the Non-Player's unit at ${e.unit} attacks (${(e.options || []).join(", ")})`,
  lose: (e) => `a card to lose (${e.left} to go)`,
  placement: (e) => `where the Non-Player's ${e.unit} arrives (a ${String(e.terrain).replace(/_/g, " ")} tile)`,
};

const NPC_EVENT = {
  npc_turn: (e) => `— The Non-Player's turn ${e.turn} —`,
  npc_placed: (e) => `The Non-Player's ${e.unit} appears at ${e.cell}`,
  npc_reinforcement: (e) => `The Non-Player reinforces ${e.cell}`,
  npc_battle_draw: (e) => `The Non-Player draws ${e.cards} battle card${e.cards === 1 ? "" : "s"}`,
  npc_battle_discard: (e) => `The Non-Player discards ${(e.spells || []).join(", ")}`,
  npc_card_fizzles: (e) => `The Non-Player's ${e.spell} finds no target`,
  npc_choice: (e) => `You choose ${e.cell} for the Non-Player`,
  tile_removed: (e) => `The tile ${e.cell} leaves the game`,
  unit_removed: (e) => `${e.unit} at ${e.cell} falls with its tile`,
  unit_discarded: (e) => `${e.unit} at ${e.cell} is destroyed`,
  settlement_captured: (e) => `The Non-Player captures ${e.cell}: you must lose ${e.cards} card${e.cards === 1 ? "" : "s"}`,
  card_lost: (e) => `You lose ${e.card}`,
  land_type_taken: (e) => `The Non-Player holds every ${String(e.terrain).replace(/_/g, " ")} tile`,
  warlord_killed: (e) => `${e.unit} is slain`,
  solo_result: (e) => (e.won ? "You win the scenario" : "You lose the scenario"),
  home_row: (e, ctx) => `${ctx.seatName(e.seat)} ${e.seat === ctx.seat ? "choose" : "chooses"} Home Row ${e.row}`,
  home_row_ability: (e, ctx) => `${ctx.seatName(e.seat)} ${e.seat === ctx.seat ? "use" : "uses"} ${e.ability}`,
  vp_spent: (e, ctx) => `${ctx.seatName(e.seat)} ${e.seat === ctx.seat ? "spend" : "spends"} ${e.points} victory points for ${e.mana} mana`,
  deck_add: (e) => `${e.card} joins your deck`,
  deck_built: (e) => `Your deck: ${e.units} units and ${e.spells} spells`,
  healed: (e) => `The unit at ${e.cell} heals ${e.amount}`,
  choice: (e, ctx) => (CHOICE[e.kind] ? `${ctx.seatName(e.seat)} ${e.seat === ctx.seat ? "choose" : "chooses"} ${CHOICE[e.kind](e)}` : undefined),
};

export default {
  title: () => "Guardians of Graxia",
  phase(ctx) {
    const o = ctx.obs;
    const sc = ctx.cat.scenarios && ctx.cat.scenarios[(o.config || {}).scenario];
    return `${sc ? sc.title : ""} · turn ${o.turn}${sc ? `/${sc.turns}` : ""} · ${PHASES[o.phase] || titleCase(o.phase || "")}`;
  },
  label(n) {
    let m;
    if ((m = n.match(TWO))) return `${titleCase(m[1])} ${m[2]} → ${m[3]}`;
    if ((m = n.match(CARD))) return `${titleCase(m[1])} ${m[2]} at ${m[3]}`;
    if ((m = n.match(SPELL_AT))) return `Cast ${m[2]} on ${m[3]}`;
    if ((m = n.match(/^sacrifice (.+) (attack|defence)$/))) return `Sacrifice ${m[1]} (${m[2]})`;
    return { end: "End", pass: "Pass", "draw unit": "Draw a unit card", "draw spell": "Draw a spell card", "buy unit": "Buy a unit card", "buy spell": "Buy a spell card", bluff: "Bluff (sacrifice nothing)", advance: "Advance", stay: "Stay" }[n] || n.replace(/^(\w)/, (c) => c.toUpperCase());
  },
  choiceLabel(n) {
    const m = n.match(TWO) || n.match(ONE);
    if (m) return `${titleCase(m[1])}${m[3] ? ` → ${m[3]}` : ""}`;
    const c = n.match(CARD) || n.match(SPELL_AT);
    return c ? `${c[1] === "spell" ? "Cast on" : titleCase(c[1])} ${c[3]}` : undefined;
  },
  trayLabel(sel) {
    if (sel.key.startsWith("src-")) return `Unit at ${sel.key.slice(4)} — pick a hex or:`;
    if (sel.key.startsWith("card-")) return `${sel.key.slice(5)} — pick a hex or:`;
    return "Choose:";
  },
  event(e, ctx0) {
    const ctx = soloCtx(ctx0);
    const who = e.seat != null ? ctx.seatName(e.seat) : "";
    const npc = NPC_EVENT[e.type];
    if (npc) return npc(e, ctx);
    switch (e.type) {
      case "round": return `— ${ctx.seatName(e.seat)}'s round, turn ${e.turn} —`;
      case "move": return `A unit moves ${e.frm} → ${e.dest}`;
      case "summon": return `${who} summons ${e.unit} at ${e.cell} (${e.cost} mana)`;
      case "ability": return `${who}'s ${e.unit} uses ${e.ability}${e.target ? ` on ${e.target}` : ""}`;
      case "spell": return `${who} casts ${e.spell}${e.target ? ` on ${e.target}` : ""}`;
      case "switch": return `Units at ${e.a} and ${e.b} switch places`;
      case "shield": return `The unit at ${e.cell} forms a shield`;
      case "retreat": return `${who} retreats to ${e.dest}`;
      case "portals": return `${who} opens portals at ${(e.cells || []).join(" and ")}`;
      case "portal_removed": return `${who} removes the portal at ${e.cell}`;
      case "battle": return `Battle! ${e.attacker} attacks ${e.defender}${e.bv ? ` (${e.bv.join(" vs ")})` : ""}`;
      case "battle_values": return `Battle values ${(e.bv || []).join(" vs ")}`;
      case "battle_wounds": return `Battle values ${(e.bv || []).join(" vs ")}: ${JSON.stringify(e.wounds)} wounds`;
      case "eliminated": return `${e.unit || "The unit"} at ${e.cell} is eliminated`;
      case "wounds": return `The unit at ${e.cell} takes ${e.amount} wound${e.amount === 1 ? "" : "s"}`;
      case "mana": return `${who} gains ${e.gain} mana`;
      case "victory_points": return `${who} scores ${e.points} victory points (${e.why})`;
      case "guardian": return `${who} chooses ${e.unit} as guardian`;
      case "drafted": return `${who} drafts ${e.unit}`;
      case "draw": return `${who} draws a ${e.kind} card`;
      case "committed": return `${who} has made a secret choice`;
      case "bluff": return `${who} bluffs`;
      case "game_over": return `Game over: ${e.winner >= 0 ? ctx.seatName(e.winner) : "nobody"} wins`;
      case "setup_done": return `Set-up done: ${ctx.seatName(e.first)} start${e.first === ctx.seat ? "" : "s"}`;
      case "placed": return `${who} places ${e.unit} at ${e.cell}`;
      case "drawn": return `The card drawn: ${e.card}`;
      case "reshuffle": return `${who} reshuffles the ${e.pile} pile`;
      case "battle_spell": return `${who} plays ${e.spell} in the battle`;
      case "battle_ability": return `${who} uses ${e.ability} in the battle`;
      case "battle_pass": return `${who} passes`;
      case "battle_end": return "The battle ends";
      case "sacrifice": return `${who} sacrifices ${e.spell} for ${e.use} (+${e.modifier})`;
      case "sacrifice_step": return "The sacrifices are revealed";
      case "recovered": return `${who} recovers ${e.card}`;
      case "reflect": return `The attack is reflected from ${e.frm} to ${e.dest}`;
      case "supporter_turned": return `The supporter at ${e.cell} changes sides`;
      case "battle_result": return e.winner === 0 || e.winner === 1 ? `${ctx.seatName(e.winner)} ${e.winner === ctx.seat ? "win" : "wins"} the battle` : "The battle is a draw";
      case "retreat_blocked": return `The unit at ${e.cell} cannot retreat`;
      case "card_effect": return `${who}: ${String(e.kind).replace(/_/g, " ")}`;
      default: return undefined;
    }
  },
  render(ctx0) {
    const ctx = soloCtx(ctx0);
    const sc = scenarioOf(ctx);
    if (!sc) return generic.render(ctx);
    const o = ctx.obs;
    const acts = parsed(ctx.legal);
    const me = ctx.seat;
    // pre-select a card to place, else a unit to command, so the map always offers moves
    const placing = acts.card.filter((a) => a.verb !== "spell");
    if (placing.length) ctx.selectDefault(`card-${placing[0].name}`, placing.filter((a) => a.name === placing[0].name).map((a) => a.n));
    else if (acts.two.length) ctx.selectDefault(`src-${acts.two[0].src}`, acts.two.filter((a) => a.src === acts.two[0].src).map((a) => a.n));
    const seats = [0, 1].map((p) => h("div", { class: "zone graxia-seat", style: { borderColor: seatColour(p) } },
      seatHead(ctx, p, [
        stat("✦", o.mana[p], "mana", "mana"), stat("★", o.vp[p], "victory points", "gold"),
        stat("🂠", `${o.hand_counts[p][0]}+${o.hand_counts[p][1]}`, "unit + spell cards in hand"),
        stat("☰", `${o.deck_sizes[o.udeck[p]]}/${o.deck_sizes[o.sdeck[p]]}`, "unit / spell deck"),
        o.guardians && o.guardians[p] >= 0 ? h("span", { class: "stat", title: "guardian" }, `♛ ${cardName(ctx, o.guardians[p])}`) : null,
      ], o.current === p)));
    const parts = [h("div", { class: "row graxia-seats" }, seats), h("div", { class: "map-wrap" }, hexMap(ctx, sc, acts))];
    if (me != null) {
      const choose = (id) => ctx.legal.filter((n) => n === `choose "${cardName(ctx, id)}"` || n === `spy "${cardName(ctx, id)}"`);
      const hand = (o.hand || []).map((id) => {
        const name = cardName(ctx, id);
        const list = [...acts.card.filter((a) => a.name === name).map((a) => a.n), ...ctx.legal.filter((n) => n === `spell ${name}` || n.startsWith(`sacrifice ${name} `))];
        return ctx.bind(unitCard(ctx, id, "small"), list, `card-${name}`);
      });
      const pool = (o.pool || []).map((id) => ctx.bind(unitCard(ctx, id, "small"), choose(id), `pool-${id}`));
      if (pool.length) parts.push(zone("Your set-up pool", h("div", { class: "row center" }, pool)));
      parts.push(zone("Your hand", h("div", { class: "row center hand" }, hand.length ? hand : h("span", { class: "muted" }, "empty"))));
    }
    return h("div", { class: "graxia-board" }, parts);
  },
};
