// Skirm, the dice duel: each duelist's card (speed, skills, ability, scoring) and dice.
// Card words come from the match's catalogue (wartable.server.catalogue.skirm); the rules
// summary, the briefing and the final scoring sheet are in skirm-panels.js.

import { h, titleCase, seatColour } from "../ui.js";
import { seatHead, stat } from "./common.js";
import { skills, cardInfo, cardByName, SKILL_ICON, SKILL_COLOUR, skirmHelp, skirmBriefing, skirmBattle, skirmScores } from "./skirm-panels.js";

function cardName(ctx, id) {
  const info = cardInfo(ctx, id);
  return info ? info.name : "an unknown card";
}

function cardEl(ctx, id, cls) {
  const info = cardInfo(ctx, id);
  if (!info) return h("div", { class: `card ${cls || ""}` }, h("div", { class: "name" }, "Unknown card"));
  const sk = skills(ctx);
  const played = cls && cls.includes("played");
  return h("div", { class: `card skirm-card ${cls || ""}`, title: `${info.name}: ${info.ability_text} ${info.scoring_name}: ${info.scoring_text}`, "data-card": info.name },
    h("div", { class: "speed", title: `speed ${info.speed}` }, h("span", { class: "num" }, `⚡${info.speed}`), h("small", {}, "speed")),
    h("div", { class: "name" }, info.name),
    h("div", { class: "skills", title: "printed skills" }, info.skills.map((s) => h("span", { class: "skill", style: { color: SKILL_COLOUR[sk[s]] } }, SKILL_ICON[sk[s]] || "", h("small", {}, sk[s])))),
    h("div", { class: "text" }, h("b", {}, `${info.scoring_name}: `), info.scoring_text),
    played ? h("div", { class: "ability" }, h("b", {}, `${info.ability_name}: `), info.ability_text) : null);
}

function dieEl(ctx, seat, face, i, extraCls) {
  const sk = skills(ctx);
  const where = `${seat}:${i}`;
  if (face == null || face < 0) return h("div", { class: `die hidden ${extraCls || ""}`, title: `die ${i + 1}: concealed`, "data-die": where }, h("span", { class: "idx" }, String(i + 1)), h("span", { class: "face" }, "?"), h("span", {}, "hidden"));
  const name = sk[face] || String(face);
  return h("div", { class: `die ${extraCls || ""}`, title: `die ${i + 1}: ${name}`, "data-face": name, "data-die": where, style: { "--sc": SKILL_COLOUR[name] || "#444" } },
    h("span", { class: "idx" }, String(i + 1)), h("span", { class: "face" }, SKILL_ICON[name] || name[0]), h("span", {}, name));
}

function resolving(o) {
  if (o.phase !== "ability" || o.first < 0) return -1;
  return o.step === 0 ? o.first : 1 - o.first;
}

// the seat whose card has this ability (events name the ability that acted, not its owner)
function ownerOf(ctx, ability, fallback) {
  const cards = (ctx.obs && ctx.obs.card) || [];
  for (const s of [0, 1]) {
    const info = cardInfo(ctx, cards[s]);
    if (info && info.ability === ability) return s;
  }
  return fallback;
}

function abilityName(ctx, ability) {
  for (const c of Object.values((ctx.cat && ctx.cat.cards) || {})) if (c.ability === ability) return c.ability_name;
  return titleCase(String(ability).toLowerCase());
}

const plural = (n, one, many) => (n === 1 ? one : many);
const dieList = (dice) => `${plural(dice.length, "die", "dice")} ${dice.map((d) => d + 1).join(", ")}`;

