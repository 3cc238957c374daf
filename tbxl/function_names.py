"""The names of the team Excel functions, in a module that imports nothing: the formula catalogue
(:mod:`tbxl.catalogue`) names its team functions with them, and the team workbook test
(:mod:`tbxl.io.load`, run by every command) looks for them without importing the catalogue and
the core behind it.

>>> TEAM_FUNCTION_NAMES
('TEAM_TIEBREAK', 'TEAM_STANDINGS')
"""

TEAM_TIEBREAK = "TEAM_TIEBREAK"
TEAM_STANDINGS = "TEAM_STANDINGS"

#: The team functions' names, in the catalogue's order (:data:`tbxl.catalogue.TEAM_FUNCTIONS`).
TEAM_FUNCTION_NAMES = (TEAM_TIEBREAK, TEAM_STANDINGS)
