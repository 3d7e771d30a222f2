// Draconis Invasion: the invaders' rows, the campaign row, the cards on the table, each
// player's deck, hand and discard, and the turn's gold, actions and buys.

import { h, titleCase, seatColour } from "../ui.js";
import { seatHead, pile, stat, zone } from "./common.js";

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
  if (c.gold) nums.push(h("span", { class: "g", title: "gold value" }, `◉${c.gold}`));
  if (c.attack) nums.push(h("span", { class: "atk", title: "attack" }, `⚔${c.attack}`));
  const bonus = [];
  if (c.actions) bonus.push(`+${c.actions} action`);
  if (c.buys) bonus.push(`+${c.buys} buy`);
  if (c.cards) bonus.push(`+${c.cards} card`);
  if (c.gold_bonus) bonus.push(`+${c.gold_bonus} gold`);
  return h("div", { class: `card inv-card ${type} ${cls || ""}`, style: { "--tc": TYPE_COLOUR[type] || "#777" }, "data-card": c.name, title: `${c.name} (${type})` },
    h("div", { class: "name" }, c.name),
    h("div", { class: "cls" }, type),
    bonus.length ? h("div", { class: "text" }, bonus.join(", ")) : null,
    h("div", { class: "nums" }, nums),
    count != null && count !== 1 ? h("span", { class: "count-badge" }, `×${count}`) : null,
    extra || null);
}

function invaderCard(ctx, id, slotName) {
  if (id == null || id < 0) return h("div", { class: "card small empty" }, slotName);
  const v = (ctx.cat.invaders || [])[id];
  if (!v) return h("div", { class: "card small" }, `invader ${id}`);
  return h("div", { class: `card small invader ${v.color}`, "data-card": v.name, title: `${v.name}: ${v.health} health, ${v.glory} glory` },
    h("div", { class: "name" }, v.name),
    h("div", { class: "nums" }, h("span", { class: "hp", title: "health" }, `❤${v.health}`), h("span", { class: "glory", title: "glory" }, `★${v.glory}`)));
}

