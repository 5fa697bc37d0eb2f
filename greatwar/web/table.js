// The open table in SVG, for games whose board description is "greatwar-table" (the trenches
// game: greatwar/games/trenches/board.py). Everything is measured in inches on screen; the
// server speaks tenths of an inch, x east and y toward the Germans, so y is flipped here and
// the French stand at the bottom. Drawn once: the table, the terrain shapes, the scale ruler.
// Drawn on every observation: wire (cut sections fade), clouds with their next 12" drift, the
// wind, the last shells (aim, scatter line, blast), the strafing tape, the figures, the
// selected figure's range circles and reach area, the game master's event.
//
// Legibility: the table opens zoomed on the figures of the side to play that have a choice
// (at least MIN_PX_PER_INCH screen pixels an inch, so a rifleman is some 20 px across and its
// letter readable), figures never shrink below MIN_FIGURE_PX on screen, and every unit
// (regiment, line garrison, tank) has a mark of constant screen size (>= 40 px wide) over its
// leader or its middle, naming it and counting its figures.
//
// Clicks: a figure selects it (or, with a figure selected, shoots at it when the rules offer
// that shot: its lines of fire are drawn); the table moves the selected figure to that point
// (`move F12 305 410`), or aims a bombardment there; a figure that may move can also be
// dragged to its place; shift-click twice lays the airplane's tape. Ctrl-click (or the
// prompt's "Pick figures") hand-picks figures; a click on the table then moves them all by
// the same step, one move each.

const SVG = "http://www.w3.org/2000/svg";
const TERRAIN_STYLE = {
  trench: { fill: "#7a6446", stroke: "#4e3c27", width: 0.12 },
  communication: { fill: "#8d7757", stroke: "#5e4a30", width: 0.08 },
  bunker: { fill: "#6b6b6b", stroke: "#303030", width: 0.15 },
  wire: { fill: "url(#tbl-wire)", stroke: "#555", width: 0.05 },
  shell_hole: { fill: "#a08b6a", stroke: "#6e5a3e", width: 0.1 },
  woods: { fill: "#6f9256", stroke: "#4a6a36", width: 0.1 },
  ruins: { fill: "#a39b8c", stroke: "#6d665a", width: 0.1 },
};
const LETTER = { leader: "L", elite: "E", hq: "HQ", mg: "M", mortar: "m", gun: "G" };
const TANKS = new Set(["schneider", "whippet", "stchamond", "a7v"]);
const RANGE = { rifle: ["rifle"], leader: ["rifle"], elite: ["rifle"], hq: ["rifle"], mg: ["mg"],
  mortar: ["mortar"], gun: ["ap"], schneider: ["mg", "ap"], whippet: ["mg"],
  stchamond: ["mg", "ap"], a7v: ["mg", "ap"] };

const MIN_PX_PER_INCH = 22; // the opening view: a rifleman (0.8") about 18 px across
const MIN_VIEW = 18; // inches across, at the least, of the opening view
const MIN_FIGURE_PX = 12; // a figure is never drawn smaller than this on screen
const MARK = { w: 46, h: 24 }; // a unit's mark, in screen pixels

function el(tag, attrs = {}, parent = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.append(node);
  return node;
}

export class TableView {
  constructor(container, board, { act, actMany = null, sideName = (s) => s, onSelect = () => {} }) {
    this.board = board;
    this.act = act;
    // several actions in turn, stopping at the first refused (PlayScreen.actInTurn)
    this.actMany = actMany || (async (list) => { for (const a of list) await act(a); });
    this.picked = new Set(); // figures hand-picked to move together (ctrl-click, or pick mode)
    this.picking = false;
    this.sideName = sideName;
    this.onSelect = onSelect; // the figure or unit selected on the table changed
    this.W = board.width / 10;
    this.D = board.depth / 10;
    this.selected = null;
    this.tapeStart = null;
    this.sides = new Map((board.sides || []).map((s) => [s.id, s]));
    this.svg = el("svg", { class: "table-view", role: "application",
      style: "width: 100%; height: 100%; touch-action: none" });
    // the turn and its Fortune of War, over the table's top edge at every zoom and pan
    this.caption = document.createElement("div");
    this.caption.className = "tbl-event";
    this.caption.setAttribute("role", "note");
    container.replaceChildren(this.svg, this.caption);
    this.view = [-2, -4, this.W + 4, this.D + 8];
    this.setView();
    this.drawStatic();
    this.bindPointer();
  }

