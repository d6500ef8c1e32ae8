"""The same tables in a browser: ``threethirteen serve --web PORT``.

One more front on the server's tables, beside SSH: the page (``static/``, written here and
shipped in the package) talks to the server over one WebSocket (docs/web.md). A browser
session holds a link to its table's master as an SSH session does, and is sent only its
seat's news, as JSON.
Needs the ``web`` extra (aiohttp).
"""
