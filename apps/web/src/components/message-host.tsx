import { message } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { AntdTheme } from './antd-theme';

/** A message as antd's `message.open` takes it. */
export interface MessageOptions {
  type: 'success' | 'error' | 'warning';
  content: ReactNode;
  /** One with the same key replaces it. */
  key?: string;
  /** Seconds shown (antd's default: 3). */
  duration?: number;
}

/** What a note asks for: a message to show, or the key of one to take away. */
export type NoteAction = { open: MessageOptions } | { destroy: string };

/** A message asked for through `useLazyMessage`. */
export type Note = NoteAction & { id: number };

function Messages({ notes }: { notes: Note[] }) {
  const [api, holder] = message.useMessage();
  const shown = useRef(new Set<number>());
  useEffect(() => {
    for (const note of notes) {
      if (shown.current.has(note.id)) continue;
      shown.current.add(note.id);
      if ('destroy' in note) api.destroy(note.destroy);
      else void api.open(note.open);
    }
  }, [notes, api]);
  return holder;
}

/** antd's messages under FitPost's theme, each note shown once; loaded with the first (use-lazy-message.tsx). */
export default function MessageHost({ notes }: { notes: Note[] }) {
  return (
    <AntdTheme>
      <Messages notes={notes} />
    </AntdTheme>
  );
}
