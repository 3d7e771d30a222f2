// JSON over HTTP and the WebSocket push, as the web table's contract in DESIGN.md defines them.

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function call(method, path, body, token) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const msg = (data && (data.error || data.detail)) || `${res.status} ${res.statusText}`;
    throw new ApiError(res.status, typeof msg === "string" ? msg : JSON.stringify(msg));
  }
  return data;
}

export const api = {
  games: () => call("GET", "/api/games"),
  matches: (query) => call("GET", `/api/matches${query ? `?${new URLSearchParams(query)}` : ""}`),
  create: (spec) => call("POST", "/api/matches", spec),
  join: (id, seat, name) =>
    call("POST", `/api/matches/${id}/join`, { ...(seat == null ? {} : { seat }), ...(name ? { name } : {}) }),
  chat: (id, token, text) => call("POST", `/api/matches/${id}/chat`, { text }, token),
  chatList: (id, after) => call("GET", `/api/matches/${id}/chat${after == null ? "" : `?after=${after}`}`),
  view: (id, token, since) =>
    call("GET", `/api/matches/${id}${since == null ? "" : `?since=${since}`}`, undefined, token),
  catalogue: (id) => call("GET", `/api/matches/${id}/catalogue`),
  rematch: (id, token) => call("POST", `/api/matches/${id}/rematch`, {}, token),
  act: (id, token, action, version) =>
    call("POST", `/api/matches/${id}/actions`, { action, version }, token),
  replay: (id, token, step) =>
    call("GET", `/api/matches/${id}/replay${step == null ? "" : `?step=${step}`}`, undefined, token),
};

// A live view of one match: the WebSocket when it works, polling when it does not.
export class Live {
  constructor(id, token, onView, onState) {
    this.id = id;
    this.token = token;
    this.onView = onView;
    this.onState = onState || (() => {});
    this.closed = false;
    this.ws = null;
    this.timer = null;
    this.failures = 0;
    this.onChat = null; // the table's chat panel: each message pushed live
  }

  start() {
    this.refresh();
    this.connect();
  }

  async refresh(since) {
    try {
      const v = await api.view(this.id, this.token, since);
      this.onView(v);
      this.onState("ok");
    } catch (err) {
      this.onState("error", err);
    }
  }

  connect() {
    if (this.closed) return;
    const proto = location.protocol === "https:" ? "wss" : "ws";
    let ws;
    try {
      // no token in the URL (URLs end up in logs): it goes in the first message
      ws = new WebSocket(`${proto}://${location.host}/api/matches/${this.id}/ws`);
    } catch {
      this.poll();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: "auth", token: this.token || null }));
      this.failures = 0;
      this.onState("live");
    };
    ws.onmessage = (msg) => {
      let data;
      try {
        data = JSON.parse(msg.data);
      } catch {
        return;
      }
      if (data && data.observation !== undefined) this.onView(data);
      else if (data && data.type === "rematch") this.refresh();
      else if (data && data.type === "chat" && this.onChat) this.onChat(data.message);
      else if (data && data.type === "error") this.onState("error", new ApiError(data.status || 400, data.error));
    };
    ws.onclose = () => {
      this.ws = null;
      if (this.closed) return;
      this.failures += 1;
      this.onState("polling");
      if (this.failures > 3) this.poll();
      else setTimeout(() => this.connect(), 500 * this.failures);
    };
  }

  poll() {
    if (this.closed || this.timer) return;
    this.timer = setInterval(() => this.refresh(), 1200);
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
    if (this.timer) clearInterval(this.timer);
  }
}