  // --- coordinates ---------------------------------------------------------------------------

  sx(x) { return x / 10; }
  sy(y) { return this.D - y / 10; }

  toTable(evt) {
    const pt = this.svg.createSVGPoint();
    [pt.x, pt.y] = [evt.clientX, evt.clientY];
    const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
    return [Math.round(p.x * 10), Math.round((this.D - p.y) * 10)];
  }

  points(list) {
    return list.map(([x, y]) => `${this.sx(x).toFixed(2)},${this.sy(y).toFixed(2)}`).join(" ");
  }

  setView() {
    this.svg.setAttribute("viewBox", this.view.map((v) => v.toFixed(2)).join(" "));
    const [w, h] = [this.svg.clientWidth, this.svg.clientHeight];
    const px = w && h ? Math.min(w / this.view[2], h / this.view[3]) : 0;
    if (px && Math.abs(px - (this.pxPerInch || 0)) > 1e-6) {
      this.pxPerInch = px;
      this.svg.dataset.pxPerInch = px.toFixed(1); // for scripts and the browser tests
      if (this.obs) this.render(this.obs); // marks and letters keep their screen size
    }
  }

  fit() {
    this.view = [-2, -4, this.W + 4, this.D + 8];
    this.setView();
  }

  zoom(factor, cx = null, cy = null) {
    const [x, y, w, h] = this.view;
    const [px, py] = cx === null ? [x + w / 2, y + h / 2] : [cx, cy];
    this.view = [px - (px - x) * factor, py - (py - y) * factor, w * factor, h * factor];
    this.setView();
  }

  // The opening view: the given figures (those with a choice, say), as close as they fit,
  // never farther than MIN_PX_PER_INCH; when they are too spread out for that, the window
  // holding most of them. No figures: the whole table.
  focus(ids = []) {
    const points = ids.map((id) => this.figure(id)).filter((f) => f && f.x >= 0 && f.y >= 0)
      .map((f) => [this.sx(f.x), this.sy(f.y)]);
    const [cw, ch] = [this.svg.clientWidth, this.svg.clientHeight];
    if (!points.length || !cw || !ch) return this.fit();
    const aspect = cw / ch;
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    let w = Math.max(...xs) - Math.min(...xs) + 6;
    let h = Math.max(...ys) - Math.min(...ys) + 6;
    if (w / h < aspect) w = h * aspect;
    else h = w / aspect;
    const most = Math.max(cw / MIN_PX_PER_INCH, MIN_VIEW); // a phone still sees a regiment
    let [cx, cy] = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    if (w > most) {
      [w, h] = [most, most / aspect];
      [cx, cy] = busiest(points, w - 4, h - 4);
    }
    // stay over the table where the window is smaller than it
    const [x0, y0] = [-2, -4];
    const [x1, y1] = [this.W + 2, this.D + 2.2]; // the French edge and the ruler at the foot
    cx = w < x1 - x0 ? Math.min(Math.max(cx, x0 + w / 2), x1 - w / 2) : (x0 + x1) / 2;
    cy = h < y1 - y0 ? Math.min(Math.max(cy, y0 + h / 2), y1 - h / 2) : (y0 + y1) / 2;
    this.view = [cx - w / 2, cy - h / 2, w, h];
    this.setView();
  }

