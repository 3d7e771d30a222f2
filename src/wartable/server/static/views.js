// One view module per game (games/<id>.js); a game without one gets the generic view.

const cache = new Map();
let catalogue = null;

export async function loadView(game) {
  if (cache.has(game)) return cache.get(game);
  let mod;
  try {
    mod = (await import(`./games/${encodeURIComponent(game)}.js`)).default;
  } catch (err) {
    console.warn(`no view module for ${game}`, err);
    mod = (await import("./games/generic.js")).default;
  }
  cache.set(game, mod);
  return mod;
}

export async function loadCatalogue() {
  if (catalogue) return catalogue;
  try {
    const res = await fetch("/static/data/catalogue.json");
    catalogue = res.ok ? await res.json() : {};
  } catch {
    catalogue = {};
  }
  return catalogue;
}
