"""Writes each sources/*.spider2-pandas.json (a table's sample rows as the Spider2 benchmark
stores them) as NDJSON export rows: one row per line, Python-repr values of REPEATED and STRUCT
columns (`[{'key': ..., 'value': {...}}\n {...}]`) read with ast.literal_eval (the line breaks
between elements taken as commas), NaN written as null, every other value kept as it is.

    python3 samples/real/convert_spider2.py
"""
import ast
import glob
import json
import math
import os

here = os.path.dirname(os.path.abspath(__file__))
for path in sorted(glob.glob(os.path.join(here, "sources", "*.spider2-pandas.json"))):
    with open(path, encoding="utf-8") as source:
        rows = json.load(source)["sample_rows"]
    lines = []
    for row in rows:
        out = {}
        for key, value in row.items():
            if isinstance(value, float) and math.isnan(value):
                value = None
            elif isinstance(value, str) and value[:1] in "[{":
                value = ast.literal_eval(value.replace("\n", ","))
            out[key] = value
        lines.append(json.dumps(out, ensure_ascii=False, separators=(",", ":"), allow_nan=False))
    name = os.path.basename(path).replace(".spider2-pandas.json", ".spider2.ndjson")
    with open(os.path.join(here, name), "w", encoding="utf-8") as target:
        target.write("\n".join(lines) + "\n")

# Two of them also in the multi-line shapes people save rows in: a `jq .` stream of pretty rows,
# and the BigQuery console's pretty array of rows (the same rows, only spaced otherwise).
for name, shape in [
    ("ga4-export.app.flood-it.ios.screen_view.spider2", "jq-stream"),
    ("ga4-export.web.obfuscated-ecommerce.scroll-gclid-term.spider2", "console-array"),
]:
    with open(os.path.join(here, name + ".ndjson"), encoding="utf-8") as source:
        rows = [json.loads(line) for line in source if line.strip()]
    if shape == "jq-stream":
        text = "".join(json.dumps(row, ensure_ascii=False, indent=2) + "\n" for row in rows)
    else:
        text = json.dumps(rows, ensure_ascii=False, indent=2) + "\n"
    with open(os.path.join(here, name + "." + shape + ".json"), "w", encoding="utf-8") as target:
        target.write(text)
