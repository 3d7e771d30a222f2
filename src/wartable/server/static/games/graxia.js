// Guardians of Graxia: the hex map (axial q,r, flat-topped hexes), units with their owners,
// wounds and shields, the guardians, mana and victory points, hands of unit and spell cards.
// Sub-modules: graxia/map.js (the map), graxia/panels.js (card detail, briefing, battle,
// help, legend), graxia/log.js (the log's sentences).

import { h, titleCase } from "../ui.js";
import { seatHead, stat, zone } from "./common.js";
import generic from "./generic.js";
import { hexMap, mapControls, scenarioOf, TERRAIN } from "./graxia/map.js";
import { battlePanel, briefing, cardDetail, help, legend, removalSchedule, unitEntry } from "./graxia/panels.js";
import { SENTENCES, sentenceCtx } from "./graxia/log.js";

const PHASES = {
  guardian: "Choose your guardian", draft: "Draft your units", place: "Place your units", draw: "Draw cards", command: "Command phase",
  battle: "Battle!", sacrifice: "Secret sacrifice", retreat: "Retreat", advance: "Advance", buy: "Buy cards", over: "Game over",
};
const BATTLE_PHASES = new Set(["battle", "sacrifice", "retreat", "advance"]);
const CELL = "(-?\\d+,-?\\d+)";
const TWO = new RegExp(`^(move|attack|shoot|ability|portal|give) ${CELL} ${CELL}$`);
const ONE = new RegExp(`^(shield|retreat|drop|target|mend|volley|unplace) ${CELL}$`); // target: a choice of a tile (solo: Home Row, the Non-Player's tile, target, spawn)
const CARD = new RegExp(`^(summon|place) "(.+)" ${CELL}$`);
const SPELL_AT = new RegExp(`^(spell) (.+) ${CELL}$`);

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
    const ab = (u.ability_text || []).map((a) => a.name);
    return h("div", { class: `card unit graxia-unit ${cls || ""}`, "data-card": u.name },
      h("div", { class: "name" }, u.name), h("div", { class: "cls" }, `${titleCase(u.class.replace(/_/g, " "))} · ${u.class === "guardian" ? "Guardian" : `${u.cost} mana`}`),
      ab.length ? h("div", { class: "text" }, ab.join(", ")) : null,
      unitStats(u));
  }
  const sp = (ctx.cat.spells || [])[id - nu];
  return h("div", { class: `card spell ${cls || ""}`, "data-card": sp ? sp.name : "" },
    h("div", { class: "name" }, sp ? sp.name : `spell ${id}`), h("div", { class: "cls" }, sp ? `${sp.phase === "both" ? "command or battle" : sp.phase} spell${sp.relic ? " · relic" : ""}` : ""),
    sp ? h("div", { class: "text" }, sp.text.length > 70 ? `${sp.text.slice(0, 68)}…` : sp.text) : null,
    h("div", { class: "nums graxia-stats" }, h("span", { title: "mana cost" }, sp ? `${sp.cost} mana` : ""), h("span", { class: "graxia-sac", title: "sacrifice value" }, sp ? `sac ${sp.modifier}` : "")));
}

// Each value on its own, labelled: attack with its type (p/m), health, then both defences.
function unitStats(u) {
  const kind = (t) => (t === "magical" ? "m" : "p");
  return h("div", { class: "nums graxia-stats" },
    h("span", { class: "atk", title: `attack ${u.attack} (${u.attack_type})` }, `Atk ${u.attack}${kind(u.attack_type)}`),
    h("span", { class: "hp", title: `health ${u.health}` }, `HP ${u.health}`),
    h("span", { class: "def", title: `defence: ${u.pdef} physical, ${u.mdef} magical` }, `Def ${u.pdef}p ${u.mdef}m`));
}

function cardName(ctx, id) {
  const nu = (ctx.cat.units || []).length;
  return id < nu ? ctx.cat.units[id].name : ((ctx.cat.spells || [])[id - nu] || {}).name;
}

// A solo scenario (§9.2): one seat, the person; side 1 is the Non-Player, played by the rules.
function soloCtx(ctx) {
  const o = ctx.obs || {};
  const named = Object.create(ctx);
  named.scenario = scenarioOf(ctx);
  if (Array.isArray(o.npc)) named.seatName = (p) => (p === 1 ? "The Non-Player" : ctx.seatName(p));
  return named;
}

// ----- the battle being resolved, gathered from its events (each event object once) -----
const seen = new WeakSet();
let fight = null;

