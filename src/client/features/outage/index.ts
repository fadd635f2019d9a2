// The maintenance page a partner's outage flags put in place of sign-in, join or any other page.
export { OutagePage, OUTAGE_TITLE, type OutageProcess } from './OutagePage.tsx';
