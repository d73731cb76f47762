// The account page: sign up (this browser's guest games come along), sign in, and what an
// account holds.
import { api, guestSeats, showError } from "./api.js";
import { lang, t, tn, translateDocument } from "./i18n.js";
import { accountBar } from "./nav.js";

translateDocument();
const account = await accountBar();

function show(account) {
  document.getElementById("signed-in").hidden = !account;
  document.getElementById("sign-up-box").hidden = Boolean(account);
  document.getElementById("sign-in-box").hidden = Boolean(account);
  if (!account) return;
  document.getElementById("welcome").textContent = t("You are signed in as {name}.", { name: account.name });
  document.getElementById("profile-link").href = `/u/${encodeURIComponent(account.name)}`;
}

function claimed(count) {
  document.getElementById("claim-note").textContent =
    tn("{n} guest seat of this browser is now yours.", "{n} guest seats of this browser are now yours.", count);
}

async function submit(form, what) {
  showError(null);
  const data = new FormData(form);
  const body = { name: data.get("name"), password: data.get("password"), claim: guestSeats(), lang };
  try {
    const answer = await api("POST", `/api/account/${what}`, body);
    location.href = `/account?claimed=${answer.claimed}`;
  } catch (error) {
    showError(error);
  }
}

document.getElementById("sign-up").addEventListener("submit", (event) => {
  event.preventDefault();
  submit(event.target, "signup");
});
document.getElementById("sign-in").addEventListener("submit", (event) => {
  event.preventDefault();
  submit(event.target, "signin");
});
document.getElementById("claim").addEventListener("click", async () => {
  showError(null);
  try {
    claimed((await api("POST", "/api/account/claim", { claim: guestSeats() })).claimed);
  } catch (error) {
    showError(error);
  }
});

show(account);
const already = new URLSearchParams(location.search).get("claimed");
if (account && already !== null) claimed(Number(already));