  // Bring the given figures into view when one of them is outside it.
  reveal(ids) {
    const [x, y, w, h] = this.view;
    const out = ids.map((id) => this.figure(id)).filter((f) => f && f.x >= 0 && f.y >= 0)
      .some((f) => this.sx(f.x) < x || this.sx(f.x) > x + w || this.sy(f.y) < y || this.sy(f.y) > y + h);
    if (out) this.focus(ids);
  }

  // Inches on the table for a length of `px` screen pixels at the present zoom.
  inches(px) {
    return px / (this.pxPerInch || 10);
  }

  // --- what never changes --------------------------------------------------------------------

  drawStatic() {
    const defs = el("defs", {}, this.svg);
    defs.innerHTML = `<pattern id="tbl-wire" width="0.6" height="0.6" patternUnits="userSpaceOnUse">
      <path d="M0 0L0.6 0.6M0.6 0L0 0.6" stroke="#333" stroke-width="0.05"/></pattern>
      <marker id="tbl-arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4"
        orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#2b5c8a"/></marker>`;
    this.ground = el("rect", { x: 0, y: 0, width: this.W, height: this.D, class: "tbl-ground",
      fill: "#c9b98f" }, this.svg);
    el("rect", { x: 0, y: this.sy(this.board.french_start), width: this.W,
      height: this.board.french_start / 10, fill: "#5b7fbf", opacity: 0.12 }, this.svg);
    this.terrainLayer = el("g", { class: "tbl-terrain" }, this.svg);
    for (const t of this.board.terrain) {
      const style = TERRAIN_STYLE[t.kind] || TERRAIN_STYLE.ruins;
      const shape = el("polygon", { points: this.points(t.points), fill: style.fill,
        stroke: style.stroke, "stroke-width": style.width, "data-terrain": t.id,
        class: `tbl-${t.kind}` }, this.terrainLayer);
      el("title", {}, shape).textContent = `${t.id} (${t.kind.replace("_", " ")})`;
    }
    this.ruler();
    this.dynamic = el("g", { class: "tbl-dynamic" }, this.svg);
  }

  ruler() {
    const g = el("g", { class: "tbl-ruler" }, this.svg);
    const y = this.D + 1.2;
    el("line", { x1: 0, y1: y, x2: 12, y2: y, stroke: "#222", "stroke-width": 0.15 }, g);
    for (let i = 0; i <= 12; i++) {
      const tall = i % 6 === 0 ? 0.8 : 0.4;
      el("line", { x1: i, y1: y - tall, x2: i, y2: y, stroke: "#222", "stroke-width": 0.08 }, g);
    }
    el("text", { x: 13, y: y + 0.3, "font-size": 0.9 }, g).textContent = "12 inches";
  }

  // --- every observation ---------------------------------------------------------------------

  render(observation) {
    const obs = { ...observation, ...(observation.table || {}) };
    this.obs = obs;
    this.legal = obs.legal_actions || [];
    for (const id of this.picked) if (!this.canMove(id)) this.picked.delete(id);
    this.svg.dataset.picked = [...this.picked].join(" ");
    this.svg.dataset.movers = [...new Set(this.legal.filter((a) => a.startsWith("move "))
      .map((a) => a.split(" ")[1]))].join(" "); // for scripts: the figures that may move
    const g = this.dynamic;
    g.replaceChildren();
    const cut = new Set(obs.wire_cut || []);
    for (const node of this.terrainLayer.querySelectorAll(".tbl-wire")) {
      node.setAttribute("opacity", cut.has(node.dataset.terrain) ? 0.15 : 1);
    }
    this.drawLines(g, obs);
    this.drawClouds(g, obs);
    this.drawShells(g, obs);
    this.drawTape(g, obs);
    this.drawSelection(g, obs);
    this.drawFigures(g, obs);
    this.drawBanner(g, obs);
  }

