#!/usr/bin/env python3
"""Writes debug console captures of a given size in the hostile shapes that once made the capture
reader quadratic or trap, and a capture that sets a new user id before every event (memory).
Every file is constructed here; none is a real capture.

    bench/capture_shapes.py SHAPE BYTES OUT

SHAPE is one of:
  nested-bundle     an Android event whose bundle opens `Bundle[{` many times, then `}]` lines
  stray-quote       an iOS block with a stray quote, then `}` lines (never closes: cut at the bound)
  user-properties   many `Setting user property` lines, then many events
  large-block       one large well-formed iOS params block
  new-year          year-less logcat events alternating between Dec 31 and Jan 1
  user-per-event    a new user id before each event (the same events as NDJSON: --ndjson)
"""
import sys

LOGCAT = "12-18 10:15:32.123  4321  4390 V FA      : "
IOS = "2026-10-18 10:15:32.123456+0900 App[1234:56789] 11.3.0 - [FirebaseAnalytics][I-ACS023051] "


def lines(shape, size):
    written = 0

    def emit(line):
        nonlocal written
        written += len(line.encode()) + 1
        return line

    if shape == "nested-bundle":
        yield emit(LOGCAT + "Logging event (FE): screen_view, Bundle[{items=[" + "Bundle[{a=[" * 200)
        while written < size:
            yield emit("}]")
    elif shape == "stray-quote":
        while written < size:
            yield emit(IOS + "Logging event: origin, name, params: app, screen_view, {")
            yield emit('    a = "stray;')
            for _ in range(2000):
                if written >= size:
                    break
                yield emit("}")
    elif shape == "user-properties":
        count = 0
        while written < size / 2:
            yield emit(LOGCAT + f"Setting user property (FE): property_{count}, value_{count}")
            count += 1
        while written < size:
            yield emit(LOGCAT + "Logging event (FE): screen_view, Bundle[{ga_event_origin(_o)=auto}]")
    elif shape == "large-block":
        yield emit(IOS + "Logging event: origin, name, params: app, screen_view, {")
        count = 0
        while written < size - 2:
            yield emit(f'    key_{count} = "value {count}";')
            count += 1
        yield emit("}")
    elif shape == "new-year":
        count = 0
        while written < size:
            time = "12-31 23:59:59.000" if count % 2 == 0 else "01-01 00:00:01.000"
            yield emit(time + "  4321  4390 V FA      : Logging event (FE): screen_view, Bundle[{}]")
            count += 1
    elif shape in ("user-per-event", "user-per-event-ndjson"):
        count = 0
        while written < size:
            if shape == "user-per-event":
                yield emit(LOGCAT + f"Setting user property (FE): _id, user_{count}")
                yield emit(LOGCAT + "Logging event (FE): screen_view, Bundle[{ga_event_origin(_o)=auto}]")
            else:
                yield emit(
                    '{"name":"screen_view","params":{"firebase_event_origin":"auto"},'
                    f'"user_id":"user_{count}","timestamp_micros":1797589532123000}}'
                )
            count += 1
    else:
        raise SystemExit(f"unknown shape {shape}")


def main():
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    shape, size, out = sys.argv[1], sys.argv[2], sys.argv[3]
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    size = int(size[:-1]) * units[size[-1]] if size[-1] in units else int(size)
    with open(out, "w", encoding="utf-8") as file:
        for line in lines(shape, size):
            file.write(line + "\n")


if __name__ == "__main__":
    main()
