"""How a promotion's sentence starts: the team tier writes it, the window and the command line read it.

Its own module so the tier (which makes the sentence) and app.core.team.sharing (which the window
imports without the team server's driver) both use it without importing each other.
"""

SHARED = "Shared with the team:"  # how `Team.promote`'s sentence starts when the line is new there
ALREADY = "Already shared with the team:"  # ... and when the team memory held it already
