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
    // What is typed into an open "Add a card" form survives the new columns: the forms are
    // opened again with their values.
    const openForms = [...main.querySelectorAll("details.add[open]")].map((d) => ({
      state: d.closest(".column").dataset.state,
      values: [...d.querySelectorAll("input[name], textarea[name], select[name]")].map((f) => [f.name, f.value]),
    }));
    main.innerHTML = await response.text();
    tag = response.headers.get("ETag") || tag;
    for (const form of openForms) {
      const details = main.querySelector(`.column[data-state="${CSS.escape(form.state)}"] details.add`);
      if (!details) continue;
      details.open = true;
      for (const [name, value] of form.values) {
        const field = details.querySelector(`[name="${CSS.escape(name)}"]`);
        if (field) field.value = value;
      }
    }
    if (focused) {
      const card = document.getElementById("card-" + focused);
      if (card) card.focus();
    }
  }
  setInterval(() => {
    if (!busy && !document.hidden) refresh().catch(() => {});
  }, 1000);

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
        toast(answer.error ? answer.error.message : response.statusText);
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

  // Drag and drop between columns and within one; the drop position is kept.
  let dragged = null;
  function dropIndex(list, y) {
    const others = [...list.querySelectorAll(".card:not(.dragging):not(.archived)")];
    const after = others.findIndex((c) => y < c.getBoundingClientRect().top + c.offsetHeight / 2);
    return (after === -1 ? others.length : after) + 1;
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
    const position = dropIndex(column.querySelector(".cards"), event.clientY);
    card.classList.remove("dragging");
    column.classList.remove("drop-target");
    dragged = null;
    move(card, column.dataset.state, position);
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
      const to = index + (event.key === "ArrowUp" ? 0 : 2);
      if (to >= 1 && to <= cards.length) move(card, column.dataset.state, to);
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
