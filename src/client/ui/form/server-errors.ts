// The server's field errors (schemas/api/error.schema.json `errors`) shown on the form's own fields:
// a field the form has gets its message under it; one it does not have is left to the form's alert.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** One entry of an error body's `errors` (the shape of client/api/error-body.ts, which ui/ may not import). */
export interface ServerFieldError {
  field: string;
  message: string;
  code?: string;
}

/**
 * Sets each field error of `body` whose field is one of `fields`; `word` chooses the message (the
 * partner's copy for a coded error, say), the server's text otherwise. Returns how many were set.
 */
export function showServerFieldErrors<Values extends FieldValues>(
  form: Pick<UseFormReturn<Values>, 'setError'>,
  body: { errors?: ServerFieldError[] } | null,
  fields: ReadonlyArray<Path<Values>>,
  word: (error: ServerFieldError) => string = (error) => error.message,
): number {
  let shown = 0;
  for (const error of body?.errors ?? []) {
    const field = fields.find((name) => name === error.field);
    if (field === undefined) continue;
    form.setError(field, { type: 'server', message: word(error) });
    shown++;
  }
  return shown;
}
