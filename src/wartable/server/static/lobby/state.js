// What the lobby keeps: the person's name (localStorage, every visit) and the form as it was
// left (sessionStorage, this tab): the game, its options, the seats, the invite links just made.

const NAME_KEY = "wartable.name";
const STATE_KEY = "wartable.lobby";
export const NAME_MAX = 40;

export function myName() {
  try {
    return (localStorage.getItem(NAME_KEY) || "").slice(0, NAME_MAX);
  } catch {
    return "";
  }
}

export function setMyName(name) {
  // no control characters: the server refuses them, so they are never kept
  const clean = String(name).replace(/[\u0000-\u001f\u007f-\u009f]/g, "").trim().slice(0, NAME_MAX);
  try {
    if (clean) localStorage.setItem(NAME_KEY, clean);
    else localStorage.removeItem(NAME_KEY);
  } catch {
    /* private mode: the name lasts this page */
  }
  return clean;
}

export function loadLobbyState() {
  try {
    return JSON.parse(sessionStorage.getItem(STATE_KEY) || "null");
  } catch {
    return null;
  }
}

export function saveLobbyState(state) {
  try {
    sessionStorage.setItem(STATE_KEY, JSON.stringify(state));
  } catch {
    /* nothing kept: the lobby opens as new */
  }
}
