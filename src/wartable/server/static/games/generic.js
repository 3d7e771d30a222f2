// The fallback view for a game without its own module: the observation as labelled panels,
// every legal move as a button (the shell's tray).

import { h, titleCase } from "../ui.js";

function show(value) {
  if (value === null || value === undefined) return h("span", { class: "hidden-card" }, "hidden");
  if (Array.isArray(value)) return h("span", {}, value.length ? value.map((x) => JSON.stringify(x)).join(" · ") : "—");
  if (typeof value === "object") {
    return h("dl", { class: "kv" }, Object.entries(value).map(([k, v]) => [h("dt", {}, titleCase(k)), h("dd", {}, show(v))]));
  }
  return h("span", {}, String(value));
}

export default {
  title: (ctx) => titleCase(ctx.view.game || "game"),
  phase: (ctx) => (ctx.obs.phase != null ? titleCase(ctx.obs.phase) : ""),
  render(ctx) {
    const obs = { ...ctx.obs };
    delete obs.config;
    return h("div", { class: "panel generic" }, show(obs));
  },
  label: (n) => n,
};
