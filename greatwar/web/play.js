// The game screen: the map, the prompt with its choices, the game's panels, the stack under
// the cursor, the phase track, the log. Every change comes from the server as a seat message;
// a click becomes one of the legal action strings, or a question to the server about why not.

import { api, connectSeat } from "./api.js";
import { classify, describe, guessAction, unitPattern, unitsAt, visibleUnitIds } from "./actions.js";
import { MapView } from "./board.js";
import { rememberSeat, savedGame } from "./saved.js";
import { noticePanel, openSeat, retryAfterConflict, seedPanel } from "./fairplay.js";

const KNOWN_KEYS = new Set([
  "game", "side", "turn", "phase", "to_act", "prompt", "legal_actions", "stacks", "carnage",
  "can_undo", "winner", "end", "log", "panels",
]);
const DIE_FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const LOG_SHOWN = 400;

const h = (tag, attrs = {}, ...children) => {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
};
const words = (key) => key.replaceAll("_", " ");

export async function playScreen(root, token) {
  if (!token) {
    root.replaceChildren(h("p", { class: "fatal" }, "This link has no seat in it: open a game from the home page."));
    return;
  }
  const screen = new PlayScreen(root, token);
  await screen.start();
  return screen;
}

class PlayScreen {
  constructor(root, token) {
    this.root = root;
    this.token = token;
    this.msg = null;
    this.log = [];
    this.patternIndex = 0;
    this.selected = null;
    this.error = null;
    this.busy = false;
    this.shownSide = null;
    this.handover = false;
    this.endDismissed = false;
    this.focused = false;
    this.logFollows = true; // the log shows its newest entries unless the reader scrolled up
  }

  async start() {
    let first;
    try {
      ({ token: this.token, first } = await openSeat(this.token));
    } catch (error) {
      this.root.replaceChildren(h("p", { class: "fatal" }, error.message, " ", h("a", { href: "/" }, "Home")));
      return;
    }
    rememberSeat(first, this.token);
    const board = await api.board(first.game.game).catch(() => null);
    this.layout(first, board);
    this.update(first);
    this.socket = connectSeat(this.token, {
      onMessage: (m) => (m.type === "state" ? this.update(m) : this.showError(m.detail)),
      onStatus: (s) => this.setStatus(s),
    });
  }

  // --- layout, built once ------------------------------------------------------------------

  layout(first, board) {
    this.board = board;
    this.pieces = new Map((board?.pieces || []).map((p) => [p.id, p]));
    this.sideNames = new Map((board?.sides || []).map((s) => [s.id, s.name]));
    this.hexIds = new Set((board?.hexes || []).map((x) => x.id));
    this.terrain = new Map((board?.terrain || []).map((t) => [t.id, t]));
    this.el = {
      title: h("h1", {}, h("a", { href: "/", title: "home" }, "greatwar"), " ", first.game.title),
      status: h("span", { class: "status", title: "connection" }, "…"),
      where: h("span", { class: "where" }),
      prompt: h("section", { class: "panel prompt", "aria-live": "polite" }),
      panels: h("section", { class: "panel gamepanels" }),
      stack: h("section", { class: "panel stackinfo" }),
      track: h("section", { class: "panel track" }),
      details: h("section", { class: "panel details" }),
      links: h("section", { class: "panel links" }),
      log: h("ol", { class: "log", onscroll: (e) => {
        const list = e.target;
        this.logFollows = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
      } }),
      hover: h("div", { class: "hoverinfo" }),
      overlay: h("div", { class: "overlay", hidden: true }),
      mapBox: h("div", { class: "mapbox" }),
    };
    const zoom = h("div", { class: "zoom" },
      h("button", { title: "zoom in", onclick: () => this.map?.zoom(1 / 1.4) }, "+"),
      h("button", { title: "zoom out", onclick: () => this.map?.zoom(1.4) }, "−"),
      h("button", { title: "whole map", class: "fit", onclick: () => this.map?.fit() }, "⤢"),
      h("button", { title: "show the choices", class: "choices", onclick: () => this.focusChoices() }, "◎"));
    this.root.replaceChildren(
      h("header", { class: "bar" }, this.el.title, this.el.where, this.el.status),
      h("main", { class: "play" },
        h("div", { class: "mapcol" }, this.el.mapBox, zoom, this.el.hover),
        h("aside", { class: "side" }, this.el.prompt, this.el.panels, this.el.stack, this.el.track,
          this.el.details, this.el.links,
          h("section", { class: "panel logpanel" }, h("h3", {}, "Log"), this.el.log))),
      this.el.overlay);
    if (board) {
      this.map = new MapView(this.el.mapBox, board, {
        onClick: (hex) => this.clickHex(hex),
        onHover: (hex) => this.showHover(hex),
      });
    } else {
      this.el.mapBox.append(h("p", { class: "nomap" }, "This game has no map."));
    }
  }