  drawLines(g, obs) {
    for (const [line, owner] of Object.entries(obs.lines || {})) {
      const p = this.board.objectives[`L${line}W`];
      if (!p) continue;
      el("text", { x: 0.5, y: this.sy(p[1]) - 1, "font-size": Math.max(0.9, this.inches(14)),
        fill: owner === "french" ? "#1d3f7a" : "#3d3d26" }, g).textContent =
        `Line ${line}: ${this.sideName(owner)}`;
    }
  }

  drawClouds(g, obs) {
    const r = this.board.cloud_radius / 10;
    const [dx, dy] = this.board.wind[obs.wind] || [0, 0];
    const drift = this.board.drift / 10;
    for (const c of obs.clouds || []) {
      const [x, y] = [this.sx(c.x), this.sy(c.y)];
      el("circle", { cx: x, cy: y, r, class: `tbl-cloud ${c.kind}`,
        fill: c.kind === "gas" ? "#b7c94a" : "#e8e8e8", opacity: 0.55 }, g);
      el("line", { x1: x, y1: y, x2: x + dx * drift, y2: y - dy * drift, stroke: "#2b5c8a",
        "stroke-width": 0.12, "stroke-dasharray": "0.4 0.3", "marker-end": "url(#tbl-arrow)" }, g);
    }
    // The wind: an arrow under the table's corner, the way clouds drift 12" next turn.
    const [ox, oy] = [this.W - 6, this.D + 1.4];
    el("line", { x1: ox, y1: oy, x2: ox + dx * 4, y2: oy - dy * 4, stroke: "#2b5c8a",
      "stroke-width": 0.25, "marker-end": "url(#tbl-arrow)" }, g);
    el("text", { x: ox - 5, y: oy + 0.4, "font-size": 1.1, "text-anchor": "end" }, g).textContent =
      `wind from the French ${obs.wind}`;
  }

  drawShells(g, obs) {
    const blast = this.board.blast / 10;
    for (const s of obs.shells || []) {
      const [ax, ay, lx, ly] = [this.sx(s.aim[0]), this.sy(s.aim[1]), this.sx(s.landed[0]),
        this.sy(s.landed[1])];
      el("line", { x1: ax, y1: ay, x2: lx, y2: ly, stroke: "#8a1c1c", "stroke-width": 0.08,
        "stroke-dasharray": "0.3 0.2", class: "tbl-scatter" }, g);
      el("path", { d: `M${ax - 0.4} ${ay - 0.4}L${ax + 0.4} ${ay + 0.4}M${ax - 0.4} ${ay + 0.4}`
        + `L${ax + 0.4} ${ay - 0.4}`, stroke: "#8a1c1c", "stroke-width": 0.1 }, g);
      el("circle", { cx: lx, cy: ly, r: s.kind === "he" ? blast : 0.5, class: `tbl-shell ${s.kind}`,
        fill: s.kind === "he" ? "#f2f2f2" : "none", stroke: "#8a1c1c", "stroke-width": 0.08,
        opacity: 0.9 }, g);
    }
  }

  drawTape(g, obs) {
    const t = obs.strafe || [];
    if (t.length === 4) {
      el("line", { x1: this.sx(t[0]), y1: this.sy(t[1]), x2: this.sx(t[2]), y2: this.sy(t[3]),
        stroke: "#c23b22", "stroke-width": 1, opacity: 0.35, class: "tbl-tape" }, g);
    }
    if (this.tapeStart) {
      el("circle", { cx: this.sx(this.tapeStart[0]), cy: this.sy(this.tapeStart[1]), r: 0.6,
        fill: "#c23b22" }, g);
    }
  }

  figure(id) {
    return (this.obs?.figures || []).find((f) => f.id === id) || null;
  }

