// The home page: the games the server plays, a form to start one, and this browser's games.

import { api } from "./api.js";
import { h } from "./dom.js";
import { forgetGame, saveGame, savedGames } from "./saved.js";

const OPPONENTS = [
  ["computer", "the computer"],
  ["hotseat", "a friend on this screen"],
  ["remote", "a friend on another computer (links)"],
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
  const saved = h("section", { class: "panel saved" });
  root.replaceChildren(
    h("header", { class: "bar" }, h("h1", {}, "greatwar"),
      h("span", { class: "where" }, "First World War wargames, with the rules enforced")),
    h("main", { class: "home" },
      h("section", { class: "panel newgame" }, h("h2", {}, "New game"), newGameForm(catalog, created)),
      created, saved));
  renderSaved(saved);
}

function newGameForm(catalog, created) {
  const games = catalog.games;
  const gameSelect = h("select", { name: "game", id: "game" },
    games.map((g) => h("option", { value: g.id }, g.title)));
  const sideSelect = h("select", { name: "side", id: "side" });
  const playerSelect = h("select", { name: "computer", id: "computer" },
    catalog.players.map((p) => h("option", { value: p, selected: p === catalog.default_player }, p)));
  const summary = h("p", { class: "muted" });
  const options = h("div", { class: "options" });
  const opponent = h("fieldset", { class: "opponent" }, h("legend", {}, "Against"),
    OPPONENTS.map(([value, label], i) => h("label", {},
      h("input", { type: "radio", name: "opponent", value, checked: i === 0 }), " ", label)));

  function showGame() {
    const game = games.find((g) => g.id === gameSelect.value);
    summary.textContent = game.summary + (game.has_board ? "" : " (no map: played from panels)");
    sideSelect.replaceChildren(...game.sides.map((s) => h("option", { value: s }, sideName(s))));
    options.replaceChildren(...game.options.map(optionInput));
  }
  gameSelect.addEventListener("change", showGame);
  showGame();

  const form = h("form", {
    onsubmit: async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const game = games.find((g) => g.id === data.get("game"));
      const spec = {
        game: game.id,
        side: data.get("side"),
        opponent: data.get("opponent"),
        computer: data.get("computer"),
        options: Object.fromEntries(game.options.map((o) => [o.name, optionValue(form, o)])),
      };
      try {
        const answer = await api.create(spec);
        saveGame({ ...answer, created: new Date().toISOString() });
        if (spec.opponent === "remote") showLinks(created, answer);
        else location.href = `/play#${answer.you.token}`;
      } catch (error) {
        form.querySelector(".error").textContent = error.message;
      }
    },
  },
  h("label", {}, "Game ", gameSelect), summary,
  h("label", {}, "Your side ", sideSelect),
  opponent,
  h("label", {}, "Computer player ", playerSelect),
  options,
  h("p", { class: "error", role: "alert" }),
  h("button", { type: "submit", class: "primary" }, "Start the game"));
  return form;
}

function optionInput(option) {
  const id = `option-${option.name}`;
  let input;
  if (typeof option.default === "boolean") {
    input = h("input", { type: "checkbox", id, name: id, checked: option.default });
  } else if (option.choices?.length) {
    input = h("select", { id, name: id }, option.choices.map((c) =>
      h("option", { value: c, selected: c === option.default }, c)));
  } else {
    input = h("input", { type: typeof option.default === "number" ? "number" : "text", id, name: id,
      value: option.default });
  }
  return h("label", { class: "option" }, input, " ", h("b", {}, option.name.replaceAll("_", " ")),
    h("small", {}, ` ${option.help}`));
}

function optionValue(form, option) {
  const input = form.querySelector(`#option-${option.name}`);
  if (typeof option.default === "boolean") return input.checked;
  if (typeof option.default === "number") return Number(input.value);
  return input.value;
}

// "us" reads US, "german" German: the board's own names are on the game screen.
function sideName(side) {
  return side.length <= 3 ? side.toUpperCase() : side.charAt(0).toUpperCase() + side.slice(1);
}

function seatLabel(seat) {
  return seat.role === "side" ? sideName(seat.side) : seat.role === "hotseat" ? "same screen" : "spectators";
}

function showLinks(box, answer) {
  box.hidden = false;
  box.replaceChildren(h("h2", {}, "Send the links"),
    h("p", {}, "Each link is a secret seat: whoever has it plays that side. Send your friend theirs; "
      + "anyone may watch with the spectator link."),
    h("ul", { class: "linklist" }, answer.seats.map((seat) => h("li", {},
      h("b", {}, seat.token === answer.you.token ? `${seatLabel(seat)} (you)` : seatLabel(seat)), " ",
      h("input", { readonly: true, value: seat.url, class: "link", "data-role": seat.role,
        "data-side": seat.side || "", onclick: (e) => e.target.select() })))),
    h("a", { class: "button primary", href: `/play#${answer.you.token}` }, "Open my seat"));
}

async function renderSaved(box) {
  const games = savedGames();
  box.replaceChildren(h("h2", {}, "Your games"));
  if (!games.length) box.append(h("p", { class: "muted" }, "None yet on this browser."));
  const list = h("ul", { class: "games" });
  box.append(list);
  for (const game of games) {
    const state = h("span", { class: "state muted" }, "…");
    list.append(h("li", {},
      h("a", { href: `/play#${game.you.token}` }, game.title), " ",
      h("small", {}, `${seatLabel(game.you)} · ${new Date(game.created).toLocaleString()} · `), state, " ",
      h("button", { class: "small", onclick: () => { forgetGame(game.id); renderSaved(box); } }, "forget")));
    api.game(game.id).then((info) => {
      state.textContent = info.winner ? `${info.winner} won` : `${info.ply} actions`;
    }).catch(() => { state.textContent = "not on this server"; });
  }
}
