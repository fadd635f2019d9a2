// On small screens (< 661 px) the header slides away while the page scrolls down and comes back
// on any scroll up (spec 000 §2), giving the content the whole screen. It never hides while one of
// its popovers is open or keyboard focus is inside it.
import { useEffect, useState } from 'react';
import { BREAKPOINTS, useMediaQuery } from '#client/lib/useMediaQuery.ts';

/** Scroll distance that counts as a direction change (ignores jitter of momentum scrolling). */
const THRESHOLD_PX = 6;

export function useHideOnScroll(locked: boolean, headerHeight: number): boolean {
  const small = useMediaQuery(`(max-width: ${BREAKPOINTS.medium - 1}px)`);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    if (!small || locked) {
      setHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = Math.max(0, window.scrollY);
      if (y <= headerHeight) setHidden(false);
      else if (y > last + THRESHOLD_PX) setHidden(true);
      else if (y < last - THRESHOLD_PX) setHidden(false);
      else return;
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [small, locked, headerHeight]);

  return small && !locked && hidden;
}