  // Zoom to the hexes the player may click now, else to their own units.
  focusChoices() {
    if (!this.map || !this.msg) return;
    const marks = this.marks();
    const hexes = [...marks.targets, ...marks.units, ...marks.firers];
    if (marks.fireTarget) hexes.push(marks.fireTarget);
    const own = (this.obs.stacks || []).filter((s) => s.side === this.msg.acting_as).map((s) => s.hex);
    if (hexes.length || own.length) this.map.focus(hexes.length ? hexes : own);
    else this.map.fit();
  }

  setStatus(status) {
    const text = { live: "● live", reconnecting: "○ reconnecting…", closed: "○ closed", gone: "✕ seat unknown" };
    this.el.status.textContent = text[status] || status;
    this.el.status.className = `status ${status}`;
  }

  // --- messages from the server ----------------------------------------------------------

  // A message older than, or as old as, the position shown is dropped (the POST's answer and
  // the socket's push carry the same position); `force` redraws from a fresh whole view.
  update(msg, force = false) {
    if (!force && this.msg && msg.ply <= this.msg.ply) return;
    const start = msg.log_start || 0;
    if (start > this.log.length) {
      api.seat(this.token).then((m) => this.update(m, true));
      return;
    }
    const incoming = msg.observation.log || [];
    let same = start;
    while (same < this.log.length && same - start < incoming.length
      && sameEntry(this.log[same], incoming[same - start])) same++;
    this.logChangedFrom = Math.min(this.logChangedFrom ?? same, same);
    this.log = this.log.slice(0, start).concat(incoming);
    const previous = this.msg;
    this.msg = msg;
    if (previous && previous.ply !== msg.ply) this.error = null;
    const c = classify(msg.observation.legal_actions || [], this.hexIds,
      visibleUnitIds(msg.observation));
    if (!previous || c.patterns.length !== this.classified?.patterns.length) this.patternIndex = 0;
    this.classified = c;
    if (msg.seat.role === "hotseat" && this.shownSide && msg.acting_as !== this.shownSide
        && !msg.observation.winner) {
      this.handover = true;
    }
    if (!this.handover) this.shownSide = msg.acting_as;
    this.render();
    // For people's scripts and the browser tests: what the page shows, in plain attributes.
    Object.assign(document.body.dataset, {
      ply: msg.ply, prompt: msg.observation.prompt?.name || "", acting: this.acting ? "1" : "0",
    });
    if (!this.focused && this.map) {
      this.focused = true;
      this.focusChoices();
    }
  }

  get obs() {
    return this.msg.observation;
  }

  get acting() {
    return (this.obs.legal_actions || []).length > 0;
  }

  pattern() {
    const patterns = this.classified.patterns;
    return patterns[Math.min(this.patternIndex, patterns.length - 1)] || null;
  }

  marks() {
    const pattern = this.pattern();
    const unitHexes = [];
    for (const unit of this.classified.unitActions.keys()) {
      const stack = (this.obs.stacks || []).find((s) => s.units.some((u) => u.id === unit));
      if (stack) unitHexes.push(stack.hex);
    }
    const fire = this.obs.prompt?.fire;
    const firerHexes = (fire?.firers || []).map((id) =>
      (this.obs.stacks || []).find((s) => s.units.some((u) => u.id === id))?.hex).filter(Boolean);
    return {
      targets: pattern ? [...pattern.hexes.keys()] : [],
      units: unitHexes,
      unitSet: new Set(unitHexes),
      firers: firerHexes,
      fireTarget: fire?.target || this.obs.prompt?.target || null,
      selected: this.selected,
    };
  }

