// Battle for Draconia in words: the log's sentences, a unit's whole card, the rules summary,
// the match's briefing, the battle panel and the end scores.

import { h, titleCase, youGrammar } from "../ui.js";

export const LINE_NAMES = ["left", "middle", "right"];

export function unitByName(ctx, name) {
  return (ctx.cat.units || []).find((u) => u.name === name) || null;
}

// the unit at a position of a seat's deck (null when that seat's deck is not shown)
export function unitAt(ctx, seat, pos) {
  const p = ctx.obs && ctx.obs.players ? ctx.obs.players[seat] : null;
  if (pos == null || pos < 0 || !p || !p.deck) return null;
  return (ctx.cat.units || [])[p.deck[pos]] || null;
}

function lineOf(e, key) {
  const l = e[key || "line"];
  return typeof l === "number" && l >= 0 && l < 3 ? LINE_NAMES[l] : "unknown";
}

function terms(list) {
  return (list || []).map(([src, v]) => `${src} ${v}`).join(" + ");
}

function cardName(ctx, seat, pos, fallback) {
  const u = unitAt(ctx, seat, pos);
  return u ? u.name : fallback;
}

const CAUSE = { attack: "an attack", arrows: "an arrow strike", ambush: "an Ambush", bombard: "Bombard", poison: "Poison", revenge: "Revenge" };

// "Bot 2's" / "your" inside a sentence
function poss(ctx, seat) {
  const n = ctx.seatName(seat);
  return n === "You" ? "your" : `${n}'s`;
}

