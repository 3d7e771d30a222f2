// The weapon card game: attacks and defences on the table, hands, health and Satchel cards.

import { h, titleCase } from "../ui.js";
import { seatHead, backs, pile, health, stat, zone } from "./common.js";
import { weaponsHelp, weaponsBriefing, weaponsBattle, weaponsScores } from "./weapons-panels.js";

const ICONS = { swords: "⚔", axes: "⚒", bows: "➶", maces: "♣", spears: "♆", daggers: "†" };
const HUES = ["#b33a3a", "#3b6fb3", "#3f8f4a", "#8a5a2b", "#7a3bb3", "#2b8a8a"];

function cfg(ctx) {
  return ctx.obs.config || { groups: ["swords", "axes", "bows", "maces"], max_value: 10, trump: "swords" };
}

export function cardText(id, c) {
  const g = Math.floor(id / c.max_value);
  return `${c.groups[g][0].toUpperCase()}${(id % c.max_value) + 1}`;
}

function singular(group) {
  return group.endsWith("s") ? group.slice(0, -1) : group;
}

// "7 of Axes": the catalogue's name of a weapon card (wartable.server.catalogue.weapons)
export function cardName(id, c) {
  const g = Math.floor(id / c.max_value);
  return `${(id % c.max_value) + 1} of ${titleCase(c.groups[g])}`;
}

const span = (lo, hi) => (lo === hi ? String(lo) : `${lo}-${hi}`);

// the same words as the catalogue, for a match whose config deals other weapon groups
function cardWords(name, c) {
  const m = String(name).match(/^(\d+) of (\w+)$/);
  if (!m) return null;
  const value = Number(m[1]);
  const group = m[2].toLowerCase();
  if (!c.groups.includes(group) || value < 1 || value > c.max_value) return null;
  const one = singular(titleCase(group));
  const sword = singular(titleCase(c.trump));
  const top = c.max_value;
  const lower = value > 1 ? `${/^[AEIOU]/.test(one) ? "an" : "a"} ${one} of value ${span(1, value - 1)}` : "";
  let beats, beaten;
  if (group === c.trump) {
    beats = `any other weapon${lower ? `, and ${lower}` : ""}`;
    beaten = value < top ? `a higher ${one} (${span(value + 1, top)})` : "";
  } else {
    beats = lower;
    beaten = value < top ? `a higher ${one} (${span(value + 1, top)}) or any ${sword}` : `any ${sword}`;
  }
  const text = (beats ? `As a defence it beats ${beats}.` : `As a defence it beats no other ${one}.`) + (beaten ? ` Beaten by ${beaten}.` : " Nothing beats it.");
  return { group, value, trump: group === c.trump, text };
}

function card(id, c, cls) {
  if (id == null || id < 0) return h("div", { class: `card back ${cls || ""}`, title: "face-down attack" }, h("span", { class: "back-label" }, "face down"));
  const g = Math.floor(id / c.max_value);
  const v = (id % c.max_value) + 1;
  const group = c.groups[g];
  const trump = group === c.trump;
  return h("div", { class: `card weapon ${cls || ""}${trump ? " trump" : ""}`, style: { "--hue": HUES[g % HUES.length] }, title: cardName(id, c), "data-card": cardName(id, c) },
    h("div", { class: "corner" }, String(v)),
    h("div", { class: "big-icon", "aria-hidden": "true" }, ICONS[group] || group[0].toUpperCase()),
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
    const poss = (s) => (s === ctx.seat ? "your" : `${ctx.seatName(s)}'s`);
    const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;
    switch (e.type) {
      case "round": return `Round ${e.number}: ${ctx.seatName(e.dealer)} deals`;
      case "skirmish": return `A new Skirmish: ${ctx.seatName(e.first_attacker)} is the First Attacker against ${ctx.seatName(e.defender)}, the Defender`;
      case "attack":
        if (e.card == null || e.card < 0) return `${who} attacks with a face-down card`;
        return e.face_down ? `${who} attacks face down with ${cardName(e.card, c)}` : `${who} attacks with ${cardName(e.card, c)}`;
      case "reveal": return `${poss(e.seat)} face-down attack is turned over: ${cardName(e.card, c)}`.replace(/^your/, "Your");
      case "defend": return `${who} defends with ${cardName(e.card, c)}${e.beaten ? ", beating the attack" : ", which does not beat the attack"}`;
      case "concede": return `${who} concedes`;
      case "pass": return `${who} passes`;
      case "health": return `${who} loses health: ${n(e.health, "point", "points")} left`;
      case "satchel_shield": return `${who} spends a Satchel card instead of losing health`;
      case "satchel": return `${who} picks up a Satchel card`;
      case "collect": {
        const k = (e.cards || []).length + (e.face_down || 0);
        return `${who} takes the Skirmish's ${n(k, "card", "cards")} into ${e.seat === ctx.seat ? "your" : "their"} hand${e.face_down ? ` (${n(e.face_down, "card", "cards")} unseen)` : ""}`;
      }
      case "defended": return `${who} survives every attack; the Skirmish's cards are discarded`;
      case "eliminated": return `${who} is out of the game (${e.reason})`;
      case "game_over": {
        const w = (e.winners || []).map((s) => ctx.seatName(s));
        if (!w.length) return `Game over: nobody wins (${e.reason})`;
        return `Game over: ${w.join(" and ")} ${w.length > 1 ? "share the victory" : "wins"} (${e.reason})`;
      }
      default: return undefined;
    }
  },
  cardDetail(name, ctx) {
    const c = cfg(ctx);
    const known = ctx.cat && ctx.cat.cards && ctx.cat.cards[name];
    const same = known && c.groups.includes(known.group) && c.trump === (ctx.cat.trump || c.trump) && c.max_value === (ctx.cat.max_value || c.max_value);
    const info = same ? known : cardWords(name, c);
    if (!info) return null;
    return h("div", { class: "weapons-detail" },
      h("h3", {}, name),
      h("dl", {},
        h("dt", {}, "Weapon group"), h("dd", {}, `${titleCase(info.group)}${info.trump ? " — the trump group" : ""}`),
        h("dt", {}, "Value"), h("dd", {}, `${info.value} (values run 1-${c.max_value})`),
        h("dt", {}, "In a Skirmish"), h("dd", {}, info.text),
        h("dt", {}, "As an attack"), h("dd", {}, "The first attack may be any card; each later attack must have a value already played in the Skirmish.")));
  },
  help: weaponsHelp,
  briefing: weaponsBriefing,
  battle: weaponsBattle,
  scores: weaponsScores,
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
