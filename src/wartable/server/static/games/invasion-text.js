// Draconis Invasion in words and numbers: the attack's damage as the rules count it, the log's
// sentences, a card's whole text, the rules summary, the briefing, the battle panel, the scores.

import { h, titleCase, youGrammar } from "../ui.js";

export const ENCHANT = 10; // Enchantment: +10 for each attacking Defender
export const SHAMAN = 5; // Shaman: +5 for each card played and unplayed
export const SLAYER = 50; // Dragon Slayer: +50 against Dragons
export const BETRAYAL = 10; // Betrayal: -10

const TERM_NAMES = { defenders: "Defenders' attack damage", fury: "Cursed Fury", enchant: "Enchantment", shaman: "Shaman", slayer: "Dragon Slayer", betrayal: "Betrayal" };

function sum(v) {
  return (v || []).reduce((a, b) => a + b, 0);
}

export function cardByKey(ctx, key) {
  return (ctx.cat.cards || []).find((c) => c.key === key) || null;
}

export function nameOf(ctx, key) {
  const c = cardByKey(ctx, key);
  return c ? c.name : titleCase(String(key));
}

export function invaderOf(ctx, id) {
  return id == null || id < 0 ? null : (ctx.cat.invaders || [])[id] || null;
}

// an invader's health now (chapter 10: Necromancer 30 + 10 for each Undead invader)
export function invaderHealth(ctx, slot) {
  const o = ctx.obs;
  const v = invaderOf(ctx, (o.row || [])[slot]);
  if (!v) return 0;
  if (v.key !== "necromancer") return v.health;
  const undead = (id) => { const x = invaderOf(ctx, id); return x && x.rare === "undead"; };
  const perTable = !o.config || o.config.necromancer_counts !== "attacker";
  const n = perTable ? (o.row || []).filter(undead).length : ((o.defeated || [])[o.active] || []).filter(undead).length;
  return v.health + 10 * n;
}

// the attack's damage as the engine will count it (effects.attack_damage), term by term;
// `slots`: the targets (the ones chosen plus the one about to be chosen) for Dragon Slayer
export function damageTerms(ctx, slots) {
  const o = ctx.obs;
  const terms = [["defenders", o.atk_damage || 0]];
  if (o.fury) terms.push(["fury", o.fury]);
  if (o.enchant && o.atk_defenders) terms.push(["enchant", ENCHANT * o.enchant * o.atk_defenders]);
  if (o.atk_shaman) terms.push(["shaman", SHAMAN * (sum(o.play) + ((o.hand_sizes || [])[o.active] || 0)) * o.atk_shaman]);
  const dragon = (slots || []).some((t) => { const v = invaderOf(ctx, (o.row || [])[t]); return v && v.rare === "dragon"; });
  if (o.atk_slayer && dragon) terms.push(["slayer", SLAYER * o.atk_slayer]);
  if (o.betrayals) terms.push(["betrayal", -BETRAYAL * o.betrayals]);
  return terms;
}

export function totalOf(terms) {
  return Math.max(0, terms.reduce((a, [, v]) => a + Number(v), 0));
}