function describe(e, ctx) {
  const sk = skills(ctx);
  const name = (s) => ctx.seatName(s);
  const poss = (s) => (s === ctx.seat ? "your" : `${ctx.seatName(s)}'s`);
  // the subject's own dice: "their own", never a bare "their" that could mean the other duelist
  const own = (s) => (s === ctx.seat ? "your" : "their own");
  const faces = (f) => (f || []).map((x) => sk[x] || "?").join(", ");
  const quick = ctx.obs && ctx.obs.config && ctx.obs.config.variant === "quick";
  switch (e.type) {
    case "committed": return `${name(e.seat)} has chosen a card`;
    case "reveal": {
      const [a, b] = e.cards || [];
      const ia = cardInfo(ctx, a), ib = cardInfo(ctx, b);
      const why = ia && ib && ia.speed === ib.speed ? "same speed: the card with the higher number in the rulebook" : "the faster card";
      const play = (s, c, info) => `${name(s)} plays ${cardName(ctx, c)}${info ? ` (speed ${info.speed})` : ""}`;
      return `Cards revealed: ${play(0, a, ia)}, ${play(1, b, ib)}; ${name(e.first)} ${quick ? "is faster" : "goes first"} (${why})`;
    }
    case "ability": {
      const info = cardInfo(ctx, e.card);
      return `${name(e.seat)} uses ${info ? info.ability_name : abilityName(ctx, e.ability)}: ${info ? info.ability_text : ""}`.replace(/: $/, "");
    }
    case "reroll": {
      const dice = e.dice || [];
      const shown = e.faces ? `: ${faces(e.faces)}` : " (concealed)";
      if (!e.by) return `${name(e.seat)} rerolls all ${own(e.seat)} ${(e.faces || []).length} dice${shown}`;
      const owner = ownerOf(ctx, e.by, e.seat);
      const ab = abilityName(ctx, e.by);
      if (e.by === "BLADE") return `${name(e.seat)} rerolls one group of ${own(e.seat)} dice, as ${poss(owner)} Blade cut them (${dieList(dice)})${shown}`;
      return `${name(owner)} rerolls ${owner === e.seat ? own(e.seat) : poss(e.seat)} ${dieList(dice)} with ${ab}${shown}`;
    }
    case "set": return `${name(e.seat)} sets ${own(e.seat)} die ${e.die + 1} to ${sk[e.face]} with ${abilityName(ctx, e.by)}`;
    case "move": {
      const to = 1 - e.frm;
      const owner = ownerOf(ctx, e.by, to);
      const ab = abilityName(ctx, e.by);
      if (owner === e.frm) return `${name(e.frm)} gives ${own(e.frm)} ${sk[e.face]} die to ${name(to)} with ${ab}`;
      return `${name(to)} steals ${poss(e.frm)} ${sk[e.face]} die with ${ab}`;
    }
    case "swap": {
      const other = 1 - e.seat;
      const ab = abilityName(ctx, e.by);
      if (e.by === "DODECAHEDRON") return `${name(e.seat)} takes ${poss(other)} rerolled die ${e.opp_die + 1} and gives ${name(other)} ${own(e.seat)} die ${e.die + 1} with ${ab}`;
      return `${name(e.seat)} exchanges ${own(e.seat)} die ${e.die + 1} for ${poss(other)} die ${e.opp_die + 1} with ${ab}`;
    }
    case "horn": {
      const dice = e.dice || [];
      if (!dice.length) return `${name(e.seat)} blows the Horn: no die shows a face of its own, nothing is rerolled`;
      return `${name(e.seat)} blows the Horn: ${own(e.seat)} ${dieList(dice)} ${plural(dice.length, "is", "are")} rerolled until each matches another face showing or printed: ${faces(e.faces)}`;
    }
    case "keep_old": return `${name(e.seat)} keeps the old ${sk[e.face]} on ${own(e.seat)} die ${e.die + 1} with Tome`;
    case "score": {
      const p = e.points || [0, 0];
      const unit = quick ? (n) => `${n} matching ${plural(n, "die", "dice")}` : (n) => `${n} ${plural(n, "point", "points")}`;
      const head = quick ? "Dice matching each card's skills" : "Final scoring";
      let result = `${name(e.winner)} wins`;
      if (p[0] === p[1]) result = quick ? `a tie, which ${name(e.winner)} breaks with the slower card` : `a tie, which ${name(e.winner)} wins as the first duelist`;
      return `${head}: ${name(0)} ${unit(p[0])}, ${name(1)} ${unit(p[1])}; ${result}`;
    }
    default: return undefined;
  }
}

