import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { loadModule } from '@/lib/module-load';
import type { Note } from './message-host';

const MessageHost = lazy(loadModule(() => import('./message-host')));

let lastId = 0;

/**
 * antd's `message.useMessage()` for screens that load no antd (the dashboard's cards): the same
 * `[api, holder]`, but antd's message and its theme load with the first message shown, not with
 * the screen.
 */
export function useLazyMessage(): [
  { success: (text: string) => void; error: (text: string) => void },
  ReactNode,
] {
  const [notes, setNotes] = useState<Note[]>([]);
  const api = useMemo(() => {
    const add = (type: Note['type']) => (text: string) =>
      setNotes((shown) => [...shown, { id: ++lastId, type, text }]);
    return { success: add('success'), error: add('error') };
  }, []);
  const holder =
    notes.length === 0 ? null : (
      <Suspense fallback={null}>
        <MessageHost notes={notes} />
      </Suspense>
    );
  return [api, holder];
}
