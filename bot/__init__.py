"""The Discord process and everything it stands on: settings, storage, the table service,
the Discord cogs, the terminal client and the command-line entry point.

Only `bot.discord_app` imports `discord`; the service and storage are driven and tested
without it.
"""