  drawSelection(g, obs) {
    const f = this.selected && this.figure(this.selected);
    if (!f) return;
    const [x, y] = [this.sx(f.x), this.sy(f.y)];
    const ranges = this.board.ranges;
    for (const weapon of RANGE[f.kind] || []) {
      const reach = ranges[weapon];
      for (const r of Array.isArray(reach) ? reach : [reach]) {
        el("circle", { cx: x, cy: y, r: r / 10, fill: "none", stroke: "#8a1c1c",
          "stroke-width": 0.1, "stroke-dasharray": "0.5 0.3", class: "tbl-range" }, g);
      }
    }
    // Reach: how far each figure of the group may still move (their own moves' circles).
    const allow = (obs.moves || {})[f.group] || 0;
    if (allow > 0) {
      const group = (obs.figures || []).filter((o) => o.group === f.group && o.side === f.side
        && !(o.flags || []).some((k) => k === "moved" || k === "fired"));
      for (const o of group) {
        el("circle", { cx: this.sx(o.x), cy: this.sy(o.y), r: allow / 10, fill: "#3a7d44",
          opacity: 0.07, class: "tbl-reach" }, g);
      }
    }
    // Lines of fire: to every figure the rules let the selected one shoot at now.
    for (const action of this.legal) {
      const w = action.split(" ");
      const target = w.length === 3 && w[1] === f.id ? this.figure(w[2]) : null;
      if (target) {
        el("line", { x1: x, y1: y, x2: this.sx(target.x), y2: this.sy(target.y), stroke: "#8a1c1c",
          "stroke-width": 0.1, opacity: 0.7, class: "tbl-fireline", "data-action": action }, g);
      }
    }
    const leader = (obs.figures || []).find((o) => o.group === f.group && (o.flags || []).includes("leader"));
    if (leader) {
      el("circle", { cx: this.sx(leader.x), cy: this.sy(leader.y), r: ranges.leader / 10,
        fill: "none", stroke: "#1d3f7a", "stroke-width": 0.12, class: "tbl-leader" }, g);
    }
  }

  drawFigures(g, obs) {
    const least = this.inches(MIN_FIGURE_PX) / 2; // the smallest radius drawn
    const selectedGroup = this.selectedGroup;
    for (const f of obs.figures || []) {
      const side = this.sides.get(f.side) || { fill: "#888", ink: "#fff" };
      const [x, y] = [this.sx(f.x), this.sy(f.y)];
      const flags = new Set(f.flags || []);
      const picked = f.id === this.selected || (!this.selected && selectedGroup
        && f.group === selectedGroup && f.side === this.selectedSide);
      const node = el("g", { class: `tbl-figure ${f.side}${picked ? " selected" : ""}`,
        "data-figure": f.id, "data-group": f.group,
        opacity: flags.has("moved") || flags.has("fired") ? 0.6 : 1 }, g);
      let r;
      if (TANKS.has(f.kind)) {
        const k = Math.max(1, (2 * least) / 1.2);
        r = 1.1 * k;
        el("rect", { x: x - k, y: y - 0.6 * k, width: 2 * k, height: 1.2 * k, rx: 0.2 * k,
          fill: side.fill, stroke: "#111", "stroke-width": 0.12, class: "tbl-mark" }, node);
      } else {
        r = Math.max(f.kind === "rifle" ? 0.4 : 0.55, least);
        el("circle", { cx: x, cy: y, r, fill: side.fill, class: "tbl-mark",
          stroke: flags.has("leader") ? "#ffd23f" : "#111",
          "stroke-width": flags.has("leader") ? Math.max(0.2, r * 0.3) : Math.max(0.06, r * 0.1) }, node);
      }
      if (picked) {
        el("circle", { cx: x, cy: y, r: r + Math.max(0.35, this.inches(4)), fill: "none", stroke: "#d6336c",
          "stroke-width": Math.max(0.18, this.inches(2.5)), "pointer-events": "none" }, node);
      }
      if (this.picked.has(f.id)) {
        el("circle", { cx: x, cy: y, r: r + Math.max(0.3, this.inches(3)), fill: "none", stroke: "#e69f00",
          "stroke-width": Math.max(0.2, this.inches(3)), "pointer-events": "none", class: "tbl-picked" }, node);
      }
      if (flags.has("pinned")) {
        el("circle", { cx: x, cy: y, r: r + 0.3, fill: "none", stroke: "#b7c94a", "stroke-width": 0.15,
          "pointer-events": "none" }, node);
      }
      const letter = TANKS.has(f.kind) ? "T" : LETTER[f.kind];
      if (letter) {
        const size = Math.max(0.8, this.inches(13), r * 1.2);
        el("text", { x, y: y + size * 0.36, "font-size": size, "text-anchor": "middle", fill: side.ink,
          "font-weight": 700, "pointer-events": "none", class: "tbl-letter" }, node).textContent = letter;
      }
      el("title", {}, node).textContent = `${f.id} ${f.name} (${f.group})`
        + (flags.size ? ` · ${[...flags].join(", ")}` : "");
    }
    this.drawUnitMarks(g, obs);
  }