export default {
  title: () => "Skirm",
  phase(ctx) {
    const o = ctx.obs;
    if (o.phase === "reveal") return "Choose a card to reveal";
    if (o.phase === "quick") return "Quick duel: the faster card may reroll all its dice once";
    if (o.phase === "over") return "The duel is over";
    const r = resolving(o);
    const info = r >= 0 ? cardInfo(ctx, o.card[r]) : null;
    return info ? `${ctx.seatName(r)}: ${info.ability_name} — ${info.ability_text}` : titleCase(o.phase || "");
  },
  label(n, ctx) {
    let m;
    if ((m = n.match(/^reveal (\d+)$/))) return `Reveal ${ctx ? cardName(ctx, m[1]) : "this card"}`;
    if ((m = n.match(/^pick (\d+)$/))) return `Pick your die ${m[1]}`;
    if ((m = n.match(/^opp (\d+)$/))) return `Pick their die ${m[1]}`;
    if ((m = n.match(/^set (\d+) (\w+)$/))) return `Set die ${m[1]} to ${m[2]} ${SKILL_ICON[m[2]] || ""}`;
    const words = {
      done: "Done", "keep new": "Keep the new roll", "keep old": "Keep the old face",
      "group a": `Their die ${((ctx && ctx.obs && ctx.obs.osel) || []).length + 1} → group A`,
      "group b": `Their die ${((ctx && ctx.obs && ctx.obs.osel) || []).length + 1} → group B`,
      "reroll a": "Reroll group A", "reroll b": "Reroll group B", "gain mine": "Gain one of mine", "gain theirs": "Gain one of theirs",
      "reroll gained": "Reroll the gained die", "keep gained": "Keep the gained die", "reroll all": "Reroll all", stand: "Stand",
    };
    return words[n] || n;
  },
  choiceLabel(n) {
    const m = n.match(/^set \d+ (\w+)$/);
    return m ? `${SKILL_ICON[m[1]] || ""} ${m[1]}` : undefined;
  },
  event: describe,
  cardDetail(name, ctx) {
    const info = cardByName(ctx, name);
    if (!info) return null;
    const sk = skills(ctx);
    return h("div", { class: "skirm-detail" },
      h("h3", {}, info.name),
      h("dl", {},
        h("dt", {}, "Speed"), h("dd", {}, `${info.speed} — the faster card acts first (same speed: the higher card number)`),
        h("dt", {}, "Printed skills"), h("dd", {}, info.skills.map((s) => `${SKILL_ICON[sk[s]] || ""} ${sk[s]}`).join(" and ")),
        h("dt", {}, `Ability: ${info.ability_name}`), h("dd", {}, info.ability_text),
        h("dt", {}, `Additional scoring: ${info.scoring_name}`), h("dd", {}, info.scoring_text),
        h("dt", {}, "Rulebook card"), h("dd", {}, `number ${info.number}`)));
  },
  help: skirmHelp,
  briefing: skirmBriefing,
  battle: skirmBattle,
  scores: skirmScores,
  lastMoves(ctx) {
    const mark = (seat, i) => {
      const el = document.querySelector(`#board [data-die="${seat}:${i}"]`);
      if (el) el.classList.add("last-move");
    };
    for (const e of ctx.lastEvents || []) {
      if (e.seat === ctx.seat && e.type !== "swap" && e.type !== "reroll") continue;
      if ((e.type === "reroll" || e.type === "horn") && e.dice) e.dice.forEach((d) => mark(e.seat, d));
      else if (e.type === "reroll" && e.faces) e.faces.forEach((_, d) => mark(e.seat, d));
      else if (e.type === "set" || e.type === "keep_old") mark(e.seat, e.die);
      else if (e.type === "swap") { mark(e.seat, e.die); mark(1 - e.seat, e.opp_die); }
      else if (e.type === "move") mark(1 - e.frm, ((ctx.obs.dice || [])[1 - e.frm] || []).length - 1);
      else if (e.type === "reveal") document.querySelectorAll("#board .played").forEach((el) => el.classList.add("last-move"));
    }
  },
  render(ctx) {
    const o = ctx.obs;
    const me = ctx.seat == null ? 0 : ctx.seat;
    const order = ctx.seat == null ? [1, 0] : [1 - me, me];
    const actor = ctx.toAct.length === 1 ? ctx.toAct[0] : -1;
    const sel = new Set(o.sel || []);
    const osel = new Set(o.osel || []);
    const waiting = (o.commit && o.commit.waiting_for) || [];
    if (ctx.seat != null) {
      const i = (o.dice[ctx.seat] || []).findIndex((_, k) => ctx.legal.some((n) => n.startsWith(`set ${k + 1} `)));
      if (i >= 0) ctx.selectDefault(`die-${i}`, [`pick ${i + 1}`, ...skills(ctx).map((k) => `set ${i + 1} ${k}`)]);
    }
    const sides = order.map((s) => {
      const mine = s === ctx.seat;
      const played = o.card && o.card[s] ? cardEl(ctx, o.card[s], "played") : null;
      let cardArea;
      if (played) cardArea = played;
      else if (o.phase === "reveal" && !waiting.includes(s)) cardArea = h("div", { class: "card back", title: "chosen, face down" }, h("span", { class: "back-label" }, "chosen"));
      else cardArea = h("div", { class: "card empty" }, o.phase === "reveal" ? "choosing…" : "—");
      const dice = (o.dice[s] || []).map((f, i) => {
        // sel/osel name dice of the acting seat and of its opponent
        // BLADE: osel holds the group (0 = A, 1 = B) of each opposing die cut so far
        const r = resolving(o);
        const blade = r >= 0 && (cardInfo(ctx, o.card[r]) || {}).ability === "BLADE";
        const isSel = actor >= 0 && ((s === actor && sel.has(i)) || (!blade && s !== actor && osel.has(i)));
        const el = dieEl(ctx, s, f, i, isSel ? "sel" : "");
        if (blade && s !== r && i < (o.osel || []).length) el.appendChild(h("span", { class: "group-tag" }, o.osel[i] ? "B" : "A"));
        if (mine) ctx.bind(el, [`pick ${i + 1}`, ...skills(ctx).map((k) => `set ${i + 1} ${k}`)], `die-${i}`);
        else if (ctx.seat != null) ctx.bind(el, [`opp ${i + 1}`], `odie-${i}`);
        return el;
      });
      const hand = mine && o.phase === "reveal"
        ? h("div", { class: "row hand" }, (o.hand || []).map((id) => ctx.bind(cardEl(ctx, id, "small"), [`reveal ${id}`])))
        : h("div", { class: "row" }, h("span", { class: "stat", title: "cards in hand" }, `🂠 ${o.hand_counts[s]} in hand`));
      // skill tally: dice plus the card's printed skills (Duel Sequence, the per-type comparison)
      const sk = skills(ctx);
      const tally = sk.map(() => 0);
      (o.dice[s] || []).forEach((f) => { if (f >= 0) tally[f] += 1; });
      const info = o.card && o.card[s] ? cardInfo(ctx, o.card[s]) : null;
      if (info) info.skills.forEach((k) => { tally[k] += 1; });
      const tallyRow = h("div", { class: "tally", title: "skills: dice plus the card's printed skills" },
        h("span", { class: "tally-label" }, "Skills:"),
        sk.map((name, k) => h("span", { class: tally[k] ? "" : "zero", title: `${name}: ${tally[k]}`, style: { color: SKILL_COLOUR[name] } }, `${SKILL_ICON[name] || ""}${tally[k]}`)));
      return h("div", { class: `zone duelist${mine ? " mine" : ""}`, style: { borderColor: seatColour(s) } },
        seatHead(ctx, s, [
          o.first === s ? h("span", { class: "stat", title: "acts first" }, "first") : null,
          o.points && (o.points[0] || o.points[1] || o.phase === "over") ? stat("★", o.points[s], "points") : null,
          o.phase === "reveal" && waiting.includes(s) ? h("span", { class: "waiting" }, "choosing a card…") : null,
          o.phase === "reveal" && !waiting.includes(s) ? h("span", { class: "waiting" }, "ready") : null,
        ], ctx.toAct.includes(s)),
        h("div", { class: "duel-row" }, cardArea, h("div", { class: "dice-area" }, h("div", { class: "dice" }, dice), tallyRow)),
        mine ? hand : null);
    });
    return h("div", { class: "skirm-board" }, sides[0], h("div", { class: "versus" }, "VS"), sides[1]);
  },
};
