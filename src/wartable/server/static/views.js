// One view module per game (games/<id>.js); a game without one gets the generic view.
// Loading a module also links its stylesheet (games/<id>.css) when the server has one.

import { api } from "./api.js";

const cache = new Map();
const catalogues = new Map(); // match id -> that match's own catalogue
let fallback = null;
const STYLE_WAIT_MS = 1500;

export async function loadView(game) {
  if (cache.has(game)) return cache.get(game);
  const style = linkStyle(game).catch(() => {});
  let mod;
  try {
    mod = (await import(`./games/${encodeURIComponent(game)}.js`)).default;
  } catch (err) {
    console.warn(`no view module for ${game}`, err);
    mod = (await import("./games/generic.js")).default;
  }
  // draw the first board with its styles, but never wait long for them
  await Promise.race([style, new Promise((resolve) => setTimeout(resolve, STYLE_WAIT_MS))]);
  cache.set(game, mod);
  return mod;
}

// a HEAD request first, so a game without a stylesheet costs no failed <link>
async function linkStyle(game) {
  const href = `/static/games/${encodeURIComponent(game)}.css`;
  if (document.querySelector(`link[data-game-css="${CSS.escape(game)}"]`)) return;
  try {
    const res = await fetch(href, { method: "HEAD" });
    if (!res.ok) return;
  } catch {
    return;
  }
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.gameCss = game;
  const loaded = new Promise((resolve) => {
    link.addEventListener("load", resolve);
    link.addEventListener("error", resolve);
  });
  document.head.appendChild(link);
  await loaded;
}

// The catalogue of the match the page shows (its cards, units and maps, in words), fetched once
// per match; the static copy of the built-in data answers only when the server cannot.
export async function loadCatalogue(matchId, game) {
  if (matchId && catalogues.has(matchId)) return catalogues.get(matchId);
  let cat = null;
  if (matchId) {
    try {
      cat = await api.catalogue(matchId);
    } catch {
      cat = null;
    }
  }
  if (!cat) cat = (await staticCatalogue())[game] || {};
  if (matchId) catalogues.set(matchId, cat);
  return cat;
}

async function staticCatalogue() {
  if (fallback) return fallback;
  try {
    const res = await fetch("/static/data/catalogue.json");
    fallback = res.ok ? await res.json() : {};
  } catch {
    fallback = {};
  }
  return fallback;
}
