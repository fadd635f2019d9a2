// Earn, explanation and legal pages (spec 000 §2 /earn, /earn/{slug}, /how-it-works; /terms and
// /privacy from the CMS legal group): one component per registry block.
export { EarnOverview } from './EarnOverview.tsx';
export { EarnDetail } from './EarnDetail.tsx';
export { HowItWorksGuide } from './HowItWorksGuide.tsx';
export { LegalPage } from './LegalPage.tsx';
