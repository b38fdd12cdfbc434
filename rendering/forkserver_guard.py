"""Imported only by the long jobs' fork server (`rendering.pool.PRELOADED`): the fork server ends with the
bot that started it, even when the bot is killed by SIGKILL, and so do the jobs forked from it (each watches
its own parent, the fork server). Without it, a killed bot left the fork server and a replay's process
running. Nothing else imports this module: in the bot's own process it would tie the bot to its parent.
"""

from rendering.pool import watch_parent

watch_parent(thread=False)  # the fork server forks jobs: no thread of its own to copy half-way
