// Skirmish: Battle for Draconia — three lines per player, face-down deployment, camps and
// graveyards, health and supply.

import { h, inkOn, titleCase, seatColour } from "../ui.js";
import { seatHead, backs, health, stat, zone } from "./common.js";
import { unitAt, eventText, cardDetail, help, briefing, scores, battle } from "./draconia-text.js";

const LINES = ["Left", "Middle", "Right"];
const FACTION_COLOUR = {
  ironshroud: "#7d8794", scorching_sands: "#d49a3a", amazania: "#3e9a4f",
  frostfjell: "#6fb3d9", zigmar: "#9a58c4", highwood: "#4f7d35",
};
const PHASES = {
  faction: "Choose your faction", deploy: "Deploy units face down", arrow: "Arrow strikes", main: "Main phase",
  skirmish: "Skirmish!", maneuver: "Maneuver", revive: "Revive", camp_retrieve: "Retrieve from the Camp",
  camp_spend: "Spend supply at the Camp", over: "Game over", settlement: "Choose a settlement", palace: "Crimson Palace",
  bellow: "Beast's Bellow", bombard: "Bombard", draft_leader: "Draft a leader", draft_champion: "Draft champions", draft_basic: "Draft units",
};

function unitOf(ctx, seat, pos) {
  return unitAt(ctx, seat, pos);
}

// a unit card: name, class, ability chips and its attack / defense, readable at a glance
function unitFace(u, cls, note) {
  const chips = (u.abilities || []).map((a) => h("span", { class: "chip" }, `${a.name}${a.count > 1 ? `×${a.count}` : ""}`));
  return h("div", { class: `card unit ${u.class} ${cls || ""}`, "data-card": u.name, title: `${u.name}: ${u.class}, attack ${u.attack}, defense ${u.defense}${u.text ? `, ${u.text}` : ""}`, style: { "--fc": FACTION_COLOUR[u.faction] || "#888" } },
    h("div", { class: "name" }, u.name),
    h("div", { class: "cls" }, u.class),
    chips.length ? h("div", { class: "chips" }, chips) : null,
    note ? h("div", { class: "note" }, note) : null,
    h("div", { class: "nums" },
      h("span", { class: "atk", "aria-label": `attack ${u.attack}` }, `⚔${u.attack}`),
      h("span", { class: "def", "aria-label": `defense ${u.defense}` }, `♜${u.defense}`)));
}

function unitCard(ctx, seat, pos, cls, note) {
  const u = unitOf(ctx, seat, pos);
  if (!u) return h("div", { class: `card ${cls || ""}` }, "unit");
  return unitFace(u, cls, note);
}

function unitById(ctx, uid, cls) {
  const u = (ctx.cat.units || [])[uid];
  if (!u) return h("div", { class: `card ${cls || ""}` }, "unit");
  return unitFace(u, cls);
}

function cardActions(ctx, pos) {
  const re = new RegExp(` #${pos}$`);
  return ctx.legal.filter((n) => re.test(n));
}

// the seat's own hidden deployment, read back from its commitment buffer
function pendingDeploys(ctx) {
  const mine = (ctx.obs.commit && ctx.obs.commit.mine) || [];
  const base = ctx.cat.deploy_action;
  const size = ctx.cat.deck_size || 17;
  const out = {};
  if (base == null) return out;
  for (const a of mine) {
    if (a >= base && a < base + 3 * size) out[Math.floor((a - base) / size)] = (a - base) % size;
  }
  return out;
}

const BLESSINGS = ["defense", "ambush", "arrows"];

function tokens(p, line) {
  const out = [];
  const marks = p.marks || [];
  // settlement tokens on the status slots: Burn, Crack, Pyramids (marks[kind + line])
  for (let i = 0; i < (marks[line] || 0); i++) out.push(h("span", { class: "token burn", title: "Burn token" }, "B"));
  if (marks[3 + line]) out.push(h("span", { class: "token crack", title: "cracked" }, "C"));
  if (marks[6 + line]) out.push(h("span", { class: "token pyramid", title: "Pyramid: attack" }, "▲"));
  if (marks[9 + line]) out.push(h("span", { class: "token pyramid", title: "Pyramid: defense" }, "△"));
  const b = p.bless || [];
  if (b[0] === line) {
    const kind = b[1] >= 0 && b[3] ? BLESSINGS[b[1]] : b[1] >= 0 ? `${BLESSINGS[b[1]]} (face down)` : "face down";
    out.push(h("span", { class: "token blessing", title: `Blessing: ${kind}` }, "✦"));
  }
  for (let i = 0; i < (p.slot_supply[line] || 0); i++) out.push(h("span", { class: "token supply", title: "supply token" }, "S"));
  for (let i = 0; i < (p.slot_fortify[line] || 0); i++) out.push(h("span", { class: "token fortify", title: "fortify token" }, "F"));
  return out.length ? h("div", { class: "tokens" }, out) : null;
}

