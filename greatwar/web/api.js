// Talking to the greatwar server: JSON over HTTP, pushes over a WebSocket that reconnects.

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.detail || `the server answered ${status}`);
    this.status = status;
    this.kind = body?.error || "error";
    this.body = body || {};
  }
}

export async function request(method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError(0, { error: "offline", detail: "the server cannot be reached" });
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

export const api = {
  catalog: () => request("GET", "/api/catalog"),
  board: (gameId) => request("GET", `/api/catalog/${encodeURIComponent(gameId)}/board`),
  create: (spec) => request("POST", "/api/games", spec),
  game: (id) => request("GET", `/api/games/${encodeURIComponent(id)}`),
  seat: (token) => request("GET", `/api/seats/${token}`),
  claim: (token) => request("POST", `/api/invitations/${token}/claim`),
  act: (token, action, ply) => request("POST", `/api/seats/${token}/actions`, { action, ply }),
  undo: (token, ply) => request("POST", `/api/seats/${token}/undo`, { ply }),
  explain: (token, action) => request("POST", `/api/seats/${token}/explain`, { action }),
  hurry: (token) => request("POST", `/api/seats/${token}/hurry`),
  rules: (gameId) => request("GET", `/api/catalog/${encodeURIComponent(gameId)}/rules`),
  record: (token) => request("GET", `/api/seats/${token}/record`),
};

// A WebSocket to a seat that reconnects with backoff; onMessage gets each pushed message.
export function connectSeat(token, { onMessage, onStatus }) {
  let socket = null;
  let closed = false;
  let delay = 500;
  let pinger = null;

  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    socket = new WebSocket(`${scheme}://${location.host}/api/seats/${token}/ws`);
    socket.onopen = () => {
      delay = 500;
      onStatus("live");
      pinger = setInterval(() => socket.readyState === 1 && socket.send("ping"), 25000);
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type !== "pong") onMessage(message);
    };
    socket.onclose = (event) => {
      clearInterval(pinger);
      if (closed || event.code === 4404) {
        onStatus(event.code === 4404 ? "gone" : "closed");
        return;
      }
      onStatus("reconnecting");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  }

  open();
  return {
    close() {
      closed = true;
      socket?.close();
    },
  };
}
