// The survey widget (spec 000 §4, CMS group surveys, first entry): shown when the CMS has a survey;
// its code (Survey.tsx: visibility rules, the tab and the provider's form) loads only then.
import { lazy } from 'react';
import { Deferred } from '#client/ui/Deferred.tsx';
import type { CmsSurveyFields } from '#shared/generated/types.ts';
import { useIsClient } from '#client/lib/useIsClient.ts';
import { useCmsEntries } from '#client/runtime/index.tsx';

const Survey = lazy(async () => ({ default: (await import('./Survey.tsx')).Survey }));

export function SurveyWidget() {
  const entry = useCmsEntries('surveys')[0];
  const fields = entry?.fields as CmsSurveyFields | undefined;
  // When this browser last saw the survey is in its storage: decided after hydration.
  const client = useIsClient();
  if (!fields?.id || !client) return null;
  // Keyed by survey id: a different survey starts fresh.
  return (
    <Deferred key={fields.id}>
      <Survey fields={fields} />
    </Deferred>
  );
}