function slot(ctx, seat, line, pending) {
  const o = ctx.obs;
  const p = o.players[seat];
  const pos = p.field[line];
  const mine = seat === ctx.seat;
  let el;
  if (pos >= 0 && p.face_up[line]) el = unitCard(ctx, seat, pos, "small");
  else if (pos >= 0 && mine) el = unitCard(ctx, seat, pos, "small facedown-own", "face down");
  else if (pos === -2 || (pos >= 0 && !p.face_up[line])) el = h("div", { class: "card small back", title: "face-down unit" });
  else if (mine && pending[line] != null) el = unitCard(ctx, seat, pending[line], "small facedown-own pending", "placed — hidden");
  else el = h("div", { class: "card small empty" }, LINES[line]);
  const wrap = h("div", { class: "slot", "data-line": String(line + 1), "data-seat": String(seat) }, el, tokens(p, line));
  const L = `L${line + 1}`;
  const acts = [];
  if (mine) {
    acts.push(...ctx.legal.filter((n) => new RegExp(`^(reveal|supply|glimmerspire|bless|pyramid) ${L}( |$)`).test(n)));
    if (ctx.selected && ctx.selected.key.startsWith("hand-")) {
      const c = ctx.selected.key.slice(5);
      if (ctx.has(`deploy ${L} #${c}`)) acts.push(`deploy ${L} #${c}`);
    }
  } else if (ctx.seat != null) {
    const two = o.players.length === 2;
    if (two) acts.push(...ctx.legal.filter((n) => n === `attack ${L}` || n === `cautious ${L}` || n === `arrow ${L}`));
    acts.push(...ctx.legal.filter((n) => n === `attack ${L} @${seat}` || n === `cautious ${L} @${seat}` || n === `arrow @${seat} ${L}`));
  }
  if (acts.length) ctx.bind(wrap, acts, `slot-${seat}-${line}`);
  return wrap;
}

function playerBoard(ctx, seat, pending) {
  const o = ctx.obs;
  const p = o.players[seat];
  const mine = seat === ctx.seat;
  const waiting = (o.commit && o.commit.waiting_for) || [];
  const fac = p.faction || "?";
  const settlement = p.settlement >= 0 && ctx.cat.settlements ? ctx.cat.settlements[p.settlement] : null;
  const head = seatHead(ctx, seat, [
    h("span", { class: "faction", style: { background: FACTION_COLOUR[fac] || "#666", color: inkOn(FACTION_COLOUR[fac] || "#666") } }, titleCase(fac)),
    o.config && o.config.mode === "teams" ? h("span", { class: "stat", title: "2vs2: partners sit opposite" }, `Team ${seat % 2 === 0 ? "A" : "B"}`) : null,
    health(p.health),
    stat("⛁", p.supply, "supply tokens", "gold"),
    stat("🂠", p.hand_count, "cards in hand"),
    stat("☰", p.draw_count, "draw pile"),
    stat("☠", (p.grave || []).length, "graveyard"),
    o.first === seat ? h("span", { class: "stat", title: "first player token" }, "⚐ first") : null,
    settlement ? h("span", { class: "stat settlement", title: "settlement", "data-card": settlement.name }, `☗ ${settlement.name}`) : null,
    !p.alive ? h("span", { class: "stat" }, "eliminated") : null,
    o.phase === "deploy" && waiting.length ? h("span", { class: "waiting" }, waiting.includes(seat) ? "deploying…" : "ready") : null,
  ], ctx.toAct.includes(seat) || o.active === seat && o.phase === "main");
  const bombard = ctx.legal.filter((n) => n === `bombard @${seat}`);
  const lines = h("div", { class: "lines" }, [0, 1, 2].map((l) => slot(ctx, seat, l, mine ? pending : {})));
  const camp = (p.camp || []).map((c) => ctx.bind(unitCard(ctx, seat, c, "tiny"), mine ? cardActions(ctx, c) : [], `camp-${c}`));
  const grave = (p.grave || []).map((c) => ctx.bind(unitCard(ctx, seat, c, "tiny grave"), mine ? cardActions(ctx, c) : [], `grave-${c}`));
  const box = h("div", { class: `zone player${mine ? " mine" : ""}`, style: { borderColor: seatColour(seat) } },
    head,
    !mine && p.hand_count ? h("div", { class: "row hand-backs", title: `${p.hand_count} cards in hand` }, backs(p.hand_count, "micro", 9)) : null,
    lines,
    camp.length || grave.length ? h("div", { class: "row piles" },
      camp.length ? h("div", { class: "pile-row" }, h("div", { class: "zone-title" }, "Camp"), h("div", { class: "row" }, camp)) : null,
      grave.length ? h("div", { class: "pile-row" }, h("div", { class: "zone-title" }, "Graveyard"), h("div", { class: "row" }, grave)) : null) : null);
  if (bombard.length) ctx.bind(box.querySelector(".seat-head"), bombard);
  return box;
}

