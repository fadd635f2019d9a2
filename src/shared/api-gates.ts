// Which partner settings open which API calls: the one table the server enforces
// (src/server/plugins/gates.ts) and the test walks for every partner (tests/server/
// partner-settings-close-their-calls.test.ts). The page table (routes.ts) says which pages a partner
// has; this says which calls. Pure data, like routes.ts.
//
// A route declares the gates it needs in its options, and its call must be listed here under each:
//   app.post('/api/Reservations', { onRequest: app.requireGate('enrollment', 'flag:openTableReservationsEnabled'), ... })
// The server refuses to start when a declaration and this table disagree (either way), naming the
// call and the gate, so a new route cannot forget one side.
import type { PartnerConfig } from './generated/types.ts';
import { isOutagePath, type RouteGate } from './routes.ts';

/** Partner flags that switch API calls on. */
export type GatedFlag = 'openTableReservationsEnabled' | 'hasFlexOffers' | 'hasPartnerLoadedCards';

/**
 * A setting a call needs:
 * - the page gates of routes.ts ('enrollment': enrolment type not none; 'direct': direct enrolment);
 * - 'sso': single-sign-on enrolment; 'credit': the partner's currency is statement credits;
 * - `flag:<name>`: a partner flag is on;
 * - 'login' / 'join': the partner's outage.login / outage.join is off (the process is not in maintenance);
 * - `page:<path>`: the page the call serves is not under one of the partner's outage.paths.
 */
export type ApiGate =
  Extract<RouteGate, 'enrollment' | 'direct'> | 'sso' | 'credit' | `flag:${GatedFlag}` | 'login' | 'join' | `page:${string}`;

/** A call: "METHOD /url" as the server registers it (Fastify's pattern, `:name` for a parameter). */
export type ApiCall = `${'GET' | 'POST' | 'PUT' | 'DELETE'} /${string}`;

const MEMBER_AREA: readonly ApiCall[] = [
  'GET /api/Member',
  'PUT /api/Member',
  'GET /api/Member/:publicId',
  'POST /api/Member/Activate',
  'GET /api/Member/Cards',
  'POST /api/Member/Cards',
  'DELETE /api/Member/Cards',
  'POST /api/Member/Reenroll',
  'GET /api/Cards/AllPartnerCards',
  'GET /api/Member/DineSummary',
  'POST /api/Member/Bonus/:code',
  'GET /api/Member/StatementCreditBalance',
  'GET /api/Member/TransactionsStatementCredits',
  'GET /api/Member/Transactions',
  'GET /api/reviews/status',
  'GET /api/Members/Validate/Zip',
  'POST /api/Reservations',
  'GET /api/merchants/:merchantId/flex-offers/members/:publicId',
];

const RECOVERY: readonly ApiCall[] = ['POST /api/Member/Recover', 'GET /api/Member/Recover/Token', 'POST /api/Member/Recover/Update'];

