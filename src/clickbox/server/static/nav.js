// The account bar every page shows in its header: who is signed in (a link to their profile),
// sign in or out, the leaderboards, and the language menu.
import { api } from "./api.js";
import { languageMenu, t } from "./i18n.js";

let current; // the signed-in account ({name, lang}) or null, once asked

/** The signed-in account, or null (asked of the server once per page). */
export async function signedIn() {
  if (current === undefined) {
    try {
      current = (await api("GET", "/api/account")).account;
    } catch {
      current = null;
    }
  }
  return current;
}

function link(href, text, id) {
  const a = Object.assign(document.createElement("a"), { href, textContent: text });
  if (id) a.id = id;
  return a;
}

/** Put the account bar (and the language menu) at the end of the page's header. */
export async function accountBar(header = document.querySelector("header")) {
  const bar = document.createElement("nav");
  bar.id = "account-bar";
  bar.setAttribute("aria-label", t("Account"));
  header.append(bar);
  const account = await signedIn();
  const parts = [];
  if (account) {
    const me = link(`/u/${encodeURIComponent(account.name)}`, account.name, "account-name");
    const out = Object.assign(document.createElement("button"), { type: "button", id: "sign-out", textContent: t("Sign out") });
    out.addEventListener("click", async () => {
      await api("POST", "/api/account/signout", {});
      location.reload();
    });
    parts.push(t("Signed in as"), " ", me, " · ", out);
  } else {
    parts.push(link("/account", t("Sign in or sign up"), "sign-in-link"));
  }
  parts.push(" · ", link("/leaderboard", t("Leaderboards"), "leaderboard-link"), " ");
  bar.append(...parts);
  if (!document.getElementById("language")) bar.append(languageMenu());
  return account;
}
