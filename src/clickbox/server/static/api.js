// The lobby API and the seat tokens this browser holds (one per table, in localStorage).
import { t } from "./i18n.js";

export async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error ? data.error.message : t("HTTP {status}", { status: response.status }));
  return data;
}

// A random request id: a join sent again with it (its answer lost to the network or a server
// restart) gets the seat and token of the first, instead of claiming a second seat.
export function requestId() {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function joinTable(invite, name, seat) {
  const body = { name, id: requestId() };
  if (seat !== undefined && seat !== null) body.seat = seat;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await api("POST", `/api/tables/${invite}/join`, body);
    } catch (error) {
      // fetch rejects with a TypeError when no answer came; the server's refusals are Errors.
      if (!(error instanceof TypeError) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

export function tokenFor(invite) {
  return localStorage.getItem(`clickbox-token-${invite}`);
}

export function keepToken(invite, token) {
  localStorage.setItem(`clickbox-token-${invite}`, token);
}

/** Forget this browser's seat at a table (it left the table). */
export function forgetToken(invite) {
  localStorage.removeItem(`clickbox-token-${invite}`);
}

export function showError(error) {
  document.getElementById("error").textContent = error ? String(error.message || error) : "";
}

/** The name this browser last played under (the lobby and the table fill it in). */
export function savedName() {
  return localStorage.getItem("clickbox-name") || "";
}

export function keepName(name) {
  if (name) localStorage.setItem("clickbox-name", String(name).trim().slice(0, 32));
}

/** Every guest seat this browser holds: what an account it signs up for (or into) claims. */
export function guestSeats() {
  const seats = [];
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index);
    if (key && key.startsWith("clickbox-token-")) {
      seats.push({ invite: key.slice("clickbox-token-".length), token: localStorage.getItem(key) });
    }
  }
  return seats.slice(0, 200);
}
