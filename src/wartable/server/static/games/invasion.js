// Draconis Invasion: the invaders' rows, the campaign row, the cards on the table, each
// player's deck, hand and discard, and the turn's gold, actions and buys.

import { h, titleCase, seatColour } from "../ui.js";
import { seatHead, pile, stat, zone } from "./common.js";
import { eventText, cardDetail, help, briefing, scores, battle, damageTerms, totalOf, invaderHealth, invaderOf, glories } from "./invasion-text.js";

const TYPE_COLOUR = { gold: "#d9a93a", action: "#5b7fc4", defender: "#b5483f", terror: "#4a4a4a" };
const VERBS = ["play", "eliminate", "defend", "forward", "discard", "topdeck", "trash", "gold", "give", "recover"];
const HAND_VERBS = new Set(["play", "eliminate", "defend", "forward", "discard", "topdeck", "trash", "gold", "give"]);

function cards(ctx) {
  return ctx.cat.cards || [];
}

function keyOf(ctx, k) {
  return (ctx.cat.keys || [])[k] || String(k);
}

function kindCard(ctx, k, count, cls, extra) {
  const c = cards(ctx)[k];
  if (!c) return h("div", { class: `card ${cls || ""}` }, keyOf(ctx, k));
  const type = c.type || (k < 3 ? "gold" : k === 3 ? "terror" : k < 18 ? "action" : "defender");
  const nums = [];
  if (c.gold) nums.push(h("span", { class: "g", "aria-label": `gold value ${c.gold}` }, `◉${c.gold}`));
  if (c.attack) nums.push(h("span", { class: "atk", "aria-label": `attack damage ${c.attack}` }, `⚔${c.attack}${c.key === "shaman" || c.key === "slayer" ? "+" : ""}`));
  if (type === "defender") nums.push(h("span", { class: "acost", "aria-label": `attack cost ${c.attack_cost} gold` }, `pay ${c.attack_cost}`));
  const bonus = [];
  if (c.actions) bonus.push(`+${c.actions} action`);
  if (c.buys) bonus.push(`+${c.buys} buy`);
  if (c.cards) bonus.push(`+${c.cards} card`);
  if (c.gold_bonus) bonus.push(`+${c.gold_bonus} gold`);
  return h("div", { class: `card inv-card ${type} ${cls || ""}`, style: { "--tc": TYPE_COLOUR[type] || "#777" }, "data-card": c.name, title: `${c.name} (${type})${c.effect ? `: ${c.effect}` : ""}` },
    h("div", { class: "name" }, c.name),
    h("div", { class: "cls" }, type),
    bonus.length ? h("div", { class: "text" }, bonus.join(", ")) : null,
    h("div", { class: "nums" }, nums),
    count != null && count !== 1 ? h("span", { class: "count-badge" }, `×${count}`) : null,
    extra || null);
}

function invaderCard(ctx, id, slotName, slot) {
  if (id == null || id < 0) return h("div", { class: "card small empty" }, slotName);
  const v = invaderOf(ctx, id);
  if (!v) return h("div", { class: "card small" }, "invader");
  const hp = invaderHealth(ctx, slot);
  return h("div", { class: `card small invader ${v.color}`, "data-card": v.name, title: `${v.name}: ${hp} health, ${v.glory} glory. ${v.effect || ""}` },
    h("div", { class: "name" }, v.name),
    v.rare ? h("div", { class: "cls" }, v.rare) : null,
    h("div", { class: "nums" }, h("span", { class: "hp", "aria-label": `health ${hp}` }, `❤${hp}`), h("span", { class: "glory", "aria-label": `glory ${v.glory}` }, `★${v.glory}`)));
}

function campaignCard(ctx, id, cls) {
  const c = (ctx.cat.campaigns || [])[id];
  if (!c) return h("div", { class: `card tiny campaign ${cls || ""}` }, "campaign");
  return h("div", { class: `card tiny campaign ${cls || ""}`, "data-card": c.name, title: `${c.name}: ${c.text} +${c.bonus} glory` },
    h("div", { class: "name" }, c.name), h("div", { class: "nums" }, h("span", { class: "glory" }, `+${c.bonus}★`)));
}

