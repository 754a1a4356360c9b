"""One table at run time and everything that happens at it: its state and guard, who is present,
what is sent to whom, what runs later (bots, timers), hints, chat, rematch and leaving.
"""
