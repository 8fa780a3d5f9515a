/**
 * How long the try-it's last request took, from the browser's own Resource
 * Timing entry for it (start to the end of the body): no clock of ours, and it
 * does not count the time the form takes to check itself. `sentAt` is when the
 * form was submitted; the first `fetch` entry that starts after it is the
 * request. Undefined until the browser reports it (or if it never does).
 */
import { useEffect, useState } from 'react';

export function useRequestDuration(sentAt: number | undefined): number | undefined {
  const [last, setLast] = useState<{ startTime: number; duration: number }>();
  useEffect(() => {
    if (typeof PerformanceObserver === 'undefined') return undefined;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
        if (entry.initiatorType === 'fetch') setLast({ startTime: entry.startTime, duration: entry.duration });
      }
    });
    observer.observe({ type: 'resource' });
    return () => observer.disconnect();
  }, []);
  return sentAt !== undefined && last && last.startTime >= sentAt ? last.duration : undefined;
}
