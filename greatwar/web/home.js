// The home page: the games the server plays as cards, a form to start one (your side, who
// against, how strong a computer, the game's options), and this browser's games.

import { api } from "./api.js";
import { h } from "./dom.js";
import { forgetGame, saveGame, savedGames } from "./saved.js";

const OPPONENTS = [
  ["computer", "The computer", "it plays every other side"],
  ["hotseat", "A friend on this screen", "the screen is handed over between turns"],
  ["remote", "A friend on another computer", "each side gets a secret link"],
];

export async function homeScreen(root) {
  let catalog;
  try {
    catalog = await api.catalog();
  } catch (error) {
    root.replaceChildren(h("p", { class: "fatal" }, error.message));
    return;
  }
  const created = h("section", { class: "panel created", hidden: true });
  const saved = h("section", { class: "panel saved", "aria-labelledby": "saved-title" });
  root.replaceChildren(
    h("header", { class: "bar" }, h("h1", {}, "greatwar"),
      h("span", { class: "where" }, "First World War wargames, with the rules enforced")),
    h("main", { class: "home" },
      h("section", { class: "panel newgame", "aria-labelledby": "new-title" },
        h("h2", { id: "new-title" }, "New game"), newGameForm(catalog, created)),
      created, saved));
  renderSaved(saved, catalog);
}

// "us" reads US, "german" German, unless the game names its sides.
function sideName(game, side) {
  if (game?.side_names?.[side]) return game.side_names[side];
  return side.length <= 3 ? side.toUpperCase() : side.charAt(0).toUpperCase() + side.slice(1);
}

function newGameForm(catalog, created) {
  const games = catalog.games;
  const levels = catalog.levels || [];
  const cards = h("fieldset", { class: "gamecards" }, h("legend", {}, "Choose a game"),
    games.map((game, i) => h("label", { class: "gamecard", "data-game": game.id },
      h("span", { class: "cardhead" },
        h("input", { type: "radio", name: "game", value: game.id, checked: i === 0, "aria-label": game.title,
          "aria-describedby": `summary-${game.id}` }),
        h("b", { class: "gtitle" }, game.title)),
      h("span", { class: "gsummary", id: `summary-${game.id}` }, game.summary),
      h("span", { class: "gfacts" },
        h("span", {}, game.sides.filter((s) => !(game.neutral || []).includes(s))
          .map((s) => sideName(game, s)).join(" against ")),
        h("span", {}, game.has_board ? (game.id === "trenches" ? "open table" : "hex map") : "no map"),
        game.options.length ? h("span", {}, `${game.options.length} option${game.options.length > 1 ? "s" : ""}`) : null))));
  const sides = h("div", { class: "pills", role: "radiogroup", "aria-label": "your side" });
  const options = h("div", { class: "options" });
  const optionsBox = h("fieldset", { class: "optionsbox" }, h("legend", {}, "Options"), options);
  const opponent = h("fieldset", { class: "opponent" }, h("legend", {}, "Against"),
    h("div", { class: "choices" }, OPPONENTS.map(([value, label, help], i) => h("label", { class: "choice" },
      h("input", { type: "radio", name: "opponent", value, checked: i === 0 }),
      h("span", {}, h("b", {}, label), h("small", {}, help))))));
  const playerSelect = h("select", { name: "computer", id: "computer", "aria-label": "computer player" },
    h("optgroup", { label: "Difficulty" }, levels.map((l) => h("option", { value: l.name,
      selected: l.name === catalog.default_player }, capital(l.name)))),
    h("optgroup", { label: "Other players" }, catalog.players.filter((p) => !levels.some((l) => l.name === p))
      .map((p) => h("option", { value: p, selected: p === catalog.default_player }, p))));
  const levelHelp = h("p", { class: "muted levelhelp" });
  const difficulty = h("fieldset", { class: "difficulty" }, h("legend", {}, "Computer player"),
    h("div", { class: "pills", role: "radiogroup", "aria-label": "difficulty" }, levels.map((l) =>
      h("label", { class: "pill" }, h("input", { type: "radio", name: "level", value: l.name,
        checked: l.name === catalog.default_player }), ` ${capital(l.name)}`))),
    levelHelp,
    h("label", { class: "other" }, "Player: ", playerSelect));

  const chosenGame = () => games.find((g) => g.id === form.querySelector("input[name=game]:checked").value);
  function showLevel() {
    const level = levels.find((l) => l.name === playerSelect.value);
    for (const radio of difficulty.querySelectorAll("input[name=level]")) radio.checked = radio.value === playerSelect.value;
    levelHelp.textContent = level ? capital(level.help) + "." : `The player “${playerSelect.value}”.`;
  }
  function showGame() {
    const game = chosenGame();
    for (const card of cards.querySelectorAll(".gamecard")) card.classList.toggle("on", card.dataset.game === game.id);
    sides.replaceChildren(...game.sides.map((s, i) => h("label", { class: "pill" },
      h("input", { type: "radio", name: "side", value: s, checked: i === 0 }),
      ` ${sideName(game, s)}`, (game.neutral || []).includes(s) ? h("small", {}, " (neutral)") : null)));
    options.replaceChildren(...game.options.map(optionInput));
    optionsBox.hidden = !game.options.length;
    optionsBox.querySelector("legend").textContent = `Options of ${game.title.split(":")[0]}`;
  }
  function showOpponent() {
    const value = form.querySelector("input[name=opponent]:checked").value;
    difficulty.disabled = value !== "computer";
  }

  const form = h("form", {
    onsubmit: async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const game = chosenGame();
      const spec = {
        game: game.id,
        side: data.get("side"),
        opponent: data.get("opponent"),
        computer: playerSelect.value,
        options: Object.fromEntries(game.options.map((o) => [o.name, optionValue(form, o)])),
      };
      try {
        const answer = await api.create(spec);
        saveGame({ ...answer, created: new Date().toISOString() });
        if (spec.opponent === "remote") showLinks(created, answer, game);
        else location.href = `/play#${answer.you.token}`;
      } catch (error) {
        form.querySelector(".error").textContent = error.message;
      }
    },
  },
  cards,
  h("div", { class: "setup" },
    h("fieldset", { class: "sides" }, h("legend", {}, "Your side"), sides),
    opponent, difficulty, optionsBox),
  h("p", { class: "error", role: "alert" }),
  h("button", { type: "submit", class: "primary start" }, "Start the game"));
  cards.addEventListener("change", showGame);
  opponent.addEventListener("change", showOpponent);
  difficulty.addEventListener("change", (e) => {
    if (e.target.name === "level") playerSelect.value = e.target.value;
    showLevel();
  });
  showGame();
  showLevel();
  return form;
}

