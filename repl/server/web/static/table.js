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
  const COARSE = window.matchMedia("(pointer: coarse)").matches;

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
  let deadline = null; // when the turn clock runs out (performance.now() milliseconds)
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

  // -- the socket -----------------------------------------------------------------------------

  function status(text) {
    $("status").textContent = text;
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

  /** How many characters of the game's text fit across the narration (30 to 120). */
  function columns() {
    const pane = $("narration");
    const probe = el("span", "probe", "0000000000");
    pane.appendChild(probe);
    const width = probe.getBoundingClientRect().width / 10;
    pane.removeChild(probe);
    const inner = pane.clientWidth - 8;
    if (!(width > 0) || !(inner > 0)) return 80;
    // a few to spare: a suit's symbol and a wild card's ★ are a little wider than a digit
    return Math.max(30, Math.min(120, Math.floor(inner / width) - 3));
  }

  function login() {
    const name = kept.get("name");
    if (!name || !socket || socket.readyState !== WebSocket.OPEN) return;
    const hello = { type: "login", name: name, key: browserKey(), lang: lang, columns: columns() };
    if (invite) hello.table = invite; // an invite link: joined once logged in
    socket.send(JSON.stringify(hello));
  }

  /** Send a line as if typed at the game's command line. */
  function send(text) {
    if (!socket || socket.readyState !== WebSocket.OPEN || !loggedIn) return;
    socket.send(JSON.stringify({ type: "line", text: text }));
  }

  /** Send an act a click on the board made (the protocol's own, docs/web.md): a move, a
   * hint, the AI for a turn, the deal. A move and a hint carry the state id of the board
   * they were made on (its count of events): the table refuses them if it moved on since. */
  function act(what) {
    if (!socket || socket.readyState !== WebSocket.OPEN || !loggedIn || !board) return;
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
      }
      document.documentElement.lang = lang;
      showWords();
    },
    welcome(message) {
      loggedIn = true;
      backoff = 1;
      parting = "";
      stopped = false;
      $("me").textContent = w("web.you_are", { name: message.name });
      $("me").dataset.name = message.name;
      $("login-refused").textContent = "";
      document.body.classList.add("in");
      if (invite) {
        invite = null; // asked for at the login: a reload does not ask again
        history.replaceState(null, "", "/");
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
      if (place.where === "lobby") {
        board = null;
        order = null;
        stopClock();
        show("lobby");
      } else {
        if (before.code !== place.code) {
          board = null;
          order = null;
          clear($("hand"));
        }
        show("table");
        $("table-title").textContent = title();
      }
      $("lang").disabled = place.where !== "lobby";
    },
    text(message) {
      narrate(Array.isArray(message.parts) ? message.parts : []);
    },
    bar(message) {
      $("bar").textContent = message.text || "";
    },
    tables(message) {
      tables = Array.isArray(message.tables) ? message.tables : [];
      drawTables();
    },
    board(message) {
      board = message;
      drawBoard();
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

  // -- the words ------------------------------------------------------------------------------

  function showWords() {
    document.querySelectorAll("[data-w]").forEach((node) => {
      node.textContent = w(node.dataset.w, node.dataset);
    });
    document.title = w("web.title") || document.title;
    if (place.where === "lobby" || place.where === null) drawTables();
    if (board) drawBoard();
    if (place.where === "seat" || place.where === "watch") $("table-title").textContent = title();
    const me = $("me").dataset.name;
    if (me) $("me").textContent = w("web.you_are", { name: me });
  }

  function show(view) {
    ["login", "lobby", "table"].forEach((name) => { $(name).hidden = name !== view; });
    document.body.dataset.view = view;
    $("command-form").hidden = view === "login";
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
    const atEnd = pane.scrollTop + pane.clientHeight >= pane.scrollHeight - 8;
    const line = el("div", "said");
    parts.forEach((part) => {
      if (!Array.isArray(part) || part.length < 2) return;
      // a styled word's trailing space stays outside it (a wild card's ★ follows the card)
      const text = String(part[1]);
      const word = text.replace(/\s+$/, "");
      line.appendChild(el("span", styleClasses(part[0]).join(" "), word));
      if (word.length < text.length) line.appendChild(document.createTextNode(text.slice(word.length)));
    });
    pane.appendChild(line);
    while (pane.childElementCount > NARRATION_KEPT) pane.removeChild(pane.firstChild);
    if (atEnd) pane.scrollTop = pane.scrollHeight;
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
      const people = (table.people || []).map((name) => name === null ? w("web.lobby.free") : name);
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

  /** A card's name for a screen reader and a tooltip: "7♥, wild". */
  function cardName(card) {
    if (card.joker) return card.label + ", " + w("web.card.joker");
    if (card.wild) return card.label + ", " + w("web.card.wild");
    return card.label;
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
    node.appendChild(el("span", "rank", rank));
    if (symbol) node.appendChild(el("span", "suit", symbol));
    if (card.wild || card.joker) {
      const mark = el("span", "mark");
      mark.appendChild(el("span", "star", "★"));
      mark.appendChild(el("span", "word", w(card.joker ? "web.card.joker" : "web.card.wild")));
      node.appendChild(mark);
    }
    node.title = cardName(card);
    if (tag === "button") node.setAttribute("aria-label", cardName(card));
    else {
      node.setAttribute("role", "img");
      node.setAttribute("aria-label", cardName(card));
    }
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

  // -- the table ------------------------------------------------------------------------------

  function drawBoard() {
    const b = board;
    if (!b) return;
    const can = b.can || {};
    const round = b.round;
    $("table-title").textContent = title();
    const link = location.origin + "/t/" + b.code;
    $("invite-link").textContent = link;
    $("invite-link").href = "/t/" + encodeURIComponent(b.code);
    $("invite").hidden = b.started;

    let head = [];
    if (round) {
      head = [w("web.table.round", { no: round.no }), w("web.table.size", { size: round.size }),
        w("web.table.wild", { wild: round.wild }), w("web.table.dealer", { dealer: round.dealer })];
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
    const stock = $("stock");
    stock.disabled = !can.draw;
    stock.classList.toggle("playable", Boolean(can.draw));
    $("stock-count").textContent = round ? w("web.table.stock_cards", { n: round.stock }) : "";
    stock.setAttribute("aria-label", round ? w("web.table.stock_draw", { n: round.stock }) : "");
    const discard = $("discard");
    discard.disabled = !can.take;
    discard.classList.toggle("playable", Boolean(can.take));
    const top = $("discard-top");
    clear(top);
    if (round && round.discard_top) {
      top.appendChild(cardFace(round.discard_top));
      discard.setAttribute("aria-label", w("web.table.discard_take", { card: cardName(round.discard_top) }));
    } else {
      top.appendChild(el("span", "empty", w("web.table.discard_empty")));
      discard.setAttribute("aria-label", w("web.table.discard") + ": " + w("web.table.discard_empty"));
    }

    drawSeats(b);
    drawHand(b);

    $("start").hidden = !can.start;
    const seated = b.seat !== null && b.seat !== undefined;
    document.querySelectorAll("#buttons [data-line]").forEach((button) => {
      const line = button.dataset.line;
      if (line === "hint" || line === "auto turn") button.hidden = !seated || !round;
      else if (line === "score" || line === "who") button.hidden = !seated && !b.started;
    });

    drawSheet(b.sheet);
    drawResult(b.result);

    // the turn clock is the seat's own, while it is to play
    if (typeof b.clock === "number" && round && !b.result && (can.draw || can.discard)) {
      runClock(b.clock);
    } else {
      stopClock();
    }
  }

  function drawSeats(b) {
    const list = $("seats");
    clear(list);
    (b.seats || []).forEach((seat) => {
      const item = el("li", "seat");
      if (seat.turn) item.classList.add("turn");
      if (seat.you) item.classList.add("you");
      if (seat.person && !seat.here) item.classList.add("away");
      item.dataset.index = String(seat.index);
      item.appendChild(el("span", "turn-sign", seat.turn ? "▶" : ""));
      const who = el("span", "who");
      who.appendChild(el("strong", "name", seat.name || w("web.seat.empty")));
      const notes = [seat.place === seat.name ? "" : seat.place];
      if (seat.host) notes.push(w("web.seat.host"));
      if (seat.person && !seat.here) notes.push(w("web.seat.away"));
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
      list.appendChild(item);
    });
  }

  function drawHand(b) {
    const mine = $("mine");
    const hand = $("hand");
    dragging = null;
    if (!Array.isArray(b.hand)) {
      mine.hidden = true;
      clear(hand);
      return;
    }
    mine.hidden = b.hand.length === 0 && !b.round;
    const byCode = new Map();
    b.hand.forEach((card) => byCode.set(card.code, card));
    order = inPersonsOrder(b.hand.map((card) => card.code));
    const can = b.can || {};
    const taken = b.taken ? b.taken.code : null;
    clear(hand);
    hand.setAttribute("aria-label", w("web.table.hand"));
    order.forEach((code) => {
      const card = byCode.get(code);
      const button = cardFace(card, "button");
      button.type = "button";
      if (can.discard && code !== taken) button.classList.add("playable");
      if (code === taken) {
        button.classList.add("taken");
        const mark = el("span", "taken-word", w("web.table.taken_short"));
        button.appendChild(mark);
        button.setAttribute("aria-label", cardName(card) + ", " + w("web.table.taken_short"));
      }
      hand.appendChild(button);
    });
    hand.classList.toggle("discarding", Boolean(can.discard));
    $("taken").hidden = !taken;
    $("taken").textContent = taken ? cardName(b.taken) + ": " + w("web.table.taken") : "";

    const melds = $("melds");
    clear(melds);
    (b.melds || []).forEach((meld) => {
      const group = el("span", "meld");
      meld.forEach((card) => group.appendChild(cardFace(card)));
      melds.appendChild(group);
    });
    if (!(b.melds || []).length) melds.appendChild(el("span", "none", w("web.table.no_melds")));
    const left = $("left-over");
    clear(left);
    (b.left_over || []).forEach((card) => left.appendChild(cardFace(card)));
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
    const table = $("sheet-table");
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
    $("keep-log").hidden = !result.log;
  }

  function keepLog() {
    if (!socket || socket.readyState !== WebSocket.OPEN || !loggedIn || !board) return;
    socket.send(JSON.stringify({ type: "log", code: board.code }));
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

  // -- moving a card in the hand ------------------------------------------------------------

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
    const over = under && under.closest("#hand .card");
    if (!over || over === dragging.card) return;
    const box = over.getBoundingClientRect();
    const before = event.clientX < box.left + box.width / 2;
    $("hand").insertBefore(dragging.card, before ? over : over.nextSibling);
  }

  function onPointerUp() {
    if (!dragging) return;
    if (dragging.moving) {
      dragging.card.classList.remove("dragging");
      dragged = true;
      keepOrder();
    }
    dragging = null;
  }

  function onHandKey(event) {
    const card = event.target.closest("#hand .card");
    if (!card || !event.shiftKey) return;
    if (event.key === "ArrowLeft" && card.previousElementSibling) {
      card.parentNode.insertBefore(card, card.previousElementSibling);
    } else if (event.key === "ArrowRight" && card.nextElementSibling) {
      card.parentNode.insertBefore(card.nextElementSibling, card);
    } else {
      return;
    }
    event.preventDefault();
    card.focus();
    keepOrder();
  }

  // -- clicks and typing ----------------------------------------------------------------------

  function onClick(event) {
    const target = event.target;
    const card = target.closest("#hand .card");
    if (card) {
      if (dragged) { dragged = false; return; }
      const can = (board && board.can) || {};
      if (can.discard && !card.classList.contains("taken")) {
        play({ type: "Discard", card: card.dataset.code });
      }
    } else {
      const button = target.closest("button[data-line]");
      if (button && !button.disabled) {
        const clicked = BUTTON_ACTS[button.dataset.line];
        if (clicked && board) clicked();
        else send(button.dataset.line);
      } else if (target.closest("#stock") && !$("stock").disabled) {
        play({ type: "Draw", source: "stock" });
      } else if (target.closest("#discard") && !$("discard").disabled) {
        play({ type: "Draw", source: "discard" });
      }
    }
    // the command line has the keyboard again (not on a phone: its keyboard would pop up)
    if (!COARSE && !target.closest("input, select, textarea, a, #hand .card")
        && !$("command-form").hidden) {
      $("command").focus({ preventScroll: true });
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
    const name = $("login-name").value.trim();
    if (!NAME.test(name)) {
      $("login-refused").textContent = w("web.login.rule");
      return;
    }
    kept.set("name", name);
    kept.set("lang", lang);
    $("login-refused").textContent = "";
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
      if (place.where === "lobby") send("lang " + lang);
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
    $("login-form").addEventListener("submit", onLogin);
    $("new-table").addEventListener("submit", newTable);
    $("new-seats").addEventListener("change", jokerChoices);
    $("command-form").addEventListener("submit", onCommand);
    $("command").addEventListener("keydown", onCommandKey);
    $("chat-form").addEventListener("submit", onChat);
    $("lang").addEventListener("change", onLanguage);
    $("keep-log").addEventListener("click", keepLog);
    $("again").addEventListener("click", () => {
      $("again").hidden = true;
      stopped = false;
      wantLogin = Boolean(kept.get("name"));
      if (!wantLogin) show("login");
      connect();
    });
    document.addEventListener("click", onClick);
    const hand = $("hand");
    hand.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("pointermove", onPointerMove);
    document.addEventListener("pointerup", onPointerUp);
    document.addEventListener("pointercancel", onPointerUp);
    hand.addEventListener("keydown", onHandKey);
    jokerChoices();
    connect();
    if (!COARSE) $(wantLogin ? "command" : "login-name").focus();
  }

  start();
})();
