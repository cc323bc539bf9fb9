/**
 * How much a finding matters: `blocking` (must change before merging), `suggestion` (worth
 * changing) or `nit` (taste); `review-min-severity` picks which of them go inline. Pure.
 */

export const SEVERITIES = ['blocking', 'suggestion', 'nit'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Higher is more severe. */
export const SEVERITY_RANK: Record<Severity, number> = { blocking: 2, suggestion: 1, nit: 0 };
