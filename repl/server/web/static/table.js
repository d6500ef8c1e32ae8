// The page of the web front: a name, the lobby, then a table, over one WebSocket
// (docs/web.md). Every label comes from the server's `words`; everything a stranger wrote
// (names, chat) is put in the page as text (textContent), never as markup.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);

  const NAME = /^[a-z][a-z0-9_-]{0,15}$/;
  // The deck ladder of core/seats.py (DECKS_BY_SEATS): a table of N seats plays this many
  // decks, and may have none, one or two jokers a deck.
  const DECKS = { 2: 1, 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3 };
  const NARRATION_KEPT = 400;
  const NOTICE_MS = 8000;
  const COARSE = window.matchMedia("(pointer: coarse)").matches;
  const STILL = window.matchMedia("(prefers-reduced-motion: reduce)");

  // -- what the page keeps in the browser ---------------------------------------------------

  const kept = {
    get(key) {
      try { return window.localStorage.getItem("threethirteen." + key); } catch (e) { return null; }
    },
    set(key, value) {
      try { window.localStorage.setItem("threethirteen." + key, value); } catch (e) { /* private mode */ }
    },
    drop(key) {
      try { window.localStorage.removeItem("threethirteen." + key); } catch (e) { /* private mode */ }
    },
  };

  /** The browser's own key: 32 random bytes, base64url without padding, made once. */
  function browserKey() {
    let key = kept.get("key");
    if (key && /^[A-Za-z0-9_-]{43}$/.test(key)) return key;
    const bytes = new Uint8Array(32);
    window.crypto.getRandomValues(bytes);
    let binary = "";
    bytes.forEach((b) => { binary += String.fromCharCode(b); });
    key = window.btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    kept.set("key", key);
    return key;
  }

  function firstLanguage() {
    const chosen = kept.get("lang");
    if (chosen === "en" || chosen === "de") return chosen;
    return (navigator.language || "en").toLowerCase().startsWith("de") ? "de" : "en";
  }

  // -- the state of the page ------------------------------------------------------------------

  let words = {};
  let lang = firstLanguage();
  let socket = null;
  let loggedIn = false;
  let wantLogin = Boolean(kept.get("name"));
  let stopped = false; // refused or sent away: no reconnecting by itself
  let backoff = 1;
  let parting = ""; // what the server said as it stopped, until it is back
  let retry = null;
  let invite = (location.pathname.match(/^\/t\/([A-Za-z0-9-]{1,24})\/?$/) || [])[1] || null;
  let place = { where: null, code: null };
  let tables = [];
  let board = null;
  let order = null; // the hand in the person's order (codes), or null: the server's
  let chosen = null; // the card lifted to be discarded (its code), until it goes or is let go
  let fresh = []; // the codes of the card just drawn or taken (marked "new")
  let deadline = null; // when the turn clock runs out (performance.now() milliseconds)
  let overs = []; // the rounds' ends still to be shown (round_over news), oldest first
  let invitedTo = null; // the table someone who played here asked the others to (its code)
  let notice = null; // the timer that clears the latest refusal or warning by the hand
  let pinned = true; // the log follows its newest line (until the person scrolls up)
  const typed = [];
  let typedAt = 0;
  let filePieces = []; // the pieces of a file on its way (a log), until its last

  /** The text of `key` in the player's language, its {fields} filled; "" before words come. */
  function w(key, fields) {
    const text = words[key];
    if (typeof text !== "string") return "";
    return text.replace(/\{(\w+)\}/g, (all, name) =>
      fields && Object.prototype.hasOwnProperty.call(fields, name) ? String(fields[name]) : all);
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  function clear(node) {
    while (node.firstChild) node.removeChild(node.firstChild);
  }

  function me() {
    return $("me").dataset.name || "";
  }

  // -- the socket -----------------------------------------------------------------------------

  function status(text) {
    $("status").textContent = text;
  }

  /** Whether the page may act: connected and logged in (else the table waits, greyed). */
  function online() {
    return Boolean(socket && socket.readyState === WebSocket.OPEN && loggedIn);
  }

  function connected(yes) {
    document.body.classList.toggle("offline", !yes);
    $("table").inert = !yes && place.where !== null;
    if (!yes && place.where !== null) status(w("web.offline"));
  }

  function connect() {
    if (socket && socket.readyState <= WebSocket.OPEN) return;
    clearTimeout(retry);
    status(w("web.connecting"));
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    // ?lang: the words of the login form come before the login
    const ws = new WebSocket(scheme + "//" + location.host + "/ws?lang=" + lang);
    socket = ws;
    filePieces = []; // (a file cut off by a lost socket is not kept)
    ws.addEventListener("open", () => {
      if (ws !== socket) return;
      status("");
      if (wantLogin) login();
    });
    ws.addEventListener("message", (event) => {
      if (ws !== socket) return;
      let message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      if (message && typeof message.type === "string"
          && Object.prototype.hasOwnProperty.call(HEARD, message.type)) {
        HEARD[message.type](message);
      }
    });
    ws.addEventListener("close", () => {
      if (ws !== socket) return;
      const was = loggedIn;
      loggedIn = false;
      socket = null;
      stopClock();
      connected(false);
      if (stopped || !wantLogin) {
        if (!stopped) status("");
        return;
      }
      // lost (or the server stopped): try again, waiting longer each time (1, 2, 4 … 30 s)
      const wait = was && backoff === 1 ? 1 : backoff;
      backoff = Math.min(backoff * 2, 30);
      status((parting ? parting + " " : "") + w("web.lost", { seconds: wait }));
      retry = setTimeout(connect, wait * 1000);
    });
  }

  function login() {
    const name = kept.get("name");
    if (!name || !socket || socket.readyState !== WebSocket.OPEN) return;
    // the game's text is laid out by the page: the server breaks it only at its widest
    const hello = { type: "login", name: name, key: browserKey(), lang: lang, columns: 120 };
    if (invite) hello.table = invite; // an invite link: joined once logged in
    socket.send(JSON.stringify(hello));
  }

  /** Send a line as if typed at the game's command line. */
  function send(text) {
    if (!online()) return;
    socket.send(JSON.stringify({ type: "line", text: text }));
  }

  /** Send an act a click on the board made (the protocol's own, docs/web.md): a move, a
   * hint, the AI for a turn, the deal. A move and a hint carry the state id of the board
   * they were made on (its count of events): the table refuses them if it moved on since. */
  function act(what) {
    if (!online() || !board) return;
    socket.send(JSON.stringify({ type: "act", act: what }));
  }

  function play(command) {
    command.seat = board.seat;
    act({ type: "Play", command: command, seen: board.events });
  }

  const BUTTON_ACTS = {
    hint: () => act({ type: "AskHint", seen: board.events }),
    "auto turn": () => act({ type: "SetAuto", scope: "turn" }),
    start: () => act({ type: "Start" }),
  };

  /** A change of the board (a `patch`): each [path, value] set where its path leads. */
  function patched(old, ops) {
    let top = old;
    ops.forEach((op) => {
      if (!Array.isArray(op) || !Array.isArray(op[0])) return;
      const path = op[0];
      if (path.length === 0) { top = op[1]; return; }
      let node = top;
      for (let k = 0; k < path.length - 1; k += 1) {
        if (node === null || typeof node !== "object") return;
        node = node[path[k]];
      }
      if (node !== null && typeof node === "object") node[path[path.length - 1]] = op[1];
    });
    return top;
  }

  // -- what the server says -------------------------------------------------------------------

  const HEARD = {
    words(message) {
      if (message.words && typeof message.words === "object") {
        words = message.words;
        kept.set("words." + message.lang, JSON.stringify(words));
      }
      if (message.lang === "en" || message.lang === "de") {
        lang = message.lang;
        $("lang").value = lang;
        kept.set("lang", lang);
      }
      document.documentElement.lang = lang;
      showWords();
    },
    welcome(message) {
      loggedIn = true;
      backoff = 1;
      parting = "";
      stopped = false;
      status("");
      connected(true);
      $("me").textContent = w("web.you_are", { name: message.name });
      $("me").dataset.name = message.name;
      $("login-refused").textContent = "";
      document.body.classList.add("in");
      if (invite) {
        invite = null; // asked for at the login: a reload does not ask again
        history.replaceState(null, "", "/");
        $("invited").hidden = true;
      }
      if (place.where === null) show("lobby");
    },
    refused(message) {
      stopped = true;
      wantLogin = false;
      kept.drop("name");
      document.body.classList.remove("in");
      show("login");
      $("login-refused").textContent = message.text || "";
      $("login-name").focus();
    },
    place(message) {
      const before = place;
      place = { where: message.where, code: message.code || null };
      $("bar").textContent = "";
      if (place.where === "lobby") {
        board = null;
        order = null;
        chosen = null;
        overs = [];
        closeOver();
        stopClock();
        show("lobby");
      } else {
        if (before.code !== place.code) {
          invitedTo = null;
          $("again-asked").hidden = true;
          board = null;
          order = null;
          chosen = null;
          fresh = [];
          clear($("hand"));
        }
        show("table");
        $("table-title").textContent = title();
      }
    },
    text(message) {
      const parts = Array.isArray(message.parts) ? message.parts : [];
      narrate(parts);
      // a refusal or a warning is said by the hand too, where the person looks
      const style = parts.length && Array.isArray(parts[0]) ? String(parts[0][0]) : "";
      if (/class:(error|warn)\b/.test(style) && place.where !== "lobby") {
        sayNotice(parts.map((part) => String(part[1])).join("").trim());
      }
    },
    bar(message) {
      if (place.where === "lobby" || place.where === null) $("bar").textContent = message.text || "";
    },
    tables(message) {
      tables = Array.isArray(message.tables) ? message.tables : [];
      drawTables();
    },
    board(message) {
      newBoard(message);
    },
    patch(message) {
      if (!board || !Array.isArray(message.ops)) return;
      newBoard(patched(JSON.parse(JSON.stringify(board)), message.ops));
    },
    round_over(message) {
      if (message.again) {
        // told again in the words switched to: it replaces the one still shown or waiting
        // (the page has no words of its own for the names and cards the server wrote)
        const k = overs.findIndex((over) => over.no === message.no);
        if (k < 0) return;
        overs[k] = message;
        if (k === 0 && $("over").open) showOver();
        return;
      }
      overs.push(message);
      if (!$("over").open) showOver();
    },
    invited(message) {
      // someone who played here asks for another game: said by the result, whose button
      // joins their table; told again in the words switched to, it replaces the one shown
      // (the page has no words of its own for what the server wrote)
      if (message.again && invitedTo !== String(message.code || "")) return;
      invitedTo = String(message.code || "");
      $("again-asked").textContent = message.text || "";
      $("again-asked").hidden = false;
      if (board && board.result) drawResult(board.result);
    },
    clock(message) {
      const can = (board && board.can) || {};
      if (can.draw || can.discard) runClock(message.seconds);
    },
    file(message) {
      // the game's log, kept as a file of the player's (replay it with threethirteen replay);
      // a large one comes in pieces, each marked `more` but the last
      filePieces.push(String(message.text || ""));
      if (message.more) return;
      const text = filePieces.join("");
      filePieces = [];
      const name = String(message.name || "game.jsonl").replace(/[^a-z0-9.-]/gi, "_");
      const blob = new Blob([text], { type: "application/x-ndjson" });
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    },
    bye(message) {
      if (message.again && wantLogin) {
        // the server is stopping (a restart, most often): back at the seat once it is up
        backoff = 5;
        parting = message.text || "";
        status(parting);
        return;
      }
      stopped = true;
      status(message.text || "");
      $("again").hidden = false;
    },
  };

  /** A board came (whole, or made by a patch): what changed in the hand is marked, then
   * the table drawn. */
  function newBoard(next) {
    const old = board;
    const held = old && Array.isArray(old.hand) ? old.hand.map((card) => card.code) : [];
    const now = Array.isArray(next.hand) ? next.hand.map((card) => card.code) : [];
    const sameRound = old && old.round && next.round && old.round.no === next.round.no;
    if (sameRound && now.length === held.length + 1) {
      const left = held.slice();
      fresh = now.filter((code) => {
        const k = left.indexOf(code);
        if (k >= 0) { left.splice(k, 1); return false; }
        return true;
      });
    } else if (!sameRound || now.length < held.length) {
      fresh = [];
    }
    board = next;
    const can = board.can || {};
    if (!can.discard || !now.includes(chosen)) chosen = null;
    drawBoard(old);
  }

  // -- the words ------------------------------------------------------------------------------

  function showWords() {
    document.querySelectorAll("[data-w]").forEach((node) => {
      node.textContent = w(node.dataset.w, node.dataset);
    });
    document.title = w("web.title") || document.title;
    if (place.where === "lobby" || place.where === null) drawTables();
    if (board) drawBoard(board);
    if (place.where === "seat" || place.where === "watch") $("table-title").textContent = title();
    const name = me();
    if (name) $("me").textContent = w("web.you_are", { name: name });
    if ($("over").open) showOver(); // (its labels in the new words)
    if (invite) {
      $("invited").hidden = false;
      $("invited").textContent = w("web.login.invited", { code: invite.toUpperCase() });
    }
  }

  function show(view) {
    ["login", "lobby", "table"].forEach((name) => { $(name).hidden = name !== view; });
    document.body.dataset.view = view;
    $("side").hidden = view === "login";
    if (view !== "table") openLog(false);
  }

  function title() {
    if (place.where === "watch") return w("web.table.watching", { code: place.code });
    return w("web.table.code", { code: place.code });
  }

  // -- narration and chat ---------------------------------------------------------------------

  /** A terminal's style ("class:card.red class:card.wild") as the page's classes. */
  function styleClasses(style) {
    return String(style || "").split(/\s+/)
      .filter((part) => /^class:[a-z0-9_.-]+$/i.test(part))
      .map((part) => "s-" + part.slice(6).replace(/\./g, "-"));
  }

  function narrate(parts) {
    const pane = $("narration");
    const line = el("div", "said");
    let all = "";
    parts.forEach((part) => {
      if (!Array.isArray(part) || part.length < 2) return;
      // a styled word's trailing space stays outside it (a wild card's ★ follows the card)
      const text = String(part[1]);
      all += text;
      const word = text.replace(/\s+$/, "");
      line.appendChild(el("span", styleClasses(part[0]).join(" "), word));
      if (word.length < text.length) line.appendChild(document.createTextNode(text.slice(word.length)));
    });
    // a score sheet or a round's hands are columns: kept as they are; the rest is text the
    // page lays out in its own width
    if (/\S {2,}\S|[│─┼]/.test(all)) line.classList.add("columns");
    // the score sheet is drawn as the table's own sheet (a phone's log is too narrow for
    // its columns of text): its title stays, the sheet is the board's once it has come
    const lines = all.split("\n");
    const names = ((board && board.seats) || []).map((seat) => String(seat.name || ""));
    if (line.classList.contains("columns") && names.length && lines.length > 2
        && names.every((name) => name && lines[1].includes(name))) {
      clear(line);
      line.classList.remove("columns");
      line.classList.add("sheet-said");
      line.appendChild(el("strong", "s-title", lines[0]));
      const box = el("div", "scroll");
      box.tabIndex = 0; // (a sheet wider than the log scrolls: by the keyboard too)
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", lines[0].trim());
      const table = el("table", "sheet pending");
      // the rounds the words show (at a table of more than four, a round's end shows its
      // own row only), drawn from the board whose sheet ends with the last of them: it may
      // come after the words
      const told = lines.map((text) => /^\s*(\d+)\s/.exec(text)).filter(Boolean);
      table.dataset.rounds = told.map((found) => found[1]).join(" ");
      ["thead", "tbody", "tfoot"].forEach((part) => table.appendChild(el(part)));
      box.appendChild(table);
      line.appendChild(box);
    }
    pane.appendChild(line);
    if (board && board.sheet) fillPending(board.sheet);
    while (pane.childElementCount > NARRATION_KEPT) pane.removeChild(pane.firstChild);
    follow();
  }

  function follow() {
    const pane = $("narration");
    if (pinned) pane.scrollTop = pane.scrollHeight;
  }

  function onNarrationScroll() {
    const pane = $("narration");
    pinned = pane.scrollTop + pane.clientHeight >= pane.scrollHeight - 8;
  }

  function openLog(open) {
    document.body.classList.toggle("log-open", open);
    $("log-open").setAttribute("aria-expanded", String(open));
    if (open) {
      pinned = true;
      follow();
      $("log-close").focus();
    }
  }

  function sayNotice(text) {
    const box = $("notice");
    box.textContent = text;
    clearTimeout(notice);
    notice = setTimeout(() => { box.textContent = ""; }, NOTICE_MS);
  }

  // -- the lobby ------------------------------------------------------------------------------

  function drawTables() {
    const body = $("tables").tBodies[0];
    clear(body);
    $("no-tables").hidden = tables.length > 0;
    $("tables").hidden = tables.length === 0;
    tables.forEach((table) => {
      const row = el("tr");
      row.dataset.code = table.code;
      const cell = (className, key, text) => {
        const td = el("td", className, text);
        if (key) td.dataset.label = w(key);
        row.appendChild(td);
        return td;
      };
      cell("code", null, table.code);
      cell("count", "web.lobby.seats", (table.taken || 0) + "/" + table.seats);
      // an empty seat of a game that has begun is the AI's
      const empty = table.started ? w("web.lobby.ai") : w("web.lobby.free");
      const people = (table.people || []).map((name) => name === null ? empty : name);
      cell("people", "web.lobby.people", people.join(", "));
      const state = table.started ? w("web.lobby.round", { round: table.round || "–" })
        : w("web.lobby.waiting");
      cell("state", "web.lobby.state", state);
      cell("options", "web.lobby.options", table.options || "");
      const actions = cell("actions", null);
      if (table.mine) {
        actions.appendChild(lineButton(w("web.lobby.back"), "join " + table.code, "join"));
      } else {
        if (!table.started && table.taken < table.seats) {
          actions.appendChild(lineButton(w("web.lobby.join"), "join " + table.code, "join"));
        }
        actions.appendChild(lineButton(w("web.lobby.watch"), "watch " + table.code, "watch"));
      }
      body.appendChild(row);
    });
  }

  function lineButton(text, line, className) {
    const button = el("button", className, text);
    button.type = "button";
    button.dataset.line = line;
    return button;
  }

  function jokerChoices() {
    const decks = DECKS[Number($("new-seats").value)] || 2;
    Array.from($("new-jokers").options).forEach((option, k) => { option.value = String(k * decks); });
  }

  function newTable(event) {
    event.preventDefault();
    jokerChoices();
    let line = "new --seats " + $("new-seats").value + " --jokers " + $("new-jokers").value
      + " --aces " + $("new-aces").value + " --level " + $("new-level").value;
    if ($("new-time").value) line += " --turn-time " + $("new-time").value;
    send(line);
  }

  // -- cards ----------------------------------------------------------------------------------

  const SUITS = { h: "web.suit.h", d: "web.suit.d", c: "web.suit.c", s: "web.suit.s" };
  const RANKS = { A: "web.rank.ace", K: "web.rank.king", Q: "web.rank.queen", J: "web.rank.jack" };
  const ENDS = {
    went_out: "web.over.went_out",
    stock_exhausted: "web.over.stock_exhausted",
    turns_played: "web.over.turns_played",
  };

  /** A card's name as it is spoken: "7 of hearts, wild". */
  function cardName(card) {
    if (card.joker) return w("web.card.joker");
    const code = String(card.code || "");
    const rankCode = code.slice(0, -1);
    const suit = (SUITS[code.slice(-1)] && w(SUITS[code.slice(-1)])) || card.symbol || "";
    const rank = (RANKS[rankCode] && w(RANKS[rankCode])) || rankCode;
    const name = suit ? w("web.card.spoken", { rank: rank, suit: suit }) : String(card.label);
    return card.wild ? name + ", " + w("web.card.wild") : name;
  }

  /** A card drawn as a card: its rank and suit symbol, and a ★ and a word when wild. */
  function cardFace(card, tag) {
    const node = el(tag || "span", "card");
    node.classList.add(card.red ? "red" : "black");
    if (card.wild) node.classList.add("wild");
    if (card.joker) node.classList.add("joker");
    node.dataset.code = card.code;
    const label = String(card.label || card.code);
    const symbol = card.symbol || "";
    const rank = symbol && label.endsWith(symbol) ? label.slice(0, -symbol.length) : label;
    const face = el("span", "face");
    face.setAttribute("aria-hidden", "true");
    face.appendChild(el("span", "rank", rank));
    if (symbol) face.appendChild(el("span", "suit", symbol));
    if (card.wild || card.joker) {
      const mark = el("span", "mark");
      mark.appendChild(el("span", "star", "★"));
      mark.appendChild(el("span", "word", w(card.joker ? "web.card.joker" : "web.card.wild")));
      face.appendChild(mark);
    }
    node.appendChild(face);
    node.title = cardName(card);
    if (tag !== "button") node.setAttribute("role", "img");
    node.setAttribute("aria-label", cardName(card));
    return node;
  }

  /** The person's order of the hand: the cards still held where they put them, each new
   * card after the card it follows in the server's (suit and rank) order. */
  function inPersonsOrder(codes) {
    if (!order) return codes.slice();
    const left = new Map();
    codes.forEach((code) => left.set(code, (left.get(code) || 0) + 1));
    const result = [];
    order.forEach((code) => {
      if ((left.get(code) || 0) > 0) {
        result.push(code);
        left.set(code, left.get(code) - 1);
      }
    });
    const placed = new Map();
    result.forEach((code) => placed.set(code, (placed.get(code) || 0) + 1));
    codes.forEach((code, i) => {
      if ((placed.get(code) || 0) > 0) {
        placed.set(code, placed.get(code) - 1);
        return;
      }
      let at = 0;
      for (let j = i - 1; j >= 0; j -= 1) {
        const k = result.lastIndexOf(codes[j]);
        if (k >= 0) { at = k + 1; break; }
      }
      result.splice(at, 0, code);
    });
    return result;
  }

  // -- a little life: a card moves from where it was to where it is -------------------------

  /** Where each card of the hand and the discard pile's top card are now (for the move). */
  function places() {
    const found = { hand: new Map(), top: null, stock: null };
    document.querySelectorAll("#hand .card").forEach((node) => {
      found.hand.set(node.dataset.code, node.getBoundingClientRect());
    });
    const top = document.querySelector("#discard-top .card");
    if (top) found.top = { code: top.dataset.code, box: top.getBoundingClientRect() };
    found.stock = $("stock").getBoundingClientRect();
    found.pile = $("discard").getBoundingClientRect();
    return found;
  }

  /** Move `node` from the box `from` to where it is, by a transition (none when the person
   * asked for less motion). */
  function glide(node, from) {
    if (STILL.matches || !from || !node.isConnected) return;
    const to = node.getBoundingClientRect();
    const dx = from.left - to.left;
    const dy = from.top - to.top;
    if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
    if (typeof node.animate !== "function") return;
    // (an animation, not a style attribute: the page sets no style of its own)
    node.animate([{ transform: "translate(" + dx + "px, " + dy + "px)" }, { transform: "none" }],
      { duration: 260, easing: "ease-out" });
  }

  function moves(before) {
    if (!before) return;
    // a card new in the hand comes from the stock, or from the pile when it was its top
    fresh.forEach((code) => {
      const node = document.querySelector('#hand .card[data-code="' + CSS.escape(code) + '"]');
      if (!node || before.hand.has(code)) return;
      const fromPile = before.top && before.top.code === code;
      glide(node, fromPile ? before.top.box : before.stock);
    });
    // the pile's new top card comes from the hand when it was ours
    const top = document.querySelector("#discard-top .card");
    if (top && (!before.top || before.top.code !== top.dataset.code)) {
      glide(top, before.hand.get(top.dataset.code) || null);
    }
  }

  // -- the table ------------------------------------------------------------------------------

  function drawBoard(old) {
    const b = board;
    if (!b) return;
    const before = old && old !== b ? places() : null;
    const can = b.can || {};
    const round = b.round;
    $("table-title").textContent = title();
    const link = location.origin + "/t/" + b.code;
    $("invite-words").textContent = w("web.table.invite", { code: b.code });
    $("invite-link").textContent = link;
    $("invite-link").href = "/t/" + encodeURIComponent(b.code);
    $("invite").hidden = b.started;

    let head = [];
    if (round) {
      head = [w("web.table.round", { no: round.no }), w("web.table.wild", { wild: round.wild }),
        w("web.table.size", { size: round.size }), w("web.table.dealer", { dealer: round.dealer })];
      if (round.last_turn) head.push(w("web.table.last_turn"));
    } else if (b.result) {
      head = [];
    } else if (b.started) {
      head = [w("web.table.between")];
    } else {
      head = [w("web.table.waiting")];
    }
    $("round").textContent = head.join(" · ");
    $("round").dataset.round = round ? String(round.no) : "";

    // the piles
    $("piles").hidden = !round;
    const hint = b.hint || {};
    const stock = $("stock");
    stock.disabled = !can.draw;
    stock.classList.toggle("playable", Boolean(can.draw));
    stock.classList.toggle("hinted", hint.draw === "stock");
    $("stock-hint").textContent = hint.draw === "stock" ? w("web.card.hint") : "";
    $("stock-count").textContent = round ? w("web.table.stock_cards", { n: round.stock }) : "";
    stock.setAttribute("aria-label", round ? w("web.table.stock_draw", { n: round.stock })
      + (hint.draw === "stock" ? ", " + w("web.pile.hint") : "") : "");
    const discard = $("discard");
    const putting = Boolean(can.discard && chosen);
    discard.disabled = !can.take && !putting;
    discard.classList.toggle("playable", Boolean(can.take) || putting);
    discard.classList.toggle("hinted", hint.draw === "discard");
    $("discard-hint").textContent = hint.draw === "discard" ? w("web.card.hint") : "";
    const top = $("discard-top");
    clear(top);
    if (round && round.discard_top) {
      top.appendChild(cardFace(round.discard_top));
      let label = w("web.table.discard_take", { card: cardName(round.discard_top) });
      if (putting) label = w("web.pile.put", { card: chosenName() });
      else if (!can.take) label = w("web.table.discard") + ": " + cardName(round.discard_top);
      if (hint.draw === "discard") label += ", " + w("web.pile.hint");
      discard.setAttribute("aria-label", label);
    } else {
      top.appendChild(el("span", "empty", w("web.table.discard_empty")));
      discard.setAttribute("aria-label", putting ? w("web.pile.put", { card: chosenName() })
        : w("web.table.discard") + ": " + w("web.table.discard_empty"));
    }

    drawSeats(b);
    drawHand(b);
    drawSay(b);

    $("start").hidden = !can.start;
    const seated = b.seat !== null && b.seat !== undefined;
    document.querySelectorAll("#buttons [data-line]").forEach((button) => {
      const line = button.dataset.line;
      if (line === "hint" || line === "auto turn") button.hidden = !seated || !round;
      else if (line === "score" || line === "who") button.hidden = !seated && !b.started;
    });
    // the help on cards and keys once there are cards to play, to the seats only
    document.querySelectorAll("#table .keys").forEach((help) => { help.hidden = !seated || !round; });

    drawSheet(b.sheet);
    drawResult(b.result);
    document.body.classList.toggle("over", Boolean(b.result));

    // the turn clock is the seat's own, while it is to play
    if (typeof b.clock === "number" && round && !b.result && (can.draw || can.discard)) {
      runClock(b.clock);
    } else {
      stopClock();
    }
    moves(before);
  }

  /** What to do now, said by the hand (and read out: a polite live region). */
  function drawSay(b) {
    const can = b.can || {};
    const round = b.round;
    const turn = (b.seats || []).find((seat) => seat.turn);
    let text = "";
    if (b.result) {
      text = "";
    } else if (!b.started) {
      if (b.seat === null || b.seat === undefined) text = w("web.table.wait_host", { host: b.host });
      else if (b.host !== me()) text = w("web.table.wait_host", { host: b.host });
      else if (!can.start) text = w("web.table.wait_people");
      // a seat nobody took is the AI's once the game starts: said, so that nobody waits
      else if ((b.seats || []).some((seat) => !seat.you && !seat.person)) text = w("web.table.you_start_ai");
      else text = w("web.table.you_start");
    } else if (!round) {
      text = w("web.table.between");
    } else if (can.draw) {
      text = w("web.say.draw");
    } else if (can.discard) {
      const card = chosen && handCard(chosen);
      text = card && typeof card.after === "number"
        ? w("web.say.selected", { card: cardName(card), after: card.after })
        : w("web.say.discard");
    } else if (turn) {
      // the AI for its player (auto): nobody is waited for, away or not
      const watching = b.seat === null || b.seat === undefined;
      const key = turn.auto ? (watching ? "web.say.watching_auto" : "web.say.auto")
        : (watching ? "web.say.watching" : "web.say.wait");
      text = w(key, { name: turn.name });
    }
    text = text.charAt(0).toUpperCase() + text.slice(1); // (a card's name may begin it)
    if ($("say").textContent !== text) $("say").textContent = text;
  }

  function handCard(code) {
    return ((board && board.hand) || []).find((card) => card.code === code) || null;
  }

  function chosenName() {
    const card = chosen && handCard(chosen);
    return card ? cardName(card) : "";
  }

  function drawSeats(b) {
    const list = $("seats");
    clear(list);
    const others = (b.seats || []).filter((seat) => !seat.you);
    // around the table: the first to your left on the left, the last on the right, the
    // others across (one alone sits across)
    const side = (k) => {
      if (others.length === 1) return "top";
      if (others.length === 2) return k === 0 ? "left" : "right";
      if (k === 0) return "left";
      if (k === others.length - 1) return "right";
      return "top";
    };
    list.dataset.count = String(others.length);
    // those across share one place at the top (a list of their own)
    let across = null;
    others.forEach((seat, k) => {
      const item = el("li", "seat");
      item.dataset.side = side(k);
      if (seat.turn) item.classList.add("turn");
      if (seat.person && !seat.here) item.classList.add("away");
      if (seat.ai) item.classList.add("ai");
      item.dataset.index = String(seat.index);
      item.appendChild(el("span", "turn-sign", seat.turn ? "▶" : ""));
      const who = el("span", "who");
      who.appendChild(el("strong", "name", seat.name || w("web.seat.empty")));
      const notes = [seat.place === seat.name ? "" : seat.place];
      if (seat.ai) notes.push(w("web.seat.ai"));
      if (seat.host) notes.push(w("web.seat.host"));
      if (seat.person && !seat.here) notes.push(w("web.seat.away"));
      if (seat.auto) notes.push(w("web.seat.auto"));
      if (seat.turn) notes.push(w("web.seat.turn"));
      who.appendChild(el("span", "place", notes.filter(Boolean).join(" · ")));
      item.appendChild(who);
      const facts = el("span", "facts");
      if (typeof seat.cards === "number") {
        const cards = seat.cards === 1 ? w("web.seat.card_one") : w("web.seat.cards", { n: seat.cards });
        facts.appendChild(el("span", "cards", cards));
      }
      facts.appendChild(el("span", "total", w("web.seat.total", { total: seat.total })));
      item.appendChild(facts);
      item.appendChild(el("span", "last", seat.last || ""));
      if (item.dataset.side !== "top") {
        list.appendChild(item);
        return;
      }
      if (!across) {
        const holder = el("li", "across");
        across = el("ol", "across-list");
        holder.appendChild(across);
        list.appendChild(holder);
      }
      across.appendChild(item);
    });
  }

  function drawHand(b) {
    const mine = $("mine");
    const hand = $("hand");
    dragging = null;
    if (!Array.isArray(b.hand)) {
      mine.classList.add("watching");
      hand.classList.remove("discarding", "long");
      chosen = null;
      clear(hand);
      $("arrangement").hidden = true;
      $("choice").hidden = true;
      return;
    }
    mine.classList.remove("watching");
    const byCode = new Map();
    b.hand.forEach((card) => byCode.set(card.code, card));
    order = inPersonsOrder(b.hand.map((card) => card.code));
    const can = b.can || {};
    const taken = b.taken ? b.taken.code : null;
    const hinted = b.hint && b.hint.code;
    const focused = document.activeElement && document.activeElement.closest
      && document.activeElement.closest("#hand .card");
    const focusCode = focused ? focused.dataset.code : null;
    clear(hand);
    hand.classList.toggle("discarding", Boolean(can.discard));
    hand.classList.toggle("long", order.length > 7);
    let tabbed = null;
    order.forEach((code) => {
      const card = byCode.get(code);
      const button = cardFace(card, "button");
      button.type = "button";
      button.tabIndex = -1;
      const spoken = [cardName(card)];
      const badges = el("span", "badges");
      badges.setAttribute("aria-hidden", "true");
      if (code === taken) {
        button.classList.add("taken");
        badges.appendChild(el("span", "badge taken-word", w("web.table.taken_short")));
        spoken.push(w("web.table.taken_short"));
      } else if (can.discard) {
        button.classList.add("playable");
      }
      if (fresh.includes(code)) {
        button.classList.add("fresh");
        badges.appendChild(el("span", "badge new", w("web.card.new")));
        spoken.push(w("web.card.new"));
      }
      if (hinted === code) {
        button.classList.add("hinted");
        badges.appendChild(el("span", "badge hint", w("web.card.hint")));
        spoken.push(w("web.card.hint"));
      } else if (b.best === code) {
        badges.appendChild(el("span", "badge best", w("web.card.best")));
        spoken.push(w("web.card.best"));
      }
      if (typeof card.after === "number") {
        button.appendChild(el("span", "after", w("web.card.after", { n: card.after })));
        spoken.push(w("web.card.after_spoken", { n: card.after }));
      }
      if (badges.firstChild) button.appendChild(badges);
      button.setAttribute("aria-label", spoken.join(", "));
      if (can.discard && code !== taken) button.setAttribute("aria-pressed", String(code === chosen));
      if (code === chosen) button.classList.add("chosen");
      if (code === chosen || (!chosen && code === focusCode)) tabbed = button;
      hand.appendChild(button);
    });
    // one card of the hand is reached by Tab (the arrows go on from it)
    tabbed = tabbed || hand.firstElementChild;
    if (tabbed) tabbed.tabIndex = 0;
    if (focusCode && tabbed && tabbed.isConnected && document.activeElement === document.body) {
      tabbed.focus({ preventScroll: true });
    }

    const choice = $("choice");
    const card = chosen && byCode.get(chosen);
    choice.hidden = !card;
    if (card) {
      const after = typeof card.after === "number" ? " (" + w("web.card.after", { n: card.after }) + ")" : "";
      $("discard-chosen").textContent = w("web.say.discard_it", { card: card.label }) + after;
      $("discard-chosen").setAttribute("aria-label", w("web.say.discard_it", { card: cardName(card) }));
    }

    const melds = $("melds");
    clear(melds);
    (b.melds || []).forEach((meld) => {
      const group = el("span", "meld");
      meld.forEach((one) => group.appendChild(cardFace(one)));
      melds.appendChild(group);
    });
    if (!(b.melds || []).length) melds.appendChild(el("span", "none", w("web.table.no_melds")));
    const left = $("left-over");
    clear(left);
    (b.left_over || []).forEach((one) => left.appendChild(cardFace(one)));
    $("penalty").textContent = typeof b.penalty === "number" ? w("web.table.penalty", { penalty: b.penalty }) : "";
    $("arrangement").hidden = b.hand.length === 0;
  }

  function drawSheet(sheet) {
    const box = $("sheet");
    if (!sheet || !Array.isArray(sheet.rounds) || sheet.rounds.length === 0) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    fillSheet($("sheet-table"), sheet);
    fillPending(sheet);
  }

  /** The score sheets said in the log and not drawn yet, drawn from `sheet` (the board that
   * comes with the words has the rounds they told). */
  function fillPending(sheet) {
    if (!sheet || !Array.isArray(sheet.rounds) || sheet.rounds.length === 0) return;
    document.querySelectorAll("#narration table.sheet.pending").forEach((table) => {
      const told = (table.dataset.rounds || "").split(" ").filter(Boolean).map(Number);
      if (!told.length || Math.max(...told) !== sheet.rounds.length) return;
      table.classList.remove("pending");
      const rounds = sheet.rounds.filter((round) => told.includes(Number(round.no)));
      fillSheet(table, Object.assign({}, sheet, { rounds: rounds }));
    });
  }

  function fillSheet(table, sheet) {
    const head = table.tHead;
    const body = table.tBodies[0];
    const foot = table.tFoot;
    [head, body, foot].forEach(clear);
    const top = el("tr");
    top.appendChild(el("th", null, w("web.sheet.round")));
    (sheet.seats || []).forEach((name) => top.appendChild(el("th", null, name)));
    head.appendChild(top);
    sheet.rounds.forEach((round) => {
      const row = el("tr");
      row.appendChild(el("th", null, round.no));
      (round.scores || []).forEach((score) => row.appendChild(el("td", score === 0 ? "zero" : null, score)));
      body.appendChild(row);
    });
    const totals = el("tr");
    totals.appendChild(el("th", null, w("web.sheet.total")));
    (sheet.totals || []).forEach((total) => totals.appendChild(el("td", null, total)));
    foot.appendChild(totals);
  }

  function drawResult(result) {
    const box = $("result");
    if (!result) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const winners = Array.isArray(result.winners) ? result.winners : [];
    let text = w("web.result.nobody");
    if (result.tie) text = w("web.result.nobody");
    else if (winners.length === 1) text = w("web.result.winner", { names: winners[0] });
    else if (winners.length > 1) text = w("web.result.winners", { names: winners.join(", ") });
    $("result-winners").textContent = text;
    const body = $("standings").tBodies[0];
    clear(body);
    let place = 0;
    let last = null;
    (result.standings || []).forEach((row, k) => {
      if (row.total !== last) place = k + 1;
      last = row.total;
      const tr = el("tr", row.you ? "you" : null);
      tr.appendChild(el("td", null, place));
      tr.appendChild(el("th", null, row.name)).setAttribute("scope", "row");
      tr.appendChild(el("td", null, row.total));
      body.appendChild(tr);
    });
    $("keep-log").hidden = !result.log;
    // a seat may ask for another game (the line `again`); once someone asked, it joins theirs
    $("play-again").hidden = !result.log;
    $("play-again").textContent = invitedTo
      ? w("web.result.join_again", { code: invitedTo })
      : w("web.result.play_again");
  }

  function keepLog() {
    if (!online() || !board) return;
    socket.send(JSON.stringify({ type: "log", code: board.code }));
  }

  // -- a round's end --------------------------------------------------------------------------

  /** The oldest round's end not shown yet, in a panel that waits for a click or a key. */
  function showOver() {
    const over = overs[0];
    if (!over) return;
    const dialog = $("over");
    $("over-title").textContent = w("web.over.title", { no: over.no });
    let how = ENDS[over.ended_by] ? w(ENDS[over.ended_by]) : "";
    const you = (over.hands || []).find((hand) => hand.you && hand.out);
    if (over.ended_by === "went_out") {
      how = you ? w("web.over.went_out_you") : w("web.over.went_out", { name: over.went_out || "" });
    }
    $("over-how").textContent = how;
    $("over-wild").textContent = w("web.over.wild", { wild: over.wild });
    const list = $("over-hands");
    clear(list);
    (over.hands || []).forEach((hand) => {
      const item = el("li", "over-hand" + (hand.you ? " you" : "") + (hand.out ? " out" : ""));
      const head = el("p", "over-head");
      head.appendChild(el("strong", "name", hand.name));
      if (hand.out) head.appendChild(el("span", "badge out", w("web.over.out")));
      head.appendChild(el("span", "over-penalty", w("web.over.penalty", { n: hand.penalty })));
      head.appendChild(el("span", "over-total", w("web.over.total", { n: hand.total })));
      item.appendChild(head);
      const cards = el("p", "over-cards");
      (hand.melds || []).forEach((meld) => {
        const group = el("span", "meld");
        group.setAttribute("role", "group");
        group.setAttribute("aria-label", w("web.table.melds"));
        meld.forEach((one) => group.appendChild(cardFace(one)));
        cards.appendChild(group);
      });
      if ((hand.left_over || []).length) {
        const group = el("span", "left");
        group.setAttribute("role", "group");
        group.setAttribute("aria-label", w("web.table.left_over"));
        group.appendChild(el("span", "label", w("web.table.left_over")));
        hand.left_over.forEach((one) => group.appendChild(cardFace(one)));
        cards.appendChild(group);
      }
      item.appendChild(cards);
      list.appendChild(item);
    });
    $("over-go").textContent = (over.no >= 11 ? w("web.over.last") : w("web.over.next"))
      + " " + w("web.over.keys");
    if (!dialog.open) dialog.showModal();
    $("over-go").focus();
  }

  function closeOver() {
    const dialog = $("over");
    if (dialog.open) dialog.close();
  }

  function nextOver() {
    overs.shift();
    closeOver();
    if (overs.length) showOver();
    else if (board && board.result) $("result").scrollIntoView({ block: "nearest" });
  }

  // -- the turn clock -------------------------------------------------------------------------

  let ticking = null;

  function runClock(seconds) {
    if (typeof seconds !== "number" || !isFinite(seconds)) return;
    deadline = performance.now() + seconds * 1000;
    tick();
    if (!ticking) ticking = setInterval(tick, 250);
  }

  function stopClock() {
    deadline = null;
    clearInterval(ticking);
    ticking = null;
    $("clock").hidden = true;
  }

  function tick() {
    if (deadline === null) return;
    const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
    const clock = $("clock");
    clock.hidden = false;
    clock.textContent = w("web.clock", { seconds: left });
    clock.dataset.seconds = String(left);
    clock.classList.toggle("low", left <= 10);
  }

  // -- choosing a card, then discarding it ----------------------------------------------------

  function choose(code) {
    const can = (board && board.can) || {};
    if (!can.discard || !board || (board.taken && board.taken.code === code)) return;
    chosen = code;
    drawBoard(board);
    const node = document.querySelector('#hand .card[data-code="' + CSS.escape(code) + '"]');
    if (node) node.focus({ preventScroll: true });
  }

  function discardChosen() {
    const can = (board && board.can) || {};
    if (!can.discard || !chosen) return;
    const code = chosen;
    chosen = null;
    play({ type: "Discard", card: code });
  }

  /** A tap on a card: it is chosen (lifted, its penalty after said); a second tap puts it down. */
  function tapCard(card) {
    const can = (board && board.can) || {};
    if (!can.discard) return;
    if (card.classList.contains("taken")) {
      sayNotice(card.title + ": " + w("web.table.taken"));
      return;
    }
    if (chosen === card.dataset.code) discardChosen();
    else choose(card.dataset.code);
  }

  // -- moving a card in the hand (or to the pile) ---------------------------------------------

  let dragging = null;
  let dragged = false; // the click that ends a drag is no discard

  function keepOrder() {
    order = Array.from($("hand").children).map((node) => node.dataset.code);
  }

  function onPointerDown(event) {
    const card = event.target.closest("#hand .card");
    dragged = false;
    if (!card || event.button !== 0) return;
    dragging = { card: card, x: event.clientX, y: event.clientY, moving: false };
  }

  function onPointerMove(event) {
    if (!dragging) return;
    if (!dragging.moving) {
      if (Math.hypot(event.clientX - dragging.x, event.clientY - dragging.y) < 8) return;
      dragging.moving = true;
      dragging.card.classList.add("dragging");
    }
    event.preventDefault();
    const under = document.elementFromPoint(event.clientX, event.clientY);
    $("discard").classList.toggle("drop", Boolean(under && under.closest("#discard")));
    const over = under && under.closest("#hand .card");
    if (!over || over === dragging.card) return;
    const box = over.getBoundingClientRect();
    const before = event.clientX < box.left + box.width / 2;
    $("hand").insertBefore(dragging.card, before ? over : over.nextSibling);
  }

  function onPointerUp(event) {
    if (!dragging) return;
    const card = dragging.card;
    if (dragging.moving) {
      card.classList.remove("dragging");
      $("discard").classList.remove("drop");
      dragged = true;
      keepOrder();
      // dropped on the discard pile: that card is put down
      const under = document.elementFromPoint(event.clientX, event.clientY);
      const can = (board && board.can) || {};
      if (under && under.closest("#discard") && can.discard && !card.classList.contains("taken")) {
        chosen = card.dataset.code;
        discardChosen();
      }
    }
    dragging = null;
  }

  function handCards() {
    return Array.from(document.querySelectorAll("#hand .card"));
  }

  function onHandKey(event) {
    const card = event.target.closest("#hand .card");
    if (!card) return;
    const key = event.key;
    if (event.shiftKey && (key === "ArrowLeft" || key === "ArrowRight")) {
      if (key === "ArrowLeft" && card.previousElementSibling) {
        card.parentNode.insertBefore(card, card.previousElementSibling);
      } else if (key === "ArrowRight" && card.nextElementSibling) {
        card.parentNode.insertBefore(card.nextElementSibling, card);
      }
      event.preventDefault();
      card.focus();
      keepOrder();
      return;
    }
    const cards = handCards();
    const at = cards.indexOf(card);
    let next = null;
    if (key === "ArrowLeft" || key === "ArrowUp") next = cards[Math.max(at - 1, 0)];
    else if (key === "ArrowRight" || key === "ArrowDown") next = cards[Math.min(at + 1, cards.length - 1)];
    else if (key === "Home") next = cards[0];
    else if (key === "End") next = cards[cards.length - 1];
    if (!next) return;
    event.preventDefault();
    cards.forEach((one) => { one.tabIndex = one === next ? 0 : -1; });
    const can = (board && board.can) || {};
    if (can.discard && !next.classList.contains("taken")) choose(next.dataset.code);
    else next.focus();
  }

  /** The game's keys anywhere on the table but in a field: D draws, T takes, H asks for a
   * hint, L opens the log, the arrows go to the hand; Enter discards the chosen card. */
  function onKey(event) {
    if ($("over").open) {
      if (event.key !== "Tab" && event.key !== "Shift") {
        event.preventDefault();
        nextOver();
      }
      return;
    }
    if (event.key === "Escape" && document.body.classList.contains("log-open")) {
      openLog(false);
      $("log-open").focus();
      return;
    }
    if (place.where !== "seat" || !board || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input, select, textarea, #side")) return;
    const can = board.can || {};
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (key === "d" && can.draw) play({ type: "Draw", source: "stock" });
    else if (key === "t" && can.take) play({ type: "Draw", source: "discard" });
    else if (key === "h") BUTTON_ACTS.hint();
    else if (key === "l") openLog(!document.body.classList.contains("log-open"));
    else if (key === "Escape" && chosen) { chosen = null; drawBoard(board); }
    else if (key === "Enter" && chosen && !event.target.closest("#hand .card, button")) discardChosen();
    else if ((key === "ArrowLeft" || key === "ArrowRight") && !event.target.closest("#hand, button")) {
      const cards = handCards();
      const first = document.querySelector("#hand .card[tabindex='0']") || cards[0];
      if (!first) return;
      if (can.discard && !first.classList.contains("taken")) choose(first.dataset.code);
      else first.focus();
    } else return;
    event.preventDefault();
  }

  // -- clicks and typing ----------------------------------------------------------------------

  function onClick(event) {
    const target = event.target;
    const card = target.closest("#hand .card");
    if (card) {
      if (dragged) { dragged = false; return; }
      tapCard(card);
      return;
    }
    const button = target.closest("button[data-line]");
    if (button && !button.disabled) {
      const clicked = BUTTON_ACTS[button.dataset.line];
      if (clicked && board) clicked();
      else send(button.dataset.line);
    } else if (target.closest("#stock") && !$("stock").disabled) {
      play({ type: "Draw", source: "stock" });
    } else if (target.closest("#discard") && !$("discard").disabled) {
      const can = (board && board.can) || {};
      if (can.discard && chosen) discardChosen();
      else if (can.take) play({ type: "Draw", source: "discard" });
    } else if (target.closest("#discard-chosen")) {
      discardChosen();
    }
  }

  function onCommand(event) {
    event.preventDefault();
    const input = $("command");
    const text = input.value.trim();
    if (!text) return;
    send(text);
    if (typed[typed.length - 1] !== text) typed.push(text);
    if (typed.length > 200) typed.shift();
    typedAt = typed.length;
    input.value = "";
  }

  function onCommandKey(event) {
    const input = $("command");
    if (event.key === "ArrowUp") {
      if (typedAt > 0) typedAt -= 1;
      input.value = typed[typedAt] || "";
    } else if (event.key === "ArrowDown") {
      if (typedAt < typed.length) typedAt += 1;
      input.value = typed[typedAt] || "";
    } else {
      return;
    }
    event.preventDefault();
    input.setSelectionRange(input.value.length, input.value.length);
  }

  function onLogin(event) {
    event.preventDefault();
    const typedName = $("login-name").value.trim();
    const name = typedName.toLowerCase();
    if (!NAME.test(name)) {
      $("login-refused").textContent = w("web.login.rule");
      return;
    }
    // a capital is no other name: it is written small, and said so
    const lowered = name !== typedName;
    $("login-name").value = name;
    kept.set("name", name);
    kept.set("lang", lang);
    $("login-refused").textContent = "";
    $("login-lowered").textContent = lowered ? w("web.login.lowered", { name: name }) : "";
    wantLogin = true;
    stopped = false;
    if (socket && socket.readyState === WebSocket.OPEN) login();
    else connect();
  }

  function onChat(event) {
    event.preventDefault();
    const text = $("chat").value.trim();
    if (!text) return;
    send("say " + text);
    $("chat").value = "";
  }

  function onLanguage() {
    lang = $("lang").value === "de" ? "de" : "en";
    kept.set("lang", lang);
    if (loggedIn) {
      // in the lobby its line (the lobby's own words change too); at a table the words
      // change where the player sits
      if (place.where === "lobby") send("lang " + lang);
      else if (online()) socket.send(JSON.stringify({ type: "lang", lang: lang }));
      return;
    }
    cachedWords();
    // the login form's words in the other language: a socket that asks for them
    if (socket) {
      const old = socket;
      socket = null;
      old.close();
    }
    connect();
  }

  function copyInvite() {
    const link = $("invite-link").textContent;
    const said = () => sayNotice(w("web.table.copied"));
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(link).then(said, () => selectInvite());
    } else {
      selectInvite();
    }
  }

  function selectInvite() {
    const range = document.createRange();
    range.selectNodeContents($("invite-link"));
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  /** The words this browser was last sent in its language, shown until the server's come. */
  function cachedWords() {
    try {
      const found = JSON.parse(kept.get("words." + lang) || "null");
      if (found && typeof found === "object") {
        words = found;
        showWords();
        return true;
      }
    } catch (e) { /* not kept, or spoilt */ }
    return false;
  }

  function start() {
    cachedWords();
    $("lang").value = lang;
    document.documentElement.lang = lang;
    const name = kept.get("name");
    if (name) $("login-name").value = name;
    show(wantLogin ? "lobby" : "login");
    if (wantLogin) $("lobby").hidden = true; // nothing to show until the server speaks
    if (invite) showWords();
    $("login-form").addEventListener("submit", onLogin);
    $("new-table").addEventListener("submit", newTable);
    $("new-seats").addEventListener("change", jokerChoices);
    $("command-form").addEventListener("submit", onCommand);
    $("command").addEventListener("keydown", onCommandKey);
    $("chat-form").addEventListener("submit", onChat);
    $("lang").addEventListener("change", onLanguage);
    $("keep-log").addEventListener("click", keepLog);
    $("to-lobby").addEventListener("click", () => send("leave"));
    $("play-again").addEventListener("click", () => send("again"));
    $("invite-copy").addEventListener("click", copyInvite);
    $("log-open").addEventListener("click", () => openLog(!document.body.classList.contains("log-open")));
    $("log-close").addEventListener("click", () => { openLog(false); $("log-open").focus(); });
    $("over-go").addEventListener("click", nextOver);
    $("over").addEventListener("cancel", (event) => { event.preventDefault(); nextOver(); });
    $("narration").addEventListener("scroll", onNarrationScroll, { passive: true });
    if (window.ResizeObserver) new ResizeObserver(follow).observe($("narration"));
    window.addEventListener("resize", follow);
    $("again").addEventListener("click", () => {
      $("again").hidden = true;
      stopped = false;
      wantLogin = Boolean(kept.get("name"));
      if (!wantLogin) show("login");
      connect();
    });
    document.addEventListener("click", onClick);
    document.addEventListener("keydown", onKey);
    const hand = $("hand");
    hand.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("pointermove", onPointerMove);
    document.addEventListener("pointerup", onPointerUp);
    document.addEventListener("pointercancel", onPointerUp);
    hand.addEventListener("keydown", onHandKey);
    jokerChoices();
    connect();
    if (!COARSE && !wantLogin) $("login-name").focus();
  }

  start();
})();