export function termText(ctx, terms) {
  return terms.map(([k, v]) => `${TERM_NAMES[k] || titleCase(k)} ${v >= 0 ? "+" : ""}${v}`).join(", ");
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function eventText(e, ctx) {
  const who = e.seat != null ? ctx.seatName(e.seat) : "Someone";
  const nm = (key) => nameOf(ctx, key);
  // one card by itself: Terror reads as a card, not the feeling ("gains a Terror card")
  const one = (key) => { const n = nm(key); return n === "Terror" ? "a Terror card" : n; };
  const inv = (key) => { const v = (ctx.cat.invaders || []).find((x) => x.key === key); return v ? v.name : titleCase(String(key)); };
  const evName = (key) => { const v = (ctx.cat.events || []).find((x) => x.key === key); return v ? v.name : titleCase(String(key)); };
  switch (e.type) {
    case "turn": return `— ${who}: turn ${e.turn} —`;
    case "draw": return `${who} draws ${plural(e.count, "card")}`;
    case "drew": return `You drew ${(e.cards || []).map(nm).join(", ") || "nothing"}`;
    case "reshuffle": return `${who} shuffles ${plural(e.cards, "card")} into a new deck`;
    case "forward": return `${who} forwards ${one(e.card)} to the top of the deck`;
    case "play": return `${who} plays ${nm(e.card)}`;
    case "buy": return `${who} buys ${nm(e.card)}`;
    case "eliminate": return `${who} eliminates ${one(e.card)} (back to the table)`;
    case "gold": return `${who} pays with ${e.count > 1 ? `${e.count}× ` : ""}${nm(e.card)}`;
    case "gain": return `${who} gains ${one(e.card)}${e.where === "hand" ? " into the hand" : e.where === "deck" ? " on top of the deck" : ""}`;
    case "gain_failed": return `${who} cannot gain ${one(e.card)}: none left on the table`;
    case "defend": { const c = cardByKey(ctx, e.card); return `${who} sends ${nm(e.card)} into battle${c && c.attack ? ` (${c.attack} damage)` : ""}`; }
    case "attack": {
      const parts = (e.terms || []).length > 1 ? ` (${termText(ctx, e.terms)})` : "";
      return `${who} attacks ${(e.targets || []).map(inv).join(" and ")}: ${e.damage} damage${parts} against ${e.health} health — ${e.defeated ? "defeated!" : "the attack fails"}`;
    }
    case "invader_revealed": return `A new invader appears: ${inv(e.invader)}`;
    case "invaders_reshuffled": return "The invaders are reshuffled and new ones revealed";
    case "campaign_taken": return `${who} takes a campaign ${e.face_up ? "from the row" : "from the deck"}`;
    case "discard": return `${who} discards ${one(e.card)}`;
    case "trash": return `${who} trashes ${one(e.card)}`;
    case "recover": return `${who} puts ${one(e.card)} from the discard pile on top of the deck`;
    case "topdeck": return `${who} puts a card on top of the deck`;
    case "topdecked": return `You put ${one(e.card)} on top of your deck`;
    case "reveal": return `${who} reveals ${(e.cards || []).map(nm).join(", ") || "no card"}`;
    case "give_gold": return `${who} gives ${nm(e.card)} to ${ctx.seatName(e.to_seat)}`;
    case "betrayal": return `${who} plays Betrayal against ${ctx.seatName(e.against)}: −10 damage`;
    case "terror": return `The Terror Count is now ${e.count}`;
    case "terror_roll": return `${who} rolls ${e.roll} on the Terror Die`;
    case "terror_to_deck": return `${who} puts ${plural(e.count, "Terror card")} on top of the deck`;
    case "threat_roll": return `Starting threat roll: ${e.roll}`;
    case "event": return `Event: ${evName(e.event)}${e.hits && e.hits.length ? ` strikes ${e.hits.map((x) => ctx.seatName(x)).join(" and ")}` : ""}`;
    case "event_drawn": return `${who} will reveal an Event card next turn`;
    case "retreat": return "The Retreat card is revealed: the invasion ends";
    case "golem_avoids": return `${who}'s Golem avoids a Terror card`;
    case "arcanist": return `${who}'s Arcanist ${e.discard ? "discards the revealed cards" : "puts the revealed cards back on the deck"}`;
    case "start_roll": return `Start rolls: ${(e.seats || []).map((x, i) => `${ctx.seatName(x)} ${(e.rolls || [])[i]}`).join(", ")}`;
    case "game_over": return `The war is over: ${String(e.reason || "").replace(/_/g, " ")}`;
    default: return undefined;
  }
}

function row(k, v) {
  return h("div", { class: "dl-row" }, h("span", { class: "dl-k" }, k), h("span", { class: "dl-v" }, String(v)));
}

export function cardDetail(name, ctx) {
  const c = (ctx.cat.cards || []).find((x) => x.name === name);
  if (c) {
    const bonus = [];
    if (c.cards) bonus.push(`+${plural(c.cards, "card")}`);
    if (c.actions) bonus.push(`+${plural(c.actions, "action")}`);
    if (c.buys) bonus.push(`+${plural(c.buys, "buy")}`);
    if (c.gold_bonus) bonus.push(`+${c.gold_bonus} gold`);
    return h("div", { class: "card-detail-body invasion-detail" }, h("h3", {}, c.name), h("p", { class: "muted" }, `${titleCase(c.type)} card`),
      c.type !== "terror" ? row("Cost to buy", `${c.cost} gold`) : null,
      c.gold ? row("Gold value", c.gold) : null,
      c.type === "defender" ? row("Attack damage", c.key === "shaman" || c.key === "slayer" ? `${c.attack}+` : c.attack) : null,
      c.type === "defender" ? row("Attack cost", `${c.attack_cost} gold`) : null,
      bonus.length ? row("Bonuses", bonus.join(", ")) : null,
      h("p", {}, c.effect || (c.type === "defender" ? "No effect: it only fights." : c.type === "action" ? "Only its bonuses." : "")));
  }
  const v = (ctx.cat.invaders || []).find((x) => x.name === name);
  if (v) {
    return h("div", { class: "card-detail-body invasion-detail" }, h("h3", {}, v.name),
      h("p", { class: "muted" }, `${titleCase(v.color)} invader${v.rare ? ` · ${titleCase(v.rare)}` : ""}`),
      row("Health", v.key === "necromancer" ? `${v.health} + 10 per Undead` : v.health), row("Glory", v.glory), h("p", {}, v.effect));
  }
  const camp = (ctx.cat.campaigns || []).find((x) => x.name === name);
  if (camp) {
    return h("div", { class: "card-detail-body invasion-detail" }, h("h3", {}, camp.name), h("p", { class: "muted" }, "Campaign"),
      h("p", {}, camp.text), row("Bonus glory", `+${camp.bonus}`), camp.requires_others ? h("p", { class: "muted" }, "Needs other players (ignored in solo).") : null);
  }
  const ev = (ctx.cat.events || []).find((x) => x.name === name);
  if (ev) return h("div", { class: "card-detail-body invasion-detail" }, h("h3", {}, ev.name), h("p", { class: "muted" }, "Event"), h("p", {}, ev.effect));
  return null;
}

export function help() {
  const sec = (title, ...paras) => h("section", {}, h("h3", {}, title), ...paras.map((p) => h("p", {}, p)));
  return h("div", { class: "rules-summary" },
    sec("Chapter 5: Turn Overview", "A — ACTION: you may play an Action card (some give more actions). Then exactly ONE of: B — BUY a card from the table with Gold; C — CAMPAIGN: draw two Campaign cards; D — DEFEAT: attack one invader; E — ELIMINATE: trash a non-Terror card from your hand. Then F — FORWARD: you may put an unused Gold card on top of your deck. Discard everything and draw 6."),
    sec("DEFEAT: How To Defeat An Invader Card", "Play Defenders from your hand, paying each one's attack cost in Gold, then name an invader. Their attack damage (plus Cursed Fury, Enchantment and the Defenders' own effects, minus Betrayal) must reach the invader's health: then it is yours, face down, and its replacement's Revealed Effect strikes you. Naming an invader ends the step even when the damage falls short."),
    sec("Chapter 6: Terror and Events", "Each Terror card discarded from a hand raises the Terror Count by 1. At 6 an Event card goes to the next player, who resolves it at the start of their turn; Events strike the player(s) with the most kills."),
    sec("Chapter 7: Winning", "The game ends after the turn in which a player holds six defeated invaders (2 players: 9; teams: 10 together) or the Retreat card is revealed. Most Glory (invaders plus completed Campaigns) wins; ties: more Gold invaders, then more completed Campaigns."),
    sec("Chapter 9: Card Types", "Gold (pays), Action (effects), Defender (attack damage for an attack cost), Terror (dead weight), Invaders (health and glory), Campaigns (bonus glory), Events."),
    sec("Chapter 11: Battle Stages", "Each stage sets the six Action and six Defender cards on the table beside Casualty of War and Imperial Guard."),
    sec("Chapter 12: Special Rules", "Solo: reach 15/20/25 glory before the Retreat card. 2 players: 6 Events, 9 invaders end it. Team Versus: partners share campaigns and may give Gold."));
}

export function glories(ctx) {
  const o = ctx.obs;
  return (o.defeated || []).map((list) => (list || []).reduce((a, id) => a + ((invaderOf(ctx, id) || {}).glory || 0), 0));
}

export function briefing(ctx) {
  const o = ctx.obs;
  const cfg = o.config || {};
  const mode = { solo: `Solo (${cfg.solo_difficulty || "beginner"}: reach ${{ beginner: 15, intermediate: 20, expert: 25 }[cfg.solo_difficulty] || 15} glory before the Retreat card)`, two_player: "2 players: 9 defeated invaders end the game", team: "Team Versus: 10 invaders defeated together end the game", basic: "Basic game: six defeated invaders end the game" }[cfg.mode] || titleCase(cfg.mode || "");
  const glory = glories(ctx);
  return h("div", { class: "invasion-briefing" },
    h("p", {}, `${mode} · Battle Stage ${cfg.battle_stage || "1"} · ${o.event_deck} Event cards left before the Retreat card.`),
    h("p", {}, "Most Glory wins: invaders' glory plus completed Campaigns (scored at the end). Ties: more Gold invaders, then more Campaigns."),
    h("ul", {}, (o.defeated || []).map((d, s) => h("li", {}, h("strong", {}, `${ctx.seatName(s)}: `), `★ ${glory[s]} glory from ${plural(d.length, "invader")} · ${plural((o.campaign_counts || [])[cfg.mode === "team" ? Math.floor(s / 2) : s] || 0, "campaign")} held`))));
}

export function scores(ctx) {
  const glory = glories(ctx);
  const o = ctx.obs;
  const final = ctx.outcome && ctx.outcome.scores;
  return (o.defeated || []).map((d, s) => ({ seat: s, text: `${ctx.seatName(s)}: ${final && final[s] != null ? `${final[s]} glory in all` : `★ ${glory[s]} glory`} · ${plural(d.length, "invader")} defeated` }));
}

// #battle: the attack being built (defenders, every damage term, the target's health) or the
// attack just resolved (from its event)
export function battle(ctx) {
  const o = ctx.obs;
  const phases = ctx.cat.phases || [];
  const done = (ctx.lastEvents || []).filter((e) => e.type === "attack").pop();
  const building = phases[o.phase] === "defeat" || (o.targets || []).length > 0 || o.atk_defenders > 0;
  if (!done && !building) return null;
  const box = h("div", { class: "invasion-battle" }, h("h3", {}, "Battle"));
  const defenders = done ? (done.defenders || []) : [];
  if (!done) (o.play || []).forEach((n, k) => { const c = (ctx.cat.cards || [])[k]; if (c && c.attack) for (let i = 0; i < n; i++) defenders.push(c.key); });
  const terms = done ? done.terms || [["defenders", done.damage]] : damageTerms(ctx, o.targets || []);
  const total = done ? done.damage : totalOf(terms);
  const who = ctx.seatName(done ? done.seat : o.active);
  const items = [
    ...defenders.map((k) => { const c = cardByKey(ctx, k); return h("li", { "data-card": c ? c.name : k }, h("span", {}, c ? c.name : k), h("b", {}, String(c ? c.attack : ""))); }),
    ...terms.filter(([k]) => k !== "defenders").map(([k, v]) => h("li", {}, h("span", {}, TERM_NAMES[k] || titleCase(k)), h("b", {}, `${v > 0 ? "+" : ""}${v}`))),
  ];
  // "You attack with" and then nothing reads as a missing line: say there was nothing
  if (!items.length) items.push(h("li", { class: "muted" }, done ? "no Defender card" : "no Defender card yet"));
  box.appendChild(h("div", { class: "battle-row" },
    h("div", { class: "battle-side att" }, h("div", { class: "battle-who" }, youGrammar(`${who} attack${who === "You" ? "" : "s"} with`)),
      h("ul", { class: "battle-terms" }, items),
      h("div", { class: "battle-total" }, `= ${total} damage`)),
    h("div", { class: "battle-vs" }, done ? (done.defeated ? "≥" : "<") : "vs"),
    h("div", { class: "battle-side def" },
      done ? h("div", {}, (done.targets || []).map((key) => { const v = (ctx.cat.invaders || []).find((x) => x.key === key); return h("div", { class: "battle-unit", "data-card": v ? v.name : key }, v ? v.name : key); }), h("div", { class: "battle-total" }, `${done.health} health`))
        : (o.targets || []).length ? h("div", {}, o.targets.map((t) => h("div", { class: "battle-unit" }, (invaderOf(ctx, o.row[t]) || {}).name || "")), h("div", { class: "battle-total" }, `${o.targets.reduce((a, t) => a + invaderHealth(ctx, t), 0)} health`))
          : h("div", { class: "battle-who" }, "Name an invader: its health must be at most the damage"))));
  if (done) box.appendChild(h("p", { class: "battle-result" }, done.defeated ? `Defeated: ${done.damage} damage reaches ${done.health} health.` : `The attack fails: ${done.damage} damage is less than ${done.health} health.`));
  return box;
}
