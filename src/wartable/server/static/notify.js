// Telling a person it is their move (the tab's title always; a browser notification and a
// short beep when they turned them on) and the table's own settings, kept in localStorage.

import { h } from "./ui.js";

const KEY = "wartable.settings";
const DEFAULTS = { sound: false, notify: false, confirm: false, botPause: 0 };

export function settings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}

function save(s) {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    /* kept for this page only */
  }
}

let audio = null;

export function beep() {
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch {
    /* no sound on this browser */
  }
}

// the tab's title says whose move it is; the rest only when the move just became the person's
export function turnChanged(title, myTurn, becameMine) {
  document.title = myTurn ? `● Your move — ${title}` : `${title} — wartable`;
  if (!becameMine) return;
  const s = settings();
  if (s.sound) beep();
  if (s.notify && document.hidden && "Notification" in window && Notification.permission === "granted") {
    try {
      new Notification("wartable: your move", { body: title, tag: "wartable-turn" });
    } catch {
      /* some browsers allow notifications only from a service worker */
    }
  }
}

// the settings panel: each box applies at once
export function settingsPanel(onChange) {
  const s = settings();
  const box = (key, text, extra) => {
    const el = h("input", { type: "checkbox", id: `set-${key}`, checked: !!s[key] });
    el.addEventListener("change", async () => {
      const next = settings();
      next[key] = el.checked;
      if (key === "notify" && el.checked && "Notification" in window && Notification.permission !== "granted") {
        const answer = await Notification.requestPermission().catch(() => "denied");
        if (answer !== "granted") {
          el.checked = false;
          next.notify = false;
          note.textContent = "The browser refused notifications for this site.";
        }
      }
      if (key === "sound" && el.checked) beep();
      save(next);
      if (onChange) onChange(next);
    });
    return h("label", { class: "check" }, el, ` ${text}`, extra || null);
  };
  const pause = h("select", { id: "set-botPause", "aria-label": "pause before showing a bot's move" },
    [[0, "none"], [500, "½ s"], [1000, "1 s"], [2000, "2 s"]].map(([v, t]) => h("option", { value: v, selected: Number(s.botPause) === v }, t)));
  pause.addEventListener("change", () => {
    const next = settings();
    next.botPause = Number(pause.value);
    save(next);
    if (onChange) onChange(next);
  });
  const note = h("small", { class: "muted" });
  return h("details", { class: "settings", id: "settings" }, h("summary", {}, "⚙ Settings"),
    box("sound", "Beep when it is my move"),
    box("notify", "Notify me when it is my move (tab in the background)"),
    box("confirm", "Confirm each move before sending it"),
    h("label", { class: "check" }, "Pause before showing a bot's move ", pause),
    note);
}

// a confirm step before a move is sent (setting "confirm"): resolves true to send it
export function confirmMove(label) {
  return new Promise((resolve) => {
    const done = (ok) => {
      bar.remove();
      document.removeEventListener("keydown", key);
      resolve(ok);
    };
    const key = (e) => {
      if (e.key === "Escape") done(false);
    };
    const yes = h("button", { class: "btn primary", type: "button", id: "confirm-move", onclick: () => done(true) }, "Send");
    const bar = h("div", { class: "confirm-move", role: "alertdialog", "aria-label": "confirm the move" },
      h("span", {}, "Send this move? ", h("strong", {}, label)), yes,
      h("button", { class: "btn ghost", type: "button", id: "cancel-move", onclick: () => done(false) }, "Cancel"));
    document.body.appendChild(bar);
    document.addEventListener("keydown", key);
    yes.focus();
  });
}
