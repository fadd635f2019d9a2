// The survey widget (spec 000 §4, CMS group surveys, first entry): shown when the CMS has a survey;
// its code (Survey.tsx: visibility rules, the tab and the provider's form) loads only then.
import { lazy } from 'react';
import { Deferred } from '#client/ui/Deferred.tsx';
import type { CmsSurveyFields } from '#shared/generated/types.ts';
import { useCmsEntries } from '#client/runtime/index.tsx';

const Survey = lazy(async () => ({ default: (await import('./Survey.tsx')).Survey }));

export function SurveyWidget() {
  const entry = useCmsEntries('surveys')[0];
  const fields = entry?.fields as CmsSurveyFields | undefined;
  if (!fields?.id) return null;
  // Keyed by survey id: a different survey starts fresh.
  return (
    <Deferred key={fields.id}>
      <Survey fields={fields} />
    </Deferred>
  );
}
