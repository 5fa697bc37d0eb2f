// The hex map in SVG, drawn from a game's board description (docs/game-module-guide.md,
// "Board description for the browser"): terrain, hexside features, lines, labels and edges
// once; counters, markers and highlights on every observation. Zoom with the wheel, pinch or buttons; pan
// by dragging. Only the hex polygons take clicks, so a click always names a hex.

const SVG = "http://www.w3.org/2000/svg";
const ROOT3 = Math.sqrt(3);
const COUNTER = 1.28; // counter side, in hex radii
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

const PATTERNS = {
  trees: `<pattern id="pat-trees" width="0.9" height="0.8" patternUnits="userSpaceOnUse">
      <circle cx="0.22" cy="0.25" r="0.13" fill="#5f8a45" opacity="0.75"/>
      <circle cx="0.67" cy="0.62" r="0.12" fill="#5f8a45" opacity="0.75"/></pattern>`,
  buildings: `<pattern id="pat-buildings" width="0.6" height="0.6" patternUnits="userSpaceOnUse">
      <rect x="0.08" y="0.1" width="0.22" height="0.18" fill="#7d5a44" opacity="0.8"/>
      <rect x="0.36" y="0.36" width="0.16" height="0.16" fill="#7d5a44" opacity="0.8"/></pattern>`,
  trench: `<pattern id="pat-trench" width="0.5" height="0.5" patternUnits="userSpaceOnUse">
      <path d="M0 0.35 L0.12 0.15 L0.25 0.35 L0.37 0.15 L0.5 0.35" fill="none"
        stroke="#5a4630" stroke-width="0.06"/></pattern>`,
  water: `<pattern id="pat-water" width="1" height="0.5" patternUnits="userSpaceOnUse">
      <path d="M0 0.25 Q0.25 0.1 0.5 0.25 T1 0.25" fill="none" stroke="#ffffff"
        stroke-width="0.04" opacity="0.55"/></pattern>`,
  contour: `<pattern id="pat-contour" width="0.8" height="0.8" patternUnits="userSpaceOnUse">
      <circle cx="0.4" cy="0.4" r="0.3" fill="none" stroke="#9b7b3a" stroke-width="0.04"/>
      </pattern>`,
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
    this.onClick = onClick;
    this.onHover = onHover;
    const [x0, y0, x1, y1] = board.bounds;
    this.extent = { x: x0 - 0.5, y: y0 - 0.5, w: x1 - x0 + 1, h: y1 - y0 + 1 };
    this.svg = document.createElementNS(SVG, "svg");
    this.svg.classList.add("map");
    this.svg.setAttribute("role", "img");
    this.svg.setAttribute("aria-label", "game map");
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
    const defs = [...used].map((p) => PATTERNS[p] || "").join("");
    const hexes = [];
    const textures = [];
    const ids = [];
    for (const h of this.board.hexes) {
      const t = this.terrain.get(h.terrain) || { fill: "#eee", name: h.terrain };
      const points = corners(h.x, h.y, r, this.orientation);
      hexes.push(`<polygon class="hex" data-hex="${esc(h.id)}" points="${points}"
        fill="${esc(t.fill)}"/>`);
      if (t.pattern && PATTERNS[t.pattern]) {
        textures.push(`<polygon points="${points}" fill="url(#pat-${t.pattern})"/>`);
      }
      ids.push(`<text x="${h.x}" y="${(h.y - 0.62 * r).toFixed(3)}">${esc(h.id)}</text>`);
    }
    return `<defs>${defs}</defs>
      <rect class="sea" x="${this.extent.x}" y="${this.extent.y}" width="${this.extent.w}"
        height="${this.extent.h}"/>
      <g id="hexes">${hexes.join("")}</g>
      <g class="deco" id="textures">${textures.join("")}</g>
      <g class="deco" id="regions">${this.regions()}</g>
      <g class="deco" id="hexsides">${this.hexsides()}</g>
      <g class="deco" id="lines">${this.lines()}</g>
      <g class="deco" id="hexids">${ids.join("")}</g>
      <g class="deco" id="labels">${this.labels()}</g>
      <g class="deco" id="dynamic"></g>
      <polygon class="deco" id="hover" points="" />`;
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

  labels() {
    const placed = [];
    for (const label of this.board.labels || []) {
      let y = label.y;
      while (placed.some((p) => Math.abs(p.x - label.x) < 4 && Math.abs(p.y - y) < 0.9)) y += 0.95;
      placed.push({ ...label, y });
    }
    return placed
      .map(
        (l) => `<text class="label ${esc(l.kind || "")}" x="${l.x}" y="${l.y}">${esc(l.text)}</text>`
      )
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

  stack(stack, marks) {
    const h = this.hexes.get(stack.hex);
    if (!h || !stack.units.length) return "";
    const top = stack.units[stack.units.length - 1];
    const side = this.sides.get(stack.side) || { fill: "#ddd", ink: "#111" };
    const s = COUNTER * this.radius;
    const half = s / 2;
    const parts = [];
    const depth = Math.min(stack.count - 1, 3);
    for (let d = depth; d >= 1; d--) {
      parts.push(`<rect class="under" x="${-half + 0.09 * d}" y="${-half - 0.09 * d}"
        width="${s}" height="${s}" rx="0.08" fill="${esc(side.fill)}" stroke="${esc(side.ink)}"/>`);
    }
    const done = top.done ? " done" : "";
    parts.push(`<rect class="face${done}" x="${-half}" y="${-half}" width="${s}" height="${s}"
      rx="0.08" fill="${esc(side.fill)}" stroke="${esc(side.ink)}"/>`);
    parts.push(this.symbol(top.kind, side.ink));
    parts.push(`<text class="cid" x="${-half + 0.08}" y="${-half + 0.27}"
      fill="${esc(side.ink)}">${esc(top.id)}</text>`);
    const values = (this.board.counter_values || []).map((v) => top[v]);
    if (values.length && values.every((v) => v !== undefined)) {
      parts.push(`<text class="vals" x="0" y="${half - 0.1}"
        fill="${esc(side.ink)}">${esc(values.join("-"))}</text>`);
    }
    if (stack.count > 1) {
      parts.push(`<circle class="count" cx="${half - 0.02}" cy="${-half + 0.02}" r="0.26"/>
        <text class="count" x="${half - 0.02}" y="${-half + 0.12}">${stack.count}</text>`);
    }
    if (top.done) parts.push(`<path class="done-mark" d="M${-half + 0.1} ${half - 0.1} l${s - 0.2} ${-(s - 0.2)}"/>`);
    const hot = (marks.unitSet && marks.unitSet.has(stack.hex)) ? " hot" : "";
    return `<g class="stack${hot}" data-stack="${esc(stack.hex)}" data-side="${esc(stack.side)}"
      data-unit="${esc(top.id)}" transform="translate(${h.x},${h.y})">${parts.join("")}</g>`;
  }

  symbol(kind, ink) {
    // NATO-style unit symbols: crossed box for infantry, a gun for heavy weapons.
    const box = `<rect x="-0.34" y="-0.36" width="0.68" height="0.42" fill="none"
      stroke="${esc(ink)}" stroke-width="0.05"/>`;
    if (kind === "infantry") {
      return `${box}<path d="M-0.34 -0.36 L0.34 0.06 M0.34 -0.36 L-0.34 0.06" stroke="${esc(ink)}"
        stroke-width="0.05"/>`;
    }
    if (kind === "heavy_weapons") {
      return `${box}<path d="M0 0.02 L0 -0.32 M-0.12 -0.2 L0 -0.32 L0.12 -0.2" fill="none"
        stroke="${esc(ink)}" stroke-width="0.05"/><circle cx="0" cy="0.02" r="0.05" fill="${esc(ink)}"/>`;
    }
    const letter = esc((kind || "?").charAt(0).toUpperCase());
    return `${box}<text class="kind" x="0" y="-0.05" fill="${esc(ink)}">${letter}</text>`;
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
    this.svg.classList.toggle("show-ids", pxPerUnit * this.radius >= 20);
    this.svg.classList.toggle("far", pxPerUnit * this.radius < 9);
  }

  fit() {
    this.view = { ...this.extent };
    this.applyView();
  }

  // Show the given hexes, at least as close as `minPx` screen pixels per hex radius.
  focus(ids, minPx = 22) {
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
    const minW = box.width ? (box.width / 34) * this.radius : w;
    const width = Math.min(Math.max(w, minW), maxW);
    h = (h * width) / w;
    w = width;
    this.view = { x: cx - w / 2, y: cy - h / 2, w, h };
    this.applyView();
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
  }

  hover(id) {
    if (id === this.hovered) return;
    this.hovered = id;
    const h = id && this.hexes.get(id);
    this.hoverMark.setAttribute("points", h ? corners(h.x, h.y, this.radius, this.orientation) : "");
    this.onHover(h || null);
  }
}