// a click on an invader the attack cannot defeat opens this first: naming it ends the step
function confirmAttack(ctx, notation, slot) {
  const o = ctx.obs;
  const slots = [...(o.targets || []), slot];
  const dmg = totalOf(damageTerms(ctx, slots));
  const hp = slots.reduce((a, t) => a + invaderHealth(ctx, t), 0);
  const v = invaderOf(ctx, o.row[slot]);
  const go = ctx.button(notation, "Attack anyway", "danger");
  const dialog = h("div", { class: "inv-confirm", role: "alertdialog", "aria-modal": "true", "aria-labelledby": `confirm-${slot}`, hidden: true },
    h("p", { id: `confirm-${slot}` }, `Your attack deals ${dmg} damage; ${v ? v.name : "this invader"} has ${hp} health. The attack will fail and end your main step.`),
    h("div", { class: "row" }, go, h("button", { class: "btn ghost", type: "button", onclick: () => { dialog.hidden = true; } }, "Cancel")));
  return { dmg, hp, dialog };
}

function sum(v) {
  return (v || []).reduce((a, b) => a + b, 0);
}

function handActions(ctx, key) {
  return ctx.legal.filter((n) => {
    const [verb, ...rest] = n.split(" ");
    return HAND_VERBS.has(verb) && rest.join(" ") === key;
  });
}

