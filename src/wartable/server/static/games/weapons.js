// The weapon card game: attacks and defences on the table, hands, health and Satchel cards.

import { h, titleCase } from "../ui.js";
import { seatHead, backs, pile, health, stat, zone } from "./common.js";

const ICONS = { swords: "⚔", axes: "⚒", bows: "➶", maces: "♣", spears: "♆", daggers: "†" };
const HUES = ["#b33a3a", "#3b6fb3", "#3f8f4a", "#8a5a2b", "#7a3bb3", "#2b8a8a"];

function cfg(ctx) {
  return ctx.obs.config || { groups: ["swords", "axes", "bows", "maces"], max_value: 10, trump: "swords" };
}

export function cardText(id, c) {
  const g = Math.floor(id / c.max_value);
  return `${c.groups[g][0].toUpperCase()}${(id % c.max_value) + 1}`;
}

function cardName(id, c) {
  const g = Math.floor(id / c.max_value);
  return `${(id % c.max_value) + 1} of ${titleCase(c.groups[g])}`;
}

function card(id, c, cls) {
  if (id == null || id < 0) return h("div", { class: `card back ${cls || ""}`, title: "face down attack" });
  const g = Math.floor(id / c.max_value);
  const v = (id % c.max_value) + 1;
  const group = c.groups[g];
  const trump = group === c.trump;
  return h("div", { class: `card weapon ${cls || ""}${trump ? " trump" : ""}`, style: { "--hue": HUES[g % HUES.length] }, title: cardName(id, c), "data-card": cardText(id, c) },
    h("div", { class: "corner" }, String(v)),
    h("div", { class: "big-icon" }, ICONS[group] || group[0].toUpperCase()),
    h("div", { class: "name" }, `${v} ${titleCase(group)}`),
    trump ? h("div", { class: "cls" }, "trump") : null);
}

export default {
  title: () => "Weapons",
  phase(ctx) {
    const o = ctx.obs;
    const ph = { attack: "Attack", defend: "Defend", throw_in: "Throw in", over: "Game over" }[o.phase] || titleCase(o.phase || "");
    return `Round ${o.round} · ${ph}`;
  },
  label(n, ctx) {
    if (n.startsWith("play ")) {
      const o = (ctx && ctx.obs) || {};
      const verb = o.phase === "defend" ? "Defend with" : "Attack with";
      return `${verb} ${n.slice(5)}`;
    }
    return { pass: "Pass (no more attacks)", concede: "Concede (take the cards)", stop: "Stop" }[n] || titleCase(n);
  },
  event(e, ctx) {
    const c = cfg(ctx);
    const who = e.seat != null ? ctx.seatName(e.seat) : "";
    switch (e.type) {
      case "round": return `— Round ${e.number}: ${ctx.seatName(e.dealer)} deals —`;
      case "skirmish": return `${ctx.seatName(e.first_attacker)} attacks ${ctx.seatName(e.defender)}`;
      case "attack": return e.card == null || e.card < 0 ? `${who} attacks face down` : `${who} attacks with ${cardName(e.card, c)}${e.face_down ? " (face down)" : ""}`;
      case "reveal": return `the face-down attack was ${cardName(e.card, c)}`;
      case "defend": return `${who} defends with ${cardName(e.card, c)}${e.beaten ? " and beats the attack" : " but does not beat it"}`;
      case "concede": return `${who} concedes`;
      case "pass": return `${who} passes`;
      case "health": return `${who} is down to ${e.health} health`;
      case "satchel_shield": return `${who}'s Satchel card takes the blow`;
      case "satchel": return `${who} picks up a Satchel card`;
      case "collect": return `${who} takes ${e.cards ? e.cards.length : ""} cards into hand`;
      case "defended": return `${who} holds the line`;
      case "eliminated": return `${who} is eliminated (${e.reason})`;
      case "game_over": return `Game over: ${(e.winners || []).map((s) => ctx.seatName(s)).join(", ")} (${e.reason})`;
      default: return undefined;
    }
  },
  render(ctx) {
    const o = ctx.obs;
    const c = cfg(ctx);
    const n = (o.health || []).length;
    const me = ctx.seat;
    const others = [];
    for (let s = 0; s < n; s++) if (s !== me) others.push(s);
    const role = (s) => (s === o.defender ? h("span", { class: "stat", title: "defender" }, "♜ defender") : s === o.attacker ? h("span", { class: "stat", title: "attacker" }, "⚔ attacker") : null);
    const seatBox = (s) => h("div", { class: `zone opp${o.alive && !o.alive[s] ? " out" : ""}` },
      seatHead(ctx, s, [health(o.health[s]), stat("✦", o.satchels[s], "Satchel cards"), role(s), o.alive && !o.alive[s] ? h("span", { class: "stat" }, "out") : null], ctx.toAct.includes(s)),
      backs(o.hand_counts[s], "tiny", 8));
    const fights = (o.attacks || []).map((a, i) => h("div", { class: "fight" },
      card(a, c, "small"),
      o.defences && o.defences[i] != null && o.defences[i] >= 0 ? card(o.defences[i], c, "small defence") : h("div", { class: "card small empty" }, "undefended")));
    const trumpGroup = c.trump;
    const centre = zone(h("span", {}, "The skirmish"),
      h("div", { class: "row center battle" },
        h("div", { class: "row" }, fights.length ? fights : h("div", { class: "muted" }, "No attack yet")),
        h("div", { class: "row side-piles" },
          pile("Deck", o.deck_count || 0, "tiny"),
          pile("Discard", (o.discard || []).length, "tiny"),
          h("div", { class: "pile" }, h("div", { class: "card tiny satchel" }, "✦"), h("span", { class: "count" }, `Satchels ${o.satchel_pile}`)),
          h("div", { class: "pile" }, h("div", { class: "card tiny trump-mark" }, ICONS[trumpGroup] || "★"), h("span", { class: "count" }, `Trump ${titleCase(trumpGroup)}`)))));
    const parts = [h("div", { class: "row opponents" }, others.map(seatBox)), centre];
    if (me != null) {
      const hand = (o.hand || []).slice().sort((a, b) => a - b).map((id) => {
        const el = card(id, c);
        return ctx.bind(el, [`play ${cardText(id, c)}`]);
      });
      parts.push(h("div", { class: "zone mine" },
        seatHead(ctx, me, [health(o.health[me]), stat("✦", o.satchels[me], "Satchel cards"), role(me)], ctx.toAct.includes(me)),
        h("div", { class: "row center hand" }, hand.length ? hand : h("div", { class: "muted" }, "Your hand is empty"))));
    }
    return h("div", { class: "weapons-board" }, parts);
  },
};
