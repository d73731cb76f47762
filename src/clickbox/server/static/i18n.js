// The pages' language: English, German or French, from the same gettext catalogs the server and
// the terminal read (GET /api/i18n/LANG sends every domain's translations as JSON).
//
// t("Create table") and tn("{n} point", "{n} points", n) translate a script's texts (fields as
// Python's: t("seat {seat}", {seat: 2})); translateDocument() translates a page's own HTML: each
// text node and the placeholder, title, aria-label and alt attributes (tools/i18n.py extracts
// the same). The language is the one chosen on any page (remembered here and in a cookie the
// server reads), else the browser's.

export const LANGUAGES = { en: "English", de: "Deutsch", fr: "Français" };
const STORED = "clickbox.lang";
const COOKIE = "clickbox_lang";
const ATTRIBUTES = ["placeholder", "title", "aria-label", "alt"];

let messages = {};
let plurals = {};

function fromBrowser() {
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

function stored() {
  try {
    return localStorage.getItem(STORED);
  } catch {
    return null;
  }
}

/** The language the page speaks: the one chosen, else the browser's first we speak. */
export const lang = (() => {
  const chosen = stored();
  return chosen in LANGUAGES ? chosen : fromBrowser();
})();

function tellServer(code) {
  document.cookie = `${COOKIE}=${code}; path=/; max-age=31536000; SameSite=Lax`;
}

function remember(code) {
  try {
    localStorage.setItem(STORED, code);
  } catch {
    // storage refused (private mode): the cookie still tells the server
  }
  tellServer(code);
}

function fill(text, fields) {
  if (!fields) return text;
  return text.replace(/\{\{|\}\}|\{(\w+)(?::[^{}]*)?\}/g, (whole, name) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return name in fields ? String(fields[name]) : whole;
  });
}

/** A script's text in the page's language, its {fields} filled in. */
export function t(message, fields) {
  return fill(messages[message] || message, fields);
}

/** The same with a plural: {n} is filled in too. */
export function tn(singular, plural, n, fields) {
  const forms = plurals[singular];
  let text = n === 1 ? singular : plural;
  if (forms && forms.length) {
    const one = new Intl.PluralRules(lang).select(n) === "one";
    text = forms[one ? 0 : Math.min(1, forms.length - 1)];
  }
  return fill(text, { ...fields, n });
}

const originals = new WeakMap();

function translateText(text) {
  const key = text.replace(/\s+/g, " ").trim();
  const found = key && messages[key];
  if (!found) return null;
  const lead = text.match(/^\s*/)[0];
  const tail = text.match(/\s*$/)[0];
  return lead + found + tail;
}

/** Translate a part of the page written in HTML (its texts and labelling attributes). */
export function translateDocument(root = document.body) {
  if (lang === "en" || !root) return;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      if (!parent || parent.closest("script, style, [data-no-translate]")) continue;
      const done = translateText(node.nodeValue);
      if (done !== null) {
        originals.set(node, node.nodeValue);
        node.nodeValue = done;
      }
      continue;
    }
    for (const name of ATTRIBUTES) {
      const value = node.getAttribute(name);
      const done = value && translateText(value);
      if (done) node.setAttribute(name, done);
    }
  }
  const title = translateText(document.title);
  if (title) document.title = title;
}

/** Speak another language: remembered, and the page is drawn again in it. */
export function setLanguage(code) {
  if (!(code in LANGUAGES)) return;
  remember(code);
  location.reload();
}

/** A language menu (every page has one). */
export function languageMenu() {
  const select = document.createElement("select");
  select.id = "language";
  select.setAttribute("aria-label", t("Language"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = new Option(name, code, code === lang, code === lang);
    option.lang = code;
    select.append(option);
  }
  select.addEventListener("change", () => setLanguage(select.value));
  return select;
}

async function load() {
  document.documentElement.lang = lang;
  tellServer(lang);
  if (lang === "en") return;
  try {
    const answer = await fetch(`/api/i18n/${lang}`);
    if (answer.ok) {
      const body = await answer.json();
      messages = body.messages || {};
      plurals = body.plurals || {};
    }
  } catch {
    // offline (the score pad): English until the catalog can be read
  }
}

await load();
