// Skirm's panels beside the board: the rules summary (#help), the match's briefing
// (#briefing), the final scoring sheet (#battle) and the end panel's scores. The words of
// each card come from the match's catalogue (wartable.server.catalogue.skirm).

import { h, youGrammar } from "../ui.js";

export const SKILL_ICON = { might: "⚒", grace: "✧", wits: "⚡", lore: "⚑", guile: "♠", spirit: "☼" };
export const SKILL_COLOUR = { might: "#b03a2e", grace: "#1e7a45", wits: "#735800", lore: "#2f6fb5", guile: "#7d3cb5", spirit: "#137575" };
const FALLBACK_SKILLS = ["might", "grace", "wits", "lore", "guile", "spirit"];

export function skills(ctx) {
  return (ctx.cat && ctx.cat.skills) || FALLBACK_SKILLS;
}

export function cardInfo(ctx, id) {
  return (ctx.cat && ctx.cat.cards && ctx.cat.cards[String(id)]) || null;
}

export function cardByName(ctx, name) {
  return Object.values((ctx.cat && ctx.cat.cards) || {}).find((c) => c.name === name) || null;
}

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// a duelist's skills of each type: dice showing it plus the card's printed skills
function tally(ctx, seat) {
  const o = ctx.obs;
  const counts = skills(ctx).map(() => 0);
  ((o.dice || [])[seat] || []).forEach((f) => { if (f >= 0) counts[f] += 1; });
  const info = cardInfo(ctx, (o.card || [])[seat]);
  if (info) info.skills.forEach((k) => { counts[k] += 1; });
  return counts;
}

function quickMatches(ctx, seat) {
  const info = cardInfo(ctx, ctx.obs.card[seat]);
  return ((ctx.obs.dice || [])[seat] || []).filter((f) => info && info.skills.includes(f)).length;
}

function isQuick(ctx) {
  return ((ctx.obs && ctx.obs.config) || {}).variant === "quick";
}

function section(title, ...body) {
  return h("section", {}, h("h3", {}, title), ...body);
}

export function skirmHelp(ctx) {
  const cards = Object.values((ctx.cat && ctx.cat.cards) || {});
  const scorings = [...new Map(cards.map((c) => [c.scoring, c])).values()];
  return h("div", { class: "skirm-help" },
    h("h2", {}, "Skirm — the rules in short"),
    section("Setup", h("p", {}, "Each duelist holds one or more Skirm cards and rolls 6 skill dice of their own. One seat acts for the sentient opponent (a person or a bot).")),
    section("Duel Sequence",
      h("ol", {},
        h("li", {}, "Both duelists secretly choose a card, then reveal it at once. The higher speed (the number at the card's upper left) goes first; at equal speed, the higher card number."),
        h("li", {}, "The first duelist uses their card's ability, then the opponent uses theirs. Abilities refer to your own dice unless they say otherwise."),
        h("li", {}, "Final scoring: for each of the 6 skill types, your skills are your dice showing it plus the skills printed on your card. Having more than your opponent wins that type: 1 point. Ties give nothing."),
        h("li", {}, "Each card's additional scoring adds its points."),
        h("li", {}, "Most points wins the duel; a tie goes to the duelist who went first."))),
    section("Abilities", h("dl", {}, cards.map((c) => [h("dt", {}, `${c.ability_name} (the card ${c.name})`), h("dd", {}, c.ability_text)]))),
    section("Additional Scoring", h("dl", {}, scorings.map((c) => [h("dt", {}, c.scoring_name), h("dd", {}, c.scoring_text)]))),
    section("Quick Variant", h("p", {}, "Card text is ignored. Each duelist counts the dice matching the two skills printed on their card; more wins. The faster card may reroll all its dice once; the slower card wins ties.")),
    h("p", { class: "muted" }, `The 6 skill types have no printed names; this table calls them ${skills(ctx).join(", ")}.`));
}

