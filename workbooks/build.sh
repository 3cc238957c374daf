#!/bin/sh
# Rebuild the example workbooks of this folder from the test data, byte for byte:
#     sh workbooks/build.sh          (from anywhere; PYTHON=... to choose the interpreter)
# tbxl must be installed (pip install -e .[excel]); the .xlsm needs xlwings for its VBA project.
set -eu
cd "$(dirname "$0")/.."
PY=${PYTHON:-python}
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1767225600}   # 2026-01-01: fixed document dates
TEC=tests/data/tec-2023
$PY -m tbxl workbook $TEC/held_swiss_5.trf --layout compact -o workbooks/tec-swiss.xlsx
$PY -m tbxl workbook $TEC/held_swiss_5.trf --layout compact -o workbooks/tec-swiss.xlsm
$PY -m tbxl workbook $TEC/held_round_robin.trf --pairing round-robin \
    -o workbooks/tec-round-robin.xlsx
$PY -m tbxl workbook tests/data/seeds/seed002-buchholz-swiss.trf --layout sm3 \
    -o workbooks/seed002-sm3.xlsx
$PY -m tbxl workbook tests/data/team/grandmommyscup.trf -o workbooks/grandmommyscup-team.xlsx
$PY -c "from tbxl.workbook import write_template; write_template('workbooks/template.xlsx', players=20, rounds=9)"
echo "workbooks: tec-swiss.xlsx tec-swiss.xlsm tec-round-robin.xlsx seed002-sm3.xlsx grandmommyscup-team.xlsx template.xlsx"
