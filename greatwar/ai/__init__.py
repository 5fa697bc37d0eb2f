"""Computer players; they know only the game API."""
