"""Every sentence the terminal program says, in English, by a key that stays put.

The engine's errors and the AI's reasons say themselves in English
(:data:`core.errors.MESSAGES`, :data:`core.ai.reasons.CLAUSES`); :mod:`repl.words.de`
holds the same keys with the same ``{fields}`` in German.
"""

from __future__ import annotations

from ...core.ai.reasons import CLAUSES
from ...core.seats import MAX_SEATS, MIN_SEATS, seat_names

TEXTS: dict[str, str] = {
    # seats and words
    "seat.0": "You",
    "seat.1": "Left",
    "seat.2": "Top",
    "seat.3": "Right",
    "cards": "{n} cards",
    "card_one": "1 card",
    "sort.suit": "by suit",
    "sort.rank": "by rank",
    "sort.melds": "by melds",
    "speed.instant": "instant",
    "speed.fast": "fast",
    "speed.normal": "normal",
    "speed.step": "step (a key after each turn)",
    "aces.low": "aces low",
    "aces.high": "aces high",
    "level.easy": "easy",
    "level.medium": "medium",
    "level.hard": "hard",
    "player.human": "human",
    "player.greedy": "greedy",
    "player.easy": "easy",
    "player.medium": "medium",
    "player.hard": "hard",
    # the table
    "table.header": "Round {round}/11 · {size} cards · wild: {wild} · dealer: {dealer}",
    "table.piles": "Stock: {stock} cards · discard pile: ",
    "table.empty_pile": "empty",
    "table.total": "total {total:>3}",
    "table.out": "OUT",
    "table.last_turn": "last turn",
    "table.hand": "Your hand, {sort}:",
    "table.best": "Best melds:",
    "table.best_after": "Best melds after discarding {card}:",
    "table.no_melds": "no meld yet",
    "table.left_over": "left over:",
    "table.penalty": "penalty {penalty}",
    "table.taken": "(taken: keep it this turn)",
    "table.assisted": "assisted",
    "act.drew": "drew",
    "act.took": "took {card}",
    "act.discarded": "discarded {card}",
    "act.went_out": "went out",
    "act.none": "—",
    # the toolbar
    "bar.draw": "your turn: draw or take",
    "bar.discard": "your turn: discard a card",
    "bar.waiting": "{seat} is playing",
    "bar.waiting_away": "waiting for {seat}, away",
    "bar.waiting_auto": "the AI plays for {seat} (auto)",
    "bar.over": "game over: new or quit",
    "bar.round": "Round {round}/11",
    "bar.wild": "wild {wild}",
    "bar.time_left": "{seconds} s left",
    "bar.penalty": "penalty {penalty}",
    "bar.keys": "F2: sort",
    "meta.penalty_after": "penalty after: {n}",
    "meta.penalty_after_wild": "penalty after: {n} · wild",
    # narration
    "say.you_draw": "You draw {card} from the stock.",
    "say.you_take": "You take {card} from the discard pile.",
    "say.you_discard": "You discard {card}.",
    "say.ai_draw": "{seat} draws from the stock",
    "say.ai_take": "{seat} takes {card} from the discard pile",
    "say.ai_discard": ", discards {card}.",
    "say.auto": " (auto)",
    "say.you_out": "You go out: {melds}. Everyone else has one last turn.",
    "say.ai_out": "{seat} goes out: {melds}. Everyone else has one last turn.",
    "say.rebuilt": "The stock is empty: the discard pile is shuffled into a new stock ({n}/2).",
    "say.dealt": "Round {round}/11 · dealer: {dealer} · {size} cards each · wild: {wild}",
    "say.hint_used": "You asked for a hint.",
    "say.auto_used": "You let the AI play.",
    "say.coach_used": "You turned the coach on.",
    "say.undo_used": "You undid a move after seeing a new card.",
    # end of a round and of the game
    "round.over_out": "Round {round} is over: {seat} went out.",
    "round.over_you": "Round {round} is over: you went out.",
    "round.over_stock": "Round {round} is over: the stock ran out a third time.",
    "round.over_turns": "Round {round} is over: its {turns}th turn was played.",
    "round.line": "penalty {penalty:>3} · total {total:>3}",
    "round.went_out": "went out",
    "round.next": "Press a key to deal round {round}.",
    "round.last": "Press a key for the result.",
    "chart.title": "Penalty points round by round (· none, ▁ a few … █ {most}):",
    "chart.total": "total {total}",
    "sheet.title": "Score sheet",
    "sheet.round": "Round",
    "sheet.wild": "wild",
    "sheet.out": "out",
    "sheet.total": "Total",
    "sheet.nobody": "(stock)",
    "sheet.hint": "(score shows every round of the score sheet)",
    "sheet.empty": "No round has been scored yet.",
    "game.over": "Game over after 11 rounds.",
    "game.you_win": "You win with {total}!",
    "game.winner": "{seat} wins with {total}.",
    "game.nobody": "Nobody wins: {seats} share the lowest total, {total} (two tie, all tie).",
    "game.your_total": "Your total: {total}, place {place} of {seats}.",
    "game.next": "Type new for another game, or quit to leave.",
    "game.assisted": "This game was assisted (hint, auto or undo past a seen card).",
    "and": " and ",
    # answers to commands
    "msg.line_too_long": (
        "This line is too long: a command has at most {limit} characters. Ctrl-C clears it."
    ),
    "msg.unknown": "Unknown command {word!r}: did you mean {suggestion}?",
    "msg.unknown_plain": "Unknown command {word!r}: help lists the commands.",
    "msg.needs_card": "Which card? For example: discard 7h",
    "msg.bad_choice": "{command} takes {choices}, not {word!r}.",
    "msg.take_no_card": (
        "{command} takes the top card of the discard pile, whichever it is: no card is "
        "named. Type {typed} alone, not {typed} {word}."
    ),
    "msg.extra": "{command} takes no more words than: {usage}",
    "msg.needs_file": "Which file? For example: load game.jsonl",
    "msg.no_file": "There is no file {path!r}.",
    "msg.not_number": "{word!r} is not a number.",
    "msg.game_over": "The game is over: new starts another game.",
    "msg.nothing_to_undo": "Nothing to undo: you have not moved yet.",
    "msg.nothing_to_redo": "Nothing to redo.",
    "msg.undo_after_end": "The game is over; its result stands. new starts another game.",
    "msg.undone": "Undone: your {what}. Your turn again.",
    "msg.redone": "Redone: your {what}.",
    "msg.what_draw": "draw",
    "msg.what_take": "take of {card}",
    "msg.what_discard": "discard of {card}",
    "msg.now_assisted": "This game is now marked as assisted.",
    "msg.hint": "Hint: {action}",
    "msg.hint_why": "  why: {reason}",
    "msg.hint_none": "No hint now: it is not your turn.",
    "msg.action_stock": "draw from the stock",
    "msg.action_take": "take {card} from the discard pile",
    "msg.action_discard": "discard {card}",
    "msg.auto_stopped": "Auto play stopped; your turn.",
    "msg.auto_off": "Auto play is off: you play your own turns again.",
    "msg.auto_was_off": "The AI is not playing for you: your turns are yours.",
    "msg.auto_next_turn": "The AI plays your next turn for you (your game is assisted).",
    "msg.auto_next_round": (
        "The AI plays your turns for the rest of this round, from your next one (your game is "
        "assisted)."
    ),
    "msg.auto_next_game": (
        "The AI plays the rest of the game for you, from your next turn (your game is assisted)."
    ),
    "msg.narration_skipped": "(narration skipped)",
    "msg.sorted": "Your hand is now sorted {sort}.",
    "msg.saved": "Saved to {path} ({n} events).",
    "msg.save_failed": "Cannot save to {path}: {detail}.",
    "msg.save_overwrite": "{path} exists. Replace it?",
    "msg.save_replace_odd": "{path} is {kind}, not a file. Replace it by the saved game?",
    "file.link": "a symbolic link",
    "file.fifo": "a named pipe",
    "file.device": "a device",
    "file.socket": "a socket",
    "msg.save_exists": "Not saved: {path} exists and stays as it is (save NAME takes another).",
    "msg.save_bad_name": "{name!r} is not a name for a file.",
    "msg.save_no_folder": "There is no folder {folder}: save does not make one.",
    "msg.empty_name": "A file name cannot be empty: {command} NAME.",
    "msg.no_save": "There is no saved game {name!r} in {folder}.",
    "msg.no_save_here": "For the file in this folder: load ./{name}",
    "msg.loaded": "Loaded {path}: seed {seed}, {n} events.",
    "msg.load_failed": "Cannot load {path}: {detail}",
    "msg.load_prefix": "{path}: the last line is cut off. Load the {n} complete events before it?",
    "msg.kept_previous": "The unfinished game is kept in {path}: load {name} takes it back.",
    "msg.wild_caution": (
        "{card} is wild: it can complete any meld. Enter again discards it; Ctrl-C clears the line."
    ),
    "replay.list_open": "Open one with: threethirteen replay NAME (or --verify, --analyze)",
    "msg.kept_games": "{n} unfinished games are kept aside: load lists them.",
    "msg.kept_game_one": "An unfinished game is kept aside: load lists it.",
    "msg.resume_left": (
        "Nothing was changed: the unfinished game stays saved, and the next start offers it again."
    ),
    "meta.kept_game": "unfinished, kept aside",
    "load.saves": "Saved games (load NAME opens one):",
    "load.kept": "Unfinished games kept aside (load NAME takes one back):",
    "load.none": "No saved game in {folder}, and no unfinished game kept aside.",
    "load.entry": "seed {seed}, round {round}",
    "load.entry_over": "seed {seed}, finished",
    "load.unreadable": "cannot be read",
    "msg.new_confirm": "Start a new game? This one is not finished.",
    "msg.new_game": "New game: seed {seed}, {jokers} jokers, {aces}, opponents: {level}.",
    "msg.seed": "Seed {seed}: threethirteen play --seed {seed} deals the same cards.",
    "msg.speed": "Speed: {speed}.",
    "msg.speed_kept": "Speed: {speed}; kept for your next games too.",
    "msg.stats_broken": (
        "The statistics file was damaged: it is kept as {path}, and counting starts again."
    ),
    "msg.stats_not_saved": "This game could not be counted in your statistics ({detail}).",
    "msg.stats_unreadable": "The statistics cannot be read ({detail}).",
    "msg.not_a_file": "it is not a regular file; it is left as it is",
    "msg.stats_none": "No game has been finished yet.",
    "msg.crash": (
        "Something unexpected went wrong ({error}). The details are in {path}; the game goes on."
    ),
    "msg.ai_failed": "{seat}'s AI failed ({error}); {level} plays this move instead.",
    "msg.ctrl_c": "Ctrl-C clears the line; Ctrl-D or quit leaves.",
    "msg.leave_confirm": "Leave the game? It is saved and can be resumed.",
    "msg.bye": "The game is saved: run threethirteen to resume it.",
    "msg.autosave_failed": (
        "The game could not be saved ({detail}). It goes on in memory and is saved again "
        "as soon as the disk has room."
    ),
    "msg.autosave_not_writable": (
        "The data folder {path} is not writable ({detail}): this game is not autosaved. "
        "It goes on in memory (save NAME keeps it elsewhere)."
    ),
    "msg.kept_in_place": (
        "The unfinished game could not be moved aside ({detail}): it stays in {path}, "
        "and this game is not autosaved."
    ),
    "msg.kept_in_place_read_only": (
        "The data folder {folder} is not writable ({detail}): the unfinished game stays in "
        "{path}, and this game is not autosaved."
    ),
    "msg.autosave_again": "The game is saved again.",
    "msg.leave_save_failed": (
        "Leave? The last moves could not be saved ({detail}) and would be lost "
        "(save NAME keeps the game elsewhere)."
    ),
    "msg.bye_save_failed": "Goodbye. (The last moves could not be saved.)",
    "msg.locked": (
        "A game is already running in another terminal (process {pid}) with the same data folder."
    ),
    "msg.locked_separate": (
        "Play a separate game here? It is not autosaved and not counted in your statistics."
    ),
    "msg.locked_watch": (
        "Look through that game read-only instead (its autosave, as a replay at its latest move)?"
    ),
    "msg.locked_bye": "Goodbye: the game goes on in the other terminal.",
    "msg.separate_game": (
        "A separate game: it is not autosaved and not counted (save NAME keeps it)."
    ),
    "msg.no_data_folder": (
        "The data folder {path} cannot be used ({detail}): nothing is kept there "
        "(no autosave, no statistics, no history)."
    ),
    "msg.history_unusable": "The prompt's history is not kept: {path} is not a file.",
    "msg.bye_over": "Goodbye.",
    "msg.resume": "An unfinished game was saved (seed {seed}, round {round}). Resume it?",
    "msg.resume_prefix": "The saved game was cut off; its {n} complete events are resumed.",
    "msg.resume_broken": "The saved game cannot be read ({detail}); it is kept as {path}.",
    "msg.resumed": "Welcome back: seed {seed}, round {round}.",
    "msg.first_game": "New to the game? quit, then threethirteen learn: a first game with notes.",
    "msg.welcome": (
        "Three-Thirteen Rummy: you against {opponents}. "
        "Type help for the commands, Tab to complete."
    ),
    "play.bad_players": "--players is a number from {least} to {most}, not {value}.",
    "play.bad_levels": (
        "--levels gives one level, or one for each of your {n} opponents (clockwise from "
        "your left): {count} given in {value}; each is easy, medium or hard."
    ),
    "play.bad_jokers": (
        "{jokers} jokers do not fit {seats} players: they play {decks}, with 0, {one} or "
        "{two} jokers."
    ),
    "play.decks.1": "one deck",
    "play.decks.2": "two decks",
    "play.decks.3": "three decks",
    "msg.yes_no": " [y/n] ",
    "msg.yes_no_enter_yes": " [Y/n] ",
    "msg.any_key": "Press a key…",
    "msg.step": "(a key for the next turn)",
    "stats.title": "Your statistics",
    "stats.line": (
        "played {played}, of them assisted {assisted} · of your own {own}: won {won} · "
        "nobody won {no_winner} · average total {average} · best {best}"
    ),
    "stats.assisted_note": (
        "An assisted game (the AI played for you, a hint, an undo past a seen card) counts "
        "as played and assisted only: not as a win, in the average or as your best."
    ),
    # help
    "help.title_first": "Your moves (short forms in brackets; Tab completes):",
    "help.groups": "More help:",
    "help.group.moves": "Your moves (short forms in brackets; Tab completes):",
    "help.group.table": "At the table (short forms in brackets):",
    "help.group.game": "The game (short forms in brackets):",
    "help.group.keys": "Keys:",
    "help.title": "Commands (short forms in brackets; Tab completes):",
    "help.more": "help COMMAND tells more; Ctrl-C clears the line, Ctrl-D leaves.",
    "help.unknown": "There is no command {word!r}.",
    "help.usage": "usage: {usage}",
    "help.aliases": "also: {aliases}",
    "cmd.draw": "draw the top card of the stock",
    "cmd.take": "take the top card of the discard pile",
    "cmd.discard": "discard a card (or type just the card: 7h)",
    "cmd.sort": "order your hand by suit, rank or melds (F2)",
    "cmd.melds": "your best melds and what is left over",
    "cmd.hint": "the hard AI's move and why (assisted)",
    "cmd.auto": "the AI plays your turn/round/game (assisted)",
    "cmd.undo": "take back your last move",
    "cmd.redo": "play the move you took back again",
    "cmd.score": "the score sheet, round by round",
    "cmd.log": "what happened recently",
    "cmd.rules": "the rules of this game",
    "cmd.new": "start a new game",
    "cmd.save": "save the game (in your saves folder)",
    "cmd.load": "load a saved or kept game; alone: list them",
    "cmd.seed": "this game's seed",
    "cmd.speed": "opponents' speed: instant/fast/normal/step",
    "cmd.coach": "after a costly move, what the hard AI would do",
    "cmd.stats": "your statistics across games",
    "cmd.help": "this list, or help COMMAND",
    "cmd.quit": "leave (the game is saved)",
    "detail.discard": "discard 7h, x 7h or just 7h. Cards: rank A 2-10 J Q K (T for 10), "
    "suit c d h s; jk is a joker.",
    "detail.undo": (
        "Undo is unlimited. Going back past a card you had not seen before "
        "(a stock draw, an opponent's discard) marks the game as assisted."
    ),
    "detail.auto": (
        "auto turn (the default), auto round or auto game, at any time: the AI plays from your "
        "next turn (or this one); auto off gives your turns back."
    ),
    "detail.save": (
        "save NAME writes NAME.jsonl into the saves folder of your data folder "
        "(~/.local/share/threethirteen/saves); a name with a slash is a path as given "
        "(./game, ~/games/game). save alone names the file after the seed and the time. "
        "An existing file is replaced only when you say yes."
    ),
    "detail.load": (
        "load NAME finds a game as save NAME wrote it: in the saves folder, .jsonl added "
        "when missing; a name with a slash is a path (./game.jsonl)."
    ),
    "detail.speed": "speed alone shows it; speed instant|fast|normal|step sets it.",
    "detail.coach": (
        "With the coach on, after each move of yours that costs at least two penalty points "
        "more on average than the hard AI's choice, one line says what it would have done "
        "and why (as replay --analyze says it); before the move it reveals nothing. A coached "
        "game is assisted. coach alone says whether it is on; --coach or coach = true in the "
        "config file turn it on for every game."
    ),
    "detail.sort": "sort suit, sort rank or sort melds; sort alone (or F2) takes the next.",
    # rules
    "rules.title": "The rules of this game",
    "rules.text": (
        "{cards}{jokers}; {aces}. 11 rounds: in round r everyone holds r + 2 "
        "cards and that rank is wild (3s in round 1 … kings in round 11); jokers are always "
        "wild. On your turn draw the top card of the stock or take the top card of the discard "
        "pile, then discard one (not the card you just took from the pile). Melds: a set is 3+ "
        "cards of one rank, a run 3+ cards of one suit in order ({run_line}, no wrap-around); "
        "wilds fill in anywhere. When all your cards are in melds after a discard you go out, "
        "and everyone else gets one last turn. Cards outside melds cost: 2-10 face value, J Q K"
        " 10, ace {ace}, a wild-rank card 15, a joker 20. After round 11 the lowest total wins;"
        " a shared lowest total means nobody wins.\n"
        "This round ({round}): the wild rank is {wild}."
    ),
    "rules.wild_mark": (
        "Wild cards are shown bold and underlined; without colours (NO_COLOR) they end in "
        "{mark}: [3♥{mark} 4♦ 5♦]."
    ),
    "rules.jokers": " and {n} jokers",
    "rules.players": "{seats} players. ",
    "rules.decks.1": "One deck of 52 cards",
    "rules.decks.2": "Two decks of 52 cards",
    "rules.decks.3": "Three decks of 52 cards",
    "rules.run_low": "A-2-3 … J-Q-K",
    "rules.run_high": "2-3-4 … Q-K-A",
    "rules.between": "between rounds",
    # the engine's errors (their sentences are the engine's own)
    "error.at_line": "line {line}: {error}",
    # a verified log (replay --verify)
    "verify.over": "ok: seed {seed}, {n} events, 11 rounds, totals {totals}, {result}",
    "verify.open": "ok: seed {seed}, {n} events, unfinished in round {round}, totals {totals}",
    "verify.winner": "{seat} wins",
    "verify.you_win": "you win",
    "verify.nobody": "nobody wins",
    "verify.mid_move": (
        "the log ends in the middle of a move: seed {seed}, {n} events, round {round}; "
        "the rest of the move is missing"
    ),
    "verify.unseeded": "; the deals could not be checked: the log is not dealt from its seed",
    # the replay mode's commands
    "replay.cmd.next": "one event on (or Enter); next turn, next round",
    "replay.cmd.prev": "one event back; prev turn, prev round",
    "replay.cmd.round": "to the deal of round N",
    "replay.cmd.goto": "to event N (the seq of its line in the file)",
    "replay.cmd.start": "to the first event",
    "replay.cmd.end": "to the last event",
    "replay.cmd.score": "the score sheet so far",
    "replay.cmd.sort": "order Your hand by suit, rank or melds (F2)",
    "replay.cmd.help": "this list, or help COMMAND",
    "replay.cmd.quit": "leave the replay",
    "replay.detail.next": (
        "next steps one event; next turn goes to the end of the next turn (a discard, "
        "going out, a deal or a score); next round to the next deal."
    ),
    "replay.detail.prev": "prev, prev turn and prev round go back the same steps.",
    "replay.detail.goto": "Event N is line N + 1 of the file (line 1 is the header).",
    "replay.help.more": (
        "help COMMAND tells more. Every hand is shown; an AI's move comes with its reason."
    ),
    "replay.help.more_seat": (
        "help COMMAND tells more. Only Your hand is shown until the game is over; an AI's "
        "move comes with its reason."
    ),
    "replay.meta.round": "event {event} · wild {wild}",
    "msg.needs_number": "Which number? usage: {usage}",
    # what the replay says
    "replay.intro": "Replay of {name}: seed {seed}, {n} events, {result}.",
    "replay.intro_keys": "Enter or next steps forward; help lists the commands.",
    "replay.result_over": "a finished game",
    "replay.result_open": "unfinished in round {round}",
    "replay.not_verified": (
        "This log does not verify ({detail}); it is shown as recorded. "
        "threethirteen replay FILE --verify says more."
    ),
    "replay.started": "The game begins: seed {seed}, {jokers}, {aces}; first dealer: {dealer}.",
    "replay.no_jokers": "no jokers",
    "replay.jokers": "{n} jokers",
    "replay.players": "Who plays each seat: {players}.",
    "replay.seat_player": "{seat}: {player}",
    "replay.player.human": "a person",
    "replay.player.greedy": "the greedy AI",
    "replay.player.easy": "the easy AI",
    "replay.player.medium": "the medium AI",
    "replay.player.hard": "the hard AI",
    "replay.player.other": "the program {name}",
    "replay.seat_only": (
        "This game is still in play: it is shown as you were told it, your own hand only "
        "(every hand once the game is over)."
    ),
    "replay.face_up": "This game is still in play, and every hand is shown face up.",
    "replay.face_up_own": (
        "{path} is a game of yours still in play: it is shown from your seat only until it "
        "is over (--face-up is for someone else's game, a bug report sent to you)."
    ),
    "replay.draw": "{seat} draws {card} from the stock.",
    "replay.take": "{seat} takes {card} from the discard pile.",
    "replay.discard": "{seat} discards {card}.",
    # --analyze: a seat's costliest decisions, each as the game's moves say it
    "analyze.head": (
        "{seat}: in {differ} of {made} decisions (a card taken, a card discarded) the hard "
        "AI chooses otherwise. {costliest}, each with the penalty points it costs on average "
        "by the end of the round (+2.0: two more than the hard AI's choice):"
    ),
    "analyze.costliest_one": "The costliest",
    "analyze.costliest": "The {n} costliest",
    "analyze.line": "Round {round}, {move}: {advice}, +{cost} expected (event {seq})",
    "analyze.you_drew": "you drew from the stock",
    "analyze.you_took": "you took {card} from the discard pile",
    "analyze.you_discarded": "you discarded {card}",
    "analyze.drew": "{seat} drew from the stock",
    "analyze.took": "{seat} took {card} from the discard pile",
    "analyze.discarded": "{seat} discarded {card}",
    "analyze.ai_draws": "the hard AI draws from the stock",
    "analyze.ai_takes": "the hard AI takes the top card of the discard pile",
    "analyze.ai_discards": "the hard AI discards {advised} and keeps {played}",
    "coach.line": "Coach: {move}; {advice} (+{cost} expected penalty): {why}",
    "coach.line_plain": "Coach: {move}; {advice} (+{cost} expected penalty).",
    "msg.coach_on": (
        "The coach is on: after a costly move it says what the hard AI would have done "
        "(your game is assisted from your next move)."
    ),
    "msg.coach_off": "The coach is off.",
    "msg.coach_is_on": "The coach is on (coach off turns it off).",
    "msg.coach_is_off": "The coach is off (coach on turns it on).",
    "analyze.none": "none: every choice was as good as the hard AI's, or better",
    "replay.help_used": "{seat} took help ({help}).",
    "replay.why": "why: {reason}",
    "replay.at_end": "This is the last event ({n}/{n}): prev or start go back.",
    "replay.at_start": "This is the first event: next (or Enter) steps forward.",
    "replay.no_later_round": "There is no later round in this log.",
    "replay.no_earlier_round": "There is no earlier round in this log.",
    "replay.no_round": "Round {round} is not in this log: it has rounds {first} to {last}.",
    "replay.no_event": "There is no event {number}: this log has events 1 to {n}.",
    "replay.bar.event": "event {n}/{total}",
    "replay.bar.round": "round {round}/11",
    "replay.bar.turn": "to play: {seat} ({action})",
    "replay.bar.draw": "draw",
    "replay.bar.ending": "scoring next",
    "replay.bar.discard": "discard",
    "replay.bar.scored": "round {round} scored",
    "replay.bar.started": "not dealt yet",
    "replay.bar.over": "game over",
    "replay.bar.keys": "Enter: next",
    "replay.sheet_hint": "(score shows the whole score sheet)",
    "replay.truncated": (
        "{path}: line {line} is cut off (the game was interrupted while saving it); "
        "the {n} complete events before it can be replayed."
    ),
    "replay.truncated_ask": "Replay them?",
    "replay.truncated_go": "Replaying those {n} events.",
    "replay.not_found": (
        "Cannot find {name!r}. Looked for: the file {file}; a game saved by that name, "
        "{save} (where save NAME writes); a curated game of that name (threethirteen replay "
        "--list names them); a game of your history whose log is kept (threethirteen history "
        "lists them)."
    ),
    "replay.not_found_file": (
        "Cannot find {name!r}. Looked for: the file {file} (and with .jsonl added); a curated "
        "game of that name (threethirteen replay --list names them); a game of your history "
        "whose log is kept (threethirteen history lists them)."
    ),
    "replay.cannot_open": "Cannot replay {path}: {detail}",
    "replay.bad_at": "There is no event {number} to start at: {path} has events 1 to {n}.",
    # report
    "cmd.report": "a bug report, and the line that replays this game",
    "detail.report": (
        "The report is the game's log (.jsonl) and a note (.txt: version, platform, seed, "
        "options) in your data folder; the line it prints rebuilds the game to this point."
    ),
    "msg.report": "Bug report written: {log} (the log, {n} events) and {notes}.",
    "msg.report_line": "This line reproduces the game to this point:",
    "msg.report_failed": "Cannot write the bug report: {detail}.",
    "msg.report_send": "Please open an issue at {url} and attach both files.",
    "msg.report_send_plain": "Please send both files to the game's developers.",
    # play --replay-to
    "msg.rebuilt": "Rebuilt from {path}: seed {seed}, events 1 to {n} of {total}.",
    "msg.rebuilt_moved": (
        "Event {asked} is inside a move ({events} follow from the same move); "
        "the game is rebuilt to event {n}, where that move ends."
    ),
    "msg.rebuilt_truncated": "(Line {line} of the file is cut off; the events before it are used.)",
    "msg.rebuilt_unsaved": (
        "You play the seat the log calls You. This game is not autosaved: save FILE keeps it."
    ),
    "msg.leave_unsaved": "Leave? This game is not autosaved (save FILE keeps it).",
    "msg.bye_unsaved": "Goodbye. (This game was not autosaved.)",
    "reproduce.bad_target": "--replay-to takes FILE:N (an event number), not {target!r}",
    "reproduce.out_of_range": "there is no event {number}: {path} has events 1 to {n}",
    "reproduce.does_not_verify": "{path} does not verify: line {line}: {problem}",
    "reproduce.unfinished_move": (
        "{path} stops inside a move (its last event, {n}, is not where a move ends): "
        "there is no point to continue from"
    ),
    "reproduce.not_seeded": (
        "{path} was dealt from a stacked deck, not from its seed: the game cannot go on"
    ),
    "reproduce.cannot": "{path}: {error}",
    # a script (or a pipe) that stops at its first refused line
    "script.not_text": (
        "script line {line}: '{command}' is not text: a byte in it is not UTF-8. "
        "The rest of the script is not run."
    ),
    "script.failed": (
        "script line {line}: {command!r} — {reason} The rest of the script is not run."
    ),
    # the config file
    "config.where": "{path}, line {line}",
    "config.not_toml": "{where}: this is not TOML ({detail}); every setting has its default.",
    "config.unknown": (
        "{where}: there is no setting {setting}; the settings are level, speed, language, sort, "
        "players, jokers, aces, color and coach."
    ),
    "config.bad_value": (
        "{where}: {setting} takes {choices}, not {value}; the default is used ({default})."
    ),
    "config.not_a_file": "{path} is not a file; every setting has its default.",
    "config.too_big": (
        "{path} is larger than {kib} KiB, too large for a config file; every setting has "
        "its default."
    ),
    "config.too_deep": (
        "{path} nests its values too deeply for a config file; every setting has its default."
    ),
    "config.unreadable": "{path} cannot be read ({detail}); every setting has its default.",
    "config.or": " or ",
    "config.from_environment": "from LANG",
    # the keys the prompt knows, listed by help (repl.kit.keys.KEY_HELP)
    "keys.title": "Keys:",
    "keys.ctrl": "Ctrl",
    "keys.tab": "complete commands, cards (penalty after each), files",
    "keys.history": "earlier commands; in an open menu, its choices",
    "keys.suggestion": "take the suggestion from your history",
    "keys.enter": "run the line (or take what the menu highlights)",
    "keys.sort": "on an empty line: sort your hand the next way",
    "keys.clear": "clear the line; skip the opponents' narration",
    "keys.leave": "on an empty line: leave (asks first)",
    "replay.keys.tab": "complete commands, their choices, round numbers",
    "replay.keys.history": "earlier commands; in an open menu, its choices",
    "replay.keys.suggestion": "take the suggestion from your history",
    "replay.keys.enter": "run the line; on an empty line: one event on",
    "replay.keys.sort": "on an empty line: order Your hand the next way",
    "replay.keys.clear": "clear the line",
    "replay.keys.leave": "on an empty line: leave the replay",
}
"""The sentences, by key; ``{fields}`` are filled in by :class:`repl.words.i18n.Texts`."""

