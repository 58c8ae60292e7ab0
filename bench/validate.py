#!/usr/bin/env python3
"""The Python baseline of the benchmark: a line-by-line validator of a GA4 BigQuery export.

For each line it parses the row with orjson, checks the event name against the plan's event
names (plus GA4's automatic ones) with a JSON Schema compiled by jsonschema-rs, and checks one
allowed-values param (`outcome` on `onboarding_block_offer_closed`). This is the kind of script
a team writes before it has a linter; it is what eventlint's speed is compared with.
"""
import sys

import jsonschema_rs
import orjson

PLAN_EVENTS = [
    "onboarding_block_offer_shown", "onboarding_block_offer_closed", "shield_opt_in_step_shown",
    "shield_opt_in_closed", "app_picker_shown", "app_block_saved", "app_picker_closed",
    "block_cap_sheet_shown", "block_cap_sheet_closed", "paywall_shown", "purchase_completed",
    "onboarding_step_complete",
]
AUTOMATIC = [
    "first_open", "session_start", "user_engagement", "screen_view", "app_remove", "os_update",
    "app_update", "app_clear_data", "app_exception", "notification_receive", "notification_open",
    "notification_dismiss", "notification_foreground", "in_app_purchase", "error",
]
SCHEMA = {
    "type": "object",
    "required": ["event_name", "event_timestamp", "event_params"],
    "properties": {
        "event_name": {"enum": PLAN_EVENTS + AUTOMATIC},
        "event_params": {"type": "array"},
    },
}
OUTCOMES = {"setup", "later"}


def main(path):
    validator = jsonschema_rs.validator_for(SCHEMA)
    lines = invalid = bad_rows = bad_outcomes = 0
    with open(path, "rb") as handle:
        for line in handle:
            lines += 1
            try:
                row = orjson.loads(line)
            except orjson.JSONDecodeError:
                invalid += 1
                continue
            if not validator.is_valid(row):
                bad_rows += 1
                continue
            if row.get("event_name") == "onboarding_block_offer_closed":
                for param in row["event_params"]:
                    if param.get("key") == "outcome":
                        if param.get("value", {}).get("string_value") not in OUTCOMES:
                            bad_outcomes += 1
                        break
    print(f"lines {lines} invalid {invalid} schema {bad_rows} outcome {bad_outcomes}")


if __name__ == "__main__":
    main(sys.argv[1])
