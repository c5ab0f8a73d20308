/**
 * Tables holding a company's application data, keyed by `company_id`. A Sandbox reset clears exactly
 * these; configuration, companies, API keys and the audit log are kept. Every area that adds a table of
 * application data lists it here, children before parents.
 */
export const APPLICATION_TABLES: readonly string[] = [
  // Restarting sequence counters is part of reset (interface, States: Company row).
  "sequences",
];
