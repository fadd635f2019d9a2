// The alert box's list (spec 000 §5): "{field} is required." for a missing field, else the field's
// own message after its label.
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { fillTemplate } from '#shared/copy.ts';
import { type Copy } from './resolver.ts';

export function errorSummary<Values extends FieldValues>(
  errors: FieldErrors<Values>,
  labels: Partial<Record<string, string>>,
  copy: Copy,
  order: readonly string[] = Object.keys(labels),
): string[] {
  const fields = [...order, ...Object.keys(errors).filter((f) => !order.includes(f))];
  const out: string[] = [];
  for (const field of fields) {
    const error = (errors as Record<string, { type?: string; message?: string } | undefined>)[field];
    if (!error?.message) continue;
    const label = labels[field] ?? field;
    out.push(
      error.type === 'required'
        ? fillTemplate(copy('form.requiredNamed', '{field} is required.'), { field: label })
        : `${label}: ${error.message}`,
    );
  }
  return out;
}
