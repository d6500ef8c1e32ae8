"""What a place at a table and the table say to each other: the acts a place sends
(:mod:`.acts`), the news it is told (:mod:`.news`), the link that carries both for one
binding (:mod:`.link`), and their one JSON form (:mod:`.codec`).

Every front (the game at a terminal, a terminal over SSH, a browser) talks to its table's
master (:mod:`repl.master`) through a link and nothing else: it sends typed acts with the
state id its eyes saw, and draws the news of its own place. Nothing here knows asyncio,
a terminal or a page.
"""
