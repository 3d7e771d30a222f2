// The weapon card game's panels beside the board: the rules summary (#help), the match's
// briefing (#briefing), the Skirmish being fought (#battle) and the end panel's scores.

import { h, titleCase, youGrammar } from "../ui.js";
import { cardName } from "./weapons.js";

function cfg(ctx) {
  return ctx.obs.config || { groups: ["swords", "axes", "bows", "maces"], max_value: 10, trump: "swords", players: 4 };
}

const n = (k, one, many) => `${k} ${k === 1 ? one : many}`;

function section(title, ...body) {
  return h("section", {}, h("h3", {}, title), ...body);
}

export function weaponsHelp(ctx) {
  const c = cfg(ctx);
  const trump = titleCase(c.trump);
  return h("div", { class: "weapons-help" },
    h("h2", {}, "The weapon card game — the rules in short"),
    section("The Skirmish",
      h("p", {}, `The First Attacker attacks the player to their left, the Defender, up to 3 times. The first attack may be any card. To defend, the Defender plays a card of the same weapon group with a higher value; ${trump} beat any other weapon (only a higher ${titleCase(c.trump).replace(/s$/, "")} beats one).`),
      h("p", {}, "Each later attack must use a value already played in the Skirmish. The third attack is played face down: the Defender must beat it without seeing it.")),
    section("What happens if the Defender isn't beaten?",
      h("p", {}, `After 3 defended attacks the cards are discarded, everyone draws back up to ${c.hand_size ?? 6} cards, the First Attacker picks up a Satchel card, and the Defender becomes the next First Attacker.`)),
    section("What if the attacker can't go?",
      h("p", {}, "An attacker with no card of a used value (or who chooses to stop) passes; the next player to their left may go on attacking the same Defender.")),
    section("What happens if the Defender IS beaten?",
      h("p", {}, "A Defender who cannot beat an attack concedes: the First Attacker may still add the attacks left (3 in all), and the Defender takes every card of the Skirmish into their hand and is skipped as the next First Attacker.")),
    section("What happens at the end of the Skirmish?",
      h("p", {}, "Hands are refilled from the deck, the First Attacker first, the Defender last. When the deck is empty it is the Final Battle: the last player still holding cards is removed. A player whose health reaches 0 is eliminated and the round ends.")),
    section("What this table adds (the fragment does not say)",
      h("ul", {},
        h("li", {}, `Each player starts with ${n(c.starting_health ?? 3, "health point", "health points")}; conceding costs ${n(c.concede_damage ?? 1, "point", "points")}.`),
        h("li", {}, c.satchel_effect === "none" ? "Satchel cards only break ties at the round limit." : "A held Satchel card is spent instead of losing health."),
        h("li", {}, `After ${n(c.max_rounds ?? 40, "round", "rounds")} the game stops: most health wins (then Satchel cards).`))));
}

export function weaponsBriefing(ctx) {
  const o = ctx.obs;
  const c = cfg(ctx);
  const name = (s) => ctx.seatName(s);
  const alive = (o.alive || []).map((a, s) => (a ? s : -1)).filter((s) => s >= 0);
  let now = `${name(o.first)} is the First Attacker, ${name(o.defender)} the Defender`;
  if (o.phase === "over") now = `the game is over: ${(o.winners || []).map(name).join(" and ") || "nobody"} won`;
  return h("div", { class: "weapons-briefing" }, h("ul", {},
    h("li", {}, h("b", {}, "Players: "), `${c.players}, each starting with ${n(c.starting_health ?? 3, "health point", "health points")} and ${n(c.hand_size ?? 6, "card", "cards")}.`),
    h("li", {}, h("b", {}, "How it is won: "), `be the last player in the game. You are out when your health reaches 0, or when you are the last one holding cards once the deck is empty (the Final Battle). After ${n(c.max_rounds ?? 40, "round", "rounds")}, most health wins.`),
    h("li", {}, h("b", {}, "Trump: "), `${titleCase(c.trump)} beat any other weapon.`),
    h("li", {}, h("b", {}, `Round ${o.round}: `), youGrammar(`${now}; ${n(o.deck_count || 0, "card", "cards")} left in the deck${(o.deck_count || 0) === 0 ? " — the Final Battle" : ""}.`)),
    h("li", {}, h("b", {}, "Still in: "), alive.map((s) => `${name(s)} (${n(o.health[s], "health", "health")}, ${n(o.satchels[s], "Satchel card", "Satchel cards")})`).join(", "))));
}