OR = "or"
"""Joins two commands a word may have meant (``did you mean auto or discard?``)."""

YES_KEYS = "y"

SEAT_NAMES: dict[int, tuple[str, ...]] = {
    count: seat_names(count) for count in range(MIN_SEATS, MAX_SEATS + 1)
}
"""Each seat's name by the number at the table, clockwise from you: the engine's own
(:func:`core.seats.seat_names`); at four they are ``seat.0`` … ``seat.3``."""
"""The keys that answer yes to a ``[y/n]`` question."""

# -- a server's lobby and its shared tables (threethirteen serve) -------------------------
TEXTS.update(
    {
        "msg.needs_text": "What? usage: {usage}",
        "cmd.start": "deal: empty seats get AI players (the host only)",
        "cmd.say": "say something to the table",
        "cmd.who": "who sits where, and who is away",
        "cmd.leave": "back to the lobby (your seat in a game stays yours)",
        "cmd.again": "once the game is over: another one, at a new table set up the same",
        "server.again_asked": "{name} asks for another game: again joins {code}.",
        "server.again_made": (
            "Table {code} is yours, set up as the last one; the others there are asked to "
            "join. start deals."
        ),
        "server.again_not_over": "This game is not over yet: again comes after its end.",
        "server.again_not_yours": (
            "You did not play at table {code}: only its players may ask for another game."
        ),
        "detail.say": (
            "say good luck! Lines are at most 200 characters, a few a minute; watchers talk "
            "only when the host lets them (watchers talk)."
        ),
        "lobby.cmd.tables": "the open tables: code, seats, options, how far",
        "lobby.cmd.new": "make a table and sit down as its host",
        "lobby.cmd.join": "sit down at a table (or go back to your seat)",
        "lobby.cmd.watch": "watch a table: what every player sees of it",
        "lobby.cmd.lang": "the language: en or de",
        "lobby.cmd.history": "the tables you sat at that are over, and their logs",
        "lobby.cmd.log": "a finished game's log: what fetches it (in a browser, the file)",
        "lobby.cmd.help": "this list, or help COMMAND",
        "lobby.cmd.quit": "leave the server (a seat in a game stays yours)",
        "lobby.detail.new": (
            "new --seats 2-8 --jokers N --aces low|high --level greedy|easy|medium|hard "
            "--turn-time SECONDS (10-3600; a player who takes longer has the turn played "
            "by the AI) --ai N (the most seats the AI takes at the start; --ai 0: people "
            "at every seat). Jokers: none, one or two a deck (2-8 seats play 1, 2 or 3 "
            "decks: 4 seats --jokers 0|2|4). Without options: 4 seats, no jokers, aces "
            "low, medium AI at every empty seat, no clock."
        ),
        "lobby.detail.history": (
            "history lists the latest ten tables you sat at that are over: when, who sat "
            "where with the final totals, who won, or that the table was closed because "
            "nobody was at it. ssh -p PORT NAME@HOST log CODE sends a finished game's log "
            "(with its seed and salt), to check with threethirteen replay FILE --verify; "
            "log CODE says that command (in a browser: keeps the log as a file)."
        ),
        "lobby.detail.log": (
            "log CODE: the log of a finished table you sat at (history lists them), with its "
            "seed and salt, to replay or check with threethirteen replay FILE --verify. In a "
            "terminal it says the ssh command that fetches it from your own computer; in a "
            "browser the log is kept as a file."
        ),
        "lobby.keys.tab": "complete commands",
        "lobby.keys.history": "earlier commands; in an open menu, its choices",
        "lobby.keys.suggestion": "take the suggestion from your history",
        "lobby.keys.enter": "run the line",
        "lobby.keys.sort": "nothing in the lobby",
        "lobby.keys.clear": "clear the line",
        "lobby.keys.leave": "on an empty line: leave the server",
        "lobby.help.more": "help COMMAND tells more; Ctrl-D leaves.",
        "server.welcome": "Welcome, {name}. This is the lobby.",
        "server.lobby_help": (
            "new makes a table, join CODE sits down at one, watch CODE watches, help lists all."
        ),
        "server.bar_lobby": "{name} in the lobby · new · join CODE · watch CODE · help",
        "server.no_tables": "No open tables yet: new makes one.",
        "server.waiting": "waiting to start",
        "server.in_round": "round {round}/11",
        "server.options": "{jokers} jokers, {aces}, {level} AI",
        "server.turn_time": ", {seconds} s a turn",
        "server.made": "Table {code} is yours. Give friends the code; start deals.",
        "server.no_such_table": "There is no table {code}: tables lists them.",
        "server.table_full": "That table is full.",
        "server.plan_unsaved": (
            "The server cannot keep your seat on disk right now, so you are not seated; "
            "try again in a moment."
        ),
        "server.sitting": "Your seat is being kept; a moment.",
        "server.already_started": "That game has started; watch CODE lets you watch it.",
        "server.too_many_tables": "The server has as many tables as it may; try later.",
        "server.tables_per_name": (
            "You host as many open tables as one player may ({n}; a table of more than four "
            "seats counts as two); finish one first."
        ),
        "server.tables_per_address": (
            "As many open tables were made from your address as one address may ({n}; a "
            "table of more than four seats counts as two); finish one first."
        ),
        "server.table_closed": "Table {code} was closed.",
        "server.was_closed": ("Your table {code} was closed: nobody was at it for {minutes} min."),
        # a table found on disk that cannot be resumed (repl/server/kept.py)
        "server.kept": "cannot be resumed: {reason}",
        "server.kept_plan": "its plan cannot be read",
        "server.kept_no_plan": "its plan is missing (only its log is there)",
        "server.kept_log": "its log is refused at line {line} ({why})",
        "server.kept_log_hidden": (
            "its log is refused at line {line} (whoever runs the server can see why)"
        ),
        "server.kept_log_unread": "its log cannot be read as a file",
        "server.kept_log_mend": "the cut-off last line of its log cannot be dropped",
        "server.kept_table": "its log does not fit its plan",
        "server.yours_kept": (
            "Your table {code} cannot be resumed since the server restarted: the game there "
            "is lost. Its files are kept as they are for whoever runs the server; tables "
            "says why."
        ),
        "server.more_kept": "… and {n} more tables that cannot be resumed.",
        "server.join_kept": "Table {code} {state}. Nobody plays there any more.",
        "server.cannot_save": "The server cannot save right now; try again in a moment.",
        "server.seat_free": "free",
        "server.ai_short": "AI {number} ({level})",
        "server.no_history": "None of the tables you sat at is over yet.",
        "server.history_log": ("A finished game's log, from your own computer: {command}"),
        "server.history_keep": "log {code} keeps a finished game's log as a file.",
        "server.closed_table": "closed: nobody was at it",
        "server.won": "{name} won",
        "server.no_winner": "no winner (a tie)",
        "server.bad_options": (
            "new takes --seats N, --jokers N, --aces low|high, --level L, --turn-time SECONDS "
            "and --ai N."
        ),
        "server.bad_jokers": "{seats} seats play {decks} decks: --jokers is 0, {one} or {two}.",
        "server.bad_jokers_deck": "{seats} seats play 1 deck: --jokers is 0, {one} or {two}.",
        "server.bad_seats": "--seats is {least} to {most}.",
        "server.bad_ai": "--ai is 0 to {most}: the most seats the AI takes at the start.",
        "server.ai_most_one": ", the AI at most 1 seat",
        "server.ai_most": ", the AI at most {n} seats",
        "server.no_ai": ", no AI",
        "server.seats_for_people": (
            "Not yet: {n} more must sit down first (--ai {ai}: the AI takes at most {ai} seats)."
        ),
        "server.bad_aces": "--aces is low or high.",
        "server.bad_level": "--level is greedy, easy, medium or hard.",
        "server.bad_turn_time": "--turn-time is 10 to 3600 seconds.",
        "server.bad_name": "A name is a lower-case letter, then up to 15 letters, digits, - or _.",
        "server.at_table": "Table {code}",
        "server.watching": "Watching table {code} (leave goes back to the lobby)",
        "server.while_away": "While you were away ({n} events):",
        "server.sat_down": "{name} sits down ({seat}).",
        "server.stood_up": "{name} left the table.",
        "server.went_away": "{name} is away; their seat waits for them.",
        "server.went_away_auto": "{name} is away; the AI plays their seat for now (auto).",
        "server.came_back": "{name} is back.",
        "server.started": "The cards are dealt.",
        "server.commitment": "Commitment to this game's seed: {digest}",
        "server.revealed": (
            "The seed was {seed}, the salt {salt}: they give the commitment shown at the "
            "start, so this was the deal promised."
        ),
        "server.broken_promise": (
            "The seed {seed} and the salt {salt} do NOT give the commitment shown at the start."
        ),
        "server.fetch_log": (
            "The whole game: {fetch} > {file}, then threethirteen replay {file} --verify"
        ),
        "server.said": "{name}: {text}",
        "server.took_help": "{seat} took help ({help}): their game is assisted.",
        "server.time_up": "{name} ran out of time: the AI plays this turn for them.",
        "server.time_up_you": "Your time ran out: the AI plays this turn for you.",
        "server.hurry": "{seconds} seconds left for your turn; then the AI plays it for you.",
        "server.store_failed": (
            "The server cannot save this table right now: moves wait until it can."
        ),
        "server.store_back": "The server saves this table again.",
        "server.assisted": ", assisted",
        "server.auto_mark": ", the AI plays",
        "server.error": "That went wrong on the server (it is logged); the game goes on.",
        "server.advice_busy": (
            "The AI is still working out your earlier hints and the coach's verdicts; "
            "ask again in a moment."
        ),
        "server.coach_behind": (
            "The coach is still judging your earlier moves: it lets this one pass."
        ),
        "server.here": "here",
        "server.away": "away",
        "server.host": ", host",
        "server.ai_level": "AI, {level}",
        "server.ai_seat": "AI {n}",
        "server.bar_waiting": "waiting for the host to start",
        "server.bar_waiting_for": "waiting for {host} to start",
        "server.bar_host": "start deals when you are ready",
        "server.bar_host_missing_one": "1 more must sit down, then start",
        "server.bar_host_missing": "{n} more must sit down, then start",
        "server.bar_watching": "watching · who · score · log · leave",
        "server.bar_watcher": "watching",
        "server.watch_keys": "who · score · log · leave",
        "server.bar_over": "game over: leave, or quit",
        "server.bar_over_seat": "game over: again, leave, or quit",
        "server.not_started": "The game has not started yet (the host starts it).",
        "server.host_only": "Only the host ({host}) can start the game.",
        "server.no_undo": (
            "There is no undo at a shared table: the others have seen the move already."
        ),
        "server.autopilot_on": "The AI is playing your seat now (auto off gives it back).",
        "server.unseated": (
            "You no longer sit at this table (your seat was given up in another terminal)."
        ),
        "server.auto_turn": "The AI plays this turn for you (your game is assisted).",
        "server.auto_round": "The AI plays this round for you (your game is assisted).",
        "server.auto_game": "The AI plays the rest of the game for you (your game is assisted).",
        "server.only_watching": "You are watching this table; join CODE to play at one.",
        "server.not_at_table": "That is a move at a table; join CODE to sit down at one.",
        "server.not_your_seat": "That move is for another seat than yours; nothing was played.",
        "server.busy": "The table has too much to do just now; try again in a moment.",
        "server.say_slower": "Not so fast: a few lines a minute.",
        "server.slow_down": "Too many commands at once; wait a moment.",
        "server.line_too_long": "That line is too long (at most {limit} characters).",
        "server.idle": "You were idle in the lobby for a long time; goodbye.",
        # what the server refuses before or at login, said in English and German alike
        # (the client's language is not known before it logs in)
        "server.banner_bad_name": (
            "'{name}' cannot be a player's name: use a lower-case letter, then up to 15 "
            "letters, digits, - or _ (ssh NAME@host)."
        ),
        "server.banner_other_key": (
            "The name '{name}' belongs to another key on this server. Log in with that key, "
            "or choose another name (ssh OTHER@host)."
        ),
        "server.banner_key_name": "The name '{name}' belongs to a key: log in with that key.",
        "server.banner_password_name": (
            "The name '{name}' is in use by a player who logs in with the password (at a "
            "table, or logged in now); no key can take it. Choose another name "
            "(ssh OTHER@host)."
        ),
        "server.banner_no_key": (
            "This server lets players in with an SSH key, and your ssh offered none.\n"
            "Make one (press Enter at each question):\n"
            "  ssh-keygen -t ed25519\n"
            "then connect again:\n"
            "  {command}\n"
            "The first key that logs in under a name keeps that name."
        ),
        "server.log_on_its_way": (
            "A log is on its way to you already: ask for this one once it has come."
        ),
        "server.no_log_none": "No table with that code that you sat at.",
        "server.no_log_running": "That game is not over yet: its log is sent once it is.",
        "server.no_log_closed": "That game was closed before its end: its seed stays a secret.",
        # what the web front refuses at a browser's login
        "server.web_bad_key": (
            "This browser's key is not one the game made: clear the page's data and open it again."
        ),
        "server.web_other_key": (
            "The name '{name}' belongs to someone else on this server (another browser, or "
            "an SSH key). Choose another name, or open the game in the browser that took it."
        ),
        "server.web_password_name": (
            "The name '{name}' is in use by a player who logs in with the password; choose "
            "another name."
        ),
        "server.names_full": (
            "This server keeps no more new names. Log in with a name you already have."
        ),
        "server.names_busy": (
            "This server has taken many new names within the hour; try a new one later, "
            "or log in with a name you already have."
        ),
        "server.names_from_address": (
            "Your address has claimed {most} new names within the hour, as many as this "
            "server takes from one address (people behind one router share it). Log in "
            "with a name you already have, try a new one in an hour, or ask whoever runs "
            "the server to raise the limit."
        ),
        "server.names_from_network": (
            "Your network has claimed {most} new names within the hour, as many as this "
            "server takes from one network. Log in with a name you already have, try a new "
            "one in an hour, or ask whoever runs the server to raise the limit."
        ),
        "server.name_not_kept": (
            "The server cannot keep your name right now (it is logged); try again later."
        ),
        "server.password_wait": (
            "Too many wrong passwords from your address: wait {seconds} seconds."
        ),
        "server.too_many_tries": "Too many failed logins on this connection.",
        "server.channels_full": "Too many sessions on this connection (at most {most}).",
        "server.no_session": "No terminal or command on this connection for {seconds} s: goodbye.",
        "server.full_address": (
            "Too many connections from your address; close one, or try again later."
        ),
        "server.full": "The server is busy right now; try again in a while.",
        "server.full_network": ("Too many connections from your network; try again later."),
        "server.sessions_of_name": (
            "You have {most} sessions open on this server already: close one first."
        ),
        "server.stopping": "The server is stopping. Your games are kept: connect again later.",
        "server.pile": "discard pile: ",
        "server.cards_held": "{n} cards",
        "help.group.talk": "Talking at the table (mute, unmute and watchers are the host's):",
        "cmd.mute": "the host: NAME's lines reach nobody at this table",
        "cmd.unmute": "the host: NAME may talk again",
        "cmd.watchers": "the host: watchers off (none), on (they watch), talk (they talk too)",
        "detail.mute": (
            "mute ben: what ben says (a player or someone watching) reaches nobody at this table, "
            "and ben is told so once; unmute ben lets ben talk again. who marks who is muted; only "
            "the host mutes."
        ),
        "detail.unmute": "unmute ben: ben's lines reach the table again (the host only).",
        "detail.watchers": (
            "watchers alone says what watchers may now. watchers on (a new table): anyone may "
            "watch, and watchers do not talk; watchers talk: they talk too, each line marked as a "
            "watcher's; watchers off: those watching go back to the lobby, and watch CODE is "
            "refused. Only the host changes it."
        ),
        "server.said_watching": "{name} (watching): {text}",
        "server.says_from_address": (
            "Not so fast: your address has said as many lines this minute as one address may."
        ),
        "server.says_at_table": (
            "Not so fast: this table has heard as many lines this minute as it takes."
        ),
        "server.watchers_quiet": (
            "Watchers do not talk at this table (its host, {host}, can let them: watchers talk)."
        ),
        "server.muted_you": "The host muted you at this table: what you say here reaches nobody.",
        "server.unmuted_you": "The host lets you talk at this table again.",
        "server.muted": "{name} is muted: their lines reach nobody here (unmute {name} undoes it).",
        "server.unmuted": "{name} may talk again.",
        "server.not_muted": "{name} is not muted.",
        "server.nobody_here": "Nobody called {name} is at this table (who lists them).",
        "server.mute_full": (
            "This table keeps {n} names muted, as many as it may; unmute one first."
        ),
        "server.host_decides": "Only the host ({host}) decides that.",
        "server.watchers_off": "{name} closed the table to watchers.",
        "server.watchers_off_you": (
            "You closed the table to watchers: those watching went back to the lobby."
        ),
        "server.watchers_on": "{name} lets people watch this table; watchers do not talk.",
        "server.watchers_on_you": "Anyone may watch this table now; watchers do not talk.",
        "server.watchers_talk": "{name} lets watchers talk at this table; their lines are marked.",
        "server.watchers_talk_you": "Watchers may talk at this table now; their lines are marked.",
        "server.watchers_now_off": "The table is closed to watchers (watchers on opens it).",
        "server.watchers_now_on": (
            "Anyone may watch; watchers do not talk (watchers talk lets them)."
        ),
        "server.watchers_now_talk": "Anyone may watch, and watchers talk (their lines are marked).",
        "server.watchers_sent_away": "The host closed this table to watchers: back to the lobby.",
        "server.no_watchers": "Table {code} is closed to watchers (its host decided so).",
        "server.muted_mark": ", muted",
        "server.who_muted": "{name} (muted)",
        "server.who_watching": "Watching: {names}",
        "server.who_talking": "Watching, and talking: {names}",
        "server.who_more": "{names} and {n} more",
        "server.who_no_watchers": "Closed to watchers.",
    }
)

