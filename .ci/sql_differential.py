#!/usr/bin/env python3
"""Differential test of `eventlint sql` against `eventlint lint`, without BigQuery.

For each GA4 BigQuery export (bq extract NDJSON): keep the lines DuckDB can load (valid JSON
objects of the export's shape), run `eventlint lint --format json --input-format bq` on them,
transpile `eventlint sql --mode counts` from BigQuery to DuckDB with sqlglot, run it over the
same lines loaded with the GA4 column types (a subquery stands in for the wildcard table, with
`_TABLE_SUFFIX` taken from `event_date`), and compare the per-rule counts for every rule id the
SQL computes and the counts per (rule id, event, param) against lint's finding groups (a
`stream/` user property finding concerns no event in lint, so those compare per rule id and
property); every computed check must have a row (0 when clean); and the violations per plan
rule (`sql --mode rules` against lint's summary `rules`); the counts per (rule id, event, param,
plan rule) against lint's findings; and `sql --mode rows`: as many rows as violations, the same
findings as lint's (rule id, user, time, event, param, value, plan rule; app version and
platform where lint has them), and `--limit 3` the first three; and `sql --mode readout` against
lint's summary `metrics` (users and successes per metric, experiment and arm, the share and the
Wilson bounds). Exit status 1 on any difference.

Also: `generate ROWS SEED OUT` writes a synthetic export (every check of the plan exercised), and
`generate-metrics USERS SEED OUT` one for Tests/Fixtures/sql/metrics-plan (every kind of metric).
"""
import argparse
import collections
import glob
import gzip
import json
import os
import random
import re
import subprocess
import sys

STAND_IN_TABLE = "standin.export.events_*"

VALUE = "STRUCT(string_value VARCHAR, int_value VARCHAR, float_value DOUBLE, double_value DOUBLE)"
USER_VALUE = ("STRUCT(string_value VARCHAR, int_value VARCHAR, float_value DOUBLE, double_value DOUBLE, "
              "set_timestamp_micros VARCHAR)")
# The GA4 export columns the SQL reads, typed as a bq extract delivers them: INT64 columns
# arrive as JSON strings, so they are VARCHAR here (SPEC §7).
COLUMNS = {
    "event_date": "VARCHAR",
    "event_timestamp": "VARCHAR",
    "event_name": "VARCHAR",
    "event_params": f"STRUCT(key VARCHAR, value {VALUE})[]",
    "event_bundle_sequence_id": "VARCHAR",
    "user_id": "VARCHAR",
    "user_pseudo_id": "VARCHAR",
    "user_properties": f"STRUCT(key VARCHAR, value {USER_VALUE})[]",
    "app_info": "STRUCT(id VARCHAR, version VARCHAR, install_store VARCHAR, firebase_app_id VARCHAR, install_source VARCHAR)",
    "platform": "VARCHAR",
    "items": "STRUCT(item_id VARCHAR, item_name VARCHAR, item_brand VARCHAR, price DOUBLE, quantity VARCHAR, "
             f"item_params STRUCT(key VARCHAR, value {VALUE})[])[]",
}


# ---------------------------------------------------------------------------------------------
# Which lines both sides can read

def _scalar_ok(value, kinds):
    return value is None or (isinstance(value, kinds) and not isinstance(value, bool))


def _entries_ok(entries, user):
    if entries is None:
        return True
    if not isinstance(entries, list):
        return False
    for entry in entries:
        if not isinstance(entry, dict) or not isinstance(entry.get("key"), str):
            return False
        value = entry.get("value")
        if value is None:
            continue
        if not isinstance(value, dict):
            return False
        if not _scalar_ok(value.get("string_value"), str):
            return False
        int_value = value.get("int_value")
        if not _scalar_ok(int_value, (str, int)):
            return False
        if isinstance(int_value, str) and ("\\" in json.dumps(int_value)[1:-1] or int_value != int_value.strip()):
            return False
        for slot in ("float_value", "double_value"):
            if not _scalar_ok(value.get(slot), (int, float)):
                return False
        if user and not _scalar_ok(value.get("set_timestamp_micros"), (str, int)):
            return False
    return True


def loadable(row):
    """A line both DuckDB (with COLUMNS) and lint read as the same GA4 row."""
    if not isinstance(row, dict) or not isinstance(row.get("event_name"), str):
        return False
    for key in ("event_date", "user_id", "user_pseudo_id"):
        if not _scalar_ok(row.get(key), str):
            return False
    for key in ("event_timestamp", "event_bundle_sequence_id"):
        value = row.get(key)
        if not _scalar_ok(value, (str, int)):
            return False
        if isinstance(value, str) and value != value.strip():
            return False
    app_info = row.get("app_info")
    if app_info is not None and (not isinstance(app_info, dict) or not _scalar_ok(app_info.get("version"), str)):
        return False
    items = row.get("items")
    if items is not None:
        # The item columns the SQL reads; an item with another column is left out (both sides
        # would read it, but the stand-in table does not declare every GA4 item column).
        if not isinstance(items, list):
            return False
        for item in items:
            if not isinstance(item, dict) or not set(item) <= {"item_id", "item_name", "item_brand", "price", "quantity", "item_params"}:
                return False
            for key in ("item_id", "item_name", "item_brand"):
                if not _scalar_ok(item.get(key), str):
                    return False
            if not _scalar_ok(item.get("price"), (int, float)) or not _scalar_ok(item.get("quantity"), (str, int)):
                return False
            if not _entries_ok(item.get("item_params"), False):
                return False
    if not _scalar_ok(row.get("platform"), str):
        return False
    return _entries_ok(row.get("event_params"), False) and _entries_ok(row.get("user_properties"), True)