// why a defence beat (or did not beat) an attack, in the rules' words
function verdict(att, def, c) {
  const ga = Math.floor(att / c.max_value), gd = Math.floor(def / c.max_value);
  const va = (att % c.max_value) + 1, vd = (def % c.max_value) + 1;
  if (ga === gd) return vd > va ? `beaten: same weapon, ${vd} is higher than ${va}` : `not beaten: same weapon, but ${vd} is not higher than ${va}`;
  if (c.groups[gd] === c.trump) return `beaten: ${titleCase(c.trump)} beat any other weapon`;
  return `not beaten: a different weapon group${c.groups[ga] === c.trump ? `, and only a higher ${titleCase(c.trump)} card beats ${titleCase(c.trump)}` : ""}`;
}

export function weaponsBattle(ctx) {
  const o = ctx.obs;
  const c = cfg(ctx);
  const name = (s) => ctx.seatName(s);
  const attacks = o.attacks || [];
  if (!attacks.length) {
    // the move right after a Skirmish ended: say how it ended
    const end = (ctx.lastEvents || []).filter((e) => e.type === "defended" || e.type === "collect").pop();
    if (!end) return null;
    const how = end.type === "defended"
      ? `${name(end.seat)} survived every attack: the cards are discarded and ${name(end.seat)} attacks next.`
      : `${name(end.seat)} ${end.seat === ctx.seat ? "were" : "was"} beaten and took ${n((end.cards || []).length + (end.face_down || 0), "card", "cards")} into ${end.seat === ctx.seat ? "your" : "their"} hand.`;
    return h("div", { class: "weapons-battle" }, h("h3", {}, "The Skirmish is over"), h("p", {}, how));
  }
  const rows = attacks.map((att, i) => {
    const def = (o.defences || [])[i];
    const by = (o.attackers || [])[i];
    const attText = att < 0 ? "a face-down card" : cardName(att, c);
    let result = "waiting for the defence";
    if (def != null && def >= 0) result = att < 0 ? "defended blind" : verdict(att, def, c);
    return h("tr", {},
      h("th", { scope: "row" }, `Attack ${i + 1}`),
      h("td", {}, `${by != null ? name(by) : "?"}: ${attText}`),
      h("td", {}, def != null && def >= 0 ? `${name(o.defender)}: ${cardName(def, c)}` : "—"),
      h("td", {}, result));
  });
  const used = [...new Set([...attacks, ...(o.defences || [])].filter((x) => x >= 0).map((x) => (x % c.max_value) + 1))].sort((a, b) => a - b);
  return h("div", { class: "weapons-battle" },
    h("h3", {}, youGrammar(`Skirmish: ${name(o.first)} attacks ${name(o.defender)}`)),
    h("table", { class: "skirmish-sheet" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), h("th", { scope: "col" }, "Attack"), h("th", { scope: "col" }, "Defence"), h("th", { scope: "col" }, "Result"))),
      h("tbody", {}, rows)),
    h("p", {}, `Values played so far: ${used.join(", ") || "none"} — a later attack must use one of them. ${n(Math.max(0, 3 - attacks.length), "attack", "attacks")} left.`));
}

export function weaponsScores(ctx) {
  const o = ctx.obs;
  return (o.health || []).map((hp, s) => ({
    seat: s,
    text: `${n(hp, "health point", "health points")}, ${n(o.satchels[s] || 0, "Satchel card", "Satchel cards")}${o.alive && !o.alive[s] ? ", out" : ""}`,
  }));
}
