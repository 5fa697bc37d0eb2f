// The hex map in SVG, drawn from a game's board description (docs/game-module-guide.md,
// "Board description for the browser"): terrain, hexside features, lines, labels and edges
// once; counters, markers and highlights on every observation. Zoom with the wheel, pinch or buttons; pan
// by dragging. Only the hex polygons take clicks, so a click always names a hex.

const SVG = "http://www.w3.org/2000/svg";
const ROOT3 = Math.sqrt(3);
const COUNTER = 1.3; // counter side, in hex radii
const MIN_READABLE = 32; // screen pixels per hex radius at which counters are >= 40 px

// State marks a counter shows down its right edge, from unit fields any game may set.
const COUNTER_MARKS = [
  { test: (u) => u.depleted || u.reduced, cls: "reduced", text: "½", title: "reduced" },
  { test: (u) => u.falter, cls: "falter", text: "F", title: "faltering" },
  { test: (u) => u.pinned, cls: "pinned", text: "P", title: "pinned" },
  { test: (u) => u.disrupted, cls: "disrupted", text: "D", title: "disrupted" },
  { test: (u) => u.in_supply === false, cls: "oos", text: "S", title: "out of supply" },
];
const ESC = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const esc = (text) => String(text).replace(/[&<>"']/g, (c) => ESC[c]);

function corners(x, y, r, orientation) {
  const start = orientation === "pointy" ? 30 : 0;
  const points = [];
  for (let i = 0; i < 6; i++) {
    const a = ((start + 60 * i) * Math.PI) / 180;
    points.push(`${(x + r * Math.cos(a)).toFixed(3)},${(y + r * Math.sin(a)).toFixed(3)}`);
  }
  return points.join(" ");
}

// Terrain textures drawn over a terrain's fill (board.terrain[].pattern), in hex radii: tree
// crowns for woods, roofs for towns, hachures for trench works, ripples for water, contour
// rings for hills, tufts for marsh.
const PATTERNS = {
  trees: `<pattern id="pat-trees" width="0.62" height="0.54" patternUnits="userSpaceOnUse">
      <g fill="#3f6b2e" opacity="0.55"><circle cx="0.14" cy="0.16" r="0.1"/>
      <circle cx="0.45" cy="0.42" r="0.11"/></g>
      <g fill="#6f9a4e" opacity="0.9"><circle cx="0.12" cy="0.13" r="0.075"/>
      <circle cx="0.43" cy="0.39" r="0.085"/></g></pattern>`,
  buildings: `<pattern id="pat-buildings" width="0.5" height="0.46" patternUnits="userSpaceOnUse">
      <g fill="#6e4a36" opacity="0.85"><rect x="0.05" y="0.08" width="0.17" height="0.13"/>
      <rect x="0.29" y="0.27" width="0.15" height="0.12"/></g>
      <g fill="#b05a3c" opacity="0.9"><path d="M0.03 0.09 L0.135 0.01 L0.24 0.09Z"/>
      <path d="M0.27 0.28 L0.365 0.2 L0.46 0.28Z"/></g></pattern>`,
  trench: `<pattern id="pat-trench" width="0.5" height="0.5" patternUnits="userSpaceOnUse">
      <path d="M0 0.35 L0.12 0.15 L0.25 0.35 L0.37 0.15 L0.5 0.35" fill="none"
        stroke="#5a4630" stroke-width="0.05" opacity="0.8"/></pattern>`,
  water: `<pattern id="pat-water" width="1" height="0.4" patternUnits="userSpaceOnUse">
      <path d="M0 0.2 Q0.25 0.08 0.5 0.2 T1 0.2" fill="none" stroke="#ffffff"
        stroke-width="0.035" opacity="0.6"/></pattern>`,
  contour: `<pattern id="pat-contour" width="1.2" height="1.04" patternUnits="userSpaceOnUse">
      <g fill="none" stroke="#8d6a2c" stroke-width="0.03" opacity="0.55">
      <ellipse cx="0.6" cy="0.52" rx="0.46" ry="0.3"/><ellipse cx="0.6" cy="0.52" rx="0.26" ry="0.16"/></g>
      </pattern>`,
  slope: `<pattern id="pat-slope" width="0.3" height="0.3" patternUnits="userSpaceOnUse"
      patternTransform="rotate(35)"><path d="M0 0.15 h0.12" stroke="#7a5a2a" stroke-width="0.035"
      opacity="0.6"/></pattern>`,
  marsh: `<pattern id="pat-marsh" width="0.5" height="0.4" patternUnits="userSpaceOnUse">
      <path d="M0.1 0.3 h0.2 M0.15 0.3 v-0.1 M0.2 0.3 v-0.14 M0.25 0.3 v-0.1" stroke="#4d7a6a"
        stroke-width="0.025" fill="none"/></pattern>`,
};

// A hexside [x1, y1, x2, y2] drawn as a line along it, a zigzag along it (a trench line), or
// a short deck across it (a bridge, from one hex into the other).
const f3 = (v) => v.toFixed(3);
const HEXSIDE_SHAPES = {
  line: ([x1, y1, x2, y2]) => `M${f3(x1)} ${f3(y1)}L${f3(x2)} ${f3(y2)}`,
  zigzag([x1, y1, x2, y2], width) {
    const teeth = 4;
    const [dx, dy] = [x2 - x1, y2 - y1];
    const length = Math.hypot(dx, dy) || 1;
    const amp = Math.max(width || 0.12, 0.1) * 0.8;
    const [nx, ny] = [(-dy / length) * amp, (dx / length) * amp];
    const points = [];
    for (let i = 0; i <= 2 * teeth; i++) {
      const t = i / (2 * teeth);
      const k = i === 0 || i === 2 * teeth ? 0 : i % 2 ? 1 : -1;
      points.push(`${f3(x1 + dx * t + nx * k)} ${f3(y1 + dy * t + ny * k)}`);
    }
    return `M${points.join("L")}`;
  },
  cross([x1, y1, x2, y2]) {
    const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
    const length = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / length, (y2 - y1) / length]; // along the hexside
    const [half, across] = [0.13, 0.36];
    const corner = (a, b) => `${f3(mx + ux * a - uy * b)} ${f3(my + uy * a + ux * b)}`;
    return `M${corner(-half, -across)}L${corner(half, -across)}L${corner(half, across)}`
      + `L${corner(-half, across)}Z`;
  },
};

export class MapView {
  constructor(container, board, { onClick, onHover }) {
    this.board = board;
    this.radius = board.hex?.radius ?? 1;
    this.orientation = board.hex?.orientation ?? "flat";
    this.hexes = new Map(board.hexes.map((h) => [h.id, h]));
    this.terrain = new Map(board.terrain.map((t) => [t.id, t]));
    this.sides = new Map((board.sides || []).map((s) => [s.id, s]));
    this.nations = new Map((board.nations || []).map((n) => [n.id, n]));
    this.pieces = new Map((board.pieces || []).map((p) => [p.id, p]));
    this.onClick = onClick;
    this.onHover = onHover;
    const [x0, y0, x1, y1] = board.bounds;
    this.extent = { x: x0 - 0.5, y: y0 - 0.5, w: x1 - x0 + 1, h: y1 - y0 + 1 };
    this.svg = document.createElementNS(SVG, "svg");
    this.svg.classList.add("map");
    this.svg.setAttribute("role", "application");
    this.svg.setAttribute("aria-label", "game map: arrow keys pan, + and - zoom, 0 shows the "
      + "whole map, [ and ] step through the choices, Enter chooses");
    this.svg.innerHTML = this.staticLayers();
    container.append(this.svg);
    this.dynamic = this.svg.querySelector("#dynamic");
    this.hoverMark = this.svg.querySelector("#hover");
    this.view = { ...this.extent };
    this.applyView();
    this.listen();
  }

  // --- the map itself, drawn once ---------------------------------------------------------

  staticLayers() {
    const r = this.radius;
    const used = new Set(this.board.terrain.map((t) => t.pattern).filter(Boolean));
    if (this.board.hexes.some((h) => h.slope)) used.add("slope");
    const defs = [...used].map((p) => PATTERNS[p] || "").join("");
    const hexes = [];
    const textures = [];
    const ids = [];
    for (const h of this.board.hexes) {
      const t = this.terrain.get(h.terrain) || { fill: "#eee", name: h.terrain };
      const points = corners(h.x, h.y, r, this.orientation);
      hexes.push(`<polygon class="hex" data-hex="${esc(h.id)}" points="${points}"
        fill="${esc(t.fill)}"><title>${esc(h.id)} ${esc(t.name)}</title></polygon>`);
      if (t.pattern && PATTERNS[t.pattern]) {
        textures.push(`<polygon points="${corners(h.x, h.y, r * 0.97, this.orientation)}"
          fill="url(#pat-${t.pattern})"/>`);
      }
      if (h.slope) {
        textures.push(`<polygon class="slope" points="${corners(h.x, h.y, r * 0.97, this.orientation)}"
          fill="url(#pat-slope)"><title>slope</title></polygon>`);
      }
      // The printed hex number: small, at the top edge, above where a counter sits.
      ids.push(`<text x="${h.x}" y="${(h.y - 0.71 * r).toFixed(3)}">${esc(h.id)}</text>`);
    }
    return `<defs>${defs}<filter id="lift" x="-20%" y="-20%" width="150%" height="150%">
        <feDropShadow dx="0.04" dy="0.06" stdDeviation="0.03" flood-opacity="0.45"/></filter></defs>
      <rect class="sea" x="${this.extent.x - this.extent.w}" y="${this.extent.y - this.extent.h}"
        width="${3 * this.extent.w}" height="${3 * this.extent.h}"/>
      <rect class="mapedge" x="${this.extent.x + 0.3}" y="${this.extent.y + 0.3}"
        width="${this.extent.w - 0.6}" height="${this.extent.h - 0.6}"/>
      <g id="hexes">${hexes.join("")}</g>
      <g class="deco" id="textures">${textures.join("")}</g>
      <g class="deco" id="regions">${this.regions()}</g>
      <g class="deco" id="hexsides">${this.hexsides()}</g>
      <g class="deco" id="lines">${this.lines()}</g>
      <g class="deco" id="hexids">${ids.join("")}</g>
      <g class="deco" id="labels">${this.labels()}</g>
      <g class="deco" id="dynamic"></g>
      <g class="deco" id="fan"></g>
      <polygon class="deco" id="hover" points="" />
      <polygon class="deco" id="cursor" points="" />`;
  }

  lines() {
    const styles = this.board.line_styles || {};
    const parts = [];
    const order = (l) => (l.kind === "road" ? 2 : l.kind === "railroad" ? 1 : 0);
    for (const line of [...this.board.lines].sort((a, b) => order(a) - order(b))) {
      const style = styles[line.kind] || { stroke: "#555", width: 0.15 };
      const points = line.hexes
        .map((id) => this.hexes.get(id))
        .filter(Boolean)
        .map((h) => `${h.x},${h.y}`)
        .join(" ");
      const title = `<title>${esc(line.name)}</title>`;
      const base = `fill="none" stroke-linejoin="round" stroke-linecap="round"`;
      if (style.ties) {
        parts.push(`<polyline class="line ${esc(line.kind)}" points="${points}" ${base}
          stroke="${esc(style.stroke)}" stroke-width="${style.width * 1.6}">${title}</polyline>`);
        parts.push(`<polyline points="${points}" ${base} stroke="#f4f0e0"
          stroke-width="${style.width * 0.6}" stroke-dasharray="0.25 0.25"/>`);
      } else {
        parts.push(`<polyline points="${points}" ${base} stroke="#f7f2e2" opacity="0.7"
          stroke-width="${style.width * 1.7}"/>`);
        parts.push(`<polyline class="line ${esc(line.kind)}" points="${points}" ${base}
          stroke="${esc(style.stroke)}" stroke-width="${style.width}"
          ${style.dash ? `stroke-dasharray="${esc(style.dash)}"` : ""}>${title}</polyline>`);
      }
    }
    return parts.join("");
  }

  // Features along hexsides (rivers, trench lines, bridges), one path per kind and shape, in
  // the order of hexside_styles (later kinds on top). A style's `shape` draws only that shape;
  // otherwise all three are drawn and style.css shows the one that suits the kind (a line).
  hexsides() {
    const styles = this.board.hexside_styles || {};
    const byKind = new Map(Object.keys(styles).map((kind) => [kind, []]));
    for (const side of this.board.hexsides || []) {
      if (!side.segment || side.segment.length !== 4) continue;
      if (!byKind.has(side.kind)) byKind.set(side.kind, []);
      byKind.get(side.kind).push(side.segment);
    }
    const parts = [];
    for (const [kind, segments] of byKind) {
      if (!segments.length) continue;
      const style = { stroke: "#555", width: 0.12, ...styles[kind] };
      const shapes = Object.hasOwn(HEXSIDE_SHAPES, style.shape ?? "")
        ? [style.shape] : Object.keys(HEXSIDE_SHAPES);
      for (const shape of shapes) {
        const d = segments.map((s) => HEXSIDE_SHAPES[shape](s, style.width)).join("");
        const paint = shape === "cross"
          ? `fill="${esc(style.stroke)}" stroke="#2b2115" stroke-width="0.04"`
          : `fill="none" stroke="${esc(style.stroke)}"
            stroke-width="${shape === "zigzag" ? style.width * 0.55 : style.width}"
            stroke-linecap="round" stroke-linejoin="round"
            ${style.dash && shape === "line" ? `stroke-dasharray="${esc(style.dash)}"` : ""}`;
        const only = shapes.length === 1 ? " only" : "";
        parts.push(`<path class="hexside ${esc(kind)} hs-${shape}${only}" d="${d}" ${paint}/>`);
      }
    }
    return parts.join("");
  }

  // Place names sit under the counters and never across them: a town's name at the foot of
  // its hex (below where a counter stands), an area's name lighter, nudged apart when two
  // would overlap.
  labels() {
    const placed = [];
    for (const label of this.board.labels || []) {
      const town = label.kind === "town";
      let y = town ? label.y + 0.8 * this.radius : label.y + 0.25 * this.radius;
      const width = String(label.text).length * (town ? 0.24 : 0.27);
      while (placed.some((p) => Math.abs(p.x - label.x) < (p.width + width) / 2
        && Math.abs(p.y - y) < 0.45)) y += 0.5;
      placed.push({ ...label, y, width });
    }
    return placed
      .map((l) => `<text class="label ${esc(l.kind || "")}" x="${l.x}" y="${l.y.toFixed(3)}">${esc(l.text)}</text>`)
      .join("");
  }

  regions() {
    const r = this.radius * 0.82;
    return (this.board.regions || [])
      .flatMap((region) =>
        region.hexes
          .map((id) => this.hexes.get(id))
          .filter(Boolean)
          .map(
            (h) => `<polygon class="region ${esc(region.kind || "")}"
              points="${corners(h.x, h.y, r, this.orientation)}"><title>${esc(region.name)}</title></polygon>`
          )
      )
      .join("");
  }

  // --- counters, markers and highlights, drawn on every observation -----------------------

  render(observation, marks) {
    const parts = [this.highlights(marks, "fill")];
    for (const [key, value] of Object.entries(observation)) {
      if (key === "stacks" || key === "carnage" || !Array.isArray(value) || !value.length) continue;
      if (value.every((v) => typeof v === "string" && this.hexes.has(v))) {
        parts.push(this.hexList(key, value));
      }
    }
    for (const stack of observation.stacks || []) parts.push(this.stack(stack, marks));
    parts.push(this.carnage(observation.carnage || []));
    for (const [key, value] of Object.entries(observation)) {
      if (key === "stacks" || key === "carnage" || !Array.isArray(value)) continue;
      const placed = value.filter((v) => v && typeof v === "object" && this.hexes.has(v.hex));
      if (placed.length) parts.push(this.markers(key, placed));
    }
    parts.push(this.highlights(marks, "edge"));
    this.dynamic.innerHTML = parts.join("");
  }

  // Highlights in two passes, a tint under the counters and an outline over them, one path
  // per kind; a choice among very many hexes is drawn lighter, so the map still reads under
  // it. The lit hexes are also listed on the svg (data-lit, data-units) for scripts.
  highlights(marks, pass) {
    const kinds = [
      ["hl-target", marks.targets || [], 0.93],
      ["hl-unit", marks.units || [], 0.86],
      ["hl-firer", marks.firers || [], 0.86],
      ["hl-fire", marks.fireTarget ? [marks.fireTarget] : [], 0.95],
      ["hl-selected", marks.selected ? [marks.selected] : [], 1.0],
    ];
    if (pass === "fill") {
      this.svg.dataset.lit = (marks.targets || []).join(" ");
      this.svg.dataset.units = (marks.units || []).join(" ");
    }
    return kinds
      .filter(([, ids]) => ids.length)
      .map(([cls, ids, scale]) => {
        const d = ids
          .map((id) => this.hexes.get(id))
          .filter(Boolean)
          .map((h) => `M${corners(h.x, h.y, this.radius * scale, this.orientation)}Z`)
          .join("");
        const many = ids.length > 60 ? " many" : "";
        return `<path class="${cls} ${pass}${many}" d="${d}"/>`;
      })
      .join("");
  }

  // The map key, as printed beside a map: a swatch per terrain (fill and texture), line and
  // hexside feature, drawn with the map's own patterns (so it stays in the same document).
  legend() {
    const hex = (fill, pattern) => `<svg viewBox="-1.3 -1 2.6 2" aria-hidden="true">
      <polygon points="${corners(0, 0, 0.95, this.orientation)}" fill="${esc(fill)}" stroke="#8f8a74" stroke-width="0.05"/>
      ${pattern && PATTERNS[pattern] ? `<polygon points="${corners(0, 0, 0.95, this.orientation)}" fill="url(#pat-${pattern})"/>` : ""}</svg>`;
    const stroke = (style, shape) => `<svg viewBox="0 -1 2.6 2" aria-hidden="true">
      <path d="${shape === "zigzag" ? "M0.2 0 L0.6 -0.25 L1 0.25 L1.4 -0.25 L1.8 0.25 L2.2 0" : "M0.2 0 H2.4"}"
        fill="none" stroke="${esc(style.stroke)}" stroke-width="${Math.max(style.width || 0.15, 0.1) * 1.4}"
        ${style.dash ? `stroke-dasharray="${esc(style.dash)}"` : ""} stroke-linecap="round"/></svg>`;
    const items = this.board.terrain.map((t) => ({ swatch: hex(t.fill, t.pattern), name: t.name }));
    for (const [kind, style] of Object.entries(this.board.line_styles || {})) {
      items.push({ swatch: stroke(style), name: kind.replaceAll("_", " ") });
    }
    const kinds = new Set((this.board.hexsides || []).map((h) => h.kind));
    for (const [kind, style] of Object.entries(this.board.hexside_styles || {})) {
      if (!kinds.has(kind)) continue;
      const zig = style.shape === "zigzag" || ["trench", "stellung", "trench2"].includes(kind);
      items.push({ swatch: stroke(style, zig ? "zigzag" : "line"), name: kind.replaceAll("_", " ") });
    }
    return items;
  }

  // A stack: the counters under it as edges, its top counter face up (or, for a stack the
  // viewer may not look into, a blank counter with a "?"), and how many it holds.
  stack(stack, marks) {
    const h = this.hexes.get(stack.hex);
    if (!h || !stack.count) return "";
    const side = this.sideStyle(stack.side);
    const s = COUNTER * this.radius;
    const half = s / 2;
    const parts = [];
    // a unit the game shows only as "hidden" (Marne 8.1.5) is a counter face down
    const top = stack.units.filter((u) => u.kind !== "hidden").at(-1);
    const edge = top ? this.unitStyle(top, stack.side) : side; // the stack in its top's colours
    const depth = Math.min(stack.count - 1, 3);
    for (let d = depth; d >= 1; d--) {
      parts.push(`<rect class="under" x="${f3(-half + 0.07 * d)}" y="${f3(-half - 0.07 * d)}"
        width="${s}" height="${s}" rx="0.07" fill="${esc(edge.fill)}" stroke="${esc(edge.ink)}"/>`);
    }
    parts.push(top ? this.face(top, side) : this.hiddenFace(stack, side));
    if (stack.count > 1) {
      parts.push(`<g class="count"><title>${stack.count} units in this stack</title>
        <rect x="${f3(half - 0.3)}" y="${f3(-half - 0.16)}" width="0.46" height="0.3" rx="0.08"/>
        <text x="${f3(half - 0.07)}" y="${f3(-half + 0.06)}">×${stack.count}</text></g>`);
    }
    const hot = (marks.unitSet && marks.unitSet.has(stack.hex)) ? " hot" : "";
    const unit = top ? top.id : "";
    return `<g class="stack${hot}" data-stack="${esc(stack.hex)}" data-side="${esc(stack.side)}"
      data-unit="${esc(unit)}" data-count="${stack.count}"
      transform="translate(${h.x},${h.y})">${parts.join("")}</g>`;
  }

  sideStyle(id) {
    return this.sides.get(id) || { fill: "#ddd", ink: "#111", name: id };
  }

  // A unit's nation (board.nations, by the unit's or its piece's nation, else its side's id):
  // its colours and the short mark its counter carries; null when the board names none.
  nationOf(unit, sideId = unit.side) {
    const id = unit.nation || this.pieces.get(unit.id)?.nation || sideId;
    return this.nations.get(id) || null;
  }

  // The colours a unit's counter is drawn in: its nation's, else its side's.
  unitStyle(unit, sideId = unit.side) {
    return this.nationOf(unit, sideId) || this.sideStyle(sideId);
  }

  // A counter as printed: the unit's id at the top, its symbol in the middle, its values at
  // the foot, state marks down the right edge (reduced, faltering, pinned, out of supply) and
  // a spent counter greyed and struck through.
  face(unit, sideStyle) {
    const nation = this.nationOf(unit, sideStyle.id);
    const side = nation || sideStyle;
    const s = COUNTER * this.radius;
    const half = s / 2;
    const ink = esc(side.ink);
    const parts = [];
    const done = unit.done ? " done" : "";
    parts.push(`<rect class="face${done}" x="${-half}" y="${-half}" width="${s}" height="${s}"
      rx="0.07" fill="${esc(side.fill)}" stroke="${ink}"/>`);
    if (unit.depleted || unit.reduced) {
      parts.push(`<path class="reduced-band" d="M${f3(-half)} ${f3(half - 0.42)}h${s}v0.16h${-s}Z"/>`);
    }
    const idSize = String(unit.id).length > 5 ? " long" : "";
    parts.push(`<text class="cid${idSize}" x="${f3(-half + 0.06)}" y="${f3(-half + 0.22)}" fill="${ink}">${esc(unit.id)}</text>`);
    if (nation) {
      // up the left edge, clear of the id, the symbol, the values and a stack's count
      parts.push(`<text class="nation" transform="translate(${f3(-half + 0.17)} 0.06) rotate(-90)" fill="${ink}">${esc(nation.mark)}</text>`);
    }
    parts.push(`<g transform="translate(0 0.02)">${this.symbol(unit.kind, side.ink)}</g>`);
    const values = (this.board.counter_values || []).map((v) => unit[v]);
    if (values.length && values.every((v) => v !== undefined && v !== null)) {
      const text = values.join("-");
      const size = text.length > 6 ? " long" : "";
      parts.push(`<text class="vals${size}" x="0" y="${f3(half - 0.08)}" fill="${ink}">${esc(text)}</text>`);
    }
    const marks = COUNTER_MARKS.filter((m) => m.test(unit));
    marks.forEach((m, i) => {
      const y = -half + 0.3 + i * 0.27;
      parts.push(`<g class="cmark ${m.cls}"><title>${esc(m.title)}</title>
        <rect x="${f3(half - 0.27)}" y="${f3(y)}" width="0.24" height="0.24" rx="0.04"/>
        <text x="${f3(half - 0.15)}" y="${f3(y + 0.18)}">${esc(m.text)}</text></g>`);
    });
    if (unit.done) {
      parts.push(`<path class="done-mark" d="M${f3(-half + 0.1)} ${f3(half - 0.1)} L${f3(half - 0.1)} ${f3(-half + 0.1)}"/>`);
    }
    const title = `${unit.name || unit.id}${nation ? ` · ${nation.name}` : ""}${marks.length ? ` (${marks.map((m) => m.title).join(", ")})` : ""}`;
    return `<g class="counter" data-unit="${esc(unit.id)}"><title>${esc(title)}</title>${parts.join("")}</g>`;
  }

  hiddenFace(stack, side) {
    const s = COUNTER * this.radius;
    const half = s / 2;
    return `<g class="counter hidden"><title>${esc(side.name || stack.side)}: ${stack.count} hidden</title>
      <rect class="face" x="${-half}" y="${-half}" width="${s}" height="${s}" rx="0.07"
        fill="${esc(side.fill)}" stroke="${esc(side.ink)}"/>
      <rect x="${f3(-half + 0.1)}" y="${f3(-half + 0.1)}" width="${f3(s - 0.2)}" height="${f3(s - 0.2)}"
        rx="0.05" fill="none" stroke="${esc(side.ink)}" stroke-width="0.03" stroke-dasharray="0.08 0.06"/>
      <text class="unknown" x="0" y="0.2" fill="${esc(side.ink)}">?</text></g>`;
  }

  // NATO-style unit symbols in a frame, by unit kind (board.symbols may map a game's own kind
  // names to these); an unknown kind gets its initial.
  symbol(kind, ink) {
    const name = this.board.symbols?.[kind] || kind;
    const stroke = `stroke="${esc(ink)}" stroke-width="0.045" fill="none"`;
    const box = `<rect x="-0.3" y="-0.22" width="0.6" height="0.36" ${stroke}/>`;
    const cross = `<path d="M-0.3 -0.22 L0.3 0.14 M0.3 -0.22 L-0.3 0.14" ${stroke}/>`;
    const echelon = (mark) => `<text class="echelon" x="0" y="-0.25" fill="${esc(ink)}">${mark}</text>`;
    switch (name) {
      case "infantry": return box + cross;
      case "division": return box + cross + echelon("XX");
      case "brigade": return box + cross + echelon("X");
      case "heavy_weapons": case "mg":
        return `${box}<path d="M0 0.12 L0 -0.2 M-0.1 -0.1 L0 -0.2 L0.1 -0.1" ${stroke}/>
          <circle cx="0" cy="0.12" r="0.04" fill="${esc(ink)}"/>`;
      case "mortar":
        return `${box}<circle cx="0" cy="0.06" r="0.06" ${stroke}/><path d="M0 0 L0 -0.19 M-0.08 -0.11 L0 -0.19 L0.08 -0.11" ${stroke}/>`;
      case "artillery": case "gun_pit":
        return `${box}<circle cx="0" cy="-0.04" r="0.07" fill="${esc(ink)}"/>`;
      case "hq":
        return `<path d="M-0.32 0.22 L-0.32 -0.24 L0.32 -0.24 L0.32 0.02 L-0.32 0.02" ${stroke}/>
          <text class="kind" x="0.02" y="-0.05" fill="${esc(ink)}">HQ</text>`;
      case "cavalry": return `${box}<path d="M-0.32 0.16 L0.32 -0.24" ${stroke}/>`;
      default: {
        const letter = esc((kind || "?").charAt(0).toUpperCase());
        return `${box}<text class="kind" x="0" y="0.03" fill="${esc(ink)}">${letter}</text>`;
      }
    }
  }

  // A stack spread out beside its hex, every counter the viewer may see face up, top first
  // (shown while the pointer is over the stack, or the stack is selected on a touch screen).
  fan(hexId, observation) {
    const layer = this.svg.querySelector("#fan");
    const stack = (observation?.stacks || []).find((st) => st.hex === hexId);
    if (!stack || stack.count < 2 || !stack.units.some((u) => u.kind !== "hidden")) {
      layer.replaceChildren();
      layer.removeAttribute("data-hex");
      return;
    }
    const h = this.hexes.get(hexId);
    const side = this.sideStyle(stack.side);
    const step = COUNTER * this.radius + 0.12;
    const units = stack.units.filter((u) => u.kind !== "hidden").reverse();
    const hidden = stack.count - units.length;
    const n = units.length + (hidden > 0 ? 1 : 0);
    const x0 = h.x - ((n - 1) * step) / 2;
    const y = h.y - 1.75 * this.radius;
    const pieces = units.map((u, i) => `<g transform="translate(${f3(x0 + i * step)},${f3(y)})">${this.face(u, side)}</g>`);
    if (hidden > 0) {
      pieces.push(`<g transform="translate(${f3(x0 + units.length * step)},${f3(y)})">${this.hiddenFace({ ...stack, count: hidden }, side)}</g>`);
    }
    const pad = 0.1;
    const w = n * step + 2 * pad - 0.12;
    const s = COUNTER * this.radius;
    layer.dataset.hex = hexId;
    layer.innerHTML = `<rect class="fanback" x="${f3(x0 - s / 2 - pad)}" y="${f3(y - s / 2 - pad)}"
      width="${f3(w)}" height="${f3(s + 2 * pad)}" rx="0.1"/>${pieces.join("")}`;
  }

  carnage(items) {
    const count = new Map();
    for (const item of items) count.set(item.hex, (count.get(item.hex) || 0) + 1);
    return [...count.entries()]
      .map(([id, n]) => {
        const h = this.hexes.get(id);
        if (!h) return "";
        const x = h.x - 0.62 * this.radius;
        const y = h.y + 0.42 * this.radius;
        return `<g class="carnage" transform="translate(${x},${y})"><title>carnage: ${n}</title>
          <rect x="-0.2" y="-0.2" width="0.4" height="0.4" transform="rotate(45)"/>
          <text x="0" y="0.1">${n > 1 ? n : "✕"}</text></g>`;
      })
      .join("");
  }

  markers(key, items) {
    const perHex = new Map();
    return items
      .map((item) => {
        const h = this.hexes.get(item.hex);
        const n = perHex.get(item.hex) || 0;
        perHex.set(item.hex, n + 1);
        const label = String(item.kind || item.label || key).charAt(0).toUpperCase();
        const x = h.x + 0.5 * this.radius - n * 0.18;
        const y = h.y + 0.5 * this.radius - n * 0.18;
        const name = `${key.replaceAll("_", " ")}: ${item.kind || item.label || ""}`;
        return `<g class="marker ${esc(item.kind || "")}" transform="translate(${x},${y})">
          <title>${esc(name)}</title><circle r="0.27"/><text y="0.1">${esc(label)}</text></g>`;
      })
      .join("");
  }

  hexList(key, ids) {
    return ids
      .map((id) => {
        const h = this.hexes.get(id);
        return `<polygon class="hexlist ${esc(key)}"
          points="${corners(h.x, h.y, this.radius * 0.7, this.orientation)}"/>`;
      })
      .join("");
  }

  // --- zoom and pan ---------------------------------------------------------------------

  applyView() {
    const v = this.view;
    this.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
    const box = this.svg.getBoundingClientRect();
    const pxPerUnit = box.width ? Math.min(box.width / v.w, box.height / v.h) : 0;
    this.pxPerRadius = pxPerUnit * this.radius;
    this.svg.classList.toggle("show-ids", this.pxPerRadius >= 26);
    this.svg.classList.toggle("far", this.pxPerRadius < 12);
    this.svg.dataset.counterPx = (pxPerUnit * COUNTER * this.radius).toFixed(1);
  }

  fit() {
    this.view = { ...this.extent };
    this.applyView();
  }

  // Whether every given hex lies inside the shown part of the map (a margin of one hex).
  shows(ids) {
    const v = this.view;
    const m = this.radius;
    return ids.map((id) => this.hexes.get(id)).filter(Boolean)
      .every((p) => p.x >= v.x + m && p.x <= v.x + v.w - m && p.y >= v.y + m && p.y <= v.y + v.h - m);
  }

  // Bring the given hexes into view if any is outside it (counters stay readable: see focus).
  reveal(ids, minPx = MIN_READABLE) {
    if (ids.length && !this.shows(ids)) this.focus(ids, minPx);
  }

  // Show the given hexes, at least as close as `minPx` screen pixels per hex radius (so that
  // counters stay at least 40 px wide), centred on them.
  focus(ids, minPx = MIN_READABLE) {
    const points = ids.map((id) => this.hexes.get(id)).filter(Boolean);
    if (!points.length) return this.fit();
    const box = this.svg.getBoundingClientRect();
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
    const cy = (Math.min(...ys) + Math.max(...ys)) / 2;
    let w = Math.max(...xs) - Math.min(...xs) + 4 * this.radius;
    let h = Math.max(...ys) - Math.min(...ys) + 4 * this.radius;
    const aspect = box.width && box.height ? box.width / box.height : 1;
    if (w / h < aspect) w = h * aspect;
    else h = w / aspect;
    const maxW = box.width ? (box.width / minPx) * this.radius : w;
    const minW = box.width ? (box.width / 48) * this.radius : w;
    const width = Math.min(Math.max(w, minW), maxW);
    h = (h * width) / w;
    w = width;
    let [x, y] = [cx, cy];
    if (width < Math.max(...xs) - Math.min(...xs) + 2 * this.radius
      || h < Math.max(...ys) - Math.min(...ys) + 2 * this.radius) {
      // Too spread out to show whole at a readable size: centre on the window that holds
      // the most of them (so the view opens on the units, not on the gap between them).
      [x, y] = this.busiest(points, w - 2 * this.radius, h - 2 * this.radius);
    }
    this.view = { x: x - w / 2, y: y - h / 2, w, h };
    this.applyView();
  }

  // The centre of a w x h window, placed on one of the points, that covers the most points.
  busiest(points, w, h) {
    let best = [points[0].x, points[0].y];
    let most = -1;
    for (const p of points) {
      const inside = points.filter((q) => Math.abs(q.x - p.x) <= w / 2 && Math.abs(q.y - p.y) <= h / 2);
      if (inside.length > most) {
        most = inside.length;
        const xs = inside.map((q) => q.x);
        const ys = inside.map((q) => q.y);
        best = [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
      }
    }
    return best;
  }

  zoom(factor, clientX, clientY) {
    const box = this.svg.getBoundingClientRect();
    const fx = clientX === undefined ? 0.5 : (clientX - box.left) / box.width;
    const fy = clientY === undefined ? 0.5 : (clientY - box.top) / box.height;
    const v = this.view;
    const w = Math.min(Math.max(v.w * factor, 6 * this.radius), this.extent.w * 2);
    const h = (v.h * w) / v.w;
    this.view = { x: v.x + (v.w - w) * fx, y: v.y + (v.h - h) * fy, w, h };
    this.applyView();
  }

  pan(dxPx, dyPx) {
    const box = this.svg.getBoundingClientRect();
    const scale = Math.max(this.view.w / box.width, this.view.h / box.height);
    this.view.x -= dxPx * scale;
    this.view.y -= dyPx * scale;
    this.applyView();
  }

  listen() {
    const pointers = new Map();
    let dragged = false;
    let pinch = null;
    this.svg.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.zoom(e.deltaY > 0 ? 1.15 : 1 / 1.15, e.clientX, e.clientY);
    }, { passive: false });
    this.svg.addEventListener("pointerdown", (e) => {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 1) dragged = false;
    });
    this.svg.addEventListener("pointermove", (e) => {
      const hex = e.target.closest?.("[data-hex]")?.dataset.hex;
      this.hover(hex);
      const last = pointers.get(e.pointerId);
      if (!last) return;
      if (pointers.size === 2) {
        const [a, b] = [...pointers.values()];
        const d = Math.hypot(a.x - b.x, a.y - b.y);
        pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
        const [c, f] = [...pointers.values()];
        const d2 = Math.hypot(c.x - f.x, c.y - f.y);
        if (pinch !== null && d2 > 0) this.zoom(d / d2, (c.x + f.x) / 2, (c.y + f.y) / 2);
        pinch = d2;
        dragged = true;
        return;
      }
      const dx = e.clientX - last.x;
      const dy = e.clientY - last.y;
      if (!dragged && Math.hypot(dx, dy) < 6) return;
      if (!dragged) this.svg.setPointerCapture(e.pointerId);
      dragged = true;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      this.pan(dx, dy);
    });
    const release = (e) => {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = null;
    };
    this.svg.addEventListener("pointerup", release);
    this.svg.addEventListener("pointercancel", release);
    this.svg.addEventListener("pointerleave", () => this.hover(null));
    this.svg.addEventListener("click", (e) => {
      if (dragged) {
        dragged = false;
        return;
      }
      const hex = e.target.closest?.("[data-hex]")?.dataset.hex;
      if (hex) this.onClick(hex);
    });
    window.addEventListener("resize", () => this.applyView());
    this.svg.setAttribute("tabindex", "0");
    this.svg.addEventListener("keydown", (e) => {
      const step = 80;
      const keys = {
        ArrowLeft: () => this.pan(step, 0), ArrowRight: () => this.pan(-step, 0),
        ArrowUp: () => this.pan(0, step), ArrowDown: () => this.pan(0, -step),
        "+": () => this.zoom(1 / 1.25), "=": () => this.zoom(1 / 1.25), "-": () => this.zoom(1.25),
        0: () => this.fit(),
      };
      if (keys[e.key] && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        keys[e.key]();
      }
    });
  }

  // The keyboard's cursor: a hex outlined, brought into view.
  setCursor(id) {
    this.cursor = id;
    this.svg.dataset.cursor = id || "";
    const h = id && this.hexes.get(id);
    this.svg.querySelector("#cursor").setAttribute("points",
      h ? corners(h.x, h.y, this.radius * 0.9, this.orientation) : "");
    if (h) this.reveal([id]);
  }

  hover(id) {
    if (id === this.hovered) return;
    this.hovered = id;
    const h = id && this.hexes.get(id);
    this.hoverMark.setAttribute("points", h ? corners(h.x, h.y, this.radius, this.orientation) : "");
    this.onHover(h || null);
  }
}
