/// The plan `eventlint init` writes: one event, one pair, the property section, every param
/// described, so `check` passes it with no finding and every construct has an example to copy.
public enum StarterPlan {
    public static let text = """
        // A tracking plan: every event, parameter and user property the app sends, in one place.
        // `eventlint check` lints it, `eventlint lint` checks exports against it, and
        // `eventlint codegen swift` turns it into typed Swift. The language: docs/schema.md.
        {
          version: 1,

          // The GA4 property the plan is sent to: 'standard' or '360' (for `eventlint budget`).
          property: { tier: 'standard' },

          // Each parameter is declared once, with its type; events say which ones they carry.
          params: {
            item_kind: {
              type: 'string', values: ['article', 'video'], register: 'event',
              description: 'What kind of item the user acted on.',
            },
            outcome: {
              type: 'string', register: 'event',
              description: 'How a shown surface was closed; each closing event narrows the values.',
            },
            duration_ms: {
              type: 'int', min: 0, register: { metric: 'milliseconds' },
              description: 'Time from shown to closed in milliseconds.',
            },
          },

          userProperties: {
            plan_tier: {
              type: 'string', values: ['free', 'premium'], register: 'user',
              description: 'The subscription the user is on.',
            },
          },

          events: {
            item_favorited: {
              description: 'The user marked an item as a favourite.',
              params: { item_kind: 'required' },
            },
            settings_shown: {
              description: 'The settings screen appeared.',
              params: {},
            },
            settings_closed: {
              description: 'The settings screen was left.',
              params: {
                outcome: { required: true, values: ['saved', 'cancelled'] },
                duration_ms: 'required',
              },
            },
          },

          // A shown surface must be closed; lint checks it per user, codegen makes it a handle.
          pairs: {
            settings: {
              description: 'Every settings screen shown is closed, and duration_ms matches the clock.',
              open: 'settings_shown',
              close: { events: ['settings_closed'], required: true },
              duration: { param: 'duration_ms' },
            },
          },
        }

        """
}
