/** The five policy transactions; each writes one version that records its action (interface, Policies). */
export const POLICY_ACTIONS = ["NEW_BUSINESS", "ENDORSE", "CANCEL", "REINSTATE", "RENEW"] as const;

export type PolicyAction = (typeof POLICY_ACTIONS)[number];
