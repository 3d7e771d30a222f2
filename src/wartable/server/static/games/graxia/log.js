// Guardians of Graxia: every event the engine emits as a sentence that names units and cards.
// A solo game (§9.2) calls side 1 "the Non-Player". Units are named by the event where the
// engine gives the name, else by the unit now standing on the cell.

const words = (s) => String(s == null ? "" : s).replace(/_/g, " ");
const plural = (n, one, many) => `${n} ${n === 1 ? one : many || `${one}s`}`;

function unitAt(ctx, cell) {
  const sc = ctx.scenario;
  const o = ctx.obs || {};
  if (!sc || !cell) return "";
  const i = sc.cells.findIndex(([q, r]) => `${q},${r}` === cell);
  const u = i >= 0 && o.unit ? o.unit[i] : -1;
  return u >= 0 && ctx.cat.units[u] ? ctx.cat.units[u].name : "";
}

// a card's target: the unit on it when the card was played, else the tile
function target(e) {
  return e.target_unit ? `${e.target_unit} (${e.target})` : `the tile ${e.target}`;
}

function named(e, ctx, cell, key = "unit") {
  const name = e[key] || unitAt(ctx, cell);
  return name ? `${name} (${cell})` : `the unit at ${cell}`;
}

const CHOICE = {
  npc_tile: (e) => `which tile the Non-Player's unit at ${e.unit} moves into (${(e.options || []).join(", ")})`,
  npc_foe: (e) => `which of your units the Non-Player's unit at ${e.unit} attacks (${(e.options || []).join(", ")})`,
  lose: (e) => `a card to lose (${e.left} to go)`,
  placement: (e) => `where the Non-Player's ${e.unit} arrives (a ${words(e.terrain)} tile)`,
  retreat: (e) => `where the unit pushed from ${e.unit} retreats (${(e.options || []).join(", ")})`,
  spell: () => "a spell card to take back from the discards",
  unit: () => "a unit card to take back from the discards",
  atonement: () => "which friendly unit takes the Atonement wounds",
  reflection: () => "which enemy unit the reflected attack strikes",
  destination: () => "where the unit goes",
  supporter: () => "which supporting unit changes sides",
  push: () => "where the pushed unit goes",
};

// card_effect kinds (effects.py / choices.py) in words
const EFFECT = {
  gain_mana: ["gain", "mana"],
  steal_mana: ["take", "mana from the other side"],
  draw_cards: ["draw", "spell cards"],
  recover_spell: ["take", "a spell card back from the discards"],
  recover_unit: ["take", "a unit card back from the discards"],
};

