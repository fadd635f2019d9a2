// The secure card-entry frame in the page: an iframe from the providers origin that hands back
// {encryptedCardNumber, lastFour, cardType}. Until it reports ready a "not loaded" notice shows;
// after 20 s without it a "failed" analytics event goes to window.dataLayer.
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import type { PartnerCardCode } from '#shared/cards.ts';
import { pushEvent } from '#client/lib/analytics.ts';
import { useCopy, useRuntime } from '#client/runtime/index.tsx';
import { CARD_FRAME_TIMEOUT_MS, cardFrameUrl, createCardFrameListener, type EncryptedCard } from './card-frame.ts';
import styles from '#client/ui/form/Form.module.css';

export interface CardFrameHandle {
  /** Clears the number (after a successful registration). */
  reset(): void;
  /** Asks the frame to show what is wrong with the number, if anything. */
  validate(): void;
}

export interface CardFrameProps {
  types: readonly PartnerCardCode[];
  onCard: (card: EncryptedCard | null) => void;
  ref?: Ref<CardFrameHandle>;
  label?: string;
  /** A blank number is fine (the form offers cards on file): no required mark in the frame. */
  optional?: boolean;
}

/**
 * The frame's box before it reports its size: its height on a phone (its hint wraps to two lines
 * there; 109 px on wider screens). Reserved from the start, so the fields below do not move when
 * the frame arrives (Lighthouse measures the phone).
 */
export const CARD_FRAME_HEIGHT = 132;

export function CardFrame({ types, onCard, ref, label, optional = false }: CardFrameProps) {
  const copy = useCopy();
  const { providersOrigin } = useRuntime();
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [height, setHeight] = useState(CARD_FRAME_HEIGHT);
  const onCardRef = useRef(onCard);
  onCardRef.current = onCard;
  const src = cardFrameUrl(providersOrigin, window.location.origin, types, label, optional);

  useEffect(() => {
    const listener = createCardFrameListener(
      providersOrigin,
      () => frame.current?.contentWindow ?? null,
      (message) => {
        switch (message.type) {
          case 'ready':
            setState('ready');
            break;
          case 'card':
            onCardRef.current(message.card);
            break;
          case 'clear':
          case 'error':
            onCardRef.current(null);
            break;
          case 'resize':
            // A frame measured before its first layout reports 0: that is no size to take.
            if (message.height > 0) setHeight(Math.max(96, Math.min(message.height, 400)));
            break;
        }
      },
    );
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, [providersOrigin]);

  useEffect(() => {
    if (state !== 'loading') return;
    const timer = window.setTimeout(() => {
      setState('failed');
      pushEvent({ event: 'failed', category: 'secureCardFrame', label: 'not loaded within 20 s' });
    }, CARD_FRAME_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  useImperativeHandle(
    ref,
    () => ({
      reset: () => frame.current?.contentWindow?.postMessage({ target: 'mb-card-frame', type: 'reset' }, providersOrigin),
      validate: () => frame.current?.contentWindow?.postMessage({ target: 'mb-card-frame', type: 'validate' }, providersOrigin),
    }),
    [providersOrigin],
  );

  return (
    <div className={styles.frameBox} data-card-frame={state}>
      {state !== 'ready' && (
        <p className={state === 'loading' ? `${styles.notice} ${styles.frameLoading}` : styles.notice} role="status">
          {state === 'loading'
            ? copy('cards.frameLoading', 'Loading the secure card form…')
            : copy('cards.frameNotLoaded', 'The secure card form has not loaded. Please check your connection and refresh the page.')}
        </p>
      )}
      <iframe
        ref={frame}
        src={src}
        title={copy('cards.frameTitle', 'Secure card number entry')}
        className={styles.frame}
        style={{ height }}
        // The frame needs its scripts and nothing else of ours.
        sandbox="allow-scripts allow-same-origin"
        referrerPolicy="no-referrer"
        loading="eager"
      />
    </div>
  );
}
