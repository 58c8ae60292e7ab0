extension RuleExamples {
    /// The plan the export-line examples of the JSON, export, per-event, pair and cross-event
    /// rules are checked against (`eventlint explain --example-plan` prints it). It is small and
    /// generic on purpose: one declaration for each thing an example needs, so an example shows
    /// one problem and the plan an analyst has to read stays short.
    public static let examplePlan = """
        // The plan the examples of `eventlint explain` are checked against.
        {
          userProperties: {
            arm: { type: 'string', values: ['a', 'b'], experiment: true, description: 'The experiment arm.' },
            nickname: { type: 'string', description: 'A name the user chose.' },
            level: { type: 'int', description: 'The level the user reached.' },
          },
          params: {
            choice: { type: 'string', values: ['yes', 'no'], description: 'What was chosen.' },
            source: { type: 'string', values: ['home', 'menu'], description: 'Where it started.' },
            count: { type: 'int', min: 0, max: 10, description: 'How many.' },
            size: { type: 'bucket', edges: [0, 1, 5, 10], description: 'How many, bucketed: 0 1-4 5-9 10+.' },
            label: { type: 'string', maxLength: 8, description: 'A short label.' },
            note: { type: 'string', description: 'Free text.' },
            mode: { type: 'string', values: ['light', 'dark'], description: 'The dialog mode.' },
            duration_ms: { type: 'int', description: 'Time from opened to closed.' },
            arm: { type: 'string', values: ['a', 'b'], description: 'The arm user property, copied.' },
          },
          events: {
            page_viewed: {
              description: 'A page was shown.',
              params: { choice: 'optional', count: 'optional', size: 'optional', label: 'optional', note: 'optional' },
            },
            form_sent: { description: 'A form was sent.', params: { choice: 'required', source: 'optional' } },
            dialog_opened: { description: 'A dialog opened.', params: { mode: 'required' } },
            dialog_clicked: { description: 'A button in the dialog was clicked.' },
            dialog_closed: { description: 'The dialog closed.', params: { mode: 'required', duration_ms: 'optional' } },
            upgrade_offered: { description: 'The upgrade screen appeared (arm b only).' },
            arm_logged: { description: 'The arm, logged as a param.', params: { arm: 'required' } },
            cart_viewed: { description: 'The cart was shown.' },
            checkout_started: { description: 'Checkout began.' },
            reminder_sent: { description: 'A reminder was sent.' },
            welcome_viewed: { description: 'The welcome screen appeared.' },
            tour_finished: { description: 'The tour was finished.' },
            intro_viewed: { description: 'The intro appeared.' },
            intro_finished: { description: 'The intro was finished.' },
          },
          pairs: {
            dialog: {
              description: 'Every dialog opened is closed in the same mode; clicks happen inside it.',
              open: 'dialog_opened',
              inside: ['dialog_clicked'],
              close: { events: ['dialog_closed'], required: true },
              same: ['mode'],
              duration: { param: 'duration_ms' },
            },
          },
          rules: {
            answered_no_from_menu: {
              description: 'A form answered no was started from the menu.',
              on: 'form_sent', when: { choice: 'no' }, require: { source: 'menu' },
            },
            upgrade_only_in_arm_b: {
              description: 'Only users in arm b see the upgrade screen.',
              on: 'upgrade_offered', requireUser: { arm: 'b' },
            },
            arm_param_matches_user: {
              description: 'The arm param copies the user property.',
              on: 'arm_logged', require: { arm: { equalsUserProperty: 'arm' } },
            },
            checkout_after_cart: {
              description: 'Checkout starts at most an hour after the cart was shown.',
              on: 'checkout_started', after: { event: 'cart_viewed', within: '1h' },
            },
            no_reminder_twice_in_a_minute: {
              description: 'A reminder is not sent again within 60 s.',
              on: 'reminder_sent', notAfter: { event: 'reminder_sent', within: '60s' },
            },
            welcome_at_most_once: {
              description: 'The welcome screen appears at most once per user.',
              on: 'welcome_viewed', once: 'atMost',
            },
            tour_exactly_once_from_level_five: {
              description: 'A user who reached level 5 finishes the tour exactly once.',
              on: 'tour_finished', whenUser: { level: { min: 5 } }, once: 'exactly',
            },
          },
          journeys: {
            intro_in_arm_a: {
              description: 'Users in arm a see the intro, then finish it, within an hour.',
              whenUser: { arm: 'a' }, steps: ['intro_viewed', 'intro_finished'], within: '1h',
            },
          },
          experiments: {
            arm: {
              description: 'Arm a or b, half the users each; not for users nicknamed legacy.',
              userProperty: 'arm', arms: { a: 0.5, b: 0.5 }, population: { nickname: { notIn: ['legacy'] } },
            },
          },
        }
        """
}
