// GET /api/v2/Merchants/Search (spec 001 §7): merchants near a location, filtered, sorted and paged.
// GET /api/v2/Merchants/{merchantId} and .../Reviews: one merchant's detail page data (spec 001 §2).
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { MerchantDetailQuery, MerchantReviewsQuery, MerchantSearchQuery } from '#shared/generated/types.ts';
import { getMerchantDetail, getMerchantReviews, REVIEWS_PAGE_SIZE } from '../repos/merchant-details.ts';
import {
  DEFAULT_ORIGIN,
  LocationError,
  resolveLocation,
  searchMerchants,
  UnknownPlaceError,
  type MerchantFeature,
  type MerchantMeal,
  type MerchantSearch,
} from '../repos/merchants.ts';
import { projectFile } from '../files.ts';
import { sendError } from '../error-reply.ts';

/** Spec 001 §9: search page size. */
export const SEARCH_PAGE_SIZE = 15;
const DEFAULT_RADIUS_MILES = 25;

class BadQuery extends Error {}

const FEATURES: Readonly<Record<string, MerchantFeature>> = {
  delivery: 'delivery',
  dinein: 'dineIn',
  takeout: 'takeout',
  takeaway: 'takeout',
  onlineordering: 'onlineOrdering',
};
const MEALS: Readonly<Record<string, MerchantMeal>> = {
  breakfast: 'breakfast',
  brunch: 'brunch',
  lunch: 'lunch',
  dinner: 'dinner',
  latenight: 'lateNight',
};

/** A comma-separated list of names, each mapped through `known` ("dine-in" and "dineIn" alike). */
function nameList<T>(raw: string | undefined, known: Readonly<Record<string, T>>, field: string): T[] | undefined {
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.map((item) => {
    // Own keys only: "constructor" or "__proto__" name no value (a plain object inherits them).
    const name = item.toLowerCase().replace(/[^a-z]/g, '');
    const value = Object.hasOwn(known, name) ? known[name] : undefined;
    if (value === undefined) {
      throw new BadQuery(`${field} has an unknown value "${item.slice(0, 40)}"; use ${[...new Set(Object.values(known))].join(', ')}.`);
    }
    return value;
  });
}

function priceList(raw: string | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!items.every((s) => /^[1-4]$/.test(s))) {
    throw new BadQuery('priceRange must be a comma-separated list of price levels from 1 to 4, e.g. "1,2".');
  }
  return [...new Set(items.map(Number))];
}

export function toSearch(query: MerchantSearchQuery): MerchantSearch {
  return {
    origin: resolveLocation(query.location),
    radiusMiles: query.distance ?? DEFAULT_RADIUS_MILES,
    pageNo: query.pageNo ?? 1,
    pageSize: query.pageSize ?? SEARCH_PAGE_SIZE,
    sortBy: query.sortBy ?? 'distance',
    text: query.restaurantOrCuisine,
    acclaimed: query.acclaimed,
    isNew: query.isNew,
    priceRange: priceList(query.priceRange),
    features: nameList(query.features, FEATURES, 'features'),
    meals: nameList(query.mealsServed, MEALS, 'mealsServed'),
    reservations: query.reservations,
    campaignCode: query.campaignCode,
    withBenefits: query.benefitsFor !== undefined && query.benefitsFor !== '',
  };
}

/** Blank parameters mean "not given": a form's empty fields must not fail validation or filter. */
async function dropEmpty(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown>;
  for (const [key, value] of Object.entries(query)) {
    if (value === '' || (typeof value === 'string' && value.trim() === '')) delete query[key];
  }
}

function readSchema(name: string): Record<string, unknown> {
  const {
    $id: _id,
    $schema: _schema,
    ...rest
  } = JSON.parse(readFileSync(projectFile(`schemas/api/${name}`), 'utf8')) as Record<string, unknown>;
  return rest;
}

