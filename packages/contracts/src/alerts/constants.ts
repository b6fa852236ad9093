/**
 * Price alerts' fixed terms (DESIGN §12), without zod so the web app can import them: the two conditions and how many
 * active alerts one trader may have.
 */
export const ALERT_CONDITIONS = ['above', 'below'] as const;
export type AlertCondition = (typeof ALERT_CONDITIONS)[number];

/** Active alerts per trader; the create call refuses the next one (`err.alert_limit`). */
export const ALERTS_MAX_ACTIVE = 50;
