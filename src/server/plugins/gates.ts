// Partner settings as server rules (DESIGN §5): a route declares the settings its call
// needs, and a closed one answers before anything else runs (no handler reads partner settings by
// hand to decide whether it exists):
//   app.get('/api/Reservations/Availability', { onRequest: app.requireFlag('openTableReservationsEnabled') }, ...)
//   app.post('/api/Reservations', { onRequest: app.requireGate('enrollment', 'flag:openTableReservationsEnabled'), preHandler: app.requireMember }, ...)
//   app.put('/api/Member', { onRequest: app.requireGate(...), preValidation: app.fieldGate('sms') }, ...)
// Which call needs which gate is the table in src/shared/api-gates.ts; at start the server checks
// that every route's declarations and that table agree, both ways, and refuses to start otherwise.
// Closed: 404 `not_available` (the partner does not have it) or 503 `outage` (in maintenance).
import type { FastifyReply, FastifyRequest, onRequestHookHandler, preValidationHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import {
  API_GATES,
  apiGateOpen,
  closedStatus,
  FIELD_GATES,
  gatesOf,
  type ApiCall,
  type ApiGate,
  type FieldGate,
  type GatedFlag,
} from '#shared/api-gates.ts';
import { MESSAGES } from '../auth/replies.ts';
import { errorBody } from '../error-reply.ts';

export const OUTAGE_MESSAGE = 'This is closed for maintenance right now. Please try again later.';

type GateGuard = onRequestHookHandler & { gates: readonly ApiGate[] };
type FieldGuard = preValidationHookHandler & { fieldGate: FieldGate };

declare module 'fastify' {
  interface FastifyInstance {
    /** An onRequest hook: answers 404 (or 503 in an outage) unless every gate is open for this host's partner. */
    requireGate(...gates: ApiGate[]): GateGuard;
    /** requireGate(`flag:${flag}`). */
    requireFlag(flag: GatedFlag): GateGuard;
    /** A preValidation hook: on a partner where the field gate is closed, its fields read as the table says. */
    fieldGate(gate: FieldGate): FieldGuard;
  }
}

function closed(reply: FastifyReply, gate: ApiGate): void {
  const status = closedStatus(gate);
  const body =
    status === 404 ? errorBody(404, MESSAGES.notAvailable, { code: 'not_available' }) : errorBody(503, OUTAGE_MESSAGE, { code: 'outage' });
  // Ready JSON: a route's own response schema for this status must not reshape the refusal.
  void reply.code(status).header('cache-control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(body));
}

function callOf(method: string, url: string): ApiCall {
  return `${method} ${url}` as ApiCall;
}

function hooksOf(route: RouteOptions, name: 'onRequest' | 'preValidation'): unknown[] {
  const hooks = route[name];
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
}

export default fp(
  async function gates(app) {
    app.decorate('requireGate', (...gates: ApiGate[]): GateGuard => {
      const guard = ((request: FastifyRequest, reply: FastifyReply, done: () => void) => {
        const config = request.partner.config;
        for (const gate of gates) {
          if (!apiGateOpen(gate, config)) return closed(reply, gate);
        }
        done();
      }) as GateGuard;
      guard.gates = gates;
      return guard;
    });
    app.decorate('requireFlag', (flag: GatedFlag) => app.requireGate(`flag:${flag}`));
    app.decorate('fieldGate', (gate: FieldGate): FieldGuard => {
      const rule = FIELD_GATES[gate];
      const guard = ((request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
        const body = request.body;
        if (!rule.open(request.partner.config) && body && typeof body === 'object' && !Array.isArray(body)) {
          Object.assign(body, rule.closed[callOf(request.method, request.routeOptions.url ?? '')]);
        }
        done();
      }) as FieldGuard;
      guard.fieldGate = gate;
      return guard;
    });

    // What the routes declare, checked against the table once they are all registered.
    const declared = new Map<ApiCall, Set<ApiGate>>();
    const declaredFields = new Map<ApiCall, Set<FieldGate>>();
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const call = callOf(method, route.url);
        for (const hook of hooksOf(route, 'onRequest')) {
          for (const gate of (hook as Partial<GateGuard>).gates ?? []) declared.set(call, (declared.get(call) ?? new Set()).add(gate));
        }
        for (const hook of hooksOf(route, 'preValidation')) {
          const gate = (hook as Partial<FieldGuard>).fieldGate;
          if (gate) declaredFields.set(call, (declaredFields.get(call) ?? new Set()).add(gate));
        }
      }
    });
    app.addHook('onReady', (done) => {
      const problems: string[] = [];
      const listed = new Set(Object.values(API_GATES).flatMap((calls) => calls ?? []));
      for (const call of new Set([...listed, ...declared.keys()])) {
        const want = gatesOf(call);
        const have = [...(declared.get(call) ?? [])];
        for (const gate of want.filter((g) => !have.includes(g))) {
          problems.push(
            `${call} is listed under '${gate}' in src/shared/api-gates.ts but its route does not declare app.requireGate('${gate}')`,
          );
        }
        for (const gate of have.filter((g) => !want.includes(g))) {
          problems.push(`${call} declares app.requireGate('${gate}') but src/shared/api-gates.ts does not list it under '${gate}'`);
        }
      }
      for (const [name, rule] of Object.entries(FIELD_GATES) as Array<[FieldGate, (typeof FIELD_GATES)[FieldGate]]>) {
        for (const call of Object.keys(rule.closed) as ApiCall[]) {
          if (!declaredFields.get(call)?.has(name))
            problems.push(`${call} carries '${name}' fields but its route does not declare app.fieldGate('${name}')`);
        }
      }
      for (const [call, names] of declaredFields) {
        for (const name of names) {
          if (!(call in FIELD_GATES[name].closed))
            problems.push(`${call} declares app.fieldGate('${name}') but FIELD_GATES.${name} does not list it`);
        }
      }
      done(problems.length ? new Error(`partner settings and routes disagree:\n${problems.join('\n')}`) : undefined);
    });
  },
  { name: 'gates' },
);
