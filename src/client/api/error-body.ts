// Its own module, not http.ts: the first route loads http.ts, and only forms, which load later, read error bodies.
import { HttpError } from './http.ts';

/** The error body of a refused call (schemas/api/error.schema.json, auth-error.schema.json). */
export interface ErrorBody {
  code?: string;
  message?: string;
  errors?: Array<{ field: string; message: string; code?: string }>;
}

/** What a refused call answered, for a form to word: null when the error is not an answer with a body. */
export function errorBodyOf(error: unknown): ErrorBody | null {
  return error instanceof HttpError && typeof error.body === 'object' ? (error.body as ErrorBody | null) : null;
}
