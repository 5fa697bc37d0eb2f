"""9.0 (rule 9, Keywords): the keywords of the command cards, each executed in the sector
of its card."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from greatwar.core import Action, Frame, Prompt, act
from greatwar.games.devildogs.artillery import barrage_step
from greatwar.games.devildogs.data import enemy
from greatwar.games.devildogs.fire import visible_enemies
from greatwar.games.devildogs.movement import start_retreats
from greatwar.games.devildogs.pick import choose, take, units_of
from greatwar.games.devildogs.state import DevilDogsState

Keyword = Callable[[DevilDogsState, str, str, int], None]


def keyword_text(state: DevilDogsState, name: str, x: int) -> str:
    """The printed form of a keyword ("COMBAT 2")."""
    printed = _printed(state)[name]
    return f"{printed} {x}" if x else printed


def _printed(state: DevilDogsState) -> dict[str, str]:
    """Each keyword's printed name, by its name in the rules (read once per process)."""
    if not _PRINTED:
        _PRINTED.update({v: k for k, v in state.c.tables["keywords"]["printed"].items()})
    return _PRINTED


_PRINTED: dict[str, str] = {}


def keyword_step(state: DevilDogsState, side: str, sector: str, name: str, x: int) -> None:
    """5.8: execute one keyword of the order; 9 LEADERSHIP remembers what was executed."""
    state.phase = "9"
    state.note("9", f"{side} executes {keyword_text(state, name, x)} in sector {sector}")
    if name != "leadership":
        state.executed[side].append((name, x))
    KEYWORDS[name](state, side, sector, x)


def set_effect(state: DevilDogsState, key: str, value: int) -> None:
    state.effects[key] = max(state.effects.get(key, 0), value)


# --- effects that last for the turn in this sector ----------------------------------------