export function eventText(e, ctx) {
  const who = e.seat != null ? ctx.seatName(e.seat) : "Someone";
  const tgtPoss = e.target_seat != null ? poss(ctx, e.target_seat) : "the opponent's";
  const line = lineOf(e);
  switch (e.type) {
    case "round": return `— Round ${e.round} —`;
    case "deployed": return `${who} has deployed three units face down`;
    case "turn": return `${who}'s turn`;
    case "order": return `Turn order: ${(e.order || []).map((s) => ctx.seatName(s)).join(", ")}${e.haste && e.haste.some((x) => x) ? ` (Haste: ${e.haste.join(" / ")})` : ""}`;
    case "reveal": return `${who} reveals ${e.unit} on the ${line} line`;
    case "arrow_strike": {
      const hit = e.arrows > e.defense;
      return `${who} shoots ${tgtPoss} ${e.unit || "unit"} on the ${line} line: ${e.arrows} Arrow${e.arrows === 1 ? "" : "s"} against defense ${e.defense} — ${hit ? `eliminated, ${e.arrows - e.defense} damage` : "it survives"}`;
    }
    case "skirmish": return `${who} declares a Skirmish: every unit attacks`;
    case "cautious_attack": return `${who} makes a Cautious Attack from the ${line} line (Ambush ignored)`;
    case "rest": return `${who} rests and gains ${e.supply} supply`;
    case "attack": {
      const won = e.attack > e.defense;
      const result = won ? `${e.defender} is defeated (${e.attack - e.defense} damage)` : `${e.defender} blocks the attack`;
      return `${who}'s ${e.attacker} (attack ${e.attack}${e.attack_terms && e.attack_terms.length > 1 ? ` = ${terms(e.attack_terms)}` : ""}) attacks ${tgtPoss} ${e.defender} (defense ${e.defense}${e.defense_terms && e.defense_terms.length > 1 ? ` = ${terms(e.defense_terms)}` : ""}): ${result}`;
    }
    case "attack_canceled": return `${who}'s attack from the ${line} line is cancelled: ${e.why}`;
    case "ambush": return `Ambush! ${who}'s ${e.unit} cancels the attack on the ${line} line`;
    case "damage": return `${who} loses ${e.amount} health to ${CAUSE[e.cause] || e.cause}, now ${e.health}`;
    case "eliminate": return `${who}'s ${e.unit} is eliminated by ${CAUSE[e.cause] || e.cause}`;
    case "maneuver": return `${who} maneuvers on the ${line} line${e.returned != null ? `: ${cardName(ctx, e.seat, e.returned, "the unit")} goes back to the hand` : ""}`;
    case "supply": return `${who} gains ${e.gained} supply from the ${line} line`;
    case "fortify": return `${who} fortifies the ${line} line with ${e.placed} token${e.placed === 1 ? "" : "s"}`;
    case "revive": return e.unit ? `${who} revives ${e.unit} from the Graveyard` : `${who} revives 1 health`;
    case "retrieve": return `${who} takes ${cardName(ctx, e.seat, e.card, "a unit")} back from the Camp${e.cost ? " (1 supply)" : ""}`;
    case "heal": return `${who} restores 1 health for 2 supply, now ${e.health}`;
    case "supply_slot": return `${who} puts a supply token on the ${line} line (+1 attack)`;
    case "persistent": return `${who} brings ${cardName(ctx, e.seat, e.card, "a unit")} back from the Graveyard (Persistent)`;
    case "draw": return `${who} draws ${e.count} card${e.count === 1 ? "" : "s"}`;
    case "drew": return `You drew ${(e.cards || []).map((c) => cardName(ctx, ctx.seat, c, "a unit")).join(", ")}`;
    case "faction": return `${who} plays ${titleCase(e.faction || "a faction")}`;
    case "settlement_chosen": return `${who} has chosen a settlement`;
    case "settlement": {
      const st = (ctx.cat.settlements || []).find((x) => x.id === e.settlement);
      return `${who}'s settlement: ${st ? st.name : titleCase(e.settlement || "")}`;
    }
    case "palace": return `${who} uses the Crimson Palace: Haste units go back to the hand`;
    case "bellow": return `${who} flips a Bellow token: ${cardName(ctx, e.seat, e.card, "the unit")} goes to the Camp`;
    case "burn": return `${who} burns ${tgtPoss} ${line} line (${e.left} Burn token${e.left === 1 ? "" : "s"} left)`;
    case "crack": return `${who} cracks ${tgtPoss} ${line} line`;
    case "blessing_placed": return `${who} places a Blessing token on the ${line} line`;
    case "blessing_kind": return `Your Blessing: ${e.kind}`;
    case "blessing": return `${who}'s Blessing on the ${line} line is revealed: ${e.kind}`;
    case "glimmerspire": return `${who} fortifies the ${line} line with Glimmerspire (+${e.placed})`;
    case "pyramid": return `${who} raises a Pyramid on the ${line} line (${e.kind})`;
    case "draft_pick": return `${who} drafts ${e.unit}`;
    case "knocked_out": return `${who} is knocked out`;
    case "game_over": {
      const w = (e.winners || []).map((s) => ctx.seatName(s));
      return `Game over: ${w.length ? w.join(" and ") : "no one"} win${w.length === 1 && w[0] !== "You" ? "s" : ""} (${String(e.reason || "").replace(/_/g, " ")})`;
    }
    default: return undefined;
  }
}

function numberLine(label, value) {
  return h("div", { class: "dl-row" }, h("span", { class: "dl-k" }, label), h("span", { class: "dl-v" }, String(value)));
}

export function cardDetail(name, ctx) {
  const u = unitByName(ctx, name);
  if (u) {
    const words = ctx.cat.ability_text || {};
    return h("div", { class: "card-detail-body draconia-detail" },
      h("h3", {}, u.name),
      h("p", { class: "muted" }, `${titleCase(u.class)} · ${titleCase(u.faction)}`),
      numberLine("Attack", u.attack), numberLine("Defense", u.defense),
      (u.abilities || []).length
        ? h("ul", { class: "abilities" }, u.abilities.map((a) => h("li", {}, h("strong", {}, `${a.name}${a.count > 1 ? ` ×${a.count}` : ""}: `), words[a.name] || "")))
        : h("p", {}, "No ability: a plain fighter."),
      (ctx.cat.class_text || {})[u.class] ? h("p", { class: "muted" }, ctx.cat.class_text[u.class]) : null);
  }
  const st = (ctx.cat.settlements || []).find((x) => x.name === name);
  if (st) {
    return h("div", { class: "card-detail-body draconia-detail" }, h("h3", {}, st.name),
      h("p", { class: "muted" }, `Settlement of ${titleCase(st.faction)} · starting health ${st.health}`), h("p", {}, st.text));
  }
  return null;
}

