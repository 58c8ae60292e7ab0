#!/usr/bin/env python3
"""Writes an export of pair-opening events for the memory benchmark: N GA4 BigQuery rows of
`app_picker_shown` (never closed) spread over U users (32-hex app instance ids), in time order
per user, users interleaved. Each row is about 200 bytes, so 10 M events make a 2 GB file.

    python3 bench/pair_openings.py --events 10000000 --users 2000000 > openings.ndjson

Every event opens the `app_picker` pair and none closes it: each one is a `pair/unclosed` finding
and a record the cross-event stage must hold until its user is done, the worst case for memory.

With `--closed`, each opening is followed by its `app_picker_closed` a second later: a long
debug session of few users, for the memory of `watch` (which keeps only what is still open).
"""
import argparse
import sys

# The plan's bucket labels of app_bucket, taken in turn by the closes.
BUCKETS = ["0", "1", "2", "3", "4", "5-9", "10-19", "20+"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, required=True)
    parser.add_argument("--users", type=int, required=True)
    parser.add_argument("--closed", action="store_true", help="close each pair a second later")
    args = parser.parse_args()
    out = sys.stdout
    base = 1_741_950_000_000_000
    chunk = []
    for index in range(args.events):
        user = index % args.users
        turn = index // args.users
        chunk.append(
            '{"event_timestamp":"%d","event_name":"app_picker_shown",'
            '"event_params":[{"key":"entry","value":{"string_value":"onboarding"}}],'
            '"user_pseudo_id":"%032X","platform":"IOS","app_info":{"version":"3.0.0"}}\n'
            % (base + turn * 60_000_000 + user, user))
        if args.closed:
            chunk.append(
                '{"event_timestamp":"%d","event_name":"app_picker_closed","event_params":['
                '{"key":"entry","value":{"string_value":"onboarding"}},'
                '{"key":"app_bucket","value":{"string_value":"%s"}},'
                '{"key":"domain_bucket","value":{"string_value":"0"}},'
                '{"key":"has_category","value":{"int_value":"0"}}],'
                '"user_pseudo_id":"%032X","platform":"IOS","app_info":{"version":"3.0.0"}}\n'
                % (base + turn * 60_000_000 + 1_000_000 + user, BUCKETS[turn % len(BUCKETS)], user))
        if len(chunk) == 10_000:
            out.write("".join(chunk))
            chunk = []
    out.write("".join(chunk))


if __name__ == "__main__":
    main()