export const SENTENCES = {
  npc_turn: (e) => `— The Non-Player's turn ${e.turn} —`,
  npc_placed: (e) => `The Non-Player's ${e.unit} appears at ${e.cell}`,
  npc_reinforcement: (e, ctx) => `The Non-Player reinforces ${e.cell}${unitAt(ctx, e.cell) ? ` with ${unitAt(ctx, e.cell)}` : ""}`,
  npc_battle_draw: (e) => `The Non-Player draws ${plural(e.cards, "battle card")}`,
  npc_battle_discard: (e) => `The Non-Player discards ${(e.spells || []).join(", ")}`,
  npc_card_fizzles: (e) => `The Non-Player's ${e.spell} finds no target`,
  npc_choice: (e) => `You choose ${e.cell} for the Non-Player`,
  tile_removed: (e) => `The tile ${e.cell} leaves the game`,
  unit_removed: (e) => `${e.unit} at ${e.cell} falls with its tile`,
  unit_discarded: (e) => `${e.unit} at ${e.cell} is destroyed`,
  settlement_captured: (e) => `The Non-Player captures ${e.cell}: you must lose ${plural(e.cards, "card")}`,
  card_lost: (e) => `You lose ${e.card}`,
  land_type_taken: (e) => `The Non-Player holds every ${words(e.terrain)} tile`,
  warlord_killed: (e) => `${e.unit} is slain`,
  solo_result: (e) => (e.won ? "You win the scenario" : "You lose the scenario"),
  home_row: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "choose")} Home Row ${e.row}`,
  home_row_ability: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "use")} ${e.ability}`,
  vp_spent: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "spend")} ${e.points} victory points for ${e.mana} mana`,
  deck_add: (e) => `${e.card} joins your deck`,
  deck_built: (e) => `Your deck: ${plural(e.units, "unit")} and ${plural(e.spells, "spell")}`,
  healed: (e, ctx) => `${named(e, ctx, e.cell)} heals ${plural(e.amount, "wound")}`,
  choice: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "choose")} ${CHOICE[e.kind] ? CHOICE[e.kind](e) : words(e.kind)}`,
  round: (e, ctx) => `— ${ctx.whose(e.seat)} round, turn ${e.turn} —`,
  first_player: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "play")} the first round`,
  move: (e, ctx) => `${e.unit || unitAt(ctx, e.dest) || "A unit"} moves ${e.frm} → ${e.dest}`,
  summon: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "summon")} ${e.unit} at ${e.cell} (${e.cost} mana)`,
  ability: (e, ctx) => `${ctx.whose(e.seat)} ${e.unit} uses ${e.ability}${e.target ? ` on ${target(e)}` : ""}`,
  spell: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "cast")} ${e.spell}${e.target ? ` on ${target(e)}` : ""}`,
  switch: (e, ctx) => `${named({}, ctx, e.a)} and ${named({}, ctx, e.b)} switch places`,
  shield: (e, ctx) => `${named(e, ctx, e.cell)} raises a shield`,
  retreat: (e, ctx) => `${e.unit || unitAt(ctx, e.dest) || "The defender"} retreats to ${e.dest}`,
  retreat_blocked: (e, ctx) => `${named(e, ctx, e.cell)} cannot retreat and takes 1 wound`,
  portals: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "open")} portals at ${(e.cells || []).join(" and ")}`,
  portal_removed: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "remove")} the portal at ${e.cell}`,
  battle: (e, ctx) => `Battle! ${named({ unit: e.attacker_unit }, ctx, e.attacker)} attacks ${named({ unit: e.defender_unit }, ctx, e.defender)}`,
  battle_values: (e) => `Battle values after terrain, support and passive abilities: attacker ${(e.bv || [])[0]}, defender ${(e.bv || [])[1]}`,
  battle_wounds: (e) => `Final battle values ${(e.bv || [])[0]} (attacker) and ${(e.bv || [])[1]} (defender): the defender takes ${plural((e.wounds || [])[0], "wound")}, the attacker ${plural((e.wounds || [])[1], "wound")}`,
  eliminated: (e, ctx) => `${named(e, ctx, e.cell)} is eliminated`,
  wounds: (e, ctx) => `${named(e, ctx, e.cell)} takes ${plural(e.amount, "wound")}`,
  mana: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "gain")} ${e.gain} mana`,
  victory_points: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "score")} ${plural(e.points, "victory point")} (${words(e.why)})`,
  guardian: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "choose")} ${e.unit} as Guardian`,
  drafted: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "draft")} ${e.unit}`,
  draw: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "draw")} a ${words(e.kind)} card`,
  committed: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "make", "makes")} a secret choice`,
  bluff: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "bluff")}: no card sacrificed`,
  game_over: (e, ctx) => `Game over: ${e.winner === 0 || e.winner === 1 ? `${ctx.who(e.winner)} ${ctx.verb(e.winner, "win")}` : "nobody wins"}`,
  setup_done: (e, ctx) => `Set-up done: ${ctx.who(e.first)} ${ctx.verb(e.first, "play")} first`,
  placed: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "place")} ${e.unit} at ${e.cell}`,
  revealed: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "turn")} face up: ${(e.units || []).join(", ") || "no units"}`,
  // shown only to the seat that drew it ("to"), right after "You draw a unit card"
  drawn: (e, ctx) => ((e.to || []).length === 1 ? `${ctx.who(e.to[0])} drew ${e.card}` : `The card drawn: ${e.card}`),
  reshuffle: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "reshuffle")} the ${words(e.pile)} discards into a new deck`,
  battle_spell: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "play")} ${e.spell} in the battle`,
  battle_ability: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "use")} ${e.ability} in the battle`,
  battle_pass: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "pass", "passes")} in the battle`,
  battle_end: () => "The battle ends",
  sacrifice: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "sacrifice")} ${e.spell} for ${e.use === "defence" ? `defence (the enemy's battle value −${e.modifier})` : `attack (own battle value +${e.modifier})`}`,
  sacrifice_step: () => "Secret sacrifice: each side now chooses a spell card to sacrifice, or bluffs",
  recovered: (e, ctx) => `${ctx.who(e.seat)} ${ctx.verb(e.seat, "recover")} ${e.card}`,
  reflect: (e, ctx) => `The attack on ${named({}, ctx, e.frm)} is reflected onto ${named({}, ctx, e.dest)}`,
  supporter_turned: (e, ctx) => `${named({}, ctx, e.cell)} changes sides`,
  battle_result: (e, ctx) => (e.winner === 0 || e.winner === 1 ? `${ctx.who(e.winner)} ${ctx.verb(e.winner, "win")} the battle` : "The battle is a draw"),
  card_effect: (e, ctx) => {
    const [verb, what] = EFFECT[e.kind] || ["get", `the effect ${words(e.kind)}`];
    return `${ctx.who(e.seat)} ${ctx.verb(e.seat, verb)} ${what}`;
  },
  banner_picked_up: (e, ctx) => `${named(e, ctx, e.cell)} picks up the Banner`,
  banner_passed: (e, ctx) => `The Banner passes from ${e.frm || e.cell} to ${named({}, ctx, e.dest || e.to)}`,
  banner_dropped: (e, ctx) => `The Banner is dropped at ${e.cell}`,
};

// ctx helpers: "You choose" / "North chooses", "Your round" / "North's round"
export function sentenceCtx(ctx) {
  const me = ctx.seat;
  const out = Object.create(ctx);
  out.who = (s) => (s === me ? "You" : ctx.seatName(s));
  out.whose = (s) => (s === me ? "Your" : `${ctx.seatName(s)}'s`);
  out.verb = (s, base, third) => (s === me ? base : third || (/(s|sh|ch|x)$/.test(base) ? `${base}es` : `${base}s`));
  return out;
}
