// Guardians of Graxia: the card detail, the match briefing, the battle panel, the rules help
// and the map legend. Texts come from the match catalogue (catalogue/graxia.py).

import { h, titleCase, seatColour } from "../../ui.js";

const words = (s) => String(s == null ? "" : s).replace(/_/g, " ");
const signed = (n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0");

export function unitEntry(ctx, name) {
  return (ctx.cat.units || []).find((u) => u.name === name) || null;
}

export function spellEntry(ctx, name) {
  return (ctx.cat.spells || []).find((s) => s.name === name) || null;
}

export function unitStats(u) {
  return `attack ${u.attack} ${u.attack_type} · defence ${u.pdef} physical / ${u.mdef} magical · health ${u.health} · moves ${u.moves}${u.flying ? " (flies)" : ""}`;
}

// the whole card: cost, numbers, every ability and effect in words
export function cardDetail(name, ctx) {
  const u = unitEntry(ctx, name);
  if (u) {
    return h("div", { class: "graxia-detail" },
      h("h3", {}, u.name),
      h("p", { class: "muted" }, `${titleCase(words(u.class))} · ${titleCase(u.race)} · ${u.class === "guardian" ? "Guardian" : `${u.cost} mana`}`),
      h("dl", { class: "graxia-stats" },
        h("dt", {}, "Attack"), h("dd", {}, `${u.attack} (${u.attack_type})`),
        h("dt", {}, "Defence"), h("dd", {}, `${u.pdef} physical, ${u.mdef} magical`),
        h("dt", {}, "Health"), h("dd", {}, String(u.health)),
        h("dt", {}, "Movement"), h("dd", {}, `${u.moves} tile${u.moves === 1 ? "" : "s"}${u.flying ? ", flies" : ""}`),
        h("dt", {}, "Support"), h("dd", {}, `+${u.support} to an adjacent friendly attacker`)),
      (u.ability_text || []).length
        ? h("ul", { class: "graxia-abilities" }, u.ability_text.map((a) => h("li", {},
          h("strong", {}, a.name), ` — ${a.when}${a.mana ? `, ${a.mana} mana` : ""}: `, a.text)))
        : h("p", {}, "No special abilities."),
      u.class === "guardian" ? h("p", { class: "muted" }, "Every Guardian summons units, opens portals, summons one unit a round 7 mana cheaper, and takes no damage in the Command Phase (§5.1).") : null);
  }
  const s = spellEntry(ctx, name);
  if (s) {
    return h("div", { class: "graxia-detail" },
      h("h3", {}, s.name),
      h("p", { class: "muted" }, `${titleCase(s.phase === "both" ? "command or battle" : s.phase)} spell${s.relic ? " · relic (any time in either round)" : ""} · ${s.cost} mana`),
      h("p", {}, s.text),
      h("p", { class: "graxia-modifier" }, `Sacrifice value: ${s.modifier} — in a battle's secret sacrifice, +${s.modifier} to your battle value (attack) or −${s.modifier} to the enemy's (defence).`),
      s.requires !== "none" ? h("p", { class: "muted" }, `Needs ${words(s.requires)}.`) : null);
  }
  return null;
}

// how the scenario is won and lost, live
export function briefing(ctx, sc, schedule) {
  const o = ctx.obs;
  const me = ctx.seat == null ? 0 : ctx.seat;
  const turnsLeft = Math.max(0, (sc.turns || 0) - (o.turn || 0));
  const items = [
    h("p", { class: "graxia-brief-head" }, h("strong", {}, sc.title), ` · ${sc.solo ? "solo scenario (you against the Non-Player)" : "two players"} · turn ${o.turn || 0} of ${sc.turns} (${turnsLeft} after this one)`),
    h("h4", {}, "How to win"), h("ul", {}, (sc.won || []).map((t) => h("li", {}, t))),
  ];
  if ((sc.lost || []).length) items.push(h("h4", {}, sc.solo ? "How you lose" : "Otherwise"), h("ul", {}, sc.lost.map((t) => h("li", {}, t))));
  if ((sc.special || []).length) items.push(h("h4", {}, "Special rules"), h("ul", {}, sc.special.map((t) => h("li", {}, t))));
  items.push(h("p", { class: "graxia-score" }, [0, 1].map((p) => h("span", { class: "graxia-score-seat" },
    h("span", { class: `swatch seat-${p}` }), `${ctx.seatName(p)}: ${o.vp[p]} victory points, ${o.mana[p]} mana`))));
  if (o.phase === "place" && sc.budget) items.push(h("p", {}, `Set-up: choose up to ${sc.budget[me]} mana of starting units from your pool and place them face down on your side (the dotted hexes); your Guardian goes on your Home Row. You may take a placement back until both sides end: then all turn face up.`));
  const next = schedule.next;
  if (next) items.push(h("p", { class: "graxia-warning", role: "alert" }, `⚠ At the start of turn ${next.turn}, ${next.cells.length} tiles leave the game (marked ⚠ on the map) — with every unit on them.`));
  (sc.removals || []).forEach((r) => { if (r.turn > (o.turn || 0) && r !== next) items.push(h("p", { class: "muted" }, `Turn ${r.turn}: ${r.cells.length} more tiles leave the game.`)); });
  if ((sc.home_rows || []).length) items.push(homeRows(ctx, sc));
  return h("div", { class: "graxia-briefing" }, items);
}

function homeRows(ctx, sc) {
  const chosen = (ctx.obs.solo || [])[0];
  const letters = ["A", "B", "C", "D"];
  return h("div", { class: "graxia-home-rows" },
    h("h4", {}, "The four Home Rows (§9.2 Solo Scenario 3)"),
    h("p", {}, "Before the game you choose one corner of the map as your Home Row (lettered A–D on the map). Its benefits:"),
    h("ul", {}, letters.map((k, i) => h("li", { class: chosen === i ? "chosen" : "" },
      h("strong", {}, `Home Row ${k}${chosen === i ? " (yours)" : ""}: `), (sc.home_row_benefits[k] || []).join(" ")))));
}

// tiles leaving the game next (Solo 1): warn the turn before, and on the turn itself
export function removalSchedule(sc, obs) {
  const turn = obs.turn || 0;
  const next = (sc.removals || []).find((r) => r.turn > turn && r.turn <= turn + 1 && r.cells.some((c) => !(obs.gone || [])[c]));
  return { next, cells: new Set(next ? next.cells : []) };
}

// every term of both battle values, where it comes from, and the result
export function battlePanel(ctx, b) {
  if (!b) return null;
  const side = (k) => {
    const seat = b.seats ? b.seats[k] : null;
    const terms = (b.terms || []).filter((t) => t[0] === k);
    const extra = b.plays.filter((p) => p.side === k);
    return h("div", { class: `graxia-battle-side side-${k}` },
      h("h4", {}, `${k === 0 ? "Attacker" : "Defender"}: ${k === 0 ? b.attackerUnit : b.defenderUnit}${seat != null ? ` (${ctx.seatName(seat)})` : ""}`),
      h("ul", {}, terms.map((t) => h("li", {}, h("span", { class: "num" }, signed(t[1])), ` ${t[2]}`)),
        extra.map((p) => h("li", {}, h("span", { class: "num" }, p.amount == null ? "±" : signed(p.amount)), ` ${p.text}`))),
      h("p", { class: "graxia-bv" }, `Battle value: ${b.bv[k]}`));
  };
  const steps = [];
  if (b.phase === "exchange") steps.push("Exchange: each side may play a battle spell or use a battle ability, or pass; two passes in a row end it.");
  if (b.phase === "sacrifice") steps.push("Secret sacrifice: each side picks a spell card from hand (its sacrifice value adds to your battle value, or subtracts from the enemy's) or bluffs. Both are revealed together.");
  if (b.wounds) steps.push(`Result: each side deals half its battle value (rounded up) as wounds, less shields and wound reductions. ${b.defenderUnit} takes ${b.wounds[0]}, ${b.attackerUnit} takes ${b.wounds[1]}.`);
  if (b.outcome) steps.push(b.outcome);
  return h("div", { class: "graxia-battle" },
    h("h3", {}, `Battle at ${b.defender}: ${b.attackerUnit} attacks ${b.defenderUnit}`),
    h("div", { class: "graxia-battle-sides" }, side(0), side(1)),
    steps.map((t) => h("p", {}, t)));
}

// the rules summary in the project's own words, by the rulebook's sections
export function help() {
  const sec = (title, ...lines) => h("section", {}, h("h4", {}, title), h("ul", {}, lines.map((l) => h("li", {}, l))));
  return h("div", { class: "graxia-help" },
    sec("1.0 Map and units", "Each hex is a map tile with a terrain, a mana value and defence bonuses. A unit card on a tile shows attack, physical/magical defence, health and movement.", "Your Home Row is the row nearest you: summon there or next to your Guardian."),
    sec("6.0 A round", "Draw cards (4 free, then buy at 5 mana while you hold 12 or fewer), then the Command Phase: each unit may move, attack, shield, move and attack, attack and move, or move and shield, or use one command ability; summon units and cast command spells for mana.", "At the round's end you collect the mana of every tile you control."),
    sec("7.0 Battle", "Step 1: each side's battle value is its attack less the enemy's matching defence. Step 2: the defender's tile bonus and terrain effects. Step 3: each friendly unit next to the defender supports the attacker. Step 4: passive abilities.", "Step 5: the sides alternate battle spells and abilities until two passes. Step 6: secret sacrifice of a spell card for its sacrifice value, or a bluff.", "Step 7: each side deals half its battle value (rounded up) as wounds. The loser retreats directly away; the attacker may advance."),
    sec("5.1 Guardians", "A Guardian summons, opens portals and takes no damage in the Command Phase. An eliminated Guardian returns to its owner's hand."),
    sec("9.0 Scenarios", "Each scenario sets the map, the decks, the set-up and how it is won: see the briefing above the map."));
}

// terrains on this map, their colours and what they do (§5.4)
export function legend(ctx, sc, colours) {
  const seen = [...new Set(sc.terrain)];
  const notes = ctx.cat.terrain_notes || {};
  const def = (t) => {
    const i = sc.terrain.indexOf(t);
    return sc.pdef && (sc.pdef[i] || sc.mdef[i]) ? ` Defence +${sc.pdef[i]} physical / +${sc.mdef[i]} magical.` : "";
  };
  const marker = (cls, label, text) => h("li", {}, h("span", { class: `legend-mark ${cls}`, "aria-hidden": "true" }, label), ` ${text}`);
  const terrainItem = (t) => {
    const sw = h("span", { class: "legend-swatch", "aria-hidden": "true" });
    sw.style.background = colours[t] || "#999";
    return h("li", {}, sw, h("strong", {}, ` ${titleCase(words(t))}`), `: ${notes[t] || ""}${def(t)}`);
  };
  const tok = (p) => {
    const el = h("span", { class: `legend-token seat-${p}`, "aria-hidden": "true" });
    el.style.background = seatColour(p);
    return h("li", {}, el, ` ${ctx.seatName(p)}'s units (${p === 0 ? "round" : "square"} tokens)`);
  };
  return h("details", { class: "graxia-legend panel" }, h("summary", {}, "Map legend"),
    h("ul", { class: "legend-list" }, seen.map(terrainItem)),
    h("ul", { class: "legend-list" }, tok(0), tok(1),
      marker("gold", "★", "objective (vital tile)"), marker("", "✦", "mana the tile yields each round"),
      marker("dash", "┄", "Home Row (dashed edge in the owner's colour)"), marker("", "◎", "portal"),
      marker("", "⚠", "tile leaving the game at the next turn"), marker("", "−2", "wounds on a unit"),
      marker("", "z", "stunned unit"), marker("", "◯", "shielded unit (white ring); Guardians have a gold ring")));
}
