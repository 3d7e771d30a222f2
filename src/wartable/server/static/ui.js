// Small DOM helpers shared by the lobby, the table and the game views.

export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "style" && typeof v === "object") {
      for (const [prop, val] of Object.entries(v)) {
        if (val == null) continue;
        if (prop.startsWith("--")) el.style.setProperty(prop, val);
        else el.style[prop] = val;
      }
    }
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

export const SEAT_COLOURS = ["#d9534f", "#3b82c4", "#3fa34d", "#e0a526", "#8e5ac8", "#1fa8a0"];

export function seatColour(seat) {
  return SEAT_COLOURS[((seat % 6) + 6) % 6];
}

// the ink (near black or white) with the more contrast on a #rrggbb background (WCAG's formula)
export function inkOn(hex) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(String(hex).trim());
  if (!m) return "#fff";
  const lin = (x) => {
    const c = parseInt(x, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const lum = 0.2126 * lin(m[1]) + 0.7152 * lin(m[2]) + 0.0722 * lin(m[3]);
  const dark = 0.0056; // the luminance of #111
  return (lum + 0.05) / (dark + 0.05) >= 1.05 / (lum + 0.05) ? "#111" : "#fff";
}

export function titleCase(s) {
  return String(s)
    .replace(/_/g, " ")
    .replace(/\b\w/g, (c) => c.toUpperCase());
}

export function pips(n, cls, max) {
  const out = h("span", { class: `pips ${cls || ""}` });
  const shown = Math.min(n, max || 12);
  for (let i = 0; i < shown; i++) out.appendChild(h("i"));
  if (n > shown) out.appendChild(h("b", {}, `+${n - shown}`));
  return out;
}

export function stat(icon, value, title, cls) {
  return h("span", { class: `stat ${cls || ""}`, title }, h("span", { class: "ico" }, icon), String(value));
}

export function toast(text, kind) {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div", { id: "toasts", role: "status", "aria-live": "polite" });
    document.body.appendChild(box);
  }
  const t = h("div", { class: `toast ${kind || ""}` }, text);
  box.appendChild(t);
  setTimeout(() => t.remove(), kind === "error" ? 6000 : 3000);
}

// Seats this browser holds, so a reload or a later visit resumes them.
const KEY = "wartable.seats";

export function mySeats() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "[]");
  } catch {
    return [];
  }
}

export function rememberSeat(entry) {
  const list = mySeats().filter((e) => !(e.id === entry.id && e.seat === entry.seat));
  list.unshift({ ...entry, at: Date.now() });
  localStorage.setItem(KEY, JSON.stringify(list.slice(0, 40)));
}

export function forgetSeat(id, seat) {
  const list = mySeats().filter((e) => !(e.id === id && e.seat === seat));
  localStorage.setItem(KEY, JSON.stringify(list));
}

export function seatFor(id) {
  return mySeats().find((e) => e.id === id);
}

export function matchLink(id, seat, token) {
  const base = `${location.origin}/#/m/${id}`;
  return token ? `${base}?seat=${seat}&token=${encodeURIComponent(token)}` : base;
}

export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    toast("Link copied");
  } catch {
    window.prompt("Copy this link", text);
  }
}

// "You has chosen" -> "You have chosen": the narrations speak of seats in the third person
export function youGrammar(text) {
  return String(text).replace(/\bYou's\b/g, "Your").replace(/\bYou (\w+)\b/g, (all, verb) => {
    const fixed = { has: "have", is: "are", goes: "go", does: "do", was: "were" }[verb];
    if (fixed) return `You ${fixed}`;
    if (/^[a-z]+(ss|sh|ch|x)es$/.test(verb)) return `You ${verb.slice(0, -2)}`;
    if (/^[a-z]{2,}[^s]s$/.test(verb)) return `You ${verb.slice(0, -1)}`;
    return all;
  });
}
