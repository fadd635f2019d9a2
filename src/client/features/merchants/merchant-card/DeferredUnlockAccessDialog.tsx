// The unlock-access dialog as cards and the merchant page use it: its code loads the first time a
// visitor opens it (most never do), and it stays mounted from then on, so the native <dialog> closes
// and returns focus to its opener as before.
import { lazy, useState, type ComponentProps } from 'react';
import { Deferred } from '#client/ui/Deferred.tsx';

const Dialog = lazy(async () => ({ default: (await import('./UnlockAccessDialog.tsx')).UnlockAccessDialog }));

export function UnlockAccessDialog(props: ComponentProps<typeof Dialog>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Deferred>
      <Dialog {...props} />
    </Deferred>
  );
}
