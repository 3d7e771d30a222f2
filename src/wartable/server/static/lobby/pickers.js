// The lobby's option fields: a control per config field, built from the game's own description
// (/api/games) and its catalogue (factions, settlements, units, scenarios in words), so no option
// is a raw JSON box; options that do not apply to the chosen mode or scenario are not shown.

import { h, titleCase } from "../ui.js";

let catalogue = null;

// the built-in catalogue (the same data the tables read), fetched once for the pickers
export async function loadChoices() {
  if (catalogue) return catalogue;
  try {
    const res = await fetch("/static/data/catalogue.json");
    catalogue = res.ok ? await res.json() : {};
  } catch {
    catalogue = {};
  }
  return catalogue;
}

let levels = null;

// each level's Elo from its game's round robin (static/data/levels.json, written from
// docs/tournaments/levels/ by `python -m wartable.sim.tournament_levels`); {} when missing
export async function loadLevels() {
  if (levels) return levels;
  try {
    const res = await fetch("/static/data/levels.json");
    levels = res.ok ? await res.json() : {};
  } catch {
    levels = {};
  }
  return levels;
}

// the agent's rating in this game, only where the round robin was played with this seat count
// and these options (a 2-player figure says nothing about a 4-player table); else null
export function levelElo(all, gameId, config, seats, agent) {
  const entry = (all || {})[gameId];
  if (!entry || entry.players !== seats) return null;
  const same = Object.entries(entry.config || {}).every(([k, v]) => JSON.stringify(config[k]) === JSON.stringify(v));
  return same ? (entry.agents || {})[agent] || null : null;
}

export function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

const LABELS = {
  players: "Players",
  battle_stage: "Battle stage",
  solo_difficulty: "Solo difficulty",
  sentient_seat: "Sentient opponent's seat",
  hand_sizes: "Cards dealt",
  hands: "Cards held",
  step3: "Step 3 (Leaf, Water)",
  set3: "Set 3 faces",
  first_player: "First player",
  flist_setup: "Flist's set-up",
  groups: "Weapon groups",
  guardians: "Guardians",
};
export const MAIN_FIELDS = ["players", "mode", "variant", "battle_stage", "solo_difficulty", "scenario", "factions", "guardians", "groups", "trump"];

export function fieldLabel(name) {
  return LABELS[name] || titleCase(name);
}

export function seatCount(game, config) {
  if (typeof config.players === "number") return config.players;
  if (game.id === "graxia") return String(config.scenario || "").startsWith("solo") ? 1 : 2; // §9.2 solo: the person alone
  return game.min_players;
}

// does the field mean anything with the options chosen so far?
export function applies(gameId, name, config) {
  const mode = config.mode;
  const scenario = String(config.scenario || "");
  const soloNo = scenario.startsWith("solo-") ? Number(scenario.slice(5)) : 0;
  const rules = {
    invasion: {
      solo_difficulty: mode === "solo",
      team_open_hands: mode === "team",
      team_gold: mode === "team",
      players: mode === "basic" || mode === "team",
    },
    draconia: {
      team_round_end: mode === "teams",
      players: mode !== "teams",
      settlements: !!config.settlement_mode,
      decks: !config.draft,
    },
    graxia: {
      flist_setup: scenario === "2p-5",
      guardians: !soloNo,
      solo_start_units: soloNo >= 1 && soloNo <= 3,
      deck: soloNo >= 4,
      vp_spending: soloNo >= 4,
      solo_reinforcements: soloNo > 0,
    },
    skirm: { hand_sizes: !config.hands },
  };
  const r = (rules[gameId] || {})[name];
  return r === undefined ? true : r;
}

// the field's help: a tap shows it (a hover-only title is invisible on a phone)
function help(text) {
  if (!text) return null;
  return h("details", { class: "field-help" }, h("summary", { "aria-label": "what this means" }, "?"), h("p", {}, text));
}

function wrap(name, f, control, extra) {
  return h("div", { class: `field field-${name}`, "data-field": name },
    h("div", { class: "field-head" }, h("label", { for: `cfg-${name}` }, fieldLabel(name)), help(f.description)),
    control, extra || null);
}

function select(id, options, value, onChange) {
  const el = h("select", { id }, options.map(([v, text]) => h("option", { value: JSON.stringify(v), selected: JSON.stringify(v) === JSON.stringify(value) }, text)));
  el.addEventListener("change", () => onChange(JSON.parse(el.value)));
  return el;
}

