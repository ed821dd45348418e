import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs`, so "is it due yet?" re-renders as time passes. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
