// Skirm, the dice duel: each duelist's card (speed, skills, ability, scoring) and dice.

import { h, titleCase, seatColour } from "../ui.js";
import { seatHead, zone, stat } from "./common.js";

const SKILL_ICON = { might: "⚒", grace: "✧", wits: "⚡", lore: "⚑", guile: "♠", spirit: "☼" };
const SKILL_COLOUR = { might: "#c0392b", grace: "#2e9e5b", wits: "#d4a017", lore: "#2f6fb5", guile: "#7d3cb5", spirit: "#1a9c9c" };
// skirm-dice-duel.txt, "Abilities" and "Additional Scoring"
const ABILITY_TEXT = {
  BLADE: "Cut the opposing dice into 2 groups; they choose 1 group to reroll.",
  CLOAK: "Reroll 1 or 2 of your dice and conceal them from your opponent until final scoring.",
  DODECAHEDRON: "Reroll 1 of your dice and 1 of your opponent's dice. Then choose one of those dice to gain and give the other to your opponent.",
  HARNESS: "Reroll up to 6 of your dice, all at once.",
  HELM: "Exchange 1 die for 1 opposing die. You may reroll the die you gain.",
  HORN: "Reroll each of your dice that show a unique face until it matches a face that you have.",
  GAUNTLET: "Steal 1 opposing die that does not match any of your dice.",
  MANTLE: "Give 1 die to your opponent. Set as many dice as your opponent's best skill type.",
  MASK: "Set 2 dice to match 1 or 2 opposing dice.",
  SCEPTER: "Reroll 1 of your dice, then set one of your other dice to match its skill type.",
  TOME: "You may reroll each of your dice once, keeping the new or old result.",
  SET3: "Set up to 3 of your dice to different faces, each new face unique.",
};
const SCORING_TEXT = {
  CIRCUIT: "+1 per tied skill type", ENERGY: "+1 per skill of your opponent's best type", FIRE: "+1 per skill type you don't have",
  GOLD: "+1 per pair of dice", LEAF: "+1 per skill type you lose", METAL: "+1 per unique skill type your opponent has",
  SAND: "+1 per skill type off your card's printed skills", SINEW: "+1 per skill of your most abundant type", STONE: "+3 with all 6 skill types",
  WATER: "+1 extra per skill type you win",
};
const FALLBACK_SKILLS = ["might", "grace", "wits", "lore", "guile", "spirit"];

function skills(ctx) {
  return (ctx.cat && ctx.cat.skills) || FALLBACK_SKILLS;
}

function cardInfo(ctx, id) {
  return (ctx.cat && ctx.cat.cards && ctx.cat.cards[String(id)]) || null;
}

function cardEl(ctx, id, cls) {
  const info = cardInfo(ctx, id);
  if (!info) return h("div", { class: `card ${cls || ""}` }, h("div", { class: "name" }, `Card ${id}`));
  const sk = skills(ctx);
  const ability = ABILITY_TEXT[info.ability] || "";
  const scoring = SCORING_TEXT[info.scoring] || "";
  return h("div", { class: `card skirm-card ${cls || ""}`, title: `Card ${id}: ${info.ability} — ${ability} Scoring ${info.scoring}: ${scoring}`, "data-card": String(id) },
    h("div", { class: "speed", title: "speed" }, `⚡${info.speed}`),
    h("div", { class: "name" }, titleCase(info.ability.toLowerCase())),
    h("div", { class: "cls" }, `#${id}`),
    h("div", { class: "skills" }, info.skills.map((s) => h("span", { title: sk[s], style: { color: SKILL_COLOUR[sk[s]] } }, SKILL_ICON[sk[s]] || sk[s], h("small", {}, sk[s])))),
    h("div", { class: "text" }, h("b", {}, `${titleCase(info.scoring.toLowerCase())}: `), scoring),
    cls && cls.includes("played") ? h("div", { class: "ability" }, ability) : null);
}

function dieEl(ctx, face, i, extraCls) {
  const sk = skills(ctx);
  if (face == null || face < 0) return h("div", { class: `die hidden ${extraCls || ""}`, title: "hidden die" }, h("span", { class: "idx" }, String(i + 1)), h("span", { class: "face" }, "?"));
  const name = sk[face] || String(face);
  return h("div", { class: `die ${extraCls || ""}`, title: `die ${i + 1}: ${name}`, "data-face": name, style: { "--sc": SKILL_COLOUR[name] || "#444" } },
    h("span", { class: "idx" }, String(i + 1)), h("span", { class: "face" }, SKILL_ICON[name] || name[0]), h("span", {}, name));
}

function resolving(o) {
  if (o.phase !== "ability" || o.first < 0) return -1;
  return o.step === 0 ? o.first : 1 - o.first;
}

