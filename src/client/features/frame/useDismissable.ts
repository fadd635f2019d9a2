// Closing a popover the usual ways: a pointer press outside it, or Escape (focus returns to the
// control that opened it). Item clicks close it in the component itself.
import { useEffect, type RefObject } from 'react';

export function useDismissable(open: boolean, root: RefObject<HTMLElement | null>, close: (returnFocus: boolean) => void): void {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) close(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close(true);
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      // Tabbing out of the popover closes it too, so it never hangs open behind the focus.
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) close(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, root, close]);
}
