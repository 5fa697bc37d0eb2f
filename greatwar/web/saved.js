// The games this browser created or joined, kept in localStorage: the server never lists
// seat tokens, so a browser remembers the links it was given.

const KEY = "greatwar.games";

export function savedGames() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "[]");
  } catch {
    return [];
  }
}

export function savedGame(id) {
  return savedGames().find((g) => g.id === id) || null;
}

export function saveGame(entry) {
  const games = savedGames().filter((g) => g.id !== entry.id);
  games.unshift(entry);
  localStorage.setItem(KEY, JSON.stringify(games.slice(0, 100)));
}

export function forgetGame(id) {
  localStorage.setItem(KEY, JSON.stringify(savedGames().filter((g) => g.id !== id)));
}

// Remember a seat opened by its link (a friend's browser), so the home page lists it too.
export function rememberSeat(message, token) {
  if (savedGame(message.game.id)) return;
  saveGame({
    id: message.game.id,
    game: message.game.game,
    title: message.game.title,
    created: new Date().toISOString(),
    you: { token, role: message.seat.role, side: message.seat.side, url: location.href },
    seats: [],
  });
}