function ingest(e, ctx) {
  if (!e || typeof e !== "object" || seen.has(e)) return;
  seen.add(e);
  const sideOf = (seat) => (fight && fight.seats ? (fight.seats[0] === seat ? 0 : 1) : 0);
  switch (e.type) {
    case "battle": {
      const att = typeof ctx.obs.current === "number" ? ctx.obs.current : 0;
      fight = { attacker: e.attacker, defender: e.defender, attackerUnit: e.attacker_unit || `the unit at ${e.attacker}`, defenderUnit: e.defender_unit || `the unit at ${e.defender}`, bv: [...(e.bv || [0, 0])], terms: [], plays: [], seats: [att, 1 - att], phase: "exchange" };
      break;
    }
    case "battle_values": if (fight) { fight.terms = e.terms || []; fight.bv = [...(e.bv || fight.bv)]; } break;
    case "battle_spell": if (fight) fight.plays.push({ side: sideOf(e.seat), text: `${e.spell} (battle spell)` }); break;
    case "battle_ability": if (fight) fight.plays.push({ side: sideOf(e.seat), text: `${e.ability} (battle ability)` }); break;
    case "sacrifice_step": if (fight) fight.phase = "sacrifice"; break;
    case "sacrifice":
      if (fight) {
        const k = sideOf(e.seat);
        if (e.use === "defence") fight.plays.push({ side: 1 - k, amount: -e.modifier, text: `${e.spell} sacrificed by the other side in defence` });
        else fight.plays.push({ side: k, amount: e.modifier, text: `${e.spell} sacrificed in attack` });
      }
      break;
    case "bluff": if (fight) fight.plays.push({ side: sideOf(e.seat), amount: 0, text: "bluff: no card sacrificed" }); break;
    case "battle_wounds": if (fight) { fight.bv = [...(e.bv || fight.bv)]; fight.wounds = e.wounds; fight.phase = "done"; } break;
    case "battle_result": if (fight) fight.outcome = e.winner === 0 || e.winner === 1 ? `${ctx.seatName(e.winner)} ${e.winner === ctx.seat ? "win" : "wins"} the battle.` : "The battle is a draw."; break;
    default: break;
  }
}

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
    if ((m = n.match(/^unplace (.+)$/))) return `Take back the unit placed at ${m[1]}`;
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
    if (sel.key.startsWith("src-")) return `Unit at ${sel.key.slice(4)} — pick a highlighted hex or:`;
    if (sel.key.startsWith("card-")) return `${sel.key.slice(5)} — pick a highlighted hex or:`;
    return "Choose:";
  },
  event(e, ctx0) {
    const ctx = sentenceCtx(soloCtx(ctx0));
    ingest(e, ctx);
    const make = SENTENCES[e.type];
    return make ? make(e, ctx) : undefined;
  },
  cardDetail: (name, ctx) => cardDetail(name, ctx),
  help: () => help(),
  briefing(ctx0) {
    const ctx = soloCtx(ctx0);
    const sc = ctx.scenario;
    return sc ? briefing(ctx, sc, removalSchedule(sc, ctx.obs)) : null;
  },
  battle(ctx0) {
    const ctx = soloCtx(ctx0);
    for (const e of ctx.lastEvents || []) ingest(e, ctx);
    const inBattle = BATTLE_PHASES.has(ctx.obs.phase);
    const justEnded = (ctx.lastEvents || []).some((e) => e.type === "battle_wounds" || e.type === "battle_end");
    if (!fight || !(inBattle || justEnded)) return null;
    const f = ctx.obs.battle;
    const bf = ctx.cat.battle_fields || {};
    if (inBattle && Array.isArray(f) && bf.bv0 != null && fight.phase !== "done") fight.bv = [f[bf.bv0], f[bf.bv0 + 1]];
    if (ctx.obs.phase === "sacrifice") fight.phase = "sacrifice";
    return battlePanel(ctx, fight);
  },
  scores(ctx) {
    const o = ctx.obs;
    const seats = Array.isArray(o.npc) ? [0] : [0, 1];
    return seats.map((p) => ({ seat: p, text: `${o.vp[p]} victory points · ${o.mana[p]} mana · ${o.control.filter((c) => c === p).length} tiles` }));
  },
  lastMoves(ctx) {
    for (const el of document.querySelectorAll(".graxia-board .hex.last-move")) el.classList.remove("last-move");
    for (const e of ctx.lastEvents || []) {
      if (e.seat === ctx.seat && e.type !== "battle") continue;
      for (const k of ["dest", "cell", "defender", "attacker"]) {
        if (typeof e[k] !== "string") continue;
        const el = document.querySelector(`.graxia-board [data-hex="${e[k]}"]`);
        if (el) el.classList.add("last-move");
      }
    }
  },
  render(ctx0) {
    const ctx = soloCtx(ctx0);
    const sc = ctx.scenario;
    if (!sc) return generic.render(ctx0);
    const o = ctx.obs;
    const acts = parsed(ctx.legal);
    const me = ctx.seat;
    const placing = acts.card.filter((a) => a.verb !== "spell");
    if (placing.length) ctx.selectDefault(`card-${placing[0].name}`, placing.filter((a) => a.name === placing[0].name).map((a) => a.n));
    else if (acts.two.length) ctx.selectDefault(`src-${acts.two[0].src}`, acts.two.filter((a) => a.src === acts.two[0].src).map((a) => a.n));
    const solo = Array.isArray(o.npc);
    const seats = (solo ? [0, 1] : [0, 1]).map((p) => {
      const z = h("div", { class: `zone graxia-seat seat-${p}` },
        seatHead(ctx, p, [
          stat("✦", o.mana[p], "mana", "mana"), stat("★", o.vp[p], "victory points", "gold"),
          stat("🂠", `${o.hand_counts[p][0]}+${o.hand_counts[p][1]}`, "unit + spell cards in hand"),
          stat("☰", `${o.deck_sizes[o.udeck[p]]}/${o.deck_sizes[o.sdeck[p]]}`, "unit / spell deck"),
          o.guardians && o.guardians[p] >= 0 ? h("span", { class: "stat", title: "guardian", "data-card": cardName(ctx, o.guardians[p]) }, `♛ ${cardName(ctx, o.guardians[p])}`) : null,
        ], o.current === p));
      return z;
    });
    const schedule = removalSchedule(sc, o);
    const svg = hexMap(ctx, sc, acts, schedule);
    const parts = [h("div", { class: "row graxia-seats" }, seats)];
    if (schedule.next) parts.push(h("p", { class: "graxia-warning", role: "status" }, `⚠ ${schedule.next.cells.length} tiles marked ⚠ leave the game at the start of turn ${schedule.next.turn}, with every unit on them.`));
    parts.push(mapControls(svg), h("div", { class: "map-wrap" }, svg), legend(ctx, sc, TERRAIN));
    if (me != null) {
      parts.push(...setupZone(ctx, sc, acts));
      const hand = (o.hand || []).map((id) => {
        const name = cardName(ctx, id);
        const list = [...acts.card.filter((a) => a.name === name).map((a) => a.n), ...ctx.legal.filter((n) => n === `spell ${name}` || n.startsWith(`sacrifice ${name} `))];
        return ctx.bind(unitCard(ctx, id, "small"), list, `card-${name}`);
      });
      parts.push(zone("Your hand", h("div", { class: "row center hand" }, hand.length ? hand : h("span", { class: "muted" }, "empty"))));
    }
    return h("div", { class: "graxia-board" }, parts);
  },
};

