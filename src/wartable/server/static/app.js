// The web table's entry point: a tiny hash router over the lobby, the table and the replay.

import { Lobby } from "./lobby.js";
import { Table } from "./table.js";
import { Replay } from "./replay.js";
import { seatFor } from "./ui.js";

const root = document.getElementById("app");
let current = null;

function parse() {
  // invite links are /?match=ID#token=T (the fragment never reaches a server); an old
  // /?match=ID&seat=N&token=T link still opens, and the server's log blanks its token
  const q = new URLSearchParams(location.search);
  if (q.get("match")) {
    const rest = new URLSearchParams();
    const frag = new URLSearchParams(location.hash.replace(/^#/, ""));
    const token = q.get("token") || frag.get("token");
    if (q.get("seat") != null) rest.set("seat", q.get("seat"));
    if (token) rest.set("token", token);
    history.replaceState(null, "", `/#/m/${q.get("match")}${rest.toString() ? `?${rest}` : ""}`);
  }
  const hash = location.hash.replace(/^#/, "") || "/";
  const [path, query] = hash.split("?");
  const params = new URLSearchParams(query || "");
  const parts = path.split("/").filter(Boolean);
  return { parts, params };
}

async function route() {
  if (current && current.stop) current.stop();
  const { parts, params } = parse();
  document.body.dataset.page = parts[0] || "lobby";
  if (parts[0] === "m" && parts[1]) {
    const id = decodeURIComponent(parts[1]);
    let token = params.get("token");
    let seat = params.get("seat");
    const kept = seatFor(id);
    if (!token && params.get("resume") != null && kept) {
      token = kept.token;
      seat = kept.seat;
    }
    current = new Table(root, { id, seat: token ? seat : null, token, game: kept && kept.game });
  } else if (parts[0] === "r" && parts[1]) {
    current = new Replay(root, decodeURIComponent(parts[1]));
  } else {
    current = new Lobby(root);
  }
  window.scrollTo(0, 0);
  await current.start();
}

window.addEventListener("hashchange", route);
route();