// Fastify's serializer does not resolve a shared schema's relative $ref ("merchant.schema.json"),
// so the response schema is given with the merchant schema inlined.
function searchResponseSchema(): Record<string, unknown> {
  const response = readSchema('merchant-search-response.schema.json');
  const properties = response.properties as Record<string, unknown>;
  return { ...response, properties: { ...properties, merchants: { type: 'array', items: readSchema('merchant.schema.json') } } };
}

function detailResponseSchema(): Record<string, unknown> {
  const response = readSchema('merchant-detail.schema.json');
  const properties = response.properties as Record<string, unknown>;
  return {
    ...response,
    properties: { ...properties, merchant: readSchema('merchant.schema.json'), reviews: readSchema('merchant-reviews.schema.json') },
  };
}

const MERCHANT_ID = {
  type: 'object',
  required: ['merchantId'],
  properties: { merchantId: { type: 'string', minLength: 1, maxLength: 40 } },
} as const;

const notFound = (reply: FastifyReply) => sendError(reply, 404, 'No merchant with this id.');

export default async function merchants(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: MerchantSearchQuery }>(
    '/api/v2/Merchants/Search',
    {
      preValidation: dropEmpty,
      schema: {
        querystring: { $ref: 'api/merchant-search.schema.json#' },
        response: {
          200: searchResponseSchema(),
          400: { $ref: 'api/error.schema.json#' },
        },
      },
    },
    async (request, reply) => {
      let search: MerchantSearch;
      try {
        search = toSearch(request.query);
      } catch (error) {
        // A place the gazetteer does not know has no restaurants: the page shows "no results".
        if (error instanceof UnknownPlaceError) {
          const { pageNo = 1, pageSize = SEARCH_PAGE_SIZE } = request.query;
          return { merchants: [], pageNo, pageSize, totalResultSize: 0, totalPages: 0, totalCapped: false, origin: DEFAULT_ORIGIN };
        }
        if (error instanceof BadQuery || error instanceof LocationError) return sendError(reply, 400, error.message);
        throw error;
      }
      const page = await searchMerchants(app.db, search);
      return { ...page, pageNo: search.pageNo, pageSize: search.pageSize, origin: search.origin };
    },
  );

  app.get<{ Params: { merchantId: string }; Querystring: MerchantDetailQuery }>(
    '/api/v2/Merchants/:merchantId',
    {
      preValidation: dropEmpty,
      schema: {
        params: MERCHANT_ID,
        querystring: { $ref: 'api/merchant-detail-query.schema.json#' },
        response: {
          200: detailResponseSchema(),
          400: { $ref: 'api/error.schema.json#' },
          404: { $ref: 'api/error.schema.json#' },
        },
      },
    },
    async (request, reply) => {
      let origin = null;
      try {
        origin = request.query.location === undefined ? null : resolveLocation(request.query.location);
      } catch (error) {
        if (error instanceof LocationError) return sendError(reply, 400, error.message);
        throw error;
      }
      const detail = await getMerchantDetail(app.db, request.params.merchantId, origin);
      return detail ?? notFound(reply);
    },
  );

  app.get<{ Params: { merchantId: string }; Querystring: MerchantReviewsQuery }>(
    '/api/v2/Merchants/:merchantId/Reviews',
    {
      preValidation: dropEmpty,
      schema: {
        params: MERCHANT_ID,
        querystring: { $ref: 'api/merchant-reviews-query.schema.json#' },
        response: {
          200: readSchema('merchant-reviews.schema.json'),
          400: { $ref: 'api/error.schema.json#' },
          404: { $ref: 'api/error.schema.json#' },
        },
      },
    },
    async (request, reply) => {
      const { pageNo = 1, pageSize = REVIEWS_PAGE_SIZE } = request.query;
      const page = await getMerchantReviews(app.db, request.params.merchantId, pageNo, pageSize);
      return page ?? notFound(reply);
    },
  );
}
