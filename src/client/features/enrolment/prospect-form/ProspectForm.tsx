// The home page's email-only prospect form (spec 000 §2, §5). Only anonymous visitors of
// direct-enrolment partners see it, so only they load its code (ProspectFormBody.tsx).
import { lazy } from 'react';
import { useVisitor } from '#client/runtime/index.tsx';
import { Deferred } from '#client/ui/Deferred.tsx';
import { ProspectFormView, type ProspectFormViewProps } from './ProspectFormView.tsx';

const ProspectFormBody = lazy(async () => ({ default: (await import('./ProspectFormBody.tsx')).ProspectFormBody }));

export function ProspectForm({ embedded = false, ...props }: ProspectFormViewProps) {
  const visitor = useVisitor();
  if (visitor.kind !== 'anonymous' || visitor.enrollmentType !== 'direct') return null;
  return (
    <Deferred fallback={<ProspectFormView embedded={embedded} {...props} />}>
      <ProspectFormBody embedded={embedded} {...props} />
    </Deferred>
  );
}