/** Every gated call, by the gate that opens it. A call listed under several gates needs all of them. */
export const API_GATES: Readonly<Partial<Record<ApiGate, readonly ApiCall[]>>> = {
  enrollment: MEMBER_AREA,
  direct: [
    'POST /api/Member/SignIn',
    ...RECOVERY,
    'POST /api/Member/FixCredentials',
    // Joining (and the home page's email-only lead form) happens at the provider on sso partners.
    'POST /api/Members/Prospects',
    'GET /api/Members/Validate/Email',
  ],
  sso: ['GET /api/Member/SSO/Start', 'GET /api/Member/SSO/Callback'],
  credit: ['GET /api/Member/StatementCreditBalance', 'GET /api/Member/TransactionsStatementCredits'],
  'flag:openTableReservationsEnabled': ['GET /api/Reservations/Availability', 'POST /api/Reservations'],
  'flag:hasFlexOffers': ['GET /api/merchants/:merchantId/flex-offers/members/:publicId'],
  'flag:hasPartnerLoadedCards': ['GET /api/Cards/AllPartnerCards'],
  // Outage mode (spec 000 §2) closes a process's calls with its pages: sso sign-in and joining at the
  // provider are the login process.
  login: ['POST /api/Member/SignIn', 'GET /api/Member/SSO/Start', 'GET /api/Member/SSO/Callback'],
  join: ['POST /api/Members/Prospects', 'GET /api/Members/Validate/Email'],
  // The pages whose processes have calls of their own (browsing calls, shared by many pages, stay open).
  'page:/add_card': ['POST /api/Member/Cards', 'GET /api/Cards/AllPartnerCards'],
  // (GET /api/Member/Cards stays open: /card_added lists the cards too.)
  'page:/account/manage_cards': ['POST /api/Member/Cards', 'DELETE /api/Member/Cards', 'GET /api/Cards/AllPartnerCards'],
  'page:/account/user_profile': ['PUT /api/Member', 'GET /api/Members/Validate/Zip'],
  'page:/account/overview': ['POST /api/Member/Bonus/:code', 'GET /api/Member/DineSummary'],
  'page:/account/recent_activity': [
    'GET /api/Member/Transactions',
    'GET /api/Member/TransactionsStatementCredits',
    'GET /api/Member/StatementCreditBalance',
    'GET /api/reviews/status',
  ],
  'page:/activate': ['POST /api/Member/Activate'],
  'page:/recover': RECOVERY,
  'page:/fix_credentials': ['POST /api/Member/FixCredentials'],
};

/** What a closed gate answers: 404 when the partner does not have the call, 503 while it is in maintenance. */
export function closedStatus(gate: ApiGate): 404 | 503 {
  return gate === 'login' || gate === 'join' || gate.startsWith('page:') ? 503 : 404;
}

export type GateSettings = Pick<PartnerConfig, 'enrollmentType' | 'currencyType' | 'outage' | GatedFlag>;

/** Whether a gate is open for a partner's settings. */
export function apiGateOpen(gate: ApiGate, config: GateSettings): boolean {
  switch (gate) {
    case 'enrollment':
      return config.enrollmentType !== 'none';
    case 'direct':
      return config.enrollmentType === 'direct';
    case 'sso':
      return config.enrollmentType === 'sso';
    case 'credit':
      return config.currencyType === 'Credit';
    case 'login':
      return !config.outage.login;
    case 'join':
      return !config.outage.join;
    default:
      if (gate.startsWith('flag:')) return config[gate.slice('flag:'.length) as GatedFlag] === true;
      return !isOutagePath(gate.slice('page:'.length), config.outage.paths);
  }
}

/** Every gate a call is listed under (the gates its route must declare). */
export function gatesOf(call: ApiCall): ApiGate[] {
  return (Object.entries(API_GATES) as Array<[ApiGate, readonly ApiCall[]]>)
    .filter(([, calls]) => calls.includes(call))
    .map(([gate]) => gate);
}

/**
 * Fields a partner setting opens on the calls that carry them. Spec 000 §5: the client sends
 * smsOptIn whenever a phone number is given (smsOptIn equals smsOptInV2 when that is given,
 * otherwise it is true exactly when a phone number is present), so on a partner without SMS opt-in a
 * well-behaved join carries smsOptIn too: the field is read as false there, never refused.
 */
export const FIELD_GATES = {
  sms: {
    open: (config: Pick<PartnerConfig, 'hasSmsOptIn' | 'hasSmsOptInV2'>) => config.hasSmsOptIn || config.hasSmsOptInV2,
    /** Per call, what its fields read as while the gate is closed. */
    closed: {
      'POST /api/Members/Prospects': { smsOptIn: false, smsOptInV2: false },
      'PUT /api/Member': { smsOptIn: false },
    } as Readonly<Partial<Record<ApiCall, Readonly<Record<string, boolean>>>>>,
  },
} as const;

export type FieldGate = keyof typeof FIELD_GATES;