function plainField(name, f, value, set) {
  const id = `cfg-${name}`;
  const type = String(f.type || "");
  let input;
  if (f.allowed) {
    const text = (a) => (a === null ? "None" : name === "sentient_seat" || name === "first_player" ? `Seat ${Number(a) + 1}` : titleCase(a));
    input = select(id, f.allowed.map((a) => [a, text(a)]), value, set);
  } else if (type === "boolean") {
    input = h("input", { id, type: "checkbox", checked: !!value });
    input.addEventListener("change", () => set(input.checked));
  } else if (name === "first_player") {
    input = h("input", { id, type: "number", value: value == null ? "" : value + 1, min: 1, placeholder: "random" });
    input.addEventListener("change", () => set(input.value === "" ? null : Number(input.value) - 1));
  } else if (type === "integer") {
    input = h("input", { id, type: "number", value: value ?? "", min: f.minimum, max: f.maximum });
    input.addEventListener("change", () => set(input.value === "" ? f.default : Number(input.value)));
  } else if (type.includes("null") && type.includes("integer")) {
    input = h("input", { id, type: "number", value: value ?? "", placeholder: "random" });
    input.addEventListener("change", () => set(input.value === "" ? null : Number(input.value)));
  } else {
    const multi = name === "deck";
    input = h(multi ? "textarea" : "input", { id, rows: multi ? 3 : undefined, type: multi ? undefined : "text", placeholder: multi ? "optional: a deck file's TOML text" : "" });
    input.value = value == null ? "" : String(value);
    input.addEventListener("change", () => set(input.value.trim() === "" ? f.default : input.value));
  }
  return wrap(name, f, input);
}

// one select per seat (factions, settlements, guardians), each choice explained beneath it
function perSeat(name, f, n, value, choices, blank, set) {
  const cur = Array.from({ length: n }, (_, i) => (Array.isArray(value) && value[i] != null ? value[i] : blank));
  const rows = cur.map((v, i) => {
    const opts = choices(i, cur);
    const el = select(`cfg-${name}-${i}`, opts.map((o) => [o.id, o.title]), v, (nv) => {
      const next = cur.slice();
      next[i] = nv;
      set(next.every((x) => x === blank) ? [] : next);
    });
    el.setAttribute("aria-label", `${fieldLabel(name)}: seat ${i + 1}`);
    if (i === 0) el.id = `cfg-${name}`;
    el.dataset.pick = `${name}-${i}`;
    const chosen = opts.find((o) => JSON.stringify(o.id) === JSON.stringify(v));
    return h("div", { class: "pick-row" }, h("span", { class: "pick-seat" }, `Seat ${i + 1}`), el,
      chosen && chosen.text ? h("small", { class: "choice-text" }, chosen.text) : null);
  });
  return wrap(name, f, h("div", { class: "pick-list" }, rows));
}

function factionChoices(cat) {
  const fac = (cat.draconia && cat.draconia.factions) || {};
  return [
    { id: "random", title: "Random", text: "A random faction no other seat has." },
    { id: "choose", title: "Chosen at set-up", text: "This seat picks its faction when the game starts." },
    ...Object.entries(fac).map(([id, x]) => ({ id, title: `${titleCase(id)} (${titleCase(x.ability)})`, text: x.text })),
  ];
}

function settlementChoices(cat, factions, seat) {
  const all = (cat.draconia && cat.draconia.settlements) || [];
  const own = factions[seat];
  const list = own && !["random", "choose"].includes(own) ? all.filter((s) => s.faction === own) : all;
  return [
    { id: "choose", title: "Chosen at set-up", text: "Pick 1 of your faction's 2 settlements when the game starts." },
    { id: "random", title: "Random", text: "A random settlement of your faction." },
    ...list.map((s) => ({ id: s.id, title: `${s.name} (${titleCase(s.faction)}, ${s.health} health)`, text: s.text })),
  ];
}

function guardianChoices(cat) {
  const units = ((cat.graxia && cat.graxia.units) || []).filter((u) => u.class === "guardian");
  return [
    { id: "", title: "Chosen at set-up", text: "The seat picks its Guardian when the game starts." },
    ...units.map((u) => ({ id: u.name, title: u.name, text: [`${u.race || ""}`, (u.ability_text || []).map((a) => `${a.name}: ${a.text}`).join(" ")].filter(Boolean).join(" — ") })),
  ];
}

// the scenarios by their rulebook titles, with their player count and how each is won
export function scenarioTitle(id, sc) {
  if (!sc) return titleCase(id);
  if (id === "custom") return `${sc.title} (2 players)`;
  const n = id.split("-")[1];
  return sc.solo ? `Solo ${n}: ${sc.title} (1 player)` : `Scenario ${n}: ${sc.title} (2 players)`;
}

