"""PDF and HTML reports: final standings with tie-break derivations, one player's appeal report,
the audit and the comparison of rule sets.

Three rooms: :mod:`~tbxl.report.views` builds what the templates show from
:class:`~tbxl.standings.Standings` (typed views, built once); :mod:`~tbxl.report.text` holds the
report's text (numbers in the reader's language, the monospace term rows and round-by-round
tables); :mod:`~tbxl.report.render` fills the Jinja2 templates of ``templates/`` and makes the
PDF with WeasyPrint, fetching nothing but files of the templates folder. The names below are the
package's interface (the CLI, the team report and the tests import them from ``tbxl.report``).
"""

from __future__ import annotations

from tbxl.report.render import (DERIVATION_WEIGHT, PART_LINES, _environment, _is_html, _join, _parts, _render_doc,
                     _section_size, _to_pdf, _weasyprint_fetcher, _weight, _write_report, render_appeal_pdf,
                     render_audit_pdf, render_compare_pdf, render_html, render_pdf, url_fetcher)
from tbxl.report.text import (BY_ROUND_GAP, BY_ROUND_MIN_WIDTH, BY_ROUND_SEP, LINE_CHARS, NAME_WIDTH, Segment, TermBlock,
                   TermRow, _by_round, _cut_name, _Fmt, _reason, _segments, plural, term_blocks)
from tbxl.report.views import (DERIVATIONS, MATRIX_MAX, PAPER, AppealReport, AuditReport, CompareItem, CompareReport,
                    Crosstable, CrosstableRow, Decided, DERow, DerivationTable, Event, Footer, InputFile, PlayerBlock,
                    PlayerLine, RankedView, ReportView, RulesText, Section, Separation, SharedPlace, StandingRow,
                    StandingsReport, TiebreakText, TiedGroup, Tier, TieGroup, TieLine, TieStep, _definition,
                    _rules_text, build_audit_view, build_compare_view, build_view, labels, languages,
                    parse_derivations, select_derivations, sha256_file, templates_dir)

__all__ = ["DERIVATIONS", "LINE_CHARS", "PAPER", "AppealReport", "AuditReport", "CompareItem", "CompareReport",
           "Crosstable", "CrosstableRow", "Decided", "DERow", "DerivationTable", "Event", "Footer", "InputFile",
           "PlayerBlock", "PlayerLine", "RankedView", "ReportView", "RulesText", "Segment", "Separation",
           "SharedPlace", "StandingRow", "StandingsReport", "Section", "TermBlock", "TermRow", "TiebreakText",
           "TiedGroup", "Tier", "TieGroup", "TieLine", "TieStep", "term_blocks", "build_audit_view",
           "build_compare_view", "build_view",
           "labels", "languages", "parse_derivations", "plural", "render_appeal_pdf", "render_audit_pdf",
           "render_compare_pdf", "render_html", "render_pdf", "select_derivations", "sha256_file",
           "templates_dir", "url_fetcher"]
