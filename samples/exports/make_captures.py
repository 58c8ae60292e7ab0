#!/usr/bin/env python3
"""Writes the journeys of a GA4 BigQuery export (NDJSON) as Firebase debug console captures:
an iOS console log (Xcode's format) and an Android logcat (`adb logcat -v threadtime`).

    python3 samples/exports/make_captures.py samples/exports/focusity-events.ndjson \
        samples/exports/focusity-events.ios.log samples/exports/focusity-events.android.log

Each user's events are written in the order the export's time order gives them (timestamp,
bundle sequence, line), one user after the other; a user starts with the app setting its user
id (`_id`), and user properties are set (or removed) right before the first event whose row
shows the change, as the SDK logs them. The thread id of every line is 100000 + the export line
it comes from, so a test can map the capture's findings back to the export's.

Rows a console cannot print are left out: lines that are not valid JSON (or not UTF-8, or
hold a duplicate key), rows without `event_name`, rows without a user. A row whose timestamp is
not a number is written without a time (iOS: no prefix at all; Android: `-v thread`).
"""
import datetime
import json
import re
import sys

TID_BASE = 100000

# Export names -> (long, short) names the console prints. The long/short pairs are the ones the
# SDKs print side by side (see docs/input.md).
PARAM_NAMES = {
    "firebase_event_origin": ("ga_event_origin", "_o"),
    "firebase_screen_class": ("ga_screen_class", "_sc"),
    "firebase_screen_id": ("ga_screen_id", "_si"),
    "firebase_previous_class": ("ga_previous_class", "_pc"),
    "firebase_previous_id": ("ga_previous_id", "_pi"),
    "firebase_screen": ("ga_screen", "_sn"),
    "firebase_previous_screen": ("ga_previous_screen", "_pn"),
    "engagement_time_msec": ("engagement_time_msec", "_et"),
    "firebase_error": ("ga_error", "_err"),
    "firebase_error_value": ("ga_error_value", "_ev"),
    "ga_session_id": ("ga_session_id", "_sid"),
    "ga_session_number": ("ga_session_number", "_sno"),
}
EVENT_NAMES = {"screen_view": "_vs", "session_start": "_s", "user_engagement": "_e", "error": "_err",
               "first_open": "_f"}
USER_PROPERTY_NAMES = {"ga_session_id": "_sid", "ga_session_number": "_sno", "first_open_time": "_fot"}
# Params GA4 adds on the server; the console does not print them on each event.
SERVER_PARAMS = {"ga_session_id", "ga_session_number", "engaged_session_event"}


def no_duplicates(pairs):
    keys = [key for key, _ in pairs]
    if len(keys) != len(set(keys)):
        raise ValueError("duplicate key")
    return dict(pairs)


def typed(value):
    """(kind, text) of a BigQuery value object."""
    for slot, kind in (("string_value", "string"), ("int_value", "int"), ("double_value", "double"),
                       ("float_value", "double")):
        if value.get(slot) is not None:
            return kind, str(value[slot])
    return "null", ""


def ios_value(kind, text):
    if kind == "string" and not re.fullmatch(r"[A-Za-z0-9_.$/:-]+", text or "-"):
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if kind == "double":
        number = float(text)
        return str(int(number)) if number.is_integer() else repr(number)
    return text


def android_value(kind, text):
    if kind == "double":
        return repr(float(text))
    return text


def ios_name(name, table):
    short = table.get(name)
    if isinstance(short, tuple):
        long, short = short
        return f"{long} ({short})"
    return f"{name} ({short})" if short else name


def android_name(name, table):
    short = table.get(name)
    if isinstance(short, tuple):
        long, short = short
        return f"{long}({short})"
    return f"{name}({short})" if short else name


def read_rows(path):
    rows = []
    with open(path, "rb") as export:
        for number, raw in enumerate(export, 1):
            try:
                row = json.loads(raw.decode("utf-8"), object_pairs_hook=no_duplicates)
            except (UnicodeDecodeError, ValueError):
                continue
            if not isinstance(row, dict) or not isinstance(row.get("event_name"), str):
                continue
            if not row.get("user_pseudo_id"):
                continue
            try:
                timestamp = int(row.get("event_timestamp"))
            except (TypeError, ValueError):
                timestamp = None
            try:
                bundle = int(row.get("event_bundle_sequence_id"))
            except (TypeError, ValueError):
                bundle = None
            rows.append((row["user_pseudo_id"], timestamp, bundle, number, row))
    minimum = -(1 << 63)
    rows.sort(key=lambda r: (r[1] if r[1] is not None else minimum, r[2] if r[2] is not None else minimum, r[3]))
    users = []
    for row in rows:
        if row[0] not in users:
            users.append(row[0])
    return [[row for row in rows if row[0] == user] for user in users]


def ios_time(micros):
    zone = datetime.timezone(datetime.timedelta(hours=1))
    moment = datetime.datetime.fromtimestamp(micros / 1_000_000, zone)
    return moment.strftime("%Y-%m-%d %H:%M:%S.%f") + "+0100"