  // --- rendering ---------------------------------------------------------------------------

  render() {
    if (this.handover) return this.renderHandover();
    this.el.overlay.hidden = true;
    this.el.overlay.classList.remove("opaque");
    this.renderWhere();
    if (this.map) this.map.render(this.obs, this.marks());
    this.renderPrompt();
    this.renderPanels();
    this.renderStack();
    this.renderTrack();
    this.renderDetails();
    this.renderLinks();
    this.renderLog();
    this.renderEnd();
  }

  sideName(side) {
    return this.sideNames.get(side) || side;
  }

  renderWhere() {
    const o = this.obs;
    const who = this.msg.seat.role === "spectator" ? "spectating"
      : this.msg.seat.role === "hotseat" ? `same screen: ${this.sideName(this.msg.acting_as)}`
      : `you: ${this.sideName(this.msg.seat.side)}`;
    const turn = o.turn ? `Turn ${o.turn}` : "";
    const phase = o.phase ? `${o.phase.numeral ? `${o.phase.numeral} · ` : ""}${o.phase.title}` : "";
    this.el.where.replaceChildren(
      h("span", { class: "turn" }, turn), h("span", { class: "phase" }, phase),
      h("span", { class: "who" }, who));
  }

  renderPrompt() {
    const o = this.obs;
    const box = this.el.prompt;
    const parts = [];
    if (o.winner) {
      parts.push(h("h2", {}, `${this.sideName(o.winner)} won`),
        h("p", {}, o.end ? `${o.end.cause} (${o.end.rule})` : ""));
    } else if (this.acting) {
      parts.push(h("h2", {}, capital(o.prompt?.title || "your move")));
      parts.push(...this.promptDetails());
    } else {
      const waiting = (o.to_act || []).map((s) => this.sideName(s)).join(", ");
      const computer = (o.to_act || []).some((s) => (this.msg.game.players[s] || "").startsWith("computer"));
      parts.push(h("h2", {}, waiting ? `Waiting for ${waiting}` : "Waiting"));
      if (computer) parts.push(h("p", { class: "thinking" }, "The computer is thinking…"));
    }
    if (this.error) parts.push(h("p", { class: "error", role: "alert" }, this.error));
    parts.push(this.utilityButtons());
    box.replaceChildren(...parts);
  }

  promptDetails() {
    const o = this.obs;
    const c = this.classified;
    const parts = [];
    if (o.prompt?.fire) parts.push(this.fireBox(o.prompt.fire));
    if (o.prompt?.unit && this.pieces.has(o.prompt.unit)) {
      parts.push(h("p", { class: "unitline" }, "Unit: ", this.pieceText(o.prompt.unit)));
    }
    if (c.patterns.length) {
      const current = this.pattern();
      if (c.patterns.length > 1) {
        parts.push(h("div", { class: "patterns", role: "radiogroup" },
          c.patterns.map((p, i) => h("label", { class: p === current ? "on" : "" },
            h("input", { type: "radio", name: "pattern", checked: p === current,
              onchange: () => { this.patternIndex = i; this.render(); } }),
            describe(p.prefix, this.pieces)))));
      }
      parts.push(h("p", { class: "hint" },
        `${describe(current.prefix, this.pieces)} …: click one of the ${current.hexes.size} lit hexes`));
      parts.push(this.hexSelect(current));
    }
    if (c.unitActions.size) parts.push(this.unitList(c.unitActions));
    const inPanels = this.panelActions();
    const buttons = c.buttons.filter((action) => !inPanels.has(action));
    if (buttons.length < c.buttons.length) {
      const titles = (o.panels || []).filter((p) => (p.items || []).some((i) => inPanels.has(i.action)));
      const where = titles.map((p) => `“${p.title}”`).join(", ");
      parts.push(h("p", { class: "hint" }, `Choose in ${where} below.`));
    }
    if (buttons.length) parts.push(this.buttonRows(buttons));
    return parts;
  }