  // A mark per unit on the table, the same size on screen at every zoom: its id, its
  // figures' count, its side's colours; over its leader, else over its middle. A click on it
  // selects the unit.
  drawUnitMarks(g, obs) {
    const units = new Map();
    for (const f of obs.figures || []) {
      if (f.x < 0 || f.y < 0 || f.x > this.board.width || f.y > this.board.depth) continue;
      const key = `${f.side}:${f.group}`;
      if (!units.has(key)) units.set(key, { side: f.side, group: f.group, figures: [] });
      units.get(key).figures.push(f);
    }
    const k = this.inches(1); // inches per screen pixel
    const layer = el("g", { class: "tbl-units" }, g);
    for (const unit of units.values()) {
      const side = this.sides.get(unit.side) || { fill: "#888", ink: "#fff" };
      const leader = unit.figures.find((f) => (f.flags || []).includes("leader"));
      const xs = unit.figures.map((f) => this.sx(f.x));
      const ys = unit.figures.map((f) => this.sy(f.y));
      const [x, top] = leader ? [this.sx(leader.x), this.sy(leader.y)]
        : [(Math.min(...xs) + Math.max(...xs)) / 2, Math.min(...ys)];
      const chosen = unit.group === this.selectedGroup && unit.side === this.selectedSide;
      const mark = el("g", { class: `tbl-unit${chosen ? " selected" : ""}`, "data-unit": unit.group,
        "data-side": unit.side, transform: `translate(${x.toFixed(2)} ${(top - 14 * k).toFixed(2)}) scale(${k.toFixed(4)})` }, layer);
      el("rect", { x: -MARK.w / 2, y: -MARK.h, width: MARK.w, height: MARK.h, rx: 4, fill: side.fill,
        stroke: chosen ? "#d6336c" : "#111", "stroke-width": chosen ? 3 : 1.2 }, mark);
      el("text", { x: -MARK.w / 2 + 5, y: -7, "font-size": 14, "font-weight": 700, fill: side.ink }, mark)
        .textContent = unit.group;
      el("text", { x: MARK.w / 2 - 4, y: -7, "font-size": 11, "text-anchor": "end", fill: side.ink }, mark)
        .textContent = `${unit.figures.length}`;
      el("title", {}, mark).textContent = `${this.unitName(unit)} · ${unit.figures.length} figure(s)`;
    }
  }

  // A unit's name from its leader or its first figure ("1st Regiment", "MG 08 and riflemen").
  unitName(unit) {
    const leader = unit.figures.find((f) => (f.flags || []).includes("leader"));
    const name = leader?.name.replace(/^Leader /, "") || this.board.kinds?.[unit.figures[0].kind] || unit.group;
    return `${this.sideName(unit.side)} ${unit.group}: ${name}`;
  }

  drawBanner(_g, obs) {
    const event = (this.board.events || []).find((e) => e.id === obs.event);
    const text = `Turn ${obs.turn || 0} · Fortune of War: ${event ? `${event.title} (${event.text})` : obs.event}`;
    this.caption.textContent = text;
  }

