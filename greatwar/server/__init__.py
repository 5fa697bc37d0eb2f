"""The game server: HTTP and WebSocket routes, seats, storage and the computer opponent."""
