"""How clients reach the server: the HTTP routes, the WebSocket handler and its per-client queue,
what clients may send, and the shape of every refusal.
"""
