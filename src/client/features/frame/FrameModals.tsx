// The frame's one-time notices, one at a time: the announcement modal, the general popup and the
// temporary sso modal are queued in that order, so closing one reveals the next that applies.
// Each decides whether it applies from partner config, visitor and remembered dismissals
// (src/client/lib/storage.ts); closing stores the dismissal before the next one shows.
import { lazy, useState } from 'react';
import { Deferred } from '#client/ui/Deferred.tsx';
import { useLocation } from 'react-router';
import type { PartnerConfig } from '#shared/generated/types.ts';
import { usePartner, useVisitor } from '#client/runtime/index.tsx';
import { DAY_MS, STORAGE_KEYS, isFlagActive, readString, setFlagFor, writeString } from '#client/lib/storage.ts';
import type { Visitor } from '#shared/visitor.ts';
import { useIsClient } from '#client/lib/useIsClient.ts';
import { announcementAllowedOn, temporarySsoAllowed } from './rules.ts';

// The notices' own code loads with the first one that applies (most page views show none).
const AnnouncementModal = lazy(async () => ({ default: (await import('./FrameModalViews.tsx')).AnnouncementModal }));
const GeneralPopup = lazy(async () => ({ default: (await import('./FrameModalViews.tsx')).GeneralPopup }));
const TemporarySsoModal = lazy(async () => ({ default: (await import('./FrameModalViews.tsx')).TemporarySsoModal }));

/** Announcement dismissal lasts one day (spec 000 §9). */
export const ANNOUNCEMENT_DISMISS_MS = DAY_MS;

type ModalKey = 'announcement' | 'generalPopup' | 'temporarySso';

function announcementApplies(config: PartnerConfig, visitor: Visitor, pathname: string): boolean {
  const modal = config.appAnnouncementModal;
  if (!modal) return false;
  if (visitor.nativeApp || visitor.kind === 'closedAccount') return false;
  if (!announcementAllowedOn(pathname, config.homePage === 'discover' && config.hasDiscoverPage)) return false;
  return !isFlagActive(STORAGE_KEYS.announcementDismissed(modal.id));
}

function generalPopupApplies(config: PartnerConfig): boolean {
  return config.generalModalType !== null && readString(STORAGE_KEYS.generalPopupType) !== config.generalModalType;
}

function temporarySsoApplies(config: PartnerConfig, visitor: Visitor, pathname: string): boolean {
  if (!config.showTemporarySsoModal || !temporarySsoAllowed(config.enrollmentType, visitor.kind, pathname)) return false;
  return readString(STORAGE_KEYS.temporarySsoModalDismissed) === null;
}

export function FrameModals() {
  const { config } = usePartner();
  const visitor = useVisitor();
  const { pathname } = useLocation();
  // Re-render after a dismissal (the stored value changed; the rules re-read it).
  const [, setDismissals] = useState(0);
  const dismissed = () => setDismissals((n) => n + 1);
  // What this browser dismissed is in its storage: decided after hydration, not in the shared
  // server-rendered page.
  if (!useIsClient()) return null;

  const queue: ModalKey[] = [];
  if (announcementApplies(config, visitor, pathname)) queue.push('announcement');
  if (generalPopupApplies(config)) queue.push('generalPopup');
  if (temporarySsoApplies(config, visitor, pathname)) queue.push('temporarySso');

  return <Deferred>{modalFor(queue[0], config, dismissed)}</Deferred>;
}

function modalFor(key: ModalKey | undefined, config: PartnerConfig, dismissed: () => void) {
  switch (key) {
    case 'announcement':
      return (
        <AnnouncementModal
          onClose={() => {
            if (config.appAnnouncementModal)
              setFlagFor(STORAGE_KEYS.announcementDismissed(config.appAnnouncementModal.id), ANNOUNCEMENT_DISMISS_MS);
            dismissed();
          }}
        />
      );
    case 'generalPopup':
      return (
        <GeneralPopup
          onClose={() => {
            if (config.generalModalType) writeString(STORAGE_KEYS.generalPopupType, config.generalModalType);
            dismissed();
          }}
        />
      );
    case 'temporarySso':
      return (
        <TemporarySsoModal
          onClose={() => {
            writeString(STORAGE_KEYS.temporarySsoModalDismissed, new Date().toISOString());
            dismissed();
          }}
        />
      );
    default:
      return null;
  }
}
