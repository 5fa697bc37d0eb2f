// Fair play on the page: an invitation link is claimed once (the claimant gets a fresh link of
// their own), the dice's commitment is shown from the start and checked at the end, and a
// computer player's failure is said plainly.

import { api, ApiError } from "./api.js";

const COMMITMENTS = "greatwar.commitments";

// Open a seat by its link; an invitation is claimed first and the address bar gets the
// claimant's own link (the invitation then opens nothing for anyone else).
export async function openSeat(token) {
  try {
    return { token, first: await api.seat(token) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== "invitation") throw error;
  }
  const claimed = await api.claim(token);
  const fresh = claimed.you.token;
  history.replaceState(null, "", `${location.pathname}#${fresh}`);
  return { token: fresh, first: await api.seat(fresh) };
}

// The commitment this browser saw first for a game (kept, so a changed one shows).
function firstCommitment(game) {
  let seen = {};
  try {
    seen = JSON.parse(localStorage.getItem(COMMITMENTS) || "{}");
  } catch {
    seen = {};
  }
  if (!seen[game.id]) {
    seen[game.id] = game.commitment;
    localStorage.setItem(COMMITMENTS, JSON.stringify(seen));
  }
  return seen[game.id];
}

async function sha256Hex(text) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const checks = new Map(); // game id -> promise of the check's text

// Whether the revealed seed and nonce hash to the commitment shown at the start.
function check(game, committed) {
  if (!checks.has(game.id)) {
    const text = !globalThis.crypto?.subtle
      ? Promise.resolve("this page cannot compute SHA-256 here: check with `greatwar verify`")
      : sha256Hex(`greatwar-seed:v1:${game.seed}:${game.nonce}`).then((hash) =>
        hash === committed
          ? "verified: the seed revealed is the one committed to at the start"
          : "MISMATCH: the seed revealed is not the one committed to at the start");
    checks.set(game.id, text);
  }
  return checks.get(game.id);
}

// The dice panel: the commitment during play; at the end the seed, the nonce and the check.
export function seedPanel(game, make) {
  if (!game.commitment) return null;
  const committed = firstCommitment(game);
  const wrap = "overflow-wrap: anywhere";
  const items = [make("li", {}, "commitment: ",
    make("code", { class: "commitment", style: wrap }, committed))];
  if (game.seed !== undefined) {
    const verdict = make("li", { class: "verification" }, "checking…");
    check(game, committed).then((text) => {
      verdict.textContent = text;
      verdict.dataset.verified = text.startsWith("verified") ? "1" : "0";
    });
    items.push(make("li", {}, "seed: ", make("code", { style: wrap }, game.seed), " nonce: ",
      make("code", { style: wrap }, game.nonce)), verdict,
    make("li", {}, "Save the record and run `greatwar verify FILE` to replay every roll."));
  }
  // Open at the end, when there is a verdict to read.
  return make("details", { class: "seed", open: game.seed !== undefined },
    make("summary", {}, "Dice you can verify"),
    make("ul", {}, items));
}

// What the page says when a computer player failed and a safe legal move was played instead.
export function noticePanel(game, make) {
  if (!game.notice) return null;
  return make("p", { class: "notice", role: "status" }, game.notice);
}

// Two servers wrote this game at the same moment (409 "conflict"): fetch the position again
// and, if the action is still legal there, send it once more. True if it was sent again.
export async function retryAfterConflict(screen, error, action) {
  if (!(error instanceof ApiError) || error.kind !== "conflict") return false;
  const fresh = await api.seat(screen.token);
  screen.update(fresh, true);
  if (!(fresh.observation.legal_actions || []).includes(action)) return false;
  screen.update(await api.act(screen.token, action, fresh.ply));
  return true;
}
