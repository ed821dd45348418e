import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { loadModule } from '@/lib/module-load';
import type { MessageOptions, Note, NoteAction } from './message-host';

const MessageHost = lazy(loadModule(() => import('./message-host')));

let lastId = 0;

/** What `useLazyMessage` offers: antd's `message` API, the parts the app uses. */
export interface LazyMessageApi {
  success: (text: string) => void;
  error: (text: string) => void;
  /** A message of any type; one with a `key` replaces the message shown with that key. */
  open: (options: MessageOptions) => void;
  /** Takes away the message shown with `key`. */
  destroy: (key: string) => void;
}

/**
 * antd's `message.useMessage()` for screens that load no antd (the dashboard's cards, the calendar):
 * the same `[api, holder]`, but antd's message and its theme load with the first message shown, not
 * with the screen.
 */
export function useLazyMessage(): [LazyMessageApi, ReactNode] {
  const [notes, setNotes] = useState<Note[]>([]);
  const api = useMemo(() => {
    const add = (note: NoteAction) => setNotes((shown) => [...shown, { ...note, id: ++lastId }]);
    return {
      success: (text: string) => add({ open: { type: 'success', content: text } }),
      error: (text: string) => add({ open: { type: 'error', content: text } }),
      open: (options: MessageOptions) => add({ open: options }),
      destroy: (key: string) => add({ destroy: key }),
    };
  }, []);
  const holder =
    notes.length === 0 ? null : (
      <Suspense fallback={null}>
        <MessageHost notes={notes} />
      </Suspense>
    );
  return [api, holder];
}
