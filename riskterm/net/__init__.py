"""Playing one game from separate screens: an authoritative host (host.py: the session, the seats, what each
seat may see), its websocket server (server.py, aiohttp), the client (client.py) and the remote table the
game screen plays through (remote.py). The wire format is in protocol.py."""