function stateLine(ctx) {
  return youGrammar(stateWords(ctx)).replace(/\bYou's\b/g, "Your");
}

function stateWords(ctx) {
  const o = ctx.obs;
  const name = (s) => ctx.seatName(s);
  if (o.phase === "reveal") return "Both duelists are choosing a card in secret.";
  if (o.phase === "quick") return `${name(o.first)} has the faster card and may reroll all ${o.first === ctx.seat ? "your" : "their"} dice once, or stand.`;
  if (o.phase === "over") {
    const w = o.winner;
    const unit = isQuick(ctx) ? "matching dice" : "points";
    return `The duel is over: ${name(w)} won with ${o.points[w]} ${unit} to ${o.points[1 - w]}.`;
  }
  const now = o.step === 0 ? o.first : 1 - o.first;
  const info = cardInfo(ctx, o.card[now]);
  return `${name(o.first)} went first. Now: ${now === ctx.seat ? "your" : `${name(now)}'s`} ${info ? info.ability_name : "ability"} (${o.step === 0 ? "first" : "second and last"} ability before final scoring).`;
}

export function skirmBriefing(ctx) {
  const o = ctx.obs;
  const c = o.config || {};
  const quick = isQuick(ctx);
  const how = quick
    ? "More dice showing the two skills printed on your card wins. The faster card may reroll all its dice once; the slower card wins a tie. Card text is ignored."
    : "Each skill type you have more of (dice plus your card's 2 printed skills) scores 1 point; your card's additional scoring adds more. Most points wins; a tie goes to the duelist who went first.";
  const items = [
    h("li", {}, h("b", {}, "Variant: "), quick ? "Quick Variant" : "full duel (the Duel Sequence)"),
    h("li", {}, h("b", {}, "How the duel is won: "), how),
    h("li", {}, h("b", {}, "The sentient opponent: "), `${ctx.seatName(c.sentient_seat ?? 1)} acts for it.`),
    h("li", {}, h("b", {}, "Now: "), stateLine(ctx)),
  ];
  if (!quick && c.step3) items.push(h("li", {}, h("b", {}, "Leaf and Water: "), { comparison: "“the skill types you win or lose in step 3” are those of the per-type comparison.", contested: "only types both duelists have count as won or lost.", literal: "step 3 awards no types, so Leaf and Water score 0." }[c.step3] || c.step3));
  return h("div", { class: "skirm-briefing" }, h("ul", {}, items));
}

function fullSheet(ctx) {
  const o = ctx.obs;
  const sk = skills(ctx);
  const name = (s) => ctx.seatName(s);
  const counts = [tally(ctx, 0), tally(ctx, 1)];
  const won = [0, 0];
  const rows = sk.map((skill, k) => {
    const [a, b] = [counts[0][k], counts[1][k]];
    const w = a > b ? 0 : b > a ? 1 : -1;
    if (w >= 0) won[w] += 1;
    return h("tr", { "data-skill": skill },
      h("th", { scope: "row" }, `${SKILL_ICON[skill] || ""} ${skill}`),
      h("td", { class: w === 0 ? "win" : "" }, String(a)), h("td", { class: w === 1 ? "win" : "" }, String(b)),
      h("td", {}, w >= 0 ? `${name(w)} +1` : "tie, 0"));
  });
  const extras = [0, 1].map((s) => {
    const info = cardInfo(ctx, o.card[s]);
    const extra = (o.points[s] || 0) - won[s];
    return h("li", {}, `${name(s)}: ${info ? `${info.name}'s ${info.scoring_name} — ${info.scoring_text}` : "the card's additional scoring"} → +${extra}`);
  });
  const w = o.winner;
  const why = o.points[0] === o.points[1]
    ? `a tie at ${o.points[0]}, which ${name(w)} wins as the first duelist (the faster card)`
    : `${o.points[w]} points to ${o.points[1 - w]}`;
  return h("div", { class: "skirm-battle" },
    h("h3", {}, "Final scoring"),
    h("table", { class: "score-sheet" },
      h("caption", {}, "Skills of each type: dice plus the card's printed skills"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Skill"), h("th", { scope: "col" }, name(0)), h("th", { scope: "col" }, name(1)), h("th", { scope: "col" }, "Point"))),
      h("tbody", {}, rows),
      h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Types won"), h("td", {}, String(won[0])), h("td", {}, String(won[1])), h("td", {}, "")))),
    h("p", {}, h("b", {}, "Additional scoring")),
    h("ul", {}, extras),
    h("p", { class: "result" }, h("b", {}, `${name(0)} ${o.points[0]}, ${name(1)} ${o.points[1]}: `), `${name(w)} ${w === ctx.seat ? "win" : "wins"} — ${why}.`));
}

function quickSheet(ctx) {
  const o = ctx.obs;
  const sk = skills(ctx);
  const name = (s) => ctx.seatName(s);
  const lines = [0, 1].map((s) => {
    const info = cardInfo(ctx, o.card[s]);
    const parts = info ? info.skills.map((k) => `${sk[k]} ×${((o.dice || [])[s] || []).filter((f) => f === k).length}`).join(" + ") : "";
    return h("li", {}, `${name(s)} (${info ? info.name : "card"}, speed ${info ? info.speed : "?"}): ${parts} = ${plural(quickMatches(ctx, s), "matching die", "matching dice")}`);
  });
  const w = o.winner;
  const why = o.points[0] === o.points[1] ? `a tie, which ${name(w)} breaks with the slower card` : `${o.points[w]} matching dice to ${o.points[1 - w]}`;
  return h("div", { class: "skirm-battle" },
    h("h3", {}, "Quick Variant: dice matching each card's skills"),
    h("ul", {}, lines),
    h("p", { class: "result" }, h("b", {}, `${name(w)} ${w === ctx.seat ? "win" : "wins"}: `), `${why}.`));
}

export function skirmBattle(ctx) {
  const o = ctx.obs;
  if (o.phase !== "over" || !o.card || !o.card[0] || !o.card[1]) return null;
  return isQuick(ctx) ? quickSheet(ctx) : fullSheet(ctx);
}

export function skirmScores(ctx) {
  const o = ctx.obs;
  if (!o.card || !o.card[0] || !o.card[1]) return [0, 1].map((s) => ({ seat: s, text: "no card revealed" }));
  if (isQuick(ctx)) return [0, 1].map((s) => ({ seat: s, text: plural(o.points[s], "die matches the card", "dice match the card") }));
  return [0, 1].map((s) => {
    const won = tally(ctx, s).filter((n, k) => n > tally(ctx, 1 - s)[k]).length;
    const info = cardInfo(ctx, o.card[s]);
    return { seat: s, text: `${plural(o.points[s], "point", "points")} (${plural(won, "skill type", "skill types")} won + ${o.points[s] - won} from ${info ? info.scoring_name : "additional scoring"})` };
  });
}
