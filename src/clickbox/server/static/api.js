// The lobby API and the seat tokens this browser holds (one per table, in localStorage).

export async function api(method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error ? data.error.message : `HTTP ${response.status}`);
  return data;
}

export function tokenFor(invite) {
  return localStorage.getItem(`clickbox-token-${invite}`);
}

export function keepToken(invite, token) {
  localStorage.setItem(`clickbox-token-${invite}`, token);
}

export function showError(error) {
  document.getElementById("error").textContent = error ? String(error.message || error) : "";
}
