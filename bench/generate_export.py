#!/usr/bin/env python3
"""Deterministic generator of Focusity analytics exports, for samples, tests and benchmarks.

Writes GA4 BigQuery-export rows exactly as `bq extract --destination_format
NEWLINE_DELIMITED_JSON` does (INT64 as JSON strings, NULL columns omitted, empty REPEATED as
`[]`, an all-NULL STRUCT as `{}`, `<` `>` `&` escaped as `\\u003c` `\\u003e` `\\u0026`), or flat
debug-log lines (`--format flat`), or Measurement Protocol requests with several events per
line (`--format mp`). Content follows the plan in `schema/`: GA4 automatic events and params,
onboarding with the 2x2 arm grid (onboarding_block_arm x block_cap_arm, new installs of 3.x only),
users still on 2.x without the new params, the shield opt-in, app picker, block cap sheet and
paywall journeys, with durations consistent with the timestamps.

Streaming: users are generated one after another and their lines go through a shuffle window
of `--window` lines (default 20,000): when the window is full, a random line of it is written.
Memory is bounded by the window whatever `--rows`/`--bytes` ask for; a file smaller than the
window is a full shuffle, a larger one is shuffled locally (a user's lines spread over about a
window's worth of lines), which is how unsorted BigQuery exports look to a linter.

Defects (`--defect-rate`, default 0.005 per event; `--clean` for none) are of many kinds: every
per-event, pair and rule problem the shipped plan can produce, plus broken JSON lines.
`--every-defect` plants each kind at least once, in the first users that have a spot for it.
`--defect-log FILE` writes `line<TAB>expected-rule-id<TAB>what` for every planted defect, in final
line numbers: with `--every-defect` and no random defects, lint reports exactly these. At high
random rates two defects of one user can now and then interact (a dropped close next to a
duplicated open), so a log line may name a neighbouring rule.

`--rows N` counts lines (for `--format mp`, requests); the last user is cut to automatic events
so the count is exact without leaving a pair open. `--bytes` stops after the first user that
reaches the size.

Standard library only; the same arguments always give the same bytes.
"""

import argparse
import json
import random
import sys

DAY_START_US = 1_741_910_400_000_000  # 2025-03-14T00:00:00Z
TZ_OFFSET_S = 9 * 3600  # the property's time zone (Asia/Tokyo) decides event_date

APP_ID = "com.focusity.ios"
FIREBASE_APP_ID = "1:418027361152:ios:6d2f0b9a3c41e857"
STREAM_ID = "4873201956"

NEW_VERSIONS = ["3.0.0", "3.0.1", "3.1.0"]
OLD_VERSIONS = ["2.7.4", "2.8.0", "2.8.3"]

DEVICES = [
    ("Apple", "iPhone 15 Pro", "iPhone 15 Pro", "iPhone16,1"),
    ("Apple", "iPhone 14", "iPhone 14", "iPhone14,7"),
    ("Apple", "iPhone 13 mini", "iPhone 13 mini", "iPhone14,4"),
    ("Apple", "iPhone SE", "iPhone SE (3rd generation)", "iPhone14,6"),
    ("Apple", "iPhone 12", "<Other>", "iPhone13,2"),
    ("Apple", "iPad Air", "iPad Air (5th generation)", "iPad13,16"),
]
OS_VERSIONS = ["17.5.1", "17.6", "18.1", "18.2.1", "18.3"]
GEOS = [
    ("Tokyo", "Japan", "Asia", "Tokyo", "Eastern Asia", "ja-jp", 32400),
    ("Osaka", "Japan", "Asia", "Osaka", "Eastern Asia", "ja-jp", 32400),
    ("Seoul", "South Korea", "Asia", "Seoul", "Eastern Asia", "ko-kr", 32400),
    ("San Francisco", "United States", "Americas", "California", "Northern America", "en-us", -28800),
    ("Berlin", "Germany", "Europe", "Berlin", "Western Europe", "de-de", 3600),
    ("(not set)", "Japan", "Asia", "(not set)", "Eastern Asia", "ja-jp", 32400),
]
SCREENS = ["HomeViewController", "TimerViewController", "CityViewController", "BuildingDetailViewController",
           "SettingsViewController", "StatsViewController"]
APP_BUCKET_EDGES = [0, 1, 2, 3, 4, 5, 10, 20]
BUILT_EDGES = [0, 1, 2, 3, 5, 10]
SESSION_EDGES = [0, 1, 2, 5, 10, 25, 50]
PAYWALL_TRIGGERS = {"home": "home_premium_button", "recurring": "weekly_reminder", "building": "building_locked",
                    "onboarding": "onboarding_end", "block_cap": "block_cap_sheet"}
VARIANTS = ["annual_focus_v3", "lifetime_v2", "trial_7d_v1"]


def bucket(value, edges):
    """The label of `value` for bucket `edges` (0 1 2 3-4 … last+)."""
    for index, low in enumerate(edges):
        high = edges[index + 1] - 1 if index + 1 < len(edges) else None
        if high is None:
            return "%d+" % low
        if value <= high:
            return str(low) if low == high else "%d-%d" % (low, high)
    return "%d+" % edges[-1]


class Event:
    """One event of one user, before it is written in a format."""

    __slots__ = ("name", "ts", "params", "user", "tags", "bundle", "line_defect")

    def __init__(self, name, ts, params, user):
        self.name = name
        self.ts = ts
        # (key, kind, value); kind: s string, i int, d double, b bool (written 0/1 in bq rows).
        self.params = params
        self.user = user
        self.tags = []  # (rule id, what) of planted defects, for --defect-log
        self.bundle = 0
        self.line_defect = None