function scenarioField(f, value, cat, set) {
  const all = (cat.graxia && cat.graxia.scenarios) || {};
  const input = select("cfg-scenario", (f.allowed || []).map((id) => [id, scenarioTitle(id, all[id])]), value, set);
  const sc = all[value];
  const about = sc ? h("div", { class: "scenario-about", "data-scenario-about": value },
    h("p", {}, `${sc.solo ? "1 player against the rules' Non-Player" : "2 players"} · ${sc.turns} turns`),
    h("ul", {}, [...(sc.won || []), ...(sc.lost || []), ...(sc.special || [])].map((t) => h("li", {}, t)))) : null;
  return wrap("scenario", f, input, about);
}

// Weapons: the groups in play as checkboxes, the trump one of them
const WEAPON_GROUPS = [
  ["swords", "Swords: the classic trump"], ["axes", "Axes"], ["bows", "Bows"], ["maces", "Maces"],
  ["daggers", "Daggers"], ["lances", "Lances"], ["hammers", "Hammers"], ["clubs", "Clubs"],
];

function groupsField(f, value, config, set, setOther) {
  const chosen = new Set(value || []);
  const boxes = WEAPON_GROUPS.map(([g, text]) => {
    const box = h("input", { type: "checkbox", id: `cfg-groups-${g}`, "data-group": g, checked: chosen.has(g) });
    box.addEventListener("change", () => {
      const next = WEAPON_GROUPS.map(([x]) => x).filter((x) => (x === g ? box.checked : chosen.has(x)));
      set(next);
      if (!next.includes(config.trump) && next.length) setOther("trump", next[0]);
    });
    return h("label", { class: "check" }, box, ` ${text}`);
  });
  return wrap("groups", f, h("div", { class: "checks", id: "cfg-groups" }, boxes),
    h("small", { class: "choice-text" }, `${chosen.size} groups of ${config.max_value ?? 10} cards each; 2 to 8 groups, each a different initial.`));
}

function trumpField(f, value, config, set) {
  const groups = config.groups || [];
  return wrap("trump", f, select("cfg-trump", groups.map((g) => [g, titleCase(g)]), value, set),
    h("small", { class: "choice-text" }, `${titleCase(value || "")} beat any other group; only a higher one beats them.`));
}

// Skirm: cards dealt per seat, or the very cards each seat holds
function handSizesField(f, value, set) {
  const cur = Array.isArray(value) ? value.slice() : [1, 1];
  const rows = [0, 1].map((i) => {
    const el = h("input", { id: i ? `cfg-hand_sizes-${i}` : "cfg-hand_sizes", type: "number", min: 1, max: 10, value: cur[i] ?? 1, "aria-label": `Cards dealt to seat ${i + 1}` });
    el.addEventListener("change", () => {
      const next = cur.slice();
      next[i] = Math.max(1, Number(el.value) || 1);
      set(next);
    });
    return h("div", { class: "pick-row" }, h("span", { class: "pick-seat" }, `Seat ${i + 1}`), el);
  });
  return wrap("hand_sizes", f, h("div", { class: "pick-list" }, rows));
}

function handsField(f, value, cat, set) {
  const cards = Object.values((cat.skirm && cat.skirm.cards) || {});
  const cur = Array.isArray(value) ? value.map((x) => x.slice()) : null;
  const on = h("input", { type: "checkbox", id: "cfg-hands", checked: !!cur });
  on.addEventListener("change", () => set(on.checked ? [[cards[0].number], [cards[1].number]] : null));
  const lists = cur ? [0, 1].map((i) => h("fieldset", { class: "card-picks" }, h("legend", {}, `Seat ${i + 1} holds`),
    cards.map((c) => {
      const box = h("input", { type: "checkbox", "data-hand": `${i}-${c.number}`, checked: cur[i].includes(c.number) });
      box.addEventListener("change", () => {
        const next = cur.map((x) => x.slice());
        next[i] = box.checked ? [...next[i], c.number] : next[i].filter((n) => n !== c.number);
        set(next);
      });
      return h("label", { class: "check", title: `${c.ability_name}: ${c.ability_text}` }, box, ` ${c.name} (${c.number})`);
    }))) : null;
  return wrap("hands", f, h("label", { class: "check" }, on, " Choose the cards"), lists);
}