# -- your finished games (threethirteen history, threethirteen stats) ---------------------
TEXTS.update(
    {
        "history.title": "Your finished games, the latest {shown} of {total}:",
        "history.title_all": "Your finished games ({total}):",
        "history.none": "No finished game in your history yet: each game is kept as it ends.",
        "history.head.number": "#",
        "history.head.ended": "ended",
        "history.head.seed": "seed",
        "history.head.jokers": "jokers",
        "history.head.aces": "aces",
        "history.head.opponents": "opponents",
        "history.head.place": "place",
        "history.head.score": "score",
        "history.head.help": "help",
        "history.yes": "yes",
        "history.high": "high",
        "history.low": "low",
        "history.more": "{n} older: threethirteen history --all",
        "history.shared": "= a place shared",
        "history.with_help": "* with help",
        "history.replay": (
            "threethirteen replay NUMBER steps through a game (--analyze: your costliest "
            "decisions). Your history keeps your last {most} games, and the moves of the "
            "last {logs}."
        ),
        "history.skipped": "{n} lines of your history are no game; they were skipped.",
        "history.skipped_one": "1 line of your history is no game; it was skipped.",
        "history.unreadable": "Your history cannot be read ({detail}).",
        "history.kept": "Kept in your history as game {number}: threethirteen replay {number}",
        "history.not_kept": "This game could not be kept in your history ({detail}).",
        "stats.by_kind": "By opponents and options, over the {n} games in your history:",
        "stats.head.played": "played",
        "stats.head.assisted": "help",
        "stats.head.won": "won",
        "stats.head.average": "average",
        "stats.head.best": "best",
        "stats.best": "{score} (#{number})",
        "stats.recent": "Your latest games (penalty points; fewer is better):",
        "stats.see_history": (
            "threethirteen history lists your games; threethirteen replay NUMBER opens one."
        ),
        "ordinal.1": "1st",
        "ordinal.2": "2nd",
        "ordinal.3": "3rd",
        "ordinal.4": "4th",
        "ordinal.5": "5th",
        "ordinal.6": "6th",
        "ordinal.7": "7th",
        "ordinal.8": "8th",
    }
)


