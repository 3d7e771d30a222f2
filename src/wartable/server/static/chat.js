// The table's chat: seats post with their token, spectators read; messages come live over the
// match's WebSocket and the list is fetched when the table opens. Muting a person is this
// browser's choice (kept in localStorage by name), never the server's.

import { api } from "./api.js";
import { h, seatColour } from "./ui.js";

const MUTE_KEY = "wartable.muted";
export const CHAT_MAX = 500;

function muted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTE_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

function setMuted(set) {
  try {
    localStorage.setItem(MUTE_KEY, JSON.stringify([...set]));
  } catch {
    /* kept for this page only */
  }
}

// a person is known by name across tables; a nameless seat by "Player N" at this table only
function personKey(m) {
  return m.name && !/^Player \d+$/.test(m.name) ? `name:${m.name}` : `seat:${m.seat}`;
}

export class ChatPanel {
  constructor(matchId, token, seat) {
    this.id = matchId;
    this.token = token;
    this.seat = seat;
    this.messages = new Map(); // id -> message, so a push and the list never show one twice
    this.list = h("ol", { class: "chat-list", id: "chat-list", "aria-label": "chat messages", tabindex: "0" });
    this.error = h("p", { class: "chat-error", role: "alert" });
    this.input = h("input", { id: "chat-text", type: "text", maxlength: CHAT_MAX, autocomplete: "off", "aria-label": "message to the table", placeholder: "Say something to the table" });
    const form = h("form", { class: "chat-form" }, this.input, h("button", { class: "btn small primary", type: "submit", id: "chat-send" }, "Send"));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.send();
    });
    this.el = h("section", { class: "chat", id: "chat", "aria-label": "chat" },
      h("h3", {}, "Chat"), this.list, this.error,
      token ? form : h("p", { class: "muted chat-note" }, "Spectators read the chat; take a seat to write."));
  }

  async load() {
    let after;
    // pages of at most 200: keep asking while a page comes back full
    for (let page = 0; page < 20; page++) {
      let batch;
      try {
        batch = await api.chatList(this.id, after);
      } catch (err) {
        this.error.textContent = `The chat could not be read: ${err.message}`;
        return;
      }
      const list = Array.isArray(batch) ? batch : batch.messages || [];
      list.forEach((m) => this.add(m));
      if (list.length < 200) return;
      after = list[list.length - 1].id;
    }
  }

  add(m) {
    if (!m || m.id == null || this.messages.has(m.id)) return;
    this.messages.set(m.id, m);
    this.draw();
  }

  draw() {
    const mute = muted();
    const pinned = this.list.scrollTop + this.list.clientHeight >= this.list.scrollHeight - 8;
    const sorted = [...this.messages.values()].sort((a, b) => a.id - b.id);
    const shown = sorted.filter((m) => !mute.has(personKey(m)));
    const hiddenBy = new Set(sorted.filter((m) => mute.has(personKey(m))).map(personKey));
    this.list.replaceChildren(...shown.map((m) => this.row(m)),
      ...[...hiddenBy].map((k) => h("li", { class: "chat-muted" }, `${k.replace(/^\w+:/, k.startsWith("seat:") ? "Seat " : "")} muted `,
        h("button", { class: "btn small ghost", type: "button", "data-unmute": k, onclick: () => this.toggle(k) }, "Unmute"))));
    if (pinned || this.list.children.length <= 1) this.list.scrollTop = this.list.scrollHeight;
  }

  row(m) {
    const own = this.seat != null && m.seat === this.seat;
    const at = m.at ? new Date(typeof m.at === "number" && m.at < 1e12 ? m.at * 1000 : m.at) : null;
    return h("li", { class: `chat-msg${own ? " own" : ""}`, "data-chat-id": m.id, style: { borderLeftColor: seatColour(m.seat ?? 0) } },
      h("span", { class: "chat-who" }, own ? "You" : m.name || `Player ${(m.seat ?? 0) + 1}`),
      at && !Number.isNaN(at.getTime()) ? h("time", { class: "muted" }, at.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })) : null,
      own ? null : h("button", { class: "btn small ghost mute", type: "button", "data-mute": personKey(m), title: "hide this person's messages (this browser only)", "aria-label": `mute ${m.name || "this seat"}`, onclick: () => this.toggle(personKey(m)) }, "Mute"),
      h("p", { class: "chat-text" }, m.text));
  }

  toggle(key) {
    const set = muted();
    if (set.has(key)) set.delete(key);
    else set.add(key);
    setMuted(set);
    this.draw();
  }

  async send() {
    const text = this.input.value.trim();
    this.error.textContent = "";
    if (!text) return;
    if (/[\u0000-\u001f\u007f]/.test(text)) {
      this.error.textContent = "A message cannot hold control characters.";
      return;
    }
    try {
      const res = await api.chat(this.id, this.token, text);
      this.input.value = "";
      // the push usually comes first; the answer's id shows the message even without it
      if (res && res.id != null && !this.messages.has(res.id)) this.add({ id: res.id, at: res.at, seat: this.seat, text });
    } catch (err) {
      this.error.textContent = err.message; // the text stays, to send again
    }
  }
}
