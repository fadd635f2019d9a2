// Tracking alongside every route: page views, per-block views and clicks, referral cookies, service
// worker, problem reports.
export { TrackingEffects, merchantIdOf, type TrackingEffectsProps } from './TrackingEffects.tsx';
export { useBlockImpressions } from './block-impressions.ts';