  // Buttons, one per action; when there are many, actions that differ only in their last word
  // share a row ("Order A: initiative general").
  buttonRows(actions) {
    const button = (action, text, cls = "") => h("button", {
      class: `act ${cls} ${action === "resolve" ? "primary" : ""}`, "data-action": action,
      title: describe(action, this.pieces), onclick: () => this.act(action) }, text);
    const groups = new Map();
    for (const action of actions) {
      const words = action.split(/\s+/);
      const key = actions.length > 4 && words.length > 1 ? words.slice(0, -1).join(" ") : action;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(action);
    }
    const single = [...groups.values()].filter((g) => g.length === 1).flat();
    const rows = [...groups.entries()].filter(([, g]) => g.length > 1).map(([prefix, group]) =>
      h("div", { class: "btnrow" }, h("span", {}, `${describe(prefix, this.pieces)}:`),
        group.map((a) => button(a, a.split(/\s+/).at(-1).replaceAll("_", " "), "small"))));
    return h("div", { class: "buttons" }, rows,
      single.map((a) => button(a, describe(a, this.pieces))));
  }

  // Short odds ("3:1") large; longer ones ("+4 on Woods (column 7)") with only the first word
  // large and the rest under it.
  fireBox(fire) {
    const firers = fire.firers.length ? fire.firers.join(", ") : "none yet: click your units in range";
    const odds = String(fire.odds);
    const [lead, ...rest] = odds.length > 10 ? odds.split(" ") : [odds];
    return h("div", { class: "fire" },
      h("div", { class: "odds" }, h("b", {}, lead), rest.length ? h("small", {}, rest.join(" ")) : null),
      h("dl", {},
        h("dt", {}, "Target"), h("dd", {}, this.hexText(fire.target)),
        h("dt", {}, "Firing"), h("dd", {}, firers),
        h("dt", {}, "Strength"), h("dd", {}, `${fire.strength} against defence ${fire.defense}`)));
  }

  hexSelect(pattern) {
    const select = h("select", { "aria-label": "or choose a hex", class: "hexselect",
      onchange: (e) => e.target.value && this.act(e.target.value) },
      h("option", { value: "" }, `or choose from the list (${pattern.hexes.size})`),
      [...pattern.hexes.entries()].map(([hex, action]) => h("option", { value: action }, this.hexText(hex))));
    return select;
  }

  unitList(unitActions) {
    const items = [...unitActions.entries()].flatMap(([unit, actions]) => actions.map((action) =>
      h("li", {}, h("button", { class: "act", "data-action": action, onclick: () => this.act(action) },
        describe(action, this.pieces)))));
    const open = unitActions.size <= 6;
    return h("details", { class: "unitlist", open },
      h("summary", {}, `Units with a choice (${unitActions.size}): click them on the map`),
      h("ul", {}, items));
  }

  // The game's own panels (hands, tracks), shown whether or not the player is asked to act.
  renderPanels() {
    const panels = this.obs.panels || [];
    this.el.panels.hidden = !panels.length;
    this.el.panels.replaceChildren(...panels.map((panel) => this.panel(panel)));
  }

  // A legal action of a panel item, with its siblings: the legal actions that differ from it
  // only in the last word ("assign US17 A" and "assign US17 B"), each a small button.
  itemActions(item) {
    const legal = this.obs.legal_actions || [];
    if (!item.action || !legal.includes(item.action)) return [];
    const prefix = item.action.split(/\s+/).slice(0, -1).join(" ");
    const siblings = prefix
      ? legal.filter((a) => a.split(/\s+/).length === item.action.split(/\s+/).length
        && a.startsWith(`${prefix} `))
      : [];
    return siblings.length > 1 ? siblings : [item.action];
  }

  panelActions() {
    const offered = new Set();
    for (const panel of this.obs.panels || []) {
      for (const item of panel.items || []) for (const a of this.itemActions(item)) offered.add(a);
    }
    return offered;
  }

  // A label's " / " starts a new line (a card's three orders, say). An item whose action has
  // siblings or names a place ("assign US17 A": three words or more) gets a small button per
  // last word; any other action makes the whole item a button.
  panel(panel) {
    const lines = (label) => String(label).split(" / ").map((line) => h("span", { class: "line" }, line));
    const items = (panel.items || []).map((item) => {
      const actions = this.itemActions(item);
      if (actions.length === 1 && actions[0].split(/\s+/).length < 3) {
        return h("li", {}, h("button", { class: "act", "data-action": actions[0],
          onclick: () => this.act(actions[0]) }, lines(item.label)));
      }
      if (!actions.length) return h("li", {}, lines(item.label));
      return h("li", { class: "choices" }, h("div", { class: "label" }, lines(item.label)),
        h("div", { class: "buttons" }, actions.map((a) => h("button", { class: "act small",
          "data-action": a, title: describe(a, this.pieces), onclick: () => this.act(a) },
          a.split(/\s+/).at(-1)))));
    });
    return h("div", { class: "gpanel" }, h("h3", {}, panel.title),
      items.length ? h("ul", {}, items) : h("p", { class: "muted" }, "none"));
  }

