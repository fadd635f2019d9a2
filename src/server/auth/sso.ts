// Single sign-on assertions: the partner's provider (the demo one runs on the second origin)
// signs who signed in; the main server verifies signature, expiry, partner, the browser's state
// cookie (no login CSRF) and the single-use nonce before it starts a session.
import type { SignedPayload } from './tokens.ts';

export const SSO_ASSERTION_MS = 2 * 60 * 1000;
export const SSO_STATE_COOKIE = 'mb_sso_state';
export const SSO_CALLBACK_PATH = '/api/Member/SSO/Callback';

export interface SsoAssertion extends SignedPayload {
  partner: string;
  email: string;
  firstName: string;
  lastName: string;
  programNumber: string;
  state: string;
  mode: 'signin' | 'join';
}