function optionInput(option) {
  const id = `option-${option.name}`;
  let input;
  if (typeof option.default === "boolean") {
    input = h("input", { type: "checkbox", id, name: id, checked: option.default });
  } else if (option.choices?.length) {
    input = h("select", { id, name: id }, option.choices.map((c) =>
      h("option", { value: c, selected: c === option.default }, c.replaceAll("_", " "))));
  } else {
    input = h("input", { type: typeof option.default === "number" ? "number" : "text", id, name: id,
      value: option.default });
  }
  const label = capital(option.name.replaceAll("_", " "));
  return typeof option.default === "boolean"
    ? h("label", { class: "option check", for: id }, input, " ", h("b", {}, label), h("small", {}, option.help))
    : h("label", { class: "option", for: id }, h("b", {}, label), " ", input, h("small", {}, option.help));
}

function optionValue(form, option) {
  const input = form.querySelector(`#option-${option.name}`);
  if (typeof option.default === "boolean") return input.checked;
  if (typeof option.default === "number") return Number(input.value);
  return input.value;
}

function seatLabel(seat, game) {
  return seat.role === "side" ? sideName(game, seat.side) : seat.role === "hotseat" ? "same screen" : "spectators";
}

function showLinks(box, answer, game) {
  box.hidden = false;
  box.replaceChildren(h("h2", {}, "Send the links"),
    h("p", {}, "Each link is a secret seat: whoever has it plays that side. Send your friend theirs; "
      + "anyone may watch with the spectator link."),
    h("ul", { class: "linklist" }, answer.seats.map((seat) => h("li", {},
      h("b", {}, seat.token === answer.you.token ? `${seatLabel(seat, game)} (you)` : seatLabel(seat, game)), " ",
      h("input", { readonly: true, value: seat.url, class: "link", "data-role": seat.role,
        "data-side": seat.side || "", "aria-label": `link for ${seatLabel(seat, game)}`,
        onclick: (e) => e.target.select() })))),
    h("a", { class: "button primary", href: `/play#${answer.you.token}` }, "Open my seat"));
  box.scrollIntoView({ block: "nearest" });
}

async function renderSaved(box, catalog) {
  const games = savedGames();
  box.replaceChildren(h("h2", { id: "saved-title" }, "Your games"));
  if (!games.length) box.append(h("p", { class: "muted" }, "None yet on this browser."));
  const list = h("ul", { class: "games" });
  box.append(list);
  for (const game of games) {
    const info = catalog.games.find((g) => g.id === game.game);
    const state = h("span", { class: "state" }, "…");
    list.append(h("li", { class: "savedgame" },
      h("a", { class: "gname", href: `/play#${game.you.token}` }, game.title),
      h("span", { class: "gmeta muted" }, `${seatLabel(game.you, info)} · ${new Date(game.created).toLocaleString()}`),
      state,
      h("span", { class: "gbuttons" },
        h("a", { class: "button small", href: `/play#${game.you.token}` }, "Open"),
        h("button", { class: "small", "aria-label": `forget ${game.title}`,
          onclick: () => { forgetGame(game.id); renderSaved(box, catalog); } }, "Forget"))));
    api.game(game.id).then((facts) => {
      state.textContent = facts.winner ? `${sideName(info, facts.winner)} won` : `in play · ${facts.ply} actions`;
      state.classList.toggle("over", Boolean(facts.winner));
    }).catch(() => { state.textContent = "not on this server"; });
  }
}

function capital(text) {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
