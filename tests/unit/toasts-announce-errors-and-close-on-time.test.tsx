// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ToastProvider, useToast, type ToastApi } from '#client/ui/toast/index.ts';

let api: ToastApi;
function Capture() {
  api = useToast();
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('announces errors as alerts prefixed "ERROR:" and keeps them until closed', () => {
    act(() => void api.show({ kind: 'error', message: 'Card could not be linked.' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('ERROR: Card could not be linked.');
    expect(alert.querySelector('.visually-hidden')?.textContent).toBe('ERROR: ');
    act(() => void vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes success toasts after 5 s, or the duration given', () => {
    act(() => void api.show({ kind: 'success', message: 'Saved.' }));
    act(() => void api.show({ kind: 'success', message: 'Profile updated.', duration: 3000 }));
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Saved.', 'Profile updated.']);
    act(() => void vi.advanceTimersByTime(3000));
    expect(screen.getAllByRole('status').map((el) => el.textContent)).toEqual(['Saved.']);
    act(() => void vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/ERROR:/)).toBeNull();
  });

  it('runs onClick from the message and closes; dismiss(id) closes by id', () => {
    const onClick = vi.fn();
    let id = '';
    act(() => void (id = api.show({ kind: 'info', message: 'Click here to keep this session active.', onClick, duration: 60_000 })));
    act(() => void api.show({ kind: 'info', message: 'Other' }));
    fireEvent.click(screen.getByRole('button', { name: 'Click here to keep this session active.' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByText('Click here to keep this session active.')).toBeNull();
    const other = api.show({ kind: 'error', message: 'Gone soon' });
    act(() => api.dismiss(other));
    expect(screen.queryByText('Gone soon')).toBeNull();
    expect(id).toMatch(/^toast-/);
  });

  it('pauses the timer while the pointer rests on a toast', () => {
    act(() => void api.show({ kind: 'success', message: 'Hold me' }));
    const toast = screen.getByRole('status');
    fireEvent.pointerEnter(toast);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('status')).toBeTruthy();
    fireEvent.pointerLeave(toast);
    act(() => void vi.advanceTimersByTime(5000));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