  utilityButtons() {
    const o = this.obs;
    const buttons = [];
    if (o.can_undo) buttons.push(h("button", { class: "undo", onclick: () => this.undo() }, "↶ Undo"));
    if (this.msg.game.concede && this.msg.seat.role !== "spectator" && !o.winner) {
      buttons.push(h("button", { class: "concede", onclick: () => this.concede() }, "Concede"));
    }
    return h("div", { class: "utility" }, buttons);
  }

  renderStack() {
    const hex = this.selected;
    const box = this.el.stack;
    if (!hex) {
      box.replaceChildren(h("h3", {}, "Hex"), h("p", { class: "muted" }, "Click a hex to open its stack."));
      return;
    }
    const stack = (this.obs.stacks || []).find((s) => s.hex === hex);
    const units = unitsAt(this.obs, hex);
    const rows = units.map((u) => {
      const actions = this.classified.unitActions.get(u.id) || [];
      return h("li", { class: `unit ${u.side}${u.done ? " done" : ""}` },
        h("span", { class: "face" }, this.valuesOf(u)),
        h("span", { class: "uname" }, `${u.name || ""} `, h("small", {}, `${u.id}${u.done ? " · done" : ""}`)),
        actions.map((a) => h("button", { class: "act", "data-action": a, onclick: () => this.act(a) },
          describe(a.split(/\s+/)[0], this.pieces))));
    });
    const hidden = stack && stack.count > units.length
      ? h("p", { class: "muted" }, `${stack.count - units.length} more unit(s) you may not see (only the top counter shows).`)
      : null;
    const dead = (this.obs.carnage || []).filter((c) => c.hex === hex);
    const carnage = dead.length
      ? h("p", { class: "carnage-note" }, `Carnage: ${dead.map((d) => d.unit?.id || "").join(", ")}`)
      : null;
    const hexActions = this.classified.patterns.filter((p) => p.hexes.has(hex)).map((p) => p.hexes.get(hex));
    const here = hexActions.length
      ? h("div", { class: "buttons" }, hexActions.map((a) => h("button", { class: "act", "data-action": a,
        onclick: () => this.act(a) }, describe(a, this.pieces))))
      : null;
    box.replaceChildren(...[h("h3", {}, this.hexText(hex)),
      units.length ? h("ul", { class: "units" }, rows) : h("p", { class: "muted" }, "No units."),
      hidden, carnage, here].filter(Boolean));
  }

  renderTrack() {
    const o = this.obs;
    const phases = this.board?.phases || [];
    const current = o.phase?.index;
    this.el.track.replaceChildren(h("h3", {}, o.turn ? `Turn ${o.turn}` : "Set-up"),
      phases.length
        ? h("ol", { class: "phases" }, phases.map((p, i) =>
          h("li", { class: i === current ? "now" : "" }, h("b", {}, p.numeral), " ", p.title)))
        : h("p", {}, o.phase?.title || ""));
  }

  renderDetails() {
    const o = this.obs;
    const rows = [];
    for (const [key, value] of Object.entries(o)) {
      if (KNOWN_KEYS.has(key) || value === null || value === undefined) continue;
      const text = this.detailText(value);
      if (text !== null) rows.push(h("dt", {}, words(key)), h("dd", {}, text));
    }
    this.el.details.hidden = !rows.length;
    this.el.details.replaceChildren(h("h3", {}, "Situation"), h("dl", {}, rows));
  }