export default {
  title: () => "Battle for Draconia",
  phase(ctx) {
    const o = ctx.obs;
    return `Round ${o.round}/${(o.config && o.config.rounds) || 6} · ${PHASES[o.phase] || titleCase(o.phase)}`;
  },
  label(n, ctx) {
    let m;
    const c = ctx || {};
    const name = (pos) => {
      if (!c.obs || !c.obs.players || c.seat == null) return "a unit";
      const u = unitOf(c, c.seat, Number(pos));
      return u ? u.name : "a unit";
    };
    if ((m = n.match(/^deploy L(\d) #(\d+)$/))) return `Deploy ${name(m[2])} on the ${LINES[m[1] - 1].toLowerCase()} line`;
    if ((m = n.match(/^(retrieve|extra|persist|revive|maneuver|bellow) #(\d+)$/))) return `${titleCase(m[1])} ${name(m[2])}`;
    if ((m = n.match(/^(reveal|supply|glimmerspire|cautious|attack|arrow) L(\d)(?: @(\d))?$/))) {
      const what = { reveal: "Reveal", supply: "Supply token on", glimmerspire: "Glimmerspire on", cautious: "Cautious attack on", attack: "Attack on", arrow: "Arrow strike on" }[m[1]];
      return `${what} the ${LINES[m[2] - 1].toLowerCase()} line${m[3] != null ? ` of seat ${Number(m[3]) + 1}` : ""}`;
    }
    if ((m = n.match(/^arrow @(\d) L(\d)$/))) return `Arrow strike on seat ${Number(m[1]) + 1}'s ${LINES[m[2] - 1].toLowerCase()} line`;
    if ((m = n.match(/^(bless|pyramid) L(\d) (\w+)$/))) return `${titleCase(m[1])} (${m[3]}) on the ${LINES[m[2] - 1].toLowerCase()} line`;
    if ((m = n.match(/^bombard @(\d)$/))) return `Bombard seat ${Number(m[1]) + 1}`;
    if ((m = n.match(/^(faction|settlement) (\w+)$/))) return `${titleCase(m[1])}: ${titleCase(m[2])}`;
    if ((m = n.match(/^draft (\d)$/))) return `Draft card ${m[1]}`;
    return { pass: "Pass", skirmish: "Declare a Skirmish", rest: "Rest (+supply)", heal: "Heal", "revive heal": "Revive: 1 health", palace: "Use the Crimson Palace" }[n] || n;
  },
  choiceLabel(n) {
    const m = n.match(/^deploy L(\d) #\d+$/);
    return m ? `${LINES[m[1] - 1]} line` : undefined;
  },
  trayLabel(sel) {
    return sel.key.startsWith("hand-") ? "Deploy on which line? (or click a line)" : "Choose:";
  },
  event: eventText,
  cardDetail,
  help,
  briefing,
  scores,
  battle,
  lastMoves(ctx) {
    // the lines the other seats' last moves touched
    for (const e of ctx.lastEvents || []) {
      if (e.seat == null || e.seat === ctx.seat || typeof e.line !== "number") continue;
      const el = document.querySelector(`#board .slot[data-seat="${e.seat}"][data-line="${e.line + 1}"]`);
      if (el) el.classList.add("last-move");
    }
  },
  render(ctx) {
    const o = ctx.obs;
    const n = o.players.length;
    const me = ctx.seat;
    const pending = me != null ? pendingDeploys(ctx) : {};
    if (me != null) {
      const first = (o.players[me].hand || []).slice().sort((a, b) => a - b).find((c) => ctx.legal.filter((n) => n.startsWith("deploy ") && n.endsWith(` #${c}`)).length > 1);
      if (first != null) ctx.selectDefault(`hand-${first}`, cardActions(ctx, first));
    }
    const others = [];
    for (let s = 0; s < n; s++) if (s !== me) others.push(s);
    const parts = [h("div", { class: `opponents n${others.length}` }, others.map((s) => playerBoard(ctx, s, {})))];
    parts.push(h("div", { class: "midline" }, h("span", {}, o.phase === "skirmish" ? "⚔ SKIRMISH ⚔" : `Round ${o.round}`)));
    if (me != null) {
      parts.push(playerBoard(ctx, me, pending));
      const placed = new Set(Object.values(pending).map(Number));
      const hand = (o.players[me].hand || []).slice().sort((a, b) => a - b).filter((c) => !placed.has(c)).map((c) => {
        const el = unitCard(ctx, me, c, "");
        return ctx.bind(el, cardActions(ctx, c), `hand-${c}`);
      });
      parts.push(zone("Your hand", h("div", { class: "row center hand" }, hand.length ? hand : h("span", { class: "muted" }, "empty"))));
    }
    if (o.draft && o.phase && o.phase.startsWith("draft")) {
      const row = (o.draft.row || []).map((uid, i) => (uid >= 0 ? ctx.bind(unitById(ctx, uid, "small"), [`draft ${i + 1}`]) : null));
      const picks = me != null ? (o.players[me].picks || []).map((uid) => unitById(ctx, uid, "tiny")) : [];
      parts.unshift(zone(h("span", {}, `Draft — piles: ${(o.draft.piles || []).join(" / ")}`), h("div", { class: "row center" }, row),
        picks.length ? h("div", { class: "row" }, h("span", { class: "zone-title" }, "Your picks"), picks) : null));
    }
    return h("div", { class: "draconia-board" }, parts);
  },
};