export function help() {
  const sec = (title, ...paras) => h("section", {}, h("h3", {}, title), ...paras.map((p) => h("p", {}, p)));
  return h("div", { class: "rules-summary" },
    sec("Round Sequence", "Up to 6 rounds, each in six phases: 1. Deploy, 2. Order, 3. Action, 4. Back Line, 5. Camp, 6. Upkeep."),
    sec("1. Deploy Phase", "Everyone places 3 units from the hand face down, one on each line (left, middle, right), at the same time."),
    sec("2. Order Phase", "Haste units are revealed; the player with more Haste acts first (ties: the first player token)."),
    sec("3. Action Phase", "On your turn: first one optional arrow strike with the Arrows of your face-up units, then one main action — A) Skirmish: every unit attacks, in the order you choose; B) Cautious Attack: one unit attacks and Ambush is ignored; C) Rest: gain 2 supply. You may reveal your own units at any time in your turn."),
    sec("Performing an Attack", "1. The attacker is revealed. 2. The unit on the facing line is revealed; if it has Ambush and was face down (and the attack is not cautious), the attacker's player loses 1 health and the attack is cancelled. An empty facing line cancels the attack. 3. The attacker takes its line's supply token (+1), the defender its line's fortify tokens (+1 each). 4. Attack greater than defense: the defender goes to the Graveyard and its player loses the difference in health. Otherwise nothing happens (Poison and Maneuver may act). Tokens are discarded."),
    sec("Revealing Units", "Units are revealed by Haste, by their owner in their turn, when they attack or defend, when hit by an arrow strike, and all at the Back Line Phase. A revealed unit stays face up."),
    sec("4. Back Line Phase", "Every unit is revealed; Supply, Fortify, Revive and Bombard act."),
    sec("5. Camp Phase", "Take 1 unit from your Camp back to your hand, then spend supply: 2 for 1 health, 1 for an extra unit from the Camp, 1 for a supply token on a line (+1 attack next attack)."),
    sec("6. Upkeep Phase", "Units on the field go to the Camp, everyone draws 2 cards, the first player token passes."),
    sec("End of the Game", "A player at 0 health or with 8 units in the Graveyard is out. After round 6 the player with more health wins; ties go to fewer units in the Graveyard, then the victory is shared."),
    sec("Settlement Mode", "Each player has a settlement: its own starting health and ability (some win at once: Saria Desert's three Burn tokens, Fjord Krak's second Crack on a line, Veiled Catacombs' 6 units in an opponent's Graveyard)."));
}

export function briefing(ctx) {
  const o = ctx.obs;
  const cfg = o.config || {};
  const n = (o.players || []).length;
  const mode = cfg.mode === "teams" ? "2 vs 2 (partners sit opposite; a team falls when one member does)" : n > 2 ? `${n} players, last one standing` : "2 players";
  const rows = (o.players || []).map((p, s) => {
    const st = p.settlement >= 0 && ctx.cat.settlements ? ctx.cat.settlements[p.settlement] : null;
    return h("li", {}, h("strong", {}, `${ctx.seatName(s)}: `),
      `${titleCase(p.faction || "faction not chosen")}${st ? ` · settlement ${st.name}` : ""} · ❤ ${p.health} health · ☠ ${(p.grave || []).length}/8 in the Graveyard${p.alive === false ? " · knocked out" : ""}`);
  });
  const settled = (o.players || []).some((p) => p.settlement >= 0);
  return h("div", { class: "draconia-briefing" },
    h("p", {}, `${mode} · round ${o.round} of ${cfg.rounds || 6}${cfg.draft ? " · draft variant" : ""}${settled ? " · Settlement Mode" : ""}.`),
    h("p", {}, "You lose at 0 health or with 8 units in your Graveyard. After the last round the most health wins, then the fewest units in the Graveyard."),
    settled ? h("p", { class: "muted" }, "Settlements may win at once (Burn, Crack or 6 enemy units in the Graveyard): tap a settlement name for its text.") : null,
    h("ul", {}, rows));
}