function campaignCard(ctx, id, cls) {
  const c = (ctx.cat.campaigns || [])[id];
  return h("div", { class: `card tiny campaign ${cls || ""}`, "data-card": c ? c.name : "", title: c ? c.name : "campaign" }, h("div", { class: "name" }, c ? c.name : `#${id}`));
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
  event(e, ctx) {
    const who = e.seat != null ? ctx.seatName(e.seat) : "";
    const nm = (key) => {
      const keys = ctx.cat.keys || [];
      const i = keys.indexOf(key);
      return i >= 0 && ctx.cat.cards[i] ? ctx.cat.cards[i].name : titleCase(String(key));
    };
    const inv = (key) => {
      const v = (ctx.cat.invaders || []).find((x) => x.key === key);
      return v ? v.name : titleCase(String(key));
    };
    const evName = (key) => {
      const v = (ctx.cat.events || []).find((x) => x.key === key);
      return v ? v.name : titleCase(String(key));
    };
    switch (e.type) {
      case "turn": return `— ${who}'s turn ${e.turn} —`;
      case "draw": return `${who} draws ${e.count}`;
      case "drew": return `You drew ${(e.cards || []).map(nm).join(", ")}`;
      case "reshuffle": return `${who} shuffles ${e.cards} cards into a new deck`;
      case "forward": return `${who} forwards ${nm(e.card)}`;
      case "play": return `${who} plays ${nm(e.card)}`;
      case "buy": return `${who} buys ${nm(e.card)}`;
      case "eliminate": return `${who} eliminates ${nm(e.card)}`;
      case "gold": return `${who} pays with ${e.count > 1 ? `${e.count}× ` : ""}${nm(e.card)}`;
      case "gain": return `${who} gains ${nm(e.card)}${e.where && e.where !== "discard" ? ` (to ${e.where})` : ""}`;
      case "gain_failed": return `${who} cannot gain ${nm(e.card)}: none left`;
      case "defend": return `${who} sends ${nm(e.card)} into battle`;
      case "attack": return `${who} attacks ${(e.targets || []).map((t) => inv(t)).join(" and ")}: ${e.damage} damage against ${e.health} health — ${e.defeated ? "defeated!" : "repelled"}`;
      case "invader_revealed": return `A new invader appears: ${inv(e.invader)}`;
      case "invaders_reshuffled": return "The invaders are reshuffled";
      case "campaign_taken": return `${who} takes a campaign${e.face_up ? " from the row" : " from the deck"}`;
      case "discard": return `${who} discards ${nm(e.card)}`;
      case "trash": return `${who} trashes ${nm(e.card)}`;
      case "recover": return `${who} recovers ${nm(e.card)}`;
      case "topdeck": return `${who} puts a card on their deck`;
      case "topdecked": return `You put ${nm(e.card)} on your deck`;
      case "reveal": return `${who} reveals ${(e.cards || []).map(nm).join(", ")}`;
      case "give_gold": return `${who} gives ${nm(e.card)} to ${ctx.seatName(e.to_seat)}`;
      case "betrayal": return `${who} betrays ${ctx.seatName(e.against)}!`;
      case "terror": return `The terror die shows ${e.count}`;
      case "terror_roll": return `${who} rolls ${e.roll} on the terror die`;
      case "terror_to_deck": return `${who} takes ${e.count} Terror card${e.count === 1 ? "" : "s"}`;
      case "threat_roll": return `Threat roll: ${e.roll}`;
      case "event": return `Event: ${evName(e.event)}${e.hits && e.hits.length ? ` strikes ${e.hits.map((x) => ctx.seatName(x)).join(", ")}` : ""}`;
      case "event_drawn": return `${who} draws an Event card`;
      case "retreat": return "The Retreat card shows: the invasion ends";
      case "golem_avoids": return `${who}'s Golem stands firm`;
      case "arcanist": return `${who}'s Arcanist ${e.discard ? "discards" : "returns"} a card`;
      case "start_roll": return `Start rolls: ${(e.seats || []).map((x, i) => `${ctx.seatName(x)} ${(e.rolls || [])[i]}`).join(", ")}`;
      case "game_over": return `The war is over: ${titleCase(String(e.reason || ""))}`;
      default: {
        const fields = Object.entries(e).filter(([k]) => !["type", "to", "seat", "index"].includes(k)).map(([k, v]) => `${k} ${typeof v === "string" ? titleCase(v) : JSON.stringify(v)}`);
        return `${who ? `${who}: ` : ""}${titleCase(e.type)}${fields.length ? ` (${fields.join(", ")})` : ""}`;
      }
    }
  },
  render(ctx) {
    const o = ctx.obs;
    const slots = ctx.cat.slots || ["b1", "b2", "b3", "g1", "g2", "g3"];
    const row = (o.row || []).map((id, i) => {
      const wrap = h("div", { class: "slot", "data-slot": slots[i] }, invaderCard(ctx, id, slots[i]), (o.targets || []).includes(i) ? h("div", { class: "stat" }, "◎ target") : null);
      return ctx.bind(wrap, [`target ${slots[i]}`]);
    });
    const invaders = zone(h("span", {}, "Invaders"),
      h("div", { class: "row center invaders" },
        h("div", { class: "inv-row blue" }, row.slice(0, 3)),
        h("div", { class: "inv-row gold" }, row.slice(3, 6))),
      h("div", { class: "row center decks" },
        pile("Blue", o.blue_deck, "tiny"), pile("Gold", o.gold_deck, "tiny"), pile("Events", o.event_deck, "tiny"),
        h("div", { class: "pile" }, h("div", { class: "die terror", title: "terror die" }, h("span", { class: "face" }, String(o.terror))), h("span", { class: "count" }, "Terror")),
        o.retreat ? h("span", { class: "stat" }, "RETREAT") : null));
    const campRow = (o.campaign_row || []).map((id, i) => ctx.bind(campaignCard(ctx, id), [`campaign row ${i + 1}`]));
    const campDeck = ctx.bind(h("div", { class: "pile" }, h("div", { class: "card tiny back" }), h("span", { class: "count" }, `Campaigns ${o.campaign_deck}`)), ["campaign deck"]);
    const campaigns = zone("Campaigns", h("div", { class: "row center" }, campRow, campDeck));
    const market = (o.kingdom || []).map((k) => {
      const key = keyOf(ctx, k);
      const c = cards(ctx)[k] || {};
      const el = kindCard(ctx, k, null, "small market", h("span", { class: "cost", title: "cost" }, `${c.cost ?? "?"}◉`));
      el.appendChild(h("span", { class: "left", title: "left on the table" }, `${o.supply[k]} left`));
      return ctx.bind(el, [`buy ${key}`]);
    });
    const table = zone("The table", h("div", { class: "row center market" }, market));
    const players = [];
    const team = o.config && o.config.mode === "team";
    const owner = (p) => (team ? Math.floor(p / 2) : p);
    for (let s = 0; s < o.n; s++) {
      const defeated = (o.defeated[s] || []).map((id) => (ctx.cat.invaders || [])[id]);
      const glory = defeated.reduce((a, v) => a + ((v && v.glory) || 0), 0);
      players.push(h("div", { class: `zone player${s === ctx.seat ? " mine" : ""}`, style: { borderColor: seatColour(s) } },
        seatHead(ctx, s, [
          stat("🂠", o.hand_sizes[s], "hand"), stat("☰", o.deck_sizes[s], "deck"), stat("♻", sum(o.discards[s]), "discard pile"),
          stat("★", glory, "glory from defeated invaders", "gold"), stat("⚑", o.campaign_counts ? o.campaign_counts[owner(s)] ?? 0 : 0, team ? "the team's campaigns" : "campaigns"),
          team ? h("span", { class: "stat", title: "Team Versus: seats 0-1, 2-3, 4-5 sit together" }, `Team ${"ABC"[owner(s)]}`) : null,
        ], o.active === s),
        s !== ctx.seat && o.hands && o.hands[s] ? h("div", { class: "row", title: "this hand is shown to you" }, o.hands[s].map((c, k) => (c ? kindCard(ctx, k, c, "tiny") : null)).filter(Boolean)) : null,
        defeated.length ? h("div", { class: "row" }, defeated.map((v) => h("span", { class: "stat", title: "defeated" }, `☠ ${v ? v.name : "?"}`))) : null,
        o.campaigns && o.campaigns[owner(s)] && (!team || s % 2 === 0) ? h("div", { class: "row" }, o.campaigns[owner(s)].map((id) => campaignCard(ctx, id, "held"))) : null));
    }
    const inPlay = (o.play || []).map((c, k) => (c ? kindCard(ctx, k, c, "tiny") : null)).filter(Boolean);
    const turn = zone(h("span", {}, o.active === ctx.seat ? "Your turn" : `${ctx.seatName(o.active)}'s turn`),
      h("div", { class: "row" }, stat("◉", o.gold, "gold", "gold"), stat("⚡", o.actions_left, "actions left"), stat("⚖", o.buys_left, "buys left"),
        o.atk_damage ? stat("⚔", o.atk_damage, "attack damage") : null),
      inPlay.length ? h("div", { class: "row in-play" }, inPlay) : null);
    const parts = [h("div", { class: "inv-top" }, invaders, campaigns), table, h("div", { class: "players" }, players), turn];
    if (ctx.seat != null && o.hands && o.hands[ctx.seat]) {
      const hand = o.hands[ctx.seat].map((c, k) => {
        if (!c) return null;
        return ctx.bind(kindCard(ctx, k, c, ""), handActions(ctx, keyOf(ctx, k)), `hand-${k}`);
      }).filter(Boolean);
      const disc = (o.discards[ctx.seat] || []).map((c, k) => (c ? ctx.bind(kindCard(ctx, k, c, "tiny"), [`recover ${keyOf(ctx, k)}`]) : null)).filter(Boolean);
      parts.push(zone("Your hand", h("div", { class: "row center hand" }, hand.length ? hand : h("span", { class: "muted" }, "empty"))));
      if (disc.length) parts.push(zone("Your discard pile", h("div", { class: "row" }, disc)));
    }
    return h("div", { class: "invasion-board" }, parts);
  },
};
