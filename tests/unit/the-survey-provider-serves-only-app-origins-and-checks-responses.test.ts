import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import survey, { isAllowedParentOrigin, surveyResponses } from '#server/providers/survey.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(survey);
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

const query = 'utm_campaign=dine&utm_medium=web&utm_source=%2Fsearch&public_id=pub-1&partner_code=skyline';

describe('survey provider', () => {
  it('serves an accessible form that only the app origins may frame', async () => {
    const res = await app.inject({ url: `/survey/dine?${query}&parent=${encodeURIComponent('http://skyline.localhost:3560')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors http://localhost:* http://*.localhost:*');
    expect(csp).not.toContain('unsafe-inline');
    // A nonce'd script may run; no other.
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.body).toContain(`<script nonce="${nonce}">`);
    expect(res.body).toContain('<legend id="rating-legend">');
    expect(res.body).toContain('<label class="block" for="comment">');
    expect(res.body).toContain('"http://skyline.localhost:3560"');
  });

  it('refuses a parent origin that is not the app', async () => {
    for (const parent of ['https://evil.example', 'http://localhost.evil.example', 'http://skyline.localhost:3560/path', '*', '']) {
      const res = await app.inject({ url: `/survey/dine?${query}&parent=${encodeURIComponent(parent)}` });
      expect(res.statusCode, parent).toBe(400);
    }
    const missing = await app.inject({ url: `/survey/dine?${query}` });
    expect(missing.statusCode).toBe(400);
  });

  it('accepts only localhost origins as the parent', async () => {
    expect(isAllowedParentOrigin('http://a</script>.localhost')).toBe(false);
    expect(isAllowedParentOrigin('http://localhost:3560')).toBe(true);
    expect(isAllowedParentOrigin('http://harbor.localhost')).toBe(true);
  });

  it('rejects a survey id outside the allowed characters', async () => {
    const res = await app.inject({ url: `/survey/${encodeURIComponent('<x>')}?parent=http://localhost:3560` });
    expect(res.statusCode).toBe(400);
  });

  it('stores a response and validates its shape', async () => {
    const ok = await app.inject({
      method: 'POST',
      url: '/survey/dine/responses',
      payload: { rating: 4, comment: ' Lovely ', utm_source: '/search', public_id: 'pub-1', partner_code: 'skyline' },
    });
    expect(ok.statusCode).toBe(201);
    const last = surveyResponses().at(-1);
    expect(last).toMatchObject({
      surveyId: 'dine',
      rating: 4,
      comment: 'Lovely',
      utmSource: '/search',
      publicId: 'pub-1',
      partnerCode: 'skyline',
      utmMedium: 'web',
    });

    for (const payload of [{ rating: 0 }, { rating: 6 }, { comment: 'no rating' }, { rating: 3, comment: 'x'.repeat(2001) }]) {
      const bad = await app.inject({ method: 'POST', url: '/survey/dine/responses', payload });
      expect(bad.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(400);
    }
  });
});
