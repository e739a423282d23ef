// boardkit's board page: drag and drop, keyboard moves and live updates on top of a page
// that works without this script (every change is also a plain form post).
"use strict";
(() => {
  // What a form did is said once (`?did=STEP`): not again on a reload or from a bookmark.
  if (new URLSearchParams(location.search).has("did")) {
    const url = new URL(location.href);
    url.searchParams.delete("did");
    history.replaceState(null, "", url);
  }
  const main = document.getElementById("columns");
  if (!main) return;
  const canChange = document.body.dataset.writable === "true" && document.body.dataset.actor !== undefined;
  let tag = main.dataset.tag;
  let busy = false;

  // Live: fetch the columns when the board's tag changes (a change from the command line,
  // another browser or a sync shows within a second or two), keeping keyboard focus.
  async function refresh() {
    const response = await fetch("columns" + location.search, {
      headers: { "If-None-Match": tag }, cache: "no-store", credentials: "same-origin",
    });
    if (response.status !== 200) return;
    const focused = document.activeElement && document.activeElement.dataset
      ? document.activeElement.dataset.card : undefined;
    if (main.contains(document.activeElement) && document.activeElement.closest("form")) return;
    // An open "Add a card" form survives the new columns as it is: what is typed, and a
    // refused add's problem beside its field (it was gone a second later).
    const openForms = [...main.querySelectorAll("details.add[open]")].map((d) => [d.closest(".column").dataset.state, d]);
    main.innerHTML = await response.text();
    tag = response.headers.get("ETag") || tag;
    for (const [state, kept] of openForms) {
      const details = main.querySelector(`.column[data-state="${CSS.escape(state)}"] details.add`);
      if (details) details.replaceWith(kept);
    }
    if (focused) {
      const card = document.getElementById("card-" + focused);
      if (card) card.focus();
    }
    refreshSteps().catch(() => {});
  }

  // Undo's and Redo's titles, and whether there is anything of the reader's to take, as the
  // board now is: a move made here by script (or anywhere) changes them without a reload.
  async function refreshSteps() {
    const buttons = document.querySelectorAll("header.bar button.undo, header.bar button.redo");
    if (!buttons.length) return;
    const url = new URL("./", location.href);
    url.search = location.search;
    url.searchParams.delete("did");
    const response = await fetch(url, { cache: "no-store", credentials: "same-origin" });
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    for (const button of buttons) {
      const fresh = page.querySelector(`header.bar button.${button.classList.contains("undo") ? "undo" : "redo"}`);
      if (!fresh) continue;
      button.disabled = fresh.disabled;
      if (fresh.title) button.title = fresh.title; else button.removeAttribute("title");
    }
  }
  // The server says when the board changed (`events`, Server-Sent Events): the columns are
  // fetched then, not every second. A browser without EventSource, or a stream the server
  // (or a proxy) will not keep, falls back to asking every second. A change heard while a
  // card is being dragged, or while the tab is hidden, is fetched once that is over.
  let missed = false;
  function changed() {
    if (busy || document.hidden) { missed = true; return; }
    missed = false;
    refresh().catch(() => {});
  }
  let polling = null;
  function poll() {
    if (!polling) polling = setInterval(changed, 1000);
  }
  if (window.EventSource) {
    const events = new EventSource("events");
    events.addEventListener("board", changed);
    events.addEventListener("error", () => { if (events.readyState === EventSource.CLOSED) poll(); });
  } else {
    poll();
  }
  setInterval(() => { if (missed) changed(); }, 1000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden && missed) changed(); });

  function toast(text) {
    const box = document.getElementById("toast");
    if (!box) return;
    box.textContent = text;
    box.hidden = false;
    clearTimeout(toast.timer);
    toast.timer = setTimeout(() => { box.hidden = true; }, 5000);
  }

  // One move through the API, with the version the card had when shown: a card changed
  // meanwhile is refused (409) and the board is shown as it is now.
  // A request that never got an answer (the server down, the network gone) is said too.
  async function move(card, state, position) {
    busy = true;
    try {
      const response = await fetch("api/cards/" + encodeURIComponent(card.dataset.card) + "/move", {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "If-Match": '"' + card.dataset.version + '"' },
        body: JSON.stringify({ state, position }),
      });
      if (!response.ok) {
        const answer = await response.json().catch(() => ({}));
        // A card changed meanwhile is said in the page's language; other refusals are rare
        // (the API's words).
        const number = card.querySelector(".number");
        if (answer.error && answer.error.code === "card-changed" && number) {
          toast(document.body.dataset.moveConflict.replace("{number}", number.textContent));
        } else {
          toast(answer.error ? answer.error.message : response.statusText);
        }
      }
    } catch (failure) {
      toast(document.body.dataset.moveFailed);
      return;
    } finally {
      busy = false;
    }
    await refresh().catch(() => {});
  }

  if (!canChange) return;

  // A place among the cards a column shows, as a position among all its cards: with a filter
  // on, the column's whole order is in `data-order`, and the card goes between the same
  // neighbours there (before the shown card it was dropped above, else after the last shown).
  // Nil when nothing would change: a drop or key onto the card's own place makes no step.
  function placeAt(card, column, index) {
    const list = column.querySelector(".cards");
    const all = [...list.querySelectorAll(".card:not(.archived)")];
    const shown = all.filter((c) => c !== card);
    if (all.includes(card) && all.indexOf(card) === index) return null;
    const order = (list.dataset.order ? JSON.parse(list.dataset.order) : all.map((c) => c.dataset.card))
      .filter((id) => id !== card.dataset.card);
    if (!list.dataset.order) return { position: index + 1 };
    if (index < shown.length) return { position: order.indexOf(shown[index].dataset.card) + 1 };
    return { position: shown.length ? order.indexOf(shown[shown.length - 1].dataset.card) + 2 : undefined };
  }

  // Drag and drop between columns and within one; the drop position is kept.
  let dragged = null;
  function dropIndex(list, y) {
    const others = [...list.querySelectorAll(".card:not(.dragging):not(.archived)")];
    const after = others.findIndex((c) => y < c.getBoundingClientRect().top + c.offsetHeight / 2);
    return after === -1 ? others.length : after;
  }
  main.addEventListener("dragstart", (event) => {
    const card = event.target.closest && event.target.closest(".card[draggable=true]");
    if (!card) return;
    dragged = card;
    busy = true;
    card.classList.add("dragging");
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", card.dataset.card);
  });
  main.addEventListener("dragend", () => {
    if (dragged) dragged.classList.remove("dragging");
    for (const c of main.querySelectorAll(".drop-target")) c.classList.remove("drop-target");
    dragged = null;
    busy = false;
  });
  main.addEventListener("dragover", (event) => {
    const column = event.target.closest && event.target.closest(".column");
    if (!dragged || !column) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    for (const c of main.querySelectorAll(".drop-target")) if (c !== column) c.classList.remove("drop-target");
    column.classList.add("drop-target");
  });
  main.addEventListener("drop", (event) => {
    const column = event.target.closest && event.target.closest(".column");
    if (!dragged || !column) return;
    event.preventDefault();
    const card = dragged;
    const place = placeAt(card, column, dropIndex(column.querySelector(".cards"), event.clientY));
    card.classList.remove("dragging");
    column.classList.remove("drop-target");
    dragged = null;
    if (place) move(card, column.dataset.state, place.position);
  });

  // `?` shows the keys; `n` opens the Add form of the focused card's column (else the first)
  // with its title field focused. Not while typing into a field.
  document.addEventListener("keydown", (event) => {
    const typing = event.target.closest && event.target.closest("input, textarea, select");
    if (typing || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === "?") {
      const keys = document.getElementById("keys");
      if (keys) keys.hidden = !keys.hidden;
    } else if (event.key === "n") {
      const column = (event.target.closest && event.target.closest(".column")) || main.querySelector(".column");
      const add = column && column.querySelector("details.add");
      if (!add) return;
      add.open = true;
      add.querySelector("input[name=title]").focus();
    } else {
      return;
    }
    event.preventDefault();
  });

  // Keys: Shift+Left/Right to the previous or next column, Shift+Up/Down within the
  // column; plain arrows move the focus between cards.
  main.addEventListener("keydown", (event) => {
    const card = event.target.closest && event.target.closest(".card[draggable=true]");
    if (!card || event.target !== card) return;
    const column = card.closest(".column");
    const columns = [...main.querySelectorAll(".column")];
    const cards = [...column.querySelectorAll(".card:not(.archived)")];
    const index = cards.indexOf(card);
    const c = columns.indexOf(column);
    if (event.key === "Enter") {
      card.querySelector("a.title").click();
    } else if (event.shiftKey && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      const target = columns[c + (event.key === "ArrowLeft" ? -1 : 1)];
      if (target) move(card, target.dataset.state, undefined);
    } else if (event.shiftKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      // Past the neighbour shown above or below; at the top or the foot, nothing to do.
      const to = index + (event.key === "ArrowUp" ? -1 : 1);
      const place = to >= 0 && to < cards.length ? placeAt(card, column, to) : null;
      if (place) move(card, column.dataset.state, place.position);
    } else if (!event.shiftKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      const next = cards[index + (event.key === "ArrowUp" ? -1 : 1)];
      if (next) next.focus();
    } else if (!event.shiftKey && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      const target = columns[c + (event.key === "ArrowLeft" ? -1 : 1)];
      const first = target && target.querySelector(".card[draggable=true]");
      if (first) first.focus();
    } else {
      return;
    }
    event.preventDefault();
  });
})();