export default {
  title: () => "Skirm",
  phase(ctx) {
    const o = ctx.obs;
    if (o.phase === "reveal") return "Choose a card to reveal";
    if (o.phase === "quick") return "Quick duel: reroll or stand";
    if (o.phase === "over") return "The duel is over";
    const r = resolving(o);
    const info = r >= 0 ? cardInfo(ctx, o.card[r]) : null;
    return info ? `${ctx.seatName(r)}: ${titleCase(info.ability.toLowerCase())} — ${ABILITY_TEXT[info.ability] || ""}` : titleCase(o.phase || "");
  },
  label(n, ctx) {
    const sk = (ctx && ctx.cat && ctx.cat.skills) || FALLBACK_SKILLS;
    let m;
    if ((m = n.match(/^reveal (\d+)$/))) return `Reveal card #${m[1]}`;
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
    void sk;
    return words[n] || n;
  },
  choiceLabel(n) {
    const m = n.match(/^set \d+ (\w+)$/);
    return m ? `${SKILL_ICON[m[1]] || ""} ${m[1]}` : undefined;
  },
  event(e, ctx) {
    const sk = skills(ctx);
    const who = e.seat != null ? ctx.seatName(e.seat) : "";
    const faces = (f) => (f || []).map((x) => sk[x] || "?").join(", ");
    switch (e.type) {
      case "committed": return `${who} has chosen a card`;
      case "reveal": return `Cards revealed: ${(e.cards || []).map((c, s) => `${ctx.seatName(s)} #${c}`).join(", ")}; ${ctx.seatName(e.first)} goes first`;
      case "ability": return `${who} uses ${titleCase(String(e.ability).toLowerCase())}`;
      case "reroll": return `${who} rerolls ${e.dice ? `die ${e.dice.map((d) => d + 1).join(", ")}` : "dice"}${e.faces ? `: ${faces(e.faces)}` : ""}${e.by ? ` (${e.by})` : ""}`;
      case "set": return `${who} sets die ${e.die + 1} to ${sk[e.face]}${e.by ? ` (${e.by})` : ""}`;
      case "move": return `a ${sk[e.face]} die moves from ${ctx.seatName(e.frm)}${e.by ? ` (${e.by})` : ""}`;
      case "swap": return `${who} swaps die ${e.die + 1} with their die ${e.opp_die + 1} (${e.by})`;
      case "horn": return `${who} blows the Horn: ${faces(e.faces)}`;
      case "keep_old": return `${who} keeps the old ${sk[e.face]}`;
      case "score": return `Score: ${(e.points || []).join(" – ")}${e.winner >= 0 ? `; ${ctx.seatName(e.winner)} wins` : ", a draw"}`;
      default: return undefined;
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
      else if (o.phase === "reveal" && !waiting.includes(s)) cardArea = h("div", { class: "card back", title: "chosen, face down" });
      else cardArea = h("div", { class: "card empty" }, o.phase === "reveal" ? "choosing…" : "—");
      const dice = (o.dice[s] || []).map((f, i) => {
        // sel/osel name dice of the acting seat and of its opponent
        // BLADE: osel holds the group (0 = A, 1 = B) of each opposing die cut so far
        const r = resolving(o);
        const blade = r >= 0 && (cardInfo(ctx, o.card[r]) || {}).ability === "BLADE";
        const isSel = actor >= 0 && ((s === actor && sel.has(i)) || (!blade && s !== actor && osel.has(i)));
        const el = dieEl(ctx, f, i, isSel ? "sel" : "");
        if (blade && s !== r && i < (o.osel || []).length) el.appendChild(h("span", { class: "group-tag" }, o.osel[i] ? "B" : "A"));
        if (mine) ctx.bind(el, [`pick ${i + 1}`, ...skills(ctx).map((k) => `set ${i + 1} ${k}`)], `die-${i}`);
        else if (ctx.seat != null) ctx.bind(el, [`opp ${i + 1}`], `odie-${i}`);
        return el;
      });
      const hand = mine && o.phase === "reveal"
        ? h("div", { class: "row hand" }, (o.hand || []).map((id) => ctx.bind(cardEl(ctx, id, "small"), [`reveal ${id}`])))
        : h("div", { class: "row" }, h("span", { class: "stat", title: "cards in hand" }, `🂠 ${o.hand_counts[s]}`));
      // skill tally: dice plus the card's printed skills (Duel Sequence, the per-type comparison)
      const sk = skills(ctx);
      const tally = sk.map(() => 0);
      (o.dice[s] || []).forEach((f) => { if (f >= 0) tally[f] += 1; });
      const info = o.card && o.card[s] ? cardInfo(ctx, o.card[s]) : null;
      if (info) info.skills.forEach((k) => { tally[k] += 1; });
      const tallyRow = h("div", { class: "tally", title: "skills: dice plus the card's printed skills" },
        sk.map((name, k) => h("span", { class: tally[k] ? "" : "zero", style: { color: SKILL_COLOUR[name] } }, `${SKILL_ICON[name] || ""}${tally[k]}`)));
      return h("div", { class: `zone duelist${mine ? " mine" : ""}`, style: { borderColor: seatColour(s) } },
        seatHead(ctx, s, [
          o.first === s ? h("span", { class: "stat", title: "acts first" }, "first") : null,
          o.points && (o.points[0] || o.points[1] || o.phase === "over") ? stat("★", o.points[s], "points") : null,
          o.phase === "reveal" && waiting.includes(s) ? h("span", { class: "waiting" }, "choosing a card…") : null,
          o.phase === "reveal" && !waiting.includes(s) ? h("span", { class: "waiting" }, "ready") : null,
        ], ctx.toAct.includes(s)),
        h("div", { class: "duel-row" }, cardArea, h("div", {}, h("div", { class: "dice" }, dice), tallyRow)),
        mine ? hand : null);
    });
    return h("div", { class: "skirm-board" }, sides[0], h("div", { class: "versus" }, "VS"), sides[1]);
  },
};
