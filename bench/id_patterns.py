#!/usr/bin/env python3
"""User-id patterns of real GA4 exports, for the identity benchmark (bench/id-patterns.sh).

Writes LINES `screen_view` rows (GA4 BigQuery export shape) whose `user_pseudo_id` follows one
pattern, one distinct user per row:

  sequential   u0000000, u0000001, ...            (shared prefix, differing in the tail)
  numeric      1, 2, 3, ...                        (numeric user_id)
  web-client   <random 10 digits>.<unix time>      (GA4 web client ids)
  hex32        32 upper-case hex digits            (iOS app instance ids)
  long-prefix  com.focusity.ios.installation.2025-03-14.device-N
  random       16 random hex digits + N            (the baseline)

The same patterns drive the unit test `IdentityTests.idPatternsSpreadEvenly`, which checks
probe counts instead of time.
"""
import argparse
import json
import random
import sys

PATTERNS = ["sequential", "numeric", "web-client", "hex32", "long-prefix", "random"]


def user_id(pattern, index, rng):
    if pattern == "sequential":
        return "u%07d" % index
    if pattern == "numeric":
        return str(index + 1)
    if pattern == "web-client":
        return "%d.%d" % (rng.randrange(1_000_000_000, 9_999_999_999), 1_741_950_000 + index % 86_400)
    if pattern == "hex32":
        return "%032X" % rng.getrandbits(128)
    if pattern == "long-prefix":
        return "com.focusity.ios.installation.2025-03-14.device-%d" % index
    return "%016x%d" % (rng.getrandbits(64), index)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pattern", choices=PATTERNS)
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = sys.stdout
    for index in range(args.lines):
        row = {
            "event_date": "20250314",
            "event_timestamp": str(1_741_950_000_000_000 + index * 1000),
            "event_name": "screen_view",
            "event_params": [{"key": "firebase_screen_class", "value": {"string_value": "Home"}}],
            "user_pseudo_id": user_id(args.pattern, index, rng),
        }
        out.write(json.dumps(row, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()
