"""The Discord shell: the bot class, cogs, UI components. The only package importing `discord`."""
