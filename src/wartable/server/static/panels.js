// The table's side panels shared by the live table and the replay viewer: the card detail
// (what a card or unit says, shown on focus, tap or long press, never taking an action) and
// the help dialog with the game's rules summary.

import { h, titleCase } from "./ui.js";

const HOLD_MS = 500; // a touch held this long shows the card instead of playing it
const POINTER_SETTLE_MS = 350;
const SHEET = window.matchMedia("(max-width: 820px)"); // where style.css makes #card-detail a bottom sheet

// The catalogue entry called `name`, looked for in every list and map of the game's catalogue.
export function findEntry(cat, name) {
  const want = String(name).toLowerCase();
  const named = (x) => x && typeof x === "object" && !Array.isArray(x)
    && [x.name, x.key, x.id].some((k) => k != null && String(k).toLowerCase() === want);
  for (const [section, value] of Object.entries(cat || {})) {
    if (Array.isArray(value)) {
      const hit = value.find(named);
      if (hit) return { section, entry: hit };
    } else if (value && typeof value === "object") {
      for (const [key, x] of Object.entries(value)) {
        if (named(x)) return { section, entry: x };
        if (key.toLowerCase() === want && x && typeof x === "object" && !Array.isArray(x)) return { section, entry: { name: key, ...x } };
      }
    }
  }
  return null;
}

function words(x) {
  if (x === true) return "yes";
  if (x === false) return "no";
  if (Array.isArray(x)) return x.map(words).join(", ");
  if (x && typeof x === "object") return Object.entries(x).map(([k, v]) => `${titleCase(k)}: ${words(v)}`).join("; ");
  return String(x);
}

// Every field of the entry in words: for a game view that has no cardDetail of its own.
export function genericCardDetail(name, cat) {
  const found = findEntry(cat, name);
  if (!found) return h("div", {}, h("h3", {}, String(name)), h("p", { class: "muted" }, "The catalogue has no text for it."));
  const { entry } = found;
  const rows = Object.entries(entry).filter(([k, v]) => k !== "name" && v !== null && v !== "" && !(Array.isArray(v) && !v.length));
  return h("div", {},
    h("h3", {}, String(entry.name || name)),
    h("dl", { class: "card-fields" }, rows.map(([k, v]) => [h("dt", {}, titleCase(k)), h("dd", {}, words(v))])));
}

// #card-detail: an aside on wide screens, a bottom sheet on phones. It keeps the card it shows
// across re-renders of the table (a bot's move does not close it).
export class CardDetail {
  constructor(detailOf) {
    this.detailOf = detailOf; // name -> Node
    this.name = null;
    this.body = h("div", { class: "card-detail-body" });
    this.el = h("aside", { id: "card-detail", class: "card-detail", "aria-label": "card detail", "aria-live": "polite", hidden: true },
      h("button", { class: "btn small ghost close", type: "button", "aria-label": "Close the card detail", onclick: () => this.close() }, "✕ Close"),
      this.body);
    this.held = false;
  }

  show(name) {
    if (!name) return;
    this.name = name;
    this.refresh();
  }

  refresh() {
    if (!this.name) return;
    let node = null;
    try {
      node = this.detailOf(this.name);
    } catch (err) {
      console.error(err);
    }
    this.body.replaceChildren(node || h("p", {}, String(this.name)));
    this.el.dataset.card = this.name;
    this.el.hidden = false;
  }

  close() {
    this.name = null;
    this.el.hidden = true;
    delete this.el.dataset.card;
  }

  // focus, click and long press of any [data-card] inside root show its detail
  wire(root) {
    this.unwire();
    this.wired = new AbortController(); // the page's root outlives this table: unwire() on leaving
    const signal = this.wired.signal;
    const cardOf = (target) => {
      if (!(target instanceof Element) || this.el.contains(target)) return null;
      const el = target.closest("[data-card]") || (target.matches("[data-action], button, [role=button]") ? target.querySelector("[data-card]") : null);
      return el ? el.dataset.card : null;
    };
    // focus shows the card, unless a pointer gave it (the click decides) or the table put it back
    root.addEventListener("focusin", (e) => {
      if (!this.pointing) this.show(cardOf(e.target));
    }, { signal });
    // capture: the board's own click handlers stop the event from bubbling; the action still runs
    root.addEventListener("click", (e) => {
      this.pointing = false; // the click ends a pointer's gesture (its focus came before it)
      if (this.held) {
        // the click that ends a long press only showed the card
        this.held = false;
        e.stopPropagation();
        e.preventDefault();
        return;
      }
      // on a phone the detail is a sheet over the board: a tap that plays a card does not
      // raise it over the next move (a long press does)
      const playing = e.target instanceof Element && e.target.closest("[data-action], .actionable");
      if (playing && SHEET.matches) return;
      this.show(cardOf(e.target));
    }, { capture: true, signal });
    let timer = null;
    const cancel = () => {
      if (timer) clearTimeout(timer);
      timer = null;
    };
    const released = () => {
      cancel();
      // a gesture that ends in no click (a long press, a drag): its focus comes in a later
      // task than its pointerup, if at all
      setTimeout(() => { this.pointing = false; }, POINTER_SETTLE_MS);
    };
    root.addEventListener("pointerdown", (e) => {
      this.held = false;
      this.pointing = true;
      if (e.pointerType !== "touch") return;
      const name = cardOf(e.target);
      if (!name) return;
      cancel();
      timer = setTimeout(() => {
        timer = null;
        this.held = true;
        this.show(name);
      }, HOLD_MS);
    }, { signal });
    root.addEventListener("pointerleave", cancel, { signal });
    for (const type of ["pointerup", "pointercancel"]) root.addEventListener(type, released, { signal });
    root.addEventListener("contextmenu", (e) => {
      if (cardOf(e.target)) e.preventDefault(); // a held card shows its text, not the browser's menu
    }, { signal });
  }

  // focus moved by the table itself (restored after a redraw) shows nothing
  quietly(fn) {
    const was = this.pointing;
    this.pointing = true;
    try {
      fn();
    } finally {
      this.pointing = was;
    }
  }

  unwire() {
    if (this.wired) this.wired.abort();
    this.wired = null;
  }
}

// every [data-card] can take the keyboard's focus, unless it sits inside a control (a focusable
// inside a button is a nested control; the control's own focus shows the card then)
export function focusableCards(root) {
  for (const el of root.querySelectorAll("[data-card]:not([tabindex])")) {
    if (el.matches("button, a[href], input, select, textarea")) continue;
    const host = el.parentElement && el.parentElement.closest("button, a[href], [role=button], [tabindex]");
    if (host) continue;
    el.tabIndex = 0;
  }
}

// #help: a modal dialog over the table with the game's rules summary
export class HelpDialog {
  constructor() {
    this.body = h("div", { class: "help-body" });
    this.el = h("dialog", { id: "help", class: "help", "aria-labelledby": "help-title" },
      h("div", { class: "help-head" },
        h("h2", { id: "help-title" }, "How to play"),
        h("button", { class: "btn small", type: "button", "aria-label": "Close the rules", onclick: () => this.el.close() }, "✕ Close")),
      this.body);
    this.el.addEventListener("click", (e) => {
      if (e.target === this.el) this.el.close(); // a click on the backdrop
    });
    document.body.appendChild(this.el);
  }

  open(title, content) {
    this.el.querySelector("#help-title").textContent = title;
    this.body.replaceChildren(content || h("p", { class: "muted" }, "This game's view has no rules summary yet."));
    if (!this.el.open) this.el.showModal();
  }

  remove() {
    if (this.el.open) this.el.close();
    this.el.remove();
  }
}