def combat(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 COMBAT X: a sector combat at range X after both players have acted (5.9); the same
    side's second trigger keeps the longer range."""
    ranges = dict(state.combats)
    ranges[side] = max(x, ranges.get(side, 0))
    state.combats = list(ranges.items())


def entrench(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 ENTRENCH X: the side ignores its first X step losses here this turn."""
    key = f"entrench:{side}:{sector}"
    state.effects[key] = state.effects.get(key, 0) + x


def flag(name: str) -> Keyword:
    """9 BAYONETS, CONCEALMENT, DEFENSIVE FIRE, HIDDEN MG'S: an effect for this turn here."""

    def execute(state: DevilDogsState, side: str, sector: str, x: int) -> None:
        set_effect(state, f"{name}:{side}:{sector}", 1)

    return execute


def shell_holes(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 SHELL HOLES: both sides halve their damage here this turn."""
    set_effect(state, f"shell_holes:{sector}", 1)


def hesitation(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 HESITATION: enemy movement here this turn is cut by 2 (to at least 1)."""
    set_effect(
        state, f"hesitation:{enemy(side)}:{sector}", int(state.c.tables["keywords"]["hesitation"])
    )


# --- damage and pins ------------------------------------------------------------------------


def accurate_fire(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 ACCURATE FIRE: two step losses on enemy units here in LOS of a friendly unit here,
    both on one unit if the player likes, ignoring target priority."""
    options = [(state.unit(u).id,) for u in visible_enemies(state, side, sector)]
    key = f"accurate:{side}"
    count = int(state.c.tables["keywords"]["accurate_fire_steps"])
    choose(state, side, key, options, count, verb="hit", why="ACCURATE FIRE (9)", repeat=True)
    state.then(("apply_hits", side, key, "9", "ACCURATE FIRE"))


def sniper(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 SNIPER X: pin X enemy units here within 5 hexes of a friendly unit, no LOS needed;
    pinned units only once every unpinned one is taken; none twice."""
    grid = state.c.board.grid
    reach = int(state.c.tables["keywords"]["sniper_range"])
    where = state.where
    friends = [where[f] for f in state.units_of(side)]
    near = []
    for e in state.in_sector(enemy(side), sector):
        here = where[e]
        for f in friends:  # a loop: compiled, any() of a generator costs more
            if grid.distance(here, f) <= reach:
                near.append(e)
                break
    unpinned = [(state.unit(u).id,) for u in near if u not in state.pinned]
    pinned = [(state.unit(u).id,) for u in near if u in state.pinned]
    key = f"sniper:{side}"
    choose(state, side, key, unpinned, x, verb="snipe", why="SNIPER (9)")
    if len(unpinned) < x:
        choose(state, side, key, pinned, x - len(unpinned), verb="snipe", why="SNIPER (9)")
    state.then(("sniper_apply", key))


def sniper_apply(state: DevilDogsState, key: str) -> None:
    for unit in units_of(state, take(state, key)):
        if not state.is_terminal():
            state.pin(unit, "9", "SNIPER")


def underfed(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 UNDERFED X: one step on each of X enemy units here, no LOS, any terrain; it may not
    destroy a unit, and none is chosen twice."""
    options = [
        (state.unit(u).id,)
        for u in state.in_sector(enemy(side), sector)
        if state.lost[u] + 1 < state.unit(u).steps
    ]
    key = f"underfed:{side}"
    choose(state, side, key, options, x, verb="hit", why="UNDERFED (9)")
    state.then(("apply_hits", side, key, "9", "UNDERFED"))


def rout(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 ROUT!: every enemy unit here damaged or pinned this turn must fall back a hex."""
    beaten = [u for u in state.in_sector(enemy(side), sector) if u in state.hurt]
    start_retreats(state, enemy(side), beaten, "rout")


# --- recovery ---------------------------------------------------------------------------


def audacity(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 AUDACITY: one friendly unit here loses all its tokens and returns to full strength."""
    options = [
        (state.unit(u).id,)
        for u in state.in_sector(side, sector)
        if state.lost[u] or u in state.pinned
    ]
    choose(state, side, "audacity", options, 1, verb="restore", why="AUDACITY (9)")
    state.then(("restore_apply", "audacity"))


def restore_apply(state: DevilDogsState, key: str) -> None:
    for unit in units_of(state, take(state, key)):
        state.restore(unit)
        state.note("9", f"{state.label(unit)} returns to full strength")


def rally(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 RALLY X: remove X pinning or falter tokens from friendly units here."""
    tokens = []
    for unit in state.in_sector(side, sector):
        if unit in state.pinned:
            tokens.append((state.unit(unit).id, "pin"))
        if state.has_falter(unit):
            tokens.append((state.unit(unit).id, "falter"))
    choose(state, side, "rally", tokens, x, verb="rally", why="RALLY (9)")
    state.then(("rally_apply", "rally"))


def rally_apply(state: DevilDogsState, key: str) -> None:
    for unit_id, token in take(state, key):
        unit = state.unit_index(unit_id)
        if token == "pin":
            state.pinned.discard(unit)
        else:
            state.remove_falter(unit)
        state.note("9", f"{unit_id} rallies: {token} token removed")


def regroup(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 REGROUP X: X friendly units here, not adjacent to the enemy, lose all their tokens."""
    options = [
        (state.unit(u).id,)
        for u in state.in_sector(side, sector)
        if state.has_tokens(u) and not state.enemy_adjacent(u)
    ]
    choose(state, side, "regroup", options, x, verb="regroup", why="REGROUP (9)")
    state.then(("regroup_apply", "regroup"))


def regroup_apply(state: DevilDogsState, key: str) -> None:
    for unit in units_of(state, take(state, key)):
        state.pinned.discard(unit)
        state.remove_falter(unit)
        state.note("9", f"{state.label(unit)} regroups: tokens removed")


# --- LEADERSHIP ------------------------------------------------------------------------------


def leadership(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 LEADERSHIP: repeat a keyword executed earlier this turn (none yet: RALLY 5), then
    reshuffle the discard into the deck."""
    done = sorted(set(state.executed[side]))
    state.then(("reshuffle", side))
    if not done:
        fallback = int(state.c.tables["keywords"]["leadership_fallback_rally"])
        state.note("9", f"no keyword executed yet this turn: LEADERSHIP is RALLY {fallback}")
        state.then(("keyword", side, sector, "rally", fallback))
    elif len(done) == 1:
        state.then(("keyword", side, sector, *done[0]))
    else:
        state.push("leadership", side=side, sector=sector, options=tuple(done))


class Leadership(Prompt[DevilDogsState]):
    """9 LEADERSHIP: choose the keyword to execute again in this sector."""

    name = "leadership"
    title = "choose a keyword executed this turn to repeat here (9 LEADERSHIP)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> Iterator[Action]:
        for name, x in frame["options"]:
            yield act("repeat", name, x) if x else act("repeat", name)

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        x = int(action.args[1]) if len(action.args) > 1 else 0
        state.then(("keyword", side, frame["sector"], action.args[0], x))


def reshuffle_step(state: DevilDogsState, side: str) -> None:
    """9 LEADERSHIP: the discarded cards go back into the deck, shuffled."""
    deck = state.decks[side] + state.discard[side]
    state.discard[side] = []
    state.rng.shuffle(deck)
    state.decks[side] = deck
    state.note("9", f"{side} reshuffles the discard into the deck (LEADERSHIP)")


# --- MISDIRECTION ---------------------------------------------------------------------------


def misdirection(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 MISDIRECTION: look at the opponent's card in an unactivated sector and his reserve
    (and maybe swap them), or at the next six cards of his deck."""
    if peek_sectors(state, side, sector) or state.decks[enemy(side)]:
        state.push("misdirection", side=side, sector=sector)
    else:
        state.note("9", "MISDIRECTION has nothing to look at")


def peek_sectors(state: DevilDogsState, side: str, sector: str) -> list[str]:
    """Unactivated sectors, other than this one, with a face-down card of the opponent's."""
    other = enemy(side)
    if not state.hands[other]:
        return []
    return [s for s in state.sectors_left() if s != sector and s in state.assigned[other]]


class Misdirection(Prompt[DevilDogsState]):
    """9 MISDIRECTION: choose what to look at."""

    name = "misdirection"
    title = "look at a face-down card and the reserve, or the next six cards (9 MISDIRECTION)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> Iterator[Action]:
        for sector in peek_sectors(state, side, frame["sector"]):
            yield act("peek", sector)
        if state.decks[enemy(side)]:
            yield act("scout")

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        other = enemy(side)
        state.reveal()
        if action.verb == "peek":
            sector = action.args[0]
            seen = state.card(state.assigned[other][sector]).id
            reserve = state.card(state.hands[other][0]).id
            state.note("9", f"{side} looks at {other}'s card in sector {sector} and reserve")
            state.note("9", f"you see {seen} in sector {sector} and {reserve} in reserve", to=side)
            state.push("misdirect_swap", side=side, sector=sector)
            return
        top = tuple(reversed(state.decks[other][-6:]))
        names = ", ".join(state.card(c).id for c in top)
        state.note("9", f"{side} looks at the next {len(top)} cards of the {other} deck")
        state.note("9", f"the next {other} cards are {names}", to=side)
        state.push("misdirect_bottom", side=side, cards=top)


class MisdirectSwap(Prompt[DevilDogsState]):
    """9 MISDIRECTION: exchange the card seen with the reserve; the order type stays."""

    name = "misdirect_swap"
    title = "exchange the card you saw with the reserve card, or leave them (9 MISDIRECTION)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> Iterator[Action]:
        yield act("swap")
        yield act("keep")

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        if action.verb == "keep":
            return
        other, sector = enemy(side), frame["sector"]
        placed = state.assigned[other][sector]
        state.assigned[other][sector] = state.hands[other][0]
        state.hands[other][0] = placed
        state.note("9", f"{side} exchanges {other}'s card in sector {sector} with the reserve")
        new = state.card(state.assigned[other][sector]).id
        state.note("9", f"your card in sector {sector} is now {new}; the order stays", to=other)


class MisdirectBottom(Prompt[DevilDogsState]):
    """9 MISDIRECTION: any of the six cards may go to the bottom of the deck."""

    name = "misdirect_bottom"
    title = "put any of the six cards at the bottom of the opponent's deck (9 MISDIRECTION)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> Iterator[Action]:
        for card in frame["cards"]:
            yield act("bottom", state.card(card).id)
        yield act("done")

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        if action.verb == "done":
            state.pop()
            return
        card = state.c.card(action.args[0]).index
        deck = state.decks[enemy(side)]
        deck.remove(card)
        deck.insert(0, card)
        frame["cards"] = tuple(c for c in frame["cards"] if c != card)
        state.note("9", f"{side} puts a card at the bottom of the {enemy(side)} deck")
        if not frame["cards"]:
            state.pop()


# --- REINFORCEMENT AND REORGANIZATION ---------------------------------------------------


def reinforcement(state: DevilDogsState, side: str, sector: str, x: int) -> None:
    """9 REINFORCEMENT AND REORGANIZATION: shift a regiment on the turn track, or bring
    back a destroyed infantry unit reduced, next to its HQ."""
    if reinforce_options(state, side):
        state.push("reinforce", side=side)
    else:
        state.note("9", "REINFORCEMENT AND REORGANIZATION: nothing to shift or reconstitute")


def reinforce_options(state: DevilDogsState, side: str) -> list[Action]:
    """5.11, 9: hasten a friendly regiment, delay an enemy one, or reconstitute a unit."""
    groups = state.sc.reinforcements
    options = [
        act("hasten", groups[g].regiment)
        for g in state.pending_groups(side)
        if state.arrivals[g] > state.turn + 1
    ]
    options += [act("delay", groups[g].regiment) for g in state.pending_groups(enemy(side))]
    for unit in state.casualties:
        u = state.unit(unit)
        if u.side == side and u.kind == "infantry":
            options += [
                act("reconstitute", u.id, state.hex_id(h)) for h in reconstitute_hexes(state, unit)
            ]
    return options


def reconstitute_hexes(state: DevilDogsState, unit: int) -> list[int]:
    """5.11: empty hexes next to the unit's regimental HQ (no HQ on the map: none)."""
    hq = state.c.hq.get(state.unit(unit).regiment)
    if hq is None or state.where[hq] < 0:
        return []
    return sorted(
        h
        for h in state.c.board.grid.neighbors(state.where[hq])
        if h not in state.at and state.is_playable(h)
    )


def reconstitute(state: DevilDogsState, unit: int, hex_index: int, rule: str) -> None:
    """5.11, 9: a destroyed unit returns on its reduced side and leaves the dead pool."""
    u = state.unit(unit)
    state.lost[unit] = u.steps - 2
    state.put(unit, hex_index)
    if unit in state.casualties:
        state.casualties.remove(unit)
    if unit in state.dead_pool[u.side]:
        state.dead_pool[u.side].remove(unit)
    state.note(rule, f"{state.label(unit)} is reconstituted, reduced")


class Reinforce(Prompt[DevilDogsState]):
    """9 REINFORCEMENT AND REORGANIZATION: one of its choices."""

    name = "reinforce"
    title = "hasten a friendly regiment, delay an enemy one, or reconstitute a unit (9)"

    def offer(self, state: DevilDogsState, frame: Frame, side: str) -> Iterator[Action]:
        yield from reinforce_options(state, side)

    def apply(self, state: DevilDogsState, frame: Frame, action: Action, side: str) -> None:
        state.pop()
        if action.verb == "reconstitute":
            unit = state.unit_index(action.args[0])
            reconstitute(state, unit, state.c.board.hex(action.args[1]), "9")
            return
        g = next(
            i for i, group in enumerate(state.sc.reinforcements) if group.regiment == action.args[0]
        )
        state.arrivals[g] += -1 if action.verb == "hasten" else 1
        state.note("9", f"{action.args[0]} now arrives on turn {state.arrivals[g]} (5.11)")


KEYWORDS: dict[str, Keyword] = {
    "accurate_fire": accurate_fire,
    "bayonets": flag("bayonets"),
    "concealment": flag("concealment"),
    "combat": combat,
    "defensive_fire": flag("defensive_fire"),
    "entrench": entrench,
    "audacity": audacity,
    "hesitation": hesitation,
    "hidden_mgs": flag("hidden_mgs"),
    "leadership": leadership,
    "misdirection": misdirection,
    "rally": rally,
    "regroup": regroup,
    "reinforcement": reinforcement,
    "rout": rout,
    "shell_holes": shell_holes,
    "sniper": sniper,
    "underfed": underfed,
    "barrage": lambda state, side, sector, x: barrage_step(state, side, sector, "barrage"),
    "sausage_barrage": lambda state, side, sector, x: barrage_step(state, side, sector, "sausage"),
    "gas_barrage": lambda state, side, sector, x: barrage_step(state, side, sector, "gas"),
}