  // A value in words: a list joined (objects by their ids, else counted), a titled object by
  // its title, an object of plain values (points per side, say) as "name value" pairs.
  detailText(value) {
    if (typeof value !== "object") return String(value);
    const plain = (v) => v === null || typeof v !== "object";
    if (Array.isArray(value)) {
      if (!value.length) return null;
      if (value.every(plain)) return value.join(", ");
      const named = (v) => v && (typeof v.id === "string" || typeof v.id === "number");
      if (value.every(named)) return value.map((v) => v.id).join(", ");
      return `${value.length}`;
    }
    if (value.title) return `${value.title}${value.side ? ` (${this.sideName(value.side)})` : ""}`;
    const entries = Object.entries(value);
    if (!entries.length || !entries.every(([, v]) => plain(v) || (Array.isArray(v) && v.every(plain)))) {
      return null;
    }
    return entries.map(([k, v]) => `${this.sideName(words(k))} ${Array.isArray(v) ? v.join(", ") || "-" : v}`)
      .join("; ");
  }

  renderLinks() {
    const saved = savedGame(this.msg.game.id);
    const others = (saved?.seats || []).filter((s) => s.token !== this.token);
    const seed = seedPanel(this.msg.game, h);
    const notice = noticePanel(this.msg.game, h);
    this.el.links.hidden = !others.length && !seed && !notice;
    this.el.links.replaceChildren(notice || "", others.length ? h("details", {}, h("summary", {}, "Links to this game"),
      h("ul", {}, others.map((s) => h("li", {}, `${s.role === "side" ? this.sideName(s.side) : s.role}: `,
        h("input", { readonly: true, value: s.url, onclick: (e) => e.target.select() }))))) : "", seed || "");
  }

  // The log's items stand for entries [logFirst, log.length); only changed entries are redrawn.
  renderLog() {
    const list = this.el.log;
    const changed = this.logChangedFrom ?? 0;
    this.logChangedFrom = null;
    if (this.logFirst === undefined || changed < this.logFirst) {
      this.logFirst = Math.max(0, this.log.length - LOG_SHOWN);
      list.replaceChildren(...this.log.slice(this.logFirst).map(logItem));
    } else {
      while (list.children.length > changed - this.logFirst) list.lastChild.remove();
      list.append(...this.log.slice(changed).map(logItem));
      const extra = list.children.length - LOG_SHOWN;
      if (extra > 100) {
        for (let i = 0; i < extra; i++) list.firstChild.remove();
        this.logFirst += extra;
      }
    }
    if (this.logFollows) list.scrollTop = list.scrollHeight;
  }

  renderEnd() {
    const o = this.obs;
    if (!o.winner || this.endDismissed) return;
    this.el.overlay.hidden = false;
    this.el.overlay.replaceChildren(h("div", { class: "dialog end" },
      h("h2", {}, `${this.sideName(o.winner)} wins`),
      h("p", {}, o.end ? `${capital(o.end.cause)} (rule ${o.end.rule}).` : ""),
      h("div", { class: "buttons" },
        h("button", { onclick: () => { this.endDismissed = true; this.el.overlay.hidden = true; } }, "Look at the map"),
        h("button", { onclick: () => this.downloadRecord() }, "Save the record"),
        h("a", { class: "button", href: "/" }, "Home"))));
  }

  renderHandover() {
    this.el.overlay.hidden = false;
    this.el.overlay.classList.add("opaque"); // neither side's view shows while handing over
    const side = this.sideName(this.msg.acting_as);
    this.el.overlay.replaceChildren(h("div", { class: "dialog" },
      h("h2", {}, `Pass the screen to ${side}`),
      h("p", {}, "The map stays hidden until that player is ready."),
      h("button", { class: "primary", onclick: () => {
        this.handover = false;
        this.shownSide = this.msg.acting_as;
        this.render();
      } }, `I play ${side}: show my view`)));
  }

  showHover(hex) {
    if (!hex) return this.el.hover.replaceChildren();
    const units = unitsAt(this.obs, hex.id);
    const stack = (this.obs.stacks || []).find((s) => s.hex === hex.id);
    const unitText = units.length
      ? ` · ${units.map((u) => `${u.id} ${this.valuesOf(u)}`).join(", ")}${stack.count > units.length ? ` +${stack.count - units.length} hidden` : ""}`
      : "";
    this.el.hover.textContent = `${this.hexText(hex.id)}${unitText}`;
  }

