import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
} from 'react';
import type { ToastMessage } from './toast-region';

type ShowToast = (message: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

/**
 * The toasts are drawn by Radix, whose code stays out of the first download: main.tsx fetches it
 * a few seconds after the page has loaded (or the first toast does, if it comes sooner), and the
 * region renders from the first toast on.
 */
export const preloadToastRegion = () => import('./toast-region');

const ToastRegion = lazy(async () => ({ default: (await preloadToastRegion()).ToastRegion }));

/**
 * Short messages about what just happened, in place of window.alert (docs/deviations.md). The
 * provider keeps them; the region shows and announces them.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<(ToastMessage & { id: number })[]>([]);
  const [regionNeeded, setRegionNeeded] = useState(false);
  if (toasts.length > 0 && !regionNeeded) setRegionNeeded(true);

  const show = useCallback<ShowToast>((message) => {
    setToasts((shown) => [
      // A success after a failure of the same thing makes the failure's toast stale.
      ...shown.filter((toast) => message.topic === undefined || toast.topic !== message.topic),
      { ...message, id: (shown.at(-1)?.id ?? 0) + 1 },
    ]);
  }, []);
  const dismiss = useCallback((id: number) => {
    setToasts((shown) => shown.filter((toast) => toast.id !== id));
  }, []);

  return (
    <ToastContext value={show}>
      {children}
      {regionNeeded && (
        <Suspense fallback={null}>
          <ToastRegion toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      )}
    </ToastContext>
  );
}

interface ToastOptions {
  /** What the toast is about: it replaces an earlier toast about the same thing. */
  topic?: string;
}

/**
 * Shows a toast: `toast.success('Saved')`, `toast.error('Could not save', reason)`; with a
 * `topic`, the toast replaces the one shown before about the same thing.
 */
export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider above it');
  return useMemo(
    () => ({
      success: (title: string, description?: string, { topic }: ToastOptions = {}) =>
        show({ variant: 'success', title, description, topic }),
      error: (title: string, description?: string, { topic }: ToastOptions = {}) =>
        show({ variant: 'error', title, description, topic }),
    }),
    [show],
  );
}
