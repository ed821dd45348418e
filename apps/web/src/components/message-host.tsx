import { message } from 'antd';
import { useEffect, useRef } from 'react';
import { AntdTheme } from './antd-theme';

/** A message asked for through `useLazyMessage`. */
export interface Note {
  id: number;
  type: 'success' | 'error';
  text: string;
}

function Messages({ notes }: { notes: Note[] }) {
  const [api, holder] = message.useMessage();
  const shown = useRef(new Set<number>());
  useEffect(() => {
    for (const note of notes) {
      if (shown.current.has(note.id)) continue;
      shown.current.add(note.id);
      void api[note.type](note.text);
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