// the set-up pool: click a unit, then a highlighted hex; the budget left; the Guardian to place
function setupZone(ctx, sc, acts) {
  const o = ctx.obs;
  const me = ctx.seat;
  const out = [];
  const placed = (o.placing || []).map(([u]) => u);
  const left = [...(o.pool || [])];
  for (const u of placed) { const i = left.indexOf(u); if (i >= 0) left.splice(i, 1); }
  const choose = (id) => ctx.legal.filter((n) => n === `choose "${cardName(ctx, id)}"` || n === `spy "${cardName(ctx, id)}"`);
  const placeOf = (name) => acts.card.filter((a) => a.verb === "place" && a.name === name).map((a) => a.n);
  const cards = left.map((id) => {
    const name = cardName(ctx, id);
    const list = [...placeOf(name), ...choose(id)];
    const card = ctx.bind(unitCard(ctx, id, "small"), list, list.length > 1 ? `card-${name}` : undefined);
    if (!list.length && o.phase === "place") card.classList.add("unaffordable");
    return card;
  });
  const g = (o.guardians || [])[me];
  if (o.phase === "place" && g >= 0 && placeOf(cardName(ctx, g)).length) cards.unshift(ctx.bind(unitCard(ctx, g, "small guardian-card"), placeOf(cardName(ctx, g)), `card-${cardName(ctx, g)}`));
  if (o.phase === "place" && !o.npc) {
    const budget = (sc.budget || [])[me] || 0;
    const spent = (o.placing || []).reduce((t, [u]) => { const e = ctx.cat.units[u]; return t + (e && e.class !== "guardian" ? e.cost : 0); }, 0);
    const waiting = ((o.commit || {}).waiting_for || []).includes(me);
    out.push(h("p", { class: "graxia-budget", role: "status" },
      sc.draft[me] === "assassination" ? `${placed.length} units placed face down.` : `Mana left to spend: ${budget - spent} of ${budget}.`,
      ` ${placed.length} placed face down (dashed); click one on the map to take it back. ${waiting ? "Click a unit below, then a highlighted hex; press End when done." : "You are done: waiting for the other side to finish before both turn face up."}`));
  }
  if (cards.length) out.push(zone(o.phase === "place" ? "Your set-up pool: pick a unit, then a hex" : "Your set-up pool", h("div", { class: "row center" }, cards)));
  return out;
}

export { unitEntry };
