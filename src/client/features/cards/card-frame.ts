// The app's side of the secure card-entry frame (spec 001 §2, §7): where the frame lives and
// which of its messages to believe. Only messages whose origin is exactly the providers origin
// and whose source is our iframe's window and whose shape is right are accepted; anything
// else, e.g. a forged postMessage from another window or origin, is ignored.
import type { CardType, PartnerCardCode } from '#shared/cards.ts';

/** Spec 000 §9 / 001 §9: the frame not loaded within 20 s sends a "failed" analytics event. */
export const CARD_FRAME_TIMEOUT_MS = 20_000;

export interface EncryptedCard {
  encryptedCardNumber: string;
  lastFour: string;
  cardType: CardType;
}

export type CardFrameMessage =
  { type: 'ready' } | { type: 'card'; card: EncryptedCard } | { type: 'clear' } | { type: 'error' } | { type: 'resize'; height: number };

const CARD_TYPES: readonly string[] = ['visa', 'amex', 'mastercard', 'discover'];

export function cardFrameUrl(
  providersOrigin: string,
  parentOrigin: string,
  types: readonly PartnerCardCode[],
  label?: string,
  optional = false,
): string {
  const url = new URL('/card-frame', providersOrigin);
  url.searchParams.set('types', types.join(','));
  url.searchParams.set('parent', parentOrigin);
  if (label) url.searchParams.set('label', label);
  // The number is not required when the form offers cards on file instead.
  if (optional) url.searchParams.set('optional', '1');
  return url.toString();
}

export interface IncomingMessage {
  origin: string;
  data: unknown;
  source?: unknown;
}

/** The frame's message, or null when it does not come from the frame or is malformed. */
export function readCardFrameMessage(event: IncomingMessage, providersOrigin: string, frameWindow: unknown): CardFrameMessage | null {
  if (event.origin !== providersOrigin) return null;
  // Our iframe's window, and only it: no window yet (null/undefined) means nothing counts.
  if (frameWindow === null || frameWindow === undefined || event.source !== frameWindow) return null;
  const data = event.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || data.source !== 'mb-card-frame') return null;
  switch (data.type) {
    case 'ready':
    case 'clear':
    case 'error':
      return { type: data.type };
    case 'resize':
      return typeof data.height === 'number' && data.height > 0 && data.height < 2000 ? { type: 'resize', height: data.height } : null;
    case 'card': {
      const card = data.card as Record<string, unknown> | null;
      if (!card || typeof card !== 'object') return null;
      const { encryptedCardNumber, lastFour, cardType } = card;
      if (typeof encryptedCardNumber !== 'string' || encryptedCardNumber.length === 0 || encryptedCardNumber.length > 2000) return null;
      if (typeof lastFour !== 'string' || !/^\d{4}$/.test(lastFour)) return null;
      if (typeof cardType !== 'string' || !CARD_TYPES.includes(cardType)) return null;
      return { type: 'card', card: { encryptedCardNumber, lastFour, cardType: cardType as CardType } };
    }
    default:
      return null;
  }
}

/** A window 'message' listener that hands the frame's accepted messages to `onMessage`. */
export function createCardFrameListener(
  providersOrigin: string,
  frameWindow: () => unknown,
  onMessage: (message: CardFrameMessage) => void,
): (event: MessageEvent) => void {
  return (event) => {
    const message = readCardFrameMessage(event, providersOrigin, frameWindow());
    if (message) onMessage(message);
  };
}
