import { useEffect, useState } from 'react';

/** The current time, refreshed every `everyMs` (relative times like "5 minutes ago" stay true). */
export const useNow = (everyMs = 60_000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
};