def read_lines(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as handle:
        for raw in handle:
            yield raw


def _no_duplicate_keys(pairs):
    """object_pairs_hook: a duplicate key makes the line invalid, as it does for lint."""
    keys = [key for key, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError("duplicate key")
    return dict(pairs)


def filter_export(path, out_path):
    kept = dropped = 0
    with open(out_path, "wb") as out:
        for raw in read_lines(path):
            try:
                row = json.loads(raw.decode("utf-8"), object_pairs_hook=_no_duplicate_keys)
            except (ValueError, UnicodeDecodeError):
                row = None
            if row is not None and loadable(row):
                out.write(raw.rstrip(b"\r\n") + b"\n")
                kept += 1
            elif raw.strip():
                dropped += 1
    return kept, dropped


def is_bq_shaped(path, sample=200):
    """Most of the first valid JSON lines look like GA4 BigQuery rows."""
    seen = bq = 0
    try:
        for raw in read_lines(path):
            try:
                row = json.loads(raw)
            except ValueError:
                continue
            if not isinstance(row, dict):
                continue
            seen += 1
            if "event_params" in row or ("event_name" in row and "event_timestamp" in row):
                bq += 1
            if seen >= sample:
                break
    except OSError:
        return False
    return seen > 0 and bq * 2 > seen


# ---------------------------------------------------------------------------------------------
# The two sides

PLAN_RULE_MESSAGE = re.compile(r'^(?:pair|rule) "([^"]*)":')


def plan_rule_of(finding):
    """The pair or plan rule of a `pair/` or `rule/` finding: lint's message starts with it."""
    if not finding["rule"].startswith(("pair/", "rule/")):
        return None
    match = PLAN_RULE_MESSAGE.match(finding["message"])
    if match is None:
        raise SystemExit(f"a {finding['rule']} finding does not name its pair or rule: {finding['message']!r}")
    return match.group(1)


def is_user_property_rule(rule):
    """A user property finding concerns no event in lint (the property is the user's); the SQL
    names the row's event, so those compare without the event."""
    return rule.startswith("stream/") and "user-property" in rule


def lint_summary(eventlint, schema, path):
    result = subprocess.run([eventlint, "lint", "--schema", schema, "--format", "json", "--input-format", "bq",
                             "--max-findings", "0", path], capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise SystemExit(f"eventlint lint failed ({result.returncode}): {result.stderr}")
    report = json.loads(result.stdout)
    if report["summary"].get("unlistedFindings"):
        raise SystemExit("lint left findings out of its list; the rows cannot be compared")
    keyed = {}
    LINT_ROWS[:] = []
    for finding in report["findings"]:
        plan_rule = plan_rule_of(finding)
        key = (finding["rule"], finding.get("event"), finding.get("param"), plan_rule)
        keyed[key] = keyed.get(key, 0) + 1
        LINT_ROWS.append({
            "rule_id": finding["rule"], "user_pseudo_id": finding.get("userId"),
            "event_timestamp": finding.get("eventTimestamp"), "event_name": finding.get("event"),
            "param": finding.get("param"), "value": finding.get("value"), "plan_rule": plan_rule,
            "app_version": finding.get("appVersion"), "platform": finding.get("platform"),
        })
    # The findings are lint's groups, one by one: the same counts per (rule id, event, param).
    grouped = {}
    for (rule, event, param, _), count in keyed.items():
        grouped[(rule, event, param)] = grouped.get((rule, event, param), 0) + count
    groups = {(g["rule"], g.get("event"), g.get("param")): g["count"] for g in report["groups"]}
    if grouped != groups:
        raise SystemExit("lint's findings do not add up to its groups")
    KEYED_LINT[:] = list(keyed.items())
    return report["summary"]


def generated_sql(eventlint, schema, mode="counts", limit=None):
    arguments = [eventlint, "sql", "--schema", schema, "--table", STAND_IN_TABLE, "--mode", mode]
    if limit is not None:
        arguments += ["--limit", str(limit)]
    result = subprocess.run(arguments, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"eventlint sql failed ({result.returncode}): {result.stderr}")
    return result.stdout


def computed_ids(sql):
    for line in sql.splitlines():
        if line.startswith("-- rule ids computed: "):
            return [item.strip() for item in line.split(":", 1)[1].split(",")]
    raise SystemExit("the SQL does not list the rule ids it computes")


def to_duckdb(sql):
    """BigQuery → DuckDB with sqlglot; the wildcard table becomes a subquery over the loaded rows."""
    import sqlglot
    from sqlglot import exp
    tree = sqlglot.parse_one(sql, read="bigquery")
    stand_in = sqlglot.parse_one(
        "SELECT * FROM (SELECT *, COALESCE(event_date, '00000000') AS _TABLE_SUFFIX FROM export_rows) AS events",
        read="duckdb").find(exp.Subquery)
    replaced = 0
    for table in list(tree.find_all(exp.Table)):
        if table.name == "events_*":
            table.replace(stand_in.copy())
            replaced += 1
    if replaced != 1:
        raise SystemExit(f"expected the SQL to read the export table once, found {replaced} references")
    # sqlglot writes BigQuery's BYTE_LENGTH of a STRING as DuckDB's OCTET_LENGTH, which takes
    # only BLOBs; STRLEN is the UTF-8 byte count of a VARCHAR.
    for node in list(tree.find_all(exp.ByteLength)):
        node.replace(exp.Anonymous(this="STRLEN", expressions=[node.this.copy()]))
    return tree.sql(dialect="duckdb")


SQL_IDS = []
KEYED_LINT = []
KEYED_SQL = []
LINT_ROWS = []


def run_sql(duck_sql, path, named=False):
    import duckdb
    connection = duckdb.connect()
    connection.execute("SET threads TO 2")
    columns = "{" + ", ".join(f"'{name}': '{kind}'" for name, kind in COLUMNS.items()) + "}"
    connection.execute(f"CREATE TABLE export_rows AS SELECT * FROM read_json(?, format = 'newline_delimited', "
                       f"columns = {columns}, maximum_object_size = 134217728)", [path])
    result = connection.execute(duck_sql)
    rows = result.fetchall()
    if named:
        names = [column[0] for column in result.description]
        return [dict(zip(names, row)) for row in rows]
    return rows


def sql_rule_counts(duck_sql, path):
    """`--mode rules`: (plan_rule, violations) rows."""
    return {rule: int(count) for rule, count in run_sql(duck_sql, path)}


COUNTS_COLUMNS = ["rule_id", "event_name", "param", "plan_rule", "violations"]
ROWS_COLUMNS = ["rule_id", "user_pseudo_id", "event_timestamp", "event_name", "param", "value", "plan_rule",
                "event_date", "app_version", "platform"]


def sql_counts(duck_sql, path):
    rows = run_sql(duck_sql, path, named=True)
    if rows and list(rows[0]) != COUNTS_COLUMNS:
        raise SystemExit(f"sql --mode counts has the columns {list(rows[0])}, not {COUNTS_COLUMNS}")
    # One row per (rule id, event, param, plan rule), and a 0 row for a check that found
    # nothing: every computed check must have a row.
    missing = set(SQL_IDS) - {row["rule_id"] for row in rows}
    if missing:
        raise SystemExit(f"the SQL has no row for the checks {sorted(missing)}")
    KEYED_SQL[:] = [((row["rule_id"], row["event_name"], row["param"], row["plan_rule"]), int(row["violations"]))
                    for row in rows if row["violations"]]
    counts = {}
    for row in rows:
        counts[row["rule_id"]] = counts.get(row["rule_id"], 0) + int(row["violations"])
    return counts


def compare_keyed(ids):
    """Per (rule id, event, param, plan rule): lint's findings against the SQL's count rows."""
    def without_event(items):
        result = {}
        for (rule, event, param, plan_rule), count in items:
            if rule not in ids:
                continue
            key = (rule, None if is_user_property_rule(rule) else event, param, plan_rule)
            result[key] = result.get(key, 0) + count
        return result
    lint, sql = without_event(KEYED_LINT), without_event(KEYED_SQL)
    differing = sorted((key for key in set(lint) | set(sql) if lint.get(key, 0) != sql.get(key, 0)), key=str)
    for key in differing:
        print(f"   {key}: lint {lint.get(key, 0)}, sql {sql.get(key, 0)}   <-- differs")
    print(f"   per (rule id, event, param, plan rule): {len(lint)} keys, "
          + ("OK" if not differing else f"FAILED: {len(differing)} differ"))
    return not differing


# What a row of `sql --mode rows` and a finding of lint must agree on; user property findings
# without the event (see is_user_property_rule). The app version and platform are compared for
# the findings lint gives them (per event checks; pair and rule findings name the user and time).
ROW_KEY = ["rule_id", "user_pseudo_id", "event_timestamp", "event_name", "param", "value", "plan_rule"]
CONTEXT_KEY = ROW_KEY + ["app_version", "platform"]


def row_keys(rows, columns, only_with_context=False):
    keys = collections.Counter()
    for row in rows:
        if only_with_context and not row["rule_id"].startswith("stream/"):
            continue
        key = []
        for column in columns:
            value = row[column]
            if column == "event_name" and is_user_property_rule(row["rule_id"]):
                value = None
            elif column == "event_timestamp" and value is not None:
                value = int(value)
            key.append(value)
        keys[tuple(key)] += 1
    return keys


def rows_differences(lint_rows, sql_rows, ids):
    """The findings only one side has, per ROW_KEY (and CONTEXT_KEY for per-event findings)."""
    lint_rows = [row for row in lint_rows if row["rule_id"] in ids]
    differences = []
    for columns, context in ((ROW_KEY, False), (CONTEXT_KEY, True)):
        lint, sql = row_keys(lint_rows, columns, context), row_keys(sql_rows, columns, context)
        differences += [("lint only", key, count) for key, count in (lint - sql).items()]
        differences += [("sql only", key, count) for key, count in (sql - lint).items()]
    return differences


def compare_rows(duck_rows_sql, duck_limited_sql, path, ids, total):
    """`--mode rows` against lint's findings, row by row; `--limit` keeps the first rows."""
    rows = run_sql(duck_rows_sql, path, named=True)
    ok = True
    if rows and list(rows[0]) != ROWS_COLUMNS:
        print(f"   sql --mode rows has the columns {list(rows[0])}, not {ROWS_COLUMNS}   <-- differs")
        return False
    if len(rows) != total:
        print(f"   sql --mode rows gives {len(rows)} rows, counts mode {total} violations   <-- differs")
        ok = False
    # A finding on the plan itself (the sample-ratio test) is on no row.
    if any(row["event_date"] is None and row["rule_id"] != "experiment/sample-ratio-mismatch" for row in rows):
        print("   a row has no event_date   <-- differs")
        ok = False
    differences = rows_differences(LINT_ROWS, rows, ids)
    for side, key, count in sorted(differences, key=str)[:20]:
        print(f"   {side} ({count}): {dict(zip(CONTEXT_KEY, key))}   <-- differs")
    if differences:
        ok = False
    # The check itself must see a difference: the same rows with one value changed, or one row
    # left out, do not agree with lint.
    for name, broken in (("a value changed", [dict(rows[0], value=f"{rows[0]['value']}!")] + rows[1:]),
                         ("a row left out", rows[1:])) if rows else ():
        if not rows_differences(LINT_ROWS, broken, ids):
            print(f"   the row comparison does not notice {name}   <-- differs")
            ok = False
    limited = run_sql(duck_limited_sql, path, named=True)
    if limited != rows[:LIMIT]:
        print(f"   sql --mode rows --limit {LIMIT} gives {len(limited)} rows, not the first {min(LIMIT, len(rows))}"
              "   <-- differs")
        ok = False
    cut = sum(1 for row in rows if (row["value"] or "").endswith("…"))
    print(f"   rows: {len(rows)} rows = {total} violations ({cut} values cut), every row as lint reports it"
          f" (rule id, user, time, event, param, value, plan rule; app version and platform where lint has them);"
          f" --limit {LIMIT}: {len(limited)} rows, the first ones   " + ("OK" if ok else "FAILED"))
    return ok


LIMIT = 3


def compare(name, lint, sql, ids):
    differences = []
    for rule in ids:
        left, right = lint.get(rule, 0), sql.get(rule, 0)
        if left != right:
            differences.append((rule, left, right))
    width = max(len(rule) for rule in ids)
    print(f"== {name}")
    print(f"   {'rule id'.ljust(width)}  {'lint':>8}  {'sql':>8}")
    for rule in ids:
        left, right = lint.get(rule, 0), sql.get(rule, 0)
        if left or right:
            mark = "" if left == right else "   <-- differs"
            print(f"   {rule.ljust(width)}  {left:>8}  {right:>8}{mark}")
    for rule, count in sorted(sql.items(), key=lambda item: str(item[0])):
        if rule not in ids:
            differences.append((rule, 0, count))
            print(f"   the SQL yields {rule!r} {count} times, which is not a rule id it computes   <-- differs")
    uncovered = {rule: count for rule, count in lint.items() if rule not in ids}
    if uncovered:
        print(f"   (not compared, lint only: {', '.join(f'{k} {v}' for k, v in sorted(uncovered.items()))})")
    print("   OK" if not differences else f"   FAILED: {len(differences)} rule id(s) differ")
    return not differences


def compare_plan_rules(lint, sql):
    """Violations per plan rule: lint's summary `rules` against `sql --mode rules`."""
    differences = [(name, count, sql.get(name, 0)) for name, count in lint.items() if count != sql.get(name, 0)]
    differences += [(name, 0, count) for name, count in sql.items() if name not in lint]
    width = max([len(name) for name in lint] + [9])
    print(f"   {'plan rule'.ljust(width)}  {'lint':>8}  {'sql':>8}")
    for name in lint:
        left, right = lint[name], sql.get(name, 0)
        mark = "" if left == right else "   <-- differs"
        print(f"   {name.ljust(width)}  {left:>8}  {right:>8}{mark}")
    print("   OK" if not differences else f"   FAILED: {len(differences)} plan rule(s) differ")
    return not differences


# ---------------------------------------------------------------------------------------------
# A synthetic export that exercises every check

AUTOMATIC = ["session_start", "screen_view", "user_engagement", "notification_receive", "first_open"]
BUCKET_8 = ["0", "1", "2", "3", "4", "5-9", "10-19", "20+"]


READOUT_COLUMNS = ["metric", "experiment", "arm", "users", "succeeded", "share", "lower", "upper"]


def compare_readout(lint_metrics, duck_readout_sql, path):
    """`--mode readout` against lint's summary `metrics`: the same rows in the same order, the
    same users and successes, the share and Wilson bounds within 1e-6 (lint's JSON rounds the
    bounds to six decimals)."""
    rows = run_sql(duck_readout_sql, path, named=True)
    if rows and list(rows[0]) != READOUT_COLUMNS:
        print(f"   sql --mode readout has the columns {list(rows[0])}, not {READOUT_COLUMNS}   <-- differs")
        return False
    ok = len(rows) == len(lint_metrics)
    if not ok:
        print(f"   readout: lint {len(lint_metrics)} rows, sql {len(rows)}   <-- differs")
    for lint, sql in zip(lint_metrics, rows):
        keys = [lint[k] for k in READOUT_COLUMNS[:5]]
        if keys != [sql[k] for k in READOUT_COLUMNS[:5]] or any(
                abs(float(lint[k]) - float(sql[k])) > 1e-6 for k in READOUT_COLUMNS[5:]):
            print(f"   readout {keys[:3]}: lint {[lint[k] for k in READOUT_COLUMNS[3:]]}, "
                  f"sql {[sql[k] for k in READOUT_COLUMNS[3:]]}   <-- differs")
            ok = False
    if ok:
        reached = sum(row["users"] for row in rows)
        print(f"   readout: {len(rows)} rows (metric, experiment, arm), {reached} users counted, OK")
    return ok


def generate_metrics(users, seed, out_path):
    """An export for Tests/Fixtures/sql/metrics-plan: users in arm a or b, the offer closed with
    pass or fail, the sheet and a purchase 30 min or 2 h later or from home, a second app open
    the same day, 30 h later or 8 days later; each user on one of 50 days; arm flips, users
    outside the population, offers shown before the arm, offers shown twice, late sheets and a
    60/40 split against the plan's 50/50 planted."""
    rng = random.Random(seed)
    lines = []

    def row(name, user, seconds, arm, params=(), cohort="new"):
        micros = int(seconds * 1_000_000)
        entries = [{"key": key, "value": {"string_value": value}} for key, value in params]
        properties = [("cohort", cohort)] + ([("arm", arm)] if arm else [])
        lines.append(json.dumps({
            "event_date": "20250314", "event_timestamp": str(micros), "event_name": name,
            "event_params": entries, "user_pseudo_id": user,
            "user_properties": [{"key": key, "value": {"string_value": value,
                                                        "set_timestamp_micros": "1741940000000000"}}
                                for key, value in properties],
            "platform": "IOS"}, separators=(",", ":")))

    for index in range(users):
        user = f"u{index}"
        arm = "a" if rng.random() < 0.6 else "b"  # planted: 60/40 against the declared 50/50
        start = 1_741_946_400 + (index % 50) * 86_400 + rng.randrange(0, 3600)
        # Planted: one user in 20 outside the population, one in 25 shown the offer before the
        # arm is set (no arm on the first events), one in 30 flips arm on the offer's close.
        cohort = "legacy" if index % 20 == 7 else "new"
        early = index % 25 == 3
        flipped = ("b" if arm == "a" else "a") if index % 30 == 11 else arm
        row("app_opened", user, start, None if early else arm, cohort=cohort)
        offer = rng.randrange(3)
        if offer < 2 or early:
            row("offer_shown", user, start + 10, None if early else arm, cohort=cohort)
            row("offer_closed", user, start + 20, flipped, [("outcome", "pass" if offer == 0 else "fail")],
                cohort=cohort)
            if index % 40 == 13:  # planted: the offer shown a second time, and closed
                row("offer_shown", user, start + 30, flipped, cohort=cohort)
                row("offer_closed", user, start + 40, flipped, [("outcome", "fail")], cohort=cohort)
        purchase = rng.randrange(5)
        if purchase:
            sheet = start + (5000 if index % 45 == 5 else 100)  # planted: a sheet too late for the journey
            row("sheet_viewed", user, sheet, arm, cohort=cohort)
            delay, source = [(1800, "sheet"), (7200, "sheet"), (1800, "home"), (0, "")][purchase - 1]
            if source:
                row("purchase", user, sheet + delay, arm, [("source", source)], cohort=cohort)
        again = rng.randrange(4)
        if again:
            row("app_opened", user, start + [7200, 108_000, 691_200][again - 1], arm, cohort=cohort)
    rng.shuffle(lines)
    with open(out_path, "w") as out:
        out.write("\n".join(lines) + "\n")


def generate(rows, seed, out_path):
    rng = random.Random(seed)
    lines = []
    user_number = 0
    while len(lines) < rows:
        user_number += 1
        user = f"u{seed}-{user_number:06d}"
        lines.extend(_user_rows(rng, user))
    with open(out_path, "w") as out:
        for row in lines[:rows]:
            out.write(json.dumps(row, separators=(",", ":"), ensure_ascii=False) + "\n")


def _value(kind, value):
    slots = {"string_value": None, "int_value": None, "float_value": None, "double_value": None}
    if kind is not None:
        slots[kind] = value
    return slots


def _param(key, value, kind=None):
    if kind is None:
        kind = "int_value" if isinstance(value, int) else "double_value" if isinstance(value, float) else "string_value"
        value = str(value) if isinstance(value, int) else value
    return {"key": key, "value": _value(kind, value)}


def _user_rows(rng, user):
    version = rng.choice(["2.9.1", "3.0.0", "3.0.0", "3.1.2", "3.10", "10.0.1 (7)", "v3"])
    new_install = version not in ("2.9.1",) and rng.random() < 0.8
    offer_arm = rng.choice(["offer", "control"]) if new_install else None
    cap_arm = rng.choice(["cap4", "unlimited"]) if new_install else None
    if rng.random() < 0.02:
        offer_arm = rng.choice(["treatment", "x" * 40])
    time = 1_717_000_000_000_000 + rng.randrange(0, 86_400_000_000)
    bundle = rng.randrange(1, 1000)
    rows = []

    def emit(name, params, gap_ms=None, user_props=None, exact_gap_us=None):
        nonlocal time, bundle
        if exact_gap_us is not None:
            time += exact_gap_us
        else:
            time += (gap_ms if gap_ms is not None else rng.randrange(200, 60_000)) * 1000 + rng.randrange(1, 999)
        bundle += rng.choice([0, 1, 1, 2])
        if exact_gap_us == 0:
            # Same microsecond: a later bundle orders the two, as it does in BigQuery; same
            # time and bundle leave the order to the position, which tables do not have
            # (docs/sql.md, "Ties in time order").
            bundle += 1
        props = []
        if offer_arm is not None:
            props.append({"key": "onboarding_block_arm", "value": {**_value("string_value", offer_arm), "set_timestamp_micros": "1717000000000000"}})
        if cap_arm is not None:
            props.append({"key": "block_cap_arm", "value": {**_value("string_value", cap_arm), "set_timestamp_micros": "1717000000000000"}})
        props.append({"key": "first_open_time", "value": {**_value("int_value", "1717000000000"), "set_timestamp_micros": "1717000000000000"}})
        if user_props is not None:
            props = user_props(props)
        params = [_param("ga_session_id", 1717000000), _param("engagement_time_msec", rng.randrange(1, 5000))] + params
        if rng.random() < 0.01:
            params.append(_param(rng.choice(["colour", "screen_name", "value"]), "x"))
        if rng.random() < 0.01:
            params.append(_param("phase", "demo"))
        if rng.random() < 0.01 and len(params) > 2:
            params.append(dict(params[2]))
        row = {
            "event_date": "20240530",
            "event_timestamp": str(time),
            "event_name": name,
            "event_params": params,
            "event_previous_timestamp": None,
            "event_bundle_sequence_id": str(bundle),
            "user_id": None,
            "user_pseudo_id": user,
            "user_properties": props,
            "device": {"category": "mobile", "operating_system": "iOS"},
            "app_info": {"id": "com.example.focusity", "version": version, "install_store": None,
                         "firebase_app_id": "1:1:ios:1", "install_source": "com.apple.AppStore"},
            "platform": "IOS",
        }
        roll = rng.random()
        if roll < 0.004:
            row["user_pseudo_id"] = None
        elif roll < 0.008:
            row["event_timestamp"] = None
        elif roll < 0.010:
            row["user_pseudo_id"] = None
            row["user_id"] = "login-" + user
        if rng.random() < 0.004:
            row["user_properties"].append({"key": "favourite_colour", "value": _value("string_value", "blue")})
        rows.append(row)

    def maybe(value, wrong):
        return wrong() if rng.random() < 0.03 else value

    def entry():
        return maybe(rng.choice(["onboarding", "home_shield"]), lambda: rng.choice(["settings", 3]))

    def bucket(key):
        value = maybe(rng.choice(BUCKET_8), lambda: rng.choice(["5-10", 7, "many"]))
        return _param(key, value)

    def with_entry(params, since_new=True):
        if version == "2.9.1" and since_new:
            return params
        if rng.random() < 0.03:
            return params
        return params + [_param("entry", entry())]

    for _ in range(rng.randrange(1, 4)):
        emit(rng.choice(AUTOMATIC), [])
    if rng.random() < 0.05:
        emit(rng.choice(["legacy_tap", "debug_ping"]), [])
    if rng.random() < 0.03:
        emit("error", [_param("firebase_error", 4), _param("firebase_error_value", "variant")])

    flows = rng.randrange(1, 6)
    for _ in range(flows):
        flow = rng.choice(["offer", "shield", "picker", "cap", "paywall", "step", "prompt", "second_paywall"])
        if flow == "offer" and version != "2.9.1":
            arm = cap_arm if rng.random() < 0.95 else rng.choice(["cap4", "unlimited", "big"])
            shown_params = [_param("block_cap_arm", arm)] if rng.random() > 0.02 else []
            if rng.random() > 0.04:
                emit("onboarding_block_offer_shown", shown_params)
            if rng.random() < 0.05:
                emit("onboarding_block_offer_shown", shown_params)
            gap = rng.randrange(1000, 120_000)
            duration = gap + rng.choice([0, 0, 0, rng.randrange(-400, 400), rng.randrange(-30_000, 30_000)])
            if rng.random() < 0.02:
                duration = -rng.randrange(1, 5000)
            close_arm = arm if rng.random() > 0.03 else rng.choice(["cap4", "unlimited"])
            if rng.random() > 0.08:
                emit("onboarding_block_offer_closed",
                     [_param("outcome", maybe(rng.choice(["setup", "later"]), lambda: "skip")),
                      _param("duration_ms", maybe(duration, lambda: rng.choice(["12", 1.5, None]))),
                      _param("block_cap_arm", close_arm)], gap_ms=gap)
        elif flow == "shield":
            ent = entry()
            if rng.random() > 0.05:
                emit("shield_opt_in_step_shown", with_entry([_param("step", maybe("intro", lambda: "intro2"))]))
            for step in ["privacy", "screen_time"]:
                if rng.random() < 0.8:
                    emit("shield_opt_in_step_shown", with_entry([_param("step", step)]))
            if rng.random() > 0.07:
                outcome = rng.choice(["granted", "denied", "dismissed", "later"])
                emit("shield_opt_in_closed", with_entry([_param("step", rng.choice(["intro", "privacy", "screen_time"])),
                                                         _param("outcome", outcome)]))
        elif flow == "picker":
            def picker_params():
                params = with_entry([])
                if version != "2.9.1" or rng.random() < 0.5:
                    params += [bucket("app_bucket"), bucket("domain_bucket"),
                               _param("has_category", maybe(rng.choice([0, 1]), lambda: rng.choice([2, "true"])))]
                return params
            if rng.random() > 0.05:
                emit("app_picker_shown", with_entry([]))
            if rng.random() < 0.6:
                emit("app_block_saved", picker_params())
            if rng.random() > 0.07:
                emit("app_picker_closed", picker_params())
        elif flow == "cap" and version != "2.9.1":
            reason = maybe(rng.choice(["over_limit", "category"]), lambda: "other")
            selected = rng.choice(BUCKET_8) if rng.random() > 0.03 else "5-10"
            params = [_param("reason", reason), _param("selected_bucket", selected), _param("entry", entry())]
            if rng.random() > 0.04:
                emit("block_cap_sheet_shown", params)
            close = [dict(item) for item in params]
            if rng.random() < 0.04:
                close[1] = _param("selected_bucket", rng.choice(BUCKET_8))
            outcome = rng.choice(["view_premium", "reselect", "swiped"])
            if rng.random() > 0.06:
                emit("block_cap_sheet_closed", close + [_param("outcome", outcome)])
            if outcome == "view_premium" or rng.random() < 0.1:
                emit("paywall_shown", _paywall(rng, "block_cap", maybe))
        elif flow == "paywall":
            params = _paywall(rng, rng.choice(["onboarding", "home", "recurring", "building", "block_cap"]), maybe)
            if rng.random() > 0.03:
                emit("paywall_shown", params)
            if rng.random() < 0.3:
                if rng.random() < 0.1:
                    params = _paywall(rng, "home", maybe)
                emit("purchase_completed", params)
        elif flow == "prompt":
            # The notification dialog after the Screen Time dialog: at, just inside and just past
            # the 60 s window, at the same microsecond, or long after.
            if rng.random() < 0.8:
                emit("shield_opt_in_closed", with_entry([_param("step", "screen_time"), _param("outcome", "granted")]))
            gap = rng.choice([0, 1, 59_000_000, 60_000_000, 60_000_001, 61_000_000, 300_000_000])
            emit("notification_permission_requested",
                 [_param("prompt_source", maybe(rng.choice(["focus_start", "reminder_sheet"]), lambda: "settings"))],
                 exact_gap_us=gap)
        elif flow == "second_paywall":
            # A block_cap paywall, then the onboarding or recurring one around the 30 minute edge.
            emit("paywall_shown", _paywall(rng, "block_cap", maybe))
            gap = rng.choice([29 * 60_000_000, 30 * 60_000_000, 30 * 60_000_000 + 1, 31 * 60_000_000])
            emit("paywall_shown", _paywall(rng, rng.choice(["onboarding", "recurring", "home"]), maybe), exact_gap_us=gap)
        elif flow == "step":
            phase = rng.choice(["intro", "pickBuilding", "guideStart", "demo", "completed", "blockOffer"])
            emit("onboarding_step_complete", [_param("phase", maybe(phase, lambda: "tutorial"))])
    if rng.random() < 0.01:
        emit("paywall_shown", _paywall(rng, "home", maybe) + [_param(f"extra_{n}", n) for n in range(26)])
    # The export window closes some time after the user's last event of interest.
    emit(rng.choice(AUTOMATIC), [], gap_ms=rng.choice([1000, 20 * 60_000, 29 * 60_000, 45 * 60_000, 3 * 3_600_000]))
    return rows


def _paywall(rng, source, maybe):
    variant = maybe(rng.choice(["a", "b", "annual_first"]), lambda: rng.choice(["", "v" * 41, "é" * 41, "x" * 101, "é" * 70, "a" * 116 + "éé", "a" * 116 + "ééé"]))
    return [
        _param("source", source),
        _param("variant", variant),
        _param("trigger", rng.choice(["sheet_button", "settings_row", "timer_end"])),
        _param("built_bucket", maybe(rng.choice(["0", "1", "2", "3-4", "5-9", "10+"]), lambda: "3")),
        _param("session_bucket", rng.choice(["0", "1", "2-4", "5-9", "10-24", "25-49", "50+"])),
    ]


# ---------------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate", help="write a synthetic bq export")
    gen.add_argument("rows", type=int)
    gen.add_argument("seed", type=int)
    gen.add_argument("out")
    metrics = sub.add_parser("generate-metrics", help="write an export for Tests/Fixtures/sql/metrics-plan")
    metrics.add_argument("users", type=int)
    metrics.add_argument("seed", type=int)
    metrics.add_argument("out")
    run = sub.add_parser("run", help="compare lint and sql on exports")
    run.add_argument("--eventlint", required=True)
    run.add_argument("--schema", default="schema")
    run.add_argument("--work", required=True, help="scratch directory")
    run.add_argument("--samples", default="samples/exports", help="bq-shaped exports here are compared too")
    run.add_argument("--generated-rows", type=int, default=50_000)
    run.add_argument("exports", nargs="*")
    args = parser.parse_args()

    if args.command == "generate":
        generate(args.rows, args.seed, args.out)
        return 0
    if args.command == "generate-metrics":
        generate_metrics(args.users, args.seed, args.out)
        return 0

    exports = list(args.exports)
    if not exports:
        for path in sorted(glob.glob(os.path.join(args.samples, "**", "*"), recursive=True)):
            if os.path.isfile(path) and path.endswith((".ndjson", ".jsonl", ".json", ".ndjson.gz", ".jsonl.gz", ".json.gz")) \
                    and is_bq_shaped(path):
                exports.append(path)
        small = os.path.join(args.work, "generated-small.ndjson")
        generate(2_000, 7, small)
        exports.append(small)
        large = os.path.join(args.work, f"generated-{args.generated_rows}.ndjson")
        generate(args.generated_rows, 11, large)
        exports.append(large)

    sql = generated_sql(args.eventlint, args.schema)
    ids = computed_ids(sql)
    SQL_IDS[:] = ids
    duck_sql = to_duckdb(sql)
    with open(os.path.join(args.work, "check.duckdb.sql"), "w") as out:
        out.write(duck_sql)
    duck_rules_sql = to_duckdb(generated_sql(args.eventlint, args.schema, "rules"))
    duck_rows_sql = to_duckdb(generated_sql(args.eventlint, args.schema, "rows"))
    duck_limited_sql = to_duckdb(generated_sql(args.eventlint, args.schema, "rows", limit=LIMIT))
    duck_readout_sql = to_duckdb(generated_sql(args.eventlint, args.schema, "readout"))

    ok = True
    for index, export in enumerate(exports):
        filtered = os.path.join(args.work, f"export-{index}.ndjson")
        kept, dropped = filter_export(export, filtered)
        note = f" ({dropped} line(s) left out: not valid JSON objects of the export's shape)" if dropped else ""
        variants = [(f"{export}: {kept} rows{note}", filtered)]
        shuffled = os.path.join(args.work, f"export-{index}.shuffled.ndjson")
        with open(filtered) as source:
            lines = source.readlines()
        random.Random(index).shuffle(lines)
        with open(shuffled, "w") as out:
            out.writelines(lines)
        variants.append((f"{export}: shuffled copy", shuffled))
        for name, path in variants:
            summary = lint_summary(args.eventlint, args.schema, path)
            counts = sql_counts(duck_sql, path)
            ok &= compare(name, summary["findingsByRule"], counts, ids)
            ok &= compare_keyed(ids)
            ok &= compare_rows(duck_rows_sql, duck_limited_sql, path, ids, sum(counts.values()))
            ok &= compare_plan_rules(summary["rules"], sql_rule_counts(duck_rules_sql, path))
            ok &= compare_readout(summary.get("metrics", []), duck_readout_sql, path)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
