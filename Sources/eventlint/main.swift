import EventLintKit

print("eventlint")