class User:
    def __init__(self, rng, index, start_us, only_new_versions=False, focus_days=False):
        self.rng = rng
        # Focus sessions logged (focus_session_completed), later sessions spread over days.
        self.focus_days = focus_days
        self.pseudo_id = "%032X" % rng.getrandbits(128)
        self.user_id = ("fc_%07d" % (index * 7919 % 10_000_000)) if rng.random() < 0.3 else None
        kind = rng.random()
        self.new_install = kind < 0.55
        # Measurement Protocol requests carry no app version, so every plan param is required
        # there: MP users are all on 3.x.
        self.old_version = kind > 0.85 and not only_new_versions
        self.version = rng.choice(OLD_VERSIONS if self.old_version else NEW_VERSIONS)
        self.is_new_version = not self.old_version
        self.onboarding_arm = rng.choice(["offer", "control"]) if self.new_install and self.is_new_version else None
        self.cap_arm = rng.choice(["cap4", "unlimited"]) if self.new_install and self.is_new_version else None
        self.device = rng.choice(DEVICES)
        self.os = rng.choice(OS_VERSIONS)
        self.geo = rng.choice(GEOS)
        self.vendor_id = "%08X-%04X-%04X-%04X-%012X" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(16),
                                                        rng.getrandbits(16), rng.getrandbits(48))
        self.limited_ads = rng.random() < 0.7
        self.first_open_us = start_us if self.new_install else start_us - rng.randrange(3, 400) * 86_400_000_000
        self.session_number = 0 if self.new_install else rng.randrange(2, 80)
        self.session_id = 0
        self.session_set_us = 0
        self.built = 0 if self.new_install else rng.randrange(0, 14)
        self.focus_sessions = 0 if self.new_install else rng.randrange(0, 70)
        self.bundle = rng.randrange(1, 4) if self.new_install else rng.randrange(20, 3000)
        self.revenue = 0.0
        self.previous = {}
        self.campaign = rng.random() < 0.1
        self.events = []
        self.now = start_us
        self.premium = False
        # When the cap sheet led to the paywall; the app then marks the onboarding-end and the
        # recurring paywall shown, so neither follows within 30 minutes (the plan's
        # no_second_paywall_soon_after_block_cap).
        self.block_cap_paywall_us = None

    # -- timeline

    def wait(self, low_ms, high_ms):
        self.now += self.rng.randrange(low_ms, high_ms + 1) * 1000 + self.rng.randrange(0, 1000)

    def common(self, screen):
        return [("ga_session_id", "i", self.session_id), ("ga_session_number", "i", self.session_number),
                ("engaged_session_event", "i", 1), ("firebase_event_origin", "s", "app"),
                ("firebase_screen_class", "s", screen), ("firebase_screen_id", "i", self.screen_id(screen))]

    def screen_id(self, screen):
        return (hash_str(self.pseudo_id + screen) & ((1 << 64) - 1)) - (1 << 63)

    def emit(self, name, params, screen="HomeViewController", automatic=False):
        if automatic:
            full = params + [("ga_session_id", "i", self.session_id), ("ga_session_number", "i", self.session_number),
                             ("firebase_event_origin", "s", "auto")]
        else:
            full = params + self.common(screen)
        event = Event(name, self.now, full, self)
        self.events.append(event)
        return event

    def session(self):
        self.session_number += 1
        self.session_id = self.now // 1_000_000
        self.session_set_us = self.now
        self.emit("session_start", [("session_engaged", "i", 0)], automatic=True)
        self.wait(300, 2000)
        self.emit("screen_view", [("firebase_screen", "s", "Home"), ("firebase_screen_class", "s", "HomeViewController"),
                                  ("firebase_screen_id", "i", self.screen_id("HomeViewController")),
                                  ("entrances", "i", 1), ("engaged_session_event", "i", 1)], automatic=True)

    def engagement(self, screen):
        self.wait(2000, 60000)
        self.emit("user_engagement", [("engagement_time_msec", "i", self.rng.randrange(800, 120000)),
                                      ("firebase_screen_class", "s", screen),
                                      ("firebase_screen_id", "i", self.screen_id(screen))], automatic=True)

    # -- journeys

    def onboarding(self):
        self.emit("first_open", [("previous_first_open_count", "i", 0), ("update_with_analytics", "i", 0),
                                 ("system_app", "i", 0), ("system_app_update", "i", 0),
                                 ("firebase_conversion", "i", 1)], automatic=True)
        self.wait(200, 900)
        self.session()
        screen = "OnboardingViewController"
        for phase in ["intro", "pickBuilding", "guideStart", "demo"]:
            self.wait(3000, 40000)
            self.emit("onboarding_step_complete", [("phase", "s", phase)], screen)
        if self.onboarding_arm == "offer":
            self.wait(500, 2000)
            self.emit("onboarding_block_offer_shown", [("block_cap_arm", "s", self.cap_arm)], "BlockOfferViewController")
            opened = self.now
            self.wait(3000, 45000)
            outcome = self.rng.choice(["setup", "setup", "later"])
            duration = (self.now - opened) // 1000 - self.rng.randrange(0, 300)
            self.emit("onboarding_block_offer_closed", [("outcome", "s", outcome), ("duration_ms", "i", max(duration, 0)),
                                                        ("block_cap_arm", "s", self.cap_arm)], "BlockOfferViewController")
            self.wait(100, 600)
            self.emit("onboarding_step_complete", [("phase", "s", "blockOffer")], screen)
            if outcome == "setup":
                if self.shield("onboarding") == "granted":
                    self.picker("onboarding")
        self.wait(1000, 8000)
        self.emit("onboarding_step_complete", [("phase", "s", "completed")], screen)
        if self.focus_days:  # the tutorial's session, counted as completed
            self.wait(1000, 5000)
            self.emit("focus_session_completed", [], "FocusViewController")
        if self.rng.random() < 0.4 and not self.paywall_marked_shown():
            self.paywall("onboarding")
        self.engagement(screen)

    def shield(self, entry):
        screen = "ShieldOptInViewController"
        with_entry = [("entry", "s", entry)] if self.is_new_version else []
        self.wait(500, 3000)
        self.emit("shield_opt_in_step_shown", [("step", "s", "intro")] + with_entry, screen)
        last = "intro"
        roll = self.rng.random()
        steps = ["privacy", "screen_time"] if roll < 0.75 else (["privacy"] if roll < 0.9 else [])
        for step in steps:
            self.wait(2000, 15000)
            self.emit("shield_opt_in_step_shown", [("step", "s", step)] + with_entry, screen)
            last = step
        self.wait(1500, 12000)
        if last == "screen_time":
            outcome = self.rng.choice(["granted", "granted", "granted", "denied", "dismissed"])
        else:
            outcome = "dismissed"
        if entry == "onboarding" and self.is_new_version and self.rng.random() < 0.15:
            outcome = "later"
        self.emit("shield_opt_in_closed", [("step", "s", last), ("outcome", "s", outcome)] + with_entry, screen)
        return outcome

    def picker_fields(self, entry, apps, domains, category):
        if not self.is_new_version:
            return []
        return [("entry", "s", entry), ("app_bucket", "s", bucket(apps, APP_BUCKET_EDGES)),
                ("domain_bucket", "s", bucket(domains, APP_BUCKET_EDGES)), ("has_category", "b", category)]

    def picker(self, entry):
        screen = "AppPickerViewController"
        self.wait(500, 2500)
        self.emit("app_picker_shown", [("entry", "s", entry)] if self.is_new_version else [], screen)
        apps = self.rng.choice([0, 1, 2, 3, 3, 4, 5, 6, 8, 12, 25])
        domains = self.rng.choice([0, 0, 0, 1, 2, 3, 6])
        category = self.rng.random() < 0.2
        saved = True
        if self.cap_arm == "cap4" and not self.premium and (apps + domains > 4 or category):
            self.wait(4000, 40000)
            total = apps + domains
            reason = "over_limit" if total >= 5 and not (category and self.rng.random() < 0.5) else "category"
            sheet = [("reason", "s", reason), ("selected_bucket", "s", bucket(total, APP_BUCKET_EDGES)), ("entry", "s", entry)]
            self.emit("block_cap_sheet_shown", list(sheet), "BlockCapSheetViewController")
            self.wait(1500, 20000)
            outcome = self.rng.choice(["view_premium", "reselect", "reselect", "swiped"])
            self.emit("block_cap_sheet_closed", sheet + [("outcome", "s", outcome)], "BlockCapSheetViewController")
            if outcome == "view_premium":
                self.paywall("block_cap")
                if not self.premium:
                    apps, domains, category = min(apps, 4), 0, False
            elif outcome == "reselect":
                apps, domains, category = min(apps, 4 - min(domains, 4)), min(domains, 4), False
                if apps + domains > 4:
                    apps, domains = 4, 0
            else:
                saved = False
        if saved:
            self.wait(5000, 60000)
            self.emit("app_block_saved", self.picker_fields(entry, apps, domains, category), screen)
        self.wait(300, 3000)
        self.emit("app_picker_closed", self.picker_fields(entry, apps, domains, category), screen)

    def paywall_marked_shown(self):
        return self.block_cap_paywall_us is not None and self.now - self.block_cap_paywall_us <= 30 * 60 * 1_000_000

    def paywall(self, source):
        screen = "PaywallViewController"
        if source == "block_cap":
            self.block_cap_paywall_us = self.now
        self.wait(400, 2000)
        fields = [("source", "s", source), ("variant", "s", self.rng.choice(VARIANTS)),
                  ("trigger", "s", PAYWALL_TRIGGERS[source]), ("built_bucket", "s", bucket(self.built, BUILT_EDGES)),
                  ("session_bucket", "s", bucket(self.focus_sessions, SESSION_EDGES))]
        self.emit("paywall_shown", list(fields), screen)
        if self.rng.random() < 0.15:
            self.wait(8000, 70000)
            self.emit("purchase_completed", list(fields), screen)
            self.premium = True
            self.revenue += 29.99
        else:
            self.wait(2000, 30000)

    def later_session(self):
        if self.focus_days:
            self.wait(2 * 3_600_000, 60 * 3_600_000)
        else:
            self.wait(20 * 60_000, 150 * 60_000)
        if self.rng.random() < 0.25:
            self.emit("notification_receive", [("message_name", "s", "daily_focus_reminder"),
                                               ("message_device_time", "i", self.now // 1_000_000)], automatic=True)
            self.wait(1000, 60000)
        self.session()
        focused = self.rng.randrange(0, 3)
        self.focus_sessions += focused
        for _ in range(focused if self.focus_days else 0):
            self.wait(60_000, 1_800_000)
            self.emit("focus_session_completed", [], "FocusViewController")
        self.built += 1 if self.rng.random() < 0.2 else 0
        for _ in range(self.rng.randrange(1, 4)):
            screen = self.rng.choice(SCREENS)
            self.wait(1000, 30000)
            self.emit("screen_view", [("firebase_screen", "s", screen.replace("ViewController", "")),
                                      ("firebase_screen_class", "s", screen),
                                      ("firebase_screen_id", "i", self.screen_id(screen)),
                                      ("firebase_previous_class", "s", "HomeViewController"),
                                      ("engaged_session_event", "i", 1)], automatic=True)
        roll = self.rng.random()
        if roll < 0.2:
            if self.shield("home_shield") == "granted":
                self.picker("home_shield")
        elif roll < 0.4:
            self.picker("home_shield")
        elif roll < 0.6:
            source = self.rng.choice(["home", "recurring", "building"])
            if source != "recurring" or not self.paywall_marked_shown():
                self.paywall(source)
        self.engagement(self.rng.choice(SCREENS))

    def generate(self):
        if self.new_install:
            self.onboarding()
        else:
            self.session()
            if self.is_new_version and self.rng.random() < 0.3:
                self.emit("app_update", [("previous_app_version", "s", self.rng.choice(OLD_VERSIONS))], automatic=True)
            self.engagement("HomeViewController")
        for _ in range(self.rng.randrange(0, 4)):
            self.later_session()
        # Bundles: a few consecutive events are uploaded together.
        index = 0
        while index < len(self.events):
            size = self.rng.randrange(1, 6)
            for event in self.events[index:index + size]:
                event.bundle = self.bundle
            self.bundle += 1
            index += size
        return self.events

    def filler(self, count):
        """Exactly `count` automatic events (no pairs), to end a run at an exact row count."""
        self.session_number += 1
        self.session_id = self.now // 1_000_000
        for _ in range(count):
            self.wait(1000, 30000)
            self.emit("user_engagement", [("engagement_time_msec", "i", self.rng.randrange(800, 60000))], automatic=True)
        for event in self.events:
            event.bundle = self.bundle
        return self.events


def hash_str(text):
    """A stable 64-bit FNV-1a (Python's hash() is salted per process)."""
    value = 0xCBF29CE484222325
    for byte in text.encode():
        value = ((value ^ byte) * 0x100000001B3) & ((1 << 64) - 1)
    return value


# ---------------------------------------------------------------------------------------------
# Defects

def with_param(event, key, kind, value):
    event.params = [p if p[0] != key else (key, kind, value) for p in event.params]


def param(event, key):
    for p in event.params:
        if p[0] == key:
            return p
    return None


def pv(event, key):
    found = param(event, key)
    return found[2] if found else None


def pick(rng, events, names, need=None):
    candidates = [e for e in events if e.name in names and not e.tags and (need is None or need(e))]
    return rng.choice(candidates) if candidates else None


def successor(events, opening, names):
    """The first event after `opening` (in time) named in `names`."""
    later = [e for e in events if e.ts > opening.ts and e.name in names]
    return min(later, key=lambda e: e.ts) if later else None


def plant(rng, events, kind, fmt="bq"):
    """Plants one defect of `kind` into a user's events; returns False when the user has no spot."""
    if kind == "stream/duplicate-param" and fmt != "bq":
        return False  # a param object cannot hold a key twice without being a duplicate JSON key
    plan_events = [e for e in events if param(e, "firebase_event_origin") and param(e, "firebase_event_origin")[2] == "app"]
    if kind == "stream/unknown-event":
        target = pick(rng, events, {"screen_view", "user_engagement"})
        if not target:
            return False
        target.name = rng.choice(["focus_session_started", "paywal_shown", "block_offer_shown"])
    elif kind == "stream/unknown-param":
        target = rng.choice(plan_events) if plan_events else None
        if not target or target.tags:
            return False
        target.params.append(("screen_name", "s", "home"))
    elif kind == "stream/unexpected-param":
        target = pick(rng, events, {"paywall_shown", "onboarding_step_complete", "app_picker_shown"})
        if not target:
            return False
        target.params.append(("reason", "s", "category"))
    elif kind == "stream/duplicate-param":
        target = pick(rng, events, {"paywall_shown", "onboarding_step_complete"})
        if not target:
            return False
        key = "source" if target.name == "paywall_shown" else "phase"
        target.params.append(param(target, key))
    elif kind == "stream/missing-required-param":
        target = pick(rng, events, {"paywall_shown", "onboarding_step_complete"})
        if not target:
            return False
        key = "variant" if target.name == "paywall_shown" else "phase"
        target.params = [p for p in target.params if p[0] != key]
    elif kind == "stream/wrong-type":
        target = pick(rng, events, {"onboarding_block_offer_closed", "app_picker_closed"},
                      lambda e: e.name != "app_picker_closed" or param(e, "has_category"))
        if not target:
            return False
        if target.name == "onboarding_block_offer_closed":
            with_param(target, "duration_ms", "s", str(param(target, "duration_ms")[2]))
        else:
            with_param(target, "has_category", "s", "true")
    elif kind == "stream/value-not-allowed":
        target = pick(rng, events, {"shield_opt_in_closed"})
        if not target:
            return False
        with_param(target, "outcome", "s", rng.choice(["granted_partial", "cancelled"]))
    elif kind == "stream/bucket-label-unknown":
        target = pick(rng, events, {"paywall_shown"})
        if not target:
            return False
        with_param(target, "session_bucket", "s", rng.choice(["5-10", "fifty", "2-5"]))
    elif kind == "stream/value-out-of-range":
        # A negative duration_ms: out of the param's range (min 0) only; the pair ignores an
        # invalid value.
        target = pick(rng, events, {"onboarding_block_offer_closed"})
        if not target:
            return False
        with_param(target, "duration_ms", "i", -param(target, "duration_ms")[2])
    elif kind == "stream/value-length":
        target = pick(rng, events, {"paywall_shown"})
        if not target:
            return False
        with_param(target, "variant", "s", "annual_focus_v3_with_building_preview_carousel")
    elif kind == "stream/value-too-long":
        target = pick(rng, events, {"paywall_shown"})
        if not target:
            return False
        with_param(target, "trigger", "s", "building_locked:" + "tokyo_tower_" * 8)
    elif kind == "stream/unknown-user-property":
        target = rng.choice(events)
        if target.tags:
            return False
        target.line_defect = ("user_property", "favorite_building", "tokyo_tower")
    elif kind == "stream/user-property-value-not-allowed":
        if not events[0].user.onboarding_arm:
            return False
        target = rng.choice(events)
        if target.tags:
            return False
        target.line_defect = ("user_property", "onboarding_block_arm", "treatment")
    elif kind == "stream/missing-user-id":
        target = pick(rng, events, {"onboarding_step_complete"}, lambda e: pv(e, "phase") in ("intro", "pickBuilding"))
        if not target:
            return False
        target.line_defect = ("no_user",)
    elif kind == "stream/invalid-timestamp":
        target = pick(rng, events, {"onboarding_step_complete"}, lambda e: pv(e, "phase") in ("intro", "completed"))
        if not target:
            return False
        target.line_defect = ("timestamp", "1741944" + "O" * 9)
    elif kind == "stream/firebase-error":
        target = pick(rng, events, {"user_engagement"})
        if not target:
            return False
        target.name = "error"
        target.params = [("firebase_error", "i", 4), ("firebase_error_value", "s", "trigger"),
                         ("firebase_event_origin", "s", "auto")]
    elif kind == "stream/not-an-event":
        target = pick(rng, events, AUTOMATIC_NAMES)
        if not target:
            return False
        target.line_defect = ("not_event",)
    elif kind == "stream/too-many-params":
        # GA4 keeps 25 params: 5 declared ones plus 21 the plan does not know (each of those is
        # an unknown-param finding too).
        target = pick(rng, events, {"paywall_shown"})
        if not target:
            return False
        target.params[5:5] = [("experiment_%02d" % n, "i", n) for n in range(21)]
        for n in range(21):
            target.tags.append(("stream/unknown-param", "experiment_%02d" % n))
    elif kind == "stream/user-property-wrong-type":
        if not events[0].user.onboarding_arm:
            return False
        target = pick(rng, events, AUTOMATIC_NAMES)
        if not target:
            return False
        target.line_defect = ("user_property_int", "onboarding_block_arm", 1)
    elif kind == "pair/unclosed-near-end":
        last = max(e.ts for e in events)
        target = pick(rng, events, {"app_picker_shown", "block_cap_sheet_shown"},
                      lambda e: last - e.ts < 29 * 60_000_000)
        if not target:
            return False
        close = successor(events, target, {target.name.replace("_shown", "_closed")})
        if not close or close.tags:
            return False
        events.remove(close)
    elif kind == "pair/orphan-close":
        target = pick(rng, events, {"app_picker_closed", "block_cap_sheet_closed", "shield_opt_in_closed"})
        if not target:
            return False
        opener = {"app_picker_closed": "app_picker_shown", "block_cap_sheet_closed": "block_cap_sheet_shown",
                  "shield_opt_in_closed": "shield_opt_in_step_shown"}[target.name]
        before = [e for e in events if e.name == opener and e.ts < target.ts]
        if not before:
            return False
        opening = max(before, key=lambda e: e.ts) if opener != "shield_opt_in_step_shown" else \
            max([e for e in before if param(e, "step")[2] == "intro"], key=lambda e: e.ts)
        if opening.tags:
            return False
        events.remove(opening)
        if target.name == "app_picker_closed":
            # The save between them is now outside the pair too.
            for saved in [e for e in events if e.name == "app_block_saved" and opening.ts < e.ts < target.ts]:
                saved.tags.append(("pair/inside-outside", "app_block_saved after a dropped app_picker_shown"))
        if target.name == "shield_opt_in_closed":
            for inside in [e for e in events if e.name == "shield_opt_in_step_shown" and opening.ts < e.ts < target.ts]:
                inside.tags.append(("pair/inside-outside", "shield step after a dropped intro"))
    elif kind == "pair/reopened":
        target = pick(rng, events, {"app_picker_shown"})
        if not target:
            return False
        copy = Event(target.name, target.ts + 1_200_000, list(target.params), target.user)
        copy.bundle = target.bundle
        events.append(copy)
    elif kind == "pair/unclosed":
        target = pick(rng, events, {"block_cap_sheet_shown", "onboarding_block_offer_shown"})
        if not target:
            return False
        close = successor(events, target, {target.name.replace("_shown", "_closed")})
        last = max(e.ts for e in events)
        if not close or close.tags or last - target.ts <= 31 * 60_000_000:
            return False
        events.remove(close)
    elif kind == "pair/inside-outside":
        target = pick(rng, events, {"app_block_saved"})
        if not target:
            return False
        target.ts = successor(events, target, {"app_picker_closed"}).ts + 2_500_000
    elif kind == "pair/param-mismatch":
        target = pick(rng, events, {"app_picker_closed"}, lambda e: param(e, "entry"))
        if not target:
            return False
        other = "home_shield" if param(target, "entry")[2] == "onboarding" else "onboarding"
        with_param(target, "entry", "s", other)
    elif kind == "pair/duration-mismatch":
        target = pick(rng, events, {"onboarding_block_offer_closed"})
        if not target:
            return False
        with_param(target, "duration_ms", "i", param(target, "duration_ms")[2] + 45_000)
    elif kind == "rule/param-requirement":
        target = pick(rng, events, {"shield_opt_in_closed"}, lambda e: param(e, "entry") and param(e, "entry")[2] == "home_shield")
        if not target:
            return False
        with_param(target, "outcome", "s", "later")
    elif kind == "rule/user-property-requirement":
        target = pick(rng, events, {"onboarding_step_complete"}, lambda e: e.user.onboarding_arm == "control")
        if not target:
            return False
        with_param(target, "phase", "s", "blockOffer")
    elif kind == "rule/param-equals-user-property":
        target = pick(rng, events, {"onboarding_block_offer_shown"})
        if not target:
            return False
        target.line_defect = ("user_property", "block_cap_arm", "unlimited" if target.user.cap_arm == "cap4" else "cap4")
        # The user is then seen in the other arm on this event: lint's arm check says so too.
        target.tags.append(("experiment/arm-flip", "block_cap_arm changed on one event"))
    elif kind == "rule/only-after":
        target = pick(rng, events, {"paywall_shown"}, lambda e: pv(e, "source") in ("home", "recurring"))
        if not target:
            return False
        with_param(target, "source", "s", "block_cap")
        with_param(target, "trigger", "s", "block_cap_sheet")
        close = successor(events, target, {"purchase_completed"})
        if close and close.ts - target.ts < 80_000_000:
            with_param(close, "source", "s", "block_cap")
            with_param(close, "trigger", "s", "block_cap_sheet")
            close.tags.append(("rule/only-after", "purchase_completed from block_cap without view_premium"))
    elif kind in LINE_DEFECTS:
        # Only on automatic events: a broken line loses its event, which must not break a pair.
        target = pick(rng, events, AUTOMATIC_NAMES)
        if not target:
            return False
        target.line_defect = (kind,)
    else:
        raise ValueError(kind)
    target.tags.append((kind, target.name))
    return True


EVENT_DEFECTS = [
    "stream/unknown-event", "stream/unknown-param", "stream/unexpected-param", "stream/duplicate-param",
    "stream/missing-required-param", "stream/wrong-type", "stream/value-not-allowed", "stream/bucket-label-unknown",
    "stream/value-out-of-range", "stream/value-length", "stream/value-too-long", "stream/unknown-user-property",
    "stream/user-property-value-not-allowed", "stream/missing-user-id", "stream/invalid-timestamp",
    "stream/firebase-error", "stream/not-an-event", "stream/too-many-params", "stream/user-property-wrong-type",
    "pair/orphan-close", "pair/reopened", "pair/unclosed", "pair/inside-outside", "pair/param-mismatch",
    "pair/duration-mismatch", "pair/unclosed-near-end",
    "rule/param-requirement", "rule/user-property-requirement", "rule/param-equals-user-property", "rule/only-after",
]
AUTOMATIC_NAMES = {"session_start", "screen_view", "user_engagement", "first_open", "app_update",
                   "notification_receive"}
LINE_DEFECTS = ["json/unexpected-end", "json/invalid-utf8", "json/duplicate-key", "json/trailing-content"]
ALL_DEFECTS = EVENT_DEFECTS + LINE_DEFECTS


# ---------------------------------------------------------------------------------------------
# Writing

def bq_value(kind, value):
    if kind == "s":
        return {"string_value": value}
    if kind == "i":
        return {"int_value": str(value)}
    if kind == "b":
        return {"int_value": "1" if value else "0"}
    return {"double_value": value}


def user_property_list(user, event):
    props = []
    if user.onboarding_arm:
        props.append(("onboarding_block_arm", "s", user.onboarding_arm, user.first_open_us))
    if user.cap_arm:
        props.append(("block_cap_arm", "s", user.cap_arm, user.first_open_us))
    first_open_ms = user.first_open_us // 3_600_000_000 * 3_600_000 + 3_600_000
    props.append(("first_open_time", "i", first_open_ms, user.first_open_us))
    if event.params and event.params[-1][0] != "firebase_error_value":
        props.append(("ga_session_id", "i", dict((p[0], p[2]) for p in event.params).get("ga_session_id", 0),
                      event.ts))
        props.append(("ga_session_number", "i", dict((p[0], p[2]) for p in event.params).get("ga_session_number", 1),
                      event.ts))
    defect = event.line_defect
    if defect and defect[0] in ("user_property", "user_property_int"):
        props = [p for p in props if p[0] != defect[1]]
        props.insert(0, (defect[1], "s" if defect[0] == "user_property" else "i", defect[2], event.ts))
    return props


def number(value):
    return int(value) if value == int(value) else value


def bq_row(event):
    user = event.user
    local = (event.ts // 1_000_000 + TZ_OFFSET_S) // 86400
    days = local - 20161  # 2025-03-14 is day 20161 since 1970-01-01
    row = {"event_date": "202503%02d" % (14 + days), "event_timestamp": str(event.ts), "event_name": event.name,
           "event_params": [{"key": k, "value": bq_value(kind, v)} for k, kind, v in event.params]}
    previous = user.previous.get(event.name)
    if previous is not None and previous < event.ts:
        row["event_previous_timestamp"] = str(previous)
    user.previous[event.name] = event.ts
    row["event_bundle_sequence_id"] = str(event.bundle)
    row["event_server_timestamp_offset"] = str(200_000 + hash_str(str(event.ts)) % 4_000_000)
    if user.user_id:
        row["user_id"] = user.user_id
    row["user_pseudo_id"] = user.pseudo_id
    row["privacy_info"] = {"analytics_storage": "Yes", "ads_storage": "No" if user.limited_ads else "Yes",
                           "uses_transient_token": "No"}
    row["user_properties"] = [
        {"key": k, "value": dict(bq_value(kind, v), set_timestamp_micros=str(ts))}
        for k, kind, v, ts in user_property_list(user, event)]
    row["user_first_touch_timestamp"] = str(user.first_open_us)
    row["user_ltv"] = {"revenue": number(round(user.revenue, 2)), "currency": "USD"}
    brand, model, marketing, hardware = user.device
    city, country, continent, region, sub, language, offset = user.geo
    row["device"] = {"category": "tablet" if hardware.startswith("iPad") else "mobile", "mobile_brand_name": brand,
                     "mobile_model_name": model, "mobile_marketing_name": marketing,
                     "mobile_os_hardware_model": hardware, "operating_system": "iOS" if "iPad" not in hardware else "iPadOS",
                     "operating_system_version": "iOS " + user.os, "vendor_id": user.vendor_id,
                     "advertising_id": "00000000-0000-0000-0000-000000000000" if user.limited_ads else user.vendor_id,
                     "language": language, "is_limited_ad_tracking": "Yes" if user.limited_ads else "No",
                     "time_zone_offset_seconds": str(offset)}
    row["geo"] = {"city": city, "country": country, "continent": continent, "region": region, "sub_continent": sub,
                  "metro": "(not set)"}
    row["app_info"] = {"id": APP_ID, "version": user.version, "install_store": "iTunes",
                       "firebase_app_id": FIREBASE_APP_ID, "install_source": "iTunes"}
    row["traffic_source"] = {"name": "(direct)", "medium": "(none)", "source": "(direct)"}
    row["stream_id"] = STREAM_ID
    row["platform"] = "IOS"
    row["ecommerce"] = {}
    row["items"] = []
    if user.campaign:
        row["collected_traffic_source"] = {"manual_campaign_name": "spring_focus", "manual_source": "instagram",
                                           "manual_medium": "social"}
    row["is_active_user"] = True
    defect = event.line_defect
    if defect and defect[0] == "no_user":
        del row["user_pseudo_id"]
        row.pop("user_id", None)
    if defect and defect[0] == "timestamp":
        row["event_timestamp"] = defect[1]
    if defect and defect[0] == "not_event":
        row = {"event_date": row["event_date"], "user_pseudo_id": user.pseudo_id, "stream_id": STREAM_ID,
               "platform": "IOS", "note": "row without event_name"}
    return row


def flat_value(kind, value):
    return bool(value) if kind == "b" else value


def flat_line(event, rng):
    user = event.user
    line = {}
    line["name" if hash_str(user.pseudo_id) % 2 else "event_name"] = event.name
    line["params"] = {k: flat_value(kind, v) for k, kind, v in event.params}
    line["user_properties"] = {k: v for k, kind, v, ts in user_property_list(user, event)}
    line["user_pseudo_id" if hash_str(user.pseudo_id) % 3 else "app_instance_id"] = user.pseudo_id
    line["timestamp_micros"] = event.ts
    line["app_version"] = user.version
    defect = event.line_defect
    if defect and defect[0] == "no_user":
        line.pop("user_pseudo_id", None)
        line.pop("app_instance_id", None)
    if defect and defect[0] == "timestamp":
        line["timestamp_micros"] = defect[1]
    if defect and defect[0] == "not_event":
        line = {"level": "debug", "message": "analytics queue flushed", "timestamp_micros": event.ts}
    return line


def mp_request(events):
    user = events[0].user
    request = {"app_instance_id": user.pseudo_id}
    if user.user_id:
        request["user_id"] = user.user_id
    request["timestamp_micros"] = events[0].ts
    props = {}
    for event in events:
        props.update({k: {"value": v} for k, kind, v, ts in user_property_list(user, event)
                      if k not in ("ga_session_id", "ga_session_number")})
    request["user_properties"] = props
    request["events"] = []
    for index, event in enumerate(events):
        item = {"name": event.name,
                "params": {k: flat_value(kind, v) for k, kind, v in event.params
                           if k not in ("firebase_screen_id", "firebase_event_origin", "ga_session_number",
                                        "engaged_session_event", "firebase_screen_class")}}
        if index > 0:
            item["timestamp_micros"] = event.ts
        if event.line_defect and event.line_defect[0] == "timestamp":
            item["timestamp_micros"] = event.line_defect[1]
        request["events"].append(item)
    if any(e.line_defect and e.line_defect[0] == "no_user" for e in events):
        del request["app_instance_id"]
        request.pop("user_id", None)
    return request


def encode(document):
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").encode("utf-8")


def break_json(line, kind, rng):
    if kind == "json/unexpected-end":
        return line[: len(line) * 2 // 3]
    if kind == "json/invalid-utf8":
        at = line.index(b'":"') + 3  # inside the first string value
        return line[:at] + b"\xff" + line[at:]
    if kind == "json/duplicate-key":
        name_at = line.index(b'"', 1)
        end = line.index(b",", name_at)
        return line[:end + 1] + line[1:end + 1] + line[end + 1:]
    if kind == "json/trailing-content":
        return line + b' {"retry":1}'
    raise ValueError(kind)


def lines_for(events, fmt, rng):
    """The lines of one user's events, each with the tags of its defects."""
    events.sort(key=lambda e: (e.ts, e.bundle))
    out = []
    if fmt == "mp":
        # MP cannot send GA4's reserved automatic event names.
        events = [e for e in events if param(e, "firebase_event_origin") is None
                  or param(e, "firebase_event_origin")[2] == "app" or e.tags]
        index = 0
        while index < len(events):
            # A request-level defect (user properties, user id, broken JSON) would touch every
            # event of its request: such an event is sent alone.
            size = 1 if events[index].line_defect else rng.randrange(1, 5)
            chunk = events[index:index + size]
            alone = next((n for n, e in enumerate(chunk) if e.line_defect), None)
            if alone is not None and alone > 0:
                chunk = chunk[:alone]
            index += len(chunk)
            if chunk[0].line_defect and chunk[0].line_defect[0] == "not_event":
                line = encode({"app_instance_id": chunk[0].user.pseudo_id, "timestamp_micros": chunk[0].ts,
                               "non_personalized_ads": False})
            else:
                line = encode(mp_request(chunk))
            tags = [t for e in chunk for t in e.tags]
            for e in chunk:
                if e.line_defect and e.line_defect[0] in LINE_DEFECTS:
                    line = break_json(line, e.line_defect[0], rng)
            out.append((line, tags))
        return out
    for event in events:
        document = bq_row(event) if fmt == "bq" else flat_line(event, rng)
        line = encode(document)
        if event.line_defect and event.line_defect[0] in LINE_DEFECTS:
            line = break_json(line, event.line_defect[0], rng)
        out.append((line, list(event.tags)))
    return out


def parse_size(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    text = text.strip().upper().rstrip("B")
    if text and text[-1] in units:
        return int(float(text[:-1]) * units[text[-1]])
    return int(text)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--rows", type=int, help="number of lines (bq, flat) or requests (mp) to write")
    size.add_argument("--bytes", type=parse_size, help="approximate output size, e.g. 100M or 1G")
    parser.add_argument("--defect-rate", type=float, default=0.005, help="planted defects per event (default 0.005)")
    parser.add_argument("--clean", action="store_true", help="no defects at all")
    parser.add_argument("--every-defect", action="store_true", help="plant each defect kind at least once (early users)")
    parser.add_argument("--shuffle", dest="shuffle", action="store_true", default=True)
    parser.add_argument("--no-shuffle", dest="shuffle", action="store_false")
    parser.add_argument("--window", type=int, default=20_000, help="shuffle window in lines (default 20000)")
    parser.add_argument("--format", choices=["bq", "flat", "mp"], default="bq")
    parser.add_argument("--output", default="-")
    parser.add_argument("--valid-json", action="store_true",
                        help="plant only defects that keep every line valid JSON (so jq and other readers "
                             "that stop at the first bad line read the whole file, as in the benchmark)")
    parser.add_argument("--defect-log", help="write line<TAB>rule-id<TAB>what for each planted defect")
    parser.add_argument("--focus-days", action="store_true",
                        help="log each focus session as focus_session_completed (the tutorial's at the end of "
                             "onboarding) and spread later sessions over the following days (2-60 h apart), "
                             "for the readout's return metric")
    args = parser.parse_args(argv)
    if args.rows is None and args.bytes is None:
        args.rows = 1000

    rng = random.Random(args.seed)
    out = sys.stdout.buffer if args.output == "-" else open(args.output, "wb")
    log = open(args.defect_log, "w") if args.defect_log else None
    rate = 0.0 if args.clean else args.defect_rate
    pending = [kind for kind in ALL_DEFECTS if args.format == "bq" or kind != "stream/duplicate-param"] \
        if args.every_defect and not args.clean else []
    window = []
    written_lines = 0
    written_bytes = 0
    produced = 0
    produced_bytes = 0

    def write(item):
        nonlocal written_lines, written_bytes
        line, tags = item
        out.write(line + b"\n")
        written_lines += 1
        written_bytes += len(line) + 1
        if log:
            for rule, what in tags:
                log.write("%d\t%s\t%s\n" % (written_lines, rule, what))

    def done():
        nonlocal produced_bytes
        if args.rows is not None:
            return produced >= args.rows
        return produced_bytes >= args.bytes

    index = 0
    clock = DAY_START_US + 6 * 3_600_000_000
    while not done():
        index += 1
        user = User(random.Random(rng.getrandbits(64)), index, clock + rng.randrange(0, 12 * 3_600_000_000),
                    only_new_versions=args.format == "mp", focus_days=args.focus_days)
        events = user.generate()
        for kind in list(pending):
            if plant(user.rng, events, kind, args.format):
                pending.remove(kind)
        if rate > 0:
            for _ in range(len(events)):
                if user.rng.random() < rate:
                    plant(user.rng, events, user.rng.choice(EVENT_DEFECTS if args.valid_json else ALL_DEFECTS), args.format)
        lines = lines_for(events, args.format, user.rng)
        if args.rows is not None and produced + len(lines) > args.rows:
            filler = User(random.Random(rng.getrandbits(64)), index, clock + rng.randrange(0, 12 * 3_600_000_000))
            lines = lines_for(filler.filler(args.rows - produced), "bq" if args.format == "mp" else args.format,
                              filler.rng) if args.format != "mp" else \
                [(encode(mp_request([e])), []) for e in filler.filler(args.rows - produced)]
        produced += len(lines)
        produced_bytes += sum(len(line) + 1 for line, _ in lines)
        for item in lines:
            if not args.shuffle:
                write(item)
                continue
            window.append(item)
            if len(window) >= args.window:
                slot = rng.randrange(len(window))
                window[slot], window[-1] = window[-1], window[slot]
                write(window.pop())
    rng.shuffle(window) if args.shuffle else None
    for item in window:
        write(item)
    if out is not sys.stdout.buffer:
        out.close()
    if log:
        log.close()
    if pending:
        sys.stderr.write("could not plant: %s\n" % ", ".join(pending))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
