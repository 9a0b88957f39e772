import { useEffect, useState } from 'react';

/** The current time, re-read every `intervalMs`, so ages and the waiting mark stay right while a screen is open. */
export function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