export default {
  title: () => "Draconis Invasion",
  phase(ctx) {
    const o = ctx.obs;
    const phases = ctx.cat.phases || ["main", "buy", "defeat", "forward", "over"];
    const ph = phases[o.phase] || String(o.phase);
    const frame = o.stack && o.stack.length ? o.stack[o.stack.length - 1] : null;
    const frames = ctx.cat.frames || {};
    const pending = frame ? ` · ${titleCase(frames[String(frame[0])] || "decision")}` : "";
    return `Turn ${o.turn} · ${ctx.seatName(o.active)}: ${titleCase(ph)}${pending}`;
  },
  label(n, ctx) {
    const c = (ctx && ctx.cat && ctx.cat.cards) || [];
    const keys = (ctx && ctx.cat && ctx.cat.keys) || [];
    const nm = (key) => {
      const i = keys.indexOf(key);
      return i >= 0 && c[i] ? c[i].name : titleCase(key);
    };
    let m;
    if ((m = n.match(/^(\w+) (\w+)$/)) && VERBS.includes(m[1]) && keys.includes(m[2])) {
      const verb = { play: "Play", eliminate: "Eliminate", defend: "Send", forward: "Forward", discard: "Discard", topdeck: "Put on deck", trash: "Trash", gold: "Pay with", give: "Give", recover: "Recover" }[m[1]];
      return `${verb} ${nm(m[2])}`;
    }
    if ((m = n.match(/^buy (\w+)$/)) && keys.includes(m[1])) return `Buy ${nm(m[1])}`;
    if ((m = n.match(/^target (\w\d)$/))) return `Target invader ${m[1]}`;
    if ((m = n.match(/^campaign row (\d)$/))) return `Take campaign ${m[1]}`;
    if ((m = n.match(/^choose seat (\d)$/))) return `Choose seat ${Number(m[1]) + 1}`;
    return { buy: "Buy", campaign: "Campaign", "campaign deck": "Draw from the campaign deck", defeat: "Defeat an invader", pass: "Pass", done: "Done", attack: "Attack!", "no forward": "Forward nothing", "no betrayal": "No Betrayal", betray: "Betray!", "ask partner": "Ask your partner for gold" }[n] || titleCase(n);
  },
  event: eventText,
  cardDetail,
  help,
  briefing,
  scores,
  battle,
  lastMoves(ctx) {
    // the invaders the others' last attack hit and the cards they bought
    for (const e of ctx.lastEvents || []) {
      if (e.seat === ctx.seat) continue;
      if (e.type === "invader_revealed") {
        const v = (ctx.cat.invaders || []).find((x) => x.key === e.invader);
        if (v) document.querySelectorAll(`#board .invader[data-card="${CSS.escape(v.name)}"]`).forEach((el) => el.classList.add("last-move"));
      } else if (e.type === "buy") {
        const c = (ctx.cat.cards || []).find((x) => x.key === e.card);
        if (c) document.querySelectorAll(`#board .market[data-card="${CSS.escape(c.name)}"]`).forEach((el) => el.classList.add("last-move"));
      }
    }
  },
  render(ctx) {
    const o = ctx.obs;
    const slots = ctx.cat.slots || ["b1", "b2", "b3", "g1", "g2", "g3"];
    const confirms = [];
    const row = (o.row || []).map((id, i) => {
      const wrap = h("div", { class: "slot", "data-slot": slots[i] }, invaderCard(ctx, id, slots[i], i), (o.targets || []).includes(i) ? h("div", { class: "stat" }, "◎ target") : null);
      const n = `target ${slots[i]}`;
      if (!ctx.has(n)) return wrap;
      const c = confirmAttack(ctx, n, i);
      // naming an invader from the main step resolves the attack at once and ends the step; once
      // Defeat is chosen an invader must be named anyway (and a Stone Titan lets more be named)
      const main = (ctx.cat.phases || [])[o.phase] === "main";
      if (!main || o.atk_titan || c.dmg >= c.hp) return ctx.bind(wrap, [n]);
      ctx.used.add(n);
      confirms.push(c.dialog);
      wrap.classList.add("actionable", "doomed");
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "button");
      wrap.setAttribute("aria-label", `Attack ${(invaderOf(ctx, id) || {}).name || "invader"} (${c.dmg} damage against ${c.hp} health: asks first)`);
      const open = (e) => { e.stopPropagation(); confirms.forEach((d) => { d.hidden = d !== c.dialog; }); c.dialog.hidden = false; const b = c.dialog.querySelector("button"); if (b) b.focus(); };
      wrap.addEventListener("click", open);
      wrap.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(e); } });
      return wrap;
    });
    const dmgTerms = damageTerms(ctx, o.targets || []);
    const dmg = totalOf(dmgTerms);
    const invaders = zone(h("span", {}, "Invaders"),
      h("div", { class: "row center invaders" },
        h("div", { class: "inv-row blue" }, row.slice(0, 3)),
        h("div", { class: "inv-row gold" }, row.slice(3, 6))),
      confirms,
      h("div", { class: "row center decks" },
        pile("Blue", o.blue_deck, "tiny"), pile("Gold", o.gold_deck, "tiny"), pile("Events", o.event_deck, "tiny"),
        h("div", { class: "pile" }, h("div", { class: "die terror", role: "img", "aria-label": `Terror Count ${o.terror}` }, h("span", { class: "face" }, String(o.terror))), h("span", { class: "count" }, "Terror")),
        o.retreat ? h("span", { class: "stat" }, "RETREAT") : null));
    const campRow = (o.campaign_row || []).map((id, i) => ctx.bind(campaignCard(ctx, id), [`campaign row ${i + 1}`]));
    const campDeck = ctx.bind(h("div", { class: "pile" }, h("div", { class: "card tiny back" }), h("span", { class: "count" }, `Campaigns ${o.campaign_deck}`)), ["campaign deck"]);
    const campaigns = zone("Campaigns", h("div", { class: "row center" }, campRow, campDeck));
    const market = (o.kingdom || []).map((k) => {
      const key = keyOf(ctx, k);
      const c = cards(ctx)[k] || {};
      const el = kindCard(ctx, k, null, "small market", h("span", { class: "cost", "aria-label": `cost ${c.cost ?? "?"} gold` }, `${c.cost ?? "?"}◉`));
      el.appendChild(h("span", { class: "left" }, `${o.supply[k]} left`));
      return ctx.bind(el, [`buy ${key}`]);
    });
    const table = zone("The table (cards to buy)", h("div", { class: "row center market" }, market));
    const players = [];
    const team = o.config && o.config.mode === "team";
    const owner = (p) => (team ? Math.floor(p / 2) : p);
    const glory = glories(ctx);
    for (let s = 0; s < o.n; s++) {
      const defeated = (o.defeated[s] || []).map((id) => invaderOf(ctx, id));
      players.push(h("div", { class: `zone player${s === ctx.seat ? " mine" : ""}`, style: { borderColor: seatColour(s) } },
        seatHead(ctx, s, [
          stat("🂠", o.hand_sizes[s], "hand"), stat("☰", o.deck_sizes[s], "deck"), stat("♻", sum(o.discards[s]), "discard pile"),
          stat("★", glory[s], "glory from defeated invaders", "gold"), stat("⚑", o.campaign_counts ? o.campaign_counts[owner(s)] ?? 0 : 0, team ? "the team's campaigns" : "campaigns"),
          team ? h("span", { class: "stat", title: "Team Versus: seats 0-1, 2-3, 4-5 sit together" }, `Team ${"ABC"[owner(s)]}`) : null,
        ], o.active === s),
        s !== ctx.seat && o.hands && o.hands[s] ? h("div", { class: "row", title: "this hand is shown to you" }, o.hands[s].map((c, k) => (c ? kindCard(ctx, k, c, "tiny") : null)).filter(Boolean)) : null,
        defeated.length ? h("div", { class: "row" }, defeated.map((v) => h("span", { class: "stat", title: "defeated", "data-card": v ? v.name : "" }, `☠ ${v ? v.name : "invader"}`))) : null,
        o.campaigns && o.campaigns[owner(s)] && (!team || s % 2 === 0) ? h("div", { class: "row" }, o.campaigns[owner(s)].map((id) => campaignCard(ctx, id, "held"))) : null));
    }
    const inPlay = (o.play || []).map((c, k) => (c ? kindCard(ctx, k, c, "tiny") : null)).filter(Boolean);
    const attacking = o.atk_defenders > 0 || o.fury > 0 || o.enchant > 0;
    const turn = zone(h("span", {}, o.active === ctx.seat ? "Your turn" : `${ctx.seatName(o.active)}'s turn`),
      h("div", { class: "row" }, stat("◉", o.gold, "gold played", "gold"), stat("⚡", o.actions_left, "actions left"), stat("⚖", o.buys_left, "buys left"),
        attacking ? h("span", { class: "stat attack-total", title: dmgTerms.map(([k, v]) => `${k} ${v}`).join(", "), "aria-label": `attack damage ${dmg}` }, h("span", { class: "ico" }, "⚔"), String(dmg)) : null),
      inPlay.length ? h("div", { class: "row in-play" }, inPlay) : null);
    const parts = [invaders, turn];
    if (ctx.seat != null && o.hands && o.hands[ctx.seat]) {
      const hand = o.hands[ctx.seat].map((c, k) => {
        if (!c) return null;
        return ctx.bind(kindCard(ctx, k, c, ""), handActions(ctx, keyOf(ctx, k)), `hand-${k}`);
      }).filter(Boolean);
      parts.push(zone("Your hand", h("div", { class: "row center hand" }, hand.length ? hand : h("span", { class: "muted" }, "empty"))));
      const disc = (o.discards[ctx.seat] || []).map((c, k) => (c ? ctx.bind(kindCard(ctx, k, c, "tiny"), [`recover ${keyOf(ctx, k)}`]) : null)).filter(Boolean);
      if (disc.length) parts.push(zone("Your discard pile", h("div", { class: "row" }, disc)));
    }
    parts.push(campaigns, table, h("div", { class: "players" }, players));
    return h("div", { class: "invasion-board" }, parts);
  },
};