export function scores(ctx) {
  return (ctx.obs.players || []).map((p, s) => ({ seat: s, text: `${ctx.seatName(s)}: ❤ ${p.health} health, ☠ ${(p.grave || []).length} in the Graveyard${p.alive === false ? " (knocked out)" : ""}` }));
}

function side(title, name, total, list, cls) {
  return h("div", { class: `battle-side ${cls}` },
    h("div", { class: "battle-who" }, youGrammar(title)),
    h("div", { class: "battle-unit", "data-card": name }, name),
    h("ul", { class: "battle-terms" }, (list || [[name, total]]).map(([src, v], i) => h("li", {}, h("span", {}, i === 0 && src === name ? "printed" : src), h("b", {}, i === 0 ? String(v) : `+${v}`)))),
    h("div", { class: "battle-total" }, `= ${total}`));
}

// the attacks and arrow strikes of the last moves, each side's terms and the result
export function battle(ctx) {
  const evs = ctx.lastEvents || [];
  const shown = evs.filter((e) => ["attack", "arrow_strike", "ambush", "attack_canceled"].includes(e.type));
  if (!shown.length) return null;
  const box = h("div", { class: "draconia-battle" }, h("h3", {}, "Battle"));
  for (const e of shown.slice(-3)) {
    const who = e.seat != null ? ctx.seatName(e.seat) : "";
    if (e.type === "attack") {
      const won = e.attack > e.defense;
      const after = evs.filter((x) => x.type === "eliminate" && (x.cause === "poison" || x.cause === "revenge"));
      box.appendChild(h("div", { class: "battle-row" },
        side(`${who} attacks`, e.attacker, e.attack, e.attack_terms, "att"),
        h("div", { class: "battle-vs" }, won ? ">" : "≤"),
        side(`${ctx.seatName(e.target_seat)} defends`, e.defender, e.defense, e.defense_terms, "def"),
        h("p", { class: "battle-result" }, won ? youGrammar(`${e.defender} is defeated: ${ctx.seatName(e.target_seat)} loses ${e.attack - e.defense} health.`) : `Blocked: attack ${e.attack} is not greater than defense ${e.defense}.`,
          after.length ? ` ${after.map((x) => `${x.unit} is eliminated by ${titleCase(x.cause)}.`).join(" ")}` : "")));
    } else if (e.type === "arrow_strike") {
      const hit = e.arrows > e.defense;
      box.appendChild(h("div", { class: "battle-row" },
        side(`${who} shoots`, "Arrows", e.arrows, [["Arrows on the field", e.arrows]], "att"),
        h("div", { class: "battle-vs" }, hit ? ">" : "≤"),
        side(`${ctx.seatName(e.target_seat)} defends`, e.unit || "unit", e.defense, e.defense_terms, "def"),
        h("p", { class: "battle-result" }, hit ? youGrammar(`Eliminated: ${ctx.seatName(e.target_seat)} loses ${e.arrows - e.defense} health.`) : "The unit survives (Arrows must exceed its defense).")));
    } else if (e.type === "ambush") {
      box.appendChild(h("p", { class: "battle-result" }, `Ambush! ${who}'s ${e.unit} was face down: the attack is cancelled and the attacker loses health.`));
    } else {
      box.appendChild(h("p", { class: "battle-result" }, `${who}'s attack from the ${lineOf(e)} line is cancelled: ${e.why}.`));
    }
  }
  return box;
}
