"""The browser client: plain ES modules, SVG and CSS served by the game server."""
