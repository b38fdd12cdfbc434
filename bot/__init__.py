"""The Discord process and everything it stands on: settings, storage, the table service,
the Discord cogs, the terminal client and the command-line entry point.

Only `bot.discord_app` imports `discord`; the service and storage are driven and tested
without it.
"""

import i18n
from engine.core import translate

# The engine words its prompts, labels and stories through `engine.core.translate`; reading them in the
# current locale (`i18n.using`) makes them follow the reader like every other message.
translate.install(i18n.CURRENT, lambda: i18n.current_locale.get())
