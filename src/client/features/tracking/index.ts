// Tracking alongside every route: page views, referral cookies, service worker, problem reports.
export { TrackingEffects, merchantIdOf, type TrackingEffectsProps } from './TrackingEffects.tsx';