TEXTS.update(
    {
        # threethirteen learn: a first game with notes (repl/solo/learn.py, lessons.py)
        "learn.not_kept": (
            "A game or a lesson is running in another terminal with the same data folder: "
            "this lesson is not kept (leave it, and threethirteen learn starts anew)."
        ),
        "learn.title": (
            "A first game with notes, against Left and Right (both easy). quit or Ctrl-D "
            "leaves; threethirteen learn goes on from there."
        ),
        "learn.read_on": "Press a key for your cards.",
        "learn.note": "Note {n}/{total}: {text}",
        "learn.note.goal": (
            "The goal: hold your cards in melds, sets (3 or more of one rank: 6♣ 6♦ 6♥) "
            "and runs (3 or more in a row of one suit: 4♥ 5♥ 6♥). At a round's end the "
            "cards in no meld count against you; after 11 rounds the lowest total wins."
        ),
        "learn.note.wild": (
            "Every {wild} is wild this round (wild: {wild}): it stands for any card a meld "
            "needs. The wild rank is the number of cards dealt: 3 in round 1, 4 in round 2 "
            "… K in round 11. Jokers, in a game with them, are always wild."
        ),
        "learn.note.draw": (
            "Your turn starts with a card more: draw gives you the top card of the stock "
            "(face down), take the top of the discard pile, now {top}. Take it if it goes "
            "with your cards."
        ),
        "learn.note.discard": (
            "Now put one card down, so that you hold {size} again: type discard and the "
            "card, or just the card ({example}). Keep the cards that make melds; put down "
            "one that fits nothing."
        ),
        "learn.note.going_out": (
            "You can go out now: if every card you keep after putting one down is in a "
            "meld, you go out, and that round costs you nothing. Find the card to put "
            "down (melds shows your melds)."
        ),
        "learn.note.going_out.plain": (
            "Going out: when every card you keep after putting one down is in a meld, you "
            "go out. That round costs you nothing, and everyone else has one last turn."
        ),
        "learn.note.last_turn": (
            "{seat} went out. Now everyone else has exactly one last turn, and this is "
            "yours: take a card, put one down, and what is left in no meld counts. Whoever "
            "has every card in melds after it scores 0 too."
        ),
        "learn.note.last_turn.you": (
            "You went out: this round costs you nothing. Now everyone else has exactly one "
            "last turn, then the round is scored."
        ),
        "learn.note.scoring": (
            "Round {scored} was scored: your cards left over cost {penalty}, your total "
            "is {total}. After 11 rounds the lowest total wins. score shows the score "
            "sheet, a row for each round."
        ),
        "learn.note.penalty": (
            "What a card in no meld costs when the round ends: 2 to 10 their number, "
            "J Q K 10, an ace 1, a wild card 15, a joker 20. The table shows what your "
            "hand costs now (penalty). Put down high cards you cannot use."
        ),
        "learn.note.short_rounds": (
            "In short rounds, go out early: with few cards a round can end on any turn, "
            "and waiting for a better hand often costs more than it wins. Long rounds "
            "give more time to build."
        ),
        "learn.note.short_rounds.plain": (
            "In the short rounds at the start, go out early: with few cards a round can "
            "end on any turn, and waiting for a better hand often costs more than it wins. "
            "Long rounds give more time to build."
        ),
        "learn.note.keep_open": (
            "Keep cards that many cards can complete: two in a row of one suit (7♦ 8♦) "
            "wait for 6♦ or 9♦ (two of each) and every wild card; a lone K only for "
            "another K or a wild one. Put the lone cards down first."
        ),
        "learn.note.keep_open.plain": (
            "Keep cards that many cards can complete: two in a row of one suit (7♦ 8♦) "
            "wait for 6♦ or 9♦ and every wild card, a pair waits for its rank and the "
            "wild cards. Put the lone cards down first."
        ),
        "learn.note.throw_passed": (
            "Left, who plays after you, just put down {passed}: Left is not collecting "
            "that rank. Your {yours} is a safe card to put down: it will not help Left."
        ),
        "learn.note.throw_passed.plain": (
            "Watch what Left, who plays after you and can take your card, puts down: a "
            "rank Left just gave away is a safe one to put down; a card Left may want "
            "helps Left."
        ),
        "learn.note.done": (
            "That was the last note. Play the game to its end: from now on you hear "
            "something only when a move costs clearly more than the best one."
        ),
        "learn.good": "Good move: the hard AI does the same.",
        "learn.good_why": "Good move: the hard AI does the same: {why}.",
        "learn.even": "Good move: just as good as the hard AI's choice ({advice}).",
        "learn.close": (
            "Fine: {advice}, but that is almost the same (less than a penalty point on average)."
        ),
        "learn.better": "Better: {advice}: {why}. That saves {saved} on average.",
        "learn.better_plain": "Better: {advice}. That saves {saved} on average.",
        "learn.about": "about {points} penalty points",
        "learn.about_one": "about 1 penalty point",
        "learn.why.goes_out": "that goes out",
        "learn.why.lowers": "it lowers your penalty from {now} to {after}",
        "learn.why.leaves": "your cards in no meld then cost {left}",
        "learn.why.leaves_expected": "your cards in no meld then cost {left}",
        "learn.why.would_leave": "taking {card} would leave {left} penalty points",
        "learn.why.would_leave_expect": "taking {card} would leave {left} penalty points",
        "learn.why.keeps_open": "it keeps {groups} waiting for a third card",
        "learn.why.pile_empty": "the discard pile is empty",
        "learn.why.dumping": "the round is ending, so high cards go first",
        "learn.why.last_dumping": "it is your last turn, so high cards go first",
        "learn.why.last_turn": "it is your last turn",
        "learn.resume": "You left the lesson in round {round}. Go on with it?",
        "learn.resumed": "Back to the lesson, round {round}.",
        "learn.restart": "The lesson starts again from the first note.",
        "learn.not_the_lesson": (
            "The lesson's file held another game, not the lesson: it is kept as {path}, "
            "and the lesson starts anew."
        ),
        "learn.left": "Nothing was changed: threethirteen learn offers the lesson again.",
        "learn.leave": "Leave the lesson? It is kept: threethirteen learn goes on from here.",
        "learn.bye": "The lesson is kept: threethirteen learn goes on from here.",
        "learn.bye_unsaved": "Goodbye. (The lesson could not be kept.)",
        "learn.over": (
            "That was the lesson. threethirteen plays a game of your own; "
            "threethirteen learn starts the lesson again."
        ),
    }
)