  // --- pointer -------------------------------------------------------------------------------

  bindPointer() {
    let drag = null;
    // keys, as on the hex maps: arrows pan, + and - zoom, 0 the whole table
    this.svg.setAttribute("tabindex", "0");
    this.svg.setAttribute("aria-label", "the table: arrow keys pan, + and - zoom, 0 shows the whole table");
    this.svg.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const step = this.view[2] / 8;
      const pan = (dx, dy) => {
        this.view = [this.view[0] + dx, this.view[1] + dy, this.view[2], this.view[3]];
        this.setView();
      };
      const keys = { ArrowLeft: () => pan(-step, 0), ArrowRight: () => pan(step, 0),
        ArrowUp: () => pan(0, -step), ArrowDown: () => pan(0, step), "+": () => this.zoom(1 / 1.25),
        "=": () => this.zoom(1 / 1.25), "-": () => this.zoom(1.25), 0: () => this.fit() };
      if (keys[e.key]) {
        e.preventDefault();
        keys[e.key]();
      }
    });
    this.svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      const pt = this.svg.createSVGPoint();
      [pt.x, pt.y] = [e.clientX, e.clientY];
      const p = pt.matrixTransform(this.svg.getScreenCTM().inverse());
      this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, p.x, p.y);
    }, { passive: false });
    this.svg.addEventListener("pointerdown", (e) => {
      // A figure that may move is dragged to its new place; anywhere else the table pans.
      const id = e.target.closest?.("[data-figure]")?.dataset.figure;
      const figure = id && this.legal.some((a) => a.startsWith(`move ${id} `)) ? id : null;
      drag = { x: e.clientX, y: e.clientY, view: [...this.view], moved: false, figure };
    });
    this.svg.addEventListener("pointermove", (e) => {
      if (!drag) return;
      const scale = this.view[2] / (this.svg.clientWidth || 1);
      const [dx, dy] = [(e.clientX - drag.x) * scale, (e.clientY - drag.y) * scale];
      if (Math.abs(dx) + Math.abs(dy) > 0.5) drag.moved = true;
      if (drag.moved && !drag.figure) {
        this.view = [drag.view[0] - dx, drag.view[1] - dy, drag.view[2], drag.view[3]];
        this.setView();
      }
    });
    this.svg.addEventListener("pointerup", (e) => {
      const done = drag;
      drag = null;
      if (done?.moved && done.figure) {
        const [x, y] = this.toTable(e);
        this.selected = done.figure;
        const f = this.figure(done.figure);
        [this.selectedGroup, this.selectedSide] = [f?.group || null, f?.side || null];
        this.onSelect({ figure: done.figure, group: this.selectedGroup, side: this.selectedSide });
        return this.act(`move ${done.figure} ${x} ${y}`);
      }
      if (!done?.moved) this.click(e);
    });
  }

  // Select a whole unit (from its mark, or the prompt's list of units); null clears.
  selectUnit(group, side = null) {
    this.selectedGroup = group;
    this.selectedSide = side || (this.obs?.figures || []).find((f) => f.group === group)?.side || null;
    if (group) this.selected = null;
    if (this.obs) this.render(this.obs);
    if (group) {
      this.reveal((this.obs?.figures || []).filter((f) => f.group === group && f.side === this.selectedSide)
        .map((f) => f.id));
    }
  }

  canMove(id) {
    return this.legal.some((a) => a.startsWith(`move ${id} `));
  }

  // Add a figure to the hand-picked group, or take it out (only figures that may move).
  togglePick(id) {
    if (this.picked.has(id)) this.picked.delete(id);
    else if (this.canMove(id)) this.picked.add(id);
    this.selected = null;
    this.render(this.obs);
    this.onSelect({ picked: [...this.picked] });
  }

  setPicking(on) {
    this.picking = on;
    if (!on) this.picked.clear();
    if (this.obs) this.render(this.obs);
    this.onSelect({ picked: [...this.picked] });
  }

  // Move every hand-picked figure by the same step, from their middle to the point clicked,
  // so the group keeps its shape; one move each, in turn, stopping at the first refused.
  movePicked(x, y) {
    const figures = [...this.picked].map((id) => this.figure(id)).filter(Boolean);
    const cx = figures.reduce((t, f) => t + f.x, 0) / figures.length;
    const cy = figures.reduce((t, f) => t + f.y, 0) / figures.length;
    const [dx, dy] = [x - cx, y - cy];
    const moves = figures.map((f) => `move ${f.id} ${Math.round(f.x + dx)} ${Math.round(f.y + dy)}`);
    this.picked.clear();
    this.onSelect({ picked: [] });
    return this.actMany(moves);
  }

  click(e) {
    const mark = e.target.closest?.("[data-unit]");
    if (mark) {
      const group = mark.dataset.unit === this.selectedGroup ? null : mark.dataset.unit;
      this.selectUnit(group, mark.dataset.side);
      return this.onSelect({ group, side: mark.dataset.side });
    }
    const target = e.target.closest?.("[data-figure]");
    if (target) return this.clickFigure(target.dataset.figure, e);
    const [x, y] = this.toTable(e);
    if (x < 0 || y < 0 || x > this.board.width || y > this.board.depth) return;
    if (e.shiftKey && this.legal.some((a) => a.startsWith("strafe "))) {
      if (!this.tapeStart) {
        this.tapeStart = [x, y];
        return this.render(this.obs);
      }
      const [x1, y1] = this.tapeStart;
      this.tapeStart = null;
      return this.act(`strafe ${x1} ${y1} ${x} ${y}`);
    }
    if (this.picked.size) return this.movePicked(x, y);
    const s = this.selected;
    if (s && this.legal.some((a) => a.startsWith(`move ${s} `))) return this.act(`move ${s} ${x} ${y}`);
    if (s && this.legal.some((a) => a.startsWith(`shell ${s} `))) return this.act(`shell ${s} ${x} ${y}`);
    const barrage = this.legal.find((a) => a.startsWith("barrage "));
    if (barrage) return this.act(`barrage ${barrage.split(" ")[1]} ${x} ${y}`);
    this.selected = null;
    this.selectedGroup = null;
    this.render(this.obs);
    this.onSelect({});
  }

  clickFigure(id, e = null) {
    if (this.picking || e?.ctrlKey || e?.metaKey) return this.togglePick(id);
    const s = this.selected;
    if (s && s !== id) {
      const shot = this.legal.find((a) => {
        const w = a.split(" ");
        return w.length === 3 && w[1] === s && w[2] === id;
      });
      if (shot) return this.act(shot);
    }
    const opportunity = this.legal.filter((a) => a.startsWith("opfire ") && a.endsWith(` ${id}`));
    if (!s && opportunity.length) return this.act(opportunity[0]);
    this.selected = s === id ? null : id;
    const f = this.figure(id);
    this.selectedGroup = this.selected && f ? f.group : null;
    this.selectedSide = this.selected && f ? f.side : null;
    this.render(this.obs);
    this.onSelect({ figure: this.selected, group: this.selectedGroup, side: this.selectedSide });
  }
}

// The centre of a w x h window, placed on one of the points, that covers the most points.
function busiest(points, w, h) {
  let best = points[0];
  let most = -1;
  for (const [px, py] of points) {
    const inside = points.filter(([qx, qy]) => Math.abs(qx - px) <= w / 2 && Math.abs(qy - py) <= h / 2);
    if (inside.length > most) {
      most = inside.length;
      const xs = inside.map((q) => q[0]);
      const ys = inside.map((q) => q[1]);
      best = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
    }
  }
  return best;
}
