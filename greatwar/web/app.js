// The browser client's entry point: the home page at /, a game at /play#<seat token>.

import { homeScreen } from "./home.js";
import { playScreen } from "./play.js";

const root = document.getElementById("app");
if (location.pathname === "/play") {
  playScreen(root, location.hash.slice(1));
  window.addEventListener("hashchange", () => location.reload());
} else {
  homeScreen(root);
}
