// From legal action strings to clicks (docs/game-module-guide.md, "Conventions the browser
// client relies on"): an action whose last argument is a hex of the board is offered by a
// click on that hex; one naming a unit on the map by a click on that unit's hex; any other
// as a button.

// Group the legal actions: hex patterns ("place U01 *" with the hexes that complete it),
// actions per unit on the map, and buttons.
export function classify(legal, hexIds, unitIds) {
  const patterns = new Map();
  const unitActions = new Map();
  const buttons = [];
  for (const action of legal) {
    const words = action.split(/\s+/);
    const args = words.slice(1);
    const last = args[args.length - 1];
    if (args.length && hexIds.has(last)) {
      const prefix = words.slice(0, -1).join(" ");
      if (!patterns.has(prefix)) patterns.set(prefix, { prefix, hexes: new Map() });
      patterns.get(prefix).hexes.set(last, action);
      continue;
    }
    const unit = args.find((a) => unitIds.has(a));
    if (unit) {
      if (!unitActions.has(unit)) unitActions.set(unit, []);
      unitActions.get(unit).push(action);
    } else {
      buttons.push(action);
    }
  }
  return { patterns: [...patterns.values()], unitActions, buttons };
}

// The action a click on a hex would most plausibly mean, for asking the server why it is
// not legal: the chosen pattern completed with the hex, or a unit's usual verb.
export function guessAction(classified, pattern, hex, unitsHere) {
  if (pattern) return `${pattern.prefix} ${hex}`;
  const sample = [...classified.unitActions.entries()][0];
  if (sample && unitsHere.length) {
    const [unit, actions] = sample;
    return actions[0].split(/\s+/).map((w) => (w === unit ? unitsHere[0] : w)).join(" ");
  }
  return null;
}

// The units (top first) that a side may see in a hex, from the observation's stacks.
export function unitsAt(observation, hex) {
  const stack = (observation.stacks || []).find((s) => s.hex === hex);
  return stack ? [...stack.units].reverse() : [];
}

// Every unit id on the map that the observation shows.
export function visibleUnitIds(observation) {
  const ids = new Set();
  for (const stack of observation.stacks || []) for (const u of stack.units) ids.add(u.id);
  return ids;
}

// A person's wording of an action: unit ids get their printed face, the verb a capital.
export function describe(action, pieces) {
  const words = action.split(/\s+/).map((w) => {
    const piece = pieces.get(w);
    return piece ? `${piece.name} (${w})` : w.replaceAll("_", " ");
  });
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The hex pattern that moves or places this unit ("move u1 *"), if any: a click on the unit
// selects it, so the unit never gives up its move by a click (its "stay" is a button).
export function unitPattern(classified, unitId) {
  return classified.patterns.findIndex((p) => p.prefix.split(/\s+/).includes(unitId));
}