  hexText(id) {
    const hex = this.map?.hexes.get(id);
    if (!hex) return id;
    const terrain = this.terrain.get(hex.terrain)?.name || hex.terrain;
    return `${id} ${terrain}${hex.place ? ` (${hex.place})` : ""}`;
  }

  valuesOf(unit) {
    return (this.board?.counter_values || []).map((v) => unit[v]).join("-");
  }

  pieceText(id) {
    const p = this.pieces.get(id);
    return `${p.name} (${id}) ${this.valuesOf(p)} ${this.board.kinds?.[p.kind] || p.kind}`;
  }

  // --- acting ----------------------------------------------------------------------------

  async clickHex(hex) {
    if (!this.msg || this.handover) return;
    this.selected = hex;
    document.body.dataset.selected = hex; // page state: which hex the last click chose
    this.error = null;
    const c = this.classified;
    const pattern = this.pattern();
    const units = unitsAt(this.obs, hex).filter((u) => c.unitActions.has(u.id));
    const other = c.patterns.findIndex((p) => p.hexes.has(hex));
    if (other >= 0 && units.length) return this.render(); // the hex and its units: ask which
    if (pattern?.hexes.has(hex)) return this.act(pattern.hexes.get(hex));
    if (other >= 0) {
      this.patternIndex = other;
      return this.act(c.patterns[other].hexes.get(hex));
    }
    const ownPattern = units.length === 1 ? unitPattern(c, units[0].id) : -1;
    if (ownPattern >= 0) {
      this.patternIndex = ownPattern; // selected: its destinations light up; stay is a button
      return this.render();
    }
    if (units.length === 1 && c.unitActions.get(units[0].id).length === 1) {
      return this.act(c.unitActions.get(units[0].id)[0]);
    }
    this.render();
    if (units.length || this.msg.seat.role === "spectator") return;
    if (!this.acting) {
      const waiting = (this.obs.to_act || []).map((side) => this.sideName(side)).join(", ");
      if (waiting) this.showError(`Not your turn: waiting for ${waiting}.`);
      return;
    }
    const own = unitsAt(this.obs, hex).filter((u) => u.side === this.msg.acting_as).map((u) => u.id);
    const guess = guessAction(c, pattern, hex, own);
    if (!guess) return;
    try {
      const answer = await api.explain(this.token, guess);
      if (!answer.legal) this.showError(answer.reason);
    } catch (error) {
      this.showError(error.message);
    }
  }

  async act(action) {
    if (this.busy) return;
    this.busy = true;
    document.body.dataset.busy = "1"; // page state for scripts and tests: an action is on its way
    this.error = null;
    try {
      this.update(await api.act(this.token, action, this.msg.ply));
    } catch (error) {
      if (!(await retryAfterConflict(this, error, action))) await this.refused(error);
    } finally {
      this.busy = false;
      document.body.dataset.busy = "";
    }
  }

  async undo() {
    try {
      this.update(await api.undo(this.token, this.msg.ply));
    } catch (error) {
      await this.refused(error);
    }
  }

  concede() {
    if (confirm("Concede the game?")) this.act("concede");
  }

  async refused(error) {
    if (error.status === 409) {
      this.update(await api.seat(this.token), true);
      this.showError("The game moved on before your click arrived; here is the new position.");
    } else {
      this.showError(error.message);
    }
  }

  showError(text) {
    this.error = text;
    if (this.msg) this.renderPrompt();
  }

  async downloadRecord() {
    try {
      const record = await api.record(this.token);
      const blob = new Blob([JSON.stringify(record, null, 1)], { type: "application/json" });
      const a = h("a", { href: URL.createObjectURL(blob), download: `${this.msg.game.game}-${this.msg.game.id}.json` });
      a.click();
    } catch (error) {
      this.showError(error.message);
    }
  }
}

function logItem(entry) {
  const dice = entry.dice
    ? h("span", { class: "dice", title: `dice ${entry.dice.join(", ")}` },
      entry.dice.map((d) => DIE_FACES[d] || `[${d}]`).join(""))
    : null;
  return h("li", {}, h("span", { class: "rule" }, entry.rule), dice, " ", entry.text);
}

function sameEntry(a, b) {
  return a.rule === b.rule && a.text === b.text && String(a.dice) === String(b.dice);
}

function capital(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