REASONS: dict[str, str] = {
    **CLAUSES,
    "leaves": "penalty after it: {left}",
    "leaves_expected": "penalty after it: {left} (expected {expected})",
    "keeps_open": "keeps {groups} waiting for a third card",
    "outs": "{outs} cards that would complete them are still unseen",
    "out_one": "1 card that would complete them is still unseen",
    "dumping": "throwing points away: the round is ending",
    "last_dumping": "last turn: throwing points away",
}
"""The AI's reasons as the game says them in English: the log's own words
(:data:`core.ai.reasons.CLAUSES`, which it reads back) where they are plain, and plain words
where the log's are a player's shorthand ("outs", "dumping")."""


# The page of the web front (repl/server/web/static/): every label it shows, sent to it in
# the `words` message (docs/web.md); {field}s are filled by the page.
TEXTS.update(
    {
        "web.title": "Three-Thirteen Rummy",
        "web.connecting": "Connecting to the server …",
        "web.lost": "The connection is lost; trying again in {seconds} s …",
        "web.again": "Connect again",
        "web.login.title": "Who are you?",
        "web.login.name": "Your name",
        "web.login.rule": "A lower-case letter, then up to 15 letters, digits, - or _.",
        "web.login.lang": "Language",
        "web.login.go": "Sit down in the lobby",
        "web.login.key": (
            "This browser keeps a key of its own for your name: the same name in another "
            "browser is somebody else."
        ),
        "web.lang.en": "English",
        "web.lang.de": "Deutsch",
        "web.you_are": "You are {name}",
        "web.lobby.title": "Open tables",
        "web.lobby.none": "No open tables yet: make one.",
        "web.lobby.code": "Table",
        "web.lobby.seats": "Seats",
        "web.lobby.people": "Players",
        "web.lobby.state": "State",
        "web.lobby.options": "Options",
        "web.lobby.free": "free",
        "web.lobby.waiting": "waiting to start",
        "web.lobby.round": "round {round}/11",
        "web.lobby.join": "Join",
        "web.lobby.back": "Back to your seat",
        "web.lobby.watch": "Watch",
        "web.new.title": "New table",
        "web.new.seats": "Seats",
        "web.new.jokers": "Jokers",
        "web.new.jokers.none": "none",
        "web.new.jokers.one": "one a deck",
        "web.new.jokers.two": "two a deck",
        "web.new.aces": "Aces",
        "web.new.aces.low": "low (A 2 3)",
        "web.new.aces.high": "high (Q K A)",
        "web.new.level": "AI level",
        "web.new.level.easy": "easy",
        "web.new.level.medium": "medium",
        "web.new.level.hard": "hard",
        "web.new.turn_time": "Time a turn",
        "web.new.turn_time.none": "no clock",
        "web.new.turn_time.seconds": "{seconds} s",
        "web.new.make": "Make the table and sit down",
        "web.table.code": "Table {code}",
        "web.table.watching": "Watching table {code}",
        "web.table.invite": "Invite a friend to table {code}:",
        "web.table.waiting": "The cards are not dealt yet.",
        "web.table.between": "The round is over.",
        "web.table.round": "Round {no}/11",
        "web.table.size": "{size} cards each",
        "web.table.wild": "wild: {wild}",
        "web.table.dealer": "dealer: {dealer}",
        "web.table.last_turn": "last turn: someone went out",
        "web.table.stock": "Stock",
        "web.table.stock_cards": "{n} cards",
        "web.table.stock_draw": "Stock, {n} cards: draw the top card",
        "web.table.discard": "Discard pile",
        "web.table.discard_empty": "empty",
        "web.table.discard_take": "Discard pile, {card} on top: take it",
        "web.table.hand": "Your hand",
        "web.table.hand_help": (
            "Tap a card to choose it, tap it again to discard it; drag a card to move it in "
            "your hand."
        ),
        "web.table.melds": "Best melds",
        "web.table.no_melds": "no meld yet",
        "web.table.left_over": "Left over",
        "web.table.penalty": "Penalty {penalty}",
        "web.table.taken": "taken from the discard pile: not to be discarded this turn",
        "web.table.taken_short": "taken",
        "web.card.wild": "wild",
        "web.card.joker": "joker",
        "web.seat.cards": "{n} cards",
        "web.seat.card_one": "1 card",
        "web.seat.total": "total {total}",
        "web.seat.turn": "to play",
        "web.seat.away": "away",
        "web.seat.auto": "the AI plays (auto)",
        "web.seat.host": "host",
        "web.seat.empty": "free seat",
        "web.seats.title": "At the table",
        "web.clock": "{seconds} s left",
        "web.button.hint": "Hint",
        "web.button.auto_turn": "Auto turn",
        "web.button.score": "Score",
        "web.button.who": "Who",
        "web.button.start": "Start",
        "web.button.leave": "Leave",
        "web.chat.label": "Say to the table",
        "web.chat.send": "Say",
        "web.command.label": "Command",
        "web.command.help": "Type as at the terminal: d, t, x 7h, say hello, help. ↑ ↓ go back.",
        "web.narration.title": "What happens",
        "web.sheet.title": "Score sheet",
        "web.sheet.round": "Round",
        "web.sheet.total": "Total",
        "web.result.title": "The game is over",
        "web.result.winner": "Winner: {names}",
        "web.result.winners": "Winners: {names}",
        "web.result.nobody": "No winner: a tie.",
        "web.table.copy": "Copy the link",
        "web.table.copied": "The link is copied.",
        "web.login.invited": (
            "You are invited to table {code}: pick a name, and you sit down there."
        ),
        "web.login.lowered": "Names are written in lower case: you come in as {name}.",
        "web.table.wait_host": "Waiting for {host} to start the game.",
        "web.table.you_start_ai": "The AI plays the free seats: start the game when you are ready.",
        "web.table.you_start": "Everyone is seated: start the game when you are ready.",
        "web.table.wait_people": "Waiting for players to sit down; then you start the game.",
        "web.say.draw": "Your turn: draw from the stock, or take the top of the discard pile.",
        "web.say.discard": (
            "Choose a card to discard: tap it, then tap it again or the discard pile."
        ),
        "web.say.wait": "{name} to play.",
        "web.say.auto": "The AI plays for {name} (auto).",
        "web.say.selected": "{card} chosen: after discarding it, your penalty is {after}.",
        "web.say.discard_it": "Discard {card}",
        "web.say.watching": "You are watching: {name} to play.",
        "web.say.watching_auto": "You are watching: the AI plays for {name} (auto).",
        "web.table.keys": (
            "Keys: ← → choose a card, Enter discards it, D draws, T takes, H asks for a hint, "
            "L opens the log."
        ),
        "web.card.after": "→ {n}",
        "web.card.after_spoken": "penalty after discarding it: {n}",
        "web.card.best": "best",
        "web.card.hint": "hint",
        "web.card.new": "new",
        "web.card.spoken": "{rank} of {suit}",
        "web.suit.h": "hearts",
        "web.suit.d": "diamonds",
        "web.suit.c": "clubs",
        "web.suit.s": "spades",
        "web.rank.ace": "ace",
        "web.rank.king": "king",
        "web.rank.queen": "queen",
        "web.rank.jack": "jack",
        "web.pile.hint": "hint: draw here",
        "web.pile.put": "Discard pile: put {card} down",
        "web.over.title": "Round {no} is over",
        "web.over.went_out": "{name} went out.",
        "web.over.went_out_you": "You went out.",
        "web.over.stock_exhausted": "The stock ran out: nobody went out.",
        "web.over.turns_played": "The round's turns ran out: nobody went out.",
        "web.over.out": "went out",
        "web.over.penalty": "+{n} this round",
        "web.over.total": "total {n}",
        "web.over.next": "Next round",
        "web.over.last": "See the result",
        "web.over.keys": "(any key)",
        "web.over.wild": "Wild cards this round: {wild}",
        "web.result.place": "Place",
        "web.result.name": "Player",
        "web.result.total": "Total",
        "web.result.lobby": "Back to the lobby",
        "web.result.again": (
            "Play again makes a new table set up as this one; the others here are asked to join it."
        ),
        "web.result.play_again": "Play again",
        "web.result.join_again": "Join {code}",
        "web.log.open": "Log",
        "web.log.close": "Close the log",
        "web.offline": "Not connected: the table waits until the page is back.",
        "web.seat.ai": "AI",
        "web.lobby.ai": "AI",
        "web.result.keep_log": "Keep the game's log (a file to replay)",
    }
)
