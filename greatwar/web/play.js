// The game screen: the map, the prompt with its choices, the game's panels, the stack under
// the cursor, the phase track, the log. Every change comes from the server as a seat message;
// a click becomes one of the legal action strings, or a question to the server about why not.

import { api, connectSeat } from "./api.js";
import { classify, describe, guessAction, unitPattern, unitsAt, visibleUnitIds } from "./actions.js";
import { MapView } from "./board.js";
import { h } from "./dom.js";
import { TableView } from "./table.js";
import { rememberSeat, savedGame } from "./saved.js";
import { noticePanel, openSeat, retryAfterConflict, seedPanel } from "./fairplay.js";

const KNOWN_KEYS = new Set([
  "game", "side", "turn", "phase", "to_act", "prompt", "legal_actions", "stacks", "carnage",
  "can_undo", "winner", "end", "log", "panels",
]);
const DIE_FACES = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const LOG_SHOWN = 400;
const TEXT_VIEW = "greatwar.textview"; // this browser shows the map as text too
const textViewOn = () => localStorage.getItem(TEXT_VIEW) === "1";
const MENU_MOST = 8; // a hex with more actions than this is decided by the prompt's group

const words = (key) => key.replaceAll("_", " ");
const COMPASS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
const COMPASS_GRID = ["NW", "N", "NE", "W", null, "E", "SW", "S", "SE"]; // north up, as on the table
const COMPASS_NAMES = { N: "north", NE: "north-east", E: "east", SE: "south-east", S: "south",
  SW: "south-west", W: "west", NW: "north-west" };

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
      prompt: h("section", { class: "panel prompt", "aria-label": "what to do now" }),
      textMap: h("section", { class: "panel textmap", role: "region", "aria-label": "Map as text",
        hidden: !textViewOn() }),
      announce: h("div", { class: "sr-only", role: "status", "aria-live": "polite",
        "aria-label": "announcements" }),
      panels: h("section", { class: "panel gamepanels" }),
      stack: h("section", { class: "panel stackinfo" }),
      details: h("section", { class: "panel details" }),
      key: h("section", { class: "panel mapkey" }),
      links: h("section", { class: "panel links" }),
      log: h("ol", { class: "log", onscroll: (e) => {
        const list = e.target;
        this.logFollows = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
      } }),
      hover: h("div", { class: "hoverinfo", role: "status" }),
      menu: h("div", { class: "hexmenu", role: "menu", hidden: true }),
      phases: h("nav", { class: "phasetrack", "aria-label": "turn and phase" }),
      rule: h("div", { class: "rulepop", role: "dialog", hidden: true }),
      overlay: h("div", { class: "overlay", hidden: true }),
      mapBox: h("div", { class: "mapbox" }),
    };
    const zoom = h("div", { class: "zoom" },
      h("button", { title: "zoom in", onclick: () => this.map?.zoom(1 / 1.4) }, "+"),
      h("button", { title: "zoom out", onclick: () => this.map?.zoom(1.4) }, "−"),
      h("button", { title: "whole map", class: "fit", onclick: () => this.map?.fit() }, "⤢"),
      h("button", { title: "show the choices", class: "choices", onclick: () => this.focusChoices() }, "◎"));
    this.el.textToggle = h("button", { class: "textview small", "aria-pressed": String(textViewOn()),
      title: "the map as a table of hexes and units, with the choices as buttons (for screen readers "
        + "and the keyboard)", onclick: () => this.toggleTextView() }, "Text view");
    this.root.replaceChildren(
      h("header", { class: "bar" }, this.el.title, this.el.where, this.el.textToggle, this.el.status),
      this.el.phases,
      h("main", { class: "play" },
        h("div", { class: "mapcol" }, this.el.mapBox, zoom, this.el.hover, this.el.menu),
        h("aside", { class: "side" }, this.el.prompt, this.el.textMap, this.el.panels, this.el.stack,
          this.el.details, this.el.key, this.el.links,
          h("section", { class: "panel logpanel" }, h("h3", {}, "Log"), this.el.log))),
      this.el.rule, this.el.overlay, this.el.announce);
    this.el.log.addEventListener("click", (e) => {
      const rule = e.target.closest?.("button.rule");
      if (rule) this.showRule(rule.dataset.rule, rule);
    });
    document.addEventListener("keydown", (e) => this.key(e));
    document.addEventListener("pointerdown", (e) => {
      this.pointer = { x: e.clientX, y: e.clientY };
      if (!this.el.menu.contains(e.target)) this.closeMenu();
      if (!this.el.rule.contains(e.target) && !e.target.closest?.("button.rule")) this.el.rule.hidden = true;
    }, true);
    if (board?.format === "greatwar-table") {
      this.map = new TableView(this.el.mapBox, board, { act: (a) => this.act(a), sideName: (s) => this.sideName(s),
        actMany: (list) => this.actInTurn(list),
        onSelect: ({ group, picked }) => {
          if (picked && this.msg) return this.renderPrompt();
          if (group && group !== this.unitChoice) {
            this.unitChoice = group;
            if (this.msg) this.renderPrompt();
          }
        } });
      // on a phone the table's column takes the table's own shape, not a fixed height
      const [, , w, d] = this.map.view;
      this.el.mapBox.parentElement?.style.setProperty("--table-aspect", `${w} / ${d}`);
      // a table has no hexes to open and draws its own key (the ruler, the wind)
      this.el.key.hidden = true;
      this.el.stack.hidden = true;
    } else if (board) {
      this.map = new MapView(this.el.mapBox, board, {
        onClick: (hex) => this.clickHex(hex),
        onHover: (hex) => {
          this.showHover(hex);
          this.map.fan(hex?.id || this.selected, this.obs);
        },
      });
      const key = this.map.legend();
      this.el.key.replaceChildren(h("details", {}, h("summary", {}, "Map key"),
        h("ul", {}, key.map((k) => {
          const li = h("li", {}, h("span", {}, capital(k.name)));
          li.insertAdjacentHTML("afterbegin", k.swatch);
          return li;
        })),
        h("p", { class: "keys" }, "Keys: arrows pan, + and − zoom, 0 whole map, [ and ] step "
          + "through the choices, Enter chooses, U undoes, Esc closes a menu.")));
    } else {
      this.el.mapBox.append(h("p", { class: "nomap" }, "This game has no map."));
      this.el.key.hidden = true;
    }
  }

  // Zoom to the hexes the player may click now, else to their own units.
  focusChoices() {
    if (!this.map || !this.msg) return;
    if (!this.hexMap) return this.map.focus(this.tableFocus());
    const marks = this.marks();
    const hexes = [...marks.targets, ...marks.units, ...marks.firers];
    if (marks.fireTarget) hexes.push(marks.fireTarget);
    const stacks = this.obs.stacks || [];
    const own = stacks.filter((s) => s.side === this.msg.acting_as).map((s) => s.hex);
    const any = stacks.map((s) => s.hex); // a spectator: every unit on the map
    const shown = hexes.length ? hexes : own.length ? own : any;
    if (shown.length) this.map.focus(shown);
    else this.map.fit();
  }

  // The figures a table opens on: those with a choice now, else the viewer's own, else all.
  tableFocus() {
    const figures = this.obs.table?.figures || [];
    const subjects = new Set((this.obs.legal_actions || []).map((a) => a.split(/\s+/)[1]).filter(Boolean));
    const side = this.msg.acting_as;
    const mine = figures.filter((f) => f.side === side);
    const choosing = mine.filter((f) => subjects.has(f.id) || subjects.has(f.group));
    return (choosing.length ? choosing : mine.length ? mine : figures).map((f) => f.id);
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
    if (!previous || c.patterns.length !== this.classified?.patterns.length) {
      this.patternIndex = 0;
      this.patternChosen = false;
    }
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
    } else if (this.map && !this.handover) {
      // a new choice of hexes (the unit just selected, say): bring them into view
      const targets = this.marks().targets;
      const key = `${this.pattern()?.prefix}|${targets.length}`;
      if (key !== this.revealedKey) this.hexMap?.reveal(targets);
      this.revealedKey = key;
    }
  }

  // The hex map, when the game has one (the open table of the miniatures game has its own view).
  get hexMap() {
    return this.map instanceof MapView ? this.map : null;
  }

  get obs() {
    return this.msg.observation;
  }

  get acting() {
    return (this.obs.legal_actions || []).length > 0;
  }

  // Every action a click on a hex could mean: its hex in any group of hex actions, and the
  // actions of the units standing there.
  hexOptions(hex) {
    const c = this.classified;
    const options = c.patterns.filter((p) => p.hexes.has(hex)).map((p) => p.hexes.get(hex));
    for (const unit of unitsAt(this.obs, hex)) options.push(...(c.unitActions.get(unit.id) || []));
    return [...new Set(options)];
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
    if (this.asking !== this.msg.ply) { // a question about this position stays open
      this.el.overlay.hidden = true;
      this.el.overlay.classList.remove("opaque");
    }
    this.renderWhere();
    if (this.map) this.map.render(this.obs, this.marks());
    this.renderPrompt();
    this.renderPanels();
    this.renderStack();
    this.renderTrack();
    this.closeMenu();
    if (this.hexMap) this.hexMap.fan(this.hexMap.hovered || this.selected, this.obs); // a tap fans the stack out
    this.renderDetails();
    this.renderLinks();
    this.renderLog();
    this.renderTextMap();
    this.announceChanges();
    this.renderEnd();
  }

  // --- the text view: the map for screen readers and the keyboard ---------------------------

  toggleTextView() {
    const on = !textViewOn();
    localStorage.setItem(TEXT_VIEW, on ? "1" : "0");
    this.el.textToggle.setAttribute("aria-pressed", String(on));
    this.el.textMap.hidden = !on;
    this.renderTextMap();
    if (on) this.el.textMap.querySelector("h2")?.focus();
  }

  // What a screen reader says without being asked: the new prompt, and the log's new lines
  // (the newest few), once each.
  announceChanges() {
    const said = [];
    const title = this.acting ? capital(this.obs.prompt?.title || "your move") : "";
    if (title && title !== this.announcedPrompt) said.push(`Your move: ${title}.`);
    this.announcedPrompt = title;
    const fresh = this.log.slice(this.announcedLog ?? this.log.length).slice(-3);
    this.announcedLog = this.log.length;
    said.push(...fresh.map((e) => this.named(e.text)));
    if (this.obs.winner && !this.announcedEnd) {
      this.announcedEnd = true;
      said.push(`${this.sideName(this.obs.winner)} won.`);
    }
    if (said.length) this.el.announce.textContent = said.join(" ");
  }

  renderTextMap() {
    const box = this.el.textMap;
    if (box.hidden || !this.msg) return;
    const heading = h("h2", { tabindex: "-1" }, "Map as text");
    if (this.map && !this.hexMap) return box.replaceChildren(heading, this.tableAsText());
    if (!this.hexMap) return box.replaceChildren(heading, h("p", {}, "This game has no map."));
    const c = this.classified;
    const rows = new Map(); // hex -> units and choices
    for (const stack of this.obs.stacks || []) rows.set(stack.hex, stack);
    for (const hex of this.marks().targets.length <= MENU_MOST ? this.marks().targets : []) {
      if (!rows.has(hex)) rows.set(hex, null);
    }
    const body = [...rows.keys()].sort().map((hex) => {
      const stack = rows.get(hex);
      const units = unitsAt(this.obs, hex);
      const hidden = stack && stack.count > units.filter((u) => u.kind !== "hidden").length
        ? `${stack.count - units.filter((u) => u.kind !== "hidden").length} hidden unit(s) of ${this.sideName(stack.side)}` : "";
      const unitText = units.filter((u) => u.kind !== "hidden").map((u) => {
        const nation = this.hexMap.nationOf(u, stack?.side)?.name || this.sideName(stack?.side || u.side);
        const values = this.valuesOf(u);
        const state = ["depleted", "reduced", "disrupted", "pinned", "falter", "done"].filter((k) => u[k]);
        return `${u.name || u.id} (${u.id}, ${nation}${values ? `, ${values}` : ""}${state.length ? `, ${state.join(", ")}` : ""})`;
      });
      const choices = this.hexOptions(hex).map((a) => h("button", { class: "act small", "data-action": a,
        onclick: () => this.act(a) }, describe(a, this.pieces)));
      for (const u of units) {
        const p = c.unitActions.has(u.id) ? -1 : unitPattern(c, u.id);
        if (p >= 0) {
          choices.push(h("button", { class: "small", onclick: () => {
            this.patternIndex = p;
            this.patternChosen = true;
            this.render();
            this.el.prompt.querySelector("select.hexselect")?.focus();
          } }, `Choose where ${u.name || u.id} goes`));
        }
      }
      return h("tr", { "data-hex": hex }, h("th", { scope: "row" }, this.hexText(hex)),
        h("td", {}, [...unitText, hidden].filter(Boolean).join("; ") || "no units"),
        h("td", {}, choices.length ? choices : "–"));
    });
    const pattern = this.pattern();
    box.replaceChildren(heading,
      h("p", { class: "muted" }, pattern && pattern.hexes.size > MENU_MOST
        ? `${describe(pattern.prefix, this.pieces)}: ${pattern.hexes.size} hexes, listed in the prompt's “or choose from the list”.`
        : "Every hex with units or a choice, its units with their values, and the choices as buttons."),
      h("table", { class: "hextable" }, h("caption", {}, `${body.length} hexes`),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Hex"), h("th", { scope: "col" }, "Units"),
          h("th", { scope: "col" }, "Choices"))),
        h("tbody", {}, body)));
  }

  // A table game as text: every unit on the table, its side, its figures and where it stands.
  tableAsText() {
    const units = new Map();
    for (const f of this.obs.table?.figures || []) {
      const key = `${f.side}:${f.group}`;
      if (!units.has(key)) units.set(key, { side: f.side, group: f.group, figures: [] });
      units.get(key).figures.push(f);
    }
    const rows = [...units.values()].map((u) => {
      const onTable = u.figures.filter((f) => f.x >= 0 && f.y >= 0);
      const mean = (k) => onTable.reduce((t, f) => t + f[k], 0) / (onTable.length || 1) / 10;
      const where = onTable.length ? `${mean("x").toFixed(0)}" from the left, ${mean("y").toFixed(0)}" from the French edge` : "off the table";
      const kinds = new Map();
      for (const f of u.figures) kinds.set(f.name, (kinds.get(f.name) || 0) + 1);
      return h("tr", { "data-unit": u.group }, h("th", { scope: "row" }, `${u.group} (${this.sideName(u.side)})`),
        h("td", {}, [...kinds.entries()].map(([n, k]) => `${k} ${n}`).join(", ")), h("td", {}, where));
    });
    return h("table", { class: "hextable" }, h("caption", {}, `${rows.length} units; their orders are in the prompt`),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Unit"), h("th", { scope: "col" }, "Figures"),
        h("th", { scope: "col" }, "Where"))), h("tbody", {}, rows));
  }

  sideName(side) {
    return this.sideNames.get(side) || side;
  }

  // A game's sentence as a person writes it: a side's id that opens it becomes the side's
  // name ("us has placed..." -> "United States has placed..."), and it starts with a capital.
  named(text) {
    const ids = [...this.sideNames.keys()].map((id) => id.replace(/[^\w-]/g, "")).filter(Boolean);
    if (!ids.length) return capital(String(text));
    const clause = new RegExp(`(^|[:;,] )(${ids.join("|")})(?=[ :,;]|$)`, "g");
    return capital(String(text).replace(clause, (_, lead, id) => lead + this.sideName(id)));
  }

  renderWhere() {
    const o = this.obs;
    const who = this.msg.seat.role === "spectator" ? "spectating"
      : this.msg.seat.role === "hotseat" ? `same screen: ${this.sideName(this.msg.acting_as)}`
      : `you: ${this.sideName(this.msg.seat.side)}`;
    this.el.where.replaceChildren(h("span", { class: "who" }, who));
  }

  renderPrompt() {
    const o = this.obs;
    const box = this.el.prompt;
    const parts = [];
    if (o.winner) {
      parts.push(h("h2", {}, `${this.sideName(o.winner)} won`),
        h("p", {}, o.end ? `${this.named(o.end.cause)} (rule ${o.end.rule}).` : ""));
    } else if (this.acting) {
      parts.push(h("h2", {}, capital(o.prompt?.title || "your move")));
      parts.push(...this.promptDetails());
    } else {
      const waiting = (o.to_act || []).map((s) => this.sideName(s)).join(", ");
      const computer = this.msg.thinking?.side
        || (o.to_act || []).find((s) => (this.msg.game.players[s] || "").startsWith("computer"));
      parts.push(h("h2", {}, waiting ? `Waiting for ${waiting}` : "Waiting"));
      if (computer) parts.push(this.thinking(computer));
    }
    if (!parts.includes(this.el.thinking)) this.stopThinking();
    if (this.error) parts.push(h("p", { class: "error", role: "alert" }, this.error));
    parts.push(this.utilityButtons());
    box.replaceChildren(...parts);
  }

  // While a computer side thinks: who, for how long (counted from when the server says it
  // began, so a reload does not restart the clock), and a button asking it to move now.
  thinking(side) {
    if (this.thinkingPly !== this.msg.ply) {
      this.thinkingPly = this.msg.ply;
      this.thinkingSince = performance.now() - (this.msg.thinking?.seconds || 0) * 1000;
      this.hurried = null;
    }
    const clock = h("span", { class: "elapsed" });
    const tick = () => {
      const seconds = Math.floor((performance.now() - this.thinkingSince) / 1000);
      clock.textContent = seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
    };
    tick();
    clearInterval(this.thinkingTimer);
    this.thinkingTimer = setInterval(tick, 1000);
    const said = h("span", { class: "hurried", "aria-live": "polite" }, this.hurried || "");
    const canHurry = this.msg.seat.role !== "spectator";
    const button = canHurry ? h("button", { class: "hurry", disabled: Boolean(this.hurried),
      title: "ask the computer to play now: the best move it has found so far, or a safe legal move",
      onclick: async (e) => {
        e.target.disabled = true;
        this.hurried = "Moving…";
        said.textContent = this.hurried;
        try {
          const answer = await api.hurry(this.token);
          document.body.dataset.hurried = answer.detail; // page state: what the server said
          this.hurried = answer.hurried ? `Moving now: ${answer.detail}.` : `Cannot hurry: ${answer.detail}.`;
          if (!answer.hurried) e.target.disabled = false;
        } catch (error) {
          this.hurried = null;
          e.target.disabled = false;
          this.showError(error.message);
          return;
        }
        said.textContent = this.hurried;
      } }, "Move now") : null;
    this.el.thinking = h("div", { class: "thinking", role: "status", "aria-live": "off" },
      h("span", { class: "spinner", "aria-hidden": "true" }),
      h("span", {}, `${this.sideName(side)} (computer) is thinking · `, clock), button, said);
    document.body.dataset.thinking = "1";
    return this.el.thinking;
  }

  stopThinking() {
    clearInterval(this.thinkingTimer);
    document.body.dataset.thinking = "0";
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
              onchange: () => { this.patternIndex = i; this.patternChosen = true; this.render(); } }),
            describe(p.prefix, this.pieces)))));
      }
      parts.push(h("p", { class: "hint" },
        `${describe(current.prefix, this.pieces)}: click a lit hex on the map `
        + `(${current.hexes.size === 1 ? "one hex" : `${current.hexes.size} hexes`})`));
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
    const table = this.map && !this.hexMap ? this.tableOrders(buttons) : null;
    if (table) parts.push(table.box);
    const rest = table ? table.rest : buttons;
    if (rest.length) parts.push(this.buttonRows(rest));
    return parts;
  }

  // A table game's orders by unit, so that a few dozen regiment and figure orders do not
  // fill the page: a row with a button per unit that has a choice (a click on a figure or a
  // unit's mark on the table picks it too), then the chosen unit's orders, directions as a
  // compass with the distance beside it, objectives and targets as short buttons. Actions
  // that name no unit stay as buttons (the rest).
  tableOrders(actions) {
    const figures = new Map((this.obs.table?.figures || []).map((f) => [f.id, f]));
    const groups = new Set([...figures.values()].map((f) => f.group));
    const units = new Map(); // unit -> subject -> verb -> actions
    const rest = [];
    for (const action of actions) {
      const w = action.split(/\s+/);
      const unit = figures.get(w[1])?.group || (groups.has(w[1]) ? w[1] : null);
      if (!unit) {
        rest.push(action);
        continue;
      }
      if (!units.has(unit)) units.set(unit, new Map([[unit, new Map()]]));
      const subjects = units.get(unit);
      if (!subjects.has(w[1])) subjects.set(w[1], new Map());
      const verbs = subjects.get(w[1]);
      if (!verbs.has(w[0])) verbs.set(w[0], []);
      verbs.get(w[0]).push(action);
    }
    if (!units.size) return null;
    if (!units.has(this.unitChoice)) this.unitChoice = [...units.keys()][0];
    const chosen = this.unitChoice;
    const name = (unit) => {
      const members = [...figures.values()].filter((f) => f.group === unit);
      const leader = members.find((f) => (f.flags || []).includes("leader"));
      return leader ? leader.name.replace(/^Leader /, "") : members[0]?.name || "";
    };
    const tabs = h("div", { class: "unittabs", role: "group", "aria-label": "units with orders" },
      [...units.keys()].map((unit) => h("button", { class: `unittab${unit === chosen ? " on" : ""}`,
        "aria-pressed": unit === chosen ? "true" : "false", "data-unit": unit, title: name(unit),
        onclick: () => {
          this.unitChoice = unit;
          this.map.selectUnit(unit, this.msg.acting_as);
          this.renderPrompt();
        } }, unit)));
    const blocks = [...units.get(chosen).entries()].filter(([, verbs]) => verbs.size).map(([subject, verbs]) => {
      const figure = figures.get(subject);
      const title = figure ? `${subject} ${figure.name}` : `${subject} ${name(subject)}`;
      return h("div", { class: "subject", "data-subject": subject }, h("h4", {}, title),
        [...verbs.entries()].map(([verb, list]) => this.verbRow(verb, list)));
    });
    const box = h("div", { class: "orders" },
      h("p", { class: "hint" }, "Pick a unit here, or a figure or a unit's mark on the table:"),
      tabs, blocks, this.pickRow(actions));
    return { box, rest };
  }

  // Hand-picking figures to move together: a toggle (ctrl-click does the same on the table),
  // how many are picked, and a way to let go of them.
  pickRow(actions) {
    const table = this.map;
    if (!actions.some((a) => /^move \S+ /.test(a))) return null;
    const n = table.picked.size;
    return h("div", { class: "verb pickrow" },
      h("button", { class: "small pick", "aria-pressed": String(table.picking),
        title: "click figures to pick them (or ctrl-click), then click the table: they all move by the same step",
        onclick: () => table.setPicking(!table.picking) }, "Pick figures"),
      h("span", { class: "muted", "aria-live": "polite" }, n
        ? `${n} picked: click the table where their middle should go.`
        : table.picking ? "Click figures that may move." : "Or ctrl-click figures to move several together."),
      n ? h("button", { class: "small", onclick: () => table.setPicking(false) }, "Let go") : null);
  }

  // One verb of one unit: a compass when its words are directions (and distances), else a
  // short button per remaining word(s); a verb with nothing more is one button.
  verbRow(verb, list) {
    const rests = list.map((a) => a.split(/\s+/).slice(2));
    const button = (action, text, extra = {}) => h("button", { class: "act small", "data-action": action,
      title: describe(action, this.pieces), onclick: () => this.act(action), ...extra }, text);
    if (rests.every((r) => !r.length)) return h("div", { class: "verb" }, button(list[0], capital(words(verb))));
    const label = h("span", { class: "vlabel" }, `${capital(words(verb))}:`);
    if (rests.every((r) => COMPASS.includes(r[0]) && r.length <= 2)) {
      const distances = [...new Set(rests.map((r) => r[1]).filter(Boolean))];
      if (!distances.includes(this.distanceChoice)) this.distanceChoice = distances[0];
      const byDir = new Map();
      list.forEach((a, i) => {
        if (!rests[i][1] || rests[i][1] === this.distanceChoice) byDir.set(rests[i][0], a);
      });
      const rose = h("div", { class: "compass", role: "group", "aria-label": `${words(verb)}: direction` },
        COMPASS_GRID.map((dir) => (dir && byDir.has(dir)
          ? button(byDir.get(dir), dir, { "aria-label": `${words(verb)} ${COMPASS_NAMES[dir]}` })
          : h("span", { class: dir ? "off" : "hub" }, dir ? dir : "·"))));
      const pick = distances.length > 1 ? h("div", { class: "distance", role: "radiogroup", "aria-label": "distance" },
        distances.map((d) => h("label", {}, h("input", { type: "radio", name: `distance-${verb}`, value: d,
          checked: d === this.distanceChoice,
          onchange: () => { this.distanceChoice = d; this.renderPrompt(); } }), ` ${d}`))) : null;
      return h("div", { class: "verb compassrow" }, label, rose, pick);
    }
    return h("div", { class: "verb" }, label, list.map((a, i) => button(a, rests[i].join(" "))));
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
  // large and the rest under it. A roll with no defence strength (defense fire, bombardment)
  // shows the strength alone.
  fireBox(fire) {
    const firers = fire.firers.length ? fire.firers.join(", ") : "none yet: click your units in range";
    const odds = String(fire.odds);
    const [lead, ...rest] = odds.length > 10 ? odds.split(" ") : [odds];
    return h("div", { class: "fire" },
      h("div", { class: "odds" }, h("b", {}, lead), rest.length ? h("small", {}, rest.join(" ")) : null),
      h("dl", {},
        h("dt", {}, "Target"), h("dd", {}, this.hexText(fire.target)),
        h("dt", {}, "Firing"), h("dd", {}, firers),
        h("dt", {}, "Strength"), h("dd", {}, fire.defense == null ? String(fire.strength)
          : `${fire.strength} against defence ${fire.defense}`)));
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
    const face = (item) => (item.card ? this.cardFace(item.card, item.note) : lines(item.label));
    const items = (panel.items || []).map((item) => {
      const actions = this.itemActions(item);
      const cls = item.card ? "cardslot" : "";
      if (actions.length === 1 && actions[0].split(/\s+/).length < 3) {
        return h("li", { class: cls }, h("button", { class: "act", "data-action": actions[0],
          onclick: () => this.act(actions[0]) }, face(item)));
      }
      if (!actions.length) return h("li", { class: cls }, face(item));
      return h("li", { class: `choices ${cls}` }, h("div", { class: "label" }, face(item)),
        h("div", { class: "buttons" }, item.card ? h("span", { class: "muted" }, "Place in sector") : null,
          actions.map((a) => h("button", { class: "act small",
            "data-action": a, title: describe(a, this.pieces), onclick: () => this.act(a) },
          a.split(/\s+/).at(-1)))));
    });
    const cards = (panel.items || []).some((i) => i.card);
    return h("div", { class: `gpanel${cards ? " cards" : ""}` }, h("h3", {}, panel.title),
      items.length ? h("ul", {}, items) : h("p", { class: "muted" }, "none"));
  }

  // A command card as printed: number, title and deviation across the top, then its three
  // orders (active, reactive, general), each a movement order, machine-gun fire and keywords.
  cardFace(card, note) {
    const order = (key, name) => {
      const o = card.orders?.[key];
      if (!o) return null;
      const move = o.move ? `${o.move}${o.n ? ` ${o.n}` : ""}` : "";
      return h("div", { class: `order ${key}` }, h("b", { class: "okind", title: `${name} order` }, name[0]),
        h("span", { class: "omove" }, move), h("span", { class: "omg", title: "machine-gun fire" }, `MG ${o.mg ?? 0}`),
        h("span", { class: "okeys" }, (o.keywords || []).join(" · ")));
    };
    return h("div", { class: `card ${card.side || ""}` },
      h("div", { class: "chead" }, h("span", { class: "cno" }, card.id),
        h("span", { class: "ctitle" }, card.title),
        card.deviation ? h("span", { class: "cdev", title: "artillery deviation (5.5)" }, card.deviation) : null),
      note ? h("div", { class: "cnote" }, note) : null,
      order("active", "Active"), order("reactive", "Reactive"), order("general", "General"));
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
    if (!this.hexMap) return; // only a hex map has stacks to open
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
      const colours = this.hexMap?.unitStyle(u, stack?.side || u.side) || {};
      return h("li", { class: `unit ${u.side}${u.done ? " done" : ""}` },
        h("span", { class: "face", style: `background:${colours.fill};color:${colours.ink}` }, this.valuesOf(u)),
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

  // The turn and phase track across the top, as printed on the map: the turn, then every
  // phase of the sequence of play with the current one lit.
  renderTrack() {
    const o = this.obs;
    const phases = this.board?.phases || [];
    const current = o.phase?.index;
    const turns = o.scenario?.turns || this.board?.turns;
    const turn = o.turn ? `Turn ${o.turn}${turns ? ` of ${turns}` : ""}` : "Set-up";
    this.el.phases.replaceChildren(
      h("span", { class: "turnbox" }, turn, o.turn && o.date ? h("small", {}, o.date) : null),
      phases.length
        ? h("ol", {}, phases.map((p, i) => h("li", { class: i === current ? "now" : "",
          "aria-current": i === current ? "step" : null, title: p.title },
          h("b", {}, p.numeral ?? i + 1), h("span", {}, ` ${p.title}`))))
        : h("span", { class: "phasename" }, o.phase?.title || ""));
    // the current phase in the middle of the strip (scrolling the strip only, never the page)
    const now = this.el.phases.querySelector("li.now");
    if (now) {
      const strip = this.el.phases;
      strip.scrollLeft = now.offsetLeft - (strip.clientWidth - now.offsetWidth) / 2;
    }
  }

  renderDetails() {
    const o = this.obs;
    const rows = [];
    for (const [key, value] of Object.entries(o)) {
      if (KNOWN_KEYS.has(key) || value === null || value === undefined) continue;
      const text = this.detailText(value);
      if (text !== null) rows.push(h("dt", {}, words(key)), h("dd", {}, text));
    }
    // A game with panels says in them, in its own words, all a player needs; the raw list of
    // the observation's other fields is only for a game that has none.
    this.el.details.hidden = !rows.length || (o.panels || []).length > 0;
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

  // The log, oldest first and newest last, in groups that open at each "turn ..." entry (or
  // the board's own log_heading pattern): the current group open, earlier ones folded.
  // Every rule number is a button that shows the rule's text.
  renderLog() {
    const list = this.el.log;
    const changed = this.logChangedFrom ?? 0;
    this.logChangedFrom = null;
    if (this.logDrawn === this.log.length && changed >= this.log.length) return;
    const heading = new RegExp(this.board?.log_heading || "^turn \\d", "i");
    const first = Math.max(0, this.log.length - LOG_SHOWN);
    const groups = [];
    let group = { title: first ? "Earlier" : "Before the first turn", items: [] };
    for (const entry of this.log.slice(first)) {
      if (heading.test(entry.text) && group.items.length) {
        groups.push(group);
        group = { title: entry.text, items: [] };
      } else if (heading.test(entry.text)) {
        group.title = entry.text;
      }
      group.items.push(entry);
    }
    groups.push(group);
    const open = new Set([...list.querySelectorAll("details[open]")].map((d) => d.dataset.title));
    const item = (entry) => logItem(entry, (text) => this.named(text));
    list.replaceChildren(...groups.map((g, i) => h("li", { class: "loggroup" },
      h("details", { open: i === groups.length - 1 || open.has(g.title), "data-title": g.title },
        h("summary", {}, this.named(g.title)), h("ol", {}, g.items.map(item))))));
    this.logDrawn = this.log.length;
    if (this.logFollows) list.scrollTop = list.scrollHeight;
  }

  // A rule's text from the rulebook, beside the number clicked (the server reads the
  // rulebooks when they are installed; otherwise the number is all there is).
  async showRule(number, anchor) {
    const pop = this.el.rule;
    if (!this.rules) {
      this.rules = api.rules(this.msg.game.game).then((r) => r.rules).catch(() => ({}));
    }
    const rules = await this.rules;
    const rule = rules[number] || rules[number.split(".").slice(0, 2).join(".")] || rules[number.split(".")[0]];
    pop.replaceChildren(
      h("button", { class: "close", title: "close", onclick: () => { pop.hidden = true; } }, "×"),
      h("h4", {}, `Rule ${number}`),
      rule
        ? h("div", { class: "ruletext" }, rule.text.split(/\n+/).map((p) => h("p", {}, p)))
        : h("p", { class: "muted" }, "The rulebook text is not installed on this server."));
    pop.hidden = false;
    const box = anchor.getBoundingClientRect();
    const width = Math.min(420, window.innerWidth - 16);
    pop.style.width = `${width}px`;
    pop.style.left = `${Math.max(8, Math.min(box.left - width - 8, window.innerWidth - width - 8))}px`;
    pop.style.top = `${Math.max(8, Math.min(box.top - 40, window.innerHeight - pop.offsetHeight - 8))}px`;
    if (box.left - width - 8 < 8) {
      pop.style.left = "8px";
      pop.style.top = `${Math.min(box.bottom + 6, window.innerHeight - pop.offsetHeight - 8)}px`;
    }
    document.body.dataset.rule = number;
  }

  // The end of the game: who won, why, and the score where the game keeps one.
  renderEnd() {
    const o = this.obs;
    if (!o.winner || this.endDismissed) return;
    const you = this.msg.seat.side;
    const headline = you ? (o.winner === you ? "Victory" : "Defeat") : `${this.sideName(o.winner)} wins`;
    const score = o.points && typeof o.points === "object"
      ? h("table", { class: "score" }, h("tbody", {}, Object.entries(o.points).map(([side, n]) =>
        h("tr", { class: side === o.winner ? "won" : "" }, h("th", {}, this.sideName(side)), h("td", {}, String(n))))))
      : null;
    this.el.overlay.hidden = false;
    this.el.overlay.replaceChildren(h("div", { class: "dialog end", role: "dialog" },
      h("h2", {}, headline),
      you ? h("p", { class: "winner" }, `${this.sideName(o.winner)} wins.`) : null,
      h("p", { class: "cause" }, o.end ? `${this.named(o.end.cause)} (rule ${o.end.rule}).` : ""),
      h("p", { class: "muted" }, [o.turn ? `Turn ${o.turn}` : "", o.phase?.title || "",
        `${this.msg.ply} actions`].filter(Boolean).join(" · ")),
      score,
      h("div", { class: "buttons" },
        h("button", { onclick: () => { this.endDismissed = true; this.el.overlay.hidden = true; } }, "Look at the map"),
        h("button", { onclick: () => this.downloadRecord() }, "Save the record"),
        h("a", { class: "button primary", href: "/" }, "New game"))));
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

  // What is under the pointer: the hex, its units; and, while the player is choosing a hex,
  // why a hex that is not lit cannot be chosen (asked of the server once per position).
  showHover(hex) {
    if (!hex) return this.el.hover.replaceChildren();
    const units = unitsAt(this.obs, hex.id);
    const stack = (this.obs.stacks || []).find((s) => s.hex === hex.id);
    const hidden = stack && stack.count > units.length ? ` +${stack.count - units.length} hidden` : "";
    const unitText = units.length || hidden
      ? ` · ${units.map((u) => `${u.name || u.id} ${this.valuesOf(u)}`).join(", ")}${hidden}`
      : "";
    const line = h("div", {}, `${this.hexText(hex.id)}${unitText}`);
    this.el.hover.replaceChildren(line);
    const pattern = this.pattern();
    if (!this.acting || !pattern || pattern.hexes.has(hex.id) || this.hexOptions(hex.id).length) return;
    const id = hex.id;
    this.whyNot(id).then((reason) => {
      if (reason && this.hexMap?.hovered === id) {
        this.el.hover.replaceChildren(line, h("div", { class: "why" }, `✕ ${reason}`));
      }
    });
  }

  hexText(id) {
    const hex = this.hexMap?.hexes.get(id);
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

  // A click on a hex: the one thing it can mean is done; several open a menu beside the
  // pointer; none asks the server why not and says so.
  async clickHex(hex) {
    if (!this.msg || this.handover) return;
    this.selected = hex;
    document.body.dataset.selected = hex; // page state: which hex the last click chose
    this.error = null;
    this.hexMap?.setCursor(null);
    const c = this.classified;
    const pattern = this.pattern();
    const options = this.hexOptions(hex);
    // the chosen group of hex actions decides, unless the hex offers a few other things too
    // (then a menu shows them all); among very many (a unit to set up of dozens), the group
    // chosen in the prompt does
    if (pattern?.hexes.has(hex) && (this.patternChosen || options.length === 1 || options.length > MENU_MOST)) {
      return this.act(pattern.hexes.get(hex));
    }
    const units = unitsAt(this.obs, hex).filter((u) => c.unitActions.has(u.id));
    const ownPattern = units.length === 1 ? unitPattern(c, units[0].id) : -1;
    if (ownPattern >= 0) {
      this.patternIndex = ownPattern; // selected: its destinations light up; stay is a button
      return this.render();
    }
    if (options.length === 1) {
      const other = c.patterns.findIndex((p) => p.hexes.has(hex));
      if (other >= 0) this.patternIndex = other;
      return this.act(options[0]);
    }
    this.render();
    if (options.length > 1) return this.openMenu(hex, options);
    if (units.length || this.msg.seat.role === "spectator") return;
    if (!this.acting) {
      const waiting = (this.obs.to_act || []).map((side) => this.sideName(side)).join(", ");
      if (waiting) this.showError(`Not your turn: waiting for ${waiting}.`);
      return;
    }
    const reason = await this.whyNot(hex);
    if (reason) this.showError(reason);
  }

  // Why a click on this hex would be refused, from the server (asked once per position).
  async whyNot(hex) {
    const c = this.classified;
    const own = unitsAt(this.obs, hex).filter((u) => u.side === this.msg.acting_as).map((u) => u.id);
    const guess = guessAction(c, this.pattern(), hex, own);
    if (!guess) return null;
    const key = `${this.msg.ply}|${guess}`;
    this.reasons ??= new Map();
    if (!this.reasons.has(key)) {
      this.reasons.set(key, api.explain(this.token, guess)
        .then((answer) => (answer.legal ? null : answer.reason))
        .catch((error) => error.message));
    }
    return this.reasons.get(key);
  }

  // The menu of a hex that allows several actions, beside the pointer (or the hex).
  openMenu(hex, options) {
    const menu = this.el.menu;
    const box = this.el.mapBox.getBoundingClientRect();
    const at = this.pointer || { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    menu.replaceChildren(h("div", { class: "menutitle" }, this.hexText(hex)),
      ...options.map((a) => h("button", { class: "act", role: "menuitem", "data-action": a,
        onclick: () => { this.closeMenu(); this.act(a); } }, describe(a, this.pieces))),
      h("button", { class: "cancel", role: "menuitem", onclick: () => this.closeMenu() }, "Cancel"));
    menu.hidden = false;
    menu.dataset.hex = hex;
    const width = menu.offsetWidth;
    const height = menu.offsetHeight;
    menu.style.left = `${Math.min(Math.max(4, at.x - box.left + 12), box.width - width - 4)}px`;
    menu.style.top = `${Math.min(Math.max(4, at.y - box.top + 12), box.height - height - 4)}px`;
    menu.querySelector("button")?.focus();
  }

  closeMenu() {
    if (this.el.menu.hidden) return;
    this.el.menu.hidden = true;
    this.el.menu.replaceChildren();
  }

  // Keys: [ and ] step a cursor through the hexes that hold a choice, Enter chooses there,
  // Escape closes menus; the map itself takes arrows, + and - (see MapView).
  key(e) {
    if (e.target.closest?.("input, select, textarea") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Escape") {
      this.closeMenu();
      this.el.rule.hidden = true;
      return;
    }
    if (!this.hexMap || !this.msg || this.handover) return;
    if ((e.key === "u" || e.key === "U") && this.obs.can_undo && !e.target.closest?.("button")) {
      e.preventDefault();
      this.undo();
    } else if (e.key === "[" || e.key === "]") {
      const marks = this.marks();
      const hexes = [...new Set([...marks.targets, ...marks.units])];
      if (!hexes.length) return;
      const at = hexes.indexOf(this.map.cursor);
      const next = at < 0 ? 0 : (at + (e.key === "]" ? 1 : hexes.length - 1)) % hexes.length;
      this.map.setCursor(hexes[next]);
      this.showHover(this.map.hexes.get(hexes[next]));
      e.preventDefault();
    } else if (e.key === "Enter" && this.map.cursor && e.target.closest?.("svg.map, body") && !e.target.closest("button, a")) {
      const box = this.el.mapBox.getBoundingClientRect();
      this.pointer = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      const hex = this.map.cursor;
      e.preventDefault();
      this.clickHex(hex);
    }
  }

  // An action that loses something the player might still use asks first (the prompt's
  // `confirm`: action or verb -> what would be lost).
  async act(action, confirmed = false) {
    const warn = this.obs.prompt?.confirm;
    const loss = warn && (warn[action] || warn[action.split(/\s+/)[0]]);
    if (loss && !confirmed) return this.ask(loss, "Go ahead", () => this.act(action, true));
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

  // Several actions one after the other (a hand-picked group's moves), stopping at the first
  // that is refused or asks a question.
  async actInTurn(actions) {
    for (const action of actions) {
      const before = this.msg.ply;
      await this.act(action);
      if (this.msg.ply === before) return;
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
    this.ask("Concede the game? Your opponent wins at once.", "Concede", () => this.act("concede", true));
  }

  // A question before something is lost: the overlay with the loss spelled out, and two
  // buttons; nothing happens unless the player confirms.
  ask(text, yes, then) {
    this.el.overlay.hidden = false;
    this.asking = this.msg.ply;
    const close = () => {
      this.asking = null;
      this.el.overlay.hidden = true;
      this.el.overlay.replaceChildren();
    };
    this.el.overlay.replaceChildren(h("div", { class: "dialog confirm", role: "alertdialog" },
      h("h2", {}, "Are you sure?"), h("p", {}, text),
      h("div", { class: "buttons" },
        h("button", { class: "primary", onclick: () => { close(); then(); } }, yes),
        h("button", { class: "cancel", onclick: close }, "Cancel"))));
    this.el.overlay.querySelector("button.primary").focus();
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

function logItem(entry, named) {
  const dice = entry.dice
    ? h("span", { class: "dice", title: `dice ${entry.dice.join(", ")}` },
      entry.dice.map((d) => DIE_FACES[d] || `[${d}]`).join(""))
    : null;
  const rule = entry.rule
    ? h("button", { class: "rule", "data-rule": entry.rule, title: `rule ${entry.rule}: show its text` }, entry.rule)
    : h("span", { class: "rule" });
  return h("li", {}, rule, dice, " ", named(entry.text));
}

function sameEntry(a, b) {
  return a.rule === b.rule && a.text === b.text && String(a.dice) === String(b.dice);
}

function capital(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