// Draconia's Deck Construction: per seat, how many of each unit (17 in all)
function decksField(f, value, n, cat, set) {
  const units = ((cat.draconia && cat.draconia.units) || []);
  const size = (cat.draconia && cat.draconia.deck_size) || 17;
  const cur = Array.from({ length: n }, (_, i) => (Array.isArray(value) && value[i] ? value[i].slice() : []));
  const seats = cur.map((deck, i) => {
    const count = (key) => deck.filter((x) => x === key).length;
    const byFaction = {};
    for (const u of units) (byFaction[u.faction] ||= []).push(u);
    return h("details", { class: "deck-pick", "data-deck": i },
      h("summary", {}, `Seat ${i + 1}: ${deck.length ? `${deck.length}/${size} units` : "the faction deck"}`),
      deck.length && deck.length !== size ? h("p", { class: "warn" }, `A deck holds ${size} units: ${deck.length} chosen.`) : null,
      Object.entries(byFaction).map(([fac, list]) => h("fieldset", {}, h("legend", {}, titleCase(fac)),
        list.map((u) => {
          const key = `${fac}/${u.name}`;
          const el = h("input", { type: "number", min: 0, max: size, value: count(key), "aria-label": `${u.name}, seat ${i + 1}`, "data-unit": key });
          el.addEventListener("change", () => {
            const k = Math.max(0, Number(el.value) || 0);
            const next = cur.map((x) => x.slice());
            next[i] = [...next[i].filter((x) => x !== key), ...Array(k).fill(key)];
            set(next.every((x) => !x.length) ? [] : next);
          });
          return h("label", { class: "unit-count", title: u.text }, el, ` ${u.name} (${u.class}, ${u.attack}/${u.defense})`);
        }))));
  });
  return wrap("decks", f, h("div", { class: "pick-list" }, seats));
}

// every config field the game describes, as the control that fits it
export function optionFields(game, config, cat, set) {
  const n = seatCount(game, config);
  const out = {};
  for (const [name, f] of Object.entries(game.config_fields || {})) {
    if (name === "data_dir" || !applies(game.id, name, config)) continue;
    const value = config[name];
    const s = (v) => set(name, v);
    let node;
    if (game.id === "draconia" && name === "factions") node = perSeat(name, f, n, value, () => factionChoices(cat), "random", s);
    else if (game.id === "draconia" && name === "settlements") {
      const facs = Array.isArray(config.factions) ? config.factions : [];
      node = perSeat(name, f, n, value, (i) => settlementChoices(cat, facs, i), "choose", s);
    } else if (game.id === "draconia" && name === "decks") node = decksField(f, value, n, cat, s);
    else if (game.id === "graxia" && name === "guardians") node = perSeat(name, f, 2, value, () => guardianChoices(cat), "", s);
    else if (game.id === "graxia" && name === "scenario") node = scenarioField(f, value, cat, s);
    else if (game.id === "weapons" && name === "groups") node = groupsField(f, value, config, s, set);
    else if (game.id === "weapons" && name === "trump") node = trumpField(f, value, config, s);
    else if (game.id === "skirm" && name === "hand_sizes") node = handSizesField(f, value, s);
    else if (game.id === "skirm" && name === "hands") node = handsField(f, value, cat, s);
    else node = plainField(name, f, value, s);
    out[name] = node;
  }
  return out;
}

// the match clock: none, a time per move, a bank for the whole game, or both
export function clockFields(clock, set) {
  const kind = clock.kind || "none";
  const kindSel = select("clock-kind", [["none", "No clock"], ["per_move", "Time per move"], ["bank", "Time bank for the game"], ["both", "Per move, then a bank"]], kind, (v) => set({ ...clock, kind: v }));
  const secs = (key, label, dflt) => {
    const el = h("input", { id: `clock-${key}`, type: "number", min: 1, max: 86400, value: clock[key] ?? dflt });
    el.addEventListener("change", () => set({ ...clock, [key]: Math.min(86400, Math.max(1, Number(el.value) || dflt)) }));
    return h("div", { class: "field" }, h("label", { for: `clock-${key}` }, label), el);
  };
  const onTimeout = select("clock-on-timeout", [["lose", "The seat loses"], ["bot", "A bot plays the seat"]], clock.on_timeout || "lose", (v) => set({ ...clock, on_timeout: v }));
  return h("div", { class: "fields clock-fields" },
    h("div", { class: "field" }, h("div", { class: "field-head" }, h("label", { for: "clock-kind" }, "Clock"),
      help("A time per move is given afresh at each decision; a bank is spent across the whole game (after the move's own time, if both).")), kindSel),
    kind === "per_move" || kind === "both" ? secs("per_move", "Seconds per move", 60) : null,
    kind === "bank" || kind === "both" ? secs("bank", "Seconds in the bank", 600) : null,
    kind !== "none" ? h("div", { class: "field" }, h("label", { for: "clock-on-timeout" }, "When time runs out"), onTimeout) : null);
}

// the config's clock entries as the server takes them (out of the game's config)
export function clockConfig(clock) {
  const kind = clock.kind || "none";
  if (kind === "none") return {};
  return {
    clock: {
      per_move: kind === "per_move" || kind === "both" ? clock.per_move ?? 60 : null,
      bank: kind === "bank" || kind === "both" ? clock.bank ?? 600 : null,
    },
    on_timeout: clock.on_timeout || "lose",
  };
}