def android_time(micros):
    moment = datetime.datetime.fromtimestamp(micros // 1000 / 1000, datetime.timezone.utc)
    return moment.strftime("%m-%d %H:%M:%S.") + f"{micros // 1000 % 1000:03d}"


class Writer:
    def __init__(self, platform):
        self.platform = platform
        self.lines = []

    def prefix(self, micros, line, tag="FA"):
        tid = TID_BASE + line
        if self.platform == "ios":
            if micros is None:
                return ""
            return f"{ios_time(micros)} Focusity[4821:{tid}] 11.3.0 - "
        if micros is None:
            return f"V( 4821:{tid}) "
        return f"{android_time(micros)}  4821 {tid} V {tag:<8}: "

    def ios(self, micros, line, code, message):
        self.lines.append(f"{self.prefix(micros, line)}[FirebaseAnalytics][{code}] {message}")

    def android(self, micros, line, message, tag="FA"):
        self.lines.append(f"{self.prefix(micros, line, tag)}{message}")

    def set_property(self, micros, line, name, kind, text):
        if self.platform == "ios":
            self.ios(micros, line, "I-ACS023087",
                     f"User property set. Name, value: {ios_name(name, USER_PROPERTY_NAMES)}, {ios_value(kind, text)}")
        else:
            self.android(micros, line,
                         f"Setting user property (FE): {android_name(name, USER_PROPERTY_NAMES)}, {android_value(kind, text)}")

    def remove_property(self, micros, line, name):
        if self.platform == "ios":
            self.ios(micros, line, "I-ACS023075", f"Removing user property. Name: {ios_name(name, USER_PROPERTY_NAMES)}")
        else:
            self.android(micros, line, f"Setting user property (FE): {android_name(name, USER_PROPERTY_NAMES)}, null")

    def event(self, micros, line, name, origin, params, confirm):
        if self.platform == "ios":
            block = [f"    {ios_name(key, PARAM_NAMES)} = {ios_value(kind, text)};" for key, kind, text in
                     sorted(params, key=lambda p: ios_name(p[0], PARAM_NAMES))]
            self.ios(micros, line, "I-ACS023051",
                     f"Logging event: origin, name, params: {origin}, {ios_name(name, EVENT_NAMES)}, {{")
            self.lines.extend(block + ["}"])
            if confirm:
                self.ios(micros, line, "I-ACS023072",
                         f"Event logged. Event name, event params: {ios_name(name, EVENT_NAMES)}, {{")
                self.lines.extend(["    ga_debug (_dbg) = 1;"] + block + ["    ga_realtime (_r) = 1;", "}"])
        else:
            bundle = ", ".join(f"{android_name(key, PARAM_NAMES)}={android_value(kind, text)}" for key, kind, text in params)
            self.android(micros, line, f"Logging event (FE): {android_name(name, EVENT_NAMES)}, Bundle[{{{bundle}}}]")
            if confirm:
                self.android(micros, line,
                             f"Logging event: origin={origin},name={android_name(name, EVENT_NAMES)},params=Bundle[{{{bundle}}}]",
                             tag="FA-SVC")


def write(journeys, platform, path):
    out = Writer(platform)
    if platform == "ios":
        out.lines.append("2025-03-14 09:57:00.000000+0100 Focusity[4821:100000] 11.3.0 - [FirebaseAnalytics][I-ACS023007] Analytics v.11.3.0 started")
    else:
        out.lines.append("--------- beginning of main")
        out.lines.append("03-14 08:57:00.000  4821 100000 I FA      : App measurement initialized, version: 113000")
    state = {}
    count = 0
    for journey in journeys:
        user, first_time, _, first_line, _ = journey[0]
        if platform == "ios":
            out.ios(first_time, first_line, "I-ACS023087", f"User property set. Name, value: user_id (_id), {user}")
        else:
            out.android(first_time, first_line, f"Setting user property (FE): _id, {user}")
        for _, micros, _, line, row in journey:
            properties = {}
            for item in row.get("user_properties") or []:
                properties[item["key"]] = typed(item.get("value") or {})
            for name in [name for name in state if name not in properties]:
                out.remove_property(micros, line, name)
                del state[name]
            for name, value in properties.items():
                if state.get(name) != value:
                    out.set_property(micros, line, name, *value)
                    state[name] = value
            params = []
            origin = "app"
            for param in row.get("event_params") or []:
                kind, text = typed(param.get("value") or {})
                if param["key"] == "firebase_event_origin":
                    origin = text
                if param["key"] in SERVER_PARAMS and properties.get(param["key"]) == (kind, text):
                    continue
                if param["key"] == "engaged_session_event":
                    continue
                params.append((param["key"], kind, text))
            count += 1
            out.event(micros, line, row["event_name"], origin, params, confirm=count % 3 == 0)
            if count % 7 == 0 and micros is not None:
                # The app's own logging between the SDK's lines: "not analytics".
                if platform == "ios":
                    out.lines.append(f"{ios_time(micros)} Focusity[4821:1] FocusTimer: tick")
                else:
                    out.lines.append(f"{android_time(micros)}  4821  4821 D FocusTimer: tick")
    with open(path, "w", encoding="utf-8") as capture:
        capture.write("\n".join(out.lines) + "\n")


def main():
    source, ios_path, android_path = sys.argv[1:4]
    journeys = read_rows(source)
    write(journeys, "ios", ios_path)
    write(journeys, "android", android_path)


if __name__ == "__main__":
    main()
