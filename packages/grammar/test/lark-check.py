"""Checks texts against a Lark grammar with the real Lark parser (Debian's python3-lark).

Usage: python3 lark-check.py GRAMMAR_FILE < texts.jsonl > verdicts.jsonl
Each input line is a JSON string; each output line is {"ok": bool, "error": str}. One process
parses many texts, so the grammar is compiled once.
"""
import json
import sys

from lark import Lark
from lark.exceptions import LarkError

with open(sys.argv[1], encoding="utf-8") as handle:
    parser = Lark(handle.read(), parser="earley", lexer="dynamic", start="start")

for line in sys.stdin:
    text = json.loads(line)
    try:
        parser.parse(text)
        verdict = {"ok": True, "error": ""}
    except LarkError as error:
        verdict = {"ok": False, "error": str(error).splitlines()[0][:200]}
    sys.stdout.write(json.dumps(verdict) + "\n")
    sys.stdout.flush()
